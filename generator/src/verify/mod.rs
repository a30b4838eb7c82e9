//! `sdkgen verify`: the server half of the idempotency-key contract, checked
//! black-box against a live server (a provider's staging).
//!
//! For every keyed operation (or those named), six gates, each one pass,
//! fail (with the requests and the answers that show it) or skipped (with
//! why):
//!
//! - **honoured**: the same key and body twice get the same status and body;
//! - **concurrency**: N simultaneous requests with one key make one resource;
//!   every other answer is its replay or the in-flight 409 with its code;
//! - **mismatch**: the same key with another body is the 409 with the
//!   mismatch code, which is not the in-flight code;
//! - **scope**: the same key sent with two credentials makes two resources;
//! - **stored failures**: a request that fails (5xx) replays or runs again as
//!   the contract's `failures` policy says;
//! - **deadline**: work sent with `Request-Timeout-Ms: 1` is refused, and the
//!   key it carried stays usable.
//!
//! Concurrency, mismatch, scope and stored failures read replays, so they run
//! only once honoured has passed. The key contract comes from the IR
//! ([`Api::key_contract`], [`Operation::retry`]). Every request counts against
//! a budget and the whole run against a time limit; credentials appear in no
//! output, only as `<credential N>`.

mod gates;
mod report;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ir::{Api, AuthKind, BodyKind, Operation, ParamLocation, RetryClass};

pub use report::{Exchange, Gate, GateResult, OperationReport, Outcome, Report};

/// The header that carries a caller's time left (retry contract, section 5).
pub const TIMEOUT_HEADER: &str = "Request-Timeout-Ms";
/// The environment variables read when no `--credential` is given.
pub const CREDENTIAL_ENV: [&str; 2] = ["SDKGEN_VERIFY_CREDENTIAL", "SDKGEN_VERIFY_CREDENTIAL_2"];

/// Requests every gate sends besides the concurrency gate's N, with room for
/// the few follow-ups that wait out an in-flight 409.
const FIXED_REQUESTS_PER_OPERATION: usize = 2 + 1 + 2 + 2 + 2 + 2 + 2 * FOLLOW_UPS;
/// How many times a follow-up request that meets the in-flight 409 is sent again.
pub(crate) const FOLLOW_UPS: usize = 5;

/// How to run `sdkgen verify`.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where the API is served, with its base path (`https://staging.example.com/v2`).
    pub base_url: String,
    /// Without it nothing is sent: the gates create real resources.
    pub allow_writes: bool,
    /// Only these operationIds (every keyed operation when empty).
    pub operations: Vec<String>,
    /// A YAML or JSON file with the requests to send, per operationId.
    pub requests: Option<PathBuf>,
    /// Credentials, each for the operation's security scheme; `env:NAME`
    /// reads the environment variable NAME.
    pub credentials: Vec<String>,
    /// Simultaneous requests in the concurrency gate.
    pub concurrency: usize,
    /// No more requests than this in all.
    pub max_requests: usize,
    /// The whole run stops after this.
    pub time_limit: Duration,
    /// Each request gives up after this.
    pub request_timeout: Duration,
    /// Run the deadline gate even where the spec does not declare the
    /// `Request-Timeout-Ms` header.
    pub assume_timeout_header: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            base_url: String::new(),
            allow_writes: false,
            operations: Vec::new(),
            requests: None,
            credentials: Vec::new(),
            concurrency: 20,
            max_requests: 400,
            time_limit: Duration::from_secs(120),
            request_timeout: Duration::from_secs(10),
            assume_timeout_header: false,
        }
    }
}

