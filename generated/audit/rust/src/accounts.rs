//! The `accounts` operations.
use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, FailurePolicy, KeyContract, Method, Operation, PageStyle, Pager,
    Pagination, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Accounts {
    runtime: Runtime,
}

impl Accounts {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// List accounts
    ///
    /// `GET /accounts`
    ///
    /// Retried automatically: `GET` is safe to repeat.
    pub fn list_accounts(&self) -> ListAccountsRequest {
        ListAccountsRequest {
            runtime: self.runtime.clone(),
            page: None,
            per_page: None,
            email: None,
            options: CallOptions::new(),
        }
    }

    /// Create an account
    ///
    /// Opens a new account. Pass a unique `Idempotency-Key` to make the
    /// request safe to retry: a second request with the same key returns
    /// the account created by the first instead of opening another.
    ///
    /// `POST /accounts`
    ///
    /// Retried automatically with an idempotency key: the SDK makes one per call and sends it on every attempt; pass your own with [`CreateAccountRequest::idempotency_key`].
    pub fn create_account<'a>(&self, body: &'a models::AccountInput) -> CreateAccountRequest<'a> {
        CreateAccountRequest {
            runtime: self.runtime.clone(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Get an account
    ///
    /// `GET /accounts/{account_id}`
    ///
    /// Arguments:
    ///
    /// - `account_id`
    ///
    /// Retried automatically: `GET` is safe to repeat.
    pub fn get_account(&self, account_id: impl Into<String>) -> GetAccountRequest {
        GetAccountRequest {
            runtime: self.runtime.clone(),
            account_id: account_id.into(),
            options: CallOptions::new(),
        }
    }

    /// Replace an account
    ///
    /// Replaces the account's details with the ones given. Fields left out
    /// are reset to their defaults.
    ///
    /// `PUT /accounts/{account_id}`
    ///
    /// Arguments:
    ///
    /// - `account_id`
    ///
    /// Retried automatically: `PUT` is idempotent.
    pub fn replace_account<'a>(
        &self,
        account_id: impl Into<String>,
        body: &'a models::AccountInput,
    ) -> ReplaceAccountRequest<'a> {
        ReplaceAccountRequest {
            runtime: self.runtime.clone(),
            account_id: account_id.into(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Append a note to the account's activity log
    ///
    /// Appends a note to the account's activity log. Each time this is
    /// called a new entry is added at the end of the log, with the text
    /// given and the time of the call.
    ///
    /// `PUT /accounts/{account_id}/notes`
    ///
    /// Arguments:
    ///
    /// - `account_id`
    ///
    /// Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429).
    pub fn add_account_note<'a>(
        &self,
        account_id: impl Into<String>,
        body: &'a models::AddAccountNoteRequest,
    ) -> AddAccountNoteCall<'a> {
        AddAccountNoteCall {
            runtime: self.runtime.clone(),
            account_id: account_id.into(),
            body,
            options: CallOptions::new(),
        }
    }
}

