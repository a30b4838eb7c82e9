//! Binary response bodies (runtime/CONTRACT.md section 13).
//!
//! [`Runtime::download`](super::Runtime::download) opens the response
//! (retrying as any call until its headers arrive) and hands it to a
//! [`BinaryResponse`], which the caller reads whole, chunk by chunk, or into
//! a file. Only a whole read holds the body in memory.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use bytes::Bytes;
use reqwest::header::{HeaderMap, CONTENT_TYPE};
use reqwest::StatusCode;
use tokio::io::AsyncWriteExt;

use super::error::{Error, StreamFailure};
use super::streaming::Opened;

/// The response of a download, its body not read yet.
///
/// Read it once, one of three ways: [`bytes`](Self::bytes) (whole, up to the
/// client's `max_response_bytes`), [`chunk`](Self::chunk) in a loop (any
/// length, one chunk in memory at a time), or
/// [`write_to_file`](Self::write_to_file). Nothing is retried once the
/// response is open; each wait for the next bytes is bounded by the idle
/// timeout. Dropping it, or [`close`](Self::close), closes the connection.
pub struct BinaryResponse {
    /// `None` once the body has ended or the response is closed.
    response: Option<reqwest::Response>,
    head: Opened,
    content_length: Option<u64>,
    delivered: u64,
    /// Whether a whole read or a file write has begun: the body is read once.
    taken: bool,
}

impl BinaryResponse {
    pub(super) fn open(response: reqwest::Response, head: Opened) -> Self {
        // From the body's exact length, which hyper took from the headers.
        let content_length = response.content_length();
        BinaryResponse {
            response: Some(response),
            head,
            content_length,
            delivered: 0,
            taken: false,
        }
    }

    /// This call's idle timeout, over the client's
    /// (`Config::stream_idle_timeout`): the longest wait for the body's next
    /// bytes. A zero duration is taken as one millisecond.
    pub fn with_idle_timeout(mut self, idle: Duration) -> Self {
        self.head.idle = idle.max(Duration::from_millis(1));
        self
    }

    /// The next piece of the body; `None` once it has ended or the response
    /// was closed. A body that breaks gives one [`Error::Stream`] (with the
    /// bytes delivered before), then `None`.
    pub async fn chunk(&mut self) -> Result<Option<Bytes>, Error> {
        let Some(response) = self.response.as_mut() else {
            return Ok(None);
        };
        match tokio::time::timeout(self.head.idle, response.chunk()).await {
            Ok(Ok(Some(chunk))) => {
                self.delivered += u64::try_from(chunk.len()).unwrap_or(u64::MAX);
                Ok(Some(chunk))
            }
            Ok(Ok(None)) => {
                self.close();
                Ok(None)
            }
            Ok(Err(e)) => Err(self.fail(StreamFailure::ConnectionLost, Some(e))),
            Err(_) => Err(self.fail(StreamFailure::IdleTimeout, None)),
        }
    }

    /// The whole body. It is held in memory, so the client's
    /// `max_response_bytes` bounds it (a longer body is an [`Error::Stream`]
    /// with reason `too_large`, and the connection is closed): read a large
    /// one with [`chunk`](Self::chunk) or [`write_to_file`](Self::write_to_file).
    pub async fn bytes(mut self) -> Result<Bytes, Error> {
        self.take()?;
        if self.content_length.is_some_and(|n| n > self.head.limit) {
            return Err(self.fail(StreamFailure::TooLarge, None));
        }
        let mut first: Option<Bytes> = None;
        let mut body: Vec<u8> = Vec::new();
        while let Some(chunk) = self.chunk().await? {
            if self.delivered > self.head.limit {
                return Err(self.fail(StreamFailure::TooLarge, None));
            }
            match first.take() {
                None if body.is_empty() => first = Some(chunk),
                None => body.extend_from_slice(&chunk),
                Some(head) => {
                    body.reserve(head.len() + chunk.len());
                    body.extend_from_slice(&head);
                    body.extend_from_slice(&chunk);
                }
            }
        }
        Ok(match first {
            Some(only) => only,
            None => Bytes::from(body),
        })
    }

    /// Writes the body to the file at `path` (created, or truncated) as it
    /// arrives, and returns the bytes written. When the body breaks or the
    /// file cannot be written, the file is removed and the error returned:
    /// no half file is left behind.
    pub async fn write_to_file(mut self, path: impl AsRef<Path>) -> Result<u64, Error> {
        self.take()?;
        let path = path.as_ref();
        let mut file = tokio::fs::File::create(path)
            .await
            .map_err(|e| self.file_error(path, "create", &e))?;
        let written = async {
            while let Some(chunk) = self.chunk().await? {
                file.write_all(&chunk)
                    .await
                    .map_err(|e| self.file_error(path, "write", &e))?;
            }
            file.flush()
                .await
                .map_err(|e| self.file_error(path, "write", &e))?;
            Ok(self.delivered)
        }
        .await;
        drop(file);
        if written.is_err() {
            // The error says what went wrong; a file that cannot be removed
            // as well adds nothing the caller can act on.
            let _ = tokio::fs::remove_file(path).await;
        }
        written
    }

    fn take(&mut self) -> Result<(), Error> {
        if self.taken || self.delivered > 0 {
            return Err(Error::build(format!(
                "{}: the response body was read already (it can be read once)",
                self.head.operation
            )));
        }
        self.taken = true;
        Ok(())
    }

    fn file_error(&mut self, path: &Path, what: &str, e: &std::io::Error) -> Error {
        self.close();
        Error::build(format!(
            "{}: could not {what} {}: {e}",
            self.head.operation,
            PathBuf::from(path).display()
        ))
    }

    /// Closes the connection; the body gives nothing more.
    pub fn close(&mut self) {
        self.response = None;
    }

    fn fail(&mut self, reason: StreamFailure, source: Option<reqwest::Error>) -> Error {
        self.close();
        self.head.broken(reason, 0, Some(self.delivered), source)
    }

    /// Whether the body has ended or the response is closed.
    pub fn is_closed(&self) -> bool {
        self.response.is_none()
    }

    pub fn status(&self) -> StatusCode {
        self.head.status
    }

    pub fn headers(&self) -> &HeaderMap {
        &self.head.headers
    }

    /// The `Content-Type` the server sent, where it sent one that is text.
    pub fn content_type(&self) -> Option<&str> {
        self.head.headers.get(CONTENT_TYPE)?.to_str().ok()
    }

    /// The body's length as the server declared it (`Content-Length`).
    pub fn content_length(&self) -> Option<u64> {
        self.content_length
    }

    /// Attempts the call made to open the response, the one that opened it included.
    pub fn attempts(&self) -> u32 {
        self.head.attempts
    }

    /// Bytes of the body read so far.
    pub fn bytes_delivered(&self) -> u64 {
        self.delivered
    }

    /// The idle timeout this response reads with.
    pub fn idle_timeout(&self) -> Duration {
        self.head.idle
    }

    /// The server's id of the request, where a response header gives one.
    pub fn request_id(&self) -> Option<&str> {
        self.head.request_id()
    }
}

impl fmt::Debug for BinaryResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BinaryResponse")
            .field("operation", &self.head.operation)
            .field("status", &self.head.status)
            .field("content_length", &self.content_length)
            .field("attempts", &self.head.attempts)
            .field("bytes_delivered", &self.delivered)
            .field("closed", &self.is_closed())
            .finish_non_exhaustive()
    }
}
