//! `sdkgen mock`: a local HTTP server that answers every operation of a spec
//! from its IR alone, with the server half of the idempotency-key contract and
//! fault injection, so that SDKs (and their retry runtimes) can be exercised
//! against something that behaves like a careful API.
//!
//! What it does, in the order a request meets it:
//!
//! 1. routing by the IR's method and path templates (the servers' base path,
//!    such as `/v2`, may be sent or left out);
//! 2. outage faults (503 with `Retry-After`);
//! 3. validation of parameters and the JSON body against the IR (400,
//!    `application/problem+json`);
//! 4. for a keyed operation with a key, the atomic claim of the key (409 in
//!    flight, 409 mismatch, or a replay of the stored response): an attempt
//!    answered there runs nothing and meets no fault;
//! 5. the other faults, counted (for `first=`) by the attempts that reach
//!    this point, so per key only by those that hold it: `reset=before` and
//!    status faults (the key is released);
//! 6. `Request-Timeout-Ms`: work whose caller has no time left is not started
//!    (504, `x-should-retry: false`, no side effect, the key released);
//! 7. the accepted work runs in a task of its own, to its end, whatever
//!    becomes of the connection (a client whose attempt timed out cancels
//!    nothing): latency faults (slept while the key is held), the execution
//!    (a side effect for a state-changing operation), `status=...,at=after`
//!    faults (the execution fails and commits nothing), and the outcome
//!    stored for the key; then `reset=after` faults reset the connection
//!    instead of answering, if it is still open.
//!
//! The library API runs the same server in-process for tests and benches:
//! [`MockServer::start`] with an [`Api`](crate::ir::Api) and a [`MockConfig`].

mod data;
mod errors;
mod fault;
mod keys;
mod multipart;
mod route;
mod server;
mod store;
mod validate;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;
use std::time::Duration;

pub use fault::{Fault, FaultKind, OutageStart, Phase};
pub use server::{Conflicts, MockServer, Stats};

use crate::ir::Api;

/// Data of `ty` as the mock makes it: a request body (`name` `None`) or a
/// parameter called `name`. `sdkgen verify` sends these when no request is given.
pub(crate) fn example_value(
    api: &Api,
    ty: &crate::ir::TypeRef,
    name: Option<&str>,
) -> serde_json::Value {
    let example = data::Example {
        api,
        echo: None,
        path_params: &[],
        id: None,
        seq: 1,
    };
    match name {
        Some(name) => example.for_name(ty, name),
        None => example.value(ty),
    }
}

/// The request header that carries the caller's time left, in milliseconds.
pub const TIMEOUT_HEADER: &str = "Request-Timeout-Ms";
/// Set (to `true`) on a response that is a replay of a stored one.
pub const REPLAYED_HEADER: &str = "Idempotent-Replayed";
/// The replay window when neither the spec nor the config gives one.
pub const DEFAULT_REPLAY_WINDOW: Duration = Duration::from_secs(24 * 60 * 60);

/// How to run a [`MockServer`].
#[derive(Debug, Clone)]
pub struct MockConfig {
    /// The address to bind; 127.0.0.1 unless set.
    pub host: IpAddr,
    /// The port to bind; 0 picks a free one.
    pub port: u16,
    /// The faults active from the start.
    pub faults: Vec<Fault>,
    /// Seeds the draws of probabilistic (`p=`) faults.
    pub seed: u64,
    /// Overrides the spec's replay window (`x-idempotency.replay-window`).
    pub replay_window: Option<Duration>,
    /// Log one line per request to stderr (never a header value or a body).
    pub log: bool,
    /// The only credentials accepted (a token, basic credentials as sent
    /// after `Basic `, an API key's value); any non-empty one when empty.
    pub credentials: Vec<String>,
}

impl Default for MockConfig {
    fn default() -> Self {
        MockConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            faults: Vec::new(),
            seed: 0,
            replay_window: None,
            log: false,
            credentials: Vec::new(),
        }
    }
}

impl MockConfig {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_host(mut self, host: IpAddr) -> Self {
        self.host = host;
        self
    }

    pub fn with_port(mut self, port: u16) -> Self {
        self.port = port;
        self
    }

    /// Replaces the initial faults.
    pub fn with_faults(mut self, faults: Vec<Fault>) -> Self {
        self.faults = faults;
        self
    }

