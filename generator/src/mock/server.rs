//! The HTTP side: hyper 1 on tokio, one task per connection, served with
//! hyper's low-level HTTP/1 connection so that a fault can drop a connection
//! with a reset instead of answering.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::Incoming;
use hyper::header::{
    HeaderName, HeaderValue, ALLOW, AUTHORIZATION, CONTENT_TYPE, RETRY_AFTER, WWW_AUTHENTICATE,
};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{HeaderMap, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tokio::task::JoinHandle;

use super::data::Example;
use super::errors::{content_of, declared, error_stored};
use super::fault::{Fault, FaultState, Rng, StatusFault};
use super::keys::{Claim, KeyStore, Scope, Stored};
use super::route::{query_pairs, Lookup, Routes};
use super::store::{item_key, ListRequest, Resources};
use super::validate::{self, push_pointer, Issue, RawParams};
use super::{replay_window, MockConfig, REPLAYED_HEADER, TIMEOUT_HEADER};
use crate::ir::{
    Api, AuthKind, BodyKind, FailurePolicy, Method, Operation, ParamLocation, RetryClass,
    StatusSpec,
};

/// Request bodies above this are refused (413).
const MAX_BODY: usize = 16 << 20;

type Res = Response<Full<Bytes>>;

/// The two kinds of idempotency conflict.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflicts {
    /// 409: a request with the key was still executing.
    pub in_flight: u64,
    /// 409: the key came with another request.
    pub mismatch: u64,
}

/// What the server saw and did (`GET /__sdkgen/stats`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// API requests (control endpoints aside).
    pub requests: u64,
    /// Executions of each state-changing operation (every method but GET,
    /// HEAD, OPTIONS and TRACE), listed from 0.
    pub side_effects: BTreeMap<String, u64>,
    /// Stored responses sent back for a repeated key.
    pub replays: u64,
    pub conflicts: Conflicts,
    /// Executions of a (caller, key) that had already executed within its
    /// replay window. The idempotency store exists to keep this at 0.
    pub duplicates: u64,
    /// Requests refused with 400 because they do not match the API.
    pub rejected: u64,
    /// Faults that took effect.
    pub faults_injected: u64,
}

impl Stats {
    /// The side effects of one operation (0 when none, or unknown).
    pub fn side_effects_of(&self, op: &str) -> u64 {
        self.side_effects.get(op).copied().unwrap_or(0)
    }

    fn fresh(api: &Api) -> Stats {
        Stats {
            side_effects: api
                .operations
                .iter()
                .filter(|op| !op.method.is_safe())
                .map(|op| (op.id.clone(), 0))
                .collect(),
            ..Stats::default()
        }
    }
}

/// What every connection shares.
struct Shared {
    api: Api,
    routes: Routes,
    keys: KeyStore,
    faults: Mutex<FaultState>,
    rng: Mutex<Rng>,
    seed: u64,
    stats: Mutex<Stats>,
    log: bool,
    /// The credentials accepted; any non-empty one when empty.
    credentials: Vec<String>,
    resources: Mutex<Resources>,
}

/// Locks a mutex whose data stays consistent even if a holder panicked
/// (each change is made in one step).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    fn count_fault(&self) {
        lock(&self.stats).faults_injected += 1;
    }

    fn set_faults(&self, faults: Vec<Fault>) {
        *lock(&self.faults) = FaultState::new(faults);
    }

    fn reset(&self) {
        self.keys.clear();
        lock(&self.faults).rewind();
        *lock(&self.rng) = Rng::new(self.seed);
        *lock(&self.stats) = Stats::fresh(&self.api);
        lock(&self.resources).clear();
    }
}

/// A running mock server. Dropping it stops the server.
pub struct MockServer {
    addr: SocketAddr,
    shared: Arc<Shared>,
    shutdown: watch::Sender<bool>,
    accept: Option<JoinHandle<()>>,
}

