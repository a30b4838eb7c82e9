//! The Python emitter: insta snapshots of the focused specs' files (one
//! spec per feature, `fixtures/focus/`), plus checks of what must hold
//! whatever the spec says, hostile text included.

use std::path::{Path, PathBuf};

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, OutputFile, PackageInfo};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn generate(spec: &Path) -> Vec<OutputFile> {
    let loaded = sdkgen::load::load(spec).expect("spec loads");
    let api = sdkgen::ir::build(&loaded).expect("IR builds");
    let (config, _) = Config::find(spec, None).expect("config");
    let package = PackageInfo::new(&api, &config, Lang::Python);
    emit::emit(Lang::Python, &api, &package).expect("the Python emitter succeeds")
}

fn is_runtime(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "_runtime")
}

mod focus;

/// The files of a package where the focused specs' features show.
fn part(path: &str) -> focus::Part {
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        ["README.md"] => focus::Part::Readme,
        [_, "_client.py"] => focus::Part::Client,
        [_, "models.py"] => focus::Part::Core,
        [_, "resources", m] if *m != "__init__.py" => focus::Part::Core,
        _ => focus::Part::Other,
    }
}

#[test]
fn focused_specs_match_their_snapshots() {
    focus::assert_snapshots(Lang::Python, "python", part);
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
    let shared = std::fs::read_to_string(root().join("runtime/python/sdk_base/_base.py"))
        .expect("runtime/python/sdk_base/_base.py");
    assert_eq!(base.contents, shared);
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
    assert!(pyproject.contains("dependencies = [\"httpcore>=1,<2\", \"httpx>=0.28,<1\"]"));
    assert!(pyproject.contains("version = \"2.3.0\""));
}

#[test]
fn hostile_strings_never_reach_the_source_unescaped() {
    let files = generate(&root().join("tests_generated/hostile.yaml"));
    let models = &files
        .iter()
        .find(|f| f.path.ends_with("hostile/models.py"))
        .expect("models.py")
        .contents;
    // Names: keywords get an underscore, builtins and soft keywords stay
    // (a field hides nothing outside its class), digits get a prefix,
    // collisions a number; wire names stay.
    for line in [
        "    class_: str",
        "    from_: int",
        "    print: bool",
        "    type: Zone",
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

/// A spec whose operations exercise what the operation plan decides: the
/// body's content, the descriptor's key contract, hints and overrides, and
/// servers of their own.
const PLAN_SPEC: &str = r##"
openapi: 3.0.3
info: {title: Plan, version: 1.0.0}
servers: [{url: "https://api.example.com"}]
x-latency-p99-ms: 400
x-retries: {max-attempts: 5}
x-idempotency: {header: Idempotency-Key, failures: replay}
paths:
  /uploads:
    servers: [{url: "https://{region}.upload.example.com/", variables: {region: {default: eu}}}]
    post:
      operationId: upload
      x-idempotent: true
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema: {$ref: "#/components/schemas/Upload"}
          application/x-www-form-urlencoded:
            schema: {$ref: "#/components/schemas/Upload"}
            encoding: {tags: {style: form, explode: false}}
      responses: {"204": {description: done}}
  /photos:
    put:
      operationId: putPhoto
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                photo: {type: string, format: binary}
                meta: {type: object}
                note: {type: string}
            encoding:
              photo: {contentType: "image/*, image/png, image/jpeg"}
              meta: {contentType: application/x-yaml}
      responses: {"204": {description: done}}
  /things:
    get:
      operationId: listThings
      x-latency-p99-ms: 100
      x-retries: {deadline-ms: 1000}
      responses: {"204": {description: done}}
    post:
      operationId: createThing
      parameters:
        - {name: Idempotency-Key, in: header, schema: {type: string}}
      responses: {"204": {description: done}}
components:
  schemas:
    Upload:
      type: object
      properties:
        name: {type: string}
        tags: {type: array, items: {type: string}}
        labels: {type: array, items: {type: string}}
"##;

fn generate_text(name: &str, text: &str) -> Vec<OutputFile> {
    let dir =
        std::env::temp_dir().join(format!("sdkgen-emit-python-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let spec = dir.join("spec.yaml");
    std::fs::write(&spec, text).expect("spec written");
    let files = generate(&spec);
    std::fs::remove_dir_all(&dir).ok();
    files
}

fn contents<'a>(files: &'a [OutputFile], suffix: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path.to_string_lossy().ends_with(suffix))
        .unwrap_or_else(|| panic!("no {suffix}"))
        .contents
}

/// The definition of the function `name` (up to the next blank lines).
fn function_text<'a>(module: &'a str, name: &str) -> &'a str {
    let start = module
        .find(&format!("def {name}("))
        .unwrap_or_else(|| panic!("no {name}"));
    let end = start
        + module[start..]
            .find("\n\n\n")
            .unwrap_or(module.len() - start);
    &module[start..end]
}

/// The `_runtime.Operation(...)` assignment of `constant`.
fn descriptor<'a>(module: &'a str, constant: &str) -> &'a str {
    let start = module
        .find(&format!("{constant} = _runtime.Operation("))
        .unwrap_or_else(|| panic!("no {constant}"));
    let end = start + module[start..].find("\n)\n").expect("closing paren");
    &module[start..end]
}

