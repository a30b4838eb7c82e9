//! The command line as users and scripts meet it: messages and exit codes.

use std::path::Path;
use std::process::{Command, Output};

fn sdkgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sdkgen"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .output()
        .expect("sdkgen runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn audit_example_flags_the_appending_put_and_decrementing_delete() {
    let o = sdkgen(&["check", "specs/audit.yaml"]);
    assert_eq!(o.status.code(), Some(1), "errors found means exit 1");
    let out = stdout(&o);
    assert!(
        out.contains("idempotency-claim PUT /accounts/{account_id}/notes"),
        "{out}"
    );
    assert!(out.contains("says `append`"), "{out}");
    // The finding changes what the SDKs do: both are generated as unsafe.
    assert!(
        out.contains("PUT    /accounts/{account_id}/notes   addAccountNote      unsafe"),
        "{out}"
    );
    assert!(
        out.contains("idempotency-claim DELETE /accounts/{account_id}/credits"),
        "{out}"
    );
    assert!(out.contains("says `decrement`"), "{out}");
    assert!(
        out.contains("error   unsafe-undocumented POST /accounts/{account_id}/charges"),
        "{out}"
    );
}

#[test]
fn payments_transfers_are_keyed_and_the_spec_is_clean() {
    let o = sdkgen(&["check", "specs/payments.yaml", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json output");
    let rows = report["state_changing"].as_array().expect("rows");
    let transfer = rows
        .iter()
        .find(|r| r["operation"] == "createTransfer")
        .expect("createTransfer listed");
    assert_eq!(transfer["class"], "keyed");
    assert_eq!(transfer["key"], "Idempotency-Key");
    assert_eq!(report["errors"], 0);
}

#[test]
fn findings_name_the_file_and_line_of_their_operation() {
    let o = sdkgen(&["check", "specs/payments.yaml", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json output");
    let finding = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .find(|f| f["operationId"] == "updateVendor")
        .expect("a finding about updateVendor");
    assert_eq!(finding["method"], "PATCH");
    assert_eq!(finding["path"], "/vendors/{vendor_id}");
    assert_eq!(finding["file"], "specs/payments.yaml");
    let line = finding["line"].as_u64().expect("a line") as usize;
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(repo.join("specs/payments.yaml")).unwrap();
    let at = text.lines().nth(line - 1).unwrap();
    assert_eq!(at.trim(), "patch:", "line {line}");
    assert_eq!(
        text.lines().nth(line).unwrap().trim(),
        "operationId: updateVendor"
    );
    let table = stdout(&sdkgen(&["check", "specs/payments.yaml"]));
    assert!(
        table.contains(&format!("at specs/payments.yaml:{line}")),
        "{table}"
    );
}

#[test]
fn strict_fails_on_warnings() {
    // pets has an error already; payments is clean, so use a spec with only warnings.
    let dir = tempdir();
    let spec = dir.join("warn.yaml");
    std::fs::write(
        &spec,
        "openapi: 3.0.3\ninfo: {title: W, version: 1.0.0}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {description: ok}\n",
    )
    .unwrap();
    let spec = spec.to_str().unwrap();
    assert_eq!(sdkgen(&["check", spec]).status.code(), Some(0));
    assert_eq!(sdkgen(&["check", spec, "--strict"]).status.code(), Some(1));
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sdkgen-cli-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn unreadable(spec: &str, expected: &[&str]) {
    let o = sdkgen(&["check", spec]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "unreadable spec means exit 2: {}",
        stderr(&o)
    );
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    for e in expected {
        assert!(err.contains(e), "expected `{e}` in:\n{err}");
    }
}

#[test]
fn missing_file() {
    unreadable(
        "generator/tests/fixtures/does-not-exist.yaml",
        &["does-not-exist.yaml", "cannot read the spec", "hint:"],
    );
}

#[test]
fn bad_yaml_names_the_line() {
    unreadable(
        "generator/tests/fixtures/bad-yaml.yaml",
        &["bad-yaml.yaml:5", "invalid YAML"],
    );
}

#[test]
fn dangling_ref_names_the_pointer_and_line() {
    unreadable(
        "generator/tests/fixtures/dangling.yaml",
        &[
            "dangling.yaml:11",
            "/paths/~1things/get/responses/200/content/application~1json/schema",
            "#/components/schemas/Missing",
        ],
    );
}

#[test]
fn dangling_file_ref() {
    unreadable(
        "generator/tests/fixtures/multi/dangling-file.yaml",
        &["models/nope.yml", "$ref", "relative path"],
    );
}

#[test]
fn required_cycle() {
    unreadable(
        "generator/tests/fixtures/cycle.yaml",
        &[
            "cycle.yaml:6",
            "/components/schemas/Chicken",
            "Chicken -> Egg -> Chicken",
        ],
    );
}

#[test]
fn operation_without_responses() {
    unreadable(
        "generator/tests/fixtures/no-responses.yaml",
        &["/paths/~1things/post/responses", "no responses"],
    );
}

#[test]
fn swagger_two_is_refused_with_a_way_out() {
    unreadable(
        "generator/tests/fixtures/swagger.yaml",
        &["Swagger 2.0 is not supported", "convert"],
    );
}

#[test]
fn build_writes_each_requested_language_only() {
    let dir = tempdir().join("out");
    let o = sdkgen(&[
        "build",
        "specs/pets.yaml",
        "--out",
        dir.to_str().unwrap(),
        "--lang",
        "python",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(dir.join("python").join("pyproject.toml").exists());
    assert!(!dir.join("rust").exists() && !dir.join("node").exists());
}

#[test]
fn build_counts_the_paginated_operations_by_style() {
    let dir = tempdir().join("out");
    let o = sdkgen(&[
        "build",
        "generator/tests/fixtures/pages.yaml",
        "--out",
        dir.to_str().unwrap(),
        "--lang",
        "node",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "pagination: 5 list operations hand out their results a page at a time \
             (2 cursor, 1 link_header, 1 next_url, 1 offset)"
        ),
        "{}",
        stderr(&o)
    );
    let o = sdkgen(&[
        "build",
        "specs/pets.yaml",
        "--out",
        dir.to_str().unwrap(),
        "--lang",
        "node",
    ]);
    assert!(!stderr(&o).contains("pagination:"), "{}", stderr(&o));
}

#[test]
fn build_lists_what_it_degraded_with_the_schema_it_names() {
    let dir = tempdir();
    let spec = dir.join("bounds.yaml");
    std::fs::write(
        &spec,
        "openapi: 3.0.3\ninfo: {title: Bounds, version: 1.0.0}\npaths:\n  /seeds:\n    get:\n      operationId: getSeed\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/Seed'}\ncomponents:\n  schemas:\n    Seed:\n      type: object\n      properties:\n        seed: {type: integer, maximum: 99999999999999999999999}\n",
    )
    .unwrap();
    let o = sdkgen(&[
        "build",
        spec.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("warnings: 1 integer-bound"), "{err}");
    assert!(
        err.contains("at /components/schemas/Seed/properties/seed: integer-bound: `maximum:"),
        "{err}"
    );
}

#[test]
fn help_lists_the_commands() {
    let out = stdout(&sdkgen(&["--help"]));
    for cmd in ["check", "build", "ir"] {
        assert!(out.contains(cmd), "{out}");
    }
    let build = stdout(&sdkgen(&["build", "--help"]));
    for flag in ["--out", "--lang", "--config"] {
        assert!(build.contains(flag), "{build}");
    }
}

#[test]
fn build_lists_the_operations_it_does_not_trust_their_method_for() {
    let out = std::env::temp_dir().join(format!("sdkgen-cli-doubted-{}", std::process::id()));
    let o = sdkgen(&[
        "build",
        "specs/audit.yaml",
        "--lang",
        "node",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("note: 2 PUT/DELETE operations generated as unsafe or keyed"),
        "{err}"
    );
    assert!(
        err.contains("addAccountNote (PUT /accounts/{account_id}/notes: `append`)"),
        "{err}"
    );
    assert!(
        err.contains("useCredit (DELETE /accounts/{account_id}/credits: `decrement`)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn ir_names_lists_each_operation_with_its_rule() {
    let o = sdkgen(&["ir", "--names", "generator/tests/fixtures/focus/names.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "GET\t/v1/customers/{customer}/tax_ids\tcustomers.list_tax_ids\trest-shape\n",
        "GET\t/orgs/{org}/repos\trepos.list_for_org\tscoped-id\n",
        "GET\t/apps\tapps.list\toperation-id\n",
        "POST\t/invoices/{id}/send\tbilling_invoices.send\tspeakeasy\n",
        "GET\t/v1/customers/all\tcustomers.list_all_customers\tclash\n",
    ] {
        assert!(out.contains(line), "{line:?} missing from\n{out}");
    }
    assert_eq!(out.lines().count(), 17, "{out}");
    // The clash is reported where it happened.
    let out_dir = std::env::temp_dir().join(format!("sdkgen-names-{}", std::process::id()));
    let o = sdkgen(&[
        "build",
        "generator/tests/fixtures/focus/names.yaml",
        "--lang",
        "python",
        "--out",
        &out_dir.to_string_lossy(),
    ]);
    let _ = std::fs::remove_dir_all(&out_dir);
    let err = stderr(&o);
    assert!(
        err.contains("name-clash: GET /v1/customers/all would be `customers.list`"),
        "{err}"
    );
}

#[test]
fn provider_settings_reach_every_package() {
    let dir = tempdir().join("provider");
    std::fs::create_dir_all(&dir).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::copy(repo.join("specs/payments.yaml"), dir.join("payments.yaml")).unwrap();
    std::fs::write(dir.join("LICENSE.txt"), "Copyright the provider.\n").unwrap();
    std::fs::write(
        dir.join("sdkgen.toml"),
        "[package]\nlicense-file = \"LICENSE.txt\"\n[groups.transfers]\nlatency-p99-ms = 2000\n\
         [operations.createRefund]\ndeadline-ms = 300000\n",
    )
    .unwrap();
    let spec = dir.join("payments.yaml");
    let out = dir.join("out");
    let o = sdkgen(&[
        "build",
        spec.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for lang in ["rust", "python", "node"] {
        let text = std::fs::read_to_string(out.join(lang).join("LICENSE")).unwrap();
        assert_eq!(text, "Copyright the provider.\n", "{lang}");
    }
    let ir = stdout(&sdkgen(&["ir", spec.to_str().unwrap()]));
    let api: serde_yaml::Value = serde_yaml::from_str(&ir).expect("the IR as YAML");
    let ops = api["operations"].as_sequence().expect("operations");
    let find = |id: &str| ops.iter().find(|o| o["id"] == id).unwrap()["plan"]["retry"].clone();
    assert_eq!(find("createTransfer")["effective"]["p99_ms"], 2000);
    assert_eq!(find("createRefund")["effective"]["deadline_ms"], 300000);

    // A licence outside the config's folder is refused before anything is written.
    std::fs::write(
        dir.join("sdkgen.toml"),
        "[package]\nlicense-file = \"../elsewhere\"\n",
    )
    .unwrap();
    std::fs::write(dir.parent().unwrap().join("elsewhere"), "x").unwrap();
    let o = sdkgen(&[
        "build",
        spec.to_str().unwrap(),
        "--out",
        dir.join("out2").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("outside the folder of sdkgen.toml"),
        "{}",
        stderr(&o)
    );
    assert!(!dir.join("out2").exists());
    // A group the spec does not have is an error naming the table.
    std::fs::write(
        dir.join("sdkgen.toml"),
        "[groups.transferz]\ndeadline-ms = 1\n",
    )
    .unwrap();
    let o = sdkgen(&["check", spec.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("[groups.transferz]"), "{}", stderr(&o));
}

#[test]
fn constant_headers_are_checked_and_reach_the_ir() {
    let dir = tempdir().join("headers");
    std::fs::create_dir_all(&dir).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::copy(repo.join("specs/payments.yaml"), dir.join("payments.yaml")).unwrap();
    let spec = dir.join("payments.yaml");
    std::fs::write(
        dir.join("sdkgen.toml"),
        "[headers]\nPayments-Version = \"2024-05-01\"\n",
    )
    .unwrap();
    let ir = stdout(&sdkgen(&["ir", spec.to_str().unwrap()]));
    let api: serde_yaml::Value = serde_yaml::from_str(&ir).expect("the IR as YAML");
    assert_eq!(api["constant_headers"][0][0], "Payments-Version");
    assert_eq!(api["constant_headers"][0][1], "2024-05-01");
    for bad in [
        "\"Bad Name\" = \"x\"",
        "Authorization = \"Bearer x\"",
        "X-Ok = \"line\\nbreak\"",
    ] {
        std::fs::write(dir.join("sdkgen.toml"), format!("[headers]\n{bad}\n")).unwrap();
        let o = sdkgen(&["check", spec.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("[headers]"), "{}", stderr(&o));
    }
}
