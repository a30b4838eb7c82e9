//! The request and response bodies of the API, as Rust types.
//!
//! Field names are snake_case; each keeps its name on the wire through serde.
//! Enums accept values this version of the SDK does not know (`Other`), so a
//! server that adds a value does not break decoding.
//!
//! A type compiles only with the features of the groups that use it, so a
//! build with some features off may leave an import unused.

#[allow(unused_imports)]
use std::collections::HashMap;

#[allow(unused_imports)]
use serde::{Deserialize, Serialize};

/// An amount in the currency's minor unit (cents for `usd`).
#[cfg(any(feature = "transfers", feature = "refunds"))]
pub type Amount = i64;

/// A three-letter ISO 4217 currency code, in lower case.
#[cfg(any(
    feature = "transfers",
    feature = "refunds",
    feature = "vendors",
    feature = "reports"
))]
pub type Currency = String;

/// Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40 characters, values up to 500.
#[cfg(any(
    feature = "transfers",
    feature = "refunds",
    feature = "subscriptions",
    feature = "vendors"
))]
pub type Metadata = HashMap<String, String>;

/// What to pay, and to whom.
#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateTransfer {
    pub amount: Amount,
    pub currency: Currency,
    /// The id of the vendor to pay.
    pub vendor_id: String,
    /// A note shown on the vendor's statement; null for none.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::runtime::explicit_null"
    )]
    pub description: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

/// The kind of object, always `transfer`.
#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TransferObject {
    #[default]
    Transfer,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "transfers")]
impl TransferObject {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Transfer => "transfer",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "transfers")]
impl From<&str> for TransferObject {
    fn from(value: &str) -> Self {
        match value {
            "transfer" => Self::Transfer,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "transfers")]
impl std::fmt::Display for TransferObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "transfers")]
impl Serialize for TransferObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "transfers")]
impl<'de> Deserialize<'de> for TransferObject {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// `pending` until the vendor's bank answers, then `paid` or `failed`. A failed transfer's amount returns to your balance.
#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TransferStatus {
    #[default]
    Pending,
    Paid,
    Failed,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "transfers")]
impl TransferStatus {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Failed => "failed",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "transfers")]
impl From<&str> for TransferStatus {
    fn from(value: &str) -> Self {
        match value {
            "pending" => Self::Pending,
            "paid" => Self::Paid,
            "failed" => Self::Failed,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "transfers")]
impl std::fmt::Display for TransferStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "transfers")]
impl Serialize for TransferStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "transfers")]
impl<'de> Deserialize<'de> for TransferStatus {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// A payment from your balance to a vendor.
#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Transfer {
    pub id: String,
    /// The kind of object, always `transfer`.
    pub object: TransferObject,
    pub amount: Amount,
    pub currency: Currency,
    /// The id of the vendor paid.
    pub vendor_id: String,
    /// `pending` until the vendor's bank answers, then `paid` or `failed`. A failed transfer's amount returns to your balance.
    pub status: TransferStatus,
    /// When the transfer was created.
    pub created: chrono::DateTime<chrono::Utc>,
    /// The note given at creation, or null.
    pub description: Option<String>,
    pub metadata: Metadata,
}

#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum TransferListObject {
    #[default]
    List,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "transfers")]
impl TransferListObject {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::List => "list",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "transfers")]
impl From<&str> for TransferListObject {
    fn from(value: &str) -> Self {
        match value {
            "list" => Self::List,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "transfers")]
impl std::fmt::Display for TransferListObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "transfers")]
impl Serialize for TransferListObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "transfers")]
impl<'de> Deserialize<'de> for TransferListObject {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// One page of transfers.
#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TransferList {
    pub object: TransferListObject,
    pub data: Vec<Transfer>,
    /// Whether more transfers follow this page.
    pub has_more: bool,
}

/// Why the transfer is refunded.
#[cfg(feature = "refunds")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CreateRefundReason {
    #[default]
    Duplicate,
    Fraudulent,
    RequestedByCustomer,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "refunds")]
impl CreateRefundReason {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Duplicate => "duplicate",
            Self::Fraudulent => "fraudulent",
            Self::RequestedByCustomer => "requested_by_customer",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "refunds")]
