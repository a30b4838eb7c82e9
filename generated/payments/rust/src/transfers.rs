//! The `transfers` operations.
//!
//! Payments from your balance to a vendor.

use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, FailurePolicy, KeyContract, Method, Operation, PageStyle, Pager,
    Pagination, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// Payments from your balance to a vendor.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Transfers {
    runtime: Runtime,
}

impl Transfers {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// List transfers
    ///
    /// Returns transfers, newest first, one page at a time. To get the next
    /// page, pass the id of the last transfer of this page as
    /// `starting_after`; `has_more` is false on the last page.
    ///
    /// `GET /transfers`
    ///
    /// Retried automatically: `GET` is safe to repeat. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn list_transfers(&self) -> ListTransfersRequest {
        ListTransfersRequest {
            runtime: self.runtime.clone(),
            limit: None,
            starting_after: None,
            created: None,
            options: CallOptions::new(),
        }
    }

    /// Create a transfer
    ///
    /// Pays an amount from your balance to a vendor. The transfer starts as
    /// `pending` and becomes `paid` or `failed` once the vendor's bank
    /// answers.
    ///
    /// Send an `Idempotency-Key` so that a retried request cannot pay the
    /// vendor twice.
    ///
    /// `POST /transfers`
    ///
    /// Retried automatically with an idempotency key: the SDK makes one per call and sends it on every attempt; pass your own with [`CreateTransferRequest::idempotency_key`]. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn create_transfer<'a>(
        &self,
        body: &'a models::CreateTransfer,
    ) -> CreateTransferRequest<'a> {
        CreateTransferRequest {
            runtime: self.runtime.clone(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Get a transfer
    ///
    /// Returns one transfer with its current status.
    ///
    /// `GET /transfers/{transfer_id}`
    ///
    /// Arguments:
    ///
    /// - `transfer_id`: The id of the transfer.
    ///
    /// Retried automatically: `GET` is safe to repeat. Each attempt may take min(3 × 400 ms, time left) = at most 1200 ms.
    pub fn get_transfer(&self, transfer_id: impl Into<String>) -> GetTransferRequest {
        GetTransferRequest {
            runtime: self.runtime.clone(),
            transfer_id: transfer_id.into(),
            options: CallOptions::new(),
        }
    }
}

static LIST_TRANSFERS: Operation = Operation {
    name: "listTransfers",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

static LIST_TRANSFERS_PAGES: Pagination = Pagination {
    style: PageStyle::ItemId,
    param: Some("starting_after"),
    size_param: Some("limit"),
    items: &["data"],
    next: &[],
    has_more: &["has_more"],
    item_field: Some("id"),
};

/// A [`Transfers::list_transfers`] call: set its options, then [`send`](Self::send) it for the first page, or walk every page with [`into_pager`](Self::into_pager).
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct ListTransfersRequest {
    runtime: Runtime,
    limit: Option<i64>,
    starting_after: Option<String>,
    created: Option<models::ListTransfersCreated>,
    options: CallOptions,
}

impl ListTransfersRequest {
    /// The largest number of transfers on one page.
    pub fn limit(mut self, limit: i64) -> Self {
        self.limit = Some(limit);
        self
    }

    /// A transfer id; the page starts with the transfer after it.
    pub fn starting_after(mut self, starting_after: impl Into<String>) -> Self {
        self.starting_after = Some(starting_after.into());
        self
    }

    /// Only transfers created within this range, bounds included: `created[gte]=2024-05-01T00:00:00Z&created[lte]=2024-05-31T23:59:59Z`.
    pub fn created(mut self, created: models::ListTransfersCreated) -> Self {
        self.created = Some(created);
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
    pub async fn send(self) -> Result<models::TransferList, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::TransferList>, Error> {
        let request = self.request()?;
        let response = self
            .runtime
            .execute(&LIST_TRANSFERS, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }

    /// Every item of every page of this list (a page holds them at `data` of its body), fetched a page at a time as you ask for them: `next().await` gives the items, `next_page().await` the pages, `collect_all().await` every item at once. The next page is the request again with `starting_after` set to the `id` of the page's last item; a page whose `has_more` is `false` is the last.
    ///
    /// Each page is its own call, retried and timed as [`send`](Self::send) is; [`send`](Self::send) returns the first page alone. An error ends the walk after the items before it.
    pub fn into_pager(self) -> Pager<models::Transfer> {
        let request = self.request();
        Pager::from_request(
            self.runtime,
            &LIST_TRANSFERS,
            request,
            self.options,
            LIST_TRANSFERS_PAGES,
        )
    }

    /// The first page's request, as [`send`](Self::send) and
    /// [`into_pager`](Self::into_pager) both send it.
    fn request(&self) -> Result<Request, Error> {
        let mut request = Request::new(Method::GET, "/transfers");
        if let Some(given) = &self.limit {
            let value = crate::to_json(given)?;
            let pieces = runtime::query_param("limit", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        if let Some(given) = &self.starting_after {
            let value = crate::to_json(given)?;
            let pieces =
                runtime::query_param("starting_after", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        if let Some(given) = &self.created {
            let value = crate::to_json(given)?;
            let pieces =
                runtime::query_param("created", &value, runtime::Style::DeepObject, true, false)?;
            request = request.query_encoded(pieces);
        }
        Ok(request)
    }
}

/// The error responses of [`ListTransfersRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum ListTransfersError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl ListTransfersError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}

static CREATE_TRANSFER: Operation = Operation {
    name: "createTransfer",
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

/// A [`Transfers::create_transfer`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CreateTransferRequest<'a> {
    runtime: Runtime,
    body: &'a models::CreateTransfer,
    options: CallOptions,
}

impl CreateTransferRequest<'_> {
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
    pub async fn send(self) -> Result<models::Transfer, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Transfer>, Error> {
        let mut request = Request::new(Method::POST, "/transfers");
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&CREATE_TRANSFER, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CreateTransferRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CreateTransferError {
    /// 400: The request is malformed, for example a field has the wrong type.
    BadRequest(models::Error),
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
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

impl CreateTransferError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            409 => Some(Self::Conflict(crate::decode(api)?)),
            422 => Some(Self::UnprocessableEntity(crate::decode(api)?)),
            429 => Some(Self::TooManyRequests(crate::decode(api)?)),
            _ => None,
        }
    }
}

static GET_TRANSFER: Operation = Operation {
    name: "getTransfer",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Transfers::get_transfer`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct GetTransferRequest {
    runtime: Runtime,
    transfer_id: String,
    options: CallOptions,
}

impl GetTransferRequest {
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
    pub async fn send(self) -> Result<models::Transfer, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Transfer>, Error> {
        let path = format!(
            "/transfers/{}",
            runtime::encode_path_segment(&self.transfer_id)?,
        );
        let request = Request::new(Method::GET, path);
        let response = self
            .runtime
            .execute(&GET_TRANSFER, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`GetTransferRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum GetTransferError {
    /// 401: The API key is missing, wrong or revoked.
    Unauthorized(models::Error),
    /// 404: No object has this id.
    NotFound(models::Error),
    /// 429: Too many requests. Retry after the time given in `Retry-After`.
    TooManyRequests(models::Error),
}

impl GetTransferError {
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
