//! The Rust emitter: snapshots of the focused specs' files (one spec per
//! feature, `fixtures/focus/`), the runtime copied verbatim, the README's retry contract, and a
//! hostile spec whose names and text try to break out of the generated code.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, PackageInfo};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn example_specs() -> Vec<PathBuf> {
    let mut specs: Vec<PathBuf> = std::fs::read_dir(repo().join("specs"))
        .expect("specs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("yaml"))
        .collect();
    specs.sort();
    assert!(specs.len() >= 3);
    specs
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .and_then(|s| s.to_str())
        .expect("utf-8 name")
        .to_string()
}

fn generate(spec: &Path) -> BTreeMap<String, String> {
    let loaded = sdkgen::load::load(spec).expect("spec loads");
    let api = sdkgen::ir::build(&loaded).expect("spec builds");
    let (config, _) = Config::find(spec, None).expect("config");
    let package = PackageInfo::new(&api, &config, Lang::Rust);
    emit::emit(Lang::Rust, &api, &package)
        .expect("the Rust emitter succeeds")
        .into_iter()
        .map(|f| (f.path.to_string_lossy().replace('\\', "/"), f.contents))
        .collect()
}

mod focus;

/// The files of a crate where the focused specs' features show.
fn part(path: &str) -> focus::Part {
    match path {
        "README.md" => focus::Part::Readme,
        "src/lib.rs" => focus::Part::Client,
        p if p.starts_with("src/runtime/") => focus::Part::Other,
        p if p.starts_with("src/") => focus::Part::Core,
        _ => focus::Part::Other,
    }
}

#[test]
fn focused_specs_match_their_snapshots() {
    focus::assert_snapshots(Lang::Rust, "rust", part);
}

#[test]
fn the_runtime_is_vendored_verbatim() {
    let files = generate(&repo().join("specs/payments.yaml"));
    let src = repo().join("runtime/rust/src");
    let mut count = 0;
    for entry in std::fs::read_dir(&src).expect("runtime/rust/src") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let target = if name == "lib.rs" { "mod.rs" } else { name };
        let vendored = &files[&format!("src/runtime/{target}")];
        assert_eq!(
            vendored,
            &std::fs::read_to_string(&path).expect("readable"),
            "{name}"
        );
        count += 1;
    }
    let in_crate = files
        .keys()
        .filter(|p| p.starts_with("src/runtime/"))
        .count();
    assert_eq!(count, in_crate);
}

#[test]
fn output_is_deterministic() {
    for spec in example_specs() {
        assert_eq!(generate(&spec), generate(&spec), "{}", spec.display());
    }
}

#[test]
fn the_readme_states_the_retry_contract() {
    let files = generate(&repo().join("specs/payments.yaml"));
    let readme = &files["README.md"];
    for needle in [
        "**Retries are on.**",
        "**3 attempts**",
        "full jitter",
        "**base 500 ms**",
        "**cap 20 s**",
        "60 s",
        "`min(3 × p99, time left)`",
        "min(3 × 400 ms, time left) = 1200 ms",
        "min(3 × 1500 ms, time left) = 4500 ms",
        "Retry budget: 500 tokens per client",
        "costs **5** tokens, any other retry **14**",
        "adds **1** token",
        "Retry-After",
        "over 60 s",
        "`transfers().create_transfer()`: POST `/transfers`",
        "`refunds().create_refund()`: POST `/transfers/{transfer_id}/refunds`",
        "`subscriptions().create_subscription()`: POST `/subscriptions`",
        ".idempotency_key(format!(\"order-{order_id}\"))",
        "**From an identifier you already hold**",
        "**Request-scoped**",
        "**A random UUID made once and reused**",
        "A fresh value per attempt is the anti-pattern",
        "**24h**",
        "`concurrent_idempotent_requests` (409)",
        "`invalid_idempotent_request` (409)",
        "at-least-once delivery with duplicates collapsed",
        "replay window",
        ".timeout(Duration::from_secs(5))",
        ".retries(false)",
        "4 attempts, a 90 s deadline",
    ] {
        assert!(readme.contains(needle), "README lacks {needle:?}");
    }
    let lower = readme.to_lowercase();
    assert!(!lower.contains("exactly-once") && !lower.contains("exactly once"));

    // An API without keys says so, and shows no key example.
    let pets = generate(&repo().join("specs/pets.yaml"));
    assert!(pets["README.md"].contains("No operation of this API accepts an idempotency key"));
    assert!(!pets["README.md"].contains(".idempotency_key(format!"));
    assert!(!pets["src/pets.rs"].contains("pub fn idempotency_key"));
}

