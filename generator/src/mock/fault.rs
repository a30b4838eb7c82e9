//! Faults: what the mock does wrong on purpose, to which requests, and when.
//!
//! The text form (the `--faults` flag and the control endpoint) is a list of
//! `key=value` pairs separated by commas, with exactly one kind:
//!
//! - `status=CODE`: answer CODE. `at=before` (the default) answers before
//!   anything runs and leaves an idempotency key unclaimed; `at=after` runs
//!   the operation, which then fails and commits nothing: for a keyed request
//!   the failure is stored and replayed when the spec says `failures: replay`,
//!   else the key is released. `retry-after=SECS` and `retry-after-ms=MS` add
//!   those headers;
//! - `reset=before|after`: close the connection with a reset instead of
//!   answering; `after` first runs the operation (its side effect happens and
//!   its response is stored for the key);
//! - `latency=DURATION`: sleep before running the operation, holding the key;
//! - `outage=DURATION`: every request gets 503 (with `Retry-After`) for that
//!   long, counted from the first request the fault sees (`start=first`, the
//!   default) or from when the fault was installed (`start=now`).
//!
//! Filters: `op=ID` (an operationId; `op=a|b` for several), `first=N` (only
//! the first N attempts: per caller and key when the request has a key, else
//! per operation), `p=P` (with probability P, drawn from the seeded generator).
//!
//! A request with a key is counted only once it has claimed the key: one that
//! meets the in-flight 409, the mismatch 409 or a replay runs nothing and is
//! not counted, so `first=1` is exactly the first execution of the key,
//! however many attempts race for it.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{format_duration, parse_duration};

/// Before or after the operation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Before,
    After,
}

impl Phase {
    fn as_str(self) -> &'static str {
        match self {
            Phase::Before => "before",
            Phase::After => "after",
        }
    }

    fn parse(text: &str) -> Result<Phase, String> {
        match text {
            "before" => Ok(Phase::Before),
            "after" => Ok(Phase::After),
            other => Err(format!("{other:?}: expected before or after")),
        }
    }
}

/// Where an outage's window starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutageStart {
    /// At the first request the fault sees (after it is installed or after a reset).
    FirstRequest,
    /// When the fault is installed (server start, `POST /__sdkgen/faults`, or a reset).
    Installed,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FaultKind {
    Status {
        code: u16,
        at: Phase,
        retry_after_secs: Option<u64>,
        retry_after_ms: Option<u64>,
    },
    Reset(Phase),
    Latency(Duration),
    Outage {
        length: Duration,
        start: OutageStart,
    },
}

/// One fault: a kind and the requests it applies to.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    pub kind: FaultKind,
    /// Only these operationIds; every operation when empty.
    pub ops: Vec<String>,
    /// Only the first N attempts (per caller and key, or per operation).
    pub first: Option<u32>,
    /// Only with this probability.
    pub p: Option<f64>,
}

impl Fault {
    fn of(kind: FaultKind) -> Fault {
        Fault {
            kind,
            ops: Vec::new(),
            first: None,
            p: None,
        }
    }

    /// `status=CODE` (answered before the operation runs).
    pub fn status(code: u16) -> Fault {
        Fault::of(FaultKind::Status {
            code,
            at: Phase::Before,
            retry_after_secs: None,
            retry_after_ms: None,
        })
    }

    /// `reset=before|after`.
    pub fn reset(phase: Phase) -> Fault {
        Fault::of(FaultKind::Reset(phase))
    }

    /// `latency=DURATION`.
    pub fn latency(d: Duration) -> Fault {
        Fault::of(FaultKind::Latency(d))
    }

    /// `outage=DURATION`, starting at the first request.
    pub fn outage(length: Duration) -> Fault {
        Fault::of(FaultKind::Outage {
            length,
            start: OutageStart::FirstRequest,
        })
    }

    /// Restricts the fault to one more operation.
    pub fn op(mut self, id: &str) -> Fault {
        self.ops.push(id.to_string());
        self
    }

    pub fn first(mut self, n: u32) -> Fault {
        self.first = Some(n);
        self
    }

    pub fn p(mut self, p: f64) -> Fault {
        self.p = Some(p);
        self
    }

