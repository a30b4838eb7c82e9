//! Plays every scenario of `runtime/conformance/scenarios.json` against a
//! scripted HTTP/1.1 server on 127.0.0.1, as the conformance README says, and
//! checks every expectation. All failing scenarios are reported by name with
//! what differed before the test fails.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use sdkgen_runtime::{
    CallOptions, Clock, Config, Error, FailurePolicy, Jitter, Method, Operation, RandomSource,
    Request, Response, RetryClass, Runtime, SleepFuture, StatusCode, DEFAULT_KEY_HEADER,
};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::task::JoinHandle;

/// A whole scenario may not take longer than this (real time).
const CALL_GUARD: Duration = Duration::from_secs(20);
/// A hanging exchange is closed after this even if the client never goes away.
const HANG_GUARD: Duration = Duration::from_secs(20);

// ---------------------------------------------------------------- the script

#[derive(Clone, Debug)]
enum Step {
    Respond {
        status: u16,
        headers: Vec<(String, String)>,
        body: Option<Value>,
    },
    Reset,
    Refuse,
    Hang,
}

fn parse_step(step: &Value) -> Result<Step, String> {
    if let Some(respond) = step.get("respond") {
        let status = respond
            .get("status")
            .and_then(Value::as_u64)
            .and_then(|s| u16::try_from(s).ok())
            .ok_or_else(|| format!("respond step without a status: {step}"))?;
        let mut headers = Vec::new();
        if let Some(map) = respond.get("headers").and_then(Value::as_object) {
            for (name, value) in map {
                let value = match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                headers.push((name.clone(), value));
            }
        }
        return Ok(Step::Respond {
            status,
            headers,
            body: respond.get("body").cloned(),
        });
    }
    let flag = |name: &str| step.get(name).and_then(Value::as_bool) == Some(true);
    if flag("reset") {
        Ok(Step::Reset)
    } else if flag("refuse") {
        Ok(Step::Refuse)
    } else if flag("hang") {
        Ok(Step::Hang)
    } else {
        Err(format!("unknown server step {step}"))
    }
}

// ---------------------------------------------------------------- the server

/// One request that reached the server.
#[derive(Clone, Debug)]
struct Recorded {
    /// Header names lower-cased.
    headers: HashMap<String, String>,
    /// Injected sleeps of the current call before this request, in ms.
    slept_ms: u64,
}

#[derive(Default)]
struct ServerState {
    steps: Vec<Step>,
    /// The attempt the client is on, 0-based (refused ones included).
    step: usize,
    requests: Vec<Recorded>,
    /// Injected sleeps of the current call so far.
    slept_ms: u64,
    problems: Vec<String>,
}

struct Server {
    port: u16,
    state: Mutex<ServerState>,
    accept: Mutex<Option<JoinHandle<()>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn bind(port: u16) -> std::io::Result<TcpListener> {
    let socket = TcpSocket::new_v4()?;
    socket.set_reuseaddr(true)?;
    socket.bind(SocketAddr::from(([127, 0, 0, 1], port)))?;
    socket.listen(64)
}

impl Server {
    async fn start() -> Arc<Server> {
        let listener = bind(0).expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local address").port();
        let server = Arc::new(Server {
            port,
            state: Mutex::new(ServerState::default()),
            accept: Mutex::new(None),
        });
        server.spawn_accept(listener);
        server
    }

    fn spawn_accept(self: &Arc<Self>, listener: TcpListener) {
        let server = Arc::clone(self);
        let task = tokio::spawn(async move {
            loop {
                match listener.accept().await {
                    Ok((stream, _)) => {
                        let server = Arc::clone(&server);
                        tokio::spawn(async move { server.serve(stream).await });
                    }
                    Err(e) => {
                        lock(&server.state)
                            .problems
                            .push(format!("accept failed: {e}"));
                        return;
                    }
                }
            }
        });
        *lock(&self.accept) = Some(task);
    }

