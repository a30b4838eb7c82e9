//! YAML and JSON numbers as JSON values, shared by both YAML readers
//! (`source`'s serde path and `events`), so neither depends on the other.

use serde_json::Value;

/// An integer that may not fit 64 bits: as the nearest double if it does not.
pub fn wide_signed(v: i128) -> Value {
    i64::try_from(v)
        .map(Value::from)
        .unwrap_or_else(|_| float(v as f64))
}

/// An unsigned integer that may not fit 64 bits: as the nearest double if it
/// does not.
pub fn wide_unsigned(v: u128) -> Value {
    u64::try_from(v)
        .map(Value::from)
        .unwrap_or_else(|_| float(v as f64))
}

/// Non-finite numbers (YAML's .inf, .nan) have no JSON form: kept as null.
pub fn float(v: f64) -> Value {
    serde_json::Number::from_f64(v)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}
