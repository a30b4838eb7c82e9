//! End-to-end checks of what the conformance scenarios do not cover: auth,
//! default headers, the retry log line (and what it must never contain),
//! budget sharing between clones, the production clock and random source,
//! and the thread-safety the generated code relies on.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sdkgen_runtime::{
    deadline_from_headers, encode_path_segment, query_form, Auth, CallOptions, Clock, Config,
    Error, HeaderMap, HeaderValue, Method, Operation, RandomSource, Request, RetryClass, Runtime,
    SleepFuture, StopReason,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const SECRET_TOKEN: &str = "tok-SECRET-123";
const SECRET_KEY: &str = "key-SECRET-456";
const SECRET_BODY: &str = "card-SECRET-789";

/// A request as the server saw it.
#[derive(Clone, Debug)]
struct Seen {
    target: String,
    headers: HashMap<String, String>,
    body: String,
}

/// A minimal HTTP/1.1 server answering each connection with the next
/// `(status, extra header lines, body)` of its script, then closing.
async fn serve(script: Vec<(u16, &'static str, &'static str)>) -> (String, Arc<Mutex<Vec<Seen>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&seen);
    let mut script: VecDeque<_> = script.into();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let mut buf = Vec::new();
            let mut chunk = [0u8; 4096];
            let head_end = loop {
                if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                    break p;
                }
                match stream.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => buf.extend_from_slice(&chunk[..n]),
                }
            };
            let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
            let mut lines = head.split("\r\n");
            let target = lines
                .next()
                .and_then(|l| l.split(' ').nth(1))
                .unwrap_or("")
                .to_string();
            let headers: HashMap<String, String> = lines
                .filter_map(|l| l.split_once(':'))
                .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
                .collect();
            let length: usize = headers
                .get("content-length")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            let mut body = buf[head_end + 4..].to_vec();
            while body.len() < length {
                match stream.read(&mut chunk).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => body.extend_from_slice(&chunk[..n]),
                }
            }
            record.lock().expect("lock").push(Seen {
                target,
                headers,
                body: String::from_utf8_lossy(&body).into_owned(),
            });
            let (status, extra, payload) = script.pop_front().unwrap_or((500, "", "{}"));
            let response = format!(
                "HTTP/1.1 {status} X\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n{payload}",
                payload.len()
            );
            let _ = stream.write_all(response.as_bytes()).await;
            let _ = stream.shutdown().await;
        }
    });
    (format!("http://{addr}"), seen)
}

/// Sleeps recorded and skipped; time moves by the sleeps.
#[derive(Default)]
struct FastClock {
    offset: Mutex<Duration>,
    sleeps: Mutex<Vec<Duration>>,
}

impl Clock for FastClock {
    fn now(&self) -> Instant {
        Instant::now() + *self.offset.lock().expect("lock")
    }
    fn sleep(&self, duration: Duration) -> SleepFuture<'_> {
        *self.offset.lock().expect("lock") += duration;
        self.sleeps.lock().expect("lock").push(duration);
        Box::pin(async {})
    }
}

struct Half;

impl RandomSource for Half {
    fn next_f64(&self) -> f64 {
        0.5
    }
}

// ------------------------------------------------------ capturing `tracing`

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<HashMap<String, String>>>>);

struct Fields(HashMap<String, String>);

impl tracing::field::Visit for Fields {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn fmt::Debug) {
        self.0
            .insert(field.name().to_string(), format!("{value:?}"));
    }
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        self.0.insert(field.name().to_string(), value.to_string());
    }
}