    /// Opens or closes the listening socket. Closing waits until the
    /// listener is dropped, so the next connect is refused by the kernel.
    async fn set_listening(self: &Arc<Self>, open: bool) {
        let running = lock(&self.accept).is_some();
        if open && !running {
            match bind(self.port) {
                Ok(listener) => self.spawn_accept(listener),
                Err(e) => lock(&self.state)
                    .problems
                    .push(format!("could not rebind port {}: {e}", self.port)),
            }
        } else if !open && running {
            let task = lock(&self.accept).take();
            if let Some(task) = task {
                task.abort();
                let _ = task.await;
            }
        }
    }

    /// Puts the listener in the state the current step needs.
    async fn sync_listener(self: &Arc<Self>) {
        let refuse = {
            let state = lock(&self.state);
            matches!(state.steps.get(state.step), Some(Step::Refuse))
        };
        self.set_listening(!refuse).await;
    }

    /// Starts a call: its script, nothing recorded, the listener as step 0 needs.
    async fn begin_call(self: &Arc<Self>, steps: Vec<Step>) {
        {
            let mut state = lock(&self.state);
            state.steps = steps;
            state.step = 0;
            state.requests.clear();
            state.slept_ms = 0;
        }
        self.sync_listener().await;
    }

    /// Runs in the injected sleep: the next attempt comes after it.
    async fn after_sleep(self: &Arc<Self>, ms: u64) {
        {
            let mut state = lock(&self.state);
            state.step += 1;
            state.slept_ms += ms;
        }
        self.sync_listener().await;
    }

    async fn shutdown(self: &Arc<Self>) {
        self.set_listening(false).await;
    }

    async fn serve(self: Arc<Self>, mut stream: TcpStream) {
        let headers = match read_request(&mut stream).await {
            Ok(Some(headers)) => headers,
            Ok(None) => return,
            Err(e) => {
                lock(&self.state)
                    .problems
                    .push(format!("could not read a request: {e}"));
                return;
            }
        };
        let step = {
            let mut state = lock(&self.state);
            let slept_ms = state.slept_ms;
            state.requests.push(Recorded { headers, slept_ms });
            let index = state.step;
            match state.steps.get(index).cloned() {
                Some(Step::Refuse) | None => {
                    state.problems.push(format!(
                        "attempt {} reached the server, but the script has no answer for it",
                        index + 1
                    ));
                    None
                }
                Some(step) => Some(step),
            }
        };
        match step {
            Some(Step::Respond {
                status,
                headers,
                body,
            }) => {
                let response = render_response(status, &headers, body.as_ref());
                let _ = stream.write_all(&response).await;
                let _ = stream.flush().await;
                let _ = stream.shutdown().await;
            }
            Some(Step::Hang) => {
                // Never answer; close when the client goes away.
                let mut sink = [0u8; 1024];
                let _ = tokio::time::timeout(HANG_GUARD, async {
                    while let Ok(n) = stream.read(&mut sink).await {
                        if n == 0 {
                            break;
                        }
                    }
                })
                .await;
            }
            // Reset, or a request the script has no answer for: close
            // without a response.
            Some(Step::Reset) | Some(Step::Refuse) | None => {}
        }
    }
}

/// Reads the request head and its Content-Length body. `None` when the
/// client closed before sending anything.
async fn read_request(stream: &mut TcpStream) -> std::io::Result<Option<HashMap<String, String>>> {
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break pos;
        }
        if buf.len() > 64 * 1024 {
            return Err(std::io::Error::other("request head over 64 KiB"));
        }
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            if buf.is_empty() {
                return Ok(None);
            }
            return Err(std::io::Error::other(
                "connection closed inside the request head",
            ));
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut headers = HashMap::new();
    for line in head.split("\r\n").skip(1) {
        if let Some((name, value)) = line.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
    }
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut have = buf.len() - (head_end + 4);
    while have < length {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(std::io::Error::other("connection closed inside the body"));
        }
        have += n;
    }
    Ok(Some(headers))
}

