//! The runtime's built-in defaults against the one table of the retry
//! contract's defaults, `runtime/defaults.json`, which the generator reads
//! too. An integration test, not a unit test: `src/` is vendored into every
//! generated crate, where the table does not exist.

use std::time::Duration;

use sdkgen_runtime::{
    Config, Jitter, KeyContract, Method, Operation, RetryClass, ATTEMPT_TIMEOUT_P99_MULTIPLIER,
    DECORRELATED_MULTIPLIER, DEFAULT_BASE, DEFAULT_BUDGET_CAPACITY, DEFAULT_CAP, DEFAULT_DEADLINE,
    DEFAULT_IN_FLIGHT_CODE, DEFAULT_KEY_HEADER, DEFAULT_KEY_MAX_LENGTH, DEFAULT_MAX_ATTEMPTS,
    DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MISMATCH_CODE, DEFAULT_STREAM_IDLE_TIMEOUT,
    INTERNAL_SERVER_ERROR_RETRIES, MAX_RETRY_AFTER_MS, REQUEST_TIMEOUT_HEADER, RETRY_COST,
    SUCCESS_REFUND, THROTTLE_RETRY_COST,
};
use serde_json::Value;

fn table() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../defaults.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

fn number(table: &Value, pointer: &str) -> u64 {
    table
        .pointer(pointer)
        .and_then(Value::as_u64)
        .unwrap_or_else(|| panic!("defaults.json has no number at {pointer}"))
}

fn text<'a>(table: &'a Value, pointer: &str) -> &'a str {
    table
        .pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("defaults.json has no string at {pointer}"))
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).expect("a default fits in u64 milliseconds")
}

#[test]
fn constants_are_the_table() {
    let t = table();
    assert_eq!(u64::from(DEFAULT_MAX_ATTEMPTS), number(&t, "/max_attempts"));
    assert_eq!(ms(DEFAULT_BASE), number(&t, "/base_ms"));
    assert_eq!(ms(DEFAULT_CAP), number(&t, "/cap_ms"));
    assert_eq!(ms(DEFAULT_DEADLINE), number(&t, "/deadline_ms"));
    assert_eq!(
        DEFAULT_MAX_RESPONSE_BYTES,
        number(&t, "/max_response_bytes")
    );
    assert_eq!(
        u64::from(DECORRELATED_MULTIPLIER),
        number(&t, "/decorrelated_multiplier")
    );
    assert_eq!(
        u64::from(ATTEMPT_TIMEOUT_P99_MULTIPLIER),
        number(&t, "/attempt_timeout_p99_multiplier")
    );
    assert_eq!(
        u64::from(DEFAULT_BUDGET_CAPACITY),
        number(&t, "/budget/capacity")
    );
    assert_eq!(
        u64::from(THROTTLE_RETRY_COST),
        number(&t, "/budget/throttle_cost")
    );
    assert_eq!(u64::from(RETRY_COST), number(&t, "/budget/retry_cost"));
    assert_eq!(
        u64::from(SUCCESS_REFUND),
        number(&t, "/budget/success_refund")
    );
    assert_eq!(MAX_RETRY_AFTER_MS, number(&t, "/max_retry_after_ms"));
    assert_eq!(
        ms(DEFAULT_STREAM_IDLE_TIMEOUT),
        number(&t, "/stream_idle_timeout_ms")
    );
    assert_eq!(REQUEST_TIMEOUT_HEADER, text(&t, "/request_timeout_header"));
    assert_eq!(
        u64::from(INTERNAL_SERVER_ERROR_RETRIES),
        number(&t, "/internal_server_error_retries")
    );
    assert_eq!(DEFAULT_KEY_HEADER, text(&t, "/key/header"));
    assert_eq!(
        u64::try_from(DEFAULT_KEY_MAX_LENGTH).expect("fits"),
        number(&t, "/key/max_length")
    );
    assert_eq!(DEFAULT_IN_FLIGHT_CODE, text(&t, "/key/in_flight_code"));
    assert_eq!(DEFAULT_MISMATCH_CODE, text(&t, "/key/mismatch_code"));
}

#[test]
fn a_fresh_config_starts_at_the_table() {
    let t = table();
    let c = Config::new("http://127.0.0.1:9");
    assert_eq!(
        Some(c.retries),
        t.pointer("/retries").and_then(Value::as_bool)
    );
    assert_eq!(u64::from(c.max_attempts), number(&t, "/max_attempts"));
    let jitter = match c.jitter {
        Jitter::Full => "full",
        Jitter::Decorrelated => "decorrelated",
    };
    assert_eq!(jitter, text(&t, "/jitter"));
    assert_eq!(ms(c.base), number(&t, "/base_ms"));
    assert_eq!(ms(c.cap), number(&t, "/cap_ms"));
    assert_eq!(ms(c.deadline), number(&t, "/deadline_ms"));
    assert_eq!(u64::from(c.budget_capacity), number(&t, "/budget/capacity"));
    assert_eq!(c.max_response_bytes, number(&t, "/max_response_bytes"));
    assert_eq!(
        ms(c.stream_idle_timeout),
        number(&t, "/stream_idle_timeout_ms")
    );
    assert_eq!(
        c.request_timeout_header.as_deref(),
        Some(text(&t, "/request_timeout_header"))
    );
}

#[test]
fn a_keyed_operation_starts_at_the_tables_key_contract() {
    let t = table();
    let op = Operation::new("create", Method::POST, RetryClass::Keyed);
    let key = op.key.expect("a keyed operation has a key contract");
    assert_eq!(key, KeyContract::DEFAULT);
    assert_eq!(key.header, text(&t, "/key/header"));
    assert_eq!(
        u64::try_from(key.max_length).expect("fits"),
        number(&t, "/key/max_length")
    );
    assert_eq!(key.in_flight_code, text(&t, "/key/in_flight_code"));
    assert_eq!(key.mismatch_code, text(&t, "/key/mismatch_code"));
    let failures = match key.failures {
        sdkgen_runtime::FailurePolicy::Replay => "replay",
        sdkgen_runtime::FailurePolicy::Reattempt => "reattempt",
    };
    assert_eq!(failures, text(&t, "/key/failures"));
}

#[test]
fn the_request_id_headers_are_the_tables() {
    let t = table();
    let listed: Vec<&str> = t
        .pointer("/request_id_headers")
        .and_then(Value::as_array)
        .expect("request_id_headers")
        .iter()
        .map(|v| v.as_str().expect("a header name"))
        .collect();
    assert_eq!(sdkgen_runtime::REQUEST_ID_HEADERS.to_vec(), listed);
}