/// What `--requests` holds for one operation.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestSpec {
    /// Path parameters by name.
    #[serde(default)]
    pub path: BTreeMap<String, Value>,
    /// Query parameters by name.
    #[serde(default)]
    pub query: BTreeMap<String, Value>,
    /// Extra headers (not the key, not credentials).
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// The JSON body.
    pub body: Option<Value>,
    /// Another body, for the mismatch gate (default: the body with one value changed).
    pub other_body: Option<Value>,
    /// A request that the server accepts but fails with a 5xx, for the
    /// stored-failures gate.
    pub failure: Option<Box<RequestSpec>>,
}

/// One request ready to send, less its key and credential.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    pub method: reqwest::Method,
    pub url: String,
    /// The URL as shown in reports: credentials in the query replaced.
    pub shown_url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Value>,
}

/// How an operation's credential is sent.
#[derive(Debug, Clone)]
pub(crate) enum CredentialSlot {
    /// The operation takes none.
    None,
    /// `Authorization: <prefix><value>`; basic credentials are encoded.
    Authorization {
        basic: bool,
    },
    Header(String),
    Query(String),
    Cookie(String),
}

/// Everything the gates need for one operation.
#[derive(Debug, Clone)]
pub(crate) struct Target {
    pub op: usize,
    pub key_header: String,
    pub key_max: u32,
    pub request: Prepared,
    /// The mismatch gate's other request; `None` when no other body can be made.
    pub other: Option<Prepared>,
    pub failure: Option<Prepared>,
    pub slot: CredentialSlot,
    /// The scheme the credential is for, for messages.
    pub scheme: Option<String>,
    pub timeout_declared: bool,
}

/// A checked plan: what will be sent, before anything is.
pub struct Plan {
    pub(crate) targets: Vec<Target>,
    pub(crate) credentials: Vec<String>,
    pub(crate) options: Options,
    pub host: String,
    pub base_url: String,
}