fn render_response(status: u16, headers: &[(String, String)], body: Option<&Value>) -> Vec<u8> {
    let (content_type, payload) = match body {
        None => (None, Vec::new()),
        Some(Value::String(text)) => (Some("text/plain"), text.clone().into_bytes()),
        Some(json) => (Some("application/json"), json.to_string().into_bytes()),
    };
    let reason = StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Status");
    let mut out = format!("HTTP/1.1 {status} {reason}\r\nConnection: close\r\n");
    if let Some(ct) = content_type {
        out.push_str(&format!("Content-Type: {ct}\r\n"));
    }
    out.push_str(&format!("Content-Length: {}\r\n", payload.len()));
    for (name, value) in headers {
        let value = match value.strip_prefix("@http-date+") {
            Some(secs) => {
                let secs: u64 = secs.parse().unwrap_or(0);
                httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(secs))
            }
            None => value.clone(),
        };
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str("\r\n");
    let mut bytes = out.into_bytes();
    bytes.extend_from_slice(&payload);
    bytes
}

// ------------------------------------------------- injected clock and draws

struct TestClock {
    offset_ms: AtomicU64,
    sleeps: Mutex<Vec<u64>>,
    server: Arc<Server>,
}

impl Clock for TestClock {
    fn now(&self) -> Instant {
        Instant::now() + Duration::from_millis(self.offset_ms.load(Ordering::SeqCst))
    }

    fn sleep(&self, duration: Duration) -> SleepFuture<'_> {
        let ms = u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
        lock(&self.sleeps).push(ms);
        self.offset_ms.fetch_add(ms, Ordering::SeqCst);
        let server = Arc::clone(&self.server);
        Box::pin(async move { server.after_sleep(ms).await })
    }
}

#[derive(Default)]
struct TestRandom {
    draws: Mutex<VecDeque<f64>>,
    overrun: AtomicBool,
}

impl RandomSource for TestRandom {
    fn next_f64(&self) -> f64 {
        match lock(&self.draws).pop_front() {
            Some(u) => u,
            None => {
                self.overrun.store(true, Ordering::SeqCst);
                0.0
            }
        }
    }
}

// ---------------------------------------------------------------- scenarios

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

fn str_field<'a>(v: &'a Value, name: &str) -> Option<&'a str> {
    v.get(name).and_then(Value::as_str)
}

fn u64_field(v: &Value, name: &str) -> Option<u64> {
    v.get(name).and_then(Value::as_u64)
}

fn operation(op: &Value) -> Result<(Operation, Option<Value>, String), String> {
    let method_text = str_field(op, "method").ok_or("operation without a method")?;
    let method = Method::from_bytes(method_text.as_bytes()).map_err(|e| e.to_string())?;
    let class = match str_field(op, "class") {
        Some("safe") => RetryClass::Safe,
        Some("idempotent") => RetryClass::Idempotent,
        Some("keyed") => RetryClass::Keyed,
        Some("unsafe") => RetryClass::Unsafe,
        other => return Err(format!("unknown class {other:?}")),
    };
    let mut operation = Operation::new("conformance", method, class);
    if let Some(h) = str_field(op, "key_header") {
        operation = operation.with_key_header(leak(h));
    }
    if let Some(max) = u64_field(op, "key_max_length") {
        operation = operation.with_key_max_length(max as usize);
    }
    match str_field(op, "failures") {
        Some("replay") => operation = operation.with_failures(FailurePolicy::Replay),
        Some("reattempt") | None => {}
        Some(other) => return Err(format!("unknown failures policy {other:?}")),
    }
    if let Some(code) = str_field(op, "in_flight_code") {
        operation = operation.with_in_flight_code(leak(code));
    }
    if let Some(code) = str_field(op, "mismatch_code") {
        operation = operation.with_mismatch_code(leak(code));
    }
    if let Some(p99) = u64_field(op, "p99_ms") {
        operation = operation.with_p99(Duration::from_millis(p99));
    }
    let path = str_field(op, "path").unwrap_or("/op").to_string();
    Ok((operation, op.get("body").cloned(), path))
}

