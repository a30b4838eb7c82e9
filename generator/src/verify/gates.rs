//! The six gates, each a few requests against the live server.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::report::{Exchange, Gate, GateResult, OperationReport, Outcome, Report};
use super::{Budget, CredentialSlot, Plan, Prepared, Target, FOLLOW_UPS, TIMEOUT_HEADER};
use crate::ir::{Api, FailurePolicy};

/// Response bodies are read up to this size.
const MAX_RESPONSE: usize = 1 << 20;
/// Evidence shows this much of a body.
const SHOWN_BODY: usize = 2000;
/// How long a follow-up waits before it asks again after an in-flight 409.
const FOLLOW_UP_PAUSE: Duration = Duration::from_millis(200);
/// A replay is marked so by servers that follow the common convention.
const REPLAYED_HEADER: &str = "idempotent-replayed";

/// One answer, kept whole for comparison beside what the report shows.
#[derive(Debug, Clone)]
pub(crate) struct Answer {
    pub status: Option<u16>,
    pub body: Vec<u8>,
    pub json: Option<Value>,
    pub replayed: bool,
    pub exchange: Exchange,
}

impl Answer {
    fn ok(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }

    /// The error code, at the top (`{code}`) or under `error` (`{error: {code}}`),
    /// as the SDK runtimes read it.
    fn code(&self) -> Option<&str> {
        let json = self.json.as_ref()?;
        json.get("code")
            .and_then(Value::as_str)
            .or_else(|| json.get("error")?.get("code")?.as_str())
    }

    fn is_conflict(&self, code: &str) -> bool {
        self.status == Some(409) && self.code() == Some(code)
    }

    /// The same status and the same body (as JSON when both are).
    fn same(&self, other: &Answer) -> bool {
        self.status == other.status
            && match (&self.json, &other.json) {
                (Some(a), Some(b)) => a == b,
                _ => self.body == other.body,
            }
    }

    fn same_body(&self, other: &Answer) -> bool {
        match (&self.json, &other.json) {
            (Some(a), Some(b)) => a == b,
            _ => self.body == other.body,
        }
    }

    /// The resource's `id`, where the body has one, for messages.
    fn id(&self) -> Option<String> {
        match self.json.as_ref()?.get("id")? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        match self.status {
            None => format!(
                "no answer ({})",
                self.exchange.error.as_deref().unwrap_or("?")
            ),
            Some(s) => {
                let mut text = s.to_string();
                if let Some(id) = self.id() {
                    text.push_str(&format!(" (id {id})"));
                } else if let Some(code) = self.code() {
                    text.push_str(&format!(" `{code}`"));
                }
                text
            }
        }
    }
}

/// What every gate shares.
struct Ctx<'a> {
    api: &'a Api,
    plan: &'a Plan,
    client: reqwest::Client,
    budget: Budget,
    keys: KeyMaker,
}

/// Fresh keys: UUID v4 text from the process's random hasher seeds and a counter.
struct KeyMaker {
    state: RandomState,
    counter: AtomicU64,
}

impl KeyMaker {
    fn next(&self, max: u32) -> String {
        let n = self.counter.fetch_add(1, Ordering::SeqCst);
        let mut h1 = self.state.build_hasher();
        h1.write_u64(n);
        h1.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        let a = h1.finish();
        let mut h2 = self.state.build_hasher();
        h2.write_u64(a);
        h2.write_u64(n ^ 0x9e37_79b9_7f4a_7c15);
        let b = h2.finish();
        let hex = format!("{a:016x}{b:016x}");
        let key = format!(
            "{}-{}-4{}-{}{}-{}",
            &hex[0..8],
            &hex[8..12],
            &hex[13..16],
            ["8", "9", "a", "b"][(b & 3) as usize],
            &hex[17..20],
            &hex[20..32]
        );
        key.chars().take(max.max(1) as usize).collect()
    }
}