impl From<&str> for CreateRefundReason {
    fn from(value: &str) -> Self {
        match value {
            "duplicate" => Self::Duplicate,
            "fraudulent" => Self::Fraudulent,
            "requested_by_customer" => Self::RequestedByCustomer,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "refunds")]
impl std::fmt::Display for CreateRefundReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl Serialize for CreateRefundReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl<'de> Deserialize<'de> for CreateRefundReason {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// How much to refund, and why.
#[cfg(feature = "refunds")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateRefund {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Amount>,
    /// Why the transfer is refunded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<CreateRefundReason>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

#[cfg(feature = "refunds")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum RefundObject {
    #[default]
    Refund,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "refunds")]
impl RefundObject {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Refund => "refund",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "refunds")]
impl From<&str> for RefundObject {
    fn from(value: &str) -> Self {
        match value {
            "refund" => Self::Refund,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "refunds")]
impl std::fmt::Display for RefundObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl Serialize for RefundObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl<'de> Deserialize<'de> for RefundObject {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "refunds")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum RefundStatus {
    #[default]
    Pending,
    Succeeded,
    Failed,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "refunds")]
impl RefundStatus {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Pending => "pending",
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "refunds")]
impl From<&str> for RefundStatus {
    fn from(value: &str) -> Self {
        match value {
            "pending" => Self::Pending,
            "succeeded" => Self::Succeeded,
            "failed" => Self::Failed,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "refunds")]
impl std::fmt::Display for RefundStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl Serialize for RefundStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl<'de> Deserialize<'de> for RefundStatus {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// The reason given at creation, absent when none was.
#[cfg(feature = "refunds")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum RefundReason {
    #[default]
    Duplicate,
    Fraudulent,
    RequestedByCustomer,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "refunds")]
impl RefundReason {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Duplicate => "duplicate",
            Self::Fraudulent => "fraudulent",
            Self::RequestedByCustomer => "requested_by_customer",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "refunds")]
impl From<&str> for RefundReason {
    fn from(value: &str) -> Self {
        match value {
            "duplicate" => Self::Duplicate,
            "fraudulent" => Self::Fraudulent,
            "requested_by_customer" => Self::RequestedByCustomer,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "refunds")]
impl std::fmt::Display for RefundReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl Serialize for RefundReason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "refunds")]
impl<'de> Deserialize<'de> for RefundReason {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// Money given back from a transfer.
#[cfg(feature = "refunds")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Refund {
    pub id: String,
    pub object: RefundObject,
    /// The transfer refunded.
    pub transfer_id: String,
    pub amount: Amount,
    pub currency: Currency,
    pub status: RefundStatus,
    /// The reason given at creation, absent when none was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<RefundReason>,
    pub created: chrono::DateTime<chrono::Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

/// The customer to create.
#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateSubscriptionCustomer {
    pub email: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Who to bill, for which plan, and with what.
#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateSubscription {
    /// The customer to create.
    pub customer: CreateSubscriptionCustomer,
    /// The id of the plan to bill.
    pub plan: String,
    /// A token for the card or bank account, made by the client-side library so that raw payment details never reach your server.
    pub payment_method_token: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SubscriptionObject {
    #[default]
    Subscription,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "subscriptions")]
impl SubscriptionObject {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Subscription => "subscription",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "subscriptions")]
impl From<&str> for SubscriptionObject {
    fn from(value: &str) -> Self {
        match value {
            "subscription" => Self::Subscription,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "subscriptions")]
impl std::fmt::Display for SubscriptionObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl Serialize for SubscriptionObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl<'de> Deserialize<'de> for SubscriptionObject {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SubscriptionStatus {
    #[default]
    Active,
    PastDue,
    Canceled,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "subscriptions")]
impl SubscriptionStatus {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Active => "active",
            Self::PastDue => "past_due",
            Self::Canceled => "canceled",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "subscriptions")]
