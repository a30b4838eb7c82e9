//! `sdkgen verify` against the reference servers of tests/zoo (one per way
//! of breaking the server half of the key contract, and a correct one, all
//! on SQLite) and against `sdkgen mock`: each broken server fails exactly
//! its gate, the correct one and the mock fail none.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Output, Stdio};

use serde_json::Value;

/// Stops the server however the test ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn zoo_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/zoo")
}

fn sdkgen() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sdkgen"));
    cmd.current_dir(root());
    cmd
}

/// Reads `listening on http://ADDR` from a server's first line.
fn listening(stdout: ChildStdout, what: &str) -> String {
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .unwrap_or_else(|e| panic!("{what}: no first line: {e}"));
    line.trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("{what}: first line {line:?}"))
        .to_string()
}

/// A reference server; stdin stays open as long as it runs (it stops when
/// the pipe closes).
fn zoo(mode: &str) -> (String, Running) {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let mut child = Command::new(&python)
        .arg(zoo_dir().join("zoo.py"))
        .arg(mode)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {python} (the reference servers are Python): {e}"));
    let stdout = child.stdout.take().expect("stdout");
    let url = listening(stdout, &format!("zoo.py {mode}"));
    (url, Running(child))
}

fn mock(spec: &str) -> (String, Running) {
    let mut child = sdkgen()
        .args(["mock", spec, "--quiet"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sdkgen mock starts");
    let stdout = child.stdout.take().expect("stdout");
    (listening(stdout, "sdkgen mock"), Running(child))
}

const SECRET_1: &str = "alice-secret-token-6c1f";
const SECRET_2: &str = "bob-secret-token-93ad";

fn verify(spec: &str, base_url: &str, extra: &[&str]) -> Output {
    sdkgen()
        .args(["verify", spec, "--base-url", base_url, "--allow-writes"])
        .args(["--credential", SECRET_1, "--credential", SECRET_2])
        .args(extra)
        .output()
        .expect("sdkgen verify runs")
}

fn text(out: &Output) -> String {
    format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn report(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not a JSON report ({e}):\n{}", text(out)))
}

/// Gate name to outcome, for one operation.
fn outcomes(report: &Value, operation: &str) -> Vec<(String, String)> {
    let op = report["operations"]
        .as_array()
        .expect("operations")
        .iter()
        .find(|o| o["operation"] == operation)
        .unwrap_or_else(|| panic!("no {operation} in {report}"));
    op["gates"]
        .as_array()
        .expect("gates")
        .iter()
        .map(|g| {
            (
                g["gate"].as_str().expect("gate").to_string(),
                g["outcome"].as_str().expect("outcome").to_string(),
            )
        })
        .collect()
}

const GATES: [&str; 6] = [
    "honoured",
    "concurrency",
    "mismatch",
    "scope",
    "stored_failures",
    "deadline",
];

/// Runs verify on a reference server and checks every gate's outcome.
fn zoo_case(mode: &str, expected: [&str; 6]) {
    let (url, _server) = zoo(mode);
    let requests = zoo_dir().join("requests.yaml");
    let out = verify(
        "generator/tests/zoo/orders.yaml",
        &format!("{url}/v1"),
        &[
            "--requests",
            requests.to_str().expect("utf-8 path"),
            "--format",
            "json",
        ],
    );
    let all = text(&out);
    let got = outcomes(&report(&out), "createOrder");
    let want: Vec<(String, String)> = GATES
        .iter()
        .zip(expected)
        .map(|(g, o)| (g.to_string(), o.to_string()))
        .collect();
    assert_eq!(got, want, "{mode}:\n{all}");
    let failing = expected.contains(&"fail");
    assert_eq!(
        out.status.code(),
        Some(if failing { 1 } else { 0 }),
        "{mode}:\n{all}"
    );
    assert!(
        !all.contains(SECRET_1) && !all.contains(SECRET_2),
        "{mode}: a credential shows in the output:\n{all}"
    );
}

#[test]
fn the_correct_server_passes_every_gate() {
    zoo_case("correct", ["pass"; 6]);
}

#[test]
fn keys_ignored_fail_honoured() {
    zoo_case(
        "ignored",
        ["fail", "skipped", "skipped", "skipped", "skipped", "pass"],
    );
}

#[test]
fn check_then_insert_fails_concurrency() {
    zoo_case(
        "check_then_insert",
        ["pass", "fail", "pass", "pass", "pass", "pass"],
    );
}

#[test]
fn no_in_flight_state_fails_concurrency() {
    zoo_case(
        "no_in_flight",
        ["pass", "fail", "pass", "pass", "pass", "pass"],
    );
}

#[test]
fn one_global_key_table_fails_scope() {
    zoo_case(
        "global_keys",
        ["pass", "pass", "pass", "fail", "pass", "pass"],
    );
}

#[test]
fn another_payload_replayed_fails_mismatch() {
    zoo_case(
        "payload_replayed",
        ["pass", "pass", "fail", "pass", "pass", "pass"],
    );
}

#[test]
fn a_replay_unlike_the_original_fails_honoured() {
    zoo_case(
        "replay_differs",
        ["fail", "skipped", "skipped", "skipped", "skipped", "pass"],
    );
}

#[test]
fn the_mock_passes_every_gate_it_can_run() {
    let (url, _server) = mock("specs/payments.yaml");
    let out = verify(
        "specs/payments.yaml",
        &format!("{url}/v2"),
        &["--assume-timeout-header", "--format", "json"],
    );
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    let payments = report(&out);
    for op in ["createTransfer", "createRefund", "createSubscription"] {
        let got = outcomes(&payments, op);
        for (gate, outcome) in got {
            // The mock has no request that fails: its failures come from
            // --faults, which verify cannot set.
            let want = if gate == "stored_failures" {
                "skipped"
            } else {
                "pass"
            };
            assert_eq!(outcome, want, "{op} {gate}:\n{all}");
        }
    }
    assert!(!all.contains(SECRET_1) && !all.contains(SECRET_2), "{all}");

    // The mock of the reference servers' spec, which declares Request-Timeout-Ms.
    let (url, _orders) = mock("generator/tests/zoo/orders.yaml");
    let out = verify(
        "generator/tests/zoo/orders.yaml",
        &format!("{url}/v1"),
        &["--format", "json"],
    );
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    let got = outcomes(&report(&out), "createOrder");
    let want = ["pass", "pass", "pass", "pass", "skipped", "pass"];
    for ((gate, outcome), want) in got.iter().zip(want) {
        assert_eq!(outcome, want, "{gate}:\n{all}");
    }
}

#[test]
fn a_failing_gate_shows_its_evidence_in_the_table_without_credentials() {
    let (url, _server) = zoo("global_keys");
    let out = verify(
        "generator/tests/zoo/orders.yaml",
        &format!("{url}/v1"),
        &["--operation", "createOrder"],
    );
    let all = text(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let row = stdout
        .lines()
        .find(|l| l.contains(" scope ") && l.contains("FAIL"))
        .unwrap_or_else(|| panic!("no failing scope row:\n{all}"));
    assert!(row.contains("one key table for every caller"), "{row}");
    assert!(stdout.contains("Authorization: <credential 1>"), "{all}");
    assert!(stdout.contains("Authorization: <credential 2>"), "{all}");
    assert!(!all.contains(SECRET_1) && !all.contains(SECRET_2), "{all}");
}

#[test]
fn nothing_is_sent_without_allow_writes() {
    let (url, _server) = mock("specs/payments.yaml");
    let out = sdkgen()
        .args([
            "verify",
            "specs/payments.yaml",
            "--base-url",
            &format!("{url}/v2"),
        ])
        .args(["--credential", SECRET_1])
        .output()
        .expect("runs");
    let all = text(&out);
    assert_eq!(out.status.code(), Some(2), "{all}");
    let host = url.trim_start_matches("http://");
    assert!(all.contains(host), "the host is named: {all}");
    assert!(all.contains("--allow-writes"), "{all}");
    // The mock saw nothing.
    let stats = control::stats(&url);
    assert_eq!(stats["requests"], 0, "{stats}");
}

#[test]
fn bad_options_stop_before_any_request() {
    let (url, _server) = mock("specs/payments.yaml");
    let base = format!("{url}/v2");
    let cases: [(&[&str], &str); 4] = [
        (&["--operation", "getTransfer"], "its retry class is safe"),
        (&["--operation", "nope"], "no such operationId"),
        (&["--max-requests", "10"], "--max-requests 10"),
        (&["--concurrency", "1"], "--concurrency 1"),
    ];
    for (extra, says) in cases {
        let out = verify("specs/payments.yaml", &base, extra);
        let all = text(&out);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {all}");
        assert!(all.contains(says), "{extra:?} should say {says:?}: {all}");
    }
    let out = sdkgen()
        .args([
            "verify",
            "specs/payments.yaml",
            "--base-url",
            &base,
            "--allow-writes",
        ])
        .env_remove("SDKGEN_VERIFY_CREDENTIAL")
        .output()
        .expect("runs");
    let all = text(&out);
    assert_eq!(out.status.code(), Some(2), "{all}");
    assert!(
        all.contains("needs a credential of the `bearerAuth` scheme"),
        "{all}"
    );
    let stats = control::stats(&url);
    assert_eq!(stats["requests"], 0, "{stats}");
}

/// A tiny blocking GET of the mock's stats, without a runtime.
mod control {
    use std::io::{Read, Write};
    use std::net::TcpStream;

    pub fn stats(url: &str) -> serde_json::Value {
        let addr = url.trim_start_matches("http://");
        let mut stream = TcpStream::connect(addr).expect("connects");
        write!(
            stream,
            "GET /__sdkgen/stats HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .expect("writes");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("reads");
        let body = response.split_once("\r\n\r\n").expect("a body").1;
        serde_json::from_str(body).expect("JSON stats")
    }
}
