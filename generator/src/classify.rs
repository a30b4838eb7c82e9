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
    /// The summary alone.
    pub summary: String,
    /// The request path template.
    pub path: String,
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
    // An audit that doubts the method must not leave the SDK trusting it: a
    // PUT or DELETE that says it acts again on every call is classified as
    // the POST it behaves like, unless the spec confirms it (`x-idempotent`).
    let doubted = match (method, hints.x_idempotent) {
        (Method::Put | Method::Delete, None) => repeated_effect(hints),
        _ => None,
    };
    let class = if method.is_safe() {
        RetryClass::Safe
    } else {
        let idempotent = match hints.x_idempotent {
            Some(flag) => flag,
            None => matches!(method, Method::Put | Method::Delete) && doubted.is_none(),
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
        doubted,
    }
}

/// Verbs that, in a PUT's or DELETE's own words, say each call acts again.
const REPEATED_EFFECT_VERBS: &[&str] = &[
    "append",
    "add",
    "increment",
    "decrement",
    "reduce",
    "charge",
    "send",
    "create",
];

/// Last path segments that name an action which acts again when repeated
/// (`PUT /pulls/{n}/merge`, `PUT /pulls/{n}/update-branch`).
const REPEATED_EFFECT_SEGMENTS: &[&str] = &[
    "merge",
    "update-branch",
    "import",
    "send",
    "charge",
    "increment",
    "decrement",
    "append",
];

/// Phrases that make such a verb harmless ("creates or replaces").
const UPSERT_PHRASES: &[&str] = &[
    "or replace",
    "or update",
    "if it does not exist",
    "if absent",
    "upsert",
];

/// Why a PUT or DELETE would act again on a repeat, if anything says so:
/// its last path segment names such an action, or its own text has such a
/// verb (a third-person form anywhere, or the summary's leading imperative).
///
/// Only the operation's own words count: Markdown links and code spans are
/// left out (they point at other operations), and gerunds are not counted
/// ("sending the same body again" speaks of the caller). A PUT or DELETE
/// whose last segment is a path parameter acts on one member of a set
/// (`PUT /teams/{team}/members/{user}` adds that user): repeating it
/// changes nothing, whatever verb its text uses.
pub fn repeated_effect(hints: &Hints) -> Option<&'static str> {
    let last = hints
        .path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("");
    if last.starts_with('{') && last.ends_with('}') {
        return None;
    }
    if let Some(segment) = REPEATED_EFFECT_SEGMENTS
        .iter()
        .copied()
        .find(|s| last.eq_ignore_ascii_case(s))
    {
        return Some(segment);
    }
    let summary = own_words(&hints.summary);
    let text = own_words(&hints.text);
    if UPSERT_PHRASES.iter().any(|p| text.contains(p)) {
        return None;
    }
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect()
    };
    let all = words(&text);
    let first = words(&summary).into_iter().next();
    REPEATED_EFFECT_VERBS.iter().copied().find(|verb| {
        let third = if verb.ends_with('h') {
            format!("{verb}es")
        } else {
            format!("{verb}s")
        };
        first.as_deref() == Some(*verb) || all.contains(&third)
    })
}

/// Lower-case text without Markdown links (`[text](url)`, `<url>`) and code
/// spans, which name other operations and values rather than say what this
/// one does.
fn own_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let skip = match c {
            '[' => rest.find("](").and_then(|mid| {
                let after = &rest[mid + 2..];
                after.find(')').map(|end| mid + 2 + end + 1)
            }),
            '`' => rest[1..].find('`').map(|end| end + 2),
            '<' => rest[1..]
                .find('>')
                .filter(|end| rest[1..1 + end].contains("://"))
                .map(|end| end + 2),
            _ => None,
        };
        match skip {
            Some(n) => {
                out.push(' ');
                rest = &rest[n..];
            }
            None => {
                out.push(c.to_ascii_lowercase());
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
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

    fn doubt(method: Method, path: &str, summary: &str, description: &str) -> Option<&'static str> {
        let hints = Hints {
            path: path.into(),
            summary: summary.into(),
            text: format!("{summary}\n{description}"),
            ..Hints::default()
        };
        classify(method, &hints, &KeyContract::default()).doubted
    }

    #[test]
    fn a_put_that_says_it_acts_again_is_not_trusted() {
        assert_eq!(
            doubt(Method::Put, "/accounts/{id}/notes", "Append a note", ""),
            Some("append")
        );
        let hints = Hints {
            path: "/accounts/{id}/notes".into(),
            text: "Each call appends a note.".into(),
            ..Hints::default()
        };
        assert_eq!(class(Method::Put, hints.clone()), RetryClass::Unsafe);
        let keyed = Hints {
            has_key_param: true,
            ..hints.clone()
        };
        assert_eq!(class(Method::Put, keyed), RetryClass::Keyed);
        let confirmed = Hints {
            x_idempotent: Some(true),
            ..hints
        };
        assert_eq!(class(Method::Put, confirmed), RetryClass::Idempotent);
        // Actions in the path.
        assert_eq!(
            doubt(Method::Put, "/pulls/{n}/merge", "Merge a pull request", ""),
            Some("merge")
        );
        assert_eq!(
            doubt(Method::Put, "/pulls/{n}/update-branch", "", ""),
            Some("update-branch")
        );
        // POST is never doubted: it is not trusted to begin with.
        assert_eq!(doubt(Method::Post, "/notes", "Append a note", ""), None);
    }

    #[test]
    fn set_membership_links_and_upserts_are_not_doubted() {
        assert_eq!(
            doubt(
                Method::Put,
                "/orgs/{org}/secrets/{name}/repositories/{repository_id}",
                "Add selected repository to an organization secret",
                "Adds a repository to an organization secret."
            ),
            None
        );
        assert_eq!(
            doubt(
                Method::Put,
                "/codespaces/secrets/{name}",
                "Set a secret",
                "See [the endpoint that adds a repository](https://x/y) and `adds`."
            ),
            None
        );
        assert_eq!(
            doubt(
                Method::Put,
                "/settings",
                "Replace the settings",
                "See <https://docs/adds>."
            ),
            None
        );
        assert_eq!(
            doubt(
                Method::Put,
                "/things",
                "Put a thing",
                "Creates the thing, or replaces it."
            ),
            None
        );
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