    /// Adds one initial fault.
    pub fn with_fault(mut self, fault: Fault) -> Self {
        self.faults.push(fault);
        self
    }

    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    pub fn with_replay_window(mut self, window: Duration) -> Self {
        self.replay_window = Some(window);
        self
    }

    pub fn with_log(mut self, log: bool) -> Self {
        self.log = log;
        self
    }

    /// Accepts only this credential (and any others given so).
    pub fn with_credential(mut self, credential: impl Into<String>) -> Self {
        self.credentials.push(credential.into());
        self
    }
}

/// The replay window in force: the config's, else the spec's, else 24 h.
/// A fault's `op=` naming no operation of the spec would inject nothing:
/// the message saying so, with the operations there are.
pub fn unknown_fault_operation(api: &Api, faults: &[Fault]) -> Option<String> {
    for fault in faults {
        for op in &fault.ops {
            if !api.operations.iter().any(|o| &o.id == op) {
                let known: Vec<&str> = api
                    .operations
                    .iter()
                    .map(|o| o.id.as_str())
                    .take(20)
                    .collect();
                return Some(format!(
                    "--faults {}: no operation `{}` in the spec; its operations: {}{}",
                    crate::inert::inert(&fault.to_string()),
                    crate::inert::inert(op),
                    known.join(", "),
                    if api.operations.len() > known.len() {
                        ", ..."
                    } else {
                        ""
                    }
                ));
            }
        }
    }
    None
}

/// An unreadable spec value falls back to the default (and says so on stderr).
pub fn replay_window(api: &Api, config: &MockConfig) -> Duration {
    if let Some(window) = config.replay_window {
        return window;
    }
    match api.key_contract.replay_window.as_deref() {
        Some(text) => match parse_duration(text) {
            Ok(window) => window,
            Err(e) => {
                eprintln!(
                    "warning: x-idempotency.replay-window {text:?}: {e}; using {}",
                    format_duration(DEFAULT_REPLAY_WINDOW)
                );
                DEFAULT_REPLAY_WINDOW
            }
        },
        None => DEFAULT_REPLAY_WINDOW,
    }
}

/// Reads a duration: `300ms`, `1.5s`, `30m`, `24h`, `7d`, combinations such as
/// `1h30m`, a bare number of seconds (`86400`), or ISO 8601 (`PT24H`, `P1D`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("empty duration".to_string());
    }
    if text.starts_with(['P', 'p']) {
        return parse_iso8601(text);
    }
    if let Ok(secs) = text.parse::<f64>() {
        return seconds(secs, text);
    }
    let mut total = 0f64;
    let mut rest = text;
    while !rest.is_empty() {
        rest = rest.trim_start();
        let number_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if number_len == 0 {
            return Err(format!("{text:?}: expected a number"));
        }
        let number: f64 = rest[..number_len]
            .parse()
            .map_err(|_| format!("{text:?}: bad number {:?}", &rest[..number_len]))?;
        rest = rest[number_len..].trim_start();
        let unit_len = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        let scale = match unit.to_ascii_lowercase().as_str() {
            "ms" => 0.001,
            "s" | "sec" | "secs" => 1.0,
            "m" | "min" | "mins" => 60.0,
            "h" | "hr" | "hrs" => 3600.0,
            "d" | "day" | "days" => 86400.0,
            "" => return Err(format!("{text:?}: a unit is needed after {number}")),
            other => {
                return Err(format!(
                    "{text:?}: unknown unit {other:?} (use ms, s, m, h or d)"
                ))
            }
        };
        total += number * scale;
        rest = &rest[unit_len..];
    }
    seconds(total, text)
}

