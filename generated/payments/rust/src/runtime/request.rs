//! What a call sends (`Request`, `CallOptions`) and what a success returns (`Response`).

use std::time::{Duration, Instant};

use bytes::Bytes;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::encode::encode_form_body;
use super::error::Error;
use super::upload::{Streamed, Upload};

/// A request body and its media type.
#[derive(Clone, Debug)]
pub struct Body {
    /// The whole body, when it is held in memory (empty when `streamed`).
    pub bytes: Bytes,
    pub content_type: HeaderValue,
    /// A body read as it is sent, for each attempt: one with a file from
    /// disk or a stream in it (CONTRACT.md section 13).
    pub streamed: Option<Streamed>,
}

impl Body {
    /// Whether an attempt began reading a stream in it: then the body
    /// cannot be sent again, and the call is not retried.
    pub fn spent(&self) -> bool {
        self.streamed.as_ref().is_some_and(Streamed::spent)
    }
}

/// One request as the generated code describes it; the runtime sends it
/// (unchanged) on every attempt.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: Method,
    /// The path below the base URL, already encoded (build each parameter
    /// with [`encode_path_segment`](super::encode_path_segment)), starting with `/`.
    pub path: String,
    /// Query pairs, not yet encoded (the runtime encodes them).
    pub query: Vec<(String, String)>,
    /// Query pieces already encoded (from [`query_param`](super::query_param)),
    /// sent after `query` in this order, joined with `&`.
    pub encoded_query: Vec<String>,
    pub headers: HeaderMap,
    pub body: Option<Body>,
}

impl Request {
    pub fn new(method: Method, path: impl Into<String>) -> Self {
        Request {
            method,
            path: path.into(),
            query: Vec::new(),
            encoded_query: Vec::new(),
            headers: HeaderMap::new(),
            body: None,
        }
    }

    /// Adds one query pair.
    pub fn query(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.query.push((name.into(), value.into()));
        self
    }

    /// Adds query pairs (from [`query_form`](super::query_form) or
    /// [`query_deep_object`](super::query_deep_object)).
    pub fn query_pairs(mut self, pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        self.query.extend(pairs);
        self
    }

    /// Adds the encoded pieces of one parameter, as
    /// [`query_param`](super::query_param) gives them (`""`: nothing is sent).
    pub fn query_encoded(mut self, pieces: impl Into<String>) -> Self {
        let pieces = pieces.into();
        if !pieces.is_empty() {
            self.encoded_query.push(pieces);
        }
        self
    }

    /// Sets a header; a name or value that HTTP does not allow is a
    /// [`Error::Build`].
    pub fn header(mut self, name: &str, value: &str) -> Result<Self, Error> {
        let header_name = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| Error::build(format!("invalid header name {name:?}")))?;
        let header_value = HeaderValue::from_str(value)
            .map_err(|_| Error::build(format!("invalid value for header {name:?}")))?;
        self.headers.insert(header_name, header_value);
        Ok(self)
    }

    /// A JSON body (`application/json`); a value that does not serialise is
    /// a [`Error::Build`].
    pub fn json<T: Serialize + ?Sized>(self, value: &T) -> Result<Self, Error> {
        let bytes = serde_json::to_vec(value)
            .map_err(|e| Error::build(format!("could not serialise the JSON body: {e}")))?;
        Ok(self.body(bytes, HeaderValue::from_static("application/json")))
    }

    /// An `application/x-www-form-urlencoded` body.
    pub fn form(self, pairs: &[(String, String)]) -> Self {
        self.body(
            encode_form_body(pairs),
            HeaderValue::from_static("application/x-www-form-urlencoded"),
        )
    }

    /// Any body with its media type.
    pub fn body(mut self, bytes: impl Into<Bytes>, content_type: HeaderValue) -> Self {
        self.body = Some(Body {
            bytes: bytes.into(),
            content_type,
            streamed: None,
        });
        self
    }

    /// A binary body from an upload: its own content type, else
    /// `declared_type`'s first concrete type, else `application/octet-stream`.
    pub fn upload(mut self, upload: &Upload, declared_type: &str) -> Result<Self, Error> {
        let media = upload
            .media_type()
            .or_else(|| super::multipart::first_concrete_type(declared_type))
            .unwrap_or("application/octet-stream");
        let content_type = HeaderValue::from_str(media)
            .map_err(|_| Error::build(format!("invalid content type {media:?}")))?;
        self.body = Some(match upload.as_bytes() {
            Some(bytes) => Body {
                bytes: bytes.clone(),
                content_type,
                streamed: None,
            },
            None => Body {
                bytes: Bytes::new(),
                content_type,
                streamed: Some(Streamed::new(vec![upload.piece()])),
            },
        });
        Ok(self)
    }

    /// Sets a body made elsewhere (a [`Multipart`](super::Multipart)'s).
    pub fn with_body(mut self, body: Body) -> Self {
        self.body = Some(body);
        self
    }
}

