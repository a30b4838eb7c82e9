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

/// The idempotency-key contract of a `keyed` operation: the header its key
/// goes in, the longest key a caller may give, and how the server answers.
/// Only keyed operations have one: only they send a key, and only their 409s
/// are read as the key's conflicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyContract {
    /// Header carrying the idempotency key.
    pub header: &'static str,
    /// Longest caller key accepted.
    pub max_length: usize,
    /// Stored-failure policy of the server's key contract.
    pub failures: FailurePolicy,
    /// 409 code meaning "same key still being processed".
    pub in_flight_code: &'static str,
    /// 409 code meaning "same key, other payload".
    pub mismatch_code: &'static str,
}

impl KeyContract {
    /// The contract's defaults: `Idempotency-Key`, 255 characters, failures
    /// reattempted, the default conflict codes.
    pub const DEFAULT: KeyContract = KeyContract {
        header: DEFAULT_KEY_HEADER,
        max_length: DEFAULT_KEY_MAX_LENGTH,
        failures: FailurePolicy::Reattempt,
        in_flight_code: DEFAULT_IN_FLIGHT_CODE,
        mismatch_code: DEFAULT_MISMATCH_CODE,
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
    /// The key contract: `Some` exactly when `class` is `Keyed`.
    pub key: Option<KeyContract>,
    /// The operation's own p99 latency (`x-latency-p99-ms`): the attempt
    /// timeout is `min(3 * p99, time left)`. `None`: the client's p99 applies.
    pub p99: Option<Duration>,
    /// The operation's own `x-retries` overrides.
    pub retry: RetryOverrides,
    /// Whether the client's credentials go with it; `false` for an operation
    /// whose spec says `security: []` (a login, a health check).
    pub authenticated: bool,
    /// The operation's own security alternatives (each the schemes sent
    /// together), in the spec's order; `None`: the client's default
    /// (`Config::security`). A `static` slice: the client caches what it
    /// picked for it by its address.
    pub security: Option<&'static [&'static [&'static str]]>,
    /// The server of its own (operation or path-item `servers`, variables at
    /// their defaults), used instead of the client's base URL; a client's
    /// `Config::with_server_url` can redirect it. `None`: the client's base URL.
    pub base_url: Option<&'static str>,
}

/// Default in-flight 409 code.
pub const DEFAULT_IN_FLIGHT_CODE: &str = "concurrent_idempotent_requests";
/// Default payload-mismatch 409 code.
pub const DEFAULT_MISMATCH_CODE: &str = "invalid_idempotent_request";

impl Operation {
    /// An operation with the client's settings; a `Keyed` one gets the
    /// default key contract, any other none.
    pub const fn new(name: &'static str, method: Method, class: RetryClass) -> Self {
        Operation {
            name,
            method,
            class,
            key: match class {
                RetryClass::Keyed => Some(KeyContract::DEFAULT),
                _ => None,
            },
            p99: None,
            retry: RetryOverrides::NONE,
            authenticated: true,
            security: None,
            base_url: None,
        }
    }

    /// Sends none of the client's credentials with this operation.
    pub const fn without_auth(mut self) -> Self {
        self.authenticated = false;
        self
    }

    /// The operation's own security alternatives.
    pub const fn with_security(mut self, security: &'static [&'static [&'static str]]) -> Self {
        self.security = Some(security);
        self
    }

    /// Replaces the key contract (of a keyed operation; others have none).
    pub const fn with_key(mut self, key: KeyContract) -> Self {
        if self.key.is_some() {
            self.key = Some(key);
        }
        self
    }

    /// The key contract as it is, for the `with_key_*` setters.
    const fn key_or_default(&self) -> KeyContract {
        match self.key {
            Some(key) => key,
            None => KeyContract::DEFAULT,
        }
    }

    pub const fn with_key_header(self, header: &'static str) -> Self {
        let mut key = self.key_or_default();
        key.header = header;
        self.with_key(key)
    }

    pub const fn with_key_max_length(self, max: usize) -> Self {
        let mut key = self.key_or_default();
        key.max_length = max;
        self.with_key(key)
    }

    pub const fn with_failures(self, failures: FailurePolicy) -> Self {
        let mut key = self.key_or_default();
        key.failures = failures;
        self.with_key(key)
    }

    pub const fn with_in_flight_code(self, code: &'static str) -> Self {
        let mut key = self.key_or_default();
        key.in_flight_code = code;
        self.with_key(key)
    }

    pub const fn with_mismatch_code(self, code: &'static str) -> Self {
        let mut key = self.key_or_default();
        key.mismatch_code = code;
        self.with_key(key)
    }

    pub const fn with_p99(mut self, p99: Duration) -> Self {
        self.p99 = Some(p99);
        self
    }

    pub const fn with_retry(mut self, retry: RetryOverrides) -> Self {
        self.retry = retry;
        self
    }

    pub const fn with_base_url(mut self, url: &'static str) -> Self {
        self.base_url = Some(url);
        self
    }

    /// The stored-failure policy that applies: the key contract's, else
    /// `Reattempt` (without a key nothing is stored).
    pub fn failures(&self) -> FailurePolicy {
        self.key.map_or(FailurePolicy::Reattempt, |k| k.failures)
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
        let key = CREATE_CHARGE
            .key
            .expect("a keyed operation has a key contract");
        assert_eq!(key.header, "X-Key");
        assert_eq!(key.max_length, 64);
        assert_eq!(key.in_flight_code, "busy");
        assert_eq!(key.mismatch_code, "other_payload");
        assert_eq!(CREATE_CHARGE.failures(), FailurePolicy::Replay);
        assert_eq!(CREATE_CHARGE.retry.max_attempts, Some(5));
        let keyed = Operation::new("create", Method::POST, RetryClass::Keyed);
        assert_eq!(keyed.key, Some(KeyContract::DEFAULT));
        assert_eq!(KeyContract::DEFAULT.header, "Idempotency-Key");
        assert_eq!(KeyContract::DEFAULT.max_length, 255);
        assert_eq!(KeyContract::DEFAULT.failures, FailurePolicy::Reattempt);
        let plain = Operation::new("get", Method::GET, RetryClass::Safe);
        assert_eq!(plain.key, None);
        assert_eq!(plain.failures(), FailurePolicy::Reattempt);
        assert_eq!(plain.p99, None);
        assert_eq!(plain.retry, RetryOverrides::NONE);
        assert_eq!(plain.base_url, None);
    }

    #[test]
    fn only_keyed_operations_take_a_key_contract() {
        for class in [RetryClass::Safe, RetryClass::Idempotent, RetryClass::Unsafe] {
            let op = Operation::new("op", Method::POST, class)
                .with_key_header("X-Key")
                .with_failures(FailurePolicy::Replay);
            assert_eq!(op.key, None, "{class:?}");
            assert_eq!(op.failures(), FailurePolicy::Reattempt);
        }
    }
}