impl tracing::Subscriber for Capture {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        let mut fields = Fields(HashMap::new());
        event.record(&mut fields);
        fields
            .0
            .insert("level".into(), event.metadata().level().to_string());
        self.0.lock().expect("lock").push(fields.0);
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

static CREATE_CARD: Operation = Operation::new("create_card", Method::POST, RetryClass::Keyed);
static GET_CARD: Operation = Operation::new("get_card", Method::GET, RetryClass::Safe);

#[tokio::test]
async fn sends_auth_and_headers_and_logs_retries_without_secrets() {
    let (base, seen) = serve(vec![
        (503, "", r#"{"error":{"message":"busy"}}"#),
        (429, "Retry-After: 0\r\n", "{}"),
        (201, "", r#"{"id":"c1"}"#),
    ])
    .await;
    let mut defaults = HeaderMap::new();
    defaults.insert("x-sdk-lang", HeaderValue::from_static("rust"));
    let clock = Arc::new(FastClock::default());
    let runtime = Runtime::new(
        Config::new(format!("{base}/v1/"))
            .with_auth(Auth::bearer(SECRET_TOKEN))
            .with_auth(Auth::api_key_query("api_key", SECRET_KEY))
            .with_default_headers(defaults)
            .with_user_agent("acme-sdk/1.2.3"),
    )
    .expect("runtime")
    .with_clock(clock.clone())
    .with_random(Arc::new(Half));

    let capture = Capture::default();
    let _guard = tracing::subscriber::set_default(capture.clone());
    let path = format!(
        "/users/{}/cards",
        encode_path_segment("ann/../admin").expect("segment")
    );
    let request = Request::new(Method::POST, path)
        .query_pairs(query_form("tag", &serde_json::json!(["a b", "c"]), true))
        .json(&serde_json::json!({ "number": SECRET_BODY }))
        .expect("request");
    let response = runtime
        .execute(
            &CREATE_CARD,
            request,
            CallOptions::new().timeout(Duration::from_secs(30)),
        )
        .await
        .expect("success");
    drop(_guard);

    assert_eq!(response.status.as_u16(), 201);
    assert_eq!(response.attempts, 3);
    assert_eq!(
        *clock.sleeps.lock().expect("lock"),
        vec![Duration::from_millis(250), Duration::ZERO]
    );
    // 500 - 14 - 5, then the last retry's 5 back.
    assert_eq!(runtime.budget().level(), 486);

    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 3);
    let keys: Vec<_> = seen
        .iter()
        .map(|s| s.headers.get("idempotency-key").cloned())
        .collect();
    assert!(
        keys[0].is_some() && keys.iter().all(|k| *k == keys[0]),
        "{keys:?}"
    );
    for s in &seen {
        assert_eq!(
            s.target,
            format!("/v1/users/ann%2F..%2Fadmin/cards?tag=a%20b&tag=c&api_key={SECRET_KEY}")
        );
        assert_eq!(s.headers["authorization"], format!("Bearer {SECRET_TOKEN}"));
        assert_eq!(s.headers["user-agent"], "acme-sdk/1.2.3");
        assert_eq!(s.headers["x-sdk-lang"], "rust");
        assert_eq!(s.headers["content-type"], "application/json");
        assert!(s.body.contains(SECRET_BODY));
        let left: u64 = s.headers["request-timeout-ms"].parse().expect("ms");
        assert!(left <= 30_000 && left > 25_000, "{left}");
    }

    let events = capture.0.lock().expect("lock").clone();
    let retries: Vec<_> = events
        .iter()
        .filter(|e| e.get("message").is_some_and(|m| m.contains("retrying")))
        .collect();
    assert_eq!(retries.len(), 2, "{events:?}");
    let first = retries[0];
    assert_eq!(first["level"], "WARN");
    assert_eq!(first["operation"], "create_card");
    assert_eq!(first["attempt"], "1");
    assert_eq!(first["max_attempts"], "3");
    assert_eq!(first["reason"], "HTTP 503");
    assert_eq!(first["sleep_ms"], "250");
    assert_eq!(first["tokens_left"], "486");
    assert_eq!(retries[1]["reason"], "HTTP 429");
    assert_eq!(retries[1]["tokens_left"], "481");
    let everything = format!("{events:?}");
    for secret in [
        SECRET_TOKEN,
        SECRET_KEY,
        SECRET_BODY,
        keys[0].as_deref().unwrap_or(""),
    ] {
        assert!(
            !everything.contains(secret),
            "{secret} was logged: {everything}"
        );
    }
}

#[tokio::test]
async fn clones_share_one_budget_and_errors_carry_the_last_response() {
    let (base, _seen) = serve(vec![
        (
            503,
            "x-request-id: r1\r\n",
            r#"{"error":{"code":"overloaded","message":"later"}}"#,
        ),
        (503, "", r#"{"code":"overloaded","message":"still"}"#),
    ])
    .await;
    let runtime = Runtime::new(Config::new(base).with_max_attempts(2))
        .expect("runtime")
        .with_clock(Arc::new(FastClock::default()))
        .with_random(Arc::new(Half));
    let clone = runtime.clone();
    let err = clone
        .execute(
            &GET_CARD,
            Request::new(Method::GET, "/cards/1"),
            CallOptions::new(),
        )
        .await
        .expect_err("two 503s");
    assert_eq!(
        runtime.budget().level(),
        486,
        "the clone's retry is visible on the original"
    );
    assert_eq!(err.kind(), "api_error");
    assert_eq!(err.attempts(), 2);
    assert_eq!(err.stop_reason(), Some(StopReason::AttemptsExhausted));
    assert_eq!(err.code(), Some("overloaded"));
    assert_eq!(err.message(), Some("still"));
    let api = err.api().expect("last response");
    assert_eq!(api.status.as_u16(), 503);
    assert!(api.body.starts_with(b"{\"code\""));
    assert!(
        err.to_string().contains("2 attempt(s), attempts exhausted"),
        "{err}"
    );
}

#[tokio::test]
async fn production_clock_and_random_really_sleep() {
    let (base, seen) = serve(vec![(502, "", "{}"), (200, "", r#"{"ok":true}"#)]).await;
    let runtime =
        Runtime::new(Config::new(base).with_base(Duration::from_millis(20))).expect("runtime");
    let started = Instant::now();
    let response = runtime
        .execute(
            &GET_CARD,
            Request::new(Method::GET, "/cards/1"),
            CallOptions::new(),
        )
        .await
        .expect("success");
    assert_eq!(response.attempts, 2);
    assert_eq!(seen.lock().expect("lock").len(), 2);
    assert!(started.elapsed() < Duration::from_secs(5));
    let body: serde_json::Value = response.json().expect("json");
    assert_eq!(body["ok"], true);
}

#[tokio::test]
async fn a_propagated_deadline_bounds_the_call() {
    let (base, seen) = serve(vec![(200, "", "{}")]).await;
    let runtime = Runtime::new(Config::new(base)).expect("runtime");
    let mut incoming = HeaderMap::new();
    incoming.insert("request-timeout-ms", HeaderValue::from_static("1500"));
    let deadline = deadline_from_headers(&incoming).expect("deadline");
    runtime
        .execute(
            &GET_CARD,
            Request::new(Method::GET, "/x"),
            CallOptions::new().deadline(deadline),
        )
        .await
        .expect("success");
    let left: u64 = seen.lock().expect("lock")[0].headers["request-timeout-ms"]
        .parse()
        .expect("ms");
    assert!(left <= 1500 && left > 500, "{left}");

    // A deadline already gone: nothing is sent.
    let err = runtime
        .execute(
            &GET_CARD,
            Request::new(Method::GET, "/x"),
            CallOptions::new().deadline(Instant::now()),
        )
        .await
        .expect_err("no time left");
    assert!(matches!(
        err,
        Error::Timeout {
            attempts: 0,
            stop_reason: StopReason::DeadlineExceeded
        }
    ));
    assert_eq!(seen.lock().expect("lock").len(), 1);
}

#[tokio::test]
async fn a_bad_caller_key_sends_nothing() {
    let (base, seen) = serve(vec![(200, "", "{}")]).await;
    let runtime = Runtime::new(Config::new(base)).expect("runtime");
    let err = runtime
        .execute(
            &CREATE_CARD,
            Request::new(Method::POST, "/cards"),
            CallOptions::new().idempotency_key("has space"),
        )
        .await
        .expect_err("rejected");
    assert_eq!(err.kind(), "invalid_idempotency_key");
    assert_eq!(err.attempts(), 0);
    assert_eq!(err.stop_reason(), None);
    assert!(seen.lock().expect("lock").is_empty());
    assert_eq!(runtime.budget().level(), 500);
}

#[tokio::test]
async fn extra_query_body_and_headers_reach_the_wire() {
    let (base, seen) = serve(vec![(200, "", "{}")]).await;
    let runtime = Runtime::new(Config::new(base)).expect("runtime");
    let mut request = Request::new(Method::POST, "/cards")
        .json(&serde_json::json!({"amount": 1}))
        .expect("json");
    request.query.push(("limit".into(), "5".into()));
    let options = CallOptions::new()
        .extra_query("beta", "true")
        .extra_query("tag", serde_json::json!(["a b", "c"]))
        .extra_body("added_later", serde_json::json!({"x": 1}))
        .extra_body("amount", 2)
        .extra_header("X-Beta", "on");
    runtime
        .execute(&CREATE_CARD, request, options)
        .await
        .expect("sent");
    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen[0].target, "/cards?limit=5&beta=true&tag=a%20b&tag=c");
    assert_eq!(seen[0].body, r#"{"amount":2,"added_later":{"x":1}}"#);
    assert_eq!(seen[0].headers["x-beta"], "on");

    // No JSON object body, or a header HTTP refuses: nothing is sent.
    for options in [
        CallOptions::new().extra_body("a", 1),
        CallOptions::new().extra_header("bad name", "x"),
    ] {
        let err = runtime
            .execute(&CREATE_CARD, Request::new(Method::POST, "/cards"), options)
            .await
            .expect_err("refused");
        assert_eq!(err.kind(), "build");
        assert_eq!(err.attempts(), 0);
    }
}

fn assert_send_sync<T: Send + Sync + 'static>() {}
fn assert_send<T: Send>(_: &T) {}

#[test]
fn generated_code_can_share_and_spawn() {
    assert_send_sync::<Runtime>();
    assert_send_sync::<Error>();
    assert_send_sync::<sdkgen_runtime::Response>();
    assert_send_sync::<Operation>();
    let runtime = Runtime::new(Config::new("http://127.0.0.1:9")).expect("runtime");
    let future = runtime.execute(
        &GET_CARD,
        Request::new(Method::GET, "/"),
        CallOptions::new(),
    );
    assert_send(&future);
}

/// A server whose every response is endless: a chunked body (or one that
/// declares `declared` bytes) written until the client closes the
/// connection. Each connection sends what its writes ended with.
async fn serve_endless(declared: Option<u64>) -> (String, tokio::sync::mpsc::Receiver<u64>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let mut head = Vec::new();
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let framing = match declared {
                    Some(n) => format!("Content-Length: {n}"),
                    None => "Transfer-Encoding: chunked".to_string(),
                };
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{framing}\r\n\r\n"
                );
                if stream.write_all(head.as_bytes()).await.is_err() {
                    let _ = tx.send(0).await;
                    return;
                }
                let piece = "0,".repeat(8192);
                let chunk = match declared {
                    Some(_) => piece.clone(),
                    None => format!("{:x}\r\n{piece}\r\n", piece.len()),
                };
                let mut sent: u64 = 0;
                while stream.write_all(chunk.as_bytes()).await.is_ok() {
                    sent += chunk.len() as u64;
                }
                // The client closed the connection: the writes failed.
                let _ = tx.send(sent).await;
            });
        }
    });
    (format!("http://{addr}"), rx)
}