/// Base64 (RFC 4648, with padding), for basic credentials.
fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (chunk[0] as u32) << 16
            | (*chunk.get(1).unwrap_or(&0) as u32) << 8
            | *chunk.get(2).unwrap_or(&0) as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(TABLE[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn cut(text: &str) -> String {
    if text.len() <= SHOWN_BODY {
        return text.to_string();
    }
    let mut end = SHOWN_BODY;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}

/// Request options beyond the prepared request.
#[derive(Default, Clone, Copy)]
struct Send<'k> {
    key: Option<&'k str>,
    /// Which credential (0 or 1); the first when the operation takes one.
    credential: usize,
    /// `Request-Timeout-Ms` to send.
    time_left_ms: Option<u64>,
}

impl Ctx<'_> {
    async fn send(&self, target: &Target, req: &Prepared, opts: Send<'_>) -> Answer {
        let cred = self.plan.credentials.get(opts.credential);
        let cred_label = format!("<credential {}>", opts.credential + 1);
        let mut shown_headers = Vec::new();
        let url = match (&target.slot, cred) {
            (CredentialSlot::Query(_), Some(c)) => {
                req.url.replace("{credential}", &super::percent_encode(c))
            }
            _ => req.url.replace("{credential}", ""),
        };
        let shown_url = req.shown_url.replace(
            "<credential>",
            &super::percent_encode(&cred_label)
                .replace("%3C", "<")
                .replace("%3E", ">"),
        );
        let mut exchange = Exchange {
            request: format!("{} {shown_url}", req.method),
            headers: Vec::new(),
            body: req.body.as_ref().map(|b| cut(&b.to_string())),
            status: None,
            response: None,
            error: None,
        };
        if let Err(why) = self.budget.take() {
            exchange.error = Some(why);
            return Answer {
                status: None,
                body: Vec::new(),
                json: None,
                replayed: false,
                exchange,
            };
        }
        let mut builder = self.client.request(req.method.clone(), &url);
        for (k, v) in &req.headers {
            builder = builder.header(k, v);
            let shown = if k.eq_ignore_ascii_case("content-type") {
                v.clone()
            } else {
                "<as given>".to_string()
            };
            shown_headers.push(format!("{k}: {shown}"));
        }
        if let Some(key) = opts.key {
            builder = builder.header(target.key_header.as_str(), key);
            shown_headers.push(format!("{}: {key}", target.key_header));
        }
        if let Some(ms) = opts.time_left_ms {
            builder = builder.header(TIMEOUT_HEADER, ms.to_string());
            shown_headers.push(format!("{TIMEOUT_HEADER}: {ms}"));
        }
        if let Some(c) = cred {
            match &target.slot {
                CredentialSlot::None | CredentialSlot::Query(_) => {}
                CredentialSlot::Authorization { basic } => {
                    let value = if *basic {
                        format!("Basic {}", base64(c.as_bytes()))
                    } else {
                        format!("Bearer {c}")
                    };
                    builder = builder.header("Authorization", value);
                    shown_headers.push(format!("Authorization: {cred_label}"));
                }
                CredentialSlot::Header(name) => {
                    builder = builder.header(name.as_str(), c.as_str());
                    shown_headers.push(format!("{name}: {cred_label}"));
                }
                CredentialSlot::Cookie(name) => {
                    builder = builder.header("Cookie", format!("{name}={c}"));
                    shown_headers.push(format!("Cookie: {name}={cred_label}"));
                }
            }
        }
        if let Some(b) = &req.body {
            builder = builder.body(b.to_string());
        }
        exchange.headers = shown_headers;
        let answer = match builder.send().await {
            Ok(res) => {
                let status = res.status().as_u16();
                let replayed = res
                    .headers()
                    .get(REPLAYED_HEADER)
                    .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"true"));
                let mut body = Vec::new();
                let mut res = res;
                let mut read_error = None;
                loop {
                    match res.chunk().await {
                        Ok(Some(chunk)) => {
                            if body.len() + chunk.len() > MAX_RESPONSE {
                                read_error = Some(format!("the body is over {MAX_RESPONSE} bytes"));
                                break;
                            }
                            body.extend_from_slice(&chunk);
                        }
                        Ok(None) => break,
                        Err(e) => {
                            read_error = Some(format!("reading the body: {}", e.without_url()));
                            break;
                        }
                    }
                }
                exchange.status = Some(status);
                exchange.response = Some(cut(&String::from_utf8_lossy(&body)));
                exchange.error = read_error;
                Answer {
                    status: Some(status),
                    json: serde_json::from_slice(&body).ok(),
                    body,
                    replayed,
                    exchange,
                }
            }
            Err(e) => {
                exchange.error = Some(e.without_url().to_string());
                Answer {
                    status: None,
                    body: Vec::new(),
                    json: None,
                    replayed: false,
                    exchange,
                }
            }
        };
        answer
    }

    /// Sends `req` again while it meets the in-flight 409 (a few times,
    /// pausing between), and gives the last answer.
    async fn settle(&self, target: &Target, req: &Prepared, opts: Send<'_>) -> Answer {
        let in_flight = self.api.key_contract.in_flight_code();
        let mut answer = self.send(target, req, opts).await;
        for _ in 0..FOLLOW_UPS {
            if !answer.is_conflict(in_flight) {
                break;
            }
            tokio::time::sleep(FOLLOW_UP_PAUSE).await;
            answer = self.send(target, req, opts).await;
        }
        answer
    }
}

