//! The Python emitter: insta snapshots of every generated file but the
//! vendored runtime, for every example spec and for the hostile spec of
//! `tests_generated/python/specs/`, plus checks of what must hold whatever
//! the spec says.

use std::path::{Path, PathBuf};

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, OutputFile, PackageInfo};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn specs() -> Vec<PathBuf> {
    let mut specs: Vec<PathBuf> = std::fs::read_dir(root().join("specs"))
        .expect("specs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("yaml"))
        .collect();
    specs.sort();
    specs.push(root().join("tests_generated/python/specs/hostile.yaml"));
    specs
}

fn generate(spec: &Path) -> Vec<OutputFile> {
    let loaded = sdkgen::load::load(spec).expect("spec loads");
    let api = sdkgen::ir::build(&loaded).expect("IR builds");
    let (config, _) = Config::find(spec, None).expect("config");
    let package = PackageInfo::new(&api, &config, Lang::Python);
    emit::emit(Lang::Python, &api, &package).expect("the Python emitter succeeds")
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .and_then(|s| s.to_str())
        .expect("utf-8 name")
        .to_string()
}

fn is_runtime(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "_runtime")
}

#[test]
fn generated_files_of_every_spec() {
    for spec in specs() {
        let name = stem(&spec);
        for file in generate(&spec) {
            if is_runtime(&file.path) || file.path.ends_with("_base.py") {
                continue;
            }
            let snapshot = format!(
                "{name}__{}",
                file.path.to_string_lossy().replace(['/', '\\'], "__")
            );
            insta::with_settings!({
                snapshot_path => "../../snapshots/python",
                prepend_module_to_snapshot => false,
                description => format!("{} for {}", file.path.display(), name),
            }, {
                insta::assert_snapshot!(snapshot, file.contents);
            });
        }
    }
}

#[test]
fn the_runtime_is_vendored_verbatim() {
    let files = generate(&root().join("specs/payments.yaml"));
    let dir = root().join("runtime/python/sdkgen_runtime");
    let vendored: Vec<&OutputFile> = files.iter().filter(|f| is_runtime(&f.path)).collect();
    assert!(!vendored.is_empty());
    for f in vendored {
        let name = f.path.file_name().expect("file name");
        let original = std::fs::read_to_string(dir.join(name)).expect("runtime file");
        assert_eq!(
            original,
            f.contents,
            "{} differs from the runtime",
            f.path.display()
        );
    }
    let base = files
        .iter()
        .find(|f| f.path.ends_with("payments/_base.py"))
        .expect("_base.py");
    let template =
        std::fs::read_to_string(root().join("templates/python/_base.py")).expect("template");
    assert_eq!(base.contents, template);
}

#[test]
fn every_package_has_its_parts() {
    let files = generate(&root().join("specs/payments.yaml"));
    let paths: Vec<String> = files
        .iter()
        .map(|f| f.path.to_string_lossy().into_owned())
        .collect();
    for wanted in [
        "pyproject.toml",
        "README.md",
        "payments/__init__.py",
        "payments/py.typed",
        "payments/_client.py",
        "payments/models.py",
        "payments/resources/__init__.py",
        "payments/resources/transfers.py",
        "payments/_runtime/__init__.py",
        "payments/_runtime/py.typed",
    ] {
        assert!(paths.iter().any(|p| p == wanted), "missing {wanted}");
    }
    let pyproject = &files
        .iter()
        .find(|f| f.path.ends_with("pyproject.toml"))
        .expect("pyproject")
        .contents;
    assert!(pyproject.contains("requires-python = \">=3.9\""));
    assert!(pyproject.contains("dependencies = [\"httpx>=0.28,<1\"]"));
    assert!(pyproject.contains("version = \"2.3.0\""));
}

#[test]
fn hostile_strings_never_reach_the_source_unescaped() {
    let files = generate(&root().join("tests_generated/python/specs/hostile.yaml"));
    let models = &files
        .iter()
        .find(|f| f.path.ends_with("hostile/models.py"))
        .expect("models.py")
        .contents;
    // Names: keywords, soft keywords and builtins get an underscore, digits a
    // prefix, collisions a number; wire names stay.
    for line in [
        "    class_: str",
        "    from_: int",
        "    print_: bool",
        "    type_: Zone",
        "    n_123: float",
        "    a_b: datetime.datetime",
        "    field: str",
        "    gmt_0: str | None = None",
        "    gmt_0_2: str | None = None",
        "            \"class\": self.class_,",
        "            \"\": self.field,",
    ] {
        assert!(models.contains(line), "models.py lacks {line:?}");
    }
    // The enum values are exact literals.
    assert!(models.contains(
        "\"GMT+0\", \"GMT-0\", 'it\\'s \"quoted\"', \"back\\\\slash\", \"new\\nline\", \"\""
    ));
    // No docstring is closed early: the spec's `"""` is escaped where it
    // starts the docstring. (scripts/test-generated-python imports, lints
    // and type-checks this package.)
    assert!(models.contains("    \"\"\"\\\"\"\"\n    import os\n"));
}