    /// For a status fault: `at=before|after`.
    pub fn at(mut self, phase: Phase) -> Fault {
        if let FaultKind::Status { at, .. } = &mut self.kind {
            *at = phase;
        }
        self
    }

    /// For a status fault: `retry-after=SECS`.
    pub fn retry_after(mut self, secs: u64) -> Fault {
        if let FaultKind::Status {
            retry_after_secs, ..
        } = &mut self.kind
        {
            *retry_after_secs = Some(secs);
        }
        self
    }

    /// For an outage: where its window starts.
    pub fn starting(mut self, when: OutageStart) -> Fault {
        if let FaultKind::Outage { start, .. } = &mut self.kind {
            *start = when;
        }
        self
    }

    /// Reads the text form, e.g. `status=503,op=createTransfer,first=2`.
    pub fn parse(text: &str) -> Result<Fault, String> {
        let mut pairs = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("{part:?}: expected key=value"))?;
            pairs.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
        Fault::from_pairs(&pairs).map_err(|e| format!("fault {text:?}: {e}"))
    }

    /// Reads one item of the control endpoint's list: a string in the text
    /// form, or an object with the same keys (`{"status": 503, "first": 2}`).
    pub fn from_json(value: &Value) -> Result<Fault, String> {
        match value {
            Value::String(s) => Fault::parse(s),
            Value::Object(map) => {
                let mut pairs = Vec::new();
                for (k, v) in map {
                    let text = match v {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        Value::Array(items) if k == "op" || k == "ops" => {
                            let mut names = Vec::new();
                            for item in items {
                                match item {
                                    Value::String(s) => names.push(s.clone()),
                                    other => {
                                        return Err(format!("op: expected a string, got {other}"))
                                    }
                                }
                            }
                            names.join("|")
                        }
                        other => return Err(format!("{k}: unexpected value {other}")),
                    };
                    let key = if k == "ops" { "op" } else { k.as_str() };
                    pairs.push((key.to_ascii_lowercase(), text));
                }
                Fault::from_pairs(&pairs).map_err(|e| format!("fault {value}: {e}"))
            }
            other => Err(format!("a fault is a string or an object, not {other}")),
        }
    }

    fn from_pairs(pairs: &[(String, String)]) -> Result<Fault, String> {
        let mut kind: Option<FaultKind> = None;
        let set_kind = |k: FaultKind, kind: &mut Option<FaultKind>| {
            if kind.is_some() {
                return Err("more than one kind (status, reset, latency, outage)".to_string());
            }
            *kind = Some(k);
            Ok(())
        };
        let mut ops = Vec::new();
        let mut first = None;
        let mut p = None;
        let mut at = None;
        let mut retry_after_secs = None;
        let mut retry_after_ms = None;
        let mut start = None;
        for (k, v) in pairs {
            match k.as_str() {
                "status" => {
                    let code: u16 = v
                        .parse()
                        .map_err(|_| format!("status {v:?}: not a number"))?;
                    if !(100..=599).contains(&code) {
                        return Err(format!("status {code}: not an HTTP status"));
                    }
                    set_kind(
                        FaultKind::Status {
                            code,
                            at: Phase::Before,
                            retry_after_secs: None,
                            retry_after_ms: None,
                        },
                        &mut kind,
                    )?;
                }
                "reset" => set_kind(FaultKind::Reset(Phase::parse(v)?), &mut kind)?,
                "latency" => set_kind(FaultKind::Latency(parse_duration(v)?), &mut kind)?,
                "outage" => set_kind(
                    FaultKind::Outage {
                        length: parse_duration(v)?,
                        start: OutageStart::FirstRequest,
                    },
                    &mut kind,
                )?,
                "op" => ops.extend(
                    v.split('|')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(String::from),
                ),
                "first" => {
                    first = Some(
                        v.parse::<u32>()
                            .map_err(|_| format!("first {v:?}: not a whole number"))?,
                    )
                }
                "p" => {
                    let x: f64 = v.parse().map_err(|_| format!("p {v:?}: not a number"))?;
                    if !(0.0..=1.0).contains(&x) {
                        return Err(format!("p {x}: not between 0 and 1"));
                    }
                    p = Some(x);
                }
                "at" => at = Some(Phase::parse(v)?),
                "retry-after" => {
                    retry_after_secs = Some(
                        v.parse::<u64>()
                            .map_err(|_| format!("retry-after {v:?}: not whole seconds"))?,
                    )
                }
                "retry-after-ms" => {
                    retry_after_ms = Some(
                        v.parse::<u64>()
                            .map_err(|_| format!("retry-after-ms {v:?}: not whole milliseconds"))?,
                    )
                }
                "start" => {
                    start = Some(match v.as_str() {
                        "first" => OutageStart::FirstRequest,
                        "now" => OutageStart::Installed,
                        other => return Err(format!("start {other:?}: expected first or now")),
                    })
                }
                other => return Err(format!("unknown key {other:?}")),
            }
        }
        let mut kind =
            kind.ok_or("no kind: give one of status=, reset=, latency=, outage=".to_string())?;
        match &mut kind {
            FaultKind::Status {
                at: a,
                retry_after_secs: rs,
                retry_after_ms: rm,
                ..
            } => {
                *a = at.unwrap_or(Phase::Before);
                *rs = retry_after_secs;
                *rm = retry_after_ms;
            }
            FaultKind::Outage { start: s, .. } => {
                if first.is_some() || p.is_some() {
                    return Err("an outage takes no first= or p=".to_string());
                }
                *s = start.unwrap_or(OutageStart::FirstRequest);
            }
            _ => {}
        }
        let only_status = at.is_some() || retry_after_secs.is_some() || retry_after_ms.is_some();
        if only_status && !matches!(kind, FaultKind::Status { .. }) {
            return Err("at=, retry-after= and retry-after-ms= go with status=".to_string());
        }
        if start.is_some() && !matches!(kind, FaultKind::Outage { .. }) {
            return Err("start= goes with outage=".to_string());
        }
        Ok(Fault {
            kind,
            ops,
            first,
            p,
        })
    }

    fn applies_to(&self, op: Option<&str>) -> bool {
        self.ops.is_empty() || op.is_some_and(|op| self.ops.iter().any(|o| o == op))
    }
}

