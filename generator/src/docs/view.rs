//! The views of the pages: the IR, the plan and the contract's defaults,
//! shaped for the templates. Numbers are formatted here; every sentence is
//! in the templates.

use askama::Template;

use crate::defaults;
use crate::ir::{Api, AuthKind, FailurePolicy, HintSource, Operation, ParamLocation, RetryClass};

/// How many rows the worked schedule shows at most.
const SCHEDULE_ROWS: u32 = 10;

/// One retry of the worked schedule.
pub struct ScheduleRow {
    /// 1 for the first retry.
    pub retry: u32,
    /// The attempt it makes (2 for the first retry).
    pub attempt: u32,
    /// `n` of the formula (0 for the first retry).
    pub n: u32,
    /// The upper end of the sleep's window, in ms.
    pub window_ms: u64,
    pub window: String,
    /// The window is the cap.
    pub capped: bool,
}

/// One operation, as the pages list it.
pub struct OpRow {
    pub id: String,
    pub method: &'static str,
    pub path: String,
    pub class: &'static str,
    pub attempts: u32,
    pub deadline: String,
    /// `400 ms (the API's)` or empty.
    pub p99: String,
    /// `1.2 s`, or empty for "the time left".
    pub attempt_timeout: String,
    pub attempt_timeout_s: Option<String>,
    pub attempt_timeout_ms: Option<u64>,
    pub deadline_s: String,
    pub deadline_ms: u64,
    /// Its own `x-retries` changes something.
    pub own: bool,
    pub key_header: String,
    pub key_max_length: u32,
    /// Python's `retry_class=`, JavaScript's `retryClass:`.
    pub base: String,
    pub cap: String,
    /// An `unsafe` operation the spec documents as such (`x-idempotent:
    /// false` or in words), rather than one left undeclared.
    pub documented_unsafe: bool,
}

pub struct RetriesView {
    pub page_title: String,
    pub title: String,
    pub version: String,
    pub ext: &'static str,
    pub base_url: Option<String>,

    pub max_attempts: u32,
    pub retries: u32,
    pub base_ms: u64,
    pub cap_ms: u64,
    pub base: String,
    pub cap: String,
    pub base_s: String,
    pub cap_s: String,
    pub deadline_ms: u64,
    pub deadline: String,
    pub deadline_s: String,
    pub schedule: Vec<ScheduleRow>,
    /// More retries than the schedule shows.
    pub schedule_cut: bool,
    /// The retry whose window is first the cap (it may be past the attempts).
    pub cap_from_retry: u32,
    /// The sum of the schedule's windows: the longest the sleeps can take.
    pub sleep_total: String,
    pub decorrelated_multiplier: u64,
    pub max_retry_after: String,
    pub max_retry_after_s: String,
    pub max_retry_after_ms: u64,
    pub internal_error_retries: u32,
    pub p99_multiplier: u64,
    pub root_p99: Option<String>,

    pub budget: u32,
    pub throttle_cost: u32,
    pub retry_cost: u32,
    pub refund: u32,
    /// Retries a full bucket pays for when every call fails.
    pub outage_retries: u32,
    pub throttle_retries: u32,

    pub timeout_header: String,
    /// Operations that declare the timeout header as a parameter.
    pub timeout_header_ops: Vec<String>,

    pub ops: Vec<OpRow>,
    pub own_settings: Vec<String>,
    pub without_hint: usize,
    pub unsafe_ops: Vec<OpRow>,
    pub keyed_ops: Vec<OpRow>,
    pub repeatable_ops: usize,
    /// `unsafe` operations the spec does not document as such.
    pub undocumented_unsafe: usize,

    pub key_header: String,
    pub key_max_length: u32,
    pub in_flight_code: String,
    pub mismatch_code: String,
    pub failures_replay: bool,

    /// The operation the usage examples call: a keyed one where there is one.
    pub example: Option<OpRow>,
    pub python_loop: String,
    pub js_loop: String,
}

