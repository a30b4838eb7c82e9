//! Server-sent event streams (runtime/CONTRACT.md section 12).
//!
//! [`EventParser`] turns the bytes of a `text/event-stream` body into
//! events by the WHATWG rules, piece by piece as they arrive.
//! [`Runtime::stream`](super::Runtime::stream) opens the response (retrying
//! as any call until its headers arrive) and hands it to an [`EventStream`],
//! whose [`next`](EventStream::next) reads the events one by one.

use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

use reqwest::header::HeaderMap;
use reqwest::StatusCode;
use serde::de::DeserializeOwned;

use super::config::Config;
use super::error::{request_id_in, Error, StreamError, StreamFailure};

/// An event whose data is exactly this ends the stream and is not delivered.
pub const DONE_DATA: &str = "[DONE]";

/// One event of a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Its name: `message` unless the server named it.
    pub event: String,
    /// Its data lines joined with `\n`.
    pub data: String,
    /// The last event id the stream set (empty before any).
    pub id: String,
    /// Its `retry` field in milliseconds, where its block had one.
    pub retry: Option<u64>,
}

impl Event {
    /// The data decoded as JSON.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(&self.data)
    }
}

/// The WHATWG event-stream parser, fed the body's bytes as they come.
///
/// Lines end at CRLF, LF or CR (a CR at the end of one piece and an LF at
/// the start of the next are one line end). Lines are split on bytes and
/// each whole line is decoded as UTF-8 (a bad byte as U+FFFD), so a
/// character split between pieces is decoded whole; one byte order mark at
/// the start of the body is ignored. What is pending when the body ends is
/// dropped, never dispatched.
#[derive(Clone, Debug, Default)]
pub struct EventParser {
    /// The bytes of the line not ended yet.
    line: Vec<u8>,
    /// The first line has ended (the byte order mark is only looked for there).
    started: bool,
    /// The last piece ended with a CR: an LF starting the next is its pair.
    after_cr: bool,
    data: String,
    has_data: bool,
    event: String,
    retry: Option<u64>,
    last_id: String,
}

impl EventParser {
    pub fn new() -> Self {
        EventParser::default()
    }

    /// The last event id the stream set (the WHATWG "last event ID").
    pub fn last_event_id(&self) -> &str {
        &self.last_id
    }

    /// Bytes held for an event not complete yet.
    pub fn pending(&self) -> usize {
        self.line.len() + self.data.len() + self.event.len()
    }

    /// Feeds the next piece of the body; returns the events it completed.
    pub fn feed(&mut self, chunk: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        self.feed_into(chunk, &mut events);
        events
    }

    pub(super) fn feed_into(&mut self, chunk: &[u8], out: &mut impl Extend<Event>) {
        let mut rest = chunk;
        if self.after_cr && !rest.is_empty() {
            self.after_cr = false;
            if rest[0] == b'\n' {
                rest = &rest[1..];
            }
        }
        while let Some(at) = rest.iter().position(|&b| b == b'\r' || b == b'\n') {
            let end = if rest[at] == b'\n' {
                1
            } else if at + 1 == rest.len() {
                self.after_cr = true;
                1
            } else if rest[at + 1] == b'\n' {
                2
            } else {
                1
            };
            if self.line.is_empty() {
                self.process(&rest[..at], out);
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.extend_from_slice(&rest[..at]);
                self.process(&line, out);
                line.clear();
                self.line = line;
            }
            rest = &rest[at + end..];
        }
        self.line.extend_from_slice(rest);
    }

