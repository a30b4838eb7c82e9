//! The `pets` operations.
//!
//! The pets in the catalogue.

use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, Method, Operation, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// The pets in the catalogue.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Pets {
    runtime: Runtime,
}

impl Pets {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// List pets
    ///
    /// Returns the pets in the catalogue, oldest first. Filter by status and
    /// by tags; a pet matches the tag filter when it carries any of the
    /// given tags.
    ///
    /// `GET /pets`
    ///
    /// Retried automatically: `GET` is safe to repeat. Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn list_pets(&self) -> ListPetsRequest {
        ListPetsRequest {
            runtime: self.runtime.clone(),
            limit: None,
            tags: None,
            status: None,
            options: CallOptions::new(),
        }
    }

    /// Create a pet
    ///
    /// Adds a pet to the catalogue and returns it with its new id. Every
    /// successful call creates a new pet, even when the body is the same as
    /// an earlier one.
    ///
    /// `POST /pets`
    ///
    /// Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429). Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn create_pet<'a>(&self, body: &'a models::NewPet) -> CreatePetRequest<'a> {
        CreatePetRequest {
            runtime: self.runtime.clone(),
            body,
            options: CallOptions::new(),
        }
    }

    /// Get a pet
    ///
    /// Returns one pet by its id.
    ///
    /// `GET /pets/{petId}`
    ///
    /// Arguments:
    ///
    /// - `pet_id`: The id of the pet.
    ///
    /// Retried automatically: `GET` is safe to repeat. Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn get_pet(&self, pet_id: i64) -> GetPetRequest {
        GetPetRequest {
            runtime: self.runtime.clone(),
            pet_id,
            options: CallOptions::new(),
        }
    }

    /// Replace a pet
    ///
    /// Replaces every field of a pet with the fields given. Fields left out
    /// of the body are cleared. Sending the same body again leaves the pet
    /// as it is.
    ///
    /// `PUT /pets/{petId}`
    ///
    /// Arguments:
    ///
    /// - `pet_id`: The id of the pet.
    ///
    /// Retried automatically: `PUT` is idempotent. Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn update_pet<'a>(&self, pet_id: i64, body: &'a models::NewPet) -> UpdatePetRequest<'a> {
        UpdatePetRequest {
            runtime: self.runtime.clone(),
            pet_id,
            body,
            options: CallOptions::new(),
        }
    }

    /// Delete a pet
    ///
    /// Removes a pet and its photo from the catalogue. Deleting a pet that
    /// was already deleted returns 404 and changes nothing.
    ///
    /// `DELETE /pets/{petId}`
    ///
    /// Arguments:
    ///
    /// - `pet_id`: The id of the pet.
    ///
    /// Retried automatically: `DELETE` is idempotent. Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn delete_pet(&self, pet_id: i64) -> DeletePetRequest {
        DeletePetRequest {
            runtime: self.runtime.clone(),
            pet_id,
            options: CallOptions::new(),
        }
    }
}

static LIST_PETS: Operation = Operation {
    name: "listPets",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Pets::list_pets`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct ListPetsRequest {
    runtime: Runtime,
    limit: Option<i32>,
    tags: Option<Vec<String>>,
    status: Option<models::PetStatus>,
    options: CallOptions,
}

impl ListPetsRequest {
    /// The largest number of pets to return.
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = Some(limit);
        self
    }

    /// Only pets carrying at least one of these tags. Repeat the parameter for each tag: `?tags=dog&tags=small`.
    pub fn tags(mut self, tags: Vec<String>) -> Self {
        self.tags = Some(tags);
        self
    }

    /// Only pets with this status.
    pub fn status(mut self, status: models::PetStatus) -> Self {
        self.status = Some(status);
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
    pub async fn send(self) -> Result<Vec<models::Pet>, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<Vec<models::Pet>>, Error> {
        let mut request = Request::new(Method::GET, "/pets");
        if let Some(given) = &self.limit {
            let value = crate::to_json(given)?;
            let pieces = runtime::query_param("limit", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        if let Some(given) = &self.tags {
            let value = crate::to_json(given)?;
            let pieces = runtime::query_param("tags", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        if let Some(given) = &self.status {
            let value = crate::to_json(given)?;
            let pieces = runtime::query_param("status", &value, runtime::Style::Form, true, false)?;
            request = request.query_encoded(pieces);
        }
        let response = self
            .runtime
            .execute(&LIST_PETS, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`ListPetsRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum ListPetsError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl ListPetsError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}

static CREATE_PET: Operation = Operation {
    name: "createPet",
    method: Method::POST,
    class: RetryClass::Unsafe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Pets::create_pet`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct CreatePetRequest<'a> {
    runtime: Runtime,
    body: &'a models::NewPet,
    options: CallOptions,
}

impl CreatePetRequest<'_> {
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
    pub async fn send(self) -> Result<models::Pet, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Pet>, Error> {
        let mut request = Request::new(Method::POST, "/pets");
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&CREATE_PET, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`CreatePetRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum CreatePetError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl CreatePetError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}

static GET_PET: Operation = Operation {
    name: "getPet",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Pets::get_pet`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct GetPetRequest {
    runtime: Runtime,
    pet_id: i64,
    options: CallOptions,
}

impl GetPetRequest {
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
    pub async fn send(self) -> Result<models::Pet, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Pet>, Error> {
        let path = format!(
            "/pets/{}",
            runtime::encode_path_segment(&self.pet_id.to_string())?,
        );
        let request = Request::new(Method::GET, path);
        let response = self
            .runtime
            .execute(&GET_PET, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`GetPetRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum GetPetError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl GetPetError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}

static UPDATE_PET: Operation = Operation {
    name: "updatePet",
    method: Method::PUT,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Pets::update_pet`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct UpdatePetRequest<'a> {
    runtime: Runtime,
    pet_id: i64,
    body: &'a models::NewPet,
    options: CallOptions,
}

impl UpdatePetRequest<'_> {
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
    pub async fn send(self) -> Result<models::Pet, Error> {
        Ok(self.send_with_response().await?.data)
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<models::Pet>, Error> {
        let path = format!(
            "/pets/{}",
            runtime::encode_path_segment(&self.pet_id.to_string())?,
        );
        let mut request = Request::new(Method::PUT, path);
        request = request.json(self.body)?;
        let response = self
            .runtime
            .execute(&UPDATE_PET, request, self.options)
            .await?;
        let data = response.json()?;
        Ok(ApiResponse::new(data, response))
    }
}

/// The error responses of [`UpdatePetRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum UpdatePetError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl UpdatePetError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}

static DELETE_PET: Operation = Operation {
    name: "deletePet",
    method: Method::DELETE,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Pets::delete_pet`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct DeletePetRequest {
    runtime: Runtime,
    pet_id: i64,
    options: CallOptions,
}

impl DeletePetRequest {
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
    pub async fn send(self) -> Result<(), Error> {
        self.send_with_response().await?;
        Ok(())
    }

    /// As [`send`](Self::send), with the status, the headers and the number
    /// of attempts the call made.
    pub async fn send_with_response(self) -> Result<ApiResponse<()>, Error> {
        let path = format!(
            "/pets/{}",
            runtime::encode_path_segment(&self.pet_id.to_string())?,
        );
        let request = Request::new(Method::DELETE, path);
        let response = self
            .runtime
            .execute(&DELETE_PET, request, self.options)
            .await?;
        Ok(ApiResponse::new((), response))
    }
}

/// The error responses of [`DeletePetRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum DeletePetError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl DeletePetError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}