impl FromStr for Fault {
    type Err = String;

    fn from_str(s: &str) -> Result<Fault, String> {
        Fault::parse(s)
    }
}

impl fmt::Display for Fault {
    /// The canonical text form, which [`Fault::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            FaultKind::Status {
                code,
                at,
                retry_after_secs,
                retry_after_ms,
            } => {
                write!(f, "status={code}")?;
                if *at == Phase::After {
                    write!(f, ",at=after")?;
                }
                if let Some(s) = retry_after_secs {
                    write!(f, ",retry-after={s}")?;
                }
                if let Some(ms) = retry_after_ms {
                    write!(f, ",retry-after-ms={ms}")?;
                }
            }
            FaultKind::Reset(phase) => write!(f, "reset={}", phase.as_str())?,
            FaultKind::Latency(d) => write!(f, "latency={}", format_duration(*d))?,
            FaultKind::Outage { length, start } => {
                write!(f, "outage={}", format_duration(*length))?;
                if *start == OutageStart::Installed {
                    write!(f, ",start=now")?;
                }
            }
        }
        if !self.ops.is_empty() {
            write!(f, ",op={}", self.ops.join("|"))?;
        }
        if let Some(n) = self.first {
            write!(f, ",first={n}")?;
        }
        if let Some(p) = self.p {
            write!(f, ",p={p}")?;
        }
        Ok(())
    }
}

/// A status fault that fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StatusFault {
    pub code: u16,
    pub retry_after_secs: Option<u64>,
    pub retry_after_ms: Option<u64>,
}

/// The faults that fired for one attempt.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Fired {
    pub reset_before: bool,
    pub status_before: Option<StatusFault>,
    /// The sum of the latency faults that fired.
    pub latency: Option<Duration>,
    pub status_after: Option<StatusFault>,
    pub reset_after: bool,
}