    fn process(&mut self, mut line: &[u8], out: &mut impl Extend<Event>) {
        if !self.started {
            self.started = true;
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line[0] == b':' {
            return;
        }
        let (field, value) = match line.iter().position(|&b| b == b':') {
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &b""[..]),
        };
        match field {
            b"data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(&String::from_utf8_lossy(value));
                self.has_data = true;
            }
            b"event" => self.event = String::from_utf8_lossy(value).into_owned(),
            b"id" if !value.contains(&0) => {
                self.last_id = String::from_utf8_lossy(value).into_owned();
            }
            b"retry" if !value.is_empty() && value.iter().all(u8::is_ascii_digit) => {
                // All digits, so only an overflow fails: ignored as well.
                self.retry = std::str::from_utf8(value).ok().and_then(|v| v.parse().ok());
            }
            _ => {}
        }
    }

    fn dispatch(&mut self, out: &mut impl Extend<Event>) {
        let event = std::mem::take(&mut self.event);
        let retry = self.retry.take();
        if !std::mem::take(&mut self.has_data) {
            return;
        }
        let name = if event.is_empty() {
            "message".to_string()
        } else {
            event
        };
        out.extend(Some(Event {
            event: name,
            data: std::mem::take(&mut self.data),
            id: self.last_id.clone(),
            retry,
        }));
    }
}

/// What a response opened with its body unread carries besides the body,
/// for event streams and binary responses alike.
#[derive(Clone, Debug)]
pub(super) struct Opened {
    pub(super) operation: &'static str,
    pub(super) status: StatusCode,
    pub(super) headers: HeaderMap,
    /// Attempts the call made to open it.
    pub(super) attempts: u32,
    pub(super) request_id_header: Option<&'static str>,
    /// The longest wait for the body's next bytes.
    pub(super) idle: Duration,
    /// The client's `max_response_bytes`.
    pub(super) limit: u64,
}

impl Opened {
    /// The response's status and headers (taken out of it), and the client's settings.
    pub(super) fn new(
        response: &mut reqwest::Response,
        operation: &'static str,
        attempts: u32,
        config: &Config,
    ) -> Self {
        Opened {
            operation,
            status: response.status(),
            headers: std::mem::take(response.headers_mut()),
            attempts,
            request_id_header: config.request_id_header,
            idle: config.stream_idle_timeout.max(Duration::from_millis(1)),
            limit: config.max_response_bytes,
        }
    }

    pub(super) fn request_id(&self) -> Option<&str> {
        request_id_in(&self.headers, self.request_id_header)
    }

    /// The error of a body that broke after this much was delivered.
    pub(super) fn broken(
        &self,
        reason: StreamFailure,
        events_delivered: u64,
        bytes_delivered: Option<u64>,
        source: Option<reqwest::Error>,
    ) -> Error {
        Error::Stream(Box::new(StreamError {
            operation: self.operation,
            reason,
            events_delivered,
            bytes_delivered,
            status: self.status,
            headers: self.headers.clone(),
            attempts: self.attempts,
            request_id_header: self.request_id_header,
            limit: self.limit,
            // Never keep the URL: its query may carry an API key.
            source: source.map(reqwest::Error::without_url),
        }))
    }
}

/// The events of one call, read as the caller asks for them:
/// `while let Some(event) = stream.next().await { let event = event?; ... }`.
///
/// Nothing is retried once the stream is open. Dropping it, or
/// [`close`](Self::close), closes the connection.
pub struct EventStream {
    /// `None` once the stream is closed.
    response: Option<reqwest::Response>,
    head: Opened,
    parser: EventParser,
    ready: VecDeque<Event>,
    delivered: u64,
    /// The parser holds more than `limit` bytes: the error comes once the
    /// events completed before are delivered.
    overflow: bool,
}

impl EventStream {
    pub(super) fn open(response: reqwest::Response, head: Opened) -> Self {
        EventStream {
            response: Some(response),
            head,
            parser: EventParser::new(),
            ready: VecDeque::new(),
            delivered: 0,
            overflow: false,
        }
    }

    /// This call's idle timeout, over the client's
    /// (`Config::stream_idle_timeout`): the longest wait for the stream's
    /// next bytes. A zero duration is taken as one millisecond.
    pub fn with_idle_timeout(mut self, idle: Duration) -> Self {
        self.head.idle = idle.max(Duration::from_millis(1));
        self
    }

