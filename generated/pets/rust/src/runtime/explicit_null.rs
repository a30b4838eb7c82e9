//! The serde helper of optional nullable model fields, `Option<Option<T>>`
//! (WIRE.md section 5): `None` is a field the caller did not set, left out
//! of the JSON; `Some(None)` is an explicit `null`, which a caller sends to
//! clear the field; `Some(Some(v))` is a value. Reading, `null` is
//! `Some(None)` and an absent field `None`.
//!
//! A generated model's field reads:
//!
//! ```text
//! #[serde(default, skip_serializing_if = "Option::is_none", with = "crate::runtime::explicit_null")]
//! pub tip: Option<Option<i64>>,
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `Some(None)` as `null` and `Some(Some(v))` as `v` (`None` is
/// skipped by `skip_serializing_if` and, if not, written as `null` too).
pub fn serialize<T: Serialize, S: Serializer>(
    value: &Option<Option<T>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(Some(v)) => serializer.serialize_some(v),
        _ => serializer.serialize_none(),
    }
}

/// Reads a present field: `null` as `Some(None)`, a value as `Some(Some(v))`
/// (an absent field is `None` through `#[serde(default)]`).
pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}