/// Reads the options against the API: `Err` is why nothing can be sent.
pub fn plan(api: &Api, options: Options) -> Result<Plan, String> {
    let url = reqwest::Url::parse(&options.base_url).map_err(|e| {
        format!(
            "--base-url {:?}: {e}; give the server's URL with its base path, e.g. https://staging.example.com/v2",
            options.base_url
        )
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!(
            "--base-url {:?}: only http and https URLs are served",
            options.base_url
        ));
    }
    let host = match (url.host_str(), url.port()) {
        (Some(h), Some(p)) => format!("{h}:{p}"),
        (Some(h), None) => h.to_string(),
        (None, _) => return Err(format!("--base-url {:?} names no host", options.base_url)),
    };
    if !options.allow_writes {
        return Err(format!(
            "sdkgen verify creates real resources on {host} (every gate sends state-changing requests); \
             run it against a staging server, and pass --allow-writes to go ahead"
        ));
    }
    if options.concurrency < 2 || options.concurrency > 200 {
        return Err(format!(
            "--concurrency {}: give 2 to 200 simultaneous requests",
            options.concurrency
        ));
    }
    let credentials = read_credentials(&options.credentials)?;
    let specs = match &options.requests {
        Some(path) => read_requests(path)?,
        None => BTreeMap::new(),
    };
    let chosen: Vec<usize> = if options.operations.is_empty() {
        api.operations
            .iter()
            .enumerate()
            .filter(|(_, op)| op.retry.class == RetryClass::Keyed && op.retry.key.is_some())
            .map(|(i, _)| i)
            .collect()
    } else {
        let mut chosen = Vec::new();
        for id in &options.operations {
            let Some(i) = api.operations.iter().position(|op| op.id == *id) else {
                return Err(format!(
                    "--operation {id}: no such operationId in {} (the keyed ones: {})",
                    api.title,
                    keyed_ids(api)
                ));
            };
            let op = &api.operations[i];
            if op.retry.class != RetryClass::Keyed || op.retry.key.is_none() {
                return Err(format!(
                    "--operation {id}: its retry class is {}, so it takes no idempotency key \
                     and has no key contract to verify (the keyed ones: {})",
                    op.retry.class.as_str(),
                    keyed_ids(api)
                ));
            }
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
        chosen
    };
    if chosen.is_empty() {
        return Err(format!(
            "{} has no keyed operation (one that accepts an idempotency key): there is no key contract to verify; \
             `sdkgen check` shows each operation's class",
            api.title
        ));
    }
    for id in specs.keys() {
        if !api.operations.iter().any(|op| op.id == *id) {
            return Err(format!(
                "{}: `{id}` is not an operationId of {}",
                options
                    .requests
                    .as_deref()
                    .map(Path::display)
                    .map(|d| d.to_string())
                    .unwrap_or_default(),
                api.title
            ));
        }
    }
    let needed = chosen.len() * (options.concurrency + FIXED_REQUESTS_PER_OPERATION);
    if needed > options.max_requests {
        return Err(format!(
            "{} operations need up to {needed} requests, over --max-requests {}: \
             choose operations with --operation, lower --concurrency or raise --max-requests",
            chosen.len(),
            options.max_requests
        ));
    }
    let base = options.base_url.trim_end_matches('/').to_string();
    let mut targets = Vec::new();
    for i in chosen {
        let op = &api.operations[i];
        let spec = specs.get(&op.id).cloned().unwrap_or_default();
        targets.push(target(api, i, op, &base, &spec, &credentials)?);
    }
    Ok(Plan {
        targets,
        credentials,
        host,
        base_url: base,
        options,
    })
}

fn keyed_ids(api: &Api) -> String {
    let ids: Vec<&str> = api
        .operations
        .iter()
        .filter(|op| op.retry.class == RetryClass::Keyed)
        .map(|op| op.id.as_str())
        .collect();
    if ids.is_empty() {
        "none".to_string()
    } else {
        ids.join(", ")
    }
}

fn read_credentials(given: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    if given.is_empty() {
        for name in CREDENTIAL_ENV {
            if let Ok(v) = std::env::var(name) {
                if !v.is_empty() {
                    out.push(v);
                }
            }
        }
        return Ok(out);
    }
    for (n, c) in given.iter().enumerate() {
        let value = match c.strip_prefix("env:") {
            Some(name) => std::env::var(name).map_err(|_| {
                format!(
                    "--credential {} names the environment variable {name}, which is not set",
                    n + 1
                )
            })?,
            None => c.clone(),
        };
        if value.is_empty() {
            return Err(format!("--credential {} is empty", n + 1));
        }
        if value.chars().any(|ch| ch.is_control()) {
            return Err(format!(
                "--credential {} holds a control character (a newline?)",
                n + 1
            ));
        }
        out.push(value);
    }
    if out.len() > 2 {
        return Err(format!(
            "{} credentials given: the scope gate uses two, give --credential at most twice",
            out.len()
        ));
    }
    Ok(out)
}

fn read_requests(path: &Path) -> Result<BTreeMap<String, RequestSpec>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the requests file: {e}", path.display()))?;
    let value: serde_json::Value = serde_yaml::from_str(&text).map_err(|e| {
        format!(
            "{}: not YAML or JSON: {e}; the file maps operationIds to {{path, query, headers, body, other_body, failure}}",
            path.display()
        )
    })?;
    let de = serde_json::from_value::<BTreeMap<String, RequestSpec>>(value);
    de.map_err(|e| {
        format!(
            "{}: {e}; the file maps operationIds to {{path, query, headers, body, other_body, failure}}",
            path.display()
        )
    })
}