struct ClientSettings {
    config: Config,
    budget_initial: Option<u32>,
    /// The header name the requests carry (or would carry when turned off).
    timeout_header: String,
    deadline_ms: u64,
}

fn client_settings(base_url: &str, client: &Value) -> Result<ClientSettings, String> {
    let mut config = Config::new(base_url);
    if let Some(on) = client.get("retries").and_then(Value::as_bool) {
        config = config.with_retries(on);
    }
    if let Some(n) = u64_field(client, "max_attempts") {
        config = config.with_max_attempts(n as u32);
    }
    match str_field(client, "jitter") {
        Some("full") | None => {}
        Some("decorrelated") => config = config.with_jitter(Jitter::Decorrelated),
        Some(other) => return Err(format!("unknown jitter {other:?}")),
    }
    if let Some(ms) = u64_field(client, "base_ms") {
        config = config.with_base(Duration::from_millis(ms));
    }
    if let Some(ms) = u64_field(client, "cap_ms") {
        config = config.with_cap(Duration::from_millis(ms));
    }
    let deadline_ms = u64_field(client, "deadline_ms").unwrap_or(60_000);
    config = config.with_deadline(Duration::from_millis(deadline_ms));
    if let Some(capacity) = u64_field(client, "budget_capacity") {
        config = config.with_budget_capacity(capacity as u32);
    }
    let mut timeout_header = "Request-Timeout-Ms".to_string();
    match client.get("request_timeout_header") {
        None => {}
        Some(Value::Null) => config = config.with_request_timeout_header(None),
        Some(Value::String(name)) => {
            timeout_header = name.clone();
            config = config.with_request_timeout_header(Some(name));
        }
        Some(other) => return Err(format!("bad request_timeout_header {other}")),
    }
    Ok(ClientSettings {
        config,
        budget_initial: u64_field(client, "budget_initial").map(|n| n as u32),
        timeout_header,
        deadline_ms,
    })
}

fn is_uuid_v4(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_digit() || (b'a'..=b'f').contains(c),
        })
        && b[14] == b'4'
        && matches!(b[19], b'8' | b'9' | b'a' | b'b')
}

fn outcome_text(result: &Result<Response, Error>) -> String {
    match result {
        Ok(r) => format!(
            "ok {{status: {}, body: {}}}",
            r.status.as_u16(),
            String::from_utf8_lossy(&r.body)
        ),
        Err(e) => format!(
            "error {{kind: {}, stop_reason: {}, status: {:?}, code: {:?}}} ({e})",
            e.kind(),
            e.stop_reason().map_or("none", |r| r.as_str()),
            e.status().map(|s| s.as_u16()),
            e.code()
        ),
    }
}

fn check_outcome(expected: &Value, result: &Result<Response, Error>, diffs: &mut Vec<String>) {
    let got = outcome_text(result);
    if let Some(ok) = expected.get("ok") {
        let Ok(response) = result else {
            diffs.push(format!("outcome: expected ok {ok}, got {got}"));
            return;
        };
        if let Some(status) = u64_field(ok, "status") {
            if u64::from(response.status.as_u16()) != status {
                diffs.push(format!("outcome: expected status {status}, got {got}"));
            }
        }
        if let Some(body) = ok.get("body") {
            let actual = serde_json::from_slice::<Value>(&response.body)
                .unwrap_or_else(|_| Value::String(response.text()));
            if &actual != body {
                diffs.push(format!("outcome: expected body {body}, got {actual}"));
            }
        }
        return;
    }
    let Some(err) = expected.get("error") else {
        diffs.push(format!("outcome: unreadable expectation {expected}"));
        return;
    };
    let Err(error) = result else {
        diffs.push(format!("outcome: expected error {err}, got {got}"));
        return;
    };
    if let Some(kind) = str_field(err, "kind") {
        if error.kind() != kind {
            diffs.push(format!("outcome: expected kind {kind}, got {got}"));
        }
    }
    if let Some(reason) = str_field(err, "stop_reason") {
        let actual = error.stop_reason().map_or("none", |r| r.as_str());
        if actual != reason {
            diffs.push(format!("outcome: expected stop_reason {reason}, got {got}"));
        }
    }
    if let Some(status) = u64_field(err, "status") {
        if error.status().map(|s| u64::from(s.as_u16())) != Some(status) {
            diffs.push(format!("outcome: expected status {status}, got {got}"));
        }
    }
    if let Some(code) = str_field(err, "code") {
        if error.code() != Some(code) {
            diffs.push(format!("outcome: expected code {code:?}, got {got}"));
        }
    }
}