impl MockServer {
    /// Binds `config.host:config.port` and serves `api` on the current tokio
    /// runtime until the returned server is shut down or dropped.
    pub async fn start(api: Api, config: MockConfig) -> std::io::Result<(SocketAddr, MockServer)> {
        let window = replay_window(&api, &config);
        let listener = TcpListener::bind((config.host, config.port)).await?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            routes: Routes::new(&api),
            stats: Mutex::new(Stats::fresh(&api)),
            keys: KeyStore::new(window),
            faults: Mutex::new(FaultState::new(config.faults)),
            rng: Mutex::new(Rng::new(config.seed)),
            seed: config.seed,
            log: config.log,
            credentials: config.credentials,
            resources: Mutex::new(Resources::default()),
            api,
        });
        let (shutdown, rx) = watch::channel(false);
        let accept = tokio::spawn(accept_loop(listener, shared.clone(), rx));
        Ok((
            addr,
            MockServer {
                addr,
                shared,
                shutdown,
                accept: Some(accept),
            },
        ))
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR`, the base URL to give a client.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn stats(&self) -> Stats {
        lock(&self.shared.stats).clone()
    }

    pub fn faults(&self) -> Vec<Fault> {
        lock(&self.shared.faults).faults().to_vec()
    }

    /// Replaces the active faults (their counters start again).
    pub fn set_faults(&self, faults: Vec<Fault>) {
        self.shared.set_faults(faults);
    }

    pub fn clear_faults(&self) {
        self.shared.set_faults(Vec::new());
    }

    /// Forgets every key and zeroes the stats and the fault counters; the
    /// faults stay, and the random draws start again from the seed.
    pub fn reset(&self) {
        self.shared.reset();
    }

    /// The replay window in force.
    pub fn replay_window(&self) -> Duration {
        self.shared.keys.window()
    }

    /// Stops accepting, closes every connection, and waits for the listener to close.
    pub async fn shutdown(mut self) {
        let _ = self.shutdown.send(true);
        if let Some(accept) = self.accept.take() {
            let _ = accept.await;
        }
    }
}

impl Drop for MockServer {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
        if let Some(accept) = self.accept.take() {
            accept.abort();
        }
    }
}

async fn accept_loop(
    listener: TcpListener,
    shared: Arc<Shared>,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = shutdown.changed() => return,
        };
        match accepted {
            Ok((stream, _)) => {
                let _ = stream.set_nodelay(true);
                tokio::spawn(serve(stream, shared.clone(), shutdown.clone()));
            }
            Err(e) => {
                // Out of file descriptors and the like: wait rather than spin.
                if shared.log {
                    eprintln!("accept: {e}");
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

/// Lets a request's handler drop its connection.
#[derive(Default)]
struct ConnCtl {
    abort: Notify,
    aborted: AtomicBool,
}

impl ConnCtl {
    /// Asks the connection's task to drop the connection with a reset, and
    /// waits for it to (the task drops this future with the connection).
    async fn reset(&self) -> Res {
        self.aborted.store(true, Ordering::SeqCst);
        self.abort.notify_one();
        let never: Infallible = std::future::pending().await;
        match never {}
    }
}

async fn serve(mut stream: TcpStream, shared: Arc<Shared>, mut shutdown: watch::Receiver<bool>) {
    let ctl = Arc::new(ConnCtl::default());
    let service = {
        let ctl = ctl.clone();
        service_fn(move |req| {
            let shared = shared.clone();
            let ctl = ctl.clone();
            async move { Ok::<_, Infallible>(handle(&shared, &ctl, req).await) }
        })
    };
    {
        let conn = http1::Builder::new()
            .timer(TokioTimer::new())
            .serve_connection(TokioIo::new(&mut stream), service);
        tokio::select! {
            _ = conn => {}
            _ = ctl.abort.notified() => {}
            _ = shutdown.changed() => {}
        }
    }
    if ctl.aborted.load(Ordering::SeqCst) {
        // SO_LINGER 0: the close sends RST, so the client sees a reset, not a
        // well-formed end of the connection.
        let _ = stream.set_zero_linger();
    }
}

/// A note for the request log, carried in the response's extensions.
#[derive(Clone, Copy)]
struct Note(&'static str);

fn with_note(mut res: Res, note: &'static str) -> Res {
    res.extensions_mut().insert(Note(note));
    res
}

async fn handle(shared: &Arc<Shared>, ctl: &ConnCtl, req: Request<Incoming>) -> Res {
    let path = req.uri().path().to_string();
    if path == "/__sdkgen" || path.starts_with("/__sdkgen/") {
        return control(shared, req).await;
    }
    let method = req.method().clone();
    let res = api_request(shared, ctl, req).await;
    if shared.log {
        let note = res.extensions().get::<Note>().map_or("", |n| n.0);
        eprintln!("{method} {path} -> {} {note}", res.status().as_u16());
    }
    res
}

fn ir_method(m: &hyper::Method) -> Option<Method> {
    Some(match m.as_str() {
        "GET" => Method::Get,
        "PUT" => Method::Put,
        "POST" => Method::Post,
        "DELETE" => Method::Delete,
        "OPTIONS" => Method::Options,
        "HEAD" => Method::Head,
        "PATCH" => Method::Patch,
        "TRACE" => Method::Trace,
        _ => return None,
    })
}

/// Gives the key back on every path that does not complete it (a fault
/// answered before the execution, a deadline already past, a failure that is
/// not replayed). It moves into the detached execution, so the key stays in
/// flight until that ends, whatever became of the connection.
struct ClaimGuard {
    shared: Arc<Shared>,
    scope: Scope,
    token: u64,
    claimed_at: Instant,
    done: bool,
}

impl ClaimGuard {
    fn complete(mut self, stored: Stored) {
        self.shared.keys.complete(&self.scope, self.token, stored);
        self.done = true;
    }
}

impl Drop for ClaimGuard {
    fn drop(&mut self) {
        if !self.done {
            self.shared.keys.release(&self.scope, self.token);
        }
    }
}

async fn api_request(shared: &Arc<Shared>, ctl: &ConnCtl, req: Request<Incoming>) -> Res {
    let started = Instant::now();
    lock(&shared.stats).requests += 1;
    let api = &shared.api;
    let raw_path = req.uri().path().to_string();
    let raw_query = req.uri().query().unwrap_or("").to_string();
    let found =
        shared
            .routes
            .find_with_query(ir_method(req.method()), &raw_path, &query_pairs(&raw_query));
    let op_id = match &found {
        Lookup::Op { op, .. } => Some(api.operations[*op].id.as_str()),
        _ => None,
    };
    let outage = lock(&shared.faults).outage(op_id, started);
    if let Some(left) = outage {
        shared.count_fault();
        let op = match &found {
            Lookup::Op { op, .. } => Some(&api.operations[*op]),
            _ => None,
        };
        return with_note(outage_response(api, op, left), "outage");
    }
    let (op_index, path_params) = match found {
        Lookup::Op { op, params } => (op, params),
        Lookup::MethodNotAllowed(methods) => {
            let allow: Vec<&str> = methods.iter().map(|m| m.as_str()).collect();
            let mut res = error_response(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                format!(
                    "{raw_path} takes {}, not {}",
                    allow.join(", "),
                    req.method()
                ),
            );
            if let Ok(v) = HeaderValue::from_str(&allow.join(", ")) {
                res.headers_mut().insert(ALLOW, v);
            }
            return res;
        }
        Lookup::NotFound => {
            return error_response(
                StatusCode::NOT_FOUND,
                "not_found",
                format!(
                    "no operation of {} matches {} {raw_path}",
                    api.title,
                    req.method()
                ),
            )
        }
    };

    let op = &api.operations[op_index];
    let (parts, body) = req.into_parts();
    let body = match Limited::new(body, MAX_BODY).collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(e) if e.downcast_ref::<LengthLimitError>().is_some() => {
            return op_error(
                api,
                Some(op),
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                format!("the body is over {MAX_BODY} bytes"),
            )
        }
        Err(e) => {
            return op_error(
                api,
                Some(op),
                StatusCode::BAD_REQUEST,
                "unreadable_body",
                format!("cannot read the body: {e}"),
            )
        }
    };

    // Validation.
    let query = query_pairs(&raw_query);
    let cookies = validate::cookies(&parts.headers);
    // Authentication comes first: any non-empty value of a scheme the
    // operation names is a credential.
    if let Err(wanted) = authenticated(
        api,
        op,
        &parts.headers,
        &query,
        &cookies,
        &shared.credentials,
    ) {
        let mut res = op_error(
            api,
            Some(op),
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            format!("{} needs a credential: {wanted}", op.id),
        );
        let challenge = if wanted.contains("Basic") {
            "Basic"
        } else {
            "Bearer"
        };
        res.headers_mut()
            .insert(WWW_AUTHENTICATE, HeaderValue::from_static(challenge));
        return with_note(res, "unauthorized");
    }
    let mut issues = validate::check_params(
        api,
        &op.params,
        &RawParams {
            path: &path_params,
            query: &query,
            headers: &parts.headers,
            cookies: &cookies,
        },
    );
    let key_spec = match op.retry.class {
        RetryClass::Keyed => op.retry.key.as_ref(),
        _ => None,
    };
    let key = key_spec.and_then(|spec| {
        let value = parts.headers.get(spec.header.as_str())?;
        match check_key(value, spec.max_length) {
            Ok(key) => Some(key),
            Err(message) => {
                issues.push(Issue::new(
                    "header",
                    push_pointer("", &spec.header),
                    message,
                ));
                None
            }
        }
    });
    let json_body = match check_body(api, op, &parts.headers, &body, &mut issues) {
        Ok(v) => v,
        Err(res) => return *res,
    };
    if !issues.is_empty() {
        lock(&shared.stats).rejected += 1;
        return with_note(problem(api, op, &issues), "rejected");
    }

    // The idempotency key: one atomic claim. An attempt answered here (in
    // flight, mismatch, replay) runs nothing, so it meets no fault either.
    let caller = credential(api, op, &parts.headers, &query, &cookies);
    let mut claim = None;
    if let Some(key) = &key {
        let scope = (caller.clone(), key.clone());
        let fp = fingerprint(op, &path_params, &query, &body, json_body.as_ref());
        match shared.keys.claim(&scope, fp, Instant::now()) {
            Claim::Fresh { token, claimed_at } => {
                claim = Some(ClaimGuard {
                    shared: shared.clone(),
                    scope,
                    token,
                    claimed_at,
                    done: false,
                })
            }
            Claim::InFlight => {
                lock(&shared.stats).conflicts.in_flight += 1;
                return with_note(
                    op_error(api, Some(op),
                        StatusCode::CONFLICT,
                        api.key_contract.in_flight_code(),
                        "A request with this idempotency key is still being processed. Retry later with the same key.",
                    ),
                    "in flight",
                );
            }
            Claim::Mismatch => {
                lock(&shared.stats).conflicts.mismatch += 1;
                return with_note(
                    op_error(api, Some(op),
                        StatusCode::CONFLICT,
                        api.key_contract.mismatch_code(),
                        "This idempotency key was used with a different request (method, path, query or body). Use a new key for a new request.",
                    ),
                    "mismatch",
                );
            }
            Claim::Replay(stored) => {
                lock(&shared.stats).replays += 1;
                return with_note(respond(&stored, true), "replayed");
            }
        }
    }

    // Faults, counted per (caller, key) when there is a key, else per
    // operation. A keyed attempt counts here, holding the key: `first=N`
    // means the first N attempts that claimed it, however many others met
    // the in-flight 409 meanwhile.
    let fault_scope = match &key {
        Some(k) => format!("{caller}\u{1f}{k}"),
        None => format!("op\u{1f}{}", op.id),
    };
    let fired = {
        let mut faults = lock(&shared.faults);
        let mut rng = lock(&shared.rng);
        faults.evaluate(&op.id, &fault_scope, &mut rng)
    };
    if fired.reset_before {
        shared.count_fault();
        drop(claim);
        if shared.log {
            eprintln!("{} {raw_path} -> reset before processing", parts.method);
        }
        return ctl.reset().await;
    }
    if let Some(status) = fired.status_before {
        shared.count_fault();
        drop(claim);
        return with_note(respond(&status_fault(api, op, status), false), "injected");
    }

    // The caller's deadline: work that cannot finish in time is not started.
    if let Some(left) = time_left_ms(&parts.headers) {
        // No answer gets back in under a millisecond: with 1 ms or less
        // left, nobody is waiting for the work any more.
        let needed = fired.latency.map_or(0, |d| d.as_millis() as i64).max(1);
        let remaining = left.saturating_sub(started.elapsed().as_millis() as i64);
        if remaining <= needed {
            drop(claim);
            return with_note(deadline_response(api, op, remaining, needed), "deadline");
        }
    }

    // Accepted: the work runs to its end in a task of its own, so a client
    // that goes away (its attempt timed out) cancels nothing; the key stays
    // in flight until the outcome is stored for replay.
    if fired.latency.is_some() {
        shared.count_fault();
    }
    let work = Work {
        shared: shared.clone(),
        op: op_index,
        path_params,
        body: json_body,
        origin: match parts
            .headers
            .get(hyper::header::HOST)
            .and_then(|h| h.to_str().ok())
        {
            Some(host) => format!("http://{host}"),
            // HTTP/1.0 without a Host: a URL relative to the server.
            None => String::new(),
        },
        raw_path: raw_path.clone(),
        query,
        latency: fired.latency,
        status_after: fired.status_after,
        claim,
    };
    let stored = match tokio::spawn(work.run()).await {
        Ok(stored) => stored,
        Err(e) => {
            return op_error(
                api,
                Some(op),
                StatusCode::INTERNAL_SERVER_ERROR,
                "mock_error",
                format!("the execution did not finish: {e}"),
            )
        }
    };
    if fired.reset_after {
        shared.count_fault();
        if shared.log {
            eprintln!("{} {raw_path} -> reset after processing", parts.method);
        }
        return ctl.reset().await;
    }
    let note = if fired.status_after.is_some() {
        "injected after processing"
    } else {
        "executed"
    };
    with_note(respond(&stored, false), note)
}

/// An accepted request's execution, detached from its connection.
struct Work {
    shared: Arc<Shared>,
    op: usize,
    path_params: Vec<(String, String)>,
    body: Option<Value>,
    /// The decoded query pairs, the request's origin and raw path (lists).
    query: Vec<(String, String)>,
    origin: String,
    raw_path: String,
    latency: Option<Duration>,
    status_after: Option<StatusFault>,
    claim: Option<ClaimGuard>,
}

impl Work {
    /// Sleeps the injected latency (holding the key), executes, and stores
    /// the outcome for the key; the response to send, if anyone still waits.
    async fn run(self) -> Stored {
        if let Some(latency) = self.latency {
            tokio::time::sleep(latency).await;
        }
        // From here to the end, nothing awaits.
        let shared = &self.shared;
        let api = &shared.api;
        let op = &api.operations[self.op];
        let item = item_key(op, &self.path_params);
        let gone = lock(&shared.resources).is_gone(op, item.as_ref(), &self.path_params);
        let stored = match self.status_after {
            Some(status) => {
                // The operation ran and failed: nothing is committed.
                shared.count_fault();
                status_fault(api, op, status)
            }
            None if gone => error_stored(
                api,
                Some(op),
                404,
                "not_found",
                &format!("{} was deleted", op.path),
            ),
            None => {
                let seq = if op.method.is_safe() {
                    1
                } else {
                    let mut stats = lock(&shared.stats);
                    let n = stats.side_effects.entry(op.id.clone()).or_insert(0);
                    *n += 1;
                    *n
                };
                if let Some(guard) = &self.claim {
                    if shared.keys.record_commit(&guard.scope, guard.claimed_at) {
                        lock(&shared.stats).duplicates += 1;
                    }
                }
                let mut answer = success(api, op, &self.path_params, self.body.as_ref(), seq);
                if answer.status < 300 {
                    let mut resources = lock(&shared.resources);
                    resources.apply(
                        api,
                        op,
                        item,
                        &self.path_params,
                        self.body.as_ref(),
                        &mut answer,
                    );
                    let request = ListRequest {
                        query: &self.query,
                        origin: &self.origin,
                        raw_path: &self.raw_path,
                    };
                    resources.list(api, op, &self.path_params, &request, &mut answer);
                }
                answer
            }
        };
        if let Some(guard) = self.claim {
            let replay_failures = api.key_contract.failures == Some(FailurePolicy::Replay);
            if stored.status < 500 || replay_failures {
                guard.complete(stored.clone());
            } else {
                // Dropping the guard releases the key: a retry executes again.
                drop(guard);
            }
        }
        stored
    }
}

/// 1 to `max` visible ASCII characters (retry contract, section 4).
fn check_key(value: &HeaderValue, max: u32) -> Result<String, String> {
    let bytes = value.as_bytes();
    if bytes.is_empty() {
        return Err(format!(
            "is empty; a key is 1 to {max} visible ASCII characters"
        ));
    }
    if bytes.len() > max as usize {
        return Err(format!(
            "is {} characters long; the longest key is {max}",
            bytes.len()
        ));
    }
    if !bytes.iter().all(|b| (0x21..=0x7e).contains(b)) {
        return Err("may hold visible ASCII characters only (no spaces)".to_string());
    }
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

/// `Request-Timeout-Ms` as a whole number of milliseconds (negative allowed);
/// an unreadable value is ignored, as the runtimes' helper does.
fn time_left_ms(headers: &HeaderMap) -> Option<i64> {
    headers
        .get(TIMEOUT_HEADER)?
        .to_str()
        .ok()?
        .trim()
        .parse::<i64>()
        .ok()
}

/// Who is calling, for the key's scope: the credential the operation's
/// security schemes name (or any `Authorization`), hashed; else "anonymous".
fn credential(
    api: &Api,
    op: &Operation,
    headers: &HeaderMap,
    query: &[(String, String)],
    cookies: &[(String, String)],
) -> String {
    let header = |name: &str| {
        headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
            .filter(|v| !v.is_empty())
    };
    let find = |pairs: &[(String, String)], name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty())
    };
    let security = op.security.as_ref().unwrap_or(&api.default_security);
    let mut names: Vec<&String> = Vec::new();
    for alternative in security {
        for name in alternative {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    for name in names {
        let Some(scheme) = api.auth.iter().find(|s| s.name == *name) else {
            continue;
        };
        let value = match &scheme.kind {
            AuthKind::Bearer { .. } | AuthKind::Basic | AuthKind::OAuth2 { .. } => {
                header(AUTHORIZATION.as_str())
            }
            AuthKind::ApiKey { location, param } => match location {
                ParamLocation::Header => header(param),
                ParamLocation::Query => find(query, param),
                ParamLocation::Cookie => find(cookies, param),
                ParamLocation::Path => None,
            },
        };
        if let Some(v) = value {
            return digest(&format!("{name}\0{v}"));
        }
    }
    match header(AUTHORIZATION.as_str()) {
        Some(v) => digest(&format!("authorization\0{v}")),
        None => "anonymous".to_string(),
    }
}

/// `Ok` when the request carries a credential for one of the operation's
/// security alternatives (every scheme of it, each a non-empty value in its
/// place: `Authorization: Bearer <token>` for bearer and OAuth2, `Basic
/// <credentials>` for basic, the API key's header, query parameter or
/// cookie); else what is wanted, in words.
fn authenticated(
    api: &Api,
    op: &Operation,
    headers: &HeaderMap,
    query: &[(String, String)],
    cookies: &[(String, String)],
    accepted: &[String],
) -> Result<(), String> {
    let security = op.security.as_ref().unwrap_or(&api.default_security);
    let good = |v: &str| !v.is_empty() && (accepted.is_empty() || accepted.iter().any(|a| a == v));
    if security.is_empty() || security.iter().any(|alt| alt.is_empty()) {
        return Ok(());
    }
    let authorization = |prefix: &str| {
        headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                let (scheme, rest) = v.split_once(' ')?;
                (scheme.eq_ignore_ascii_case(prefix) && good(rest.trim())).then_some(())
            })
            .is_some()
    };
    let has =
        |pairs: &[(String, String)], name: &str| pairs.iter().any(|(k, v)| k == name && good(v));
    let mut wanted = Vec::new();
    for alternative in security {
        let mut missing = Vec::new();
        for name in alternative {
            // A scheme the spec does not define cannot be checked.
            let Some(scheme) = api.auth.iter().find(|s| s.name == *name) else {
                continue;
            };
            let (present, what) = match &scheme.kind {
                AuthKind::Bearer { .. } | AuthKind::OAuth2 { .. } => (
                    authorization("bearer"),
                    "a Bearer token in Authorization".to_string(),
                ),
                AuthKind::Basic => (
                    authorization("basic"),
                    "Basic credentials in Authorization".to_string(),
                ),
                AuthKind::ApiKey { location, param } => match location {
                    ParamLocation::Header => (
                        headers
                            .get(param.as_str())
                            .and_then(|v| v.to_str().ok())
                            .is_some_and(good),
                        format!("the API key header {param}"),
                    ),
                    ParamLocation::Query => (
                        has(query, param),
                        format!("the API key query parameter {param}"),
                    ),
                    ParamLocation::Cookie => {
                        (has(cookies, param), format!("the API key cookie {param}"))
                    }
                    ParamLocation::Path => (true, String::new()),
                },
            };
            if !present {
                missing.push(what);
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        wanted.push(missing.join(" and "));
    }
    Err(wanted.join(", or "))
}

/// Credentials are kept as a digest, never as sent.
fn digest(text: &str) -> String {
    let out = Sha256::digest(text.as_bytes());
    out.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 of the request a key was first used with: the method and path
/// template, the path parameters, the sorted query, and the body (JSON with
/// its keys sorted, other bodies as bytes).
fn fingerprint(
    op: &Operation,
    path_params: &[(String, String)],
    query: &[(String, String)],
    body: &Bytes,
    json: Option<&Value>,
) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(op.method.as_str().as_bytes());
    h.update([0]);
    h.update(op.path.as_bytes());
    h.update([0]);
    for (k, v) in path_params {
        h.update(k.as_bytes());
        h.update([b'=']);
        h.update(v.as_bytes());
        h.update([0]);
    }
    let mut sorted: Vec<&(String, String)> = query.iter().collect();
    sorted.sort();
    for (k, v) in sorted {
        h.update(k.as_bytes());
        h.update([b'=']);
        h.update(v.as_bytes());
        h.update([b'&']);
    }
    h.update([0]);
    match json {
        Some(v) => {
            let mut text = String::new();
            canonical(v, &mut text);
            h.update(text.as_bytes());
        }
        None => h.update(body),
    }
    let out = h.finalize();
    let mut fp = [0u8; 32];
    fp.copy_from_slice(&out);
    fp
}

/// JSON with object keys sorted at every level.
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String((*k).clone()).to_string());
                out.push(':');
                canonical(&map[k.as_str()], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

fn is_json_media(m: &str) -> bool {
    m == "application/json" || m.ends_with("+json")
}

/// Whether a declared media type (maybe a wildcard) takes the one sent.
fn media_matches(declared: &str, sent: &str) -> bool {
    let declared = declared
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    declared == sent
        || declared == "*/*"
        || declared
            .strip_suffix("/*")
            .is_some_and(|top| sent.split('/').next() == Some(top))
        || (is_json_media(&declared) && is_json_media(sent))
}

/// Checks the body against the operation's; the parsed JSON (or form) body
/// when there is one. `Err` is a response to send at once (415).
fn check_body(
    api: &Api,
    op: &Operation,
    headers: &HeaderMap,
    body: &Bytes,
    issues: &mut Vec<Issue>,
) -> Result<Option<Value>, Box<Res>> {
    let Some(spec) = &op.body else {
        return Ok(None);
    };
    if body.is_empty() {
        if spec.required {
            issues.push(Issue::new(
                "body",
                String::new(),
                "a request body is required",
            ));
        }
        return Ok(None);
    }
    let sent = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    let content = match &sent {
        Some(sent) => spec
            .contents
            .iter()
            .find(|c| media_matches(&c.media_type, sent)),
        None => spec
            .contents
            .iter()
            .find(|c| c.kind == BodyKind::Json)
            .or(spec.contents.first()),
    };
    let Some(content) = content else {
        let takes: Vec<&str> = spec
            .contents
            .iter()
            .map(|c| c.media_type.as_str())
            .collect();
        return Err(Box::new(op_error(
            api,
            Some(op),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            format!(
                "{} takes {}, not {}",
                op.id,
                takes.join(" or "),
                sent.as_deref().unwrap_or("")
            ),
        )));
    };
    let check = |value: &Value, issues: &mut Vec<Issue>| {
        let mut out = Vec::new();
        validate::check(api, value, &content.ty, "", &mut out);
        issues.extend(out.into_iter().map(|(p, m)| Issue::new("body", p, m)));
    };
    match content.kind {
        BodyKind::Json => match serde_json::from_slice::<Value>(body) {
            Ok(value) => {
                check(&value, issues);
                Ok(Some(value))
            }
            Err(e) => {
                issues.push(Issue::new(
                    "body",
                    String::new(),
                    format!("not valid JSON: {e}"),
                ));
                Ok(None)
            }
        },
        BodyKind::Form => {
            let pairs = query_pairs(&String::from_utf8_lossy(body));
            let value = validate::form_object(api, &content.ty, &pairs);
            check(&value, issues);
            Ok(Some(value))
        }
        BodyKind::Text => {
            if std::str::from_utf8(body).is_err() {
                issues.push(Issue::new("body", String::new(), "not UTF-8 text"));
            }
            Ok(None)
        }
        BodyKind::Multipart => {
            let content_type = headers
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            match super::multipart::parse(body, content_type) {
                Ok(parts) => check(
                    &validate::multipart_object(api, &content.ty, &parts),
                    issues,
                ),
                Err(why) => issues.push(Issue::new(
                    "body",
                    String::new(),
                    format!("not a multipart/form-data body: {why}"),
                )),
            }
            // The fingerprint of a key stays the body's bytes.
            Ok(None)
        }
        BodyKind::Binary => Ok(None),
    }
}

/// The operation's success: its lowest 2xx response (else `default`, else
/// 204), with data made from its type and the request echoed into it.
fn success(
    api: &Api,
    op: &Operation,
    path_params: &[(String, String)],
    body: Option<&Value>,
    seq: u64,
) -> Stored {
    let chosen = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .min_by_key(|r| match r.status {
            StatusSpec::Code(c) => c,
            _ => 299,
        })
        .or_else(|| {
            op.responses
                .iter()
                .find(|r| r.status == StatusSpec::Default)
        });
    let Some(response) = chosen else {
        return Stored {
            status: 204,
            headers: Vec::new(),
            body: Bytes::new(),
        };
    };
    let status = match response.status {
        StatusSpec::Code(c) => c,
        _ => 200,
    };
    // A request on `/things/{thing_id}` (not a POST, which makes something
    // new under it) is about that thing: it is the answer's `id`.
    let id = if op.method == Method::Post {
        None
    } else {
        op.path
            .rsplit('/')
            .next()
            .and_then(|last| last.strip_prefix('{')?.strip_suffix('}'))
            .and_then(|name| path_params.iter().find(|(k, _)| k == name))
            .map(|(_, v)| v.as_str())
    };
    let example = Example {
        api,
        echo: body.and_then(Value::as_object),
        path_params,
        id,
        seq,
    };
    let mut headers = Vec::new();
    for h in &response.headers {
        let lower = h.name.to_ascii_lowercase();
        if lower == "content-type" || lower == "content-length" {
            continue;
        }
        match example.value(&h.ty) {
            Value::Null => {}
            Value::String(s) => headers.push((h.name.clone(), s)),
            other => headers.push((h.name.clone(), other.to_string())),
        }
    }
    let no_body = matches!(status, 204 | 205 | 304) || response.contents.is_empty();
    if no_body {
        return Stored {
            status,
            headers,
            body: Bytes::new(),
        };
    }
    let content = response
        .contents
        .iter()
        .find(|c| c.kind == BodyKind::Json)
        .unwrap_or(&response.contents[0]);
    headers.insert(0, ("content-type".to_string(), content.media_type.clone()));
    let body = match content.kind {
        BodyKind::Json => {
            Bytes::from(serde_json::to_vec(&example.value(&content.ty)).unwrap_or_default())
        }
        _ => Bytes::from_static(b"example"),
    };
    Stored {
        status,
        headers,
        body,
    }
}

fn respond(stored: &Stored, replayed: bool) -> Res {
    let mut res = Response::new(Full::new(stored.body.clone()));
    *res.status_mut() =
        StatusCode::from_u16(stored.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    for (k, v) in &stored.headers {
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(k.as_bytes()),
            HeaderValue::from_str(v),
        ) {
            res.headers_mut().append(name, value);
        }
    }
    if replayed {
        if let Ok(name) = HeaderName::from_bytes(REPLAYED_HEADER.as_bytes()) {
            res.headers_mut()
                .insert(name, HeaderValue::from_static("true"));
        }
    }
    res
}

fn json_response(status: StatusCode, content_type: &'static str, value: &Value) -> Res {
    let mut res = Response::new(Full::new(Bytes::from(value.to_string())));
    *res.status_mut() = status;
    res.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    res
}

/// `{"error": {"code", "message"}}`: errors of no operation (an unknown
/// path, a method not served) and of the control endpoints; an operation's
/// errors take its spec's shape ([`op_error`]).
fn error_response(status: StatusCode, code: &str, message: impl Into<String>) -> Res {
    json_response(
        status,
        "application/json",
        &json!({"error": {"code": code, "message": message.into()}}),
    )
}

fn status_code_name(code: u16) -> &'static str {
    match code {
        400 => "bad_request",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        408 => "request_timeout",
        409 => "conflict",
        422 => "unprocessable",
        429 => "rate_limited",
        500 => "internal_error",
        502 => "bad_gateway",
        503 => "service_unavailable",
        504 => "gateway_timeout",
        _ => "injected_fault",
    }
}