/// Text of a parameter value: strings as they are, others as JSON.
fn param_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
pub(crate) fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn target(
    api: &Api,
    index: usize,
    op: &Operation,
    base: &str,
    spec: &RequestSpec,
    credentials: &[String],
) -> Result<Target, String> {
    let key = op
        .retry
        .key
        .as_ref()
        .ok_or_else(|| format!("{}: keyed without a key header", op.id))?;
    let (slot, scheme) = credential_slot(api, op)?;
    if !matches!(slot, CredentialSlot::None) && credentials.is_empty() {
        return Err(format!(
            "{} needs a credential of the `{}` scheme: pass --credential VALUE (or env:NAME), \
             or set {}; it is never printed",
            op.id,
            scheme.as_deref().unwrap_or("?"),
            CREDENTIAL_ENV[0]
        ));
    }
    let request = prepare(api, op, base, spec, &slot, spec.body.clone(), "")?;
    let other = match &spec.other_body {
        Some(b) => Some(prepare(
            api,
            op,
            base,
            spec,
            &slot,
            Some(b.clone()),
            "other_body",
        )?),
        None => request
            .body
            .as_ref()
            .and_then(|b| changed_body(b).or_else(|| with_optional_field(api, op, b)))
            .map(|b| Prepared {
                body: Some(b),
                ..request.clone()
            }),
    };
    let failure = match &spec.failure {
        Some(f) => Some(prepare(api, op, base, f, &slot, f.body.clone(), "failure")?),
        None => None,
    };
    let timeout_declared = op.params.iter().any(|p| {
        p.location == ParamLocation::Header && p.name.eq_ignore_ascii_case(TIMEOUT_HEADER)
    });
    Ok(Target {
        op: index,
        key_header: key.header.clone(),
        key_max: key.max_length,
        request,
        other,
        failure,
        slot,
        scheme,
        timeout_declared,
    })
}

/// The scheme of the operation's first security alternative that needs one
/// (its only scheme: an alternative of several schemes at once is refused).
fn credential_slot(api: &Api, op: &Operation) -> Result<(CredentialSlot, Option<String>), String> {
    let security = op.security.as_ref().unwrap_or(&api.default_security);
    if security.is_empty() || security.iter().any(|alt| alt.is_empty()) {
        return Ok((CredentialSlot::None, None));
    }
    let alternative = &security[0];
    if alternative.len() > 1 {
        return Err(format!(
            "{}: its security needs {} at once; sdkgen verify sends one credential per request",
            op.id,
            alternative.join(" and ")
        ));
    }
    let name = &alternative[0];
    let scheme = api.auth.iter().find(|s| s.name == *name).ok_or_else(|| {
        format!(
            "{}: security names `{name}`, which is not under components/securitySchemes",
            op.id
        )
    })?;
    let slot = match &scheme.kind {
        AuthKind::Bearer { .. } | AuthKind::OAuth2 { .. } => {
            CredentialSlot::Authorization { basic: false }
        }
        AuthKind::Basic => CredentialSlot::Authorization { basic: true },
        AuthKind::ApiKey { location, param } => match location {
            ParamLocation::Header => CredentialSlot::Header(param.clone()),
            ParamLocation::Query => CredentialSlot::Query(param.clone()),
            ParamLocation::Cookie => CredentialSlot::Cookie(param.clone()),
            ParamLocation::Path => {
                return Err(format!(
                    "{}: the API key `{name}` is a path parameter",
                    op.id
                ))
            }
        },
    };
    Ok((slot, Some(name.clone())))
}

