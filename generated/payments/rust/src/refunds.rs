//! The `refunds` operations.
//!
//! Money given back from a transfer.

use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, FailurePolicy, KeyContract, Method, Operation, Request, RetryClass,
    RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// Money given back from a transfer.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Refunds {
    runtime: Runtime,
}

impl Refunds {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// Refund a transfer
    ///
    /// Gives back all or part of a paid transfer. Several partial refunds
    /// may be made until the transfer's whole amount is refunded.
    ///
    /// This endpoint accepts an `Idempotency-Key` header like every other
    /// create endpoint; send one so that a retried request cannot refund
    /// twice.
    ///
    /// `POST /transfers/{transfer_id}/refunds`
    ///
    /// Arguments:
    ///
    /// - `transfer_id`: The id of the transfer.
    ///
    /// Retried automatically with an idempotency key: the SDK makes one per call and sends it on every attempt; pass your own with [`CreateRefundRequest::idempotency_key`]. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn create_refund<'a>(
        &self,
        transfer_id: impl Into<String>,
        body: &'a models::CreateRefund,
    ) -> CreateRefundRequest<'a> {
        CreateRefundRequest {
            runtime: self.runtime.clone(),
            transfer_id: transfer_id.into(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Get a refund
    ///
    /// Returns one refund with its current status.
    ///
    /// `GET /refunds/{refund_id}`
    ///
    /// Arguments:
    ///
    /// - `refund_id`: The id of the refund.
    ///
    /// Retried automatically: `GET` is safe to repeat. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn get_refund(&self, refund_id: impl Into<String>) -> GetRefundRequest {
        GetRefundRequest {
            runtime: self.runtime.clone(),
            refund_id: refund_id.into(),
            options: CallOptions::new(),
        }
    }
}

static CREATE_REFUND: Operation = Operation {
    name: "createRefund",
    method: Method::POST,
    class: RetryClass::Keyed,
    key: Some(KeyContract {
        header: "Idempotency-Key",
        max_length: 255,
        failures: FailurePolicy::Replay,
        in_flight_code: "concurrent_idempotent_requests",
        mismatch_code: "invalid_idempotent_request",
    }),
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Refunds::create_refund`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CreateRefundRequest<'a> {
    runtime: Runtime,
    transfer_id: String,
    body: &'a models::CreateRefund,
    options: CallOptions,
}

impl CreateRefundRequest<'_> {
    /// Sends `key` as the `Idempotency-Key` header on every attempt of this call, instead of a key the SDK makes once for the call.
    ///
    /// Derive it from something you already hold, so a retry of the same logical request, even from another process, reuses it: your own id for the request (an order id, an event id) first, else an id scoped to the request you are handling; else make a random UUID once and keep it for every retry. A fresh value per attempt defeats the key.
    ///
    /// 1 to 255 visible ASCII characters; anything else fails before a request is sent. The server remembers a key for 24h: a duplicate within that window gets the first response back.
    pub fn idempotency_key(mut self, key: impl Into<String>) -> Self {
        self.options = self.options.idempotency_key(key);
        self
    }

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
    pub async fn send(self) -> Result<models::Refund, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Refund>, Error> {
        let path = format!(
            "/transfers/{}/refunds",
            runtime::encode_path_segment(&self.transfer_id)?,
        );
        let mut request = Request::new(Method::POST, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&CREATE_REFUND, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CreateRefundRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CreateRefundError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 404: No object has this id.
    NotFound(models::Error),
    /// 409: The idempotency key was used by another request. The `code` says which case:
    ///
    /// - `concurrent_idempotent_requests`: a request with this key is still
    ///   being processed. Wait and retry with the same key.
    /// - `invalid_idempotent_request`: the key was used with a different body
    ///   or endpoint. Do not retry; this is a bug in the caller.
    Conflict(models::Error),
    /// 422: The request is well formed but cannot be carried out, for example the balance is too low.
    UnprocessableEntity(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl CreateRefundError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            409 => Some(Self::Conflict(crate::decode(api)?)),
            422 => Some(Self::UnprocessableEntity(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}

static GET_REFUND: Operation = Operation {
    name: "getRefund",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Refunds::get_refund`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct GetRefundRequest {
    runtime: Runtime,
    refund_id: String,
    options: CallOptions,
}

impl GetRefundRequest {
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
    pub async fn send(self) -> Result<models::Refund, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Refund>, Error> {
        let path = format!(
            "/refunds/{}",
            runtime::encode_path_segment(&self.refund_id)?,
        );
        let request = Request::new(Method::GET, path);
        let response = self
            .runtime
            .execute(&GET_REFUND, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`GetRefundRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum GetRefundError {
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 404: No object has this id.
    NotFound(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl GetRefundError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}