/// An error of `op`, in the shape and media type its spec declares for the
/// status (else `{"error": {"code", "message"}}`).
fn op_error(
    api: &Api,
    op: Option<&Operation>,
    status: StatusCode,
    code: &str,
    message: impl Into<String>,
) -> Res {
    let message = message.into();
    respond(
        &error_stored(api, op, status.as_u16(), code, &message),
        false,
    )
}

fn status_fault(api: &Api, op: &Operation, s: StatusFault) -> Stored {
    let reason = StatusCode::from_u16(s.code)
        .ok()
        .and_then(|c| c.canonical_reason())
        .unwrap_or("");
    let mut stored = error_stored(
        api,
        Some(op),
        s.code,
        status_code_name(s.code),
        &format!("injected fault: {} {reason}", s.code),
    );
    if let Some(secs) = s.retry_after_secs {
        stored
            .headers
            .push((RETRY_AFTER.as_str().to_string(), secs.to_string()));
    }
    if let Some(ms) = s.retry_after_ms {
        stored
            .headers
            .push(("retry-after-ms".to_string(), ms.to_string()));
    }
    stored
}

fn outage_response(api: &Api, op: Option<&Operation>, left: Duration) -> Res {
    let secs = left.as_millis().div_ceil(1000).max(1);
    let mut res = op_error(
        api,
        op,
        StatusCode::SERVICE_UNAVAILABLE,
        "service_unavailable",
        format!("injected outage: {} ms left", left.as_millis()),
    );
    res.headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from(secs as u64));
    res
}

