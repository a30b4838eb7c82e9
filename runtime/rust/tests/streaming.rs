//! Event streams (CONTRACT.md section 12): every scenario of
//! runtime/conformance/streaming.json played against a server on 127.0.0.1
//! (runtime/conformance/README.md, "Event stream scenarios"), the parser fed
//! every clean body one byte at a time, and what the scenarios do not say:
//! dropping the stream closes the connection, the per-call idle timeout, the
//! `max_response_bytes` bound on one event, the declared request-id header.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sdkgen_runtime::{
    CallOptions, Config, Error, EventParser, EventStream, Method, Operation, RandomSource, Request,
    RetryClass, Runtime, StopReason, StreamFailure,
};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// A `hang` step waits at most this long for the client to close.
const HANG_LIMIT: Duration = Duration::from_secs(10);

fn scenarios() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../conformance/streaming.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let file: Value = serde_json::from_str(&text).expect("streaming.json is JSON");
    assert_eq!(file["version"], 1, "a version this runner knows");
    file["scenarios"].as_array().expect("scenarios").clone()
}

fn hex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "hex {text:?}");
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex digit"))
        .collect()
}

fn chunk_bytes(chunk: &Value) -> Vec<u8> {
    match (chunk.get("hex"), chunk.get("text")) {
        (Some(Value::String(h)), _) => hex(h),
        (_, Some(Value::String(t))) => t.as_bytes().to_vec(),
        _ => panic!("a chunk is text or hex: {chunk}"),
    }
}

// ---------------------------------------------------------------- the server

/// The scripted server: step *i* answers the *i*-th connection.
struct Server {
    base: String,
    /// The headers of each request that reached it, lower-cased names.
    requests: Arc<Mutex<Vec<HashMap<String, String>>>>,
    /// One message each time a `hang` step saw the client close.
    closed_by_client: mpsc::UnboundedReceiver<()>,
}

impl Server {
    async fn start(script: Vec<Value>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let record = Arc::clone(&requests);
        let (closed, closed_by_client) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut index = 0;
            while let Ok((conn, _)) = listener.accept().await {
                let step = script
                    .get(index)
                    .cloned()
                    .unwrap_or_else(|| json!({"status": 500, "body": "no step left"}));
                index += 1;
                let record = Arc::clone(&record);
                let closed = closed.clone();
                tokio::spawn(async move {
                    // An I/O error is the client going away: nothing to do.
                    let _ = serve(conn, step, record, closed).await;
                });
            }
        });
        Server {
            base,
            requests,
            closed_by_client,
        }
    }

    fn requests(&self) -> Vec<HashMap<String, String>> {
        self.requests.lock().expect("lock").clone()
    }
}

