//! The typed error every runtime call returns, and why retrying stopped.

use std::fmt;

use bytes::Bytes;
use reqwest::header::HeaderMap;
use reqwest::StatusCode;

/// Why the runtime stopped retrying a logical call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The last outcome is not on the retry allowlist (or `x-should-retry: false`).
    NotRetryable,
    /// Every allowed attempt was used (with retries off the cap is one attempt).
    AttemptsExhausted,
    /// The call's deadline left no room for the next sleep or attempt.
    DeadlineExceeded,
    /// The client's retry budget held less than the retry's cost.
    BudgetExhausted,
    /// The failure was ambiguous and the operation is not safe to repeat.
    UnsafeToRetry,
}

impl StopReason {
    /// The conformance name: `not_retryable`, `attempts_exhausted`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::NotRetryable => "not_retryable",
            StopReason::AttemptsExhausted => "attempts_exhausted",
            StopReason::DeadlineExceeded => "deadline_exceeded",
            StopReason::BudgetExhausted => "budget_exhausted",
            StopReason::UnsafeToRetry => "unsafe_to_retry",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            StopReason::NotRetryable => "not retryable",
            StopReason::AttemptsExhausted => "attempts exhausted",
            StopReason::DeadlineExceeded => "deadline exceeded",
            StopReason::BudgetExhausted => "retry budget exhausted",
            StopReason::UnsafeToRetry => "unsafe to retry",
        };
        f.write_str(text)
    }
}

/// The last HTTP response of a failed call, with the server's machine-readable
/// code and message when its JSON body had them (`code`, else `error.code`;
/// `message`, else `error.message`).
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub code: Option<String>,
    pub message: Option<String>,
    pub attempts: u32,
    pub stop_reason: StopReason,
    /// The response header the API's spec declares for the request id
    /// ([`Config::request_id_header`](super::Config::request_id_header)).
    pub request_id_header: Option<&'static str>,
}

/// The response headers that carry the server's id of a request, first found
/// wins, after the one the API's spec declares.
pub const REQUEST_ID_HEADERS: [&str; 2] = ["x-request-id", "request-id"];

/// The server's id of the request (`x-request-id`, else `request-id`), what
/// a support desk asks for first; `None` when the response has none.
pub fn request_id_of(headers: &HeaderMap) -> Option<&str> {
    request_id_in(headers, None)
}

/// The server's id of the request: the `declared` header's value (the
/// header the API's spec names), else `x-request-id`, else `request-id`;
/// an empty value counts as none.
pub fn request_id_in<'h>(headers: &'h HeaderMap, declared: Option<&str>) -> Option<&'h str> {
    declared
        .into_iter()
        .chain(REQUEST_ID_HEADERS)
        .find_map(|name| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .filter(|v| !v.is_empty())
        })
}

impl ApiError {
    /// The server's id of the request, where a response header gives one.
    pub fn request_id(&self) -> Option<&str> {
        request_id_in(&self.headers, self.request_id_header)
    }
}

/// Why an event stream broke after its headers arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StreamFailure {
    /// The body was cut off.
    ConnectionLost,
    /// No bytes came for the idle timeout.
    IdleTimeout,
    /// One event grew past `max_response_bytes` (the limit bounds what a
    /// stream holds at once, not its length).
    TooLarge,
}

impl StreamFailure {
    /// The contract's name: `connection_lost`, `idle_timeout` or `too_large`.
    pub fn as_str(self) -> &'static str {
        match self {
            StreamFailure::ConnectionLost => "connection_lost",
            StreamFailure::IdleTimeout => "idle_timeout",
            StreamFailure::TooLarge => "too_large",
        }
    }
}