/// 504: the caller's time was up before the work could finish, so it was not
/// started. `x-should-retry: false`: a retry would have no more time.
fn deadline_response(api: &Api, op: &Operation, remaining_ms: i64, needed_ms: i64) -> Res {
    let message = if needed_ms > 1 {
        format!("{TIMEOUT_HEADER} left {remaining_ms} ms, and this request takes {needed_ms} ms; it was not started")
    } else {
        format!("{TIMEOUT_HEADER} left {remaining_ms} ms; the request was not started")
    };
    let mut res = op_error(
        api,
        Some(op),
        StatusCode::GATEWAY_TIMEOUT,
        "deadline_exceeded",
        message,
    );
    res.headers_mut().insert(
        HeaderName::from_static("x-should-retry"),
        HeaderValue::from_static("false"),
    );
    res
}

/// 400: in the spec's shape for the operation's 400 where it declares one
/// (the code `invalid_request`, the message naming the first problem), else
/// `application/problem+json` (RFC 9457) with one entry per problem.
fn problem(api: &Api, op: &Operation, issues: &[Issue]) -> Res {
    let errors: Vec<Value> = issues
        .iter()
        .map(|i| json!({"in": i.location, "pointer": i.pointer, "message": i.message}))
        .collect();
    let first = &issues[0];
    let at = if first.pointer.is_empty() {
        first.location.to_string()
    } else {
        format!("{} {}", first.location, first.pointer)
    };
    let count = if issues.len() == 1 {
        "1 problem".to_string()
    } else {
        format!("{} problems", issues.len())
    };
    let detail = format!(
        "The request to {} has {count}; {at}: {}",
        op.id, first.message
    );
    if declared(op, 400).and_then(content_of).is_some() {
        let every: Vec<String> = issues
            .iter()
            .map(|i| {
                if i.pointer.is_empty() {
                    format!("{}: {}", i.location, i.message)
                } else {
                    format!("{} {}: {}", i.location, i.pointer, i.message)
                }
            })
            .collect();
        return op_error(
            api,
            Some(op),
            StatusCode::BAD_REQUEST,
            "invalid_request",
            format!("The request to {} has {count}: {}", op.id, every.join("; ")),
        );
    }
    json_response(
        StatusCode::BAD_REQUEST,
        "application/problem+json",
        &json!({
            "type": "urn:sdkgen:mock:invalid-request",
            "title": "The request does not match the API description",
            "status": 400,
            "detail": detail,
            "errors": errors,
        }),
    )
}