#[tokio::test]
async fn an_endless_body_stops_at_the_limit_and_is_not_retried() {
    const LIMIT: u64 = 256 * 1024;
    for declared in [None, Some(u64::MAX / 2), Some(LIMIT + 1)] {
        let (base, mut ended) = serve_endless(declared).await;
        let runtime = Runtime::new(Config::new(base).with_max_response_bytes(LIMIT))
            .expect("runtime")
            .with_clock(Arc::new(FastClock::default()));
        let err = runtime
            .execute(
                &GET_CARD,
                Request::new(Method::GET, "/cards"),
                CallOptions::new(),
            )
            .await
            .expect_err("an endless body");
        assert_eq!(err.kind(), "response_too_large", "{declared:?}: {err}");
        assert!(
            matches!(err, Error::ResponseTooLarge { limit: LIMIT, .. }),
            "{err:?}"
        );
        assert_eq!(err.attempts(), 1, "a safe GET, yet not retried");
        assert_eq!(err.stop_reason(), Some(StopReason::NotRetryable));
        assert_eq!(err.status().map(|s| s.as_u16()), Some(200));
        assert!(err.to_string().contains("262144 bytes"), "{err}");
        // The server's writes failed: the client closed the connection
        // rather than reading on.
        let sent = ended.recv().await.expect("the server's writes ended");
        assert!(ended.try_recv().is_err(), "one connection, one attempt");
        // What the server got out is the limit and the socket buffers, no more.
        assert!(sent < 64 * 1024 * 1024, "{sent} bytes sent");
    }
}