fn result(
    gate: Gate,
    outcome: Outcome,
    detail: impl Into<String>,
    evidence: &[&Answer],
) -> GateResult {
    GateResult {
        gate,
        outcome,
        detail: detail.into(),
        evidence: evidence.iter().map(|a| a.exchange.clone()).collect(),
    }
}

fn pass(gate: Gate, detail: impl Into<String>) -> GateResult {
    result(gate, Outcome::Pass, detail, &[])
}

fn fail(gate: Gate, detail: impl Into<String>, evidence: &[&Answer]) -> GateResult {
    result(gate, Outcome::Fail, detail, evidence)
}

fn error(gate: Gate, detail: impl Into<String>, evidence: &[&Answer]) -> GateResult {
    result(gate, Outcome::Error, detail, evidence)
}

fn skipped(gate: Gate, detail: impl Into<String>) -> GateResult {
    result(gate, Outcome::Skipped, detail, &[])
}

/// The first request of a gate, which the server must accept for the gate
/// to mean anything; `Err` is the gate's error result.
async fn accepted(
    ctx: &Ctx<'_>,
    gate: Gate,
    target: &Target,
    req: &Prepared,
    opts: Send<'_>,
) -> Result<Answer, GateResult> {
    let a = ctx.send(target, req, opts).await;
    if a.ok() {
        Ok(a)
    } else {
        Err(error(
            gate,
            format!(
                "the request the gate is built on got {}, not a 2xx; give one the server accepts with --requests",
                a.describe()
            ),
            &[&a],
        ))
    }
}

pub(crate) async fn run_all(api: &Api, plan: &Plan) -> Result<Report, String> {
    let started = Instant::now();
    let client = reqwest::Client::builder()
        .timeout(plan.options.request_timeout)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| format!("cannot make the HTTP client: {e}"))?;
    let ctx = Ctx {
        api,
        plan,
        client,
        budget: Budget {
            sent: AtomicUsize::new(0),
            max: plan.options.max_requests,
            ends: started + plan.options.time_limit,
        },
        keys: KeyMaker {
            state: RandomState::new(),
            counter: AtomicU64::new(0),
        },
    };
    let mut operations = Vec::new();
    for target in &plan.targets {
        let op = &api.operations[target.op];
        let gates = match tokio::time::timeout_at(
            tokio::time::Instant::from_std(ctx.budget.ends),
            gates_of(&ctx, target),
        )
        .await
        {
            Ok(g) => g,
            Err(_) => Gate::ALL
                .iter()
                .map(|&g| {
                    error(
                        g,
                        format!(
                            "the time limit ({} s) ran out",
                            plan.options.time_limit.as_secs()
                        ),
                        &[],
                    )
                })
                .collect(),
        };
        operations.push(OperationReport {
            operation: op.id.clone(),
            method: op.method.as_str().to_string(),
            path: op.path.clone(),
            gates,
        });
    }
    let tally = Report::tally_of(&operations);
    Ok(Report {
        api: api.title.clone(),
        base_url: plan.base_url.clone(),
        host: plan.host.clone(),
        requests: ctx
            .budget
            .sent
            .load(Ordering::SeqCst)
            .min(plan.options.max_requests),
        elapsed_ms: started.elapsed().as_millis() as u64,
        tally,
        operations,
    })
}