impl fmt::Display for StreamFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An event stream that broke after its headers arrived (CONTRACT.md
/// section 12). Never retried: the events already delivered would be
/// delivered again.
#[derive(Debug)]
pub struct StreamError {
    pub operation: &'static str,
    pub reason: StreamFailure,
    /// Events given to the caller before the stream broke.
    pub events_delivered: u64,
    /// For a binary body (a download, CONTRACT.md section 13): the bytes
    /// given to the caller before it broke; `None` for an event stream.
    pub bytes_delivered: Option<u64>,
    pub status: StatusCode,
    pub headers: HeaderMap,
    /// Attempts the call made to open the stream.
    pub attempts: u32,
    /// The response header the API's spec declares for the request id.
    pub request_id_header: Option<&'static str>,
    /// The client's `max_response_bytes` (what `TooLarge` went past).
    pub limit: u64,
    /// The transport's error, for `ConnectionLost`.
    pub source: Option<reqwest::Error>,
}

impl StreamError {
    /// The server's id of the request, where a response header gives one.
    pub fn request_id(&self) -> Option<&str> {
        request_id_in(&self.headers, self.request_id_header)
    }
}

/// Everything a runtime call can fail with.
///
/// The variants mirror the conformance kinds; every variant that followed at
/// least one attempt carries the attempt count and the [`StopReason`].
#[derive(Debug)]
pub enum Error {
    /// The last attempt got a non-success HTTP response (`api_error`).
    Api(Box<ApiError>),
    /// The in-flight 409: the same idempotency key is still being processed.
    IdempotencyInFlight(Box<ApiError>),
    /// The payload-mismatch 409: the key was used before with another payload.
    IdempotencyMismatch(Box<ApiError>),
    /// The last attempt failed below HTTP (refused, reset, DNS, TLS, broken body).
    Connection {
        message: String,
        source: Option<reqwest::Error>,
        attempts: u32,
        stop_reason: StopReason,
    },
    /// The last attempt ran out of time (attempt timeout or call deadline).
    Timeout {
        attempts: u32,
        stop_reason: StopReason,
    },
    /// The caller's idempotency key was rejected before anything was sent.
    InvalidIdempotencyKey { reason: String },
    /// The request could not be built (bad argument, serialisation, bad URL);
    /// nothing was sent.
    Build { message: String },
    /// The response body was longer than `Config::max_response_bytes`: it was
    /// read no further and its connection dropped. Not retried: a body that
    /// big is the server's answer, not a passing fault.
    ResponseTooLarge {
        limit: u64,
        status: StatusCode,
        attempts: u32,
    },
    /// A success response whose body could not be decoded: not JSON, or
    /// not the documented shape (runtime/CONTRACT.md, section 6). Never
    /// retried; it carries the raw body and the server's request id.
    Decode {
        message: String,
        status: StatusCode,
        attempts: u32,
        /// The response's headers (boxed: every `Result` of the SDK carries
        /// this enum, which stays small).
        headers: Box<HeaderMap>,
        /// The body as it came.
        body: Bytes,
        /// The response's `x-request-id` (else `request-id`) header.
        request_id: Option<String>,
    },
    /// A list's next page cannot be reached: no list of items where the
    /// plan says, the same cursor again, or a next page on another origin.
    /// The pages before it were delivered.
    Pagination { message: String },
    /// The client holds the credentials of none of the operation's security
    /// alternatives (CONTRACT.md section 10): nothing was sent and nothing
    /// was taken from the retry budget. `schemes` are the first
    /// alternative's; the message names the builder method and environment
    /// variable that give each.
    MissingCredential {
        operation: &'static str,
        schemes: Vec<String>,
        message: String,
    },
    /// An event stream broke after its headers arrived (`stream`): the
    /// connection was lost, no bytes came for the idle timeout, or one event
    /// grew past `max_response_bytes`. Stop reason `not_retryable`.
    Stream(Box<StreamError>),
}

impl Error {
    /// Says in a connection error's message why the call was not retried:
    /// its body was a stream, read once (CONTRACT.md section 13).
    pub(super) fn with_unsent_body(mut self) -> Self {
        if let Error::Connection { message, .. } = &mut self {
            message.push_str(
                "; not retried: the request body was a stream, read once, and cannot be sent again",
            );
        }
        self
    }

    pub(super) fn build(message: impl Into<String>) -> Self {
        Error::Build {
            message: message.into(),
        }
    }

    /// The conformance kind: `api_error`, `idempotency_in_flight`,
    /// `idempotency_mismatch`, `connection`, `timeout`,
    /// `invalid_idempotency_key`, `build`, `response_too_large`, `decode`,
    /// `pagination`, `missing_credential` or `stream`.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Api(_) => "api_error",
            Error::IdempotencyInFlight(_) => "idempotency_in_flight",
            Error::IdempotencyMismatch(_) => "idempotency_mismatch",
            Error::Connection { .. } => "connection",
            Error::Timeout { .. } => "timeout",
            Error::InvalidIdempotencyKey { .. } => "invalid_idempotency_key",
            Error::Build { .. } => "build",
            Error::ResponseTooLarge { .. } => "response_too_large",
            Error::Decode { .. } => "decode",
            Error::Pagination { .. } => "pagination",
            Error::MissingCredential { .. } => "missing_credential",
            Error::Stream(_) => "stream",
        }
    }

    /// Attempts made by the logical call (0 when nothing was sent).
    pub fn attempts(&self) -> u32 {
        match self {
            Error::Api(e) | Error::IdempotencyInFlight(e) | Error::IdempotencyMismatch(e) => {
                e.attempts
            }
            Error::Connection { attempts, .. }
            | Error::Timeout { attempts, .. }
            | Error::ResponseTooLarge { attempts, .. }
            | Error::Decode { attempts, .. } => *attempts,
            Error::Stream(e) => e.attempts,
            Error::InvalidIdempotencyKey { .. }
            | Error::Build { .. }
            | Error::Pagination { .. }
            | Error::MissingCredential { .. } => 0,
        }
    }

    /// Why retrying stopped; `None` for errors raised before any attempt and
    /// for decode errors (the call itself succeeded).
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self {
            Error::Api(e) | Error::IdempotencyInFlight(e) | Error::IdempotencyMismatch(e) => {
                Some(e.stop_reason)
            }
            Error::Connection { stop_reason, .. } | Error::Timeout { stop_reason, .. } => {
                Some(*stop_reason)
            }
            Error::ResponseTooLarge { .. } | Error::Stream(_) => Some(StopReason::NotRetryable),
            Error::InvalidIdempotencyKey { .. }
            | Error::Build { .. }
            | Error::Decode { .. }
            | Error::Pagination { .. }
            | Error::MissingCredential { .. } => None,
        }
    }

    /// The last response's status, where there was a response.
    pub fn status(&self) -> Option<StatusCode> {
        match self {
            Error::Api(e) | Error::IdempotencyInFlight(e) | Error::IdempotencyMismatch(e) => {
                Some(e.status)
            }
            Error::Decode { status, .. } | Error::ResponseTooLarge { status, .. } => Some(*status),
            Error::Stream(e) => Some(e.status),
            _ => None,
        }
    }

    /// The last response (status, headers, body, code, message) where there was one.
    pub fn api(&self) -> Option<&ApiError> {
        match self {
            Error::Api(e) | Error::IdempotencyInFlight(e) | Error::IdempotencyMismatch(e) => {
                Some(e)
            }
            _ => None,
        }
    }

    /// The server's request id (the response's `x-request-id`, else
    /// `request-id` header), where there was a response that had one.
    pub fn request_id(&self) -> Option<&str> {
        match self {
            Error::Decode { request_id, .. } => request_id.as_deref(),
            Error::Stream(e) => e.request_id(),
            _ => self.api().and_then(ApiError::request_id),
        }
    }

    /// The raw body of the last response, where there was one.
    pub fn body(&self) -> Option<&Bytes> {
        match self {
            Error::Decode { body, .. } => Some(body),
            _ => self.api().map(|e| &e.body),
        }
    }

    /// The server's machine-readable error code, where the body had one.
    pub fn code(&self) -> Option<&str> {
        self.api().and_then(|e| e.code.as_deref())
    }

    /// The server's error message, where the body had one.
    pub fn message(&self) -> Option<&str> {
        self.api().and_then(|e| e.message.as_deref())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Api(e) | Error::IdempotencyInFlight(e) | Error::IdempotencyMismatch(e) => {
                let what = match self {
                    Error::IdempotencyInFlight(_) => "idempotency key still in flight",
                    Error::IdempotencyMismatch(_) => "idempotency key reused with another payload",
                    _ => "API error",
                };
                write!(f, "{what}: HTTP {}", e.status.as_u16())?;
                if let Some(code) = &e.code {
                    write!(f, " [{code}]")?;
                }
                if let Some(message) = &e.message {
                    write!(f, " {message}")?;
                }
                write!(f, " ({} attempt(s), {}", e.attempts, e.stop_reason)?;
                if let Some(id) = e.request_id() {
                    write!(f, ", request id {id}")?;
                }
                write!(f, ")")
            }
            Error::Connection {
                message,
                attempts,
                stop_reason,
                ..
            } => write!(
                f,
                "connection error: {message} ({attempts} attempt(s), {stop_reason})"
            ),
            Error::Timeout {
                attempts,
                stop_reason,
            } => write!(
                f,
                "request timed out ({attempts} attempt(s), {stop_reason})"
            ),
            Error::InvalidIdempotencyKey { reason } => {
                write!(f, "invalid idempotency key: {reason}")
            }
            Error::Build { message } => write!(f, "could not build the request: {message}"),
            Error::Pagination { message } => write!(f, "cannot go on to the next page: {message}"),
            Error::MissingCredential { message, .. } => f.write_str(message),
            Error::ResponseTooLarge {
                limit,
                status,
                attempts,
            } => write!(
                f,
                "the HTTP {} response body is longer than the limit of {limit} bytes \
                 (max_response_bytes); it was not read ({attempts} attempt(s), {})",
                status.as_u16(),
                StopReason::NotRetryable
            ),
            Error::Decode {
                message,
                status,
                attempts,
                request_id,
                ..
            } => {
                write!(
                    f,
                    "could not decode the HTTP {} response: {message} ({attempts} attempt(s)",
                    status.as_u16()
                )?;
                if let Some(id) = request_id {
                    write!(f, ", request id {id}")?;
                }
                f.write_str(")")
            }
            Error::Stream(e) => {
                let what = match (e.reason, e.bytes_delivered) {
                    (StreamFailure::ConnectionLost, _) => "was cut off".to_string(),
                    (StreamFailure::IdleTimeout, _) => {
                        "sent nothing for the idle timeout".to_string()
                    }
                    (StreamFailure::TooLarge, None) => format!(
                        "held an event past the limit of {} bytes (max_response_bytes)",
                        e.limit
                    ),
                    (StreamFailure::TooLarge, Some(_)) => format!(
                        "is longer than the limit of {} bytes (max_response_bytes) a whole \
                         read holds; read it with chunk() or write_to_file() instead",
                        e.limit
                    ),
                };
                let body = if e.bytes_delivered.is_some() {
                    "the response body"
                } else {
                    "the event stream"
                };
                write!(f, "{}: {body} {what}", e.operation)?;
                if let Some(source) = &e.source {
                    write!(f, " ({source})")?;
                }
                match e.bytes_delivered {
                    Some(bytes) => write!(f, " [{}] ({bytes} byte(s) delivered", e.reason)?,
                    None => write!(
                        f,
                        " [{}] ({} event(s) delivered",
                        e.reason, e.events_delivered
                    )?,
                }
                write!(
                    f,
                    ", {} attempt(s), {}",
                    e.attempts,
                    StopReason::NotRetryable
                )?;
                if let Some(id) = e.request_id() {
                    write!(f, ", request id {id}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Connection {
                source: Some(source),
                ..
            } => Some(source),
            Error::Stream(e) => e.source.as_ref().map(|s| s as _),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use reqwest::header::HeaderValue;

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_request_id_comes_from_x_request_id_else_request_id() {
        let both = headers(&[("x-request-id", "req_1"), ("request-id", "req_2")]);
        assert_eq!(request_id_of(&both), Some("req_1"));
        assert_eq!(
            request_id_of(&headers(&[("Request-Id", "req_2")])),
            Some("req_2")
        );
        assert_eq!(request_id_of(&headers(&[("x-request-id", "")])), None);
        assert_eq!(request_id_of(&HeaderMap::new()), None);
        let err = Error::Api(Box::new(ApiError {
            status: StatusCode::NOT_FOUND,
            headers: headers(&[("request-id", "req_404")]),
            body: Bytes::new(),
            code: None,
            message: Some("no such transfer".into()),
            attempts: 1,
            stop_reason: StopReason::NotRetryable,
            request_id_header: None,
        }));
        assert_eq!(err.request_id(), Some("req_404"));
        assert!(err.to_string().contains("request id req_404"), "{err}");
    }

    #[test]
    fn a_declared_request_id_header_comes_first() {
        let all = headers(&[("x-request-id", "req_1"), ("x-github-request-id", "gh_1")]);
        assert_eq!(
            request_id_in(&all, Some("x-github-request-id")),
            Some("gh_1")
        );
        assert_eq!(request_id_in(&all, None), Some("req_1"));
        let only_default = headers(&[("request-id", "req_2")]);
        assert_eq!(
            request_id_in(&only_default, Some("x-github-request-id")),
            Some("req_2"),
            "the defaults stay as fallbacks"
        );
        let err = Error::Api(Box::new(ApiError {
            status: StatusCode::BAD_GATEWAY,
            headers: all,
            body: Bytes::new(),
            code: None,
            message: None,
            attempts: 3,
            stop_reason: StopReason::AttemptsExhausted,
            request_id_header: Some("x-github-request-id"),
        }));
        assert_eq!(err.request_id(), Some("gh_1"));
    }
}
