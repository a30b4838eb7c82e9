//! The printed tables and the PASS/MISS lines.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::fleet::Policy;
use crate::measure::RECOVERED_SHARE;
use crate::{Condition, RunResult, Settings};

/// The targets.
const MAX_DEFAULT_OUTAGE_AMPLIFICATION: f64 = 1.2;
const NO_BUCKET_OUTAGE_AMPLIFICATION: f64 = 3.0;
const MIN_TRANSIENT_SUCCESS: f64 = 0.995;
/// Peak-to-mean ratios closer than this (relative) are called out as noise.
const NOISE: f64 = 0.05;

pub fn condition_title(condition: Condition) -> &'static str {
    match condition {
        Condition::Outage => "(a) sustained outage",
        Condition::Transient => "(b) 10% transient 503s",
        Condition::Recovery => "(c) outage, then recovery",
    }
}

fn secs(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

fn ms(d: Duration) -> String {
    format!("{}", d.as_millis())
}

fn ms_fraction(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

pub fn header(s: &Settings, addr: &str) {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "fleet benchmark{}: {} clients (each its own runtime and retry budget), think time {} ms ((c): {} ms), \
         keyed POST /transfers (createTransfer) against the sdkgen mock on {addr}; {cores} cores",
        if s.quick { " (quick)" } else { "" },
        s.clients,
        s.think.as_millis(),
        s.recovery_think.as_millis(),
    );
    println!(
        "policies: (1) sdkgen defaults: 3 attempts, full jitter base 500 ms cap 20 s, 60 s deadline, \
         bucket 500, retry cost 14 (5 throttled), refunds; (2) the same, bucket never empty; \
         (3) 3 attempts, fixed 500 ms sleep, no jitter, no bucket"
    );
    println!(
        "all clients start their first call together; amp. = server requests / logical calls; \
         latencies are of logical calls (failed ones too); rates from the server's request \
         counter in 100 ms windows"
    );
    println!();
}

fn describe(condition: Condition, s: &Settings) -> String {
    match condition {
        Condition::Outage => format!(
            "every createTransfer answered 503 (no Retry-After) for {}; rates over those {} but the \
             first second; retries/client = (requests - calls) / clients",
            secs(s.outage),
            secs(s.outage)
        ),
        Condition::Transient => format!(
            "each createTransfer answered 503 with probability {} for {}; rates over those {} but \
             the first second",
            s.transient_p,
            secs(s.transient),
            secs(s.transient)
        ),
        Condition::Recovery => format!(
            "every createTransfer answered 503 for {}, then healthy until every client succeeded \
             again and at least {} passed (bound {}); rates over the {} after the outage's end; \
             recover = end of the first 100 ms window after the end in which >= {:.0}% of the \
             calls that finished succeeded; all back = when the last client finished its first \
             success after the end",
            secs(s.recovery_outage),
            secs(s.settle),
            secs(s.recovery_bound),
            secs(s.settle),
            RECOVERED_SHARE * 100.0
        ),
    }
}

pub fn table(condition: Condition, s: &Settings, results: &[RunResult]) {
    println!("{}: {}", condition_title(condition), describe(condition, s));
    let mut head = format!(
        "{:<28} {:>7} {:>8} {:>5} {:>8} {:>7} {:>7} {:>7} {:>7} {:>9}",
        "policy",
        "calls",
        "requests",
        "amp.",
        "success",
        "p50 ms",
        "p99 ms",
        "peak/s",
        "mean/s",
        "peak/mean"
    );
    match condition {
        Condition::Outage => head.push_str(&format!(" {:>14}", "retries/client")),
        Condition::Transient => {}
        Condition::Recovery => {
            head.push_str(&format!(" {:>10} {:>11}", "recover ms", "all back ms"))
        }
    }
    println!("{head}");
    println!("{}", "-".repeat(head.len()));
    for r in results {
        let mut line = format!(
            "{:<28} {:>7} {:>8} {:>5.2} {:>7.2}% {:>7} {:>7} {:>7.0} {:>7.0} {:>9.2}",
            r.policy.label(),
            r.calls.calls,
            r.server_requests,
            r.amplification(),
            r.calls.success() * 100.0,
            ms_fraction(r.calls.p50),
            ms_fraction(r.calls.p99),
            r.rates.peak,
            r.rates.mean,
            r.rates.peak_to_mean(),
        );
        match condition {
            Condition::Outage => {
                let retries = r.server_requests.saturating_sub(r.calls.calls as u64);
                line.push_str(&format!(" {:>14.1}", retries as f64 / s.clients as f64))
            }
            Condition::Transient => {}
            Condition::Recovery => {
                let recovery = r.recovery.unwrap_or_default();
                let shown = |d: Option<Duration>| d.map_or_else(|| "never".to_string(), ms);
                line.push_str(&format!(
                    " {:>10} {:>11}",
                    shown(recovery.recovered),
                    shown(recovery.all_back)
                ));
            }
        }
        println!("{line}");
    }
    for r in results {
        let failures: Vec<String> = r
            .failures
            .iter()
            .map(|(reason, n)| format!("{reason} {n}"))
            .collect();
        let mut note = format!(
            "  {}: failed calls by stop reason: {}",
            r.policy.label(),
            if failures.is_empty() {
                "none".to_string()
            } else {
                failures.join(", ")
            }
        );
        let sent = r.calls.client_attempts;
        if sent.abs_diff(r.server_requests) * 200 > r.server_requests.max(1) {
            note.push_str(&format!(
                "; clients counted {sent} requests, the server {}",
                r.server_requests
            ));
        }
        println!("{note}");
    }
    println!();
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "PASS"
    } else {
        "MISS"
    }
}