    /// The next event; `None` once the stream has ended (the server finished
    /// the body, or sent `data: [DONE]`) or was closed. A broken stream gives
    /// one [`Error::Stream`], then `None`.
    ///
    /// `max_response_bytes` bounds one event (its name and data) and what
    /// the stream holds of an event not complete yet, however the server's
    /// bytes were cut into pieces; the stream's length is not bounded.
    pub async fn next(&mut self) -> Option<Result<Event, Error>> {
        loop {
            if let Some(event) = self.ready.pop_front() {
                if event.data == DONE_DATA {
                    self.close();
                    return None;
                }
                if self.too_large(event.data.len() + event.event.len()) {
                    return Some(Err(self.fail(StreamFailure::TooLarge, None)));
                }
                self.delivered += 1;
                return Some(Ok(event));
            }
            if self.overflow {
                return Some(Err(self.fail(StreamFailure::TooLarge, None)));
            }
            let response = self.response.as_mut()?;
            let read = tokio::time::timeout(self.head.idle, response.chunk()).await;
            match read {
                Ok(Ok(Some(chunk))) => {
                    self.parser.feed_into(&chunk, &mut self.ready);
                    self.overflow = self.too_large(self.parser.pending());
                }
                Ok(Ok(None)) => {
                    // The body ended: an event it ended in the middle of is dropped.
                    self.close();
                }
                Ok(Err(e)) => {
                    return Some(Err(self.fail(StreamFailure::ConnectionLost, Some(e))));
                }
                Err(_) => return Some(Err(self.fail(StreamFailure::IdleTimeout, None))),
            }
        }
    }

    fn too_large(&self, bytes: usize) -> bool {
        u64::try_from(bytes).unwrap_or(u64::MAX) > self.head.limit
    }

    /// Closes the connection; the stream gives nothing more.
    pub fn close(&mut self) {
        self.response = None;
        self.ready.clear();
        self.overflow = false;
    }

    fn fail(&mut self, reason: StreamFailure, source: Option<reqwest::Error>) -> Error {
        self.close();
        self.head.broken(reason, self.delivered, None, source)
    }

    /// Whether the stream is closed (ended, failed or closed by the caller).
    pub fn is_closed(&self) -> bool {
        self.response.is_none()
    }

    pub fn status(&self) -> StatusCode {
        self.head.status
    }

    pub fn headers(&self) -> &HeaderMap {
        &self.head.headers
    }

    /// Attempts the call made to open the stream, the one that opened it included.
    pub fn attempts(&self) -> u32 {
        self.head.attempts
    }

    /// Events given to the caller so far.
    pub fn events_delivered(&self) -> u64 {
        self.delivered
    }

    /// The last event id the server set (empty before any).
    pub fn last_event_id(&self) -> &str {
        self.parser.last_event_id()
    }

    /// The idle timeout this stream reads with.
    pub fn idle_timeout(&self) -> Duration {
        self.head.idle
    }

    /// The server's id of the request, where a response header gives one.
    pub fn request_id(&self) -> Option<&str> {
        self.head.request_id()
    }
}

