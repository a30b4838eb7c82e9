//! The `reports` operations.
//!
//! Figures computed from your account's activity.

use std::time::{Duration, Instant};

use crate::runtime::{
    CallOptions, Error, Method, Operation, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// Figures computed from your account's activity.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Reports {
    runtime: Runtime,
}

impl Reports {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// Compute a report
    ///
    /// Computes totals over your transfers and refunds for a date range and
    /// returns them. Nothing is stored: the same request always gives the
    /// same figures for a closed range, so it is safe to retry. It is a
    /// `POST` only because the query is a JSON body.
    ///
    /// `POST /reports`
    ///
    /// Retried automatically: the API declares it idempotent (`x-idempotent: true`). Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn generate_report<'a>(
        &self,
        body: &'a models::ReportRequest,
    ) -> GenerateReportRequest<'a> {
        GenerateReportRequest {
            runtime: self.runtime.clone(),
            body,
            options: CallOptions::new(),
        }
    }
}

static GENERATE_REPORT: Operation = Operation {
    name: "generateReport",
    method: Method::POST,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Reports::generate_report`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct GenerateReportRequest<'a> {
    runtime: Runtime,
    body: &'a models::ReportRequest,
    options: CallOptions,
}

impl GenerateReportRequest<'_> {
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
    pub async fn send(self) -> Result<models::Report, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Report>, Error> {
        let mut request = Request::new(Method::POST, "/reports");
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&GENERATE_REPORT, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`GenerateReportRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum GenerateReportError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 422: The request is well formed but cannot be carried out, for example the balance is too low.
    UnprocessableEntity(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl GenerateReportError {
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
