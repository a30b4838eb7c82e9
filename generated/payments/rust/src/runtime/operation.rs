//! The per-operation descriptor the generator emits, usable in a `static`.

use std::time::Duration;

use reqwest::Method;

use super::key::{DEFAULT_KEY_HEADER, DEFAULT_KEY_MAX_LENGTH};

/// Retry safety of an operation, fixed at generation time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RetryClass {
    /// GET, HEAD, OPTIONS, TRACE.
    Safe,
    /// PUT, DELETE, or `x-idempotent: true`.
    Idempotent,
    /// Not idempotent, but the API accepts an idempotency key for it.
    Keyed,
    /// Not idempotent and no key support: never retried after an ambiguous failure.
    Unsafe,
}

/// The server's policy for a key whose first request failed
/// (root `x-idempotency.failures`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FailurePolicy {
    /// The stored failure is replayed: retrying a 500 only gets it back.
    Replay,
    /// A failed request may be attempted again with the same key.
    #[default]
    Reattempt,
}

/// Per-operation overrides of the client's retry settings (`x-retries`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RetryOverrides {
    pub max_attempts: Option<u32>,
    pub base: Option<Duration>,
    pub cap: Option<Duration>,
    pub deadline: Option<Duration>,
}

impl RetryOverrides {
    pub const NONE: RetryOverrides = RetryOverrides {
        max_attempts: None,
        base: None,
        cap: None,
        deadline: None,
    };
}

/// One API operation as the generator describes it.
///
/// ```text
/// static CREATE_CHARGE: Operation =
///     Operation::new("create_charge", Method::POST, RetryClass::Keyed)
///         .with_failures(FailurePolicy::Replay)
///         .with_p99(Duration::from_millis(800));
/// ```
///
/// (Doc examples here are text only: these files are vendored into other
/// crates, where a doctest naming this crate would not compile.)
#[derive(Clone, Debug)]
pub struct Operation {
    /// The operation's name, used in logs.
    pub name: &'static str,
    pub method: Method,
    pub class: RetryClass,
    /// Header carrying the idempotency key (default `Idempotency-Key`).
    pub key_header: &'static str,
    /// Longest caller key accepted (default 255).
    pub key_max_length: usize,
    /// Stored-failure policy of the server's key contract.
    pub failures: FailurePolicy,
    /// 409 code meaning "same key still being processed".
    pub in_flight_code: &'static str,
    /// 409 code meaning "same key, other payload".
    pub mismatch_code: &'static str,
    /// p99 latency (`x-latency-p99-ms`): the attempt timeout is `min(3 * p99, time left)`.
    pub p99: Option<Duration>,
    /// `x-retries` overrides for this operation.
    pub retry: RetryOverrides,
    /// Whether the client's credentials go with it; `false` for an operation
    /// whose spec says `security: []` (a login, a health check).
    pub authenticated: bool,
}

/// Default in-flight 409 code.
pub const DEFAULT_IN_FLIGHT_CODE: &str = "concurrent_idempotent_requests";
/// Default payload-mismatch 409 code.
pub const DEFAULT_MISMATCH_CODE: &str = "invalid_idempotent_request";

impl Operation {
    pub const fn new(name: &'static str, method: Method, class: RetryClass) -> Self {
        Operation {
            name,
            method,
            class,
            key_header: DEFAULT_KEY_HEADER,
            key_max_length: DEFAULT_KEY_MAX_LENGTH,
            failures: FailurePolicy::Reattempt,
            in_flight_code: DEFAULT_IN_FLIGHT_CODE,
            mismatch_code: DEFAULT_MISMATCH_CODE,
            p99: None,
            retry: RetryOverrides::NONE,
            authenticated: true,
        }
    }

    /// Sends none of the client's credentials with this operation.
    pub const fn without_auth(mut self) -> Self {
        self.authenticated = false;
        self
    }

    pub const fn with_key_header(mut self, header: &'static str) -> Self {
        self.key_header = header;
        self
    }

    pub const fn with_key_max_length(mut self, max: usize) -> Self {
        self.key_max_length = max;
        self
    }

    pub const fn with_failures(mut self, failures: FailurePolicy) -> Self {
        self.failures = failures;
        self
    }

    pub const fn with_in_flight_code(mut self, code: &'static str) -> Self {
        self.in_flight_code = code;
        self
    }

    pub const fn with_mismatch_code(mut self, code: &'static str) -> Self {
        self.mismatch_code = code;
        self
    }

    pub const fn with_p99(mut self, p99: Duration) -> Self {
        self.p99 = Some(p99);
        self
    }

    pub const fn with_retry(mut self, retry: RetryOverrides) -> Self {
        self.retry = retry;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static CREATE_CHARGE: Operation =
        Operation::new("create_charge", Method::POST, RetryClass::Keyed)
            .with_failures(FailurePolicy::Replay)
            .with_key_header("X-Key")
            .with_key_max_length(64)
            .with_in_flight_code("busy")
            .with_mismatch_code("other_payload")
            .with_p99(Duration::from_millis(800))
            .with_retry(RetryOverrides {
                max_attempts: Some(5),
                base: None,
                cap: None,
                deadline: Some(Duration::from_secs(10)),
            });

    #[test]
    fn descriptors_build_in_statics() {
        assert_eq!(CREATE_CHARGE.name, "create_charge");
        assert_eq!(CREATE_CHARGE.method, Method::POST);
        assert_eq!(CREATE_CHARGE.key_header, "X-Key");
        assert_eq!(CREATE_CHARGE.key_max_length, 64);
        assert_eq!(CREATE_CHARGE.retry.max_attempts, Some(5));
        let plain = Operation::new("get", Method::GET, RetryClass::Safe);
        assert_eq!(plain.key_header, "Idempotency-Key");
        assert_eq!(plain.key_max_length, 255);
        assert_eq!(plain.failures, FailurePolicy::Reattempt);
        assert_eq!(plain.in_flight_code, "concurrent_idempotent_requests");
        assert_eq!(plain.mismatch_code, "invalid_idempotent_request");
        assert_eq!(plain.p99, None);
        assert_eq!(plain.retry, RetryOverrides::NONE);
    }
}
