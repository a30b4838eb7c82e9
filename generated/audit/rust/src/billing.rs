//! The `billing` operations.
use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, Method, Operation, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Billing {
    runtime: Runtime,
}

impl Billing {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// Use one credit
    ///
    /// Uses up one of the account's prepaid credits: decrements the credit
    /// balance by one and returns the new balance. Fails with 409 when the
    /// balance is already zero.
    ///
    /// `DELETE /accounts/{account_id}/credits`
    ///
    /// Arguments:
    ///
    /// - `account_id`
    ///
    /// Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429).
    pub fn use_credit(&self, account_id: impl Into<String>) -> UseCreditRequest {
        UseCreditRequest {
            runtime: self.runtime.clone(),
            account_id: account_id.into(),
            options: CallOptions::new(),
        }
    }

    /// Charge the account's card
    ///
    /// Charges the card on file for the account with the amount given.
    ///
    /// `POST /accounts/{account_id}/charges`
    ///
    /// Arguments:
    ///
    /// - `account_id`
    ///
    /// Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429).
    pub fn create_charge<'a>(
        &self,
        account_id: impl Into<String>,
        body: &'a models::CreateChargeRequest,
    ) -> CreateChargeCall<'a> {
        CreateChargeCall {
            runtime: self.runtime.clone(),
            account_id: account_id.into(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Adjust spending limits
    ///
    /// Adjusts the account's spending limits. `daily_delta` and
    /// `monthly_delta` are added to the current limits, so sending the same
    /// request twice applies the change twice. This request is not safe to
    /// retry: after a timeout, read the account and check its limits before
    /// sending it again.
    ///
    /// `PATCH /accounts/{account_id}/limits`
    ///
    /// Arguments:
    ///
    /// - `account_id`
    ///
    /// Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429).
    pub fn update_account_limits<'a>(
        &self,
        account_id: impl Into<String>,
        body: &'a models::UpdateAccountLimitsRequest,
    ) -> UpdateAccountLimitsCall<'a> {
        UpdateAccountLimitsCall {
            runtime: self.runtime.clone(),
            account_id: account_id.into(),
            body,
            options: CallOptions::new(),
        }
    }
}

static USE_CREDIT: Operation = Operation {
    name: "useCredit",
    method: Method::DELETE,
    class: RetryClass::Unsafe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Billing::use_credit`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct UseCreditRequest {
    runtime: Runtime,
    account_id: String,
    options: CallOptions,
}

impl UseCreditRequest {
    /// The deadline of this whole call, every attempt and every sleep
    /// between attempts included, counted from when it is sent.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.options = self.options.timeout(timeout);
        self
    }

    /// An absolute deadline for this whole call (the earlier one wins when
    /// [`timeout`](Self::timeout) is set too), e.g. the one your own caller
    /// gave you through `runtime::deadline_from_headers`.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.options = self.options.deadline(deadline);
        self
    }

    /// The most attempts this call makes, the first one included.
    pub fn max_attempts(mut self, attempts: u32) -> Self {
        self.options = self.options.max_attempts(attempts);
        self
    }

    /// Turns retries on or off for this call (off: exactly one attempt).
    pub fn retries(mut self, on: bool) -> Self {
        self.options = self.options.retries(on);
        self
    }

    /// A header for this call, over the client's of the same name; one HTTP
    /// does not allow fails the call before anything is sent.
    pub fn extra_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.options = self.options.extra_header(name, value);
        self
    }

    /// A query parameter sent after the operation's own: one the API added
    /// after this SDK was made (an array repeats the name).
    pub fn extra_query(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.options = self.options.extra_query(name, value);
        self
    }

    /// A top-level property of the JSON body, over the SDK's own of the same
    /// name; a call without a JSON object body fails before sending.
    pub fn extra_body(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.options = self.options.extra_body(name, value);
        self
    }

    /// Sends the request, retrying as the operation allows, and returns the
    /// decoded body.
    pub async fn send(self) -> Result<models::UseCreditResponse, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::UseCreditResponse>, Error> {
        let path = format!(
            "/accounts/{}/credits",
            runtime::encode_path_segment(&self.account_id)?,
        );
        let request = Request::new(Method::DELETE, path);
        let response = self
            .runtime
            .execute(&USE_CREDIT, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`UseCreditRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum UseCreditError {
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 404: Not found
    NotFound(models::Error),
    /// 409: The account has no credits left.
    Conflict(models::Error),
}

impl UseCreditError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            409 => Some(Self::Conflict(crate::decode(api)?)),
            _ => None,
        }
    }
}

