//! `--overlay`, `overlays = [...]` in sdkgen.toml and `check --suggest-overlay`,
//! through the command line as a provider uses them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn sdkgen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sdkgen"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("sdkgen runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sdkgen-overlay-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn check_json(args: &[&str]) -> (Option<i32>, Value, String) {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let o = sdkgen(&all);
    let report = serde_json::from_slice(&o.stdout).unwrap_or(Value::Null);
    (
        o.status.code(),
        report,
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn class_of(report: &Value, operation: &str) -> String {
    report["state_changing"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["operation"] == operation)
        .map(|r| r["class"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

const KEY_CHARGES: &str = "overlay: 1.0.0
info: {title: keys for charges, version: '1'}
actions:
  - target: \"$.paths['/accounts/{account_id}/charges'].post\"
    update: {x-idempotency: true}
";

#[test]
fn an_overlay_turns_an_unsafe_post_into_a_keyed_one_everywhere() {
    let dir = scratch("keyed");
    let overlay = dir.join("keys.yaml");
    std::fs::write(&overlay, KEY_CHARGES).unwrap();
    let overlay = overlay.to_str().unwrap();

    let (code, before, _) = check_json(&["specs/audit.yaml"]);
    assert_eq!(code, Some(1));
    assert_eq!(class_of(&before, "createCharge"), "unsafe");

    let (_, after, stderr) = check_json(&["specs/audit.yaml", "--overlay", overlay]);
    assert_eq!(class_of(&after, "createCharge"), "keyed", "{stderr}");
    assert!(!after["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["rule"] == "unsafe-undocumented" && f["operationId"] == "createCharge"));

    // `ir` and `build` read the same overlay: the SDKs send a key for it.
    let ir = sdkgen(&["ir", "specs/audit.yaml", "--overlay", overlay]);
    let ir: serde_yaml::Value = serde_yaml::from_slice(&ir.stdout).unwrap();
    let op = ir["operations"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|o| o["id"] == "createCharge")
        .unwrap();
    assert_eq!(op["plan"]["key"]["header"], "Idempotency-Key");

    let out = dir.join("sdks");
    let o = sdkgen(&[
        "build",
        "specs/audit.yaml",
        "--lang",
        "python",
        "--out",
        out.to_str().unwrap(),
        "--overlay",
        overlay,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut found = false;
    for entry in walk(&out.join("python")) {
        let text = std::fs::read_to_string(&entry).unwrap_or_default();
        if let Some(at) = text.find("name=\"createCharge\"") {
            let descriptor = &text[at..text[at..].find(')').map_or(text.len(), |e| at + e)];
            assert!(descriptor.contains("KEYED"), "{descriptor}");
            assert!(
                descriptor.contains("key_header=\"Idempotency-Key\""),
                "{descriptor}"
            );
            found = true;
        }
    }
    assert!(found, "the createCharge descriptor is in the Python SDK");
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn overlays_from_sdkgen_toml_come_first_and_relative_to_it() {
    let dir = scratch("toml");
    std::fs::copy(root().join("specs/audit.yaml"), dir.join("audit.yaml")).unwrap();
    std::fs::create_dir_all(dir.join("fixes")).unwrap();
    std::fs::write(dir.join("fixes/keys.yaml"), KEY_CHARGES).unwrap();
    std::fs::write(
        dir.join("sdkgen.toml"),
        "overlays = [\"fixes/keys.yaml\"]\n",
    )
    .unwrap();
    // Given after the file's, this one has the last word on the same operation.
    let later = dir.join("later.yaml");
    std::fs::write(
        &later,
        "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: \"$.paths['/accounts/{account_id}/charges'].post\"\n    update: {x-idempotency: false, x-idempotent: false}\n",
    )
    .unwrap();
    let spec = dir.join("audit.yaml");
    let (_, report, _) = check_json(&[spec.to_str().unwrap()]);
    assert_eq!(class_of(&report, "createCharge"), "keyed");
    let (_, report, _) =
        check_json(&[spec.to_str().unwrap(), "--overlay", later.to_str().unwrap()]);
    assert_eq!(class_of(&report, "createCharge"), "unsafe");
}

#[test]
fn a_bad_overlay_names_its_file_action_and_target() {
    let dir = scratch("bad");
    let overlay = dir.join("bad.yaml");
    std::fs::write(
        &overlay,
        "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.info\n    update: {x-ok: 1}\n  - target: $.info.title\n    update: {x: 1}\n",
    )
    .unwrap();
    let o = sdkgen(&[
        "check",
        "specs/audit.yaml",
        "--overlay",
        overlay.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.yaml:6 at /actions/1"), "{err}");
    assert!(err.contains("$.info.title"), "{err}");
    assert!(err.contains("hint:"), "{err}");

    let o = sdkgen(&[
        "check",
        "specs/audit.yaml",
        "--overlay",
        "/nonexistent/o.yaml",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/o.yaml"));
}

#[test]
fn a_target_that_selects_nothing_is_a_warning() {
    let dir = scratch("nomatch");
    let overlay = dir.join("o.yaml");
    std::fs::write(
        &overlay,
        "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: \"$.paths['/gone'].get\"\n    remove: true\n",
    )
    .unwrap();
    let (_, report, _) = check_json(&["specs/audit.yaml", "--overlay", overlay.to_str().unwrap()]);
    let finding = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "overlay-no-match")
        .expect("an overlay-no-match finding");
    assert!(finding["message"]
        .as_str()
        .unwrap()
        .contains("$.paths['/gone'].get"));
}

#[test]
fn the_suggested_overlay_is_a_valid_overlay_that_changes_nothing_until_edited() {
    let dir = scratch("suggest");
    let file = dir.join("fixes.yaml");
    let o = sdkgen(&[
        "check",
        "specs/audit.yaml",
        "--suggest-overlay",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = std::fs::read_to_string(&file).unwrap();
    // One action per fixable finding: the unsafe POST and both suspicious
    // PUT/DELETE, the key contract's gaps and the latency hints.
    assert!(
        text.contains("$.paths['/accounts/{account_id}/charges'].post"),
        "{text}"
    );
    assert!(text.contains("# update: {x-idempotency: true}"), "{text}");
    assert!(
        text.contains("$.paths['/accounts/{account_id}/notes'].put"),
        "{text}"
    );
    assert!(
        text.contains("$.paths['/accounts/{account_id}/credits'].delete"),
        "{text}"
    );
    assert!(text.contains("x-latency-p99-ms"), "{text}");

    let (_, before, _) = check_json(&["specs/audit.yaml"]);
    let (code, after, stderr) =
        check_json(&["specs/audit.yaml", "--overlay", file.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(before, after);

    // Making the first choice of the unsafe POST's action does what it says.
    let chosen = text.replacen(
        "    update: {}\n    # update: {x-idempotency: true}",
        "    update: {x-idempotency: true}\n    #",
        1,
    );
    assert_ne!(chosen, text);
    std::fs::write(&file, chosen).unwrap();
    let (_, after, _) = check_json(&["specs/audit.yaml", "--overlay", file.to_str().unwrap()]);
    assert_eq!(class_of(&after, "createCharge"), "keyed");
}

#[test]
fn the_stripe_overlay_keys_every_post() {
    let corpus = std::env::var_os("SDKGEN_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/corpus"));
    let stripe = corpus.join("stripe.yaml");
    if !stripe.exists() {
        eprintln!(
            "no corpus at {}: the Stripe overlay was not checked",
            corpus.display()
        );
        return;
    }
    let stripe = stripe.to_str().unwrap();
    let (code, before, _) = check_json(&[stripe]);
    assert_eq!(code, Some(1));
    let rows = |r: &Value| -> Vec<(String, String)> {
        r["state_changing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["method"].as_str().unwrap().to_string(),
                    r["class"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        rows(&before).iter().filter(|(_, c)| c == "keyed").count(),
        0
    );
    let (code, after, stderr) = check_json(&[
        stripe,
        "--overlay",
        "specs/overlays/stripe-idempotency.yaml",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let after = rows(&after);
    let posts: Vec<_> = after.iter().filter(|(m, _)| m == "POST").collect();
    assert!(posts.len() > 200);
    assert!(posts.iter().all(|(_, c)| c == "keyed"));
}
