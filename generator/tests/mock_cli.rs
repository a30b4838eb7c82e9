//! `sdkgen mock` as a command: the first line names the address, flags reach
//! the server, bad flags are refused.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Kills the server however the test ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn sdkgen() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sdkgen"));
    cmd.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    cmd
}

/// One HTTP/1.1 exchange over a fresh connection: (status, body).
fn http(addr: &str, request_line: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    let request = format!(
        "{request_line} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer sk_test_cli\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("writes");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("reads");
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {response:?}"));
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn prints_the_address_first_and_serves_with_the_given_faults() {
    let child = sdkgen()
        .args([
            "mock",
            "specs/payments.yaml",
            "--port",
            "0",
            "--seed",
            "7",
            "--replay-window",
            "30m",
            "--quiet",
            "--faults",
            "status=503,op=getTransfer,first=1",
            "latency=5ms,op=listTransfers",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let mut running = Running(child);
    let stdout = running.0.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("first line");
    let addr = first
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    let (status, faults) = http(&addr, "GET /__sdkgen/faults", "");
    assert_eq!(status, 200);
    assert_eq!(
        faults,
        r#"["status=503,op=getTransfer,first=1","latency=5ms,op=listTransfers"]"#
    );
    assert_eq!(http(&addr, "GET /transfers/tr_1", "").0, 503);
    assert_eq!(http(&addr, "GET /transfers/tr_1", "").0, 200);
    assert_eq!(http(&addr, "GET /transfers", "").0, 200);
    let (status, body) = http(
        &addr,
        "POST /transfers",
        r#"{"amount":5,"currency":"eur","vendor_id":"v"}"#,
    );
    assert_eq!(status, 201, "{body}");
    let (_, stats) = http(&addr, "GET /__sdkgen/stats", "");
    assert!(stats.contains(r#""createTransfer":1"#), "{stats}");
    assert!(stats.contains(r#""faults_injected":2"#), "{stats}");
}

#[test]
fn refuses_bad_faults_and_unreadable_specs() {
    let out = sdkgen()
        .args(["mock", "specs/payments.yaml", "--faults", "status=abc"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("status \"abc\": not a number"), "{stderr}");

    let out = sdkgen()
        .args(["mock", "specs/payments.yaml", "--replay-window", "soon"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));

    let out = sdkgen()
        .args(["mock", "specs/does-not-exist.yaml"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