static LIST_ACCOUNTS: Operation = Operation {
    name: "listAccounts",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

static LIST_ACCOUNTS_PAGES: Pagination = Pagination {
    style: PageStyle::Page,
    param: Some("page"),
    size_param: Some("per_page"),
    items: &["accounts"],
    next: &[],
    has_more: &[],
    item_field: None,
};

/// A [`Accounts::list_accounts`] call: set its options, then [`send`](Self::send) it for the first page, or walk every page with [`into_pager`](Self::into_pager).
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct ListAccountsRequest {
    runtime: Runtime,
    page: Option<i32>,
    per_page: Option<i64>,
    email: Option<String>,
    options: CallOptions,
}

impl ListAccountsRequest {
    /// The page number, starting at 1.
    pub fn page(mut self, page: i32) -> Self {
        self.page = Some(page);
        self
    }

    pub fn per_page(mut self, per_page: i64) -> Self {
        self.per_page = Some(per_page);
        self
    }

    /// Only the account with this email address.
    pub fn email(mut self, email: impl Into<String>) -> Self {
        self.email = Some(email.into());
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
    pub async fn send(self) -> Result<models::ListAccountsResponse, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(
        self,
    ) -> Result<ApiResponse<models::ListAccountsResponse>, Error> {
        let request = self.request()?;
        let response = self
            .runtime
            .execute(&LIST_ACCOUNTS, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }

    /// Every item of every page of this list (a page holds them at `accounts` of its body), fetched a page at a time as you ask for them: `next().await` gives the items, `next_page().await` the pages, `collect_all().await` every item at once. The next page is the request again with the page number `page` plus one.
    ///
    /// Each page is its own call, retried and timed as [`send`](Self::send) is; [`send`](Self::send) returns the first page alone. An error ends the walk after the items before it.
    pub fn into_pager(self) -> Pager<models::Account> {
        let request = self.request();
        Pager::from_request(
            self.runtime,
            &LIST_ACCOUNTS,
            request,
            self.options,
            LIST_ACCOUNTS_PAGES,
        )
    }

    /// The first page's request, as [`send`](Self::send) and
    /// [`into_pager`](Self::into_pager) both send it.
    fn request(&self) -> Result<Request, Error> {
        let mut request = Request::new(Method::GET, "/accounts");
        if let Some(given) = &self.page {
            let value = crate::to_json(given)?;
            let pieces = runtime::query_param("page", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        if let Some(given) = &self.per_page {
            let value = crate::to_json(given)?;
            let pieces =
                runtime::query_param("per_page", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        if let Some(given) = &self.email {
            let value = crate::to_json(given)?;
            let pieces = runtime::query_param("email", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        Ok(request)
    }
}

/// The error responses of [`ListAccountsRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum ListAccountsError {
    /// 400: Bad request
    BadRequest(models::Error),
    /// 401: Unauthorized
    Unauthorized(models::Error),
}

impl ListAccountsError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            _ => None,
        }
    }
}

static CREATE_ACCOUNT: Operation = Operation {
    name: "createAccount",
    method: Method::POST,
    class: RetryClass::Keyed,
    key: Some(KeyContract {
        header: "Idempotency-Key",
        max_length: 255,
        failures: FailurePolicy::Reattempt,
        in_flight_code: "concurrent_idempotent_requests",
        mismatch_code: "invalid_idempotent_request",
    }),
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Accounts::create_account`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CreateAccountRequest<'a> {
    runtime: Runtime,
    body: &'a models::AccountInput,
    options: CallOptions,
}

impl CreateAccountRequest<'_> {
    /// Sends `key` as the `Idempotency-Key` header on every attempt of this call, instead of a key the SDK makes once for the call.
    ///
    /// Derive it from something you already hold, so a retry of the same logical request, even from another process, reuses it: your own id for the request (an order id, an event id) first, else an id scoped to the request you are handling; else make a random UUID once and keep it for every retry. A fresh value per attempt defeats the key.
    ///
    /// 1 to 255 visible ASCII characters; anything else fails before a request is sent.
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
    pub async fn send(self) -> Result<models::Account, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Account>, Error> {
        let mut request = Request::new(Method::POST, "/accounts");
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&CREATE_ACCOUNT, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CreateAccountRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CreateAccountError {
    /// 400: Bad request
    BadRequest(models::Error),
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 409: The idempotency key was used by another request.
    Conflict(models::Error),
}

impl CreateAccountError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            400 => Some(Self::BadRequest(crate::decode(api)?)),
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            409 => Some(Self::Conflict(crate::decode(api)?)),
            _ => None,
        }
    }
}

static GET_ACCOUNT: Operation = Operation {
    name: "getAccount",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Accounts::get_account`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct GetAccountRequest {
    runtime: Runtime,
    account_id: String,
    options: CallOptions,
}

impl GetAccountRequest {
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
    pub async fn send(self) -> Result<models::Account, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Account>, Error> {
        let path = format!(
            "/accounts/{}",
            runtime::encode_path_segment(&self.account_id)?,
        );
        let request = Request::new(Method::GET, path);
        let response = self
            .runtime
            .execute(&GET_ACCOUNT, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`GetAccountRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum GetAccountError {
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 404: Not found
    NotFound(models::Error),
}

impl GetAccountError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        match api.status.as_u16() {
            401 => Some(Self::Unauthorized(crate::decode(api)?)),
            404 => Some(Self::NotFound(crate::decode(api)?)),
            _ => None,
        }
    }
}

static REPLACE_ACCOUNT: Operation = Operation {
    name: "replaceAccount",
    method: Method::PUT,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Accounts::replace_account`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct ReplaceAccountRequest<'a> {
    runtime: Runtime,
    account_id: String,
    body: &'a models::AccountInput,
    options: CallOptions,
}

impl ReplaceAccountRequest<'_> {
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
    pub async fn send(self) -> Result<models::Account, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Account>, Error> {
        let path = format!(
            "/accounts/{}",
            runtime::encode_path_segment(&self.account_id)?,
        );
        let mut request = Request::new(Method::PUT, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&REPLACE_ACCOUNT, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`ReplaceAccountRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplaceAccountError {
    /// 400: Bad request
    BadRequest(models::Error),
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 404: Not found
    NotFound(models::Error),
}

impl ReplaceAccountError {
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

static ADD_ACCOUNT_NOTE: Operation = Operation {
    name: "addAccountNote",
    method: Method::PUT,
    class: RetryClass::Unsafe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Accounts::add_account_note`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct AddAccountNoteCall<'a> {
    runtime: Runtime,
    account_id: String,
    body: &'a models::AddAccountNoteRequest,
    options: CallOptions,
}

impl AddAccountNoteCall<'_> {
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
    pub async fn send(self) -> Result<models::ActivityEntry, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::ActivityEntry>, Error> {
        let path = format!(
            "/accounts/{}/notes",
            runtime::encode_path_segment(&self.account_id)?,
        );
        let mut request = Request::new(Method::PUT, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&ADD_ACCOUNT_NOTE, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`AddAccountNoteCall`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum AddAccountNoteError {
    /// 400: Bad request
    BadRequest(models::Error),
    /// 401: Unauthorized
    Unauthorized(models::Error),
    /// 404: Not found
    NotFound(models::Error),
}

impl AddAccountNoteError {
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
