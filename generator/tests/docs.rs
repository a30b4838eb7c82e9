//! `sdkgen docs`: snapshots of the pages of every example spec, the pages
//! following the spec's contract when it changes, "exactly once" never
//! promised on any page of any corpus spec, and hostile spec strings kept
//! from breaking out of the Markdown and the HTML.
//!
//! The retry loops on the pages are run against `sdkgen mock` by
//! `tests_docs/` (scripts/test-docs).

use std::path::{Path, PathBuf};
use std::process::Command;

use sdkgen::docs::{self, Format};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn example_specs() -> Vec<PathBuf> {
    let mut specs: Vec<PathBuf> = std::fs::read_dir(repo().join("specs"))
        .expect("specs/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("yaml"))
        .collect();
    specs.sort();
    assert!(specs.len() >= 3, "the three example specs");
    specs
}

fn api_of(spec: &Path) -> sdkgen::ir::Api {
    let loaded = sdkgen::load::load(spec).unwrap_or_else(|d| panic!("{}: {d}", spec.display()));
    sdkgen::ir::build(&loaded).unwrap_or_else(|d| panic!("{}: {d}", spec.display()))
}

/// (file name, contents) of the pages.
fn pages(api: &sdkgen::ir::Api, format: Format) -> Vec<(String, String)> {
    docs::pages(api, format)
        .expect("the pages render")
        .into_iter()
        .map(|f| (f.path.display().to_string(), f.contents))
        .collect()
}

fn page<'a>(pages: &'a [(String, String)], name: &str) -> &'a str {
    &pages
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no page {name}"))
        .1
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_str().unwrap().to_string()
}

#[test]
fn pages_of_example_specs() {
    for spec in example_specs() {
        let api = api_of(&spec);
        for (name, text) in pages(&api, Format::Markdown) {
            insta::with_settings!({snapshot_path => "../../snapshots/docs", prepend_module_to_snapshot => false}, {
                insta::assert_snapshot!(format!("docs-{}-{name}", stem(&spec)), text);
            });
        }
    }
    let api = api_of(&repo().join("specs/payments.yaml"));
    for (name, text) in pages(&api, Format::Html) {
        insta::with_settings!({snapshot_path => "../../snapshots/docs", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("docs-payments-{name}"), text);
        });
    }
}

/// The sentence that says exactly-once delivery is not promised.
const DENIAL: &str = "they do not make delivery exactly-once";

/// Every "exactly once" or "exactly-once" in `text` (its words on one line,
/// lower case) is in the sentence that says it is not promised.
fn assert_never_promised(what: &str, text: &str) -> usize {
    let flat = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let mut found = 0;
    for phrase in ["exactly once", "exactly-once"] {
        for (at, _) in flat.match_indices(phrase) {
            found += 1;
            let start = at.saturating_sub(DENIAL.len() - phrase.len());
            assert_eq!(
                flat.get(start..at + phrase.len()),
                Some(DENIAL),
                "{what}: `{phrase}` outside the sentence that denies it: ...{}...",
                &flat[at.saturating_sub(80)..(at + 80).min(flat.len())]
            );
        }
    }
    found
}

fn corpus_specs() -> Vec<PathBuf> {
    let dir = std::env::var_os("SDKGEN_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("../shared/corpus"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!(
            "no corpus at {} (set SDKGEN_CORPUS): only the example specs are checked",
            dir.display()
        );
        return Vec::new();
    };
    let mut specs: Vec<PathBuf> = entries
        .map(|e| e.expect("readable entry").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("yaml" | "json")
            )
        })
        .collect();
    let digitalocean = dir.join("digitalocean/specification/DigitalOcean-public.v2.yaml");
    if digitalocean.exists() {
        specs.push(digitalocean);
    }
    specs.sort();
    specs
}

#[test]
fn no_page_of_any_spec_promises_exactly_once() {
    let specs: Vec<PathBuf> = example_specs().into_iter().chain(corpus_specs()).collect();
    let mut denials = 0;
    for spec in &specs {
        let api = api_of(spec);
        let keyed = api
            .operations
            .iter()
            .any(|o| o.retry.class == sdkgen::ir::RetryClass::Keyed);
        for format in [Format::Markdown, Format::Html] {
            for (name, text) in pages(&api, format) {
                let found = assert_never_promised(&format!("{}: {name}", spec.display()), &text);
                if name.starts_with("idempotency-keys") && keyed {
                    // The page of an API with keys says what they give, and
                    // that exactly-once is not it.
                    assert_eq!(found, 1, "{}: {name}", spec.display());
                }
                denials += found;
            }
        }
    }
    assert!(denials >= 2, "payments' two key pages deny it");
}

#[test]
fn a_page_that_promised_exactly_once_would_fail() {
    let bad = "With keys, every request is processed exactly once.";
    let result = std::panic::catch_unwind(|| assert_never_promised("bad", bad));
    assert!(result.is_err());
    assert_eq!(
        assert_never_promised("good", "They do not make\ndelivery exactly-once: ..."),
        1
    );
}