pub struct KeysView {
    pub page_title: String,
    /// The API has keyed operations, or declares a key contract.
    pub applies: bool,
    pub header_declared: bool,
    pub max_length_declared: bool,
    pub header_differs: bool,
    pub replay_window: String,
    pub replay_window_declared: bool,
    pub replay_window_ms: Option<u64>,
    /// The longest deadline of any keyed operation.
    pub longest_deadline: String,
    /// That deadline as a share of the window, `0.10 %`.
    pub deadline_share: Option<String>,
    pub window_shorter_than_deadline: bool,
    pub in_flight_declared: bool,
    pub mismatch_declared: bool,
    pub failures_declared: bool,
    pub failures_default_replay: bool,
    /// The credentials a key is scoped by.
    pub credentials: Vec<Credential>,
}

/// A security scheme, and where its credential is sent.
pub struct Credential {
    pub scheme: String,
    /// `header`, `query parameter` or `cookie`.
    pub location: &'static str,
    pub param: String,
}

/// `500 ms`, `1.2 s`, `20 s`.
pub fn duration(ms: u64) -> String {
    if ms < 1_000 {
        format!("{ms} ms")
    } else {
        format!("{} s", seconds(ms))
    }
}

/// Milliseconds as seconds, without trailing zeros: `1.2`, `20`.
fn seconds(ms: u64) -> String {
    let whole = ms / 1_000;
    let frac = ms % 1_000;
    if frac == 0 {
        return with_separators(whole);
    }
    let text = format!("{}.{frac:03}", with_separators(whole));
    text.trim_end_matches('0').to_string()
}

/// Seconds as a Python float literal: `0.5`, `20.0`.
fn py_seconds(ms: u64) -> String {
    format!("{:?}", ms as f64 / 1_000.0)
}