#[test]
fn only_keyed_operations_take_a_key() {
    let files = generate(&repo().join("specs/payments.yaml"));
    let transfers = &files["src/transfers.rs"];
    assert_eq!(transfers.matches("pub fn idempotency_key").count(), 1);
    assert!(transfers.contains("class: RetryClass::Keyed"));
    assert!(files["src/vendors.rs"].contains("class: RetryClass::Unsafe"));
    assert!(!files["src/vendors.rs"].contains("pub fn idempotency_key"));
}

fn hostile() -> BTreeMap<String, String> {
    generate(&repo().join("tests_generated/hostile.yaml"))
}

/// Whether `needle` occurs in `line` only inside comments or string literals.
fn only_in_comments_or_strings(line: &str, needle: &str) -> bool {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return true;
    }
    // Outside comments, every occurrence must sit inside a "..." literal.
    let mut in_string = false;
    let mut escaped = false;
    let chars: Vec<char> = line.chars().collect();
    let needle_chars: Vec<char> = needle.chars().collect();
    for i in 0..chars.len() {
        if !in_string && chars[i..].starts_with(&needle_chars) {
            return false;
        }
        let c = chars[i];
        if escaped {
            escaped = false;
        } else if in_string && c == '\\' {
            escaped = true;
        } else if c == '"' {
            in_string = !in_string;
        }
    }
    true
}

#[test]
fn hostile_text_stays_in_comments_and_literals() {
    let files = hostile();
    for (path, contents) in files.iter().filter(|(p, _)| p.ends_with(".rs")) {
        if path.starts_with("src/runtime/") {
            continue;
        }
        for (n, line) in contents.lines().enumerate() {
            for needle in [
                "fn evil",
                "fn injected",
                "panic!",
                "#[derive(Evil)]",
                "fn x()",
            ] {
                assert!(
                    only_in_comments_or_strings(line, needle),
                    "{path}:{}: {line}",
                    n + 1
                );
            }
            assert!(!line.contains('\u{202E}'), "{path}:{}", n + 1);
            assert!(!line.contains('\r'), "{path}:{}", n + 1);
        }
    }
}

#[test]
fn hostile_names_become_identifiers_and_keep_their_wire_names() {
    let files = hostile();
    let models = &files["src/models.rs"];
    for expected in [
        "pub r#type: String,",
        "pub self_: i64,",
        "#[serde(rename = \"self\")]",
        "pub field_123: bool,",
        "#[serde(rename = \"123\")]",
        "pub a_b: Option<String>,",
        "pub a_b_2: Option<String>,",
        "#[serde(rename = \"a b\")]",
        "pub next: Option<Box<Thing>>,",
        "pub struct Self_ {",
        "pub type String2 = String;",
        "pub struct Option2 {",
        "#[serde(flatten)]",
        "Gmt0,",
        "Gmt0_2,",
        "\"GMT-0\" => Self::Gmt0_2,",
        "Other2,",
        "Value123,",
        "\"*/ } fn evil() {\" => Self::FnEvil,",
        "Minus1,",
        "-1 => Self::Minus1,",
        // Keywords as properties of a form and multipart model: each a
        // valid identifier that keeps its wire name.
        "#[serde(rename = \"crate\")]",
        "pub crate_: Option<Option<String>>,",
        "#[serde(rename = \"super\")]",
        "pub super_: Option<bool>,",
        "#[serde(rename = \"Self\")]",
        "pub self_2: Option<i64>,",
        "pub r#type: Option<Vec<String>>,",
    ] {
        assert!(models.contains(expected), "models.rs lacks {expected:?}");
    }
    assert!(files.contains_key("src/type.rs"));
    assert!(files["src/lib.rs"].contains("pub mod r#type;"));
    assert!(files["src/lib.rs"].contains("pub mod models_2;"));
    assert!(files["src/lib.rs"].contains("pub mod self_;"));
}