impl From<&str> for SubscriptionStatus {
    fn from(value: &str) -> Self {
        match value {
            "active" => Self::Active,
            "past_due" => Self::PastDue,
            "canceled" => Self::Canceled,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "subscriptions")]
impl std::fmt::Display for SubscriptionStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl Serialize for SubscriptionStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl<'de> Deserialize<'de> for SubscriptionStatus {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// A customer billed on a recurring schedule.
#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Subscription {
    pub id: String,
    pub object: SubscriptionObject,
    pub customer_id: String,
    pub plan: String,
    pub status: SubscriptionStatus,
    pub payment_method: PaymentMethod,
    /// When the current period ends and the next one is billed.
    pub current_period_end: chrono::DateTime<chrono::Utc>,
    /// When the subscription was cancelled, or null while it runs.
    pub canceled_at: Option<chrono::DateTime<chrono::Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

/// How a customer pays.
///
/// The variant is chosen by the "type" property; its JSON carries
/// that property too. A value this version of the SDK does not know is kept
/// as JSON in `Other`.
#[cfg(feature = "subscriptions")]
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum PaymentMethod {
    /// `type` is `card`.
    Card(Card),
    /// `type` is `bank_account`.
    BankAccount(BankAccount),
    /// A variant this version of the SDK does not know, as sent.
    Other(serde_json::Value),
}

#[cfg(feature = "subscriptions")]
impl Serialize for PaymentMethod {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let tag = match self {
            Self::Card(_) => "card",
            Self::BankAccount(_) => "bank_account",
            Self::Other(value) => return value.serialize(serializer),
        };
        let value = match self {
            Self::Card(value) => serde_json::to_value(value),
            Self::BankAccount(value) => serde_json::to_value(value),
            Self::Other(value) => Ok(value.clone()),
        };
        let mut value = value.map_err(serde::ser::Error::custom)?;
        if let serde_json::Value::Object(fields) = &mut value {
            let key = "type";
            if !fields.contains_key(key) {
                fields.insert(key.to_string(), serde_json::Value::from(tag));
            }
        }
        value.serialize(serializer)
    }
}

#[cfg(feature = "subscriptions")]
impl<'de> Deserialize<'de> for PaymentMethod {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let key = "type";
        let tag = value.get(key).and_then(serde_json::Value::as_str);
        Ok(match tag {
            Some("card") => Self::Card(variant(value)?),
            Some("bank_account") => Self::BankAccount(variant(value)?),
            _ => Self::Other(value),
        })
    }
}

#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardType {
    #[default]
    Card,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "subscriptions")]
impl CardType {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Card => "card",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "subscriptions")]
impl From<&str> for CardType {
    fn from(value: &str) -> Self {
        match value {
            "card" => Self::Card,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "subscriptions")]
impl std::fmt::Display for CardType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl Serialize for CardType {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl<'de> Deserialize<'de> for CardType {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CardBrand {
    #[default]
    Visa,
    Mastercard,
    Amex,
    Other2,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "subscriptions")]
impl CardBrand {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Visa => "visa",
            Self::Mastercard => "mastercard",
            Self::Amex => "amex",
            Self::Other2 => "other",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "subscriptions")]
impl From<&str> for CardBrand {
    fn from(value: &str) -> Self {
        match value {
            "visa" => Self::Visa,
            "mastercard" => Self::Mastercard,
            "amex" => Self::Amex,
            "other" => Self::Other2,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "subscriptions")]
impl std::fmt::Display for CardBrand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl Serialize for CardBrand {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl<'de> Deserialize<'de> for CardBrand {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// A payment card.
#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Card {
    #[serde(rename = "type")]
    pub r#type: CardType,
    pub brand: CardBrand,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
}

#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BankAccountType {
    #[default]
    BankAccount,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "subscriptions")]
impl BankAccountType {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::BankAccount => "bank_account",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "subscriptions")]
impl From<&str> for BankAccountType {
    fn from(value: &str) -> Self {
        match value {
            "bank_account" => Self::BankAccount,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "subscriptions")]
impl std::fmt::Display for BankAccountType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl Serialize for BankAccountType {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "subscriptions")]
impl<'de> Deserialize<'de> for BankAccountType {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// A bank account debited directly.
#[cfg(feature = "subscriptions")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BankAccount {
    #[serde(rename = "type")]
    pub r#type: BankAccountType,
    pub bank_name: String,
    /// The bank's country, as an ISO 3166-1 alpha-2 code.
    pub country: String,
    pub last4: String,
}

/// Every field of a vendor that you set.
#[cfg(feature = "vendors")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VendorInput {
    pub name: String,
    pub email: String,
    pub country: String,
    pub payout_currency: Currency,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

/// The fields to change; those left out keep their value.
#[cfg(feature = "vendors")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct VendorUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payout_currency: Option<Currency>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
}

#[cfg(feature = "vendors")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum VendorObject {
    #[default]
    Vendor,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "vendors")]
