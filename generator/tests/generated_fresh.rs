//! `generated/<spec>/<lang>` must be exactly what the current generator emits
//! for `specs/<spec>.yaml`: regenerate with `scripts/generate` when this fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, PackageInfo};

fn files_under(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            // Artefacts of building or testing a generated package are not part of it.
            if matches!(
                name,
                "target"
                    | "node_modules"
                    | "__pycache__"
                    | ".mypy_cache"
                    | ".ruff_cache"
                    | ".pytest_cache"
                    | "Cargo.lock"
                    | "package-lock.json"
            ) || name.ends_with(".egg-info")
            {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(
                    path.strip_prefix(dir).expect("under dir").to_path_buf(),
                    std::fs::read(&path).expect("readable"),
                );
            }
        }
    }
    out
}

#[test]
fn generated_packages_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut stale = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("specs")).expect("specs/") {
        let spec = entry.expect("entry").path();
        if spec.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let name = spec
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("name")
            .to_string();
        let loaded = sdkgen::load::load(&spec).expect("loads");
        let api = sdkgen::ir::build(&loaded).expect("builds");
        let (config, _) = Config::find(&spec, None).expect("config");
        for lang in Lang::ALL {
            let package = PackageInfo::new(&api, &config, lang);
            let Ok(files) = emit::emit(lang, &api, &package) else {
                continue;
            };
            checked += 1;
            let expected: BTreeMap<PathBuf, Vec<u8>> = files
                .into_iter()
                .map(|f| (f.path, f.contents.into_bytes()))
                .collect();
            let dir = root.join("generated").join(&name).join(lang.as_str());
            let actual = files_under(&dir);
            if expected != actual {
                let missing: Vec<_> = expected
                    .keys()
                    .filter(|k| !actual.contains_key(*k))
                    .collect();
                let extra: Vec<_> = actual
                    .keys()
                    .filter(|k| !expected.contains_key(*k))
                    .collect();
                let changed: Vec<_> = expected
                    .iter()
                    .filter(|(k, v)| actual.get(*k).is_some_and(|a| a != *v))
                    .map(|(k, _)| k)
                    .collect();
                stale.push(format!(
                    "{}: missing {missing:?}, extra {extra:?}, changed {changed:?}",
                    dir.display()
                ));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated/ is stale; run scripts/generate\n{}",
        stale.join("\n")
    );
    eprintln!("{checked} generated packages checked");
}
