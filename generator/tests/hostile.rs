//! Hostile specs: every input ends in a spec or a clear error, in time
//! linear in its size, without a panic, without reading outside its folder.
//! Each test here is a case a fuzzer or a hand-made bomb once broke.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn sdkgen_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sdkgen"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sdkgen runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh folder under the target dir for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A spec whose one operation answers `C0`, with `schemas` as the YAML
/// lines under `components/schemas` (indented by four).
fn spec_with_schemas(schemas: &str) -> String {
    format!(
        "openapi: 3.0.3
info: {{title: t, version: 1.0.0}}
paths:
  /a:
    get:
      operationId: getA
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/C0'}}
components:
  schemas:
{schemas}"
    )
}

/// `n` schemas, `C{i}` made by `link(i)`, ending with a string `C{n}`.
fn chain(n: usize, link: impl Fn(usize) -> String) -> String {
    let mut schemas = String::new();
    for i in 0..n {
        writeln!(schemas, "    C{i}: {}", link(i)).unwrap();
    }
    writeln!(schemas, "    C{n}: {{type: string}}").unwrap();
    spec_with_schemas(&schemas)
}

fn alias_chain(n: usize) -> String {
    chain(n, |i| {
        format!("{{$ref: '#/components/schemas/C{}'}}", i + 1)
    })
}

fn ir_of(text: String) -> Result<sdkgen::ir::Api, sdkgen::error::Diagnostic> {
    let loaded = sdkgen::load::load_text(Path::new("hostile.yaml"), text)?;
    sdkgen::ir::build(&loaded)
}

fn emit_all(api: &sdkgen::ir::Api) {
    let config = sdkgen::config::Config::default();
    for lang in sdkgen::emit::Lang::ALL {
        let package = sdkgen::emit::PackageInfo::new(api, &config, lang);
        sdkgen::emit::emit(lang, api, &package).expect("emits");
    }
}