fn parse_iso8601(text: &str) -> Result<Duration, String> {
    let upper = text.to_ascii_uppercase();
    let body = &upper[1..];
    let (date, time) = match body.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (body, None),
    };
    let mut total = 0f64;
    let mut read = |part: &str, units: &[(char, f64)]| -> Result<(), String> {
        let mut number = String::new();
        for c in part.chars() {
            if c.is_ascii_digit() || c == '.' {
                number.push(c);
                continue;
            }
            let scale = units
                .iter()
                .find(|(u, _)| *u == c)
                .map(|(_, s)| *s)
                .ok_or_else(|| format!("{text:?}: unexpected {c:?} in an ISO 8601 duration"))?;
            let n: f64 = number
                .parse()
                .map_err(|_| format!("{text:?}: bad ISO 8601 duration"))?;
            total += n * scale;
            number.clear();
        }
        if number.is_empty() {
            Ok(())
        } else {
            Err(format!("{text:?}: a number without a unit"))
        }
    };
    read(date, &[('W', 604800.0), ('D', 86400.0)])?;
    if let Some(time) = time {
        read(time, &[('H', 3600.0), ('M', 60.0), ('S', 1.0)])?;
    }
    if body.is_empty() || time == Some("") {
        return Err(format!("{text:?}: an empty ISO 8601 duration"));
    }
    seconds(total, text)
}

fn seconds(secs: f64, text: &str) -> Result<Duration, String> {
    Duration::try_from_secs_f64(secs).map_err(|_| format!("{text:?}: not a valid duration"))
}

/// `90s` → "1m30s"; whole units, for messages and fault listings.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms == 0 {
        return "0s".to_string();
    }
    if ms % 1000 != 0 {
        return format!("{ms}ms");
    }
    let mut secs = ms / 1000;
    let mut out = String::new();
    for (unit, size) in [("d", 86400), ("h", 3600), ("m", 60), ("s", 1)] {
        if secs >= size {
            out.push_str(&format!("{}{unit}", secs / size));
            secs %= size;
        }
    }
    out
}

/// `sdkgen mock`: serves `api` until interrupted (Ctrl-C). The first line on
/// stdout is `listening on http://ADDR`.
pub fn run(api: Api, config: MockConfig) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    runtime.block_on(async move {
        let title = crate::inert::inert(&api.title).into_owned();
        let operations = api.operations.len();
        let window = replay_window(&api, &config);
        let faults: Vec<String> = config.faults.iter().map(|f| f.to_string()).collect();
        if let Some(message) = unknown_fault_operation(&api, &config.faults) {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
        let (host, port) = (config.host, config.port);
        let (addr, server) = match MockServer::start(api, config).await {
            Ok(started) => started,
            Err(e) => {
                let addr = std::net::SocketAddr::new(host, port);
                eprintln!("error: cannot listen on {addr}: {e}");
                return ExitCode::from(1);
            }
        };
        {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on http://{addr}");
            let _ = out.flush();
        }
        eprintln!(
            "{title}: {operations} operations; replay window {}; faults: {}",
            format_duration(window),
            if faults.is_empty() {
                "none".to_string()
            } else {
                faults.join("; ")
            }
        );
        eprintln!(
            "control: GET /__sdkgen/stats, POST /__sdkgen/reset, GET|POST|DELETE /__sdkgen/faults"
        );
        match tokio::signal::ctrl_c().await {
            Ok(()) => eprintln!("stopping"),
            Err(e) => eprintln!("error: cannot wait for Ctrl-C: {e}; stopping"),
        }
        server.shutdown().await;
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        let ok = |s: &str| parse_duration(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(ok("24h"), Duration::from_secs(86400));
        assert_eq!(ok("30m"), Duration::from_secs(1800));
        assert_eq!(ok("86400s"), Duration::from_secs(86400));
        assert_eq!(ok("7d"), Duration::from_secs(7 * 86400));
        assert_eq!(ok("300ms"), Duration::from_millis(300));
        assert_eq!(ok("1.5s"), Duration::from_millis(1500));
        assert_eq!(ok("1h30m"), Duration::from_secs(5400));
        assert_eq!(ok("90"), Duration::from_secs(90));
        assert_eq!(ok("PT24H"), Duration::from_secs(86400));
        assert_eq!(ok("P1D"), Duration::from_secs(86400));
        assert_eq!(ok("P1DT1M"), Duration::from_secs(86460));
        for bad in ["", "h", "10x", "-5s", "-5", "P", "PT", "P1H", "1.2.3s"] {
            assert!(parse_duration(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn formats_durations() {
        assert_eq!(format_duration(Duration::from_secs(86400)), "1d");
        assert_eq!(format_duration(Duration::from_secs(5400)), "1h30m");
        assert_eq!(format_duration(Duration::from_millis(250)), "250ms");
        assert_eq!(format_duration(Duration::ZERO), "0s");
    }
}
