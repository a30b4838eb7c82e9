//! The request and response bodies of the API, as Rust types.
//!
//! Field names are snake_case; each keeps its name on the wire through serde.
//! Enums accept values this version of the SDK does not know (`Other`), so a
//! server that adds a value does not break decoding.
//!
//! A type compiles only with the features of the groups that use it, so a
//! build with some features off may leave an import unused.

#[allow(unused_imports)]
use serde::{Deserialize, Serialize};

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum AccountInputPlan {
    #[default]
    Free,
    Team,
    Enterprise,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "accounts")]
impl AccountInputPlan {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Free => "free",
            Self::Team => "team",
            Self::Enterprise => "enterprise",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "accounts")]
impl From<&str> for AccountInputPlan {
    fn from(value: &str) -> Self {
        match value {
            "free" => Self::Free,
            "team" => Self::Team,
            "enterprise" => Self::Enterprise,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "accounts")]
impl std::fmt::Display for AccountInputPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "accounts")]
impl Serialize for AccountInputPlan {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "accounts")]
impl<'de> Deserialize<'de> for AccountInputPlan {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AccountInput {
    pub email: String,
    pub name: String,
    /// Default: `"free"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<AccountInputPlan>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::runtime::explicit_null"
    )]
    pub phone: Option<Option<String>>,
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum AccountInputPlan2 {
    #[default]
    Free,
    Team,
    Enterprise,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "accounts")]
impl AccountInputPlan2 {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Free => "free",
            Self::Team => "team",
            Self::Enterprise => "enterprise",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "accounts")]
impl From<&str> for AccountInputPlan2 {
    fn from(value: &str) -> Self {
        match value {
            "free" => Self::Free,
            "team" => Self::Team,
            "enterprise" => Self::Enterprise,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "accounts")]
impl std::fmt::Display for AccountInputPlan2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "accounts")]
impl Serialize for AccountInputPlan2 {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "accounts")]
impl<'de> Deserialize<'de> for AccountInputPlan2 {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Account {
    pub email: String,
    pub name: String,
    /// Default: `"free"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<AccountInputPlan2>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::runtime::explicit_null"
    )]
    pub phone: Option<Option<String>>,
    pub id: String,
    /// Prepaid credits left.
    pub credits: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ActivityEntryKind {
    #[default]
    Note,
    Charge,
    CreditUsed,
    LimitsChanged,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "accounts")]
impl ActivityEntryKind {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Note => "note",
            Self::Charge => "charge",
            Self::CreditUsed => "credit_used",
            Self::LimitsChanged => "limits_changed",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "accounts")]
impl From<&str> for ActivityEntryKind {
    fn from(value: &str) -> Self {
        match value {
            "note" => Self::Note,
            "charge" => Self::Charge,
            "credit_used" => Self::CreditUsed,
            "limits_changed" => Self::LimitsChanged,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "accounts")]
impl std::fmt::Display for ActivityEntryKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "accounts")]
impl Serialize for ActivityEntryKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "accounts")]
impl<'de> Deserialize<'de> for ActivityEntryKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivityEntry {
    pub id: i64,
    pub kind: ActivityEntryKind,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[cfg(feature = "billing")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChargeStatus {
    #[default]
    Succeeded,
    Failed,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "billing")]
impl ChargeStatus {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "billing")]
impl From<&str> for ChargeStatus {
    fn from(value: &str) -> Self {
        match value {
            "succeeded" => Self::Succeeded,
            "failed" => Self::Failed,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "billing")]
impl std::fmt::Display for ChargeStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "billing")]
impl Serialize for ChargeStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "billing")]
impl<'de> Deserialize<'de> for ChargeStatus {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "billing")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Charge {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    pub status: ChargeStatus,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// The daily spending limit, in cents.
    pub daily: i64,
    /// The monthly spending limit, in cents.
    pub monthly: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Error {
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<String>,
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ListAccountsResponse {
    pub accounts: Vec<Account>,
    /// The number of accounts across all pages.
    pub total: i64,
}

#[cfg(feature = "accounts")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AddAccountNoteRequest {
    pub text: String,
    /// Who wrote the note; the API key's owner when left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
}

#[cfg(feature = "billing")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct UseCreditResponse {
    pub credits: i64,
}

#[cfg(feature = "billing")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateChargeRequest {
    /// The amount in cents.
    pub amount: i64,
    pub currency: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statement_descriptor: Option<String>,
}

#[cfg(feature = "billing")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct UpdateAccountLimitsRequest {
    /// Cents to add to the daily limit; negative to lower it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily_delta: Option<i64>,
    /// Cents to add to the monthly limit; negative to lower it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly_delta: Option<i64>,
}