fn find(
    results: &BTreeMap<Condition, Vec<RunResult>>,
    c: Condition,
    p: Policy,
) -> Option<&RunResult> {
    results.get(&c)?.iter().find(|r| r.policy == p)
}

pub fn targets(s: &Settings, results: &BTreeMap<Condition, Vec<RunResult>>) {
    println!("targets (from the issue; the contract's numbers are not tuned to meet them):");
    if let Some(r) = find(results, Condition::Outage, Policy::Defaults) {
        let amp = r.amplification();
        println!(
            "{} (a) sustained outage, defaults: amplification {:.2} <= {:.1}",
            verdict(amp <= MAX_DEFAULT_OUTAGE_AMPLIFICATION),
            amp,
            MAX_DEFAULT_OUTAGE_AMPLIFICATION
        );
    }
    if let Some(r) = find(results, Condition::Outage, Policy::NoBucket) {
        let amp = r.amplification();
        println!(
            "{} (a) sustained outage, no bucket: amplification {:.2} ~ {:.1} (within 2%)",
            verdict(
                (amp - NO_BUCKET_OUTAGE_AMPLIFICATION).abs()
                    <= 0.02 * NO_BUCKET_OUTAGE_AMPLIFICATION
            ),
            amp,
            NO_BUCKET_OUTAGE_AMPLIFICATION
        );
    }
    if let Some(r) = find(results, Condition::Transient, Policy::Defaults) {
        let success = r.calls.success();
        println!(
            "{} (b) 10% transient 503s, defaults: success {:.2}% >= {:.1}%",
            verdict(success >= MIN_TRANSIENT_SUCCESS),
            success * 100.0,
            MIN_TRANSIENT_SUCCESS * 100.0
        );
    }
    if let Some(fixed) = find(results, Condition::Recovery, Policy::FixedDelay) {
        for jittered in Policy::ALL.into_iter().filter(|p| p.jittered()) {
            if let Some(r) = find(results, Condition::Recovery, jittered) {
                let (a, b) = (r.rates.peak_to_mean(), fixed.rates.peak_to_mean());
                let close = (a - b).abs() < NOISE * b;
                println!(
                    "{} (c) peak-to-mean after the outage: {} {:.3} < {} {:.3}{}",
                    verdict(a < b),
                    jittered.label(),
                    a,
                    fixed.policy.label(),
                    b,
                    if close {
                        " (less than 5% apart: within run-to-run noise, no evidence either way)"
                    } else {
                        ""
                    }
                );
            }
        }
    }
    if s.quick {
        println!(
            "note: --quick windows are too short for a 500-token bucket to drain (35 retries per \
             client), so (a) says little about the defaults; use the full run to judge"
        );
    }
}