/// payments.yaml with `edits` made to its text.
fn edited_payments(edits: &[(&str, &str)]) -> sdkgen::ir::Api {
    let mut text = std::fs::read_to_string(repo().join("specs/payments.yaml")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "payments.yaml has `{from}`");
        text = text.replace(from, to);
    }
    let dir = std::env::temp_dir().join(format!(
        "sdkgen-docs-{}-{}",
        std::process::id(),
        edits.len()
            + edits
                .iter()
                .map(|(a, b)| a.len() * 31 + b.len())
                .sum::<usize>()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("payments.yaml");
    std::fs::write(&spec, text).unwrap();
    let api = api_of(&spec);
    let _ = std::fs::remove_dir_all(&dir);
    api
}

#[test]
fn the_pages_follow_the_spec_contract() {
    let before = pages(
        &api_of(&repo().join("specs/payments.yaml")),
        Format::Markdown,
    );
    let (retries, keys) = (
        page(&before, "retries.md"),
        page(&before, "idempotency-keys.md"),
    );
    assert!(keys.contains("| `createTransfer` | POST `/transfers` | `Idempotency-Key` | 255 |"));
    assert!(keys.contains("replay window of **24 hours (86,400 s)**"));
    assert!(retries.contains("KEY_MAX_LENGTH = 255"));
    assert!(retries.contains("STORED_FAILURES_REPLAYED = True"));
    assert!(retries.contains("| `getTransfer` | GET `/transfers/{transfer_id}` | safe | 3 | 60 s | 400 ms (the API's) | 1.2 s |"));
    assert!(retries.contains(
        "| `createSubscription` | POST `/subscriptions` | keyed | 4 | 90 s | 1.5 s | 4.5 s |"
    ));
    assert!(retries.contains("| 1 | 2 | 0 | 0 to 500 ms |"));

    // The key contract: header, length, window, codes, stored failures.
    let changed = edited_payments(&[
        ("Idempotency-Key", "X-Request-Key"),
        ("max-length: 255", "max-length: 64"),
        ("maxLength: 255", "maxLength: 64"),
        ("replay-window: 24h", "replay-window: 7d"),
        (
            "in-flight-code: concurrent_idempotent_requests",
            "in-flight-code: key_in_use",
        ),
        ("failures: replay", "failures: reattempt"),
    ]);
    let after = pages(&changed, Format::Markdown);
    let (retries, keys) = (
        page(&after, "retries.md"),
        page(&after, "idempotency-keys.md"),
    );
    assert!(keys.contains("| `createTransfer` | POST `/transfers` | `X-Request-Key` | 64 |"));
    assert!(!keys.contains("Idempotency-Key") && !retries.contains("Idempotency-Key"));
    assert!(keys.contains("replay window of **168 hours (604,800 s)**"));
    assert!(keys.contains("| `key_in_use` |"));
    assert!(!keys.contains("concurrent_idempotent_requests"));
    assert!(keys.contains("A failure is not stored"));
    assert!(retries.contains("KEY_HEADER = \"X-Request-Key\""));
    assert!(retries.contains("export const KEY_HEADER = \"X-Request-Key\";"));
    assert!(retries.contains("KEY_MAX_LENGTH = 64"));
    assert!(retries.contains("IN_FLIGHT_CODE = \"key_in_use\""));
    assert!(retries.contains("STORED_FAILURES_REPLAYED = False"));
    assert!(retries.contains("export const STORED_FAILURES_REPLAYED = false;"));

    // Latency hints, retry settings and which operations take a key.
    let changed = edited_payments(&[
        (
            "x-latency-p99-ms: 400",
            "x-latency-p99-ms: 250\nx-retries:\n  max-attempts: 5\n  base-ms: 200\n  cap-ms: 3000",
        ),
        ("max-attempts: 4", "max-attempts: 6"),
        ("      x-idempotency: true\n", ""),
    ]);
    let after = pages(&changed, Format::Markdown);
    let (retries, keys) = (
        page(&after, "retries.md"),
        page(&after, "idempotency-keys.md"),
    );
    assert!(retries.contains("| `getTransfer` | GET `/transfers/{transfer_id}` | safe | 5 | 60 s | 250 ms (the API's) | 750 ms |"));
    assert!(retries.contains(
        "| `createSubscription` | POST `/subscriptions` | keyed | 6 | 90 s | 1.5 s | 4.5 s |"
    ));
    for row in [
        "| 1 | 2 | 0 | 0 to 200 ms |",
        "| 2 | 3 | 1 | 0 to 400 ms |",
        "| 3 | 4 | 2 | 0 to 800 ms |",
        "| 4 | 5 | 3 | 0 to 1.6 s |",
    ] {
        assert!(retries.contains(row), "{row}");
    }
    assert!(retries.contains("The window reaches the cap of 3 s at retry 5"));
    assert!(retries.contains("MAX_ATTEMPTS = 5") && retries.contains("BASE_DELAY_S = 0.2"));
    assert!(
        retries.contains("CAP_DELAY_S = 3.0")
            && retries.contains("export const CAP_DELAY_MS = 3000;")
    );
    // createRefund no longer takes a key: it is unsafe now, and listed so.
    assert!(retries.contains("| `createRefund` | POST `/transfers/{transfer_id}/refunds` |\n"));
    assert!(!keys.contains("| `createRefund` |"));

    // A contract entry left out: the page says what is assumed, and
    // `docs` reports what `check` reports.
    let changed = edited_payments(&[("  mismatch-code: invalid_idempotent_request\n", "")]);
    let keys = pages(&changed, Format::Markdown);
    let keys = page(&keys, "idempotency-keys.md");
    assert!(keys.contains("> - the mismatch code: `invalid_idempotent_request`"));
    let findings = docs::undeclared(&changed);
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].rule, "key-contract-undeclared");
    let check = sdkgen::check::audit(&changed);
    assert!(check
        .findings
        .iter()
        .any(|f| f.rule == findings[0].rule && f.message == findings[0].message));
}

