//! The Node emitter: snapshots of the focused specs' files (one spec per
//! feature, `fixtures/focus/`), and checks that hostile spec text cannot
//! break out of comments or string literals.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, PackageInfo};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files of the Node package for a spec, by path.
fn generate(spec: &Path) -> BTreeMap<String, String> {
    let loaded = sdkgen::load::load(spec).expect("spec loads");
    let api = sdkgen::ir::build(&loaded).expect("spec builds");
    let (config, _) = Config::find(spec, None).expect("config");
    let package = PackageInfo::new(&api, &config, Lang::Node);
    emit::emit(Lang::Node, &api, &package)
        .expect("node emitter succeeds")
        .into_iter()
        .map(|f| (f.path.to_string_lossy().replace('\\', "/"), f.contents))
        .collect()
}

fn hostile() -> BTreeMap<String, String> {
    generate(&root().join("tests_generated/hostile.yaml"))
}

mod focus;

/// The files of a package where the focused specs' features show.
fn part(path: &str) -> focus::Part {
    match path {
        "README.md" => focus::Part::Readme,
        "index.js" | "index.d.ts" => focus::Part::Client,
        "models.js" | "models.d.ts" => focus::Part::Core,
        p if p.starts_with("resources/") => focus::Part::Core,
        _ => focus::Part::Other,
    }
}

#[test]
fn focused_specs_match_their_snapshots() {
    focus::assert_snapshots(Lang::Node, "node", part);
}

#[test]
fn the_runtime_is_vendored_verbatim_and_whole() {
    let files = generate(&root().join("specs/payments.yaml"));
    let src = root().join("runtime/node/src");
    let mut expected = Vec::new();
    for entry in std::fs::read_dir(&src).expect("runtime/node/src") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        expected.push(name.to_string());
        let vendored = files
            .get(&format!("runtime/{name}"))
            .unwrap_or_else(|| panic!("runtime/{name} is not vendored"));
        assert_eq!(
            vendored,
            &std::fs::read_to_string(&path).expect("readable"),
            "runtime/{name} differs from runtime/node/src/{name}"
        );
    }
    let vendored = files.keys().filter(|p| p.starts_with("runtime/")).count();
    assert_eq!(vendored, expected.len(), "extra files under runtime/");
}

#[test]
fn the_client_core_sits_at_the_package_root_verbatim() {
    let files = generate(&root().join("specs/payments.yaml"));
    let dir = root().join("runtime/node/package");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("runtime/node/package") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        assert_eq!(
            files.get(name),
            Some(&std::fs::read_to_string(&path).expect("readable")),
            "{name} differs from runtime/node/package/{name}"
        );
        names.push(name.to_string());
    }
    names.sort();
    assert_eq!(names, ["core.d.ts", "core.js"]);
}