#[test]
fn generated_code_is_rustfmt_clean() {
    if Command::new("rustfmt").arg("--version").output().is_err() {
        eprintln!("rustfmt is not installed; skipped (scripts/test-generated-rust runs cargo fmt)");
        return;
    }
    let mut sets = vec![
        ("hostile".to_string(), hostile()),
        (
            "minimal".to_string(),
            generate(&repo().join("generator/tests/rust_minimal.yaml")),
        ),
    ];
    for spec in example_specs() {
        sets.push((stem(&spec), generate(&spec)));
    }
    sets.push((
        "pages".to_string(),
        generate(&repo().join("generator/tests/fixtures/pages.yaml")),
    ));
    sets.push((
        "auth".to_string(),
        generate(&repo().join("generator/tests/fixtures/auth.yaml")),
    ));
    sets.push((
        "rustfmt-edges".to_string(),
        generate(&repo().join("generator/tests/fixtures/rustfmt_edges.yaml")),
    ));
    for name in ["format_edges", "format_empty"] {
        sets.push((
            name.to_string(),
            generate(&repo().join(format!("generator/tests/fixtures/{name}.yaml"))),
        ));
    }
    sets.push(("hostile-pages".to_string(), hostile_pages()));
    for (name, files) in sets {
        let dir =
            std::env::temp_dir().join(format!("sdkgen-emit-rust-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, contents) in &files {
            let target = dir.join(path);
            std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
            std::fs::write(&target, contents).expect("write");
        }
        let out = Command::new("rustfmt")
            .args([
                "--edition",
                "2021",
                "--color",
                "never",
                "--check",
                "src/lib.rs",
                "examples/retries.rs",
            ])
            .current_dir(&dir)
            .output()
            .expect("rustfmt runs");
        let _ = std::fs::remove_dir_all(&dir);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let known = if name == "hostile" {
            hostile_rustfmt_gaps()
        } else {
            Vec::new()
        };
        let unknown = unknown_rustfmt_diffs(&stdout, &known);
        assert!(
            unknown.is_empty() && (out.status.success() || !known.is_empty()),
            "{name}: rustfmt --check failed:\n{}{}",
            unknown.join(""),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The lines of the hostile crate that rustfmt breaks and the emitter does
/// not yet: the `rust:` lines of `tests_generated/hostile-format-gaps.txt`.
fn hostile_rustfmt_gaps() -> Vec<String> {
    let gaps = std::fs::read_to_string(repo().join("tests_generated/hostile-format-gaps.txt"))
        .expect("tests_generated/hostile-format-gaps.txt");
    gaps.lines()
        .filter_map(|l| l.strip_prefix("rust: "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// The hunks of `rustfmt --check` output that change none of the `known`
/// lines; each known line must be changed by some hunk.
fn unknown_rustfmt_diffs(stdout: &str, known: &[String]) -> Vec<String> {
    let hunks: Vec<String> = stdout
        .split("Diff in ")
        .filter(|h| !h.trim().is_empty())
        .map(|h| format!("Diff in {h}"))
        .collect();
    let removes = |hunk: &str, line: &str| {
        hunk.lines()
            .any(|l| l.starts_with('-') && l[1..].trim() == line)
    };
    for line in known {
        assert!(
            hunks.iter().any(|h| removes(h, line)),
            "rustfmt no longer changes {line:?}: remove it from tests_generated/hostile-format-gaps.txt"
        );
    }
    hunks
        .into_iter()
        .filter(|h| !known.iter().any(|line| removes(h, line)))
        .collect()
}

/// A spec whose operations differ in just what a descriptor carries: a
/// root p99 and one of an operation's own, root and operation `x-retries`,
/// a path with servers of its own, a keyed POST, and a body offering
/// multipart before a form.
const PLAN_SPEC: &str = r##"
openapi: 3.0.3
info: {title: Plan, version: 1.0.0}
servers: [{url: "https://api.example.com"}]
x-latency-p99-ms: 400
x-retries: {max-attempts: 4}
x-idempotency: {header: X-Key, failures: replay}
paths:
  /things:
    get:
      operationId: listThings
      responses: {"200": {description: ok}}
    post:
      operationId: createThing
      x-latency-p99-ms: 900
      x-retries: {max-attempts: 4, deadline-ms: 5000}
      parameters:
        - {name: X-Key, in: header, schema: {type: string}}
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema: {$ref: "#/components/schemas/Thing"}
          application/x-www-form-urlencoded:
            schema: {$ref: "#/components/schemas/Thing"}
      responses:
        "201": {description: made}
        "409": {description: conflict}
  /uploads:
    servers: [{url: "https://{host}.example.com", variables: {host: {default: upload}}}]
    put:
      operationId: putUpload
      responses: {"204": {description: stored}}
components:
  schemas:
    Thing:
      type: object
      properties: {name: {type: string}}
"##;

fn plan_files() -> BTreeMap<String, String> {
    let dir = std::env::temp_dir().join(format!("sdkgen-plan-rust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let spec = dir.join("plan.yaml");
    std::fs::write(&spec, PLAN_SPEC).expect("spec written");
    let files = generate(&spec);
    let _ = std::fs::remove_dir_all(&dir);
    files
}

/// The text of `static NAME: Operation = Operation { .. };`.
fn descriptor<'a>(file: &'a str, name: &str) -> &'a str {
    let start = file
        .find(&format!("static {name}: Operation"))
        .unwrap_or_else(|| panic!("no descriptor {name}"));
    let end = start + file[start..].find("\n};").expect("descriptor end");
    &file[start..end]
}

#[test]
fn descriptors_carry_what_the_plan_says_of_the_operation_only() {
    let files = plan_files();
    let things = &files["src/things.rs"];
    let list = descriptor(things, "LIST_THINGS");
    assert!(list.contains("key: None,"), "{list}");
    assert!(
        !list.contains("X-Key") && !list.contains("FailurePolicy"),
        "{list}"
    );
    assert!(
        list.contains("p99: None,"),
        "a root p99 is the client's: {list}"
    );
    assert!(list.contains("retry: RetryOverrides::NONE,"), "{list}");
    assert!(list.contains("base_url: None,"), "{list}");

    let create = descriptor(things, "CREATE_THING");
    assert!(create.contains("key: Some(KeyContract {"), "{create}");
    assert!(create.contains("header: \"X-Key\","), "{create}");
    assert!(create.contains("max_length: 255,"), "{create}");
    assert!(
        create.contains("failures: FailurePolicy::Replay,"),
        "{create}"
    );
    assert!(
        create.contains("in_flight_code: \"concurrent_idempotent_requests\","),
        "{create}"
    );
    assert!(
        create.contains("p99: Some(Duration::from_millis(900)),"),
        "{create}"
    );
    // Its own `x-retries`, a value equal to the root's included.
    assert!(create.contains("max_attempts: Some(4),"), "{create}");
    assert!(
        create.contains("deadline: Some(Duration::from_secs(5)),"),
        "{create}"
    );
    // The plan's body rule: a form before multipart, whatever the order.
    assert!(
        things.contains("let text = runtime::form_body(FIELDS, &value)?;"),
        "{things}"
    );
    assert!(!things.contains("runtime::Multipart::new()"));

    let uploads = &files["src/uploads.rs"];
    let put = descriptor(uploads, "PUT_UPLOAD");
    assert!(
        put.contains("base_url: Some(\"https://upload.example.com\"),"),
        "{put}"
    );
    assert!(
        !uploads.contains("KeyContract"),
        "no key types where no key"
    );

    let lib = &files["src/lib.rs"];
    assert!(
        lib.contains("config.p99 = Some(Duration::from_millis(400));"),
        "{lib}"
    );
    assert!(lib.contains("config.max_attempts = 4;"), "{lib}");
    assert!(lib.contains("pub fn with_server_url("), "{lib}");
    assert!(lib.contains("`https://upload.example.com`: `uploads().put_upload()`"));
    assert!(files["README.md"].contains("`https://upload.example.com`: `uploads().put_upload()`"));
}

/// A spec whose parameters and bodies declare every kind of encoding
/// WIRE.md covers: the generated code must pass each declaration to the
/// runtime's serialisers as the plan states it.
const WIRE_SPEC: &str = r##"
openapi: 3.0.3
info: {title: Wire, version: 1.0.0}
servers: [{url: "https://api.example.com"}]
paths:
  /cells/{label}/{score}:
    get:
      operationId: getCell
      parameters:
        - {name: label, in: path, required: true, style: label, explode: true, schema: {type: array, items: {type: integer}}}
        - {name: score, in: path, required: true, schema: {type: number}}
        - {name: filter, in: query, content: {application/json: {schema: {type: object, properties: {a: {type: integer}}}}}}
        - {name: path, in: query, allowReserved: true, schema: {type: string}}
        - {name: codes, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
        - {name: X-Window, in: header, explode: true, schema: {type: object, properties: {start: {type: integer}}}}
        - {name: theme, in: cookie, explode: false, schema: {type: array, items: {type: string}}}
      responses:
        "200":
          description: the file
          content:
            application/json:
              schema: {type: string}
  /forms:
    post:
      operationId: submitForm
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                name: {type: string}
                metadata: {type: object, additionalProperties: {type: string}}
                note: {type: string, nullable: true}
            encoding:
              metadata: {style: deepObject, explode: true}
              name: {allowReserved: true}
      responses: {"204": {description: ok}}
  /uploads:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: {type: string, format: binary}
                ids: {type: array, items: {type: integer}}
                caption: {type: string}
            encoding:
              file: {contentType: "image/png, image/*"}
              ids: {contentType: application/json}
              caption: {contentType: text/markdown}
      responses: {"204": {description: ok}}
"##;

#[test]
fn parameters_and_bodies_are_written_as_the_plan_declares() {
    let dir = std::env::temp_dir().join(format!("sdkgen-wire-rust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let spec = dir.join("wire.yaml");
    std::fs::write(&spec, WIRE_SPEC).expect("spec written");
    let files = generate(&spec);
    let _ = std::fs::remove_dir_all(&dir);
    let all: String = files
        .iter()
        .filter(|(p, _)| p.starts_with("src/") && !p.starts_with("src/runtime/"))
        .map(|(_, text)| text.as_str())
        .collect();
    // Squeezed of whitespace, so the assertions hold however a call wraps.
    let flat: String = all.split_whitespace().collect::<Vec<_>>().join(" ");
    let flat = flat
        .replace("( ", "(")
        .replace(", )", ")")
        .replace(" )", ")");
    for expected in [
        // Path styles, and the number rule for a number in a path.
        "runtime::path_param(\"label\", &crate::to_json(&self.label)?, runtime::Style::Label, true)?",
        "runtime::path_param(\"score\", &crate::to_json(&self.score)?, runtime::Style::Simple, false)?",
        // A `content` parameter, allowReserved, a delimited style.
        "runtime::content_value(&crate::to_json(given)?, \"application/json\")?",
        "runtime::query_param(\"path\", &value, runtime::Style::Form, true, true)?",
        "runtime::query_param(\"codes\", &value, runtime::Style::PipeDelimited, false, false)?",
        "runtime::header_param(\"X-Window\", &value, true)?",
        "runtime::cookie_param(\"theme\", &value, false)?",
        // Form fields in the schema's order, each with its encoding.
        "runtime::FormField::new(\"name\", runtime::Style::Form, true, true), runtime::FormField::new(\"metadata\", runtime::Style::DeepObject, true, false), runtime::FormField::new(\"note\", runtime::Style::Form, true, false),",
        "runtime::form_body(FIELDS, &value)?",
        // Multipart: the file with its declared types, the others by value.
        "form.upload(\"file\", Some(\"image/png, image/*\"), &self.body.file);",
        "form.value(\"ids\", &crate::to_json(value)?, Some(\"application/json\"))?;",
        "form.value(\"caption\", &crate::to_json(value)?, Some(\"text/markdown\"))?;",
        // A download the spec calls a JSON string: bytes, by Content-Type.
        "response.bytes_or_json_string()?",
        // An optional nullable property can be sent as an explicit null.
        "with = \"crate::runtime::explicit_null\"",
        "pub note: Option<Option<String>>,",
    ] {
        assert!(flat.contains(expected), "the generated code lacks {expected:?}:\n{all}");
    }
    assert!(all.contains("Result<runtime::Bytes, Error>"), "{all}");
    assert!(!all.contains("query_form") && !all.contains("query_deep_object"));
}

/// A list whose plan's strings are long and hostile, its static's name too
/// long for its head's line: a cursor parameter
/// and a next-cursor field that are `cursor` and `next_cursor` only once
/// their quotes, braces, backslashes and dashes are dropped, the cursor two
/// objects deep, an items field whose name tries to end the literal it is
/// written in.
const HOSTILE_PAGES_SPEC: &str = r##"
openapi: 3.0.3
info: {title: Hostile Pages, version: 1.0.0}
servers: [{url: "https://api.example.com"}]
paths:
  /things:
    get:
      operationId: listThingsOfAHostileApiWhoseOperationIdIsSoLongItWraps
      parameters:
        - name: "c\"u}r\\\\s{o-r-----------------------------------------------------------------------"
          in: query
          schema: {type: string}
      responses:
        "200":
          description: A page.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Page"}
components:
  schemas:
    Page:
      type: object
      properties:
        "items\"); fn evil() { panic!(\"x\") } (\"------------------------------------------------------------": {type: array, items: {$ref: "#/components/schemas/Thing"}}
        "meta_of_a_page_whose_name_is_long_enough_to_wrap":
          type: object
          properties:
            "next\"]_{cursor\\\\": {type: string}
    Thing:
      type: object
      required: [id]
      properties:
        id: {type: string}
"##;

fn hostile_pages() -> BTreeMap<String, String> {
    // One folder per call: the tests that call this run at the same time.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "sdkgen-hostile-pages-{}-{call}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let spec = dir.join("pages.yaml");
    std::fs::write(&spec, HOSTILE_PAGES_SPEC).expect("spec written");
    let files = generate(&spec);
    let _ = std::fs::remove_dir_all(&dir);
    files
}

/// The text of `static NAME: Pagination = Pagination { .. };`.
fn pagination<'a>(file: &'a str, name: &str) -> &'a str {
    let start = file
        .find(&format!("static {name}: Pagination"))
        .unwrap_or_else(|| panic!("no pagination {name}"));
    let end = start + file[start..].find("};\n").expect("pagination end");
    &file[start..end]
}

#[test]
fn list_builders_page_as_their_plan_says() {
    let files = generate(&repo().join("generator/tests/fixtures/pages.yaml"));
    let cursored = &files["src/cursored.rs"];
    let plan = pagination(cursored, "LIST_CURSORED_PAGES");
    for line in [
        "style: PageStyle::Cursor,",
        "param: Some(\"cursor\"),",
        "size_param: Some(\"limit\"),",
        "items: &[\"items\"],",
        "next: &[\"meta\", \"next_cursor\"],",
        "has_more: &[],",
        "item_field: None,",
    ] {
        assert!(plan.contains(line), "{line} in {plan}");
    }
    assert!(
        cursored.contains("pub fn into_pager(self) -> Pager<models::Thing> {"),
        "{cursored}"
    );
    // `send` and `into_pager` build their request in one place.
    assert_eq!(
        cursored
            .matches("fn request(&self) -> Result<Request, Error> {")
            .count(),
        1
    );
    assert!(
        cursored.contains("let request = self.request()?;"),
        "{cursored}"
    );
    assert_eq!(
        cursored
            .matches("Request::new(Method::GET, \"/cursored\")")
            .count(),
        1
    );
    // One pager per list: not for the POST, nor the GET of one thing.
    assert_eq!(cursored.matches("pub fn into_pager").count(), 1);

    let styles = [
        (
            "src/offsets.rs",
            "LIST_OFFSETS_PAGES",
            "Offset",
            "items: &[],",
        ),
        (
            "src/numbered.rs",
            "LIST_NUMBERED_PAGES",
            "NextUrl",
            "next: &[\"links\", \"next\"],",
        ),
        (
            "src/linked.rs",
            "LIST_LINKED_PAGES",
            "LinkHeader",
            "items: &[],",
        ),
        (
            "src/after.rs",
            "LIST_AFTER_PAGES",
            "Cursor",
            "has_more: &[\"has_more\"],",
        ),
    ];
    for (file, name, style, line) in styles {
        let plan = pagination(&files[file], name);
        assert!(
            plan.contains(&format!("style: PageStyle::{style},")),
            "{plan}"
        );
        assert!(plan.contains(line), "{line} in {plan}");
    }
    // A list the pass finds no pages in has no pager, and its module
    // imports none of the pager's types.
    let unpaged = &files["src/unpaged.rs"];
    assert!(!unpaged.contains("into_pager"), "{unpaged}");
    assert!(!unpaged.contains("Pagination"), "{unpaged}");
    assert!(!unpaged.contains("fn request("), "{unpaged}");

    let lib = &files["src/lib.rs"];
    assert!(lib.contains("Page, PageStyle, Pager,"), "{lib}");
    let readme = &files["README.md"];
    assert!(readme.contains("### Pagination"), "{readme}");
    assert!(
        readme.contains("let mut pager = client.cursored().list_cursored().into_pager();"),
        "{readme}"
    );
    assert!(files["examples/retries.rs"].contains("every_item(&client).await?;"));

    // An API without lists has no pagination section.
    let pets = generate(&repo().join("specs/pets.yaml"));
    assert!(!pets["README.md"].contains("### Pagination"));
    assert!(!pets["src/pets.rs"].contains("into_pager"));
}

#[test]
fn hostile_pagination_strings_stay_in_literals() {
    let files = hostile_pages();
    let things = &files["src/things.rs"];
    let name = "LIST_THINGS_OF_A_HOSTILE_API_WHOSE_OPERATION_ID_IS_SO_LONG_IT_WRAPS_PAGES";
    let plan = pagination(things, name);
    // Its head too long for a line, the literal goes one level in.
    assert!(
        plan.starts_with(&format!(
            "static {name}: Pagination =\n    Pagination {{\n        style: PageStyle::Cursor,"
        )),
        "{plan}"
    );
    for (n, line) in things.lines().enumerate() {
        for needle in ["fn evil", "panic!", "String::from"] {
            assert!(
                only_in_comments_or_strings(line, needle),
                "src/things.rs:{}: {line}",
                n + 1
            );
        }
    }
    // The names arrive whole, as escaped literals.
    assert!(
        plan.contains(r#""items\"); fn evil() { panic!(\"x\") } (\"---"#),
        "{plan}"
    );
    // Too long for its line: one item a line, as rustfmt writes it.
    assert!(
        plan.contains("        items: &[\n            \"items"),
        "{plan}"
    );
    assert!(plan.contains(r#""next\"]_{cursor\\\\""#), "{plan}");
    assert!(plan.contains(r#""c\"u}r\\\\s{o-r---"#), "{plan}");
}