/// The active faults and their counters.
pub(crate) struct FaultState {
    faults: Vec<Fault>,
    /// Per fault: attempts seen, by scope (caller and key, or operation).
    attempts: Vec<HashMap<String, u32>>,
    /// Per fault: when its outage window started, once it has.
    outage_started: Vec<Option<Instant>>,
    installed: Instant,
}

impl FaultState {
    pub fn new(faults: Vec<Fault>) -> FaultState {
        let n = faults.len();
        FaultState {
            faults,
            attempts: vec![HashMap::new(); n],
            outage_started: vec![None; n],
            installed: Instant::now(),
        }
    }

    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Forgets every counter and outage start, as if the faults were just installed.
    pub fn rewind(&mut self) {
        *self = FaultState::new(std::mem::take(&mut self.faults));
    }

    /// The time left of an outage that covers this request, if one does.
    pub fn outage(&mut self, op: Option<&str>, now: Instant) -> Option<Duration> {
        let mut longest: Option<Duration> = None;
        for (i, fault) in self.faults.iter().enumerate() {
            let FaultKind::Outage { length, start } = fault.kind else {
                continue;
            };
            if !fault.applies_to(op) {
                continue;
            }
            let began = match start {
                OutageStart::Installed => self.installed,
                OutageStart::FirstRequest => *self.outage_started[i].get_or_insert(now),
            };
            let ends = began + length;
            if now < ends {
                let left = ends - now;
                longest = Some(longest.map_or(left, |l| l.max(left)));
            }
        }
        longest
    }

    /// Counts this attempt against every fault (other than outages) that
    /// applies to `op`, and says which of them fire.
    pub fn evaluate(&mut self, op: &str, scope: &str, rng: &mut Rng) -> Fired {
        let mut fired = Fired::default();
        for (i, fault) in self.faults.iter().enumerate() {
            if matches!(fault.kind, FaultKind::Outage { .. }) || !fault.applies_to(Some(op)) {
                continue;
            }
            let seen = self.attempts[i].entry(scope.to_string()).or_insert(0);
            *seen = seen.saturating_add(1);
            if fault.first.is_some_and(|n| *seen > n) {
                continue;
            }
            if let Some(p) = fault.p {
                if rng.next_f64() >= p {
                    continue;
                }
            }
            match fault.kind {
                FaultKind::Status {
                    code,
                    at,
                    retry_after_secs,
                    retry_after_ms,
                } => {
                    let status = StatusFault {
                        code,
                        retry_after_secs,
                        retry_after_ms,
                    };
                    let slot = match at {
                        Phase::Before => &mut fired.status_before,
                        Phase::After => &mut fired.status_after,
                    };
                    slot.get_or_insert(status);
                }
                FaultKind::Reset(Phase::Before) => fired.reset_before = true,
                FaultKind::Reset(Phase::After) => fired.reset_after = true,
                FaultKind::Latency(d) => {
                    fired.latency = Some(fired.latency.unwrap_or_default() + d);
                }
                FaultKind::Outage { .. } => {}
            }
        }
        fired
    }
}

