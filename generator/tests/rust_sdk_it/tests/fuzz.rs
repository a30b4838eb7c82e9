//! The generated payments SDK against a loopback server whose answers are
//! malformed, truncated, huge or slow: bad status lines, lying
//! `Content-Length`, invalid JSON and UTF-8, chunked garbage, 100,000-deep
//! JSON. Every call must end, within its deadline, in an `Error` of the SDK
//! (or a value), never in a panic or a hang. Seeded and bounded: the same
//! answers on every run.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use payments::runtime::Runtime;
use payments::{Client, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const SEED: u64 = 20240514;
const ROUNDS: usize = 60;
const LIMIT: u64 = 1024 * 1024;
const DEADLINE: Duration = Duration::from_millis(400);

/// xorshift64*: a small seeded generator.
struct Draws(u64);

impl Draws {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone)]
enum Answer {
    Bytes(Vec<u8>),
    Slow,
}

fn head(status: &str, headers: &[&str]) -> Vec<u8> {
    let mut lines = vec![format!("HTTP/1.1 {status}")];
    lines.extend(headers.iter().map(|h| h.to_string()));
    lines.push("Connection: close".into());
    (lines.join("\r\n") + "\r\n\r\n").into_bytes()
}

fn json(body: &[u8], status: &str) -> Vec<u8> {
    let mut out = head(
        status,
        &[
            "Content-Type: application/json",
            &format!("Content-Length: {}", body.len()),
        ],
    );
    out.extend_from_slice(body);
    out
}

const NAMES: &[&str] = &[
    "bad status line",
    "not HTTP",
    "headers cut short",
    "lying Content-Length",
    "negative Content-Length",
    "invalid JSON",
    "invalid UTF-8",
    "invalid UTF-8 in an error",
    "chunked garbage",
    "deep JSON",
    "deep JSON object",
    "deep JSON error",
    "huge body",
    "random JSON-ish",
    "wrong types",
    "slow",
];

fn answer(name: &str, draws: &mut Draws) -> Answer {
    let deep = || {
        let mut v = vec![b'['; 100_000];
        v.extend(vec![b']'; 100_000]);
        v
    };
    Answer::Bytes(match name {
        "bad status line" => b"HTTP/1.1 two hundred\r\n\r\n".to_vec(),
        "not HTTP" => (0..1 + draws.below(200))
            .map(|_| draws.below(256) as u8)
            .collect(),
        "headers cut short" => b"HTTP/1.1 200 OK\r\nContent-Ty".to_vec(),
        "lying Content-Length" => {
            let mut v = head(
                "200 OK",
                &["Content-Type: application/json", "Content-Length: 5000"],
            );
            v.extend_from_slice(br#"{"id": "tr_1""#);
            v
        }
        "negative Content-Length" => {
            let mut v = head("200 OK", &["Content-Length: -4"]);
            v.extend_from_slice(b"{}");
            v
        }
        "invalid JSON" => json(br#"{"id": "tr_1", "amount": 12,,}"#, "200 OK"),
        "invalid UTF-8" => json(b"{\"id\": \"\xff\xfe\xc3\x28\", \"amount\": 1}", "200 OK"),
        "invalid UTF-8 in an error" => json(b"{\"code\": \"\xff\xfe\"}", "500 Oops"),
        "chunked garbage" => {
            let mut v = head(
                "200 OK",
                &[
                    "Content-Type: application/json",
                    "Transfer-Encoding: chunked",
                ],
            );
            v.extend_from_slice(b"zz\r\nnot a chunk\r\n");
            v
        }
        "deep JSON" => json(&deep(), "200 OK"),
        "deep JSON object" => {
            let mut v = b"{\"a\":".repeat(100_000);
            v.push(b'1');
            v.extend(vec![b'}'; 100_000]);
            json(&v, "200 OK")
        }
        "deep JSON error" => json(&deep(), "400 Bad"),
        "huge body" => {
            let mut v = vec![b'"'];
            v.extend(vec![b'x'; 2 * LIMIT as usize]);
            v.push(b'"');
            json(&v, "200 OK")
        }
        "random JSON-ish" => {
            let alphabet = br#"{}[]",:0123456789.eE-tfnul \"#;
            let body: Vec<u8> = (0..300)
                .map(|_| alphabet[draws.below(alphabet.len())])
                .collect();
            json(&body, "200 OK")
        }
        "wrong types" => json(
            br#"{"id": 1, "amount": "x", "status": [], "created": {}}"#,
            "200 OK",
        ),
        "slow" => return Answer::Slow,
        other => panic!("no answer named {other}"),
    })
}

/// Answers each connection with the next queued answer, then closes.
async fn hostile_server(queue: Arc<Mutex<Vec<Answer>>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let answer = queue.lock().expect("lock").pop();
            tokio::spawn(async move {
                let mut buf = [0u8; 65536];
                let _ = stream.read(&mut buf).await;
                match answer {
                    Some(Answer::Bytes(bytes)) => {
                        let _ = stream.write_all(&bytes).await;
                    }
                    Some(Answer::Slow) => {
                        // One byte a tenth of a second: past any deadline here.
                        let _ = stream
                            .write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
                            .await;
                        for _ in 0..50 {
                            if stream.write_all(b" ").await.is_err() {
                                break;
                            }
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        }
                    }
                    None => {}
                }
                let _ = stream.shutdown().await;
            });
        }
    });
    format!("http://{addr}")
}

#[tokio::test]
async fn every_hostile_answer_is_an_sdk_error_or_a_value() {
    let mut draws = Draws(SEED);
    let queue = Arc::new(Mutex::new(Vec::new()));
    let url = hostile_server(queue.clone()).await;
    let mut seen = BTreeMap::new();
    // Every answer once, then seeded draws.
    let order: Vec<usize> = (0..ROUNDS)
        .map(|round| {
            if round < NAMES.len() {
                round
            } else {
                draws.below(NAMES.len())
            }
        })
        .collect();
    for i in order {
        let name = NAMES[i];
        *queue.lock().expect("lock") = vec![answer(name, &mut draws)];
        let config = Config::new(url.clone())
            .with_retries(false)
            .with_deadline(DEADLINE)
            .with_max_response_bytes(LIMIT);
        let client = Client::from_runtime(Runtime::new(config).expect("runtime"));
        // A panic in the SDK fails the test; a hang would outlast this bound.
        let outcome = match tokio::time::timeout(
            DEADLINE * 10,
            client.transfers().get_transfer("tr_1").send(),
        )
        .await
        {
            Err(_) => panic!("{name}: the call outlived its deadline"),
            Ok(Ok(_)) => "value".to_string(),
            Ok(Err(e)) => e.kind().to_string(),
        };
        seen.insert(name, outcome);
    }
    assert_eq!(seen.len(), NAMES.len(), "{seen:?}");
    for name in [
        "deep JSON",
        "deep JSON object",
        "huge body",
        "invalid JSON",
        "wrong types",
        "slow",
    ] {
        assert_ne!(seen[name], "value", "{name}: {seen:?}");
    }
}
