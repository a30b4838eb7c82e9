//! The retry contract's defaults, read from the one table every part of the
//! project shares: `runtime/defaults.json`. The generator takes every default
//! it writes into an SDK, or into its docs, from here; each runtime's test
//! suite checks its own built-in defaults against the same file, so the two
//! cannot drift apart.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The file itself, compiled into the generator.
pub const SOURCE: &str = include_str!("../../runtime/defaults.json");

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Defaults {
    pub retries: bool,
    pub max_attempts: u32,
    pub jitter: String,
    pub base_ms: u64,
    pub cap_ms: u64,
    pub decorrelated_multiplier: u64,
    pub deadline_ms: u64,
    /// The attempt timeout is this many times the latency hint (p99).
    pub attempt_timeout_p99_multiplier: u64,
    pub budget: Budget,
    /// A `Retry-After` longer than this stops the retries.
    pub max_retry_after_ms: u64,
    pub request_timeout_header: String,
    pub key: Key,
    /// How many 500s one logical call may retry.
    pub internal_server_error_retries: u32,
    /// The response headers that carry the server's id of a request, first found wins.
    pub request_id_headers: Vec<String>,
    /// The longest response body a runtime reads (bytes).
    pub max_response_bytes: u64,
    /// The longest wait for an event stream's next bytes once its headers arrived (ms).
    pub stream_idle_timeout_ms: u64,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Budget {
    pub capacity: u32,
    /// A retry after 429 or the in-flight 409.
    pub throttle_cost: u32,
    /// Any other retry.
    pub retry_cost: u32,
    /// What a call that did not retry adds back.
    pub success_refund: u32,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
pub struct Key {
    pub header: String,
    pub max_length: u32,
    pub in_flight_code: String,
    pub mismatch_code: String,
    /// `replay` or `reattempt`: what a server does by default with a stored failure.
    pub failures: String,
    pub replay_window: String,
}

impl Defaults {
    /// The attempt timeout a latency hint implies.
    pub fn attempt_timeout_ms(&self, p99_ms: u64) -> u64 {
        p99_ms.saturating_mul(self.attempt_timeout_p99_multiplier)
    }
}

/// The contract's defaults.
pub fn get() -> &'static Defaults {
    static PARSED: OnceLock<Defaults> = OnceLock::new();
    PARSED.get_or_init(|| {
        // The file is part of the source tree and checked by the test below,
        // so a failure here is a broken build, not bad input.
        serde_json::from_str(SOURCE).expect("runtime/defaults.json is valid")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_and_says_what_the_contract_says() {
        let d = get();
        assert!(d.retries);
        assert_eq!(d.max_attempts, 3);
        assert_eq!(d.jitter, "full");
        assert_eq!((d.base_ms, d.cap_ms, d.deadline_ms), (500, 20_000, 60_000));
        assert_eq!(d.attempt_timeout_ms(400), 1_200);
        assert_eq!(
            (
                d.budget.capacity,
                d.budget.throttle_cost,
                d.budget.retry_cost
            ),
            (500, 5, 14)
        );
        assert_eq!(d.key.header, "Idempotency-Key");
        assert_eq!(d.max_response_bytes, 32 * 1024 * 1024);
        assert!(matches!(d.key.failures.as_str(), "replay" | "reattempt"));
    }

    #[test]
    fn no_unknown_entries() {
        // Every entry of the file is read: a renamed or misspelt entry would
        // otherwise be dropped without a word.
        let raw: serde_json::Value = serde_json::from_str(SOURCE).unwrap();
        let back = serde_json::to_value(get()).unwrap();
        for (k, v) in raw.as_object().unwrap() {
            if k == "comment" {
                continue;
            }
            assert_eq!(back.get(k), Some(v), "entry `{k}`");
        }
        assert_eq!(
            raw.as_object().unwrap().len() - 1,
            back.as_object().unwrap().len()
        );
    }
}