/// `/__sdkgen/...`: stats, reset, faults.
async fn control(shared: &Shared, req: Request<Incoming>) -> Res {
    let path = req.uri().path().trim_end_matches('/').to_string();
    let method = req.method().clone();
    let listing = |shared: &Shared| {
        let faults: Vec<String> = lock(&shared.faults)
            .faults()
            .iter()
            .map(|f| f.to_string())
            .collect();
        json_response(StatusCode::OK, "application/json", &json!(faults))
    };
    let no_content = || {
        let mut res = Response::new(Full::new(Bytes::new()));
        *res.status_mut() = StatusCode::NO_CONTENT;
        res
    };
    match (method.as_str(), path.as_str()) {
        ("GET", "/__sdkgen/stats") => {
            let stats = lock(&shared.stats).clone();
            json_response(
                StatusCode::OK,
                "application/json",
                &serde_json::to_value(stats).unwrap_or(Value::Null),
            )
        }
        ("POST", "/__sdkgen/reset") => {
            shared.reset();
            no_content()
        }
        ("GET", "/__sdkgen/faults") => listing(shared),
        ("POST" | "PUT", "/__sdkgen/faults") => {
            let body = match Limited::new(req.into_body(), 1 << 20).collect().await {
                Ok(c) => c.to_bytes(),
                Err(e) => {
                    return error_response(
                        StatusCode::BAD_REQUEST,
                        "invalid_faults",
                        format!("cannot read the body: {e}"),
                    )
                }
            };
            let parsed = serde_json::from_slice::<Value>(&body)
                .map_err(|e| format!("not JSON: {e}"))
                .and_then(|v| match v {
                    Value::Array(items) => items.iter().map(Fault::from_json).collect(),
                    _ => Err("expected a JSON list of faults".to_string()),
                });
            match parsed {
                Ok(faults) => {
                    shared.set_faults(faults);
                    listing(shared)
                }
                Err(message) => {
                    error_response(StatusCode::BAD_REQUEST, "invalid_faults", message)
                }
            }
        }
        ("DELETE", "/__sdkgen/faults") => {
            shared.set_faults(Vec::new());
            no_content()
        }
        (_, "/__sdkgen/stats" | "/__sdkgen/reset" | "/__sdkgen/faults") => error_response(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            format!("{method} is not served on {path}"),
        ),
        _ => error_response(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("{path}: the control endpoints are /__sdkgen/stats, /__sdkgen/reset and /__sdkgen/faults"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_json_sorts_keys() {
        let a: Value =
            serde_json::from_str(r#"{"b":1,"a":{"d":[1,{"y":2,"x":1}],"c":"s"}}"#).expect("json");
        let mut text = String::new();
        canonical(&a, &mut text);
        assert_eq!(text, r#"{"a":{"c":"s","d":[1,{"x":1,"y":2}]},"b":1}"#);
    }

    #[test]
    fn media_types() {
        assert!(media_matches("application/json", "application/json"));
        assert!(media_matches(
            "application/merge-patch+json",
            "application/json"
        ));
        assert!(media_matches("image/*", "image/png"));
        assert!(media_matches("*/*", "text/plain"));
        assert!(!media_matches("application/json", "text/plain"));
    }

    #[test]
    fn keys_are_visible_ascii() {
        assert!(check_key(&HeaderValue::from_static("order-1"), 255).is_ok());
        assert!(check_key(&HeaderValue::from_static(""), 255).is_err());
        assert!(check_key(&HeaderValue::from_static("a b"), 255).is_err());
        assert!(check_key(&HeaderValue::from_static("abcdef"), 5).is_err());
    }
}