/// A small seeded generator (SplitMix64) for the `p=` draws: the same seed and
/// the same sequence of requests give the same faults.
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_forms() {
        let f = Fault::parse("status=503,op=createTransfer,first=2").expect("parse");
        assert_eq!(f, Fault::status(503).op("createTransfer").first(2));
        let f = Fault::parse("status=503,p=0.1").expect("parse");
        assert_eq!(f, Fault::status(503).p(0.1));
        let f = Fault::parse("status=429,retry-after=1,first=1").expect("parse");
        assert_eq!(f, Fault::status(429).retry_after(1).first(1));
        let f = Fault::parse("reset=after,op=updateVendor,first=1").expect("parse");
        assert_eq!(f, Fault::reset(Phase::After).op("updateVendor").first(1));
        let f = Fault::parse("latency=300ms,op=createTransfer,first=1").expect("parse");
        assert_eq!(
            f,
            Fault::latency(Duration::from_millis(300))
                .op("createTransfer")
                .first(1)
        );
        let f = Fault::parse("outage=30s").expect("parse");
        assert_eq!(f, Fault::outage(Duration::from_secs(30)));
        let f = Fault::parse("status=500,at=after,op=a|b").expect("parse");
        assert_eq!(f, Fault::status(500).at(Phase::After).op("a").op("b"));
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "status=503,op=createTransfer,first=2",
            "status=429,retry-after=1,first=1",
            "status=500,at=after,retry-after-ms=250,op=a|b,p=0.25",
            "reset=before,first=1",
            "latency=1m30s",
            "outage=30s,start=now,op=getTransfer",
        ] {
            let fault = Fault::parse(text).expect(text);
            assert_eq!(fault.to_string(), text);
            assert_eq!(Fault::parse(&fault.to_string()).expect("again"), fault);
        }
    }

    #[test]
    fn refuses_bad_faults() {
        for bad in [
            "",
            "op=x",
            "status=503,reset=after",
            "status=99",
            "status=abc",
            "reset=during",
            "latency=fast",
            "status=503,p=2",
            "status=503,first=-1",
            "reset=after,retry-after=1",
            "outage=1s,first=1",
            "status=503,colour=red",
            "status",
        ] {
            assert!(Fault::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn reads_json_items() {
        let v: Value = serde_json::json!([
            "status=503,first=1",
            {"status": 429, "retry-after": 2, "op": "createTransfer"},
            {"reset": "after", "op": ["a", "b"], "first": 1}
        ]);
        let faults: Vec<Fault> = v
            .as_array()
            .expect("array")
            .iter()
            .map(|i| Fault::from_json(i).expect("fault"))
            .collect();
        assert_eq!(faults[0], Fault::status(503).first(1));
        assert_eq!(
            faults[1],
            Fault::status(429).retry_after(2).op("createTransfer")
        );
        assert_eq!(
            faults[2],
            Fault::reset(Phase::After).op("a").op("b").first(1)
        );
        assert!(Fault::from_json(&serde_json::json!(5)).is_err());
        assert!(Fault::from_json(&serde_json::json!({"status": true})).is_err());
    }

    #[test]
    fn first_counts_per_scope() {
        let mut state = FaultState::new(vec![Fault::status(503).op("op1").first(2)]);
        let mut rng = Rng::new(0);
        let fire = |s: &mut FaultState, rng: &mut Rng, op: &str, scope: &str| {
            s.evaluate(op, scope, rng).status_before.is_some()
        };
        assert!(fire(&mut state, &mut rng, "op1", "k1"));
        assert!(fire(&mut state, &mut rng, "op1", "k1"));
        assert!(!fire(&mut state, &mut rng, "op1", "k1"));
        assert!(fire(&mut state, &mut rng, "op1", "k2"));
        assert!(!fire(&mut state, &mut rng, "op2", "k3"));
        state.rewind();
        assert!(fire(&mut state, &mut rng, "op1", "k1"));
    }

    #[test]
    fn probabilities_follow_the_seed() {
        let draws = |seed| {
            let mut state = FaultState::new(vec![Fault::status(503).p(0.3)]);
            let mut rng = Rng::new(seed);
            (0..200)
                .map(|_| state.evaluate("op", "op", &mut rng).status_before.is_some())
                .collect::<Vec<_>>()
        };
        assert_eq!(draws(7), draws(7));
        assert_ne!(draws(7), draws(8));
        let hits = draws(7).iter().filter(|b| **b).count();
        assert!((30..=90).contains(&hits), "{hits} of 200 at p=0.3");
    }

    #[test]
    fn outages_start_at_the_first_request() {
        let mut state = FaultState::new(vec![Fault::outage(Duration::from_millis(100))]);
        let t0 = Instant::now() + Duration::from_secs(5);
        assert_eq!(state.outage(None, t0), Some(Duration::from_millis(100)));
        assert_eq!(
            state.outage(Some("x"), t0 + Duration::from_millis(60)),
            Some(Duration::from_millis(40))
        );
        assert_eq!(state.outage(None, t0 + Duration::from_millis(100)), None);
        let mut now_state = FaultState::new(vec![
            Fault::outage(Duration::from_millis(100)).starting(OutageStart::Installed)
        ]);
        assert_eq!(now_state.outage(None, t0), None);
    }
}