/// Per-call options; every field is optional and the default changes nothing.
#[derive(Clone, Debug, Default)]
pub struct CallOptions {
    /// Your idempotency key for a `keyed` operation (checked before anything
    /// is sent). Without one, the call gets a UUID v4 made once. Operations of
    /// other classes send no key.
    pub idempotency_key: Option<String>,
    /// Deadline of the whole call, counted from its start.
    pub timeout: Option<Duration>,
    /// Absolute deadline of the whole call (the earlier one wins when
    /// `timeout` is set as well).
    pub deadline: Option<Instant>,
    /// Attempt cap for this call, the first attempt included.
    pub max_attempts: Option<u32>,
    /// Retries on or off for this call.
    pub retries: Option<bool>,
    /// Extra headers for this call (they win over the client's and the request's).
    pub headers: HeaderMap,
    /// Headers given by [`extra_header`](Self::extra_header), checked when
    /// the call is made.
    pub extra_headers: Vec<(String, String)>,
    /// Query parameters sent after the operation's own, `form` style (an
    /// array repeats the name): ones the API added after this SDK was made.
    pub extra_query: Vec<(String, serde_json::Value)>,
    /// Properties merged into the top level of the JSON object body, over
    /// the SDK's own of the same name (CONTRACT.md section 11).
    pub extra_body: serde_json::Map<String, serde_json::Value>,
}

impl CallOptions {
    pub fn new() -> Self {
        CallOptions::default()
    }

    pub fn idempotency_key(mut self, key: impl Into<String>) -> Self {
        self.idempotency_key = Some(key.into());
        self
    }

    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// An absolute deadline, e.g. from [`deadline_from_headers`](super::deadline_from_headers).
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    pub fn max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = Some(attempts);
        self
    }

    pub fn retries(mut self, on: bool) -> Self {
        self.retries = Some(on);
        self
    }

    /// Adds a header for this call, checked when the call is made: a name or
    /// value that HTTP does not allow fails it with [`Error::Build`] before
    /// anything is sent.
    pub fn extra_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.extra_headers.push((name.into(), value.into()));
        self
    }

    /// Adds a query parameter for this call, after the operation's own.
    pub fn extra_query(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.extra_query.push((name.into(), value.into()));
        self
    }

    /// Sets a top-level property of this call's JSON body, over the SDK's
    /// own of the same name; a call whose body is not a JSON object fails
    /// with [`Error::Build`] before anything is sent.
    pub fn extra_body(
        mut self,
        name: impl Into<String>,
        value: impl Into<serde_json::Value>,
    ) -> Self {
        self.extra_body.insert(name.into(), value.into());
        self
    }

    /// Whether any extra header, query parameter or body property is set.
    pub fn has_extras(&self) -> bool {
        !self.extra_headers.is_empty()
            || !self.extra_query.is_empty()
            || !self.extra_body.is_empty()
    }

    /// `request` with this call's extra query parameters and body
    /// properties, and these options with their extra headers checked.
    pub(crate) fn apply_extras(mut self, mut request: Request) -> Result<(Self, Request), Error> {
        for (name, value) in std::mem::take(&mut self.extra_headers) {
            self = self.header(&name, &value)?;
        }
        for (name, value) in &self.extra_query {
            let piece =
                super::encode::query_param(name, value, super::encode::Style::Form, true, false)?;
            request.encoded_query.push(piece);
        }
        if !self.extra_body.is_empty() {
            let json = request
                .body
                .as_ref()
                .filter(|b| {
                    b.content_type
                        .to_str()
                        .is_ok_and(super::encode::is_json_media_type)
                })
                .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b.bytes).ok());
            let Some(serde_json::Value::Object(mut fields)) = json else {
                return Err(Error::build(
                    "extra body properties need a JSON object body, and this call sends none",
                ));
            };
            for (name, value) in &self.extra_body {
                fields.insert(name.clone(), value.clone());
            }
            let body = request.body.as_mut().expect("checked above");
            body.bytes = serde_json::to_vec(&fields)
                .map_err(|e| Error::build(format!("the body cannot be encoded as JSON: {e}")))?
                .into();
        }
        Ok((self, request))
    }

    /// Adds a header for this call; a name or value that HTTP does not allow
    /// is a [`Error::Build`].
    pub fn header(mut self, name: &str, value: &str) -> Result<Self, Error> {
        let header_name = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| Error::build(format!("invalid header name {name:?}")))?;
        let header_value = HeaderValue::from_str(value)
            .map_err(|_| Error::build(format!("invalid value for header {name:?}")))?;
        self.headers.insert(header_name, header_value);
        Ok(self)
    }
}