impl fmt::Debug for EventStream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EventStream")
            .field("operation", &self.head.operation)
            .field("status", &self.head.status)
            .field("attempts", &self.head.attempts)
            .field("events_delivered", &self.delivered)
            .field("closed", &self.is_closed())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(chunks: &[&[u8]]) -> Vec<(String, String, String)> {
        let mut parser = EventParser::new();
        chunks
            .iter()
            .flat_map(|c| parser.feed(c))
            .map(|e| (e.event, e.data, e.id))
            .collect()
    }

    fn ev(event: &str, data: &str, id: &str) -> (String, String, String) {
        (event.into(), data.into(), id.into())
    }

    #[test]
    fn line_ends_and_fields() {
        assert_eq!(
            parse(&[b"data: a\r\n\r\ndata: b\r\rdata: c\n\n"]),
            vec![
                ev("message", "a", ""),
                ev("message", "b", ""),
                ev("message", "c", "")
            ]
        );
        assert_eq!(parse(&[b"data\n\n"]), vec![ev("message", "", "")]);
        assert_eq!(parse(&[b"data:\ndata:\n\n"]), vec![ev("message", "\n", "")]);
        assert_eq!(
            parse(&[b"event:\ndata: x\n\n"]),
            vec![ev("message", "x", "")]
        );
        assert_eq!(
            parse(&[b"DATA: x\n\n"]),
            vec![],
            "field names are case-sensitive"
        );
        assert_eq!(parse(&[b"data: x\n"]), vec![], "no blank line, no event");
        assert_eq!(
            parse(&[b"data: a\r", b"\r\n"]),
            vec![ev("message", "a", "")],
            "CR, then CRLF: one line end and a blank line"
        );
        assert_eq!(
            parse(&[b"data: a\r", b"\n", b"\n"]),
            vec![ev("message", "a", "")],
            "a CRLF split between pieces is one line end"
        );
        assert_eq!(
            parse(&[b"data: a\r", b"", b"\ndata: b\n\n"]),
            vec![ev("message", "a\nb", "")],
            "an empty piece between CR and LF changes nothing"
        );
    }

    #[test]
    fn bom_once_split_and_only_at_the_start() {
        assert_eq!(
            parse(&[b"\xef\xbb", b"\xbfdata: a\n\n"]),
            vec![ev("message", "a", "")]
        );
        assert_eq!(parse(&[b"\xef\xbb\xbf\xef\xbb\xbfdata: a\n\n"]), vec![]);
        assert_eq!(
            parse(&[b"\n\xef\xbb\xbfdata: a\n\n"]),
            vec![],
            "a BOM after the first line is text"
        );
    }

    #[test]
    fn bad_utf8_is_replaced_and_split_characters_decode_whole() {
        assert_eq!(
            parse(&[b"data: \xff\n\n"]),
            vec![ev("message", "\u{fffd}", "")]
        );
        assert_eq!(
            parse(&[b"data: \xe2", b"\x82", b"\xac\n\n"]),
            vec![ev("message", "\u{20ac}", "")]
        );
        assert_eq!(
            parse(&[b"data: \xe2\x82\ndata: z\n\n"]),
            vec![ev("message", "\u{fffd}\nz", "")],
            "a character cut by a line end is one replacement"
        );
    }

    #[test]
    fn retry_field_digits_only_and_per_event() {
        let mut parser = EventParser::new();
        let events = parser.feed(b"retry: 2500\ndata: a\n\nretry: 1x\ndata: b\n\ndata: c\n\n");
        let retries: Vec<Option<u64>> = events.iter().map(|e| e.retry).collect();
        assert_eq!(retries, vec![Some(2500), None, None]);
    }

    #[test]
    fn ids_persist_and_nul_ids_are_ignored() {
        let mut parser = EventParser::new();
        let events =
            parser.feed(b"id: 1\ndata: a\n\ndata: b\n\nid: 2\0\ndata: c\n\nid\ndata: d\n\n");
        let ids: Vec<&str> = events.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, vec!["1", "1", "1", ""]);
        assert_eq!(parser.last_event_id(), "");
    }

    #[test]
    fn pending_counts_the_unfinished_event() {
        let mut parser = EventParser::new();
        assert!(parser.feed(b"data: 12345\ndata: 67").is_empty());
        assert_eq!(parser.pending(), "12345".len() + "data: 67".len());
        assert_eq!(parser.feed(b"\n\n").len(), 1);
        assert_eq!(parser.pending(), 0);
    }

    #[test]
    fn event_json() {
        let event = Event {
            event: "message".into(),
            data: r#"{"a": [1, 2]}"#.into(),
            id: String::new(),
            retry: None,
        };
        let value: serde_json::Value = event.json().expect("json");
        assert_eq!(value, serde_json::json!({"a": [1, 2]}));
        let bad = Event {
            data: "not json".into(),
            ..event
        };
        assert!(bad.json::<serde_json::Value>().is_err());
    }
}