#[test]
fn the_operation_plan_decides_what_the_sdk_sends() {
    let files = generate_text("plan", PLAN_SPEC);
    let module = files
        .iter()
        .filter(|f| f.path.to_string_lossy().contains("/resources/"))
        .map(|f| f.contents.as_str())
        .collect::<Vec<_>>()
        .join("\n");

    // D1: a form, not multipart, although multipart is listed first.
    assert!(module.contains("content_type=\"application/x-www-form-urlencoded\""));
    assert!(!function_text(&module, "_upload_request").contains("multipart"));
    // Each field as its encoding says: form and exploded unless declared,
    // in the schema's order (the runtime's `encode_form`).
    assert!(
        module.contains(
            "content=_base.form_content(\n            \
             (\"name\", (\"tags\", \"form\", False, False), \"labels\"),\n            \
             _base.to_json(body),\n        ),"
        ),
        "{module}"
    );

    // Multipart parts carry the type their encoding declares (the runtime
    // takes its first concrete one); the others are `None`, so the runtime
    // applies WIRE.md's rules by the value. An optional body left out is
    // no body.
    assert!(
        module.contains(
            "fields=(\n            (\"photo\", \"image/*, image/png, image/jpeg\"),\n            \
             (\"meta\", \"application/x-yaml\"),\n            (\"note\", None),\n        ),\n        \
             value=body,\n        media_type=\"multipart/form-data\",\n        optional=True,"
        ),
        "{module}"
    );

    // D2: the root hint and root x-retries are the client's defaults...
    let client = contents(&files, "_client.py");
    assert!(client.contains(
        "DEFAULT_RETRY_CONFIG = _runtime.RetryConfig(\n    max_attempts=5,\n    base_ms=500,\n    \
         cap_ms=20000,\n    deadline_ms=60000,\n    p99_ms=400,\n)"
    ));
    assert!(client.contains("default=DEFAULT_RETRY_CONFIG"));
    // ...and descriptors carry only the operation's own values.
    let list = descriptor(&module, "_LIST_THINGS");
    assert!(list.contains("p99_ms=100"), "{list}");
    assert!(
        list.contains("retry=_runtime.RetryOverrides(deadline_ms=1000)"),
        "{list}"
    );
    assert!(!list.contains("max_attempts"), "{list}");
    let upload = descriptor(&module, "_UPLOAD");
    assert!(
        !upload.contains("p99_ms") && !upload.contains("retry="),
        "{upload}"
    );
    // Only keyed operations carry the key contract, always in full.
    for plain in [list, upload] {
        assert!(
            !plain.contains("key_header") && !plain.contains("_code="),
            "{plain}"
        );
    }
    let create = descriptor(&module, "_CREATE_THING");
    for field in [
        "retry_class=_runtime.RetryClass.KEYED",
        "key_header=\"Idempotency-Key\"",
        "key_max_length=255",
        "failures=_runtime.FailurePolicy.REPLAY",
        "in_flight_code=\"concurrent_idempotent_requests\"",
        "mismatch_code=\"invalid_idempotent_request\"",
    ] {
        assert!(create.contains(field), "{create} lacks {field}");
    }

    // D5: the path item's server, its variable at its default, and the
    // client's map to redirect it.
    assert!(
        upload.contains("base_url=\"https://eu.upload.example.com\""),
        "{upload}"
    );
    assert!(!list.contains("base_url") && !create.contains("base_url"));
    assert!(client.contains("server_urls: Mapping[str, str] | None = None,"));
    assert_eq!(client.matches("server_urls=server_urls,").count(), 2);
    let readme = contents(&files, "README.md");
    assert!(readme.contains("| `https://eu.upload.example.com` | `client."));
    assert!(readme.contains("server_urls={\"https://eu.upload.example.com\": "));
}

#[test]
fn clients_without_servers_of_their_own_take_no_server_map() {
    let files = generate(&root().join("specs/payments.yaml"));
    assert!(!contents(&files, "_client.py").contains("server_urls"));
    assert!(!contents(&files, "README.md").contains("server_urls"));
}

/// The `_runtime.Pagination(...)` assignment of `constant`.
fn pagination<'a>(module: &'a str, constant: &str) -> &'a str {
    let start = module
        .find(&format!("{constant} = _runtime.Pagination("))
        .unwrap_or_else(|| panic!("no {constant}"));
    let end = start + module[start..].find(")\n").expect("closing paren");
    &module[start..end]
}