/// What a response body is, by its `Content-Type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// `application/json` or a `+json` type.
    Json,
    /// `text/*`.
    Text,
    /// Anything else, or no `Content-Type`: bytes, never parsed.
    Bytes,
}

impl BodyKind {
    /// The kind of a media type (`None`: no `Content-Type` header).
    pub fn of(content_type: Option<&str>) -> BodyKind {
        match content_type {
            Some(t) if super::encode::is_json_media_type(t) => BodyKind::Json,
            Some(t) if t.trim().to_ascii_lowercase().starts_with("text/") => BodyKind::Text,
            _ => BodyKind::Bytes,
        }
    }
}

/// A successful (2xx) response.
#[derive(Clone, Debug)]
pub struct Response {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
    /// Attempts the call made, this one included.
    pub attempts: u32,
    /// The response header the API's spec declares for the request id.
    pub request_id_header: Option<&'static str>,
}

impl Response {
    /// The response's `Content-Type`, where it has a readable one.
    pub fn content_type(&self) -> Option<&str> {
        self.headers
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
    }

    /// What the body is, by the response's `Content-Type`.
    pub fn body_kind(&self) -> BodyKind {
        BodyKind::of(self.content_type())
    }

    /// Decodes the JSON body; failure is an [`Error::Decode`], and so is a
    /// body whose `Content-Type` does not say JSON: it is never parsed.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, Error> {
        if self.body_kind() != BodyKind::Json {
            return Err(self.decode_error(format!(
                "expected a JSON response, got {}",
                self.content_type().unwrap_or("no Content-Type")
            )));
        }
        serde_json::from_slice(&self.body).map_err(|e| self.decode_error(e.to_string()))
    }

    /// The error of a body that does not decode: its status, the body as it
    /// came and the request id, for the caller to report.
    pub fn decode_error(&self, message: String) -> Error {
        Error::Decode {
            message,
            status: self.status,
            attempts: self.attempts,
            headers: Box::new(self.headers.clone()),
            body: self.body.clone(),
            request_id: self.request_id().map(str::to_string),
        }
    }

    /// The body as bytes whatever its type: a JSON body that is one string
    /// (a download the spec declares as a JSON string) as that string's
    /// UTF-8, a text or binary body as it came.
    pub fn bytes_or_json_string(&self) -> Result<Bytes, Error> {
        if self.body_kind() == BodyKind::Json {
            let text: String = self.json()?;
            return Ok(Bytes::from(text));
        }
        Ok(self.body.clone())
    }

    /// The server's id of the request (the header the spec declares, else
    /// `x-request-id`, else `request-id`), where a response header gives one.
    pub fn request_id(&self) -> Option<&str> {
        super::error::request_id_in(&self.headers, self.request_id_header)
    }

    /// The body as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn builds_requests() {
        let req = Request::new(Method::POST, "/charges")
            .query("expand", "customer")
            .query_pairs(vec![("a".to_string(), "1".to_string())])
            .header("X-Trace", "t1")
            .and_then(|r| r.json(&json!({"amount": 5})))
            .expect("request");
        assert_eq!(req.query.len(), 2);
        assert_eq!(req.headers["x-trace"], "t1");
        let body = req.body.expect("body");
        assert_eq!(body.content_type, "application/json");
        assert_eq!(&body.bytes[..], br#"{"amount":5}"#);
        assert!(matches!(
            Request::new(Method::GET, "/").header("bad name", "x"),
            Err(Error::Build { .. })
        ));
        assert!(matches!(
            Request::new(Method::GET, "/").header("x", "line\nbreak"),
            Err(Error::Build { .. })
        ));
        let form = Request::new(Method::POST, "/f").form(&[("a b".into(), "c".into())]);
        assert_eq!(&form.body.expect("body").bytes[..], b"a%20b=c");
    }

    #[test]
    fn decodes_or_reports_decode_errors() {
        let mut json_headers = HeaderMap::new();
        json_headers.insert(
            reqwest::header::CONTENT_TYPE,
            HeaderValue::from_static("application/json; charset=utf-8"),
        );
        json_headers.insert("request-id", HeaderValue::from_static("req_42"));
        let ok = Response {
            status: StatusCode::OK,
            headers: json_headers,
            body: Bytes::from_static(br#"{"id":1}"#),
            attempts: 2,
            request_id_header: None,
        };
        let value: serde_json::Value = ok.json().expect("json");
        assert_eq!(value, json!({"id": 1}));
        let bad = Response {
            body: Bytes::from_static(b"<html>"),
            ..ok
        };
        match bad.json::<serde_json::Value>() {
            Err(
                e @ Error::Decode {
                    attempts, status, ..
                },
            ) => {
                assert_eq!(attempts, 2);
                assert_eq!(status, StatusCode::OK);
                assert_eq!(e.body().map(|b| &b[..]), Some(&b"<html>"[..]));
                assert_eq!(e.request_id(), Some("req_42"));
                assert!(e.to_string().contains("request id req_42"), "{e}");
            }
            other => panic!("expected a decode error, got {other:?}"),
        }
        assert_eq!(bad.text(), "<html>");
    }

    fn with_type(content_type: Option<&'static str>, body: &'static [u8]) -> Response {
        let mut headers = HeaderMap::new();
        if let Some(t) = content_type {
            headers.insert(reqwest::header::CONTENT_TYPE, HeaderValue::from_static(t));
        }
        Response {
            status: StatusCode::OK,
            headers,
            body: Bytes::from_static(body),
            attempts: 1,
            request_id_header: None,
        }
    }

    #[test]
    fn only_a_json_content_type_is_parsed_as_json() {
        assert_eq!(BodyKind::of(Some("application/json")), BodyKind::Json);
        assert_eq!(
            BodyKind::of(Some("application/problem+json")),
            BodyKind::Json
        );
        assert_eq!(
            BodyKind::of(Some("Application/JSON; charset=utf-8")),
            BodyKind::Json
        );
        assert_eq!(BodyKind::of(Some("text/plain")), BodyKind::Text);
        assert_eq!(
            BodyKind::of(Some("application/octet-stream")),
            BodyKind::Bytes
        );
        assert_eq!(BodyKind::of(Some("application/jsonl")), BodyKind::Bytes);
        assert_eq!(BodyKind::of(None), BodyKind::Bytes);
        // A binary body that happens to read as JSON is still not parsed.
        let binary = with_type(Some("application/octet-stream"), b"\"text\"");
        assert!(matches!(binary.json::<String>(), Err(Error::Decode { .. })));
        assert_eq!(
            &binary.bytes_or_json_string().expect("bytes")[..],
            b"\"text\""
        );
        let raw = with_type(Some("application/octet-stream"), b"\x00\xffPDF");
        assert_eq!(
            &raw.bytes_or_json_string().expect("bytes")[..],
            b"\x00\xffPDF"
        );
        let json = with_type(Some("application/json"), b"\"a\\u00e9\"");
        assert_eq!(
            &json.bytes_or_json_string().expect("json")[..],
            "aé".as_bytes()
        );
        assert!(with_type(None, b"{}").json::<serde_json::Value>().is_err());
    }

    #[test]
    fn encoded_query_pieces_keep_their_order() {
        let req = Request::new(Method::GET, "/s")
            .query_encoded("a=1,2")
            .query_encoded("")
            .query_encoded("b%5B%5D=3");
        assert_eq!(req.encoded_query, vec!["a=1,2", "b%5B%5D=3"]);
    }
}