async fn read_request(conn: &mut TcpStream) -> std::io::Result<HashMap<String, String>> {
    let mut buf = Vec::new();
    let mut piece = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let n = conn.read(&mut piece).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&piece[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let headers: HashMap<String, String> = head
        .split("\r\n")
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf.len() - (head_end + 4);
    while body < length {
        let n = conn.read(&mut piece).await?;
        if n == 0 {
            break;
        }
        body += n;
    }
    Ok(headers)
}

fn head(status: u64, headers: &[(String, String)], close: bool) -> Vec<u8> {
    let mut text = format!("HTTP/1.1 {status} Status\r\n");
    if close {
        text.push_str("Connection: close\r\n");
    }
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\n");
    text.into_bytes()
}

/// The step's headers over `default_type` (a name the step gives wins,
/// whatever its case).
fn step_headers(step: &Value, default_type: &str) -> Vec<(String, String)> {
    let own: Vec<(String, String)> = step
        .get("headers")
        .and_then(Value::as_object)
        .map(|h| {
            h.iter()
                .map(|(k, v)| (k.clone(), v.as_str().expect("a header value").to_string()))
                .collect()
        })
        .unwrap_or_default();
    let mut all = Vec::new();
    if !own
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
    {
        all.push(("Content-Type".to_string(), default_type.to_string()));
    }
    all.extend(own);
    all
}

async fn serve(
    mut conn: TcpStream,
    step: Value,
    record: Arc<Mutex<Vec<HashMap<String, String>>>>,
    closed: mpsc::UnboundedSender<()>,
) -> std::io::Result<()> {
    conn.set_nodelay(true)?;
    let headers = read_request(&mut conn).await?;
    record.lock().expect("lock").push(headers);
    if step.get("reset").and_then(Value::as_bool) == Some(true) {
        // No response: the connection closes under the request.
        return Ok(());
    }
    let status = step["status"].as_u64().expect("status");
    let Some(chunks) = step.get("chunks").and_then(Value::as_array) else {
        let body = step
            .get("body")
            .and_then(Value::as_str)
            .unwrap_or("")
            .as_bytes();
        let mut headers = step_headers(&step, "text/plain");
        headers.push(("Content-Length".into(), body.len().to_string()));
        let mut out = head(status, &headers, true);
        out.extend_from_slice(body);
        conn.write_all(&out).await?;
        return Ok(());
    };
    // Chunked, without Connection: close, as streaming servers answer.
    let mut headers = step_headers(&step, "text/event-stream");
    headers.push(("Transfer-Encoding".into(), "chunked".into()));
    conn.write_all(&head(status, &headers, false)).await?;
    for chunk in chunks {
        if let Some(ms) = chunk.get("delay_ms").and_then(Value::as_u64) {
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        let data = chunk_bytes(chunk);
        if !data.is_empty() {
            let mut out = format!("{:x}\r\n", data.len()).into_bytes();
            out.extend_from_slice(&data);
            out.extend_from_slice(b"\r\n");
            conn.write_all(&out).await?;
        }
    }
    match step
        .get("end")
        .and_then(Value::as_str)
        .unwrap_or("complete")
    {
        "complete" => conn.write_all(b"0\r\n\r\n").await?,
        "hang" => {
            let mut piece = [0u8; 1024];
            let eof = tokio::time::timeout(HANG_LIMIT, async {
                loop {
                    match conn.read(&mut piece).await {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                }
            })
            .await;
            if eof.is_ok() {
                let _ = closed.send(());
            }
        }
        "drop" => {}
        other => panic!("unknown end {other:?}"),
    }
    Ok(())
}

// ---------------------------------------------------------------- the runner

struct Zero;

impl RandomSource for Zero {
    fn next_f64(&self) -> f64 {
        0.0
    }
}

fn runtime(base: &str, client: &Value) -> Runtime {
    let mut config = Config::new(base);
    if let Some(ms) = client.get("deadline_ms").and_then(Value::as_u64) {
        config = config.with_deadline(Duration::from_millis(ms));
    }
    if let Some(ms) = client.get("idle_timeout_ms").and_then(Value::as_u64) {
        config = config.with_stream_idle_timeout(Duration::from_millis(ms));
    }
    Runtime::new(config)
        .expect("runtime")
        .with_random(Arc::new(Zero))
}

fn operation(scenario: &Value) -> (Operation, Request) {
    let op = &scenario["operation"];
    let method = op.get("method").and_then(Value::as_str).unwrap_or("GET");
    let class = match op.get("class").and_then(Value::as_str).unwrap_or("safe") {
        "safe" => RetryClass::Safe,
        "idempotent" => RetryClass::Idempotent,
        "keyed" => RetryClass::Keyed,
        "unsafe" => RetryClass::Unsafe,
        other => panic!("unknown class {other:?}"),
    };
    let method = Method::from_bytes(method.as_bytes()).expect("method");
    let mut request = Request::new(method.clone(), "/events");
    if method == Method::POST {
        request = request.json(&json!({"stream": true})).expect("body");
    }
    (Operation::new("streamEvents", method, class), request)
}

fn as_triple(event: &sdkgen_runtime::Event) -> Value {
    json!({"event": event.event, "data": event.data, "id": event.id})
}

/// Plays one scenario; the first difference from its expectations.
async fn play(scenario: &Value) -> Result<(), String> {
    let server = Server::start(scenario["server"].as_array().expect("server").clone()).await;
    let rt = runtime(&server.base, &scenario["client"]);
    let (op, request) = operation(scenario);
    let mut events = Vec::new();
    let (error, attempts) = match rt.stream(&op, request, CallOptions::new()).await {
        Ok(mut stream) => {
            if stream.status().as_u16() != 200 {
                return Err(format!("status {}", stream.status()));
            }
            let mut error = Value::Null;
            while let Some(next) = stream.next().await {
                match next {
                    Ok(event) => events.push(as_triple(&event)),
                    Err(e) => {
                        error = error_of(&e, events.len())?;
                        if stream.next().await.is_some() {
                            return Err("the stream gave more after its error".into());
                        }
                        break;
                    }
                }
            }
            if stream.events_delivered() != events.len() as u64 {
                return Err(format!("events_delivered {}", stream.events_delivered()));
            }
            if !stream.is_closed() {
                return Err("the stream ended but is not closed".into());
            }
            (error, stream.attempts())
        }
        Err(e) => (error_of(&e, 0)?, e.attempts()),
    };
    let expect = &scenario["expect"];
    let check = |what: &str, got: Value, want: &Value| {
        if &got == want {
            Ok(())
        } else {
            Err(format!("{what}: got {got}, want {want}"))
        }
    };
    check("events", Value::Array(events), &expect["events"])?;
    check("error", error, &expect["error"])?;
    check("attempts", json!(attempts), &expect["attempts"])?;
    let requests = server.requests();
    check("requests", json!(requests.len()), &expect["attempts"])?;
    if scenario["operation"]["class"] == "keyed" {
        let keys: Vec<Option<&String>> =
            requests.iter().map(|r| r.get("idempotency-key")).collect();
        if keys.iter().any(Option::is_none) || keys.windows(2).any(|w| w[0] != w[1]) {
            return Err(format!("keys {keys:?}"));
        }
    }
    Ok(())
}

fn error_of(e: &Error, delivered: usize) -> Result<Value, String> {
    match e {
        Error::Stream(s) => {
            if e.kind() != "stream" || e.stop_reason() != Some(StopReason::NotRetryable) {
                return Err(format!("kind {} stop {:?}", e.kind(), e.stop_reason()));
            }
            if s.events_delivered != delivered as u64 {
                return Err(format!(
                    "events_delivered {} after {delivered}",
                    s.events_delivered
                ));
            }
            let kind = match s.reason {
                StreamFailure::ConnectionLost => "stream_lost",
                StreamFailure::IdleTimeout => "stream_idle",
                StreamFailure::TooLarge => "too_large",
            };
            Ok(json!({"kind": kind, "delivered": s.events_delivered}))
        }
        Error::Api(api) => Ok(json!({
            "kind": "api_error",
            "status": api.status.as_u16(),
            "delivered": delivered,
        })),
        other => Err(format!("unexpected error: {other}")),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_scenario_of_streaming_json() {
    let all = scenarios();
    assert!(all.len() >= 20, "the file's scenarios");
    let mut failures = Vec::new();
    for scenario in &all {
        let name = scenario["name"].as_str().expect("name");
        if let Err(why) = play(scenario).await {
            failures.push(format!("{name}: {why}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_clean_body_fed_byte_by_byte() {
    let mut checked = 0;
    for scenario in scenarios() {
        if !scenario["expect"]["error"].is_null() {
            continue;
        }
        let steps = scenario["server"].as_array().expect("server");
        let Some(step) = steps.iter().find(|s| s["status"] == 200) else {
            continue;
        };
        let body: Vec<u8> = step["chunks"]
            .as_array()
            .expect("chunks")
            .iter()
            .flat_map(chunk_bytes)
            .collect();
        let mut parser = EventParser::new();
        let got: Vec<Value> = body
            .iter()
            .flat_map(|b| parser.feed(std::slice::from_ref(b)))
            .map(|e| as_triple(&e))
            .collect();
        let want = scenario["expect"]["events"].as_array().expect("events");
        assert!(got.len() >= want.len(), "{}: {got:?}", scenario["name"]);
        assert_eq!(&got[..want.len()], &want[..], "{}", scenario["name"]);
        if got.len() > want.len() {
            // Only a stream that stops at [DONE] has events past the expected.
            assert_eq!(got[want.len()]["data"], "[DONE]", "{}", scenario["name"]);
        }
        checked += 1;
    }
    assert!(checked >= 15, "clean bodies checked: {checked}");
}

// ---------------------------------------------------------------- the stream object

fn hanging(events: usize, headers: Value) -> Vec<Value> {
    let body: String = (0..events).map(|i| format!("data: {i}\n\n")).collect();
    vec![json!({"status": 200, "headers": headers, "chunks": [{"text": body}], "end": "hang"})]
}

async fn open(config: Config) -> EventStream {
    let rt = Runtime::new(config).expect("runtime");
    let op = Operation::new("streamEvents", Method::GET, RetryClass::Safe);
    rt.stream(
        &op,
        Request::new(Method::GET, "/events"),
        CallOptions::new(),
    )
    .await
    .expect("the stream opens")
}

#[tokio::test]
async fn dropping_the_stream_closes_the_connection() {
    let mut server = Server::start(hanging(3, json!({}))).await;
    let mut stream = open(Config::new(&server.base)).await;
    let first = stream
        .next()
        .await
        .expect("an event")
        .expect("not an error");
    assert_eq!(first.data, "0");
    assert_eq!(stream.events_delivered(), 1);
    // Still open while the stream is held.
    let early =
        tokio::time::timeout(Duration::from_millis(300), server.closed_by_client.recv()).await;
    assert!(
        early.is_err(),
        "the connection closed while the stream was held"
    );
    drop(stream);
    let seen = tokio::time::timeout(Duration::from_secs(5), server.closed_by_client.recv()).await;
    assert_eq!(seen, Ok(Some(())), "the server never saw the socket closed");
}

#[tokio::test]
async fn close_closes_the_connection_and_ends_the_stream() {
    let mut server = Server::start(hanging(3, json!({}))).await;
    let mut stream = open(Config::new(&server.base)).await;
    assert_eq!(stream.next().await.expect("event").expect("ok").data, "0");
    stream.close();
    assert!(stream.is_closed());
    assert!(stream.next().await.is_none(), "nothing after close");
    let seen = tokio::time::timeout(Duration::from_secs(5), server.closed_by_client.recv()).await;
    assert_eq!(seen, Ok(Some(())), "the server never saw the socket closed");
}

#[tokio::test]
async fn the_call_s_idle_timeout_wins_over_the_client_s() {
    let server = Server::start(hanging(1, json!({}))).await;
    let config = Config::new(&server.base).with_stream_idle_timeout(Duration::from_secs(30));
    let stream = open(config).await;
    assert_eq!(stream.idle_timeout(), Duration::from_secs(30));
    let mut stream = stream.with_idle_timeout(Duration::from_millis(200));
    assert_eq!(stream.next().await.expect("event").expect("ok").data, "0");
    let started = std::time::Instant::now();
    let err = tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("the call's idle timeout, not the client's")
        .expect("an error")
        .expect_err("idle");
    assert!(
        started.elapsed() >= Duration::from_millis(150),
        "{:?}",
        started.elapsed()
    );
    match &err {
        Error::Stream(s) => {
            assert_eq!(s.reason, StreamFailure::IdleTimeout);
            assert_eq!(s.events_delivered, 1);
        }
        other => panic!("{other}"),
    }
    assert!(err.to_string().contains("idle"), "{err}");
}

#[tokio::test]
async fn one_event_past_max_response_bytes_is_too_large_a_long_stream_is_not() {
    // Many small events, far more than the limit in all: fine.
    let many: String = (0..200).map(|i| format!("data: {i:04}\n\n")).collect();
    let script = vec![json!({"status": 200, "chunks": [{"text": many}], "end": "complete"})];
    let server = Server::start(script).await;
    let mut stream = open(Config::new(&server.base).with_max_response_bytes(64)).await;
    let mut n = 0;
    while let Some(event) = stream.next().await {
        event.expect("small events");
        n += 1;
    }
    assert_eq!(n, 200);

    // One event longer than the limit, whole in one piece or growing over
    // several: too_large, after the events before it.
    let big = format!("data: {}\n\n", "x".repeat(100));
    let cut = format!("data: {}", "x".repeat(100));
    let scripts = [
        json!([{"text": format!("data: small\n\n{big}")}]),
        json!([{"text": "data: small\n\n"}, {"text": cut, "delay_ms": 20}]),
    ];
    for chunks in scripts {
        let script = vec![json!({"status": 200, "chunks": chunks, "end": "hang"})];
        let server = Server::start(script).await;
        let mut stream = open(Config::new(&server.base).with_max_response_bytes(64)).await;
        let err = loop {
            match stream.next().await.expect("an event or the error") {
                Ok(event) => assert_eq!(event.data, "small"),
                Err(e) => break e,
            }
        };
        let Error::Stream(s) = &err else {
            panic!("{err}")
        };
        assert_eq!(s.reason, StreamFailure::TooLarge, "{chunks}");
        assert_eq!(s.events_delivered, 1, "{chunks}");
        assert!(stream.is_closed());
        assert!(stream.next().await.is_none());
        assert!(err.to_string().contains("64 bytes"), "{err}");
    }
}

#[tokio::test]
async fn the_stream_and_its_error_read_the_declared_request_id_header() {
    let script = vec![json!({
        "status": 200,
        "headers": {"X-Trace-Id": "trace_1", "X-Request-Id": "req_1"},
        "chunks": [{"text": "data: a\n\ndata: cut"}],
        "end": "drop",
    })];
    let server = Server::start(script).await;
    let mut config = Config::new(&server.base);
    config.request_id_header = Some("x-trace-id");
    let mut stream = open(config).await;
    assert_eq!(stream.request_id(), Some("trace_1"));
    assert_eq!(stream.attempts(), 1);
    assert_eq!(stream.next().await.expect("event").expect("ok").data, "a");
    let err = stream
        .next()
        .await
        .expect("the error")
        .expect_err("cut off");
    assert_eq!(err.kind(), "stream");
    assert_eq!(err.request_id(), Some("trace_1"));
    assert_eq!(err.status().map(|s| s.as_u16()), Some(200));
    assert_eq!(err.attempts(), 1);
    let Error::Stream(s) = &err else {
        panic!("{err}")
    };
    assert_eq!(s.reason, StreamFailure::ConnectionLost);
    assert!(err.to_string().contains("request id trace_1"), "{err}");

    let Error::Stream(s) = err else {
        unreachable!()
    };
    let s = sdkgen_runtime::StreamError {
        request_id_header: None,
        ..*s
    };
    assert_eq!(
        s.request_id(),
        Some("req_1"),
        "the defaults without a declared one"
    );
}

fn assert_send<T: Send>(_: &T) {}

#[test]
fn streams_can_move_between_threads() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<sdkgen_runtime::Event>();
    send_sync::<EventParser>();
    let rt = Runtime::new(Config::new("http://127.0.0.1:9")).expect("runtime");
    let op = Operation::new("streamEvents", Method::GET, RetryClass::Safe);
    let opening = rt.stream(
        &op,
        Request::new(Method::GET, "/events"),
        CallOptions::new(),
    );
    assert_send(&opening);
    fn stream_is_send(stream: &mut EventStream) {
        assert_send(stream);
        assert_send(&stream.next());
    }
    let _ = stream_is_send;
}

#[tokio::test]
async fn a_client_credentials_stream_gets_its_token_first_and_a_new_one_after_a_401() {
    let token = |t: &str| {
        json!({
            "status": 200,
            "headers": {"Content-Type": "application/json"},
            "body": json!({"access_token": t, "token_type": "Bearer"}).to_string(),
        })
    };
    let script = vec![
        token("t1"),
        json!({"status": 401, "body": "expired"}),
        token("t2"),
        json!({"status": 200, "chunks": [{"text": "data: in\n\n"}], "end": "complete"}),
    ];
    let server = Server::start(script).await;
    let config = Config::new(&server.base).with_auth(sdkgen_runtime::Auth::client_credentials(
        "/token", "id", "secret",
    ));
    let mut stream = open(config).await;
    assert_eq!(stream.next().await.expect("event").expect("ok").data, "in");
    assert!(stream.next().await.is_none());
    let auth: Vec<Option<String>> = server
        .requests()
        .iter()
        .map(|r| r.get("authorization").cloned())
        .collect();
    assert_eq!(auth.len(), 4);
    assert_eq!(auth[1].as_deref(), Some("Bearer t1"));
    assert_eq!(auth[3].as_deref(), Some("Bearer t2"));
}