/// A call too long for one line in the README's `try` block is broken as
/// prettier breaks it there: arguments two columns in, `);` at the block's.
#[test]
fn readme_calls_break_at_their_indentation() {
    let dir = std::env::temp_dir().join(format!("sdkgen-node-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let spec = dir.join("long.yaml");
    std::fs::write(
        &spec,
        r#"openapi: 3.0.3
info: { title: Long, version: "1" }
servers: [{ url: "https://api.example.com" }]
paths:
  /reports/{organization}/{period}:
    get:
      operationId: listQuarterlyFinancialReportsForTheWholeOrganization
      tags: [reports]
      parameters:
        - { name: organization, in: path, required: true, schema: { type: string } }
        - { name: period, in: path, required: true, schema: { type: string } }
      responses:
        "200": { description: ok }
"#,
    )
    .expect("spec written");
    let readme = generate(&spec).remove("README.md").expect("README.md");
    std::fs::remove_dir_all(&dir).ok();
    let block = readme
        .split("try {\n")
        .nth(1)
        .and_then(|rest| rest.split("} catch (err) {").next())
        .expect("a try block");
    assert_eq!(
        block,
        "  await client.reports.listQuarterlyFinancialReportsForTheWholeOrganization(\n    \"example\",\n    \"example\",\n  );\n"
    );
}

#[test]
fn package_json_is_publishable() {
    let files = generate(&root().join("specs/payments.yaml"));
    let pkg: serde_json::Value =
        serde_json::from_str(&files["package.json"]).expect("package.json is JSON");
    assert_eq!(pkg["name"], "payments");
    assert_eq!(pkg["version"], "2.3.0");
    assert_eq!(pkg["type"], "module");
    assert_eq!(pkg["engines"]["node"], ">=20");
    // import: the ES modules; require: the ES modules where Node.js can
    // require them (module-sync), else the CommonJS build, each with its
    // types; resolvers without exports: CommonJS (main) or ES (module).
    let root = &pkg["exports"]["."];
    let conditions: Vec<&str> = root
        .as_object()
        .expect("conditions")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(conditions, ["import", "module-sync", "require"]);
    assert_eq!(root["import"]["types"], "./index.d.ts");
    assert_eq!(root["import"]["default"], "./index.js");
    assert_eq!(root["module-sync"], "./index.js");
    assert_eq!(root["require"]["types"], "./cjs/index.d.ts");
    assert_eq!(root["require"]["default"], "./cjs/index.js");
    assert_eq!(pkg["main"], "./cjs/index.js");
    assert_eq!(pkg["types"], "./cjs/index.d.ts");
    assert_eq!(pkg["module"], "./index.js");
    for target in [&pkg["main"], &pkg["types"], &pkg["module"]] {
        let path = target.as_str().expect("a path").trim_start_matches("./");
        assert!(files.contains_key(path), "{path} is not generated");
    }
    assert!(pkg.get("dependencies").is_none(), "no runtime dependencies");
    for f in pkg["files"].as_array().expect("files") {
        let f = f.as_str().expect("string");
        assert!(
            files.keys().any(|p| p == f || p.starts_with(f)),
            "files lists {f}, which is not generated"
        );
    }
    // Every module is shipped as .js with its .d.ts.
    for path in files.keys() {
        if let Some(base) = path.strip_suffix(".js") {
            assert!(
                files.contains_key(&format!("{base}.d.ts")),
                "{path} has no .d.ts"
            );
        }
    }
}

/// The CommonJS build: every ES module of the package has its CommonJS
/// module under `cjs/` (and nothing else is there), every declaration file
/// is copied as it is, and the folder's `package.json` makes them CommonJS.
#[test]
fn the_commonjs_build_mirrors_every_module() {
    for spec in ["specs/payments.yaml", "tests_generated/hostile.yaml"] {
        let files = generate(&root().join(spec));
        let pkg: serde_json::Value =
            serde_json::from_str(&files["cjs/package.json"]).expect("cjs/package.json");
        assert_eq!(pkg, serde_json::json!({ "type": "commonjs" }));
        let esm: Vec<&String> = files
            .keys()
            .filter(|p| !p.starts_with("cjs/") && (p.ends_with(".js") || p.ends_with(".d.ts")))
            .collect();
        let cjs = files
            .keys()
            .filter(|p| p.starts_with("cjs/") && *p != "cjs/package.json")
            .count();
        assert_eq!(cjs, esm.len(), "{spec}: cjs/ holds other files");
        for path in esm {
            let built = files
                .get(&format!("cjs/{path}"))
                .unwrap_or_else(|| panic!("{spec}: no cjs/{path}"));
            if path.ends_with(".d.ts") {
                assert_eq!(built, &files[path], "{spec}: cjs/{path} differs");
                continue;
            }
            assert!(built.starts_with("\"use strict\";\n"), "{spec}: cjs/{path}");
            let (code, _) = code_parts(built);
            for line in code.lines() {
                assert!(
                    !line.starts_with("import ") && !line.starts_with("export "),
                    "{spec}: cjs/{path} keeps an ES module statement: {line}"
                );
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Code,
    LineComment,
    BlockComment,
    Str(char),
}

/// The parts of a JavaScript/TypeScript source that are code (not comments or
/// string literals), and the number of unterminated constructs at the end.
fn code_parts(source: &str) -> (String, usize) {
    let mut code = String::new();
    let mut state = State::Code;
    let chars: Vec<char> = source.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match state {
            State::Code => match (c, next) {
                ('/', Some('/')) => {
                    state = State::LineComment;
                    i += 1;
                }
                ('/', Some('*')) => {
                    state = State::BlockComment;
                    i += 1;
                }
                ('"' | '\'' | '`', _) => state = State::Str(c),
                // A regular expression literal in the static modules.
                ('/', Some(n)) if n != ' ' && code.trim_end().ends_with(['(', ',', '=']) => {
                    i += 1;
                    while i < chars.len() && chars[i] != '/' {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
                _ => code.push(c),
            },
            State::LineComment => {
                if c == '\n' || c == '\u{2028}' || c == '\u{2029}' {
                    state = State::Code;
                    code.push('\n');
                }
            }
            State::BlockComment => {
                if c == '*' && next == Some('/') {
                    state = State::Code;
                    i += 1;
                }
            }
            State::Str(q) => {
                if c == '\\' {
                    i += 1;
                } else if c == q {
                    state = State::Code;
                    code.push_str("\"\"");
                } else if c == '\n' && q != '`' {
                    // A raw line break ends nothing: the literal is broken.
                    return (code, 1);
                }
            }
        }
        i += 1;
    }
    (
        code,
        usize::from(state != State::Code && state != State::LineComment),
    )
}

#[test]
fn hostile_text_stays_in_comments_and_literals() {
    let files = hostile();
    let mut checked = 0;
    for (path, contents) in &files {
        // The vendored runtime (and its CommonJS copy) holds no spec text.
        let vendored = path.starts_with("runtime/") || path.starts_with("cjs/runtime/");
        if vendored || !(path.ends_with(".js") || path.ends_with(".ts")) {
            continue;
        }
        checked += 1;
        let (code, unterminated) = code_parts(contents);
        assert_eq!(
            unterminated, 0,
            "{path}: a comment or literal is not closed"
        );
        assert!(
            !code.contains("process.exit") && !code.contains("alert("),
            "{path}: spec text reached code:\n{code}"
        );
        for bad in ["\u{2028}", "\u{2029}"] {
            assert!(!contents.contains(bad), "{path}: a raw line separator");
        }
        assert!(
            !contents.to_ascii_lowercase().contains("</script"),
            "{path}: a </script> that would end an inline script"
        );
        if path != "core.js" {
            assert!(!code.contains('`'), "{path}: a template literal");
        }
    }
    assert!(checked >= 10, "checked only {checked} files");
}

#[test]
fn hostile_names_become_safe_identifiers() {
    let files = hostile();
    let resource = &files["resources/constructor_.js"];
    // A keyword path parameter, `__proto__`, and an operation named like the
    // class constructor.
    assert!(
        resource.contains("constructor_(class_, proto, params = {}, options) {"),
        "{resource}"
    );
    // A query parameter named `constructor` is not read from Object.prototype.
    assert!(resource.contains("params.constructor_"), "{resource}");
    assert!(
        resource.contains("delete(class_, proto, options) {"),
        "{resource}"
    );
    let models = &files["models.d.ts"];
    // Types that would shadow globals, properties that collide or are empty.
    for needle in [
        "export interface ErrorModel {",
        "export interface PromiseModel {",
        "  proto?: string;",
        "  class: string;",
        "  _123?: number;",
        "  aB?: string;",
        "  field?: string;",
        "  fooBar?: string;",
        "  fooBar2?: string;",
        "  readonly GmtPlus0: \"GMT+0\";",
        "  readonly GmtMinus0: \"GMT-0\";",
        "  | \"\\u003C/script\\u003E\"",
        "  | \"a\\u0022b\"",
    ] {
        assert!(
            models.contains(needle),
            "models.d.ts lacks {needle:?}:\n{models}"
        );
    }
    // `__proto__` on the wire stays a plain own key through the converters.
    let wire = &files["wire.js"];
    assert!(
        wire.contains("[\"__proto__\", \"str\", 0, \"proto\"]"),
        "{wire}"
    );
    assert!(
        wire.contains("Object.defineProperty(target, key, {"),
        "{wire}"
    );
    // The operation named `123go` and the path parameter `a-b`.
    let class = &files["resources/class.js"];
    assert!(class.contains("_123go(aB, params, options) {"), "{class}");
    // Security schemes named `__proto__` and `constructor` are looked up in a Map.
    let index = &files["index.js"];
    assert!(
        index.contains(
            "credentials.set(\n      \"__proto__\",\n      apiKeyAuth(\n        \"X-Key\""
        ),
        "{index}"
    );
    assert!(
        index.contains("  [\"__proto__\", \"protoKey (or HOSTILE_PROTO_KEY)\"],"),
        "{index}"
    );
}

/// The `const <name>Operation = {...};` statement of a resource module.
fn descriptor<'a>(js: &'a str, name: &str) -> &'a str {
    let head = format!("const {name}Operation = {{");
    let start = js
        .find(&head)
        .unwrap_or_else(|| panic!("no descriptor for {name}"));
    let end = js[start..].find("\n};").expect("descriptor ends") + start;
    &js[start..end]
}

#[test]
fn descriptors_bodies_and_servers_follow_the_plan() {
    let files = generate(&root().join("generator/tests/fixtures/node_plan.yaml"));
    let things = &files["resources/things.js"];

    // A safe GET: no key contract at all, and the root's p99 and x-retries
    // stay with the client.
    let list = descriptor(things, "listThings");
    for absent in [
        "keyHeader",
        "keyMaxLength",
        "failures",
        "inFlightCode",
        "mismatchCode",
        "p99Ms",
        "retry:",
        "baseUrl",
    ] {
        assert!(!list.contains(absent), "{absent} in {list}");
    }

    // A keyed operation: the whole key contract, defaults written out, and
    // its own p99 and x-retries even where they equal the root's.
    let create = descriptor(things, "createThing");
    for present in [
        "keyHeader: \"Idempotency-Key\"",
        "keyMaxLength: 255",
        "failures: \"reattempt\"",
        "inFlightCode: \"concurrent_idempotent_requests\"",
        "mismatchCode: \"invalid_idempotent_request\"",
        "p99Ms: 200",
        "maxAttempts: 4",
        "baseMs: 100",
    ] {
        assert!(create.contains(present), "{present} missing from {create}");
    }
    assert!(!create.contains("capMs") && !create.contains("timeout"));

    // Multipart listed before a form: the plan's rule sends the form.
    assert!(
        things.contains("body: formBody(params, createThingOperation.parts)"),
        "{things}"
    );
    assert!(descriptor(things, "createThing").contains("parts: [[\"name\"]],"));
    assert!(things.contains("contentType: \"application/x-www-form-urlencoded\""));
    assert!(!things.contains("multipartBody"));

    // The path item's server, its variable filled in, for that operation only;
    // the client takes the serverUrls map and the README says which calls go there.
    let files_js = &files["resources/files.js"];
    assert!(descriptor(files_js, "putFile").contains("baseUrl: \"https://eu.upload.example.com/\""));
    let index = &files["index.js"];
    assert!(index.contains("serverUrls: options.serverUrls,"));
    assert!(index.contains("maxAttempts: options.maxAttempts ?? 4,"));
    assert!(index.contains("p99Ms: options.p99Ms === undefined ? 200 : options.p99Ms,"));
    assert!(files["index.d.ts"].contains("serverUrls?: Readonly<Record<string, string>>;"));
    let readme = &files["README.md"];
    assert!(readme.contains("- `https://eu.upload.example.com/`: `client.files.putFile()`"));
    assert!(readme.contains("`serverUrls`"));

    // A spec without such servers gets no serverUrls option.
    let pets = generate(&root().join("specs/pets.yaml"));
    assert!(!pets["index.js"].contains("serverUrls"));
    assert!(!pets["README.md"].contains("serverUrls"));
}

#[test]
fn parameters_and_body_parts_are_written_by_their_plan() {
    let files = generate(&root().join("tests_generated/node/fixtures/wire.yaml"));
    let stripe = &files["resources/stripe.js"];
    // Each form property's encoding, in the schema's order, in the descriptor.
    let create = descriptor(stripe, "createCustomer");
    assert!(
        create.contains(
            "  parts: [\n    [\"description\"],\n    [\"metadata\", \"deepObject\", true],\n    [\"items\", \"deepObject\", true],\n    [\"expand\", \"deepObject\", true],\n    [\"tax_ids\", \"form\", false],\n    [\"address\"],\n  ],"
        ),
        "{create}"
    );
    // An optional body is no body unless the caller sets one of its fields;
    // a body that is not flattened is the caller's `body`, or none.
    assert!(stripe.contains("bodyOf(params)"), "{stripe}");
    assert!(stripe.contains("body: formBody(params.body),"), "{stripe}");
    assert!(stripe.contains(
        "queryParam(\"expand\", params.expand, {\n          style: \"deepObject\",\n          explode: true,\n        }),"
    ));
    // Multipart rows carry only what the encoding declares.
    let files_js = &files["resources/files.js"];
    let upload = descriptor(files_js, "upload");
    assert!(
        upload.contains("[\"picture\", \"image/png, image/jpeg\"],"),
        "{upload}"
    );
    assert!(upload.contains("[\"ids\", \"application/json\"],"));
    assert!(upload.contains("[\"page_count\"],"));
    // A JSON body's type lists every field, in schema order, and writes them so.
    let wire = &files["wire.js"];
    assert!(wire.contains(
        "const recordModelFields = [\n  [\"record_id\", \"str\", 1, \"recordId\"],\n  [\"this\", \"str\", 0],\n  [\"constructor\", \"str\", 0],\n  [\"__proto__\", \"str\", 0, \"proto\"],\n  [\"self\", \"str\", 0],\n  [\"note\", \"str?\", 0],\n  [\"level\", \"int\", 0],\n];"
    ), "{wire}");
    assert!(wire.contains("return convertInOrder(value, recordModelFields);"));
    // Path parameters by their style; header parameters through the runtime.
    let equivalence = generate(&root().join("tests_generated/equivalence/spec.yaml"));
    let search = &equivalence["resources/search.js"];
    assert!(
        search.contains("pathParam(\"label\", label, { style: \"label\" }),"),
        "{search}"
    );
    assert!(search.contains("pathParam(\"matrix\", matrix, { style: \"matrix\", explode: true }),"));
    let items = &equivalence["resources/items.js"];
    assert!(
        items.contains("headerParam(\"X-Window\", wire.windowToWire(params.xWindow), {"),
        "{items}"
    );
}

#[test]
fn readme_numbers_come_from_the_table_of_defaults() {
    let d = sdkgen::defaults::get();
    let readme = &generate(&root().join("specs/pets.yaml"))["README.md"];
    for expected in [
        format!("each client holds {} tokens", d.budget.capacity),
        format!(
            "A retry costs {} tokens after throttling",
            d.budget.throttle_cost
        ),
        format!("and {} after any other failure", d.budget.retry_cost),
        format!("`{}` header", d.request_timeout_header),
        format!("`min({} × p99,", d.attempt_timeout_p99_multiplier),
        format!("(default {}).", d.budget.capacity),
    ] {
        assert!(readme.contains(&expected), "README lacks {expected:?}");
    }
}

/// Writes `files` under a fresh temporary folder named after `name`.
fn write_package(name: &str, files: &BTreeMap<String, String>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sdkgen-emit-node-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, contents) in files {
        let target = dir.join(path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(&target, contents).expect("write");
    }
    dir
}

/// The lines of `text` from the one starting with `from` up to (without)
/// the next one starting with `until`.
fn section<'a>(text: &'a str, from: &str, until: &str) -> &'a str {
    let start = text.find(from).unwrap_or_else(|| panic!("no {from:?}"));
    let rest = &text[start..];
    let end = rest[from.len()..]
        .find(until)
        .map_or(rest.len(), |i| i + from.len());
    &rest[..end]
}

/// The fixtures whose names and text sit at prettier's width
/// (`fixtures/format_edges.yaml`) or that have nothing to list
/// (`fixtures/format_empty.yaml`): their packages are prettier-clean, the
/// vendored runtime included (checked where prettier is installed:
/// scripts/test-generated-node installs it), and the snapshot
/// `snapshots/node/format-edges.snap` shows the layout of each construct
/// the fixtures provoke: single-name imports, the client's `this.x = new
/// X(core);`, open enums' `Object.freeze` (and in the CommonJS build), a
/// params alias, Record types,
/// the converters' heads and table cells, a README call, an empty
/// operations list.
#[test]
fn format_edges_are_laid_out_as_prettier_lays_them_out() {
    let prettier = root().join("tests_generated/node/node_modules/.bin/prettier");
    let mut shown = String::new();
    for name in ["format_edges", "format_empty"] {
        let files = generate(&root().join(format!("generator/tests/fixtures/{name}.yaml")));
        for (path, contents) in &files {
            let edges = name == "format_edges";
            let part = match path.as_str() {
                "index.js" | "index.d.ts" | "models.js" | "models.d.ts" if edges => {
                    contents.as_str()
                }
                // The CommonJS build, where taking `export ` off lets a
                // broken head fit again.
                "cjs/models.js" if edges => contents.as_str(),
                p if p.starts_with("resources/") => contents.as_str(),
                // The converters, after the fixed helpers (`mapOf` the last).
                "wire.js" if edges => {
                    let helpers = contents.find("export function mapOf").expect("mapOf");
                    let tail = &contents[helpers..];
                    &tail[tail.find("\nconst ").expect("a converter table") + 1..]
                }
                "README.md" if edges => section(contents, "## Use", "\nThe client reads"),
                "README.md" => section(contents, "### Operations", "\n### "),
                _ => continue,
            };
            shown.push_str(&format!("=== {name}/{path}\n{part}"));
            if !part.ends_with('\n') {
                shown.push('\n');
            }
        }
        if !prettier.exists() {
            eprintln!(
                "prettier is not installed; skipped (scripts/test-generated-node installs it)"
            );
            continue;
        }
        let dir = write_package(name, &files);
        let out = std::process::Command::new(&prettier)
            .args(["--list-different", "--ignore-path", "/dev/null"])
            .arg("**/*.{js,ts,json,md}")
            .current_dir(&dir)
            .output()
            .expect("prettier runs");
        let _ = std::fs::remove_dir_all(&dir);
        let listed = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && listed.trim().is_empty(),
            "{name}: prettier would change:\n{listed}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    insta::with_settings!({
        snapshot_path => "../../snapshots/node",
        prepend_module_to_snapshot => false,
        description => "the prettier-facing layout of generator/tests/fixtures/format_edges.yaml and format_empty.yaml",
    }, {
        insta::assert_snapshot!("format-edges", shown);
    });
}