#[test]
fn a_100_000_link_alias_chain_is_refused_before_any_work() {
    let dir = scratch("alias-chain");
    std::fs::write(dir.join("chain.yaml"), alias_chain(100_000)).unwrap();
    let o = sdkgen_in(&dir, &["build", "chain.yaml", "--out", "sdks"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("chain.yaml"), "{err}");
    assert!(err.contains("/components/schemas/C0"), "{err}");
    assert!(err.contains("over the limit of 100"), "{err}");
    assert!(!dir.join("sdks").exists(), "nothing is written");
}

#[test]
fn chains_through_arrays_and_required_fields_are_measured_too() {
    let arrays = chain(500, |i| {
        format!(
            "{{type: array, items: {{$ref: '#/components/schemas/C{}'}}}}",
            i + 1
        )
    });
    let required = chain(500, |i| {
        format!(
            "{{type: object, required: [f], properties: {{f: {{$ref: '#/components/schemas/C{}'}}}}}}",
            i + 1
        )
    });
    for text in [arrays, required] {
        let err = ir_of(text).expect_err("refused");
        assert!(err.message.contains("over the limit of 100"), "{err}");
    }
}

#[test]
fn a_chain_at_the_limit_builds_all_three_sdks() {
    let api = ir_of(alias_chain(99)).expect("accepted");
    assert_eq!(api.types.len(), 100);
    emit_all(&api);
    // Optional fields do not count: the emitters do not follow them.
    let optional = chain(3_000, |i| {
        format!(
            "{{type: object, properties: {{f: {{$ref: '#/components/schemas/C{}'}}}}}}",
            i + 1
        )
    });
    ir_of(optional).expect("accepted");
}

#[test]
fn a_deep_schema_that_does_not_read_is_degraded_in_linear_time() {
    // Each level doubled the work: depth 19 took 6 s, depth 40 would take days.
    let mut schema = "{type: object, properties: 0}".to_string();
    for _ in 0..40 {
        schema = format!("{{type: object, properties: {{n: {schema}}}}}");
    }
    let text = format!(
        "openapi: 3.0.3\ninfo: {{title: t, version: 1.0.0}}\npaths: {{}}\ncomponents:\n  schemas:\n    N: {schema}\n"
    );
    let api = ir_of(text).expect("read, with the bad schema degraded");
    let pointer = format!("/components/schemas/N{}", "/properties/n".repeat(40));
    let w = api
        .warnings
        .iter()
        .find(|w| w.kind == "degraded-schema")
        .expect("a warning");
    assert_eq!(w.pointer, pointer);
    emit_all(&api);
}

/// A spec with one POST whose operationId is `id`, titled `title` (YAML
/// double-quoted, so escapes work).
fn one_post(title: &str, id: &str) -> String {
    format!(
        "openapi: 3.0.3\ninfo: {{title: \"{title}\", version: 1.0.0}}\npaths:\n  /a:\n    post:\n      operationId: {id}\n      responses:\n        '200': {{description: ok}}\n"
    )
}

#[test]
fn a_70_000_character_operation_id_is_refused_and_a_path_that_long_printed() {
    let dir = scratch("long-op");
    let id = format!("op{}", "x".repeat(70_000));
    std::fs::write(dir.join("long.yaml"), one_post("t", &id)).unwrap();
    let o = sdkgen_in(&dir, &["check", "long.yaml"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("70002 characters long, over the limit of 1024"),
        "{err}"
    );
    assert!(
        err.len() < 1_000,
        "the message quotes the start of the name only"
    );
    // Paths have no such limit: check's table holds a path of any width.
    let path = format!("/a/{}", "x".repeat(70_000));
    // In JSON: YAML takes implicit keys of up to 1,024 characters.
    let text = format!(
        "{{\"openapi\": \"3.0.3\", \"info\": {{\"title\": \"t\", \"version\": \"1\"}}, \"paths\": {{\"{path}\": {{\"post\": {{\"operationId\": \"createA\", \"responses\": {{\"200\": {{\"description\": \"ok\"}}}}}}}}}}}}"
    );
    std::fs::write(dir.join("wide.json"), text).unwrap();
    let o = sdkgen_in(&dir, &["check", "wide.json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let row = out
        .lines()
        .find(|l| l.starts_with("  POST"))
        .expect("a row for the POST");
    assert!(
        row.contains(&format!("{path} createA")),
        "the path is printed whole"
    );
}

#[test]
fn control_characters_of_the_spec_are_escaped_in_what_check_prints() {
    let dir = scratch("controls");
    std::fs::write(
        dir.join("evil.yaml"),
        one_post("evil\\e[2J\\r\\ntitle\\0\\u009b", "createThing"),
    )
    .unwrap();
    let o = sdkgen_in(&dir, &["check", "evil.yaml"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        out.starts_with("evil\\u{1b}[2J\\r\\ntitle\\0\\u{9b} 1.0.0"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\0') && !out.contains('\r'));
    // A diagnostic quoting spec text is escaped too.
    std::fs::write(
        dir.join("dangling.yaml"),
        "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: \"#/components/schemas/X\\e]0;pwned\\a\"}\n",
    )
    .unwrap();
    let o = sdkgen_in(&dir, &["check", "dangling.yaml"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("X\\u{1b}]0;pwned\\u{7}"), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err}");
}

#[test]
fn a_closed_pipe_ends_check_quietly() {
    use std::process::Stdio;
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for format in ["json", "table"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sdkgen"))
            .args(["check", "specs/payments.yaml", "--format", format])
            .current_dir(&repo)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sdkgen runs");
        // The reader goes away before sdkgen has written anything.
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("sdkgen ends");
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{err}");
        use std::os::unix::process::ExitStatusExt;
        assert!(
            o.status.code() == Some(0) || o.status.signal() == Some(13),
            "{:?} {err}",
            o.status
        );
    }
}

/// A spec in `dir/spec/root.yaml` whose one response schema is `$ref: target`.
fn root_referring_to(dir: &Path, target: &str) -> PathBuf {
    let spec = dir.join("spec");
    std::fs::create_dir_all(&spec).unwrap();
    let root = spec.join("root.yaml");
    std::fs::write(
        &root,
        format!(
            "openapi: 3.0.3\ninfo: {{title: t, version: 1.0.0}}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {{$ref: '{target}'}}\n"
        ),
    )
    .unwrap();
    root
}

fn refused(root: &Path, ref_root: Option<&Path>) -> String {
    let loaded = sdkgen::load::load_rooted(root, ref_root);
    match loaded {
        Ok(_) => panic!("{} was read", root.display()),
        Err(d) => {
            assert!(d.pointer.ends_with("/schema/$ref"), "{d}");
            d.to_string()
        }
    }
}

#[test]
fn external_references_stay_under_the_spec_folder() {
    let dir = scratch("refs-outside");
    std::fs::create_dir_all(dir.join("secret")).unwrap();
    std::fs::write(
        dir.join("secret/s.yaml"),
        "secret: {type: string, description: TOPSECRET}\n",
    )
    .unwrap();
    let root = root_referring_to(&dir, "../secret/s.yaml#/secret");
    let err = refused(&root, None);
    assert!(err.contains("outside the spec's root folder"), "{err}");
    assert!(err.contains("--ref-root"), "{err}");
    // Through a symlink inside the folder, and by absolute path, too.
    std::os::unix::fs::symlink(dir.join("secret/s.yaml"), dir.join("spec/link.yaml")).unwrap();
    let root = root_referring_to(&dir, "link.yaml#/secret");
    assert!(refused(&root, None).contains("outside the spec's root folder"));
    let absolute = format!("{}#/secret", dir.join("secret/s.yaml").display());
    let root = root_referring_to(&dir, &absolute);
    assert!(refused(&root, None).contains("outside the spec's root folder"));
    // A root folder that holds both lets it through.
    let loaded = sdkgen::load::load_rooted(&root, Some(&dir)).expect("read");
    let api = sdkgen::ir::build(&loaded).expect("built");
    assert_eq!(api.types[0].description.as_deref(), Some("TOPSECRET"));
}

#[test]
fn references_to_devices_fifos_and_folders_are_refused_without_reading() {
    let dir = scratch("refs-special");
    // Within the root, so that only the kind of file refuses them.
    for (target, what) in [
        ("/dev/zero", "not a regular file"),
        ("fifo.yaml", "not a regular file"),
        ("folder.yaml", "is a folder"),
    ] {
        let root = root_referring_to(&dir, target);
        let spec = root.parent().unwrap();
        let _ = std::fs::create_dir(spec.join("folder.yaml"));
        if !spec.join("fifo.yaml").exists() {
            let made = Command::new("mkfifo")
                .arg(spec.join("fifo.yaml"))
                .status()
                .expect("mkfifo runs");
            assert!(made.success());
        }
        let ref_root = if target.starts_with('/') {
            Some(Path::new("/"))
        } else {
            None
        };
        let err = refused(&root, ref_root);
        assert!(err.contains(what), "{target}: {err}");
    }
}

#[test]
fn an_oversized_referenced_file_is_refused() {
    let dir = scratch("refs-big");
    let root = root_referring_to(&dir, "big.yaml#/S");
    let big = std::fs::File::create(dir.join("spec/big.yaml")).unwrap();
    // Sparse: the size is reported without writing 64 MB.
    big.set_len(sdkgen::load::files::MAX_FILE_BYTES + 1)
        .unwrap();
    let err = refused(&root, None);
    assert!(err.contains("over the limit of 67108864 bytes"), "{err}");
}

fn path_item(path: &str, method: &str) -> String {
    format!("  {path}:\n    {method}:\n      responses: {{'200': {{description: ok}}}}\n")
}

#[test]
fn duplicate_keys_are_errors_with_both_lines_in_yaml_and_json() {
    let head = "openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths:\n";
    let twice_a = format!(
        "{head}{}{}{}",
        path_item("/a", "get"),
        path_item("/b", "get"),
        path_item("/a", "post")
    );
    let err = ir_of(twice_a).expect_err("refused");
    assert_eq!(err.pointer, "/paths/~1a");
    assert!(
        err.message.contains("given at line 4 and again at line 10"),
        "{err}"
    );
    assert_eq!(err.line, Some(10));

    let twice_paths = format!(
        "{head}{}paths:\n{}",
        path_item("/a", "get"),
        path_item("/b", "get")
    );
    let err = ir_of(twice_paths).expect_err("refused");
    assert_eq!(err.pointer, "/paths");
    assert!(
        err.message.contains("given at line 3 and again at line 7"),
        "{err}"
    );

    // A document big enough to be read in pieces, the repeat in another piece.
    let mut big = head.to_string();
    for i in 0..4_000 {
        big.push_str(&path_item(&format!("/p{i}"), "get"));
    }
    big.push_str(&path_item("/p1", "post"));
    let err = ir_of(big).expect_err("refused");
    assert_eq!(err.pointer, "/paths/~1p1");

    let json = "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"t\", \"version\": \"1\"},\n \"paths\": {\n  \"/a\": {\"get\": {\"responses\": {\"200\": {\"description\": \"ok\"}}}},\n  \"/a\": {\"post\": {\"responses\": {\"200\": {\"description\": \"ok\"}}}}}}\n";
    let loaded = sdkgen::load::load_text(Path::new("spec.json"), json.to_string());
    let err = loaded.err().expect("refused");
    assert_eq!(err.pointer, "/paths/~1a");
    assert!(
        err.message.contains("given at line 3 and again at line 4"),
        "{err}"
    );
}

/// `one_post` with `extra` spliced in at the operation's level (indented by
/// six) and `root` at the document's.
fn post_with(extra: &str, root: &str) -> String {
    format!(
        "openapi: 3.0.3\ninfo: {{title: t, version: 1.0.0}}\n{root}paths:\n  /a:\n    post:\n      operationId: createA\n{extra}      responses:\n        '200': {{description: ok}}\n"
    )
}

#[test]
fn names_that_reach_code_are_checked() {
    let cases = [
        (
            post_with("      parameters:\n        - {name: \"X-A\\\"b\", in: header, schema: {type: string}}\n", ""),
            "not a valid HTTP header or cookie name",
        ),
        (
            post_with("      parameters:\n        - {name: \"X-A\\r\\nEvil: 1\", in: header, schema: {type: string}}\n", ""),
            "not a valid HTTP header or cookie name",
        ),
        (
            post_with("      parameters:\n        - {name: \"sid x\", in: cookie, schema: {type: string}}\n", ""),
            "not a valid HTTP header or cookie name",
        ),
        (
            post_with("", "x-idempotency: {header: \"Idem\\nKey\"}\n"),
            "idempotency-key header",
        ),
        (
            post_with("      security: [{k: []}]\n", "components:\n  securitySchemes:\n    k: {type: apiKey, in: header, name: \"X-Key\\r\\n\"}\n"),
            "API key name",
        ),
        (
            post_with("      security: [{\"a\\\"b\": []}]\n", "components:\n  securitySchemes:\n    \"a\\\"b\": {type: http, scheme: bearer}\n"),
            "holds quotes, backslashes or control characters",
        ),
        (
            post_with(&format!("      tags: [{}]\n", "t".repeat(129)), ""),
            "over the limit of 128",
        ),
    ];
    for (text, expected) in cases {
        let err = ir_of(text.clone()).expect_err(&text);
        assert!(err.message.contains(expected), "{err}\n{text}");
        assert!(err.hint.is_some(), "{err}");
    }
    // Tokens with every allowed punctuation pass.
    let fine = post_with(
        "      parameters:\n        - {name: \"X-Odd!#$%&'*+.^_`|~1\", in: header, schema: {type: string}}\n",
        "",
    );
    ir_of(fine).expect("a token");
}

#[test]
fn package_names_are_valid_for_each_registry() {
    let dir = scratch("package-names");
    let title = format!("Evil\\0 \\e[2J {}", "A".repeat(250));
    std::fs::write(dir.join("t.yaml"), one_post(&title, "createA")).unwrap();
    let o = sdkgen_in(&dir, &["build", "t.yaml", "--out", "sdks"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    // A title that long gives no name: its first two words, with a warning.
    assert!(
        err.contains("package name evil-2j guessed from the title's first words"),
        "{err}"
    );
    let cargo = std::fs::read_to_string(dir.join("sdks/rust/Cargo.toml")).unwrap();
    assert!(cargo.contains("name = \"evil-2j\""), "{cargo}");
    assert!(!cargo.contains("\\u0000"), "{cargo}");
    let pyproject = std::fs::read_to_string(dir.join("sdks/python/pyproject.toml")).unwrap();
    assert!(pyproject.contains("name = \"evil-2j\""), "{pyproject}");
    // A name given for one registry is used as written, so it must be valid.
    std::fs::write(dir.join("sdkgen.toml"), "[node]\nname = \"Payments\"\n").unwrap();
    let o = sdkgen_in(&dir, &["build", "t.yaml", "--out", "sdks2"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("sdkgen.toml: the node package name \"Payments\" is not valid"),
        "{err}"
    );
    assert!(!dir.join("sdks2").exists());
}

#[test]
fn mock_refuses_a_fault_on_an_unknown_operation_and_names_a_busy_address() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let o = sdkgen_in(
        &repo,
        &[
            "mock",
            "specs/payments.yaml",
            "--faults",
            "status=503,op=nope",
        ],
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no operation `nope` in the spec"), "{err}");
    assert!(
        err.contains("createTransfer"),
        "the known operations are listed: {err}"
    );

    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = busy.local_addr().unwrap().port().to_string();
    let o = sdkgen_in(&repo, &["mock", "specs/payments.yaml", "--port", &port]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
}