#[test]
fn paginated_operations_return_pagers_that_carry_the_plan() {
    let files = generate(&root().join("generator/tests/fixtures/pages.yaml"));
    let module = |group: &str| contents(&files, &format!("resources/{group}.py")).to_string();

    let cursored = module("cursored");
    assert_eq!(
        pagination(&cursored, "_LIST_CURSORED_PAGES"),
        "_LIST_CURSORED_PAGES = _runtime.Pagination(\n    style=\"cursor\",\n    \
         param=\"cursor\",\n    size_param=\"limit\",\n    items=(\"items\",),\n    \
         next=(\"meta\", \"next_cursor\"),\n"
    );
    // Both plain methods return the pager, the asyncio one without `async`
    // (the pager is awaited or iterated); the raw twins keep the page.
    assert!(cursored.contains(") -> _runtime.SyncPager[models.Thing]:"));
    assert!(cursored.contains(") -> _runtime.AsyncPager[models.Thing]:"));
    assert_eq!(cursored.matches("\n    def list_cursored(").count(), 3);
    // Only the asyncio raw twin is a coroutine.
    assert_eq!(cursored.matches("async def list_cursored(").count(), 1);
    assert_eq!(
        cursored
            .matches(") -> _base.RawResponse[models.ListCursoredResponse]:")
            .count(),
        2
    );
    assert_eq!(
        cursored
            .matches("            _LIST_CURSORED_PAGES,\n            models.Thing.from_dict,\n")
            .count(),
        2
    );
    // Other operations of the module are untouched.
    assert!(cursored.contains("async def get_cursored("));

    for (group, constant, expected) in [
        (
            "offsets",
            "_LIST_OFFSETS_PAGES",
            "style=\"offset\", param=\"offset\", size_param=\"limit\"",
        ),
        (
            "numbered",
            "_LIST_NUMBERED_PAGES",
            "next=(\"links\", \"next\")",
        ),
        ("linked", "_LIST_LINKED_PAGES", "style=\"link_header\""),
        ("after", "_LIST_AFTER_PAGES", "has_more=(\"has_more\",)"),
    ] {
        let text = module(group);
        assert!(
            pagination(&text, constant).contains(expected),
            "{group}: {}",
            pagination(&text, constant)
        );
    }
    // No plan, no pager.
    let unpaged = module("unpaged");
    assert!(!unpaged.contains("Pager") && !unpaged.contains("_PAGES"));
    assert!(unpaged.contains(") -> list[models.Thing]:"));

    let readme = contents(&files, "README.md");
    assert!(readme.contains("## Pagination"));
    assert!(readme.contains("for item in client.cursored.list_cursored(limit=100):\n"));
    let pets = generate(&root().join("specs/pets.yaml"));
    assert!(!contents(&pets, "README.md").contains("## Pagination"));
}

/// Whether `python3 -m ruff` runs here.
fn ruff_installed() -> bool {
    std::process::Command::new("python3")
        .args(["-m", "ruff", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The fixtures whose names and text sit at ruff's width
/// (`fixtures/format_edges.yaml`) or that have nothing to list
/// (`fixtures/format_empty.yaml`): their packages are `ruff format` clean
/// (checked where ruff is installed: scripts/setup installs it), and the
/// snapshot `snapshots/python/format-edges.snap` shows the layout of each
/// construct the fixtures provoke: one-line docstrings closed on their line
/// (a class's) or within the width (an attribute's), a return annotation in
/// parentheses, a parsers annotation split before its value, a client and a
/// resources package with nothing to list.
#[test]
fn format_edges_are_laid_out_as_ruff_lays_them_out() {
    let ruff = ruff_installed();
    let mut shown = String::new();
    for name in ["format_edges", "format_empty"] {
        let files = generate(&root().join(format!("generator/tests/fixtures/{name}.yaml")));
        for f in &files {
            let path = f.path.to_string_lossy().replace('\\', "/");
            let part = match (name, path.rsplit('/').next().unwrap_or_default()) {
                ("format_edges", "models.py") => f.contents.as_str(),
                ("format_empty", "_client.py") if !path.contains("_runtime") => {
                    let start = f.contents.find("\nclass ").expect("a client class");
                    &f.contents[start + 1..]
                }
                ("format_empty", "__init__.py") if path.ends_with("resources/__init__.py") => {
                    f.contents.as_str()
                }
                ("format_empty", "README.md") => {
                    let start = f.contents.find("```python").expect("a Python block");
                    let end = f.contents[start..].find("\n```\n").expect("its end") + start;
                    &f.contents[start..end + 4]
                }
                _ => continue,
            };
            shown.push_str(&format!("=== {name}/{path}\n{part}"));
            if !part.ends_with('\n') {
                shown.push('\n');
            }
        }
        if !ruff {
            eprintln!("ruff is not installed; skipped (scripts/setup installs it)");
            continue;
        }
        let dir =
            std::env::temp_dir().join(format!("sdkgen-emit-python-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in &files {
            let target = dir.join(&f.path);
            std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
            std::fs::write(&target, &f.contents).expect("write");
        }
        let out = std::process::Command::new("python3")
            .args(["-m", "ruff", "format", "--no-cache", "--diff", "."])
            .current_dir(&dir)
            .output()
            .expect("ruff runs");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            out.status.success(),
            "{name}: ruff format would change:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    insta::with_settings!({
        snapshot_path => "../../snapshots/python",
        prepend_module_to_snapshot => false,
        description => "the ruff-facing layout of generator/tests/fixtures/format_edges.yaml and format_empty.yaml",
    }, {
        insta::assert_snapshot!("format-edges", shown);
    });
}