const HOSTILE: &str = r#"openapi: 3.0.3
info:
  title: "</title><script>alert(1)</script> ``` *API*"
  version: "1 <img src=x onerror=alert(2)>"
servers:
  - url: "https://x.example.com/\"`</code><script>alert(3)</script>"
x-idempotency:
  header: Idempotency-Key
  replay-window: 24h
  in-flight-code: "```\n<script>alert(4)</script>"
  mismatch-code: "\"); import os; os.system('x'); (\""
  failures: replay
paths:
  /things/<script>alert(5)</script>:
    post:
      operationId: makeThing
      x-idempotency: true
      responses:
        '201':
          description: made
"#;

#[test]
fn hostile_spec_strings_cannot_break_out() {
    let dir = std::env::temp_dir().join(format!("sdkgen-docs-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("hostile.yaml");
    std::fs::write(&spec, HOSTILE).unwrap();
    let api = api_of(&spec);
    let _ = std::fs::remove_dir_all(&dir);
    for (name, text) in pages(&api, Format::Html) {
        for tag in ["<script", "<img", "</title><"] {
            assert!(!text.contains(tag), "{name}: {tag}");
        }
        assert_eq!(text.matches("<title>").count(), 1, "{name}");
    }
    let clean = pages(
        &api_of(&repo().join("specs/payments.yaml")),
        Format::Markdown,
    );
    for (name, text) in pages(&api, Format::Markdown) {
        // Prose holds no tag; code spans and blocks may, as literal text.
        let mut in_block = false;
        for line in text.lines() {
            if line.starts_with("```") {
                in_block = !in_block;
            } else if !in_block && !line.contains('`') {
                assert!(
                    !line.contains("<script") && !line.contains("<img"),
                    "{name}: {line}"
                );
            }
        }
        // No spec string ends a code block early: the page has as many
        // fences as the payments page (a code span may hold backticks).
        let fences = |t: &str| t.lines().filter(|l| l.starts_with("```")).count();
        assert_eq!(fences(&text), fences(page(&clean, &name)), "{name}");
        if name == "retries.md" {
            // The in-flight code is one escaped literal on one line.
            assert!(text.contains(
                "IN_FLIGHT_CODE = \"\\u0060\\u0060\\u0060\\n<script>alert(4)</script>\"\n"
            ));
            assert!(text.contains(
                "export const IN_FLIGHT_CODE = \"\\u0060\\u0060\\u0060\\n<script>alert(4)</script>\";"
            ));
        }
    }
}

#[test]
fn the_command_writes_both_pages_and_says_what_is_undeclared() {
    let out = std::env::temp_dir().join(format!("sdkgen-docs-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    for (spec, format, ext) in [("payments", "markdown", "md"), ("audit", "html", "html")] {
        let run = Command::new(env!("CARGO_BIN_EXE_sdkgen"))
            .args(["docs"])
            .arg(repo().join(format!("specs/{spec}.yaml")))
            .arg("--out")
            .arg(&out)
            .args(["--format", format])
            .output()
            .unwrap();
        assert!(run.status.success(), "{run:?}");
        for page in ["retries", "idempotency-keys"] {
            assert!(
                out.join(format!("{page}.{ext}")).is_file(),
                "{spec}: {page}.{ext}"
            );
        }
        let stderr = String::from_utf8(run.stderr).unwrap();
        if spec == "payments" {
            assert!(!stderr.contains("warning:"), "{stderr}");
        } else {
            let api = api_of(&repo().join("specs/audit.yaml"));
            let undeclared = docs::undeclared(&api);
            assert!(undeclared
                .iter()
                .any(|f| f.rule == "key-contract-undeclared"));
            for f in undeclared {
                assert!(stderr.contains(&f.message), "{}: {stderr}", f.rule);
            }
        }
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_sdkgen"))
        .args(["docs", "no/such/spec.yaml", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&out);
}
