//! The `vendors` operations.
//!
//! The businesses and people you pay.

use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, Method, Operation, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// The businesses and people you pay.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Vendors {
    runtime: Runtime,
}

impl Vendors {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// Create or replace a vendor
    ///
    /// Creates the vendor with this id, or replaces every field of the
    /// existing one. Sending the same body again leaves the vendor as it is.
    ///
    /// `PUT /vendors/{vendor_id}`
    ///
    /// Arguments:
    ///
    /// - `vendor_id`: Your own id for the vendor (letters, digits, `_` and `-`).
    ///
    /// Retried automatically: `PUT` is idempotent. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn upsert_vendor<'a>(
        &self,
        vendor_id: impl Into<String>,
        body: &'a models::VendorInput,
    ) -> UpsertVendorRequest<'a> {
        UpsertVendorRequest {
            runtime: self.runtime.clone(),
            vendor_id: vendor_id.into(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Update some fields of a vendor
    ///
    /// Changes the fields given and leaves the others as they are. Each
    /// call records a new revision of the vendor and sends a
    /// `vendor.updated` event to your webhooks.
    ///
    /// This request is not safe to retry: it accepts no idempotency key,
    /// and a repeated call records another revision and sends another
    /// event. After a timeout, read the vendor back before sending it again.
    /// To change a vendor safely, replace it with `PUT` instead.
    ///
    /// `PATCH /vendors/{vendor_id}`
    ///
    /// Arguments:
    ///
    /// - `vendor_id`: Your own id for the vendor (letters, digits, `_` and `-`).
    ///
    /// Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429). Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn update_vendor<'a>(
        &self,
        vendor_id: impl Into<String>,
        body: &'a models::VendorUpdate,
    ) -> UpdateVendorRequest<'a> {
        UpdateVendorRequest {
            runtime: self.runtime.clone(),
            vendor_id: vendor_id.into(),
            body,
            options: CallOptions::new(),
        }
    }
}

static UPSERT_VENDOR: Operation = Operation {
    name: "upsertVendor",
    method: Method::PUT,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Vendors::upsert_vendor`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct UpsertVendorRequest<'a> {
    runtime: Runtime,
    vendor_id: String,
    body: &'a models::VendorInput,
    options: CallOptions,
}

impl UpsertVendorRequest<'_> {
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
    pub async fn send(self) -> Result<models::Vendor, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Vendor>, Error> {
        let path = format!(
            "/vendors/{}",
            runtime::encode_path_segment(&self.vendor_id)?,
        );
        let mut request = Request::new(Method::PUT, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&UPSERT_VENDOR, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`UpsertVendorRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum UpsertVendorError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 422: The request is well formed but cannot be carried out, for example the balance is too low.
    UnprocessableEntity(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl UpsertVendorError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            422 => Some(Self::UnprocessableEntity(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}

static UPDATE_VENDOR: Operation = Operation {
    name: "updateVendor",
    method: Method::PATCH,
    class: RetryClass::Unsafe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Vendors::update_vendor`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct UpdateVendorRequest<'a> {
    runtime: Runtime,
    vendor_id: String,
    body: &'a models::VendorUpdate,
    options: CallOptions,
}

impl UpdateVendorRequest<'_> {
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
    pub async fn send(self) -> Result<models::Vendor, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Vendor>, Error> {
        let path = format!(
            "/vendors/{}",
            runtime::encode_path_segment(&self.vendor_id)?,
        );
        let mut request = Request::new(Method::PATCH, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&UPDATE_VENDOR, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`UpdateVendorRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum UpdateVendorError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 404: No object has this id.
    NotFound(models::Error),
    /// 422: The request is well formed but cannot be carried out, for example the balance is too low.
    UnprocessableEntity(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl UpdateVendorError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            422 => Some(Self::UnprocessableEntity(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}