fn check_sleeps(expected: &Value, actual: &[u64], diffs: &mut Vec<String>) {
    let Some(list) = expected.as_array() else {
        diffs.push(format!("sleeps_ms: unreadable expectation {expected}"));
        return;
    };
    let matches = list.len() == actual.len()
        && list.iter().zip(actual).all(|(e, &a)| match e {
            Value::Number(n) => n.as_u64() == Some(a),
            Value::Object(_) => {
                let min = u64_field(e, "min").unwrap_or(0);
                let max = u64_field(e, "max").unwrap_or(u64::MAX);
                (min..=max).contains(&a)
            }
            _ => false,
        });
    if !matches {
        diffs.push(format!("sleeps_ms: expected {expected}, got {actual:?}"));
    }
}

struct CallContext<'a> {
    key_header: String,
    caller_key: Option<&'a str>,
    timeout_header: String,
    deadline_ms: u64,
}

fn check_requests(
    expect: &Value,
    ctx: &CallContext<'_>,
    requests: &[Recorded],
    diffs: &mut Vec<String>,
) {
    let keys: Vec<Option<&String>> = requests
        .iter()
        .map(|r| r.headers.get(&ctx.key_header))
        .collect();
    let key_problem = match str_field(expect, "key") {
        Some("caller") => keys
            .iter()
            .any(|k| k.map(String::as_str) != ctx.caller_key)
            .then(|| {
                format!(
                    "expected the caller's {:?} on every request",
                    ctx.caller_key
                )
            }),
        Some("generated") => {
            let first = keys.first().copied().flatten();
            let same = keys.iter().all(|k| *k == first);
            let valid = keys.iter().all(|k| k.is_some_and(|k| is_uuid_v4(k)));
            (!same || !valid).then(|| "expected one generated UUID v4 on every request".to_string())
        }
        Some("absent") => keys
            .iter()
            .any(Option::is_some)
            .then(|| "expected no key header".to_string()),
        Some(other) => Some(format!("unknown expectation {other:?}")),
        None => None,
    };
    if let Some(problem) = key_problem {
        diffs.push(format!("key: {problem}, got {keys:?}"));
    }

    let name = ctx.timeout_header.to_ascii_lowercase();
    match str_field(expect, "request_timeout") {
        Some("decreasing") => {
            for (i, r) in requests.iter().enumerate() {
                let value = r.headers.get(&name);
                let parsed = value.and_then(|v| v.parse::<i64>().ok());
                let hi = ctx.deadline_ms as i64 - r.slept_ms as i64;
                let lo = hi - 2000;
                if !parsed.is_some_and(|v| (lo..=hi).contains(&v)) {
                    diffs.push(format!(
                        "request_timeout: request {} (after {} ms of sleeps) carried {}: {value:?}, expected a value in [{lo}, {hi}]",
                        i + 1,
                        r.slept_ms,
                        ctx.timeout_header
                    ));
                }
            }
        }
        Some("absent") => {
            let carried: Vec<_> = requests
                .iter()
                .filter_map(|r| r.headers.get(&name))
                .collect();
            if !carried.is_empty() {
                diffs.push(format!(
                    "request_timeout: expected no {} header, got {carried:?}",
                    ctx.timeout_header
                ));
            }
        }
        Some(other) => diffs.push(format!("request_timeout: unknown expectation {other:?}")),
        None => {}
    }
}