async fn gates_of(ctx: &Ctx<'_>, target: &Target) -> Vec<GateResult> {
    let honoured = honoured(ctx, target).await;
    let mut out = Vec::new();
    if honoured.outcome == Outcome::Pass {
        out.push(honoured);
        out.push(concurrency(ctx, target).await);
        out.push(mismatch(ctx, target).await);
        out.push(scope(ctx, target).await);
        out.push(stored_failures(ctx, target).await);
    } else {
        let why = match honoured.outcome {
            Outcome::Fail => "honoured failed: the gates that read replays mean nothing until the same request is replayed",
            _ => "honoured could not run: the server did not accept the operation's request",
        };
        out.push(honoured);
        for g in [
            Gate::Concurrency,
            Gate::Mismatch,
            Gate::Scope,
            Gate::StoredFailures,
        ] {
            out.push(skipped(g, why));
        }
    }
    out.push(deadline(ctx, target).await);
    out
}

async fn honoured(ctx: &Ctx<'_>, t: &Target) -> GateResult {
    let g = Gate::Honoured;
    let key = ctx.keys.next(t.key_max);
    let opts = Send {
        key: Some(&key),
        ..Send::default()
    };
    let first = match accepted(ctx, g, t, &t.request, opts).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let second = ctx.settle(t, &t.request, opts).await;
    if second.same(&first) {
        return pass(
            g,
            format!(
                "the same key and body twice: {} and its replay",
                first.describe()
            ),
        );
    }
    let detail = if second.ok() && first.id().is_some() && first.id() != second.id() {
        format!(
            "the same key and body twice made two resources: {} then {}",
            first.describe(),
            second.describe()
        )
    } else if second.status != first.status {
        format!(
            "the same key and body twice: {} then {}; a replay keeps the status",
            first.describe(),
            second.describe()
        )
    } else {
        format!(
            "the same key and body twice: {} then a {} with another body; a replay is the original's body",
            first.describe(),
            second.describe()
        )
    };
    fail(g, detail, &[&first, &second])
}

async fn concurrency(ctx: &Ctx<'_>, t: &Target) -> GateResult {
    let g = Gate::Concurrency;
    let n = ctx.plan.options.concurrency;
    let key = ctx.keys.next(t.key_max);
    let in_flight = ctx.api.key_contract.in_flight_code();
    let barrier = Arc::new(tokio::sync::Barrier::new(n));
    let answers: Vec<Answer> = {
        let futures = (0..n).map(|_| {
            let barrier = barrier.clone();
            let key = key.as_str();
            async move {
                barrier.wait().await;
                ctx.send(
                    t,
                    &t.request,
                    Send {
                        key: Some(key),
                        ..Send::default()
                    },
                )
                .await
            }
        });
        join_all(futures).await
    };
    let successes: Vec<&Answer> = answers.iter().filter(|a| a.ok()).collect();
    let conflicts = answers.iter().filter(|a| a.is_conflict(in_flight)).count();
    let others: Vec<&Answer> = answers
        .iter()
        .filter(|a| !a.ok() && !a.is_conflict(in_flight))
        .collect();
    if let Some(first_other) = others.first() {
        let mut evidence = vec![*first_other];
        evidence.extend(successes.first());
        return fail(
            g,
            format!(
                "{n} simultaneous requests with one key: {} answered neither 2xx nor the in-flight 409 `{in_flight}` (first: {})",
                others.len(),
                first_other.describe()
            ),
            &evidence,
        );
    }
    let mut distinct: Vec<&Answer> = Vec::new();
    for a in &successes {
        if !distinct.iter().any(|d| d.same(a)) {
            distinct.push(a);
        }
    }
    if distinct.len() > 1 {
        let shown: Vec<String> = distinct.iter().take(5).map(|a| a.describe()).collect();
        return fail(
            g,
            format!(
                "{n} simultaneous requests with one key got {} different successes, so as many executions: {}",
                distinct.len(),
                shown.join(", ")
            ),
            &distinct.iter().take(3).copied().collect::<Vec<_>>(),
        );
    }
    // Every attempt met the 409 or got the one success: a last request
    // with the key gets the success, once the work is done.
    let last = ctx
        .settle(
            t,
            &t.request,
            Send {
                key: Some(&key),
                ..Send::default()
            },
        )
        .await;
    match distinct.first() {
        Some(one) if last.same(one) => pass(
            g,
            format!(
                "{n} simultaneous requests with one key: {} successes, all {} (one execution), {conflicts} in-flight 409s; a later request got the same",
                successes.len(),
                one.describe()
            ),
        ),
        Some(one) => fail(
            g,
            format!(
                "{n} simultaneous requests got {} ({} times), but a later request with the key got {}",
                one.describe(),
                successes.len(),
                last.describe()
            ),
            &[one, &last],
        ),
        None if last.ok() => pass(
            g,
            format!(
                "{n} simultaneous requests with one key: all {conflicts} met the in-flight 409; a later request got {}",
                last.describe()
            ),
        ),
        None => fail(
            g,
            format!(
                "{n} simultaneous requests with one key all met the in-flight 409, and a later request got {}",
                last.describe()
            ),
            &[&answers[0], &last],
        ),
    }
}