static CREATE_CHARGE: Operation = Operation {
    name: "createCharge",
    method: Method::POST,
    class: RetryClass::Unsafe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Billing::create_charge`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CreateChargeCall<'a> {
    runtime: Runtime,
    account_id: String,
    body: &'a models::CreateChargeRequest,
    options: CallOptions,
}

impl CreateChargeCall<'_> {
    /// The deadline of this whole call, every attempt and every sleep
    /// between attempts included, counted from when it is sent.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.options = self.options.timeout(timeout);
        self
    }

    /// An absolute deadline for this whole call (the earlier one wins when
    /// [`timeout`](Self::timeout) is set too), e.g. the one your own caller
    /// gave you through `runtime::deadline_from_headers`.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.options = self.options.deadline(deadline);
        self
    }

    /// The most attempts this call makes, the first one included.
    pub fn max_attempts(mut self, attempts: u32) -> Self {
        self.options = self.options.max_attempts(attempts);
        self
    }

    /// Turns retries on or off for this call (off: exactly one attempt).
    pub fn retries(mut self, on: bool) -> Self {
        self.options = self.options.retries(on);
        self
    }

    /// A header for this call, over the client's of the same name; one HTTP
    /// does not allow fails the call before anything is sent.
    pub fn extra_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.options = self.options.extra_header(name, value);
        self
    }

    /// A query parameter sent after the operation's own: one the API added
    /// after this SDK was made (an array repeats the name).
    pub fn extra_query(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.options = self.options.extra_query(name, value);
        self
    }

    /// A top-level property of the JSON body, over the SDK's own of the same
    /// name; a call without a JSON object body fails before sending.
    pub fn extra_body(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.options = self.options.extra_body(name, value);
        self
    }

    /// Sends the request, retrying as the operation allows, and returns the
    /// decoded body.
    pub async fn send(self) -> Result<models::Charge, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Charge>, Error> {
        let path = format!(
            "/accounts/{}/charges",
            runtime::encode_path_segment(&self.account_id)?,
        );
        let mut request = Request::new(Method::POST, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&CREATE_CHARGE, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CreateChargeCall`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CreateChargeError {
    /// 400: Bad request
    BadRequest(models::Error),
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 402: The card was declined.
    PaymentRequired(models::Error),
    /// 404: Not found
    NotFound(models::Error),
}

impl CreateChargeError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            402 => Some(Self::PaymentRequired(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            _ => None,
        }
    }
}

static UPDATE_ACCOUNT_LIMITS: Operation = Operation {
    name: "updateAccountLimits",
    method: Method::PATCH,
    class: RetryClass::Unsafe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Billing::update_account_limits`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct UpdateAccountLimitsCall<'a> {
    runtime: Runtime,
    account_id: String,
    body: &'a models::UpdateAccountLimitsRequest,
    options: CallOptions,
}

impl UpdateAccountLimitsCall<'_> {
    /// The deadline of this whole call, every attempt and every sleep
    /// between attempts included, counted from when it is sent.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.options = self.options.timeout(timeout);
        self
    }

    /// An absolute deadline for this whole call (the earlier one wins when
    /// [`timeout`](Self::timeout) is set too), e.g. the one your own caller
    /// gave you through `runtime::deadline_from_headers`.
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.options = self.options.deadline(deadline);
        self
    }

    /// The most attempts this call makes, the first one included.
    pub fn max_attempts(mut self, attempts: u32) -> Self {
        self.options = self.options.max_attempts(attempts);
        self
    }

    /// Turns retries on or off for this call (off: exactly one attempt).
    pub fn retries(mut self, on: bool) -> Self {
        self.options = self.options.retries(on);
        self
    }

    /// A header for this call, over the client's of the same name; one HTTP
    /// does not allow fails the call before anything is sent.
    pub fn extra_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.options = self.options.extra_header(name, value);
        self
    }

    /// A query parameter sent after the operation's own: one the API added
    /// after this SDK was made (an array repeats the name).
    pub fn extra_query(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.options = self.options.extra_query(name, value);
        self
    }

    /// A top-level property of the JSON body, over the SDK's own of the same
    /// name; a call without a JSON object body fails before sending.
    pub fn extra_body(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.options = self.options.extra_body(name, value);
        self
    }

    /// Sends the request, retrying as the operation allows, and returns the
    /// decoded body.
    pub async fn send(self) -> Result<models::Limits, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Limits>, Error> {
        let path = format!(
            "/accounts/{}/limits",
            runtime::encode_path_segment(&self.account_id)?,
        );
        let mut request = Request::new(Method::PATCH, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&UPDATE_ACCOUNT_LIMITS, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`UpdateAccountLimitsCall`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum UpdateAccountLimitsError {
    /// 400: Bad request
    BadRequest(models::Error),
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 404: Not found
    NotFound(models::Error),
}

impl UpdateAccountLimitsError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            _ => None,
        }
    }
}
