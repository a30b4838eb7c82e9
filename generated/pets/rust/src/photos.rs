//! The `photos` operations.
//!
//! The photo attached to each pet.

use std::time::{Duration, Instant};

use crate::runtime::{
    self, CallOptions, Error, Method, Operation, Request, RetryClass, RetryOverrides, Runtime,
};
use crate::{models, ApiResponse};

/// The photo attached to each pet.
///
/// Get one from [`Client`](crate::Client); it is cheap to clone and shares
/// the client's connections, settings and retry budget.
#[derive(Clone, Debug)]
pub struct Photos {
    runtime: Runtime,
}

impl Photos {
    pub(crate) fn new(runtime: Runtime) -> Self {
        Self { runtime }
    }

    /// Download a pet's photo
    ///
    /// Returns the pet's photo as a PNG image, or 404 when it has none.
    ///
    /// `GET /pets/{petId}/photo`
    ///
    /// Arguments:
    ///
    /// - `pet_id`: The id of the pet.
    ///
    /// Retried automatically: `GET` is safe to repeat. Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn download_pet_photo(&self, pet_id: i64) -> DownloadPetPhotoRequest {
        DownloadPetPhotoRequest {
            runtime: self.runtime.clone(),
            pet_id,
            options: CallOptions::new(),
        }
    }

    /// Upload a pet's photo
    ///
    /// Stores the photo of a pet, replacing the one it had. PNG and JPEG
    /// images up to 5 MiB are accepted; JPEG images are converted to PNG.
    ///
    /// `PUT /pets/{petId}/photo`
    ///
    /// Arguments:
    ///
    /// - `pet_id`: The id of the pet.
    ///
    /// Retried automatically: `PUT` is idempotent. Each attempt may take min(3 × 300 ms, time left) = at most 900 ms.
    pub fn upload_pet_photo<'a>(
        &self,
        pet_id: i64,
        body: &'a models::UploadPetPhotoRequest,
    ) -> UploadPetPhotoCall<'a> {
        UploadPetPhotoCall {
            runtime: self.runtime.clone(),
            pet_id,
            body,
            options: CallOptions::new(),
        }
    }
}

static DOWNLOAD_PET_PHOTO: Operation = Operation {
    name: "downloadPetPhoto",
    method: Method::GET,
    class: RetryClass::Safe,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Photos::download_pet_photo`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct DownloadPetPhotoRequest {
    runtime: Runtime,
    pet_id: i64,
    options: CallOptions,
}

impl DownloadPetPhotoRequest {
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

    /// Sends the request, retrying as the operation allows until the
    /// response's headers arrive, and returns the response with its body
    /// unread: read it whole with [`bytes`](runtime::BinaryResponse::bytes),
    /// chunk by chunk with [`chunk`](runtime::BinaryResponse::chunk), or
    /// into a file with [`write_to_file`](runtime::BinaryResponse::write_to_file).
    /// Nothing is retried once the body is being read; a body cut off is an
    /// [`Error::Stream`] with the bytes delivered.
    pub async fn send(self) -> Result<runtime::BinaryResponse, Error> {
        let path = format!(
            "/pets/{}/photo",
            runtime::encode_path_segment(&self.pet_id.to_string())?,
        );
        let request = Request::new(Method::GET, path);
        self.runtime
            .download(&DOWNLOAD_PET_PHOTO, request, self.options)
            .await
    }
}

/// The error responses of [`DownloadPetPhotoRequest`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum DownloadPetPhotoError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl DownloadPetPhotoError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}

static UPLOAD_PET_PHOTO: Operation = Operation {
    name: "uploadPetPhoto",
    method: Method::PUT,
    class: RetryClass::Idempotent,
    key: None,
    p99: None,
    retry: RetryOverrides::NONE,
    authenticated: true,
    security: None,
    base_url: None,
};

/// A [`Photos::upload_pet_photo`] call: set its options, then [`send`](Self::send) it.
#[derive(Clone, Debug)]
#[must_use = "a request does nothing until it is sent"]
pub struct UploadPetPhotoCall<'a> {
    runtime: Runtime,
    pet_id: i64,
    body: &'a models::UploadPetPhotoRequest,
    options: CallOptions,
}

impl UploadPetPhotoCall<'_> {
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
            "/pets/{}/photo",
            runtime::encode_path_segment(&self.pet_id.to_string())?,
        );
        let mut request = Request::new(Method::PUT, path);
        let mut form = runtime::Multipart::new();
        form.upload("file", Some("image/png, image/jpeg"), &self.body.file);
        if let Some(value) = &self.body.caption {
            form.value("caption", &crate::to_json(value)?, None)?;
        }
        request = request.with_body(form.into_body()?);
        let response = self
            .runtime
            .execute(&UPLOAD_PET_PHOTO, request, self.options)
            .await?;
        Ok(ApiResponse::new((), response))
    }
}

/// The error responses of [`UploadPetPhotoCall`], decoded from an [`Error`] by `from_error`.
#[derive(Clone, Debug, PartialEq)]
pub enum UploadPetPhotoError {
    /// Any other status: The request failed. The status tells the kind of failure (400 bad
    /// request, 401 missing or wrong API key, 404 no such pet, 5xx server
    /// side) and the body says more.
    Other(models::Error),
}

impl UploadPetPhotoError {
    /// The documented error response of a failed call: `None` when the call
    /// got no response, or a status or body the API does not document.
    pub fn from_error(error: &Error) -> Option<Self> {
        let api = error.api()?;
        Some(Self::Other(crate::decode(api)?))
    }
}