/// Builds one request from the spec file's values, else the body from the
/// spec's example of it, else from data made from the IR's types (as `sdkgen
/// mock` makes its data).
fn prepare(
    api: &Api,
    op: &Operation,
    base: &str,
    spec: &RequestSpec,
    slot: &CredentialSlot,
    body: Option<Value>,
    what: &str,
) -> Result<Prepared, String> {
    let context = if what.is_empty() {
        op.id.clone()
    } else {
        format!("{} ({what})", op.id)
    };
    let mut path = op.path.clone();
    for p in op
        .params
        .iter()
        .filter(|p| p.location == ParamLocation::Path)
    {
        let value = match spec.path.get(&p.name) {
            Some(v) => param_text(v),
            None => param_text(&crate::mock::example_value(api, &p.ty, Some(&p.name))),
        };
        path = path.replace(&format!("{{{}}}", p.name), &percent_encode(&value));
    }
    let mut query: Vec<(String, String)> = spec
        .query
        .iter()
        .map(|(k, v)| (k.clone(), param_text(v)))
        .collect();
    let mut headers: Vec<(String, String)> = Vec::new();
    for p in &op.params {
        if p.is_idempotency_key || p.name.eq_ignore_ascii_case(TIMEOUT_HEADER) || !p.required {
            continue;
        }
        let made = || param_text(&crate::mock::example_value(api, &p.ty, Some(&p.name)));
        match p.location {
            ParamLocation::Query if !spec.query.contains_key(&p.name) => {
                query.push((p.name.clone(), made()))
            }
            ParamLocation::Header
                if !spec.headers.keys().any(|h| h.eq_ignore_ascii_case(&p.name)) =>
            {
                headers.push((p.name.clone(), made()))
            }
            _ => {}
        }
    }
    for (k, v) in &spec.headers {
        headers.push((k.clone(), v.clone()));
    }
    let body = match (&op.body, body) {
        (_, Some(b)) => Some(b),
        (None, None) => None,
        (Some(rb), None) => {
            let Some(content) = rb.contents.iter().find(|c| c.kind == BodyKind::Json) else {
                return Err(format!(
                    "{context}: its body is {}, and sdkgen verify makes JSON bodies only; \
                     give the request in --requests",
                    rb.contents
                        .first()
                        .map(|c| c.media_type.as_str())
                        .unwrap_or("empty")
                ));
            };
            Some(
                content
                    .example
                    .clone()
                    .unwrap_or_else(|| crate::mock::example_value(api, &content.ty, None)),
            )
        }
    };
    if body.is_some() {
        headers.push(("Content-Type".to_string(), "application/json".to_string()));
    }
    let encode_query = |q: &[(String, String)]| {
        q.iter()
            .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    };
    let mut url = format!("{base}{path}");
    let mut shown_url = url.clone();
    if !query.is_empty() {
        url.push('?');
        url.push_str(&encode_query(&query));
        shown_url = url.clone();
    }
    if let CredentialSlot::Query(name) = slot {
        // The placeholder is replaced per request; the shown URL keeps it.
        let sep = if query.is_empty() { '?' } else { '&' };
        url.push(sep);
        url.push_str(&format!("{}={{credential}}", percent_encode(name)));
        shown_url.push(sep);
        shown_url.push_str(&format!("{}=<credential>", percent_encode(name)));
    }
    reqwest::Url::parse(&url.replace("{credential}", "x"))
        .map_err(|e| format!("{context}: the request URL {shown_url} is not valid: {e}"))?;
    Ok(Prepared {
        method: reqwest::Method::from_bytes(op.method.as_str().as_bytes())
            .map_err(|e| format!("{context}: {e}"))?,
        url,
        shown_url,
        headers,
        body,
    })
}

/// The body with one value changed, for the mismatch gate, looking into
/// nested objects too: the first integer one more, else the first string of
/// free text (`example`, as made data has) with `-2` after it, else the first
/// string. The change most likely to keep the body valid comes first.
pub(crate) fn changed_body(body: &Value) -> Option<Value> {
    fn change(v: &mut Value, pass: u8) -> bool {
        match v {
            Value::Number(n) if pass == 0 => match n.as_i64() {
                Some(i) => {
                    *v = Value::from(i.saturating_add(1));
                    true
                }
                None => false,
            },
            Value::String(s)
                if pass == 2 || (pass == 1 && s.to_ascii_lowercase().starts_with("example")) =>
            {
                s.push_str("-2");
                true
            }
            Value::Object(map) => map.values_mut().any(|x| change(x, pass)),
            _ => false,
        }
    }
    for pass in 0..3 {
        let mut copy = body.clone();
        if change(&mut copy, pass) {
            return Some(copy);
        }
    }
    None
}

