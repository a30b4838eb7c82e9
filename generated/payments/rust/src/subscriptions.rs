//! The `subscriptions` operations.
//!
//! Customers billed on a recurring schedule.

use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, FailurePolicy, KeyContract, Method, Operation, Request, RetryClass,
    RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// Customers billed on a recurring schedule.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Subscriptions {
    runtime: Runtime,
}

impl Subscriptions {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// Start a subscription
    ///
    /// Starts billing a customer for a plan. This is a multi-step request:
    /// it creates the customer, attaches the payment method to the customer
    /// and starts billing, charging the first period at once. It takes
    /// longer than other requests, so its latency hint and deadline are
    /// larger.
    ///
    /// Send an `Idempotency-Key`: a retry with the same key resumes from
    /// the step that was reached and never charges the first period twice.
    ///
    /// `POST /subscriptions`
    ///
    /// Retried automatically with an idempotency key: the SDK makes one per call and sends it on every attempt; pass your own with [`CreateSubscriptionRequest::idempotency_key`]. Each attempt may take min(3 × 1500 ms, time left) = at most 4500 ms.
    pub fn create_subscription<'a>(
        &self,
        body: &'a models::CreateSubscription,
    ) -> CreateSubscriptionRequest<'a> {
        CreateSubscriptionRequest {
            runtime: self.runtime.clone(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Cancel a subscription
    ///
    /// Stops billing at once. Cancelling a subscription that is already
    /// cancelled returns it unchanged, so this request is safe to repeat.
    ///
    /// `DELETE /subscriptions/{subscription_id}`
    ///
    /// Arguments:
    ///
    /// - `subscription_id`: The id of the subscription.
    ///
    /// Retried automatically: `DELETE` is idempotent. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn cancel_subscription(
        &self,
        subscription_id: impl Into<String>,
    ) -> CancelSubscriptionRequest {
        CancelSubscriptionRequest {
            runtime: self.runtime.clone(),
            subscription_id: subscription_id.into(),
            options: CallOptions::new(),
        }
    }
}

static CREATE_SUBSCRIPTION: Operation = Operation {
    name: "createSubscription",
    method: Method::POST,
    class: RetryClass::Keyed,
    key: Some(KeyContract {
        header: "Idempotency-Key",
        max_length: 255,
        failures: FailurePolicy::Replay,
        in_flight_code: "concurrent_idempotent_requests",
        mismatch_code: "invalid_idempotent_request",
    }),
    p99: Some(Duration::from_millis(1500)),
    retry: RetryOverrides {
        max_attempts: Some(4),
        base: None,
        cap: None,
        deadline: Some(Duration::from_secs(90)),
    },
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Subscriptions::create_subscription`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CreateSubscriptionRequest<'a> {
    runtime: Runtime,
    body: &'a models::CreateSubscription,
    options: CallOptions,
}

impl CreateSubscriptionRequest<'_> {
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
    pub async fn send(self) -> Result<models::Subscription, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Subscription>, Error> {
        let mut request = Request::new(Method::POST, "/subscriptions");
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&CREATE_SUBSCRIPTION, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CreateSubscriptionRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CreateSubscriptionError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 402: The payment method was declined for the first period.
    PaymentRequired(models::Error),
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

impl CreateSubscriptionError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            402 => Some(Self::PaymentRequired(crate::decode(api)?)),
            409 => Some(Self::Conflict(crate::decode(api)?)),
            422 => Some(Self::UnprocessableEntity(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}

static CANCEL_SUBSCRIPTION: Operation = Operation {
    name: "cancelSubscription",
    method: Method::DELETE,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Subscriptions::cancel_subscription`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CancelSubscriptionRequest {
    runtime: Runtime,
    subscription_id: String,
    options: CallOptions,
}

impl CancelSubscriptionRequest {
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
    pub async fn send(self) -> Result<models::Subscription, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Subscription>, Error> {
        let path = format!(
            "/subscriptions/{}",
            runtime::encode_path_segment(&self.subscription_id)?,
        );
        let request = Request::new(Method::DELETE, path);
        let response = self
            .runtime
            .execute(&CANCEL_SUBSCRIPTION, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CancelSubscriptionRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CancelSubscriptionError {
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 404: No object has this id.
    NotFound(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl CancelSubscriptionError {
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