/// `86400` as `86,400`.
fn with_separators(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn row(api: &Api, op: &Operation) -> OpRow {
    let r = &op.plan.retry;
    let e = r.effective;
    let (key_header, key_max_length) = op
        .plan
        .key
        .as_ref()
        .map(|k| (k.header.clone(), k.max_length))
        .unwrap_or_else(|| {
            (
                api.key_contract.header().to_string(),
                api.key_contract.max_length(),
            )
        });
    OpRow {
        id: op.id.clone(),
        method: op.method.as_str(),
        path: op.path.clone(),
        class: r.class.as_str(),
        attempts: e.max_attempts,
        deadline: duration(e.deadline_ms),
        p99: match r.p99 {
            Some(h) => match h.from {
                HintSource::Operation => duration(h.ms),
                HintSource::Root => format!("{} (the API's)", duration(h.ms)),
            },
            None => String::new(),
        },
        attempt_timeout: r.attempt_timeout_ms.map(duration).unwrap_or_default(),
        attempt_timeout_s: r.attempt_timeout_ms.map(py_seconds),
        attempt_timeout_ms: r.attempt_timeout_ms,
        deadline_s: py_seconds(e.deadline_ms),
        deadline_ms: e.deadline_ms,
        own: e.max_attempts != api.client_retry.max_attempts
            || e.deadline_ms != api.client_retry.deadline_ms
            || e.base_ms != api.client_retry.base_ms
            || e.cap_ms != api.client_retry.cap_ms,
        key_header,
        key_max_length,
        base: duration(e.base_ms),
        cap: duration(e.cap_ms),
        documented_unsafe: op.retry.documented_unsafe,
    }
}

/// The first server's URL with its variables' defaults, when absolute.
fn base_url(api: &Api) -> Option<String> {
    let server = api.servers.first()?;
    let mut url = server.url.clone();
    for v in &server.variables {
        url = url.replace(&format!("{{{}}}", v.name), &v.default);
    }
    (url.starts_with("http://") || url.starts_with("https://")).then_some(url)
}

pub fn retries(api: &Api, ext: &'static str) -> Result<RetriesView, String> {
    let d = defaults::get();
    let c = api.client_retry;
    let retries = c.max_attempts.saturating_sub(1);
    let window = |n: u32| -> u64 {
        let grown = c
            .base_ms
            .saturating_mul(1u64.checked_shl(n).unwrap_or(u64::MAX));
        let grown = if n >= 64 { u64::MAX } else { grown };
        grown.min(c.cap_ms)
    };
    let shown = retries.min(SCHEDULE_ROWS);
    let schedule: Vec<ScheduleRow> = (0..shown)
        .map(|n| {
            let w = window(n);
            ScheduleRow {
                retry: n + 1,
                attempt: n + 2,
                n,
                window_ms: w,
                window: duration(w),
                capped: w == c.cap_ms,
            }
        })
        .collect();
    let cap_from_retry = (0..64).find(|&n| window(n) >= c.cap_ms).unwrap_or(63) + 1;
    let sleep_total: u64 = (0..retries)
        .map(|n| window(n.min(64)))
        .fold(0, u64::saturating_add);

    let ops: Vec<OpRow> = api.operations.iter().map(|op| row(api, op)).collect();
    let class_rows = |class: RetryClass| -> Vec<OpRow> {
        api.operations
            .iter()
            .filter(|op| op.plan.retry.class == class)
            .map(|op| row(api, op))
            .collect()
    };
    let keyed_ops = class_rows(RetryClass::Keyed);
    let unsafe_ops = class_rows(RetryClass::Unsafe);
    let header = &d.request_timeout_header;
    let timeout_header_ops = api
        .operations
        .iter()
        .filter(|op| {
            op.params
                .iter()
                .any(|p| p.location == ParamLocation::Header && p.name.eq_ignore_ascii_case(header))
        })
        .map(|op| op.id.clone())
        .collect();
    let example = api
        .operations
        .iter()
        .find(|op| op.plan.retry.class == RetryClass::Keyed)
        .or_else(|| api.operations.first())
        .map(|op| row(api, op));
    let contract = &api.key_contract;
    let first_key = keyed_ops.first();
    let mut v = RetriesView {
        page_title: format!("{}: retrying requests", api.title),
        title: api.title.clone(),
        version: api.version.clone(),
        ext,
        base_url: base_url(api),
        max_attempts: c.max_attempts,
        retries,
        base_ms: c.base_ms,
        cap_ms: c.cap_ms,
        base: duration(c.base_ms),
        cap: duration(c.cap_ms),
        base_s: py_seconds(c.base_ms),
        cap_s: py_seconds(c.cap_ms),
        deadline_ms: c.deadline_ms,
        deadline: duration(c.deadline_ms),
        deadline_s: py_seconds(c.deadline_ms),
        schedule_cut: retries > shown,
        schedule,
        cap_from_retry,
        sleep_total: duration(sleep_total),
        decorrelated_multiplier: d.decorrelated_multiplier,
        max_retry_after: duration(d.max_retry_after_ms),
        max_retry_after_s: py_seconds(d.max_retry_after_ms),
        max_retry_after_ms: d.max_retry_after_ms,
        internal_error_retries: d.internal_server_error_retries,
        p99_multiplier: d.attempt_timeout_p99_multiplier,
        root_p99: api.latency_p99_ms.map(duration),
        budget: d.budget.capacity,
        throttle_cost: d.budget.throttle_cost,
        retry_cost: d.budget.retry_cost,
        refund: d.budget.success_refund,
        outage_retries: d.budget.capacity / d.budget.retry_cost.max(1),
        throttle_retries: d.budget.capacity / d.budget.throttle_cost.max(1),
        timeout_header: header.clone(),
        timeout_header_ops,
        own_settings: ops.iter().filter(|o| o.own).map(|o| o.id.clone()).collect(),
        without_hint: ops.iter().filter(|o| o.p99.is_empty()).count(),
        repeatable_ops: ops.iter().filter(|o| o.class != "unsafe").count(),
        ops,
        key_header: first_key
            .map(|k| k.key_header.clone())
            .unwrap_or_else(|| contract.header().to_string()),
        key_max_length: keyed_ops
            .iter()
            .map(|k| k.key_max_length)
            .min()
            .unwrap_or_else(|| contract.max_length()),
        keyed_ops,
        undocumented_unsafe: unsafe_ops.iter().filter(|o| !o.documented_unsafe).count(),
        unsafe_ops,
        in_flight_code: contract.in_flight_code().to_string(),
        mismatch_code: contract.mismatch_code().to_string(),
        failures_replay: failures(api) == FailurePolicy::Replay,
        example,
        python_loop: String::new(),
        js_loop: String::new(),
    };
    v.python_loop = super::PythonLoop { v: &v }
        .render()
        .map_err(|e| format!("cannot render the Python retry loop: {e}"))?;
    v.js_loop = super::JsLoop { v: &v }
        .render()
        .map_err(|e| format!("cannot render the JavaScript retry loop: {e}"))?;
    Ok(v)
}

/// What the server does with a stored failure: the spec's, else the default.
fn failures(api: &Api) -> FailurePolicy {
    api.key_contract
        .failures
        .unwrap_or(match defaults::get().key.failures.as_str() {
            "replay" => FailurePolicy::Replay,
            _ => FailurePolicy::Reattempt,
        })
}

pub fn keys(api: &Api, _ext: &'static str, r: &RetriesView) -> KeysView {
    let d = defaults::get();
    let contract = &api.key_contract;
    let window = contract
        .replay_window
        .clone()
        .unwrap_or_else(|| d.key.replay_window.clone());
    let window_ms = crate::mock::parse_duration(&window)
        .ok()
        .map(|w| u64::try_from(w.as_millis()).unwrap_or(u64::MAX));
    let longest = api
        .operations
        .iter()
        .filter(|op| op.plan.retry.class == RetryClass::Keyed)
        .map(|op| op.plan.retry.effective.deadline_ms)
        .max()
        .unwrap_or(api.client_retry.deadline_ms);
    let credentials = api
        .auth
        .iter()
        .map(|s| {
            let (location, param) = match &s.kind {
                AuthKind::Bearer { .. } | AuthKind::OAuth2 { .. } | AuthKind::Basic => {
                    ("header", "Authorization".to_string())
                }
                AuthKind::ApiKey { location, param } => (
                    match location {
                        ParamLocation::Header => "header",
                        ParamLocation::Query => "query parameter",
                        ParamLocation::Cookie => "cookie",
                        ParamLocation::Path => "path parameter",
                    },
                    param.clone(),
                ),
            };
            Credential {
                scheme: s.name.clone(),
                location,
                param,
            }
        })
        .collect();
    KeysView {
        page_title: format!("{}: idempotency keys", api.title),
        applies: contract.declared || !r.keyed_ops.is_empty(),
        header_declared: contract.header.is_some()
            || api.operations.iter().all(|op| {
                op.plan.retry.class != RetryClass::Keyed
                    || op
                        .plan
                        .key
                        .as_ref()
                        .is_some_and(|k| k.source == crate::ir::KeySource::HeaderParam)
            }),
        max_length_declared: contract.max_length.is_some(),
        header_differs: r.keyed_ops.iter().any(|k| k.key_header != r.key_header)
            || r.keyed_ops
                .iter()
                .any(|k| k.key_max_length != r.key_max_length),
        replay_window: window_ms
            .map(|ms| {
                if ms >= 3_600_000 && ms % 3_600_000 == 0 {
                    let h = ms / 3_600_000;
                    format!(
                        "{h} hour{} ({} s)",
                        if h == 1 { "" } else { "s" },
                        with_separators(ms / 1_000)
                    )
                } else {
                    duration(ms)
                }
            })
            .unwrap_or_else(|| window.clone()),
        replay_window_declared: contract.replay_window.is_some(),
        deadline_share: window_ms.filter(|&w| w > 0).map(|w| {
            let share = longest as f64 * 100.0 / w as f64;
            if share < 0.01 {
                "under 0.01 %".to_string()
            } else {
                format!("{share:.2} %")
            }
        }),
        window_shorter_than_deadline: window_ms.is_some_and(|w| w <= longest),
        replay_window_ms: window_ms,
        longest_deadline: duration(longest),
        in_flight_declared: contract.in_flight_code.is_some(),
        mismatch_declared: contract.mismatch_code.is_some(),
        failures_declared: contract.failures.is_some(),
        failures_default_replay: d.key.failures == "replay",
        credentials,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_numbers() {
        assert_eq!(duration(500), "500 ms");
        assert_eq!(duration(1_200), "1.2 s");
        assert_eq!(duration(20_000), "20 s");
        assert_eq!(duration(86_400_000), "86,400 s");
        assert_eq!(py_seconds(500), "0.5");
        assert_eq!(py_seconds(20_000), "20.0");
    }
}