/// The body with the first optional field it lacks added, made from the
/// field's type: another body where nothing sent can be changed (`{}`).
fn with_optional_field(api: &Api, op: &Operation, body: &Value) -> Option<Value> {
    let Value::Object(map) = body else {
        return None;
    };
    let content = op
        .body
        .as_ref()?
        .contents
        .iter()
        .find(|c| c.kind == BodyKind::Json)?;
    let mut ty = &content.ty;
    let fields = loop {
        let crate::ir::TypeRef::Named(name) = ty else {
            return None;
        };
        match &api.type_by_name(name)?.kind {
            crate::ir::TypeKind::Object { fields, .. } => break fields,
            crate::ir::TypeKind::Alias { target } => ty = target,
            _ => return None,
        }
    };
    let field = fields
        .iter()
        .find(|f| !map.contains_key(&f.name) && !f.read_only)?;
    let value = crate::mock::example_value(api, &field.ty, Some(&field.name));
    let mut out = map.clone();
    out.insert(field.name.clone(), value);
    Some(Value::Object(out))
}

/// Counts requests and time against the run's bounds.
pub(crate) struct Budget {
    pub sent: AtomicUsize,
    pub max: usize,
    pub ends: Instant,
}

impl Budget {
    /// Takes one request from the budget, or says why not.
    pub fn take(&self) -> Result<(), String> {
        if Instant::now() >= self.ends {
            return Err("the time limit ran out before this request".to_string());
        }
        let n = self.sent.fetch_add(1, Ordering::SeqCst);
        if n >= self.max {
            return Err(format!("the budget of {} requests is spent", self.max));
        }
        Ok(())
    }
}

/// Runs the gates of the plan on a runtime of its own.
pub fn run(api: &Api, plan: &Plan) -> Result<Report, String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(gates::run_all(api, plan))
}

/// `sdkgen verify`: plans, runs, prints, and gives the exit code (0 every
/// gate that ran passed, 1 one failed, 2 it could not run).
pub fn main(api: &Api, options: Options, json: bool) -> ExitCode {
    let plan = match plan(api, options) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    eprintln!(
        "sdkgen verify: writing to {} ({} operation{}, up to {} requests, {} s at most)",
        plan.host,
        plan.targets.len(),
        if plan.targets.len() == 1 { "" } else { "s" },
        plan.options.max_requests,
        plan.options.time_limit.as_secs()
    );
    let report = match run(api, &plan) {
        Ok(r) => r,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    if json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("error: cannot print the report: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        print!("{}", report.to_table());
    }
    ExitCode::from(report.exit_code())
}

/// What the run found, in a line.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    pub errors: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_changed_body_changes_one_value() {
        assert_eq!(
            changed_body(&json!({"currency": "eur", "amount": 5})),
            Some(json!({"currency": "eur", "amount": 6}))
        );
        assert_eq!(
            changed_body(&json!({"customer": {"email": "a@b.c"}, "plan": "example"})),
            Some(json!({"customer": {"email": "a@b.c"}, "plan": "example-2"}))
        );
        assert_eq!(
            changed_body(&json!({"email": "a@b.c"})),
            Some(json!({"email": "a@b.c-2"}))
        );
        assert_eq!(changed_body(&json!({"ok": true})), None);
    }

    #[test]
    fn percent_encoding_keeps_unreserved_only() {
        assert_eq!(percent_encode("a-b_c.d~e"), "a-b_c.d~e");
        assert_eq!(percent_encode("a/b c?"), "a%2Fb%20c%3F");
    }

    #[test]
    fn budget_counts_requests() {
        let b = Budget {
            sent: AtomicUsize::new(0),
            max: 2,
            ends: Instant::now() + Duration::from_secs(60),
        };
        assert!(b.take().is_ok());
        assert!(b.take().is_ok());
        assert!(b.take().is_err());
    }
}