async fn run_scenario(scenario: &Value, http: &reqwest::Client) -> Vec<String> {
    let mut diffs = Vec::new();
    let server = Server::start().await;
    let result = run_calls(scenario, &server, http, &mut diffs).await;
    server.shutdown().await;
    if let Err(e) = result {
        diffs.push(e);
    }
    diffs
}

async fn run_calls(
    scenario: &Value,
    server: &Arc<Server>,
    http: &reqwest::Client,
    diffs: &mut Vec<String>,
) -> Result<(), String> {
    let empty = Value::Object(Default::default());
    let (op, body, path) = operation(scenario.get("operation").unwrap_or(&empty))?;
    let settings = client_settings(
        &format!("http://127.0.0.1:{}", server.port),
        scenario.get("client").unwrap_or(&empty),
    )?;
    let clock = Arc::new(TestClock {
        offset_ms: AtomicU64::new(0),
        sleeps: Mutex::new(Vec::new()),
        server: Arc::clone(server),
    });
    let random = Arc::new(TestRandom::default());
    // A fresh runtime (and so a fresh budget) per scenario, over one shared
    // reqwest client: building the TLS configuration is the slow part.
    let runtime = Runtime::with_http_client(settings.config, http.clone())
        .map_err(|e| format!("could not build the runtime: {e}"))?
        .with_clock(clock.clone())
        .with_random(random.clone());
    if let Some(level) = settings.budget_initial {
        runtime.budget().set_level(level);
    }
    let calls = scenario
        .get("calls")
        .and_then(Value::as_array)
        .ok_or("scenario without calls")?;

    for (index, call) in calls.iter().enumerate() {
        let mut call_diffs = Vec::new();
        let steps = call
            .get("server")
            .and_then(Value::as_array)
            .ok_or("call without a server script")?
            .iter()
            .map(parse_step)
            .collect::<Result<Vec<_>, _>>()?;
        let draws: VecDeque<f64> = call
            .get("random")
            .and_then(Value::as_array)
            .map(|d| d.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default();
        *lock(&random.draws) = draws;
        random.overrun.store(false, Ordering::SeqCst);
        lock(&clock.sleeps).clear();
        lock(&server.state).problems.clear();
        server.begin_call(steps).await;

        let options_json = call.get("options").unwrap_or(&empty);
        let mut options = CallOptions::new();
        let caller_key = str_field(options_json, "idempotency_key");
        if let Some(key) = caller_key {
            options = options.idempotency_key(key);
        }
        if let Some(n) = u64_field(options_json, "max_attempts") {
            options = options.max_attempts(n as u32);
        }
        if let Some(on) = options_json.get("retries").and_then(Value::as_bool) {
            options = options.retries(on);
        }
        let call_deadline = u64_field(options_json, "deadline_ms");
        if let Some(ms) = call_deadline {
            options = options.timeout(Duration::from_millis(ms));
        }
        let mut request = Request::new(op.method.clone(), path.clone());
        if let Some(body) = &body {
            request = request
                .json(body)
                .map_err(|e| format!("could not encode the body: {e}"))?;
        }

        let result =
            match tokio::time::timeout(CALL_GUARD, runtime.execute(&op, request, options)).await {
                Ok(result) => result,
                Err(_) => {
                    diffs.push(format!(
                        "call {}: did not finish within {CALL_GUARD:?}",
                        index + 1
                    ));
                    return Ok(());
                }
            };

        let expect = call.get("expect").unwrap_or(&empty);
        let attempts = match &result {
            Ok(r) => r.attempts,
            Err(e) => e.attempts(),
        };
        if let Some(expected) = u64_field(expect, "attempts") {
            if u64::from(attempts) != expected {
                call_diffs.push(format!("attempts: expected {expected}, got {attempts}"));
            }
        }
        if let Some(expected) = expect.get("sleeps_ms") {
            let sleeps = lock(&clock.sleeps).clone();
            check_sleeps(expected, &sleeps, &mut call_diffs);
        }
        let (requests, problems) = {
            let state = lock(&server.state);
            (state.requests.clone(), state.problems.clone())
        };
        if let Some(expected) = u64_field(expect, "server_requests") {
            if requests.len() as u64 != expected {
                call_diffs.push(format!(
                    "server_requests: expected {expected}, got {}",
                    requests.len()
                ));
            }
        }
        let ctx = CallContext {
            // An operation without a key contract sends no key; the default
            // header is where one would show.
            key_header: op
                .key
                .map_or(DEFAULT_KEY_HEADER, |k| k.header)
                .to_ascii_lowercase(),
            caller_key,
            timeout_header: settings.timeout_header.clone(),
            deadline_ms: call_deadline.unwrap_or(settings.deadline_ms),
        };
        check_requests(expect, &ctx, &requests, &mut call_diffs);
        if let Some(expected) = u64_field(expect, "tokens_left") {
            let level = runtime.budget().level();
            if u64::from(level) != expected {
                call_diffs.push(format!("tokens_left: expected {expected}, got {level}"));
            }
        }
        if let Some(outcome) = expect.get("outcome") {
            check_outcome(outcome, &result, &mut call_diffs);
        }
        if random.overrun.load(Ordering::SeqCst) {
            call_diffs.push("random: the runtime asked for a draw beyond the list".to_string());
        }
        call_diffs.extend(problems.into_iter().map(|p| format!("server: {p}")));
        diffs.extend(
            call_diffs
                .into_iter()
                .map(|d| format!("call {}: {d}", index + 1)),
        );
    }
    Ok(())
}

/// `runtime/conformance/scenarios.json`, or the file named by
/// `SDKGEN_SCENARIOS` (to try a draft).
fn scenarios_path() -> PathBuf {
    match std::env::var_os("SDKGEN_SCENARIOS") {
        Some(path) => PathBuf::from(path),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conformance/scenarios.json"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conformance_scenarios() {
    let path = scenarios_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let file: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    assert_eq!(
        file.get("version").and_then(Value::as_u64),
        Some(1),
        "scenario file version"
    );
    let scenarios = file
        .get("scenarios")
        .and_then(Value::as_array)
        .expect("a scenarios array");
    assert!(!scenarios.is_empty(), "no scenarios in {}", path.display());

    let started = Instant::now();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client builds");
    let mut failures = Vec::new();
    for scenario in scenarios {
        let name = str_field(scenario, "name").unwrap_or("<unnamed>");
        let t0 = Instant::now();
        let diffs = run_scenario(scenario, &http).await;
        if std::env::var_os("SDKGEN_TIMINGS").is_some() {
            eprintln!("{:>8.1?} {name}", t0.elapsed());
        }
        if !diffs.is_empty() {
            failures.push((name, str_field(scenario, "clause").unwrap_or(""), diffs));
        }
    }
    let passed = scenarios.len() - failures.len();
    eprintln!(
        "conformance: {passed} of {} scenarios passed in {:.1?}",
        scenarios.len(),
        started.elapsed()
    );
    if !failures.is_empty() {
        let mut report = String::new();
        for (name, clause, diffs) in &failures {
            report.push_str(&format!("\nFAILED {name}\n  clause: {clause}\n"));
            for d in diffs {
                report.push_str(&format!("  - {d}\n"));
            }
        }
        panic!(
            "{} of {} conformance scenarios failed:{report}",
            failures.len(),
            scenarios.len()
        );
    }
}
