//! Retry safety of each operation, exactly as the retry contract's sections 1
//! and 8 define it, from the method and the spec's extensions.

use serde_json::Value;

use crate::ir::{
    Api, KeyContract, KeySource, KeySpec, Method, RetryClass, RetryOverrides, RetryPolicy,
};

/// What the spec says about one operation that bears on its retry safety.
#[derive(Debug, Default, Clone)]
pub struct Hints {
    /// Operation `x-idempotency: true | false`.
    pub x_idempotency: Option<bool>,
    /// Operation `x-idempotent: true | false`.
    pub x_idempotent: Option<bool>,
    /// The operation declares a header parameter named like the key header.
    pub has_key_param: bool,
    /// Operation `x-latency-p99-ms`.
    pub latency_p99_ms: Option<u64>,
    /// Operation `x-retries`.
    pub retries: RetryOverrides,
    /// Summary and description, for "documented unsafe" and the audit.
    pub text: String,
}

/// Phrases by which a spec documents, in words, that an operation must not be retried.
const UNSAFE_PHRASES: &[&str] = &[
    "not safe to retry",
    "unsafe to retry",
    "not idempotent",
    "non-idempotent",
    "do not retry",
    "don't retry",
    "must not be retried",
    "should not be retried",
    "never retry",
];

/// The classification pass: the retry safety of every operation of `api`,
/// from its method, its hints and the root key contract.
pub fn run(api: &mut Api) {
    for op in &mut api.operations {
        op.retry = classify(op.method, &op.hints, &api.key_contract);
    }
}

/// Decides the retry policy of one operation.
pub fn classify(method: Method, hints: &Hints, contract: &KeyContract) -> RetryPolicy {
    let accepts_key = match hints.x_idempotency {
        Some(flag) => flag,
        None => hints.has_key_param,
    };
    let text = hints.text.to_ascii_lowercase();
    let says_unsafe = UNSAFE_PHRASES.iter().any(|p| text.contains(p));
    let class = if method.is_safe() {
        RetryClass::Safe
    } else {
        let idempotent = match hints.x_idempotent {
            Some(flag) => flag,
            None => matches!(method, Method::Put | Method::Delete),
        };
        if idempotent {
            RetryClass::Idempotent
        } else if accepts_key {
            RetryClass::Keyed
        } else {
            RetryClass::Unsafe
        }
    };
    let key = (class == RetryClass::Keyed).then(|| KeySpec {
        header: contract.header().to_string(),
        max_length: contract.max_length(),
        source: if hints.x_idempotency == Some(true) {
            KeySource::Extension
        } else {
            KeySource::HeaderParam
        },
    });
    RetryPolicy {
        class,
        key,
        declared_idempotent: hints.x_idempotent,
        documented_unsafe: hints.x_idempotent == Some(false) || says_unsafe,
    }
}

/// Reads `x-retries: {max-attempts, base-ms, cap-ms, deadline-ms}`.
pub fn retry_overrides(value: Option<&Value>) -> RetryOverrides {
    let Some(Value::Object(map)) = value else {
        return RetryOverrides::default();
    };
    let get = |k: &str| map.get(k).and_then(Value::as_u64);
    RetryOverrides {
        max_attempts: get("max-attempts")
            .and_then(|v| u32::try_from(v).ok())
            .filter(|v| *v >= 1),
        base_ms: get("base-ms"),
        cap_ms: get("cap-ms"),
        deadline_ms: get("deadline-ms"),
    }
}

/// Reads the root `x-idempotency` object.
pub fn key_contract(value: Option<&Value>) -> KeyContract {
    let Some(Value::Object(map)) = value else {
        return KeyContract::default();
    };
    let text = |k: &str| match map.get(k) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    KeyContract {
        declared: true,
        header: text("header"),
        max_length: map
            .get("max-length")
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
            .filter(|v| *v >= 1),
        replay_window: text("replay-window"),
        in_flight_code: text("in-flight-code"),
        mismatch_code: text("mismatch-code"),
        failures: match text("failures").as_deref() {
            Some("replay") => Some(crate::ir::FailurePolicy::Replay),
            Some("reattempt") => Some(crate::ir::FailurePolicy::Reattempt),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(method: Method, hints: Hints) -> RetryClass {
        classify(method, &hints, &KeyContract::default()).class
    }

    #[test]
    fn methods_alone() {
        for m in [Method::Get, Method::Head, Method::Options, Method::Trace] {
            assert_eq!(class(m, Hints::default()), RetryClass::Safe);
        }
        assert_eq!(class(Method::Put, Hints::default()), RetryClass::Idempotent);
        assert_eq!(
            class(Method::Delete, Hints::default()),
            RetryClass::Idempotent
        );
        assert_eq!(class(Method::Post, Hints::default()), RetryClass::Unsafe);
        assert_eq!(class(Method::Patch, Hints::default()), RetryClass::Unsafe);
    }

    #[test]
    fn keys_and_overrides() {
        let keyed = Hints {
            has_key_param: true,
            ..Hints::default()
        };
        assert_eq!(class(Method::Post, keyed.clone()), RetryClass::Keyed);
        assert_eq!(class(Method::Patch, keyed), RetryClass::Keyed);
        let ext = Hints {
            x_idempotency: Some(true),
            ..Hints::default()
        };
        assert_eq!(class(Method::Post, ext), RetryClass::Keyed);
        let refused = Hints {
            x_idempotency: Some(false),
            has_key_param: true,
            ..Hints::default()
        };
        assert_eq!(class(Method::Post, refused), RetryClass::Unsafe);
        let pure = Hints {
            x_idempotent: Some(true),
            ..Hints::default()
        };
        assert_eq!(class(Method::Post, pure), RetryClass::Idempotent);
        let not_put = Hints {
            x_idempotent: Some(false),
            ..Hints::default()
        };
        assert_eq!(class(Method::Put, not_put), RetryClass::Unsafe);
        let not_put_keyed = Hints {
            x_idempotent: Some(false),
            has_key_param: true,
            ..Hints::default()
        };
        assert_eq!(class(Method::Delete, not_put_keyed), RetryClass::Keyed);
    }

    #[test]
    fn key_spec_follows_the_contract() {
        let contract = KeyContract {
            declared: true,
            header: Some("X-Request-Key".into()),
            max_length: Some(64),
            ..KeyContract::default()
        };
        let hints = Hints {
            x_idempotency: Some(true),
            latency_p99_ms: Some(100),
            ..Hints::default()
        };
        let policy = classify(Method::Post, &hints, &contract);
        let key = policy.key.expect("keyed");
        assert_eq!(key.header, "X-Request-Key");
        assert_eq!(key.max_length, 64);
    }

    #[test]
    fn documented_unsafe_in_words() {
        let hints = Hints {
            text: "Charges the card. This call is NOT idempotent.".into(),
            ..Hints::default()
        };
        let policy = classify(Method::Post, &hints, &KeyContract::default());
        assert!(policy.documented_unsafe);
    }
}