#[tokio::test]
async fn a_body_at_the_limit_is_read_whole() {
    let body: &'static str = Box::leak(format!("\"{}\"", "x".repeat(1022)).into_boxed_str());
    let (base, _seen) = serve(vec![(200, "", body)]).await;
    let runtime = Runtime::new(Config::new(base).with_max_response_bytes(1024)).expect("runtime");
    let response = runtime
        .execute(
            &GET_CARD,
            Request::new(Method::GET, "/cards"),
            CallOptions::new(),
        )
        .await
        .expect("a body of exactly the limit");
    assert_eq!(response.body.len(), 1024);
}

static MACHINE: Operation = Operation::new("create_machine", Method::POST, RetryClass::Keyed)
    .with_security(&[&["oauth"], &["key"]]);

fn machine_runtime(base: &str, token_url: &str) -> Runtime {
    Runtime::new(
        Config::new(format!("{base}/api/v1"))
            .with_credential(
                "oauth",
                Auth::client_credentials(token_url, "id 1", SECRET_TOKEN),
            )
            .with_credential("key", Auth::api_key_header("X-Key", SECRET_KEY))
            .with_base(Duration::from_millis(1))
            .with_cap(Duration::from_millis(2)),
    )
    .expect("runtime")
}

#[tokio::test]
async fn a_client_credentials_token_goes_first_and_its_failures_are_the_call_s() {
    // The token URL is resolved against the base URL; the token request is a
    // POST of the form, the id and secret form-encoded under HTTP Basic.
    let (base, seen) = serve(vec![
        (500, "", "{}"),
        (200, "", r#"{"access_token":"t-1","token_type":"Bearer"}"#),
        (201, "", r#"{"ok":true}"#),
    ])
    .await;
    let runtime = machine_runtime(&base, "../oauth/token");
    let request = || {
        Request::new(Method::POST, "/machines")
            .json(&serde_json::json!({"n": 1}))
            .expect("request")
    };
    let response = runtime
        .execute(&MACHINE, request(), CallOptions::new())
        .await
        .expect("success");
    assert_eq!(response.status.as_u16(), 201);
    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 3);
    assert_eq!(seen[0].target, "/api/oauth/token");
    assert_eq!(seen[1].body, "grant_type=client_credentials");
    assert_eq!(
        seen[1].headers["content-type"],
        "application/x-www-form-urlencoded"
    );
    assert!(seen[1].headers["authorization"].starts_with("Basic "));
    assert!(!seen[1].headers.contains_key("idempotency-key"));
    assert_eq!(seen[2].target, "/api/v1/machines");
    assert_eq!(seen[2].headers["authorization"], "Bearer t-1");
    assert!(
        !seen[2].headers.contains_key("x-key"),
        "one alternative only"
    );

    // A token answer without a token is the call's decode error.
    let (base, seen) = serve(vec![(200, "", r#"{"token_type":"Bearer"}"#)]).await;
    let runtime = machine_runtime(&base, "/oauth/token");
    let err = runtime
        .execute(&MACHINE, request(), CallOptions::new())
        .await
        .expect_err("no token");
    assert_eq!(err.kind(), "decode", "{err}");
    assert!(err.to_string().contains("access_token"), "{err}");
    assert_eq!(seen.lock().expect("lock").len(), 1, "the call was not sent");

    // A refused token request is the call's API error.
    let (base, seen) = serve(vec![(400, "", r#"{"error":"invalid_client"}"#)]).await;
    // An absolute token URL is used as it is.
    let runtime = machine_runtime(&base, &format!("{base}/oauth/token"));
    let err = runtime
        .execute(&MACHINE, request(), CallOptions::new())
        .await
        .expect_err("refused");
    assert_eq!(err.status().map(|s| s.as_u16()), Some(400));
    assert_eq!(seen.lock().expect("lock").len(), 1);
}