/// Runs the futures at once and gives their outputs in order.
async fn join_all<F: std::future::Future>(futures: impl Iterator<Item = F>) -> Vec<F::Output> {
    let mut set = Vec::new();
    for f in futures {
        set.push(Box::pin(f));
    }
    let mut outputs: Vec<Option<F::Output>> = (0..set.len()).map(|_| None).collect();
    let mut pending: Vec<usize> = (0..set.len()).collect();
    std::future::poll_fn(|cx| {
        pending.retain(|&i| match set[i].as_mut().poll(cx) {
            std::task::Poll::Ready(v) => {
                outputs[i] = Some(v);
                false
            }
            std::task::Poll::Pending => true,
        });
        if pending.is_empty() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
    outputs.into_iter().flatten().collect()
}

async fn mismatch(ctx: &Ctx<'_>, t: &Target) -> GateResult {
    let g = Gate::Mismatch;
    let contract = &ctx.api.key_contract;
    let (in_flight, wanted) = (contract.in_flight_code(), contract.mismatch_code());
    if in_flight == wanted {
        return fail(
            g,
            format!("the contract gives one code, `{wanted}`, to both conflicts: a client cannot tell a request to wait for from a bug"),
            &[],
        );
    }
    let Some(other) = &t.other else {
        return skipped(
            g,
            "the request has no value to change for another body: give other_body in --requests",
        );
    };
    let key = ctx.keys.next(t.key_max);
    let opts = Send {
        key: Some(&key),
        ..Send::default()
    };
    let first = match accepted(ctx, g, t, &t.request, opts).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let second = ctx.settle(t, other, opts).await;
    if second.is_conflict(wanted) {
        return pass(g, format!("the same key with another body: 409 `{wanted}`"));
    }
    let detail = if second.ok() && second.same_body(&first) {
        format!(
            "the same key with another body got the first body's response back ({}): the server does not compare the request",
            second.describe()
        )
    } else if second.ok() {
        format!(
            "the same key with another body ran again ({}), where the contract says 409 `{wanted}`",
            second.describe()
        )
    } else {
        format!(
            "the same key with another body got {}, not 409 `{wanted}`",
            second.describe()
        )
    };
    fail(g, detail, &[&first, &second])
}

async fn scope(ctx: &Ctx<'_>, t: &Target) -> GateResult {
    let g = Gate::Scope;
    if matches!(t.slot, CredentialSlot::None) {
        return skipped(
            g,
            "the operation takes no credential, so every caller shares one key space",
        );
    }
    if ctx.plan.credentials.len() < 2 {
        return skipped(
            g,
            format!(
                "needs two credentials of the `{}` scheme: give --credential twice (or set {})",
                t.scheme.as_deref().unwrap_or("?"),
                super::CREDENTIAL_ENV[1]
            ),
        );
    }
    let key = ctx.keys.next(t.key_max);
    let first = match accepted(
        ctx,
        g,
        t,
        &t.request,
        Send {
            key: Some(&key),
            credential: 0,
            ..Send::default()
        },
    )
    .await
    {
        Ok(a) => a,
        Err(r) => return r,
    };
    let second = ctx
        .send(
            t,
            &t.request,
            Send {
                key: Some(&key),
                credential: 1,
                ..Send::default()
            },
        )
        .await;
    if second.ok() && !second.replayed && !second.same_body(&first) {
        return pass(
            g,
            format!(
                "one key, two credentials: {} and {}, two resources",
                first.describe(),
                second.describe()
            ),
        );
    }
    let detail = if second.ok() {
        format!(
            "one key, two credentials: the second caller got the first caller's response ({}): one key table for every caller",
            second.describe()
        )
    } else {
        format!(
            "one key, two credentials: the second caller got {}: another caller's key stood in its way",
            second.describe()
        )
    };
    fail(g, detail, &[&first, &second])
}

async fn stored_failures(ctx: &Ctx<'_>, t: &Target) -> GateResult {
    let g = Gate::StoredFailures;
    let Some(policy) = ctx.api.key_contract.failures else {
        return skipped(
            g,
            "the contract declares no `failures` policy (replay or reattempt) in x-idempotency",
        );
    };
    let Some(failing) = &t.failure else {
        return skipped(
            g,
            "no way to make the server fail: give a request it fails with a 5xx under `failure` in --requests",
        );
    };
    let key = ctx.keys.next(t.key_max);
    let opts = Send {
        key: Some(&key),
        ..Send::default()
    };
    let first = ctx.send(t, failing, opts).await;
    if first.status.is_none_or(|s| s < 500) {
        return error(
            g,
            format!(
                "the failure request got {}, not a 5xx: it does not make the server fail",
                first.describe()
            ),
            &[&first],
        );
    }
    let second = ctx.settle(t, failing, opts).await;
    let contract = &ctx.api.key_contract;
    let conflict = second.is_conflict(contract.mismatch_code())
        || second.is_conflict(contract.in_flight_code());
    match policy {
        FailurePolicy::Replay if second.same(&first) => pass(
            g,
            format!(
                "failures: replay; a failed request sent again with its key got the stored {} back",
                first.describe()
            ),
        ),
        FailurePolicy::Replay => fail(
            g,
            format!(
                "failures: replay, but a failed request sent again with its key got {} where it first got {}",
                second.describe(),
                first.describe()
            ),
            &[&first, &second],
        ),
        FailurePolicy::Reattempt if !conflict && !second.replayed => pass(
            g,
            format!(
                "failures: reattempt; a failed request sent again with its key ran again ({})",
                second.describe()
            ),
        ),
        FailurePolicy::Reattempt => fail(
            g,
            format!(
                "failures: reattempt, but a failed request sent again with its key got {}{}",
                second.describe(),
                if second.replayed { ", marked replayed" } else { "" }
            ),
            &[&first, &second],
        ),
    }
}

async fn deadline(ctx: &Ctx<'_>, t: &Target) -> GateResult {
    let g = Gate::Deadline;
    if !t.timeout_declared && !ctx.plan.options.assume_timeout_header {
        return skipped(
            g,
            format!("the operation does not declare the {TIMEOUT_HEADER} header; --assume-timeout-header runs the gate anyway"),
        );
    }
    let key = ctx.keys.next(t.key_max);
    let late = ctx
        .send(
            t,
            &t.request,
            Send {
                key: Some(&key),
                time_left_ms: Some(1),
                ..Send::default()
            },
        )
        .await;
    if late.status.is_none() {
        return error(
            g,
            format!("the request with {TIMEOUT_HEADER}: 1 got no answer"),
            &[&late],
        );
    }
    if late.ok() {
        return fail(
            g,
            format!(
                "work sent with {TIMEOUT_HEADER}: 1 ran to a {}: nobody was waiting for it",
                late.describe()
            ),
            &[&late],
        );
    }
    let again = ctx
        .settle(
            t,
            &t.request,
            Send {
                key: Some(&key),
                ..Send::default()
            },
        )
        .await;
    if again.ok() && !again.replayed {
        pass(
            g,
            format!(
                "with {TIMEOUT_HEADER}: 1 the work was refused ({}); the same key with time left then ran ({})",
                late.describe(),
                again.describe()
            ),
        )
    } else {
        fail(
            g,
            format!(
                "with {TIMEOUT_HEADER}: 1 the work was refused ({}), but the same key with time left then got {}: the refusal kept the key",
                late.describe(),
                again.describe()
            ),
            &[&late, &again],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_of_basic_credentials() {
        assert_eq!(base64(b"user:pass"), "dXNlcjpwYXNz");
        assert_eq!(base64(b"a"), "YQ==");
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(base64(b""), "");
    }

    #[test]
    fn keys_look_like_uuids_and_differ() {
        let keys = KeyMaker {
            state: RandomState::new(),
            counter: AtomicU64::new(0),
        };
        let a = keys.next(255);
        let b = keys.next(255);
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4");
        assert!("89ab".contains(&a[19..20]), "{a}");
        assert_eq!(
            a.split('-').map(str::len).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12]
        );
        assert_eq!(keys.next(10).len(), 10);
    }
}