impl VendorObject {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Vendor => "vendor",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "vendors")]
impl From<&str> for VendorObject {
    fn from(value: &str) -> Self {
        match value {
            "vendor" => Self::Vendor,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "vendors")]
impl std::fmt::Display for VendorObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "vendors")]
impl Serialize for VendorObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "vendors")]
impl<'de> Deserialize<'de> for VendorObject {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// A business or person you pay.
#[cfg(feature = "vendors")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Vendor {
    pub id: String,
    pub object: VendorObject,
    pub name: String,
    pub email: String,
    pub country: String,
    pub payout_currency: Currency,
    /// Goes up by one with every change to the vendor.
    pub revision: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Metadata>,
    pub created: chrono::DateTime<chrono::Utc>,
    pub updated: chrono::DateTime<chrono::Utc>,
}

#[cfg(feature = "reports")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReportRequestKind {
    #[default]
    BalanceSummary,
    TransferTotals,
    RefundTotals,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "reports")]
impl ReportRequestKind {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::BalanceSummary => "balance_summary",
            Self::TransferTotals => "transfer_totals",
            Self::RefundTotals => "refund_totals",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "reports")]
impl From<&str> for ReportRequestKind {
    fn from(value: &str) -> Self {
        match value {
            "balance_summary" => Self::BalanceSummary,
            "transfer_totals" => Self::TransferTotals,
            "refund_totals" => Self::RefundTotals,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "reports")]
impl std::fmt::Display for ReportRequestKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "reports")]
impl Serialize for ReportRequestKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "reports")]
impl<'de> Deserialize<'de> for ReportRequestKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// What to compute.
#[cfg(feature = "reports")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ReportRequest {
    pub kind: ReportRequestKind,
    /// The first day of the range, included.
    pub from: chrono::NaiveDate,
    /// The last day of the range, included.
    pub to: chrono::NaiveDate,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<Currency>,
}

#[cfg(feature = "reports")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReportObject {
    #[default]
    Report,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "reports")]
impl ReportObject {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Report => "report",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "reports")]
impl From<&str> for ReportObject {
    fn from(value: &str) -> Self {
        match value {
            "report" => Self::Report,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "reports")]
impl std::fmt::Display for ReportObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "reports")]
impl Serialize for ReportObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "reports")]
impl<'de> Deserialize<'de> for ReportObject {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "reports")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReportKind {
    #[default]
    BalanceSummary,
    TransferTotals,
    RefundTotals,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "reports")]
impl ReportKind {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::BalanceSummary => "balance_summary",
            Self::TransferTotals => "transfer_totals",
            Self::RefundTotals => "refund_totals",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "reports")]
impl From<&str> for ReportKind {
    fn from(value: &str) -> Self {
        match value {
            "balance_summary" => Self::BalanceSummary,
            "transfer_totals" => Self::TransferTotals,
            "refund_totals" => Self::RefundTotals,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "reports")]
impl std::fmt::Display for ReportKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "reports")]
impl Serialize for ReportKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "reports")]
impl<'de> Deserialize<'de> for ReportKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

#[cfg(feature = "reports")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ReportRowsItem {
    pub currency: Currency,
    /// How many objects were counted.
    pub count: i64,
    /// Their total amount, in minor units.
    pub total: i64,
}

/// Totals computed over a date range, one row per currency.
#[cfg(feature = "reports")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub object: ReportObject,
    pub kind: ReportKind,
    pub from: chrono::NaiveDate,
    pub to: chrono::NaiveDate,
    pub rows: Vec<ReportRowsItem>,
}

/// Why a request failed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Error {
    /// A stable, machine-readable code.
    pub code: String,
    /// What went wrong, for a human reader.
    pub message: String,
}

#[cfg(feature = "transfers")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ListTransfersCreated {
    /// Created at or after this instant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gte: Option<chrono::DateTime<chrono::Utc>>,
    /// Created at or before this instant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lte: Option<chrono::DateTime<chrono::Utc>>,
}

/// Decodes the JSON of one variant of a tagged union.
#[cfg(feature = "subscriptions")]
fn variant<T, E>(value: serde_json::Value) -> Result<T, E>
where
    T: serde::de::DeserializeOwned,
    E: serde::de::Error,
{
    serde_json::from_value(value).map_err(E::custom)
}
