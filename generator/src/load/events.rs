//! Reading a YAML piece straight from libyaml's events into a JSON value.
//!
//! The serde path (`serde_yaml::from_str::<Lenient>`) first stores every
//! event of the document, each with owned strings and marks, and then
//! replays them through serde. For a big spec that store and its copies
//! cost more than half of the reading's page faults. Here the parser is driven one event at a time and
//! each value is put in place as soon as it is complete, so the only memory
//! that grows is the value itself and a stack as deep as the nesting.
//!
//! This is a faster way to exactly the value and depth that the serde path
//! gives, and it only answers where that is sure. Everything else is `None`
//! and the caller takes the serde path, which stays the reference and the
//! one that reports errors:
//!
//! * any parse error, or more than one document;
//! * anchors and aliases (the serde path expands aliases, within limits);
//! * tags, except `!!str` on a scalar (the serde path reads `!!int` and its
//!   kin strictly, and other tags as enums, which a JSON value refuses);
//! * `<<` keys (merge keys in YAML 1.1, plain keys to the serde path: left to
//!   it whichever it is);
//! * `%YAML` and `%TAG` directives;
//! * nesting deeper than the serde path accepts, and text that is not UTF-8.

use std::ffi::CStr;
use std::marker::PhantomData;
use std::mem::MaybeUninit;

use libyaml_rs as sys;
use serde_json::{Map, Value};

use super::number::{float, wide_signed, wide_unsigned};

/// The deepest nesting of mappings and sequences the serde path accepts.
pub const MAX_DEPTH: usize = 128;

/// The resolved form of `!!str`.
const STR_TAG: &[u8] = b"tag:yaml.org,2002:str";

/// The value of a one-document YAML text and how deeply mappings and
/// sequences nest in it (a scalar is 0), as the serde path reads it; `None`
/// where this reader is not sure to agree (see the module docs).
pub fn parse(text: &str) -> Option<(Value, usize)> {
    let mut parser = Parser::new(text.as_bytes())?;
    if parser.next()?.kind() != sys::YAML_STREAM_START_EVENT {
        return None;
    }
    let start = parser.next()?;
    match start.kind() {
        // Nothing but comments and blank lines: the serde path reads null.
        sys::YAML_STREAM_END_EVENT => return Some((Value::Null, 0)),
        sys::YAML_DOCUMENT_START_EVENT if !start.has_directives() => {}
        _ => return None,
    }
    drop(start);
    let root = build(&mut parser)?;
    if parser.next()?.kind() != sys::YAML_DOCUMENT_END_EVENT
        || parser.next()?.kind() != sys::YAML_STREAM_END_EVENT
    {
        return None;
    }
    Some(root)
}

/// A mapping or sequence whose end has not been read yet, with the deepest
/// nesting among what it holds so far.
enum Open {
    Sequence(Vec<Value>, usize),
    /// The entries, the key read when its value is still to come. The
    /// entries become a map at the mapping's end, its size known then, so
    /// each key is hashed once and the map never grows.
    Mapping(Vec<(String, Value)>, Option<String>, usize),
}

/// Reads one node (the document's root) and everything inside it.
fn build(parser: &mut Parser) -> Option<(Value, usize)> {
    let mut open: Vec<Open> = Vec::new();
    loop {
        let event = parser.next()?;
        let done = match event.kind() {
            sys::YAML_SCALAR_EVENT => (scalar(&event.scalar()?)?, 0),
            kind @ (sys::YAML_SEQUENCE_START_EVENT | sys::YAML_MAPPING_START_EVENT) => {
                if event.collection_is_annotated() || open.len() == MAX_DEPTH {
                    return None;
                }
                open.push(if kind == sys::YAML_SEQUENCE_START_EVENT {
                    Open::Sequence(Vec::new(), 0)
                } else {
                    Open::Mapping(Vec::new(), None, 0)
                });
                continue;
            }
            sys::YAML_SEQUENCE_END_EVENT => match open.pop()? {
                Open::Sequence(items, depth) => (Value::Array(items), depth + 1),
                Open::Mapping(..) => return None,
            },
            sys::YAML_MAPPING_END_EVENT => match open.pop()? {
                Open::Mapping(entries, None, depth) => (Value::Object(map(entries)?), depth + 1),
                _ => return None,
            },
            _ => return None,
        };
        let (value, depth) = done;
        match open.last_mut() {
            None => return Some((value, depth)),
            Some(Open::Sequence(items, deepest)) => {
                items.push(value);
                *deepest = (*deepest).max(depth);
            }
            Some(Open::Mapping(entries, pending, deepest)) => {
                match pending.take() {
                    Some(key) => entries.push((key, value)),
                    None => {
                        let key = match value {
                            Value::String(key) => key,
                            // YAML allows non-string keys (`200:`); JSON
                            // objects need strings.
                            other => other.to_string(),
                        };
                        // A merge key is the serde path's to read.
                        if key == "<<" {
                            return None;
                        }
                        *pending = Some(key);
                    }
                }
                *deepest = (*deepest).max(depth);
            }
        }
    }
}

/// The entries of a mapping as a map, in order; `None` when a key is
/// repeated, an error the serde path reports.
fn map(entries: Vec<(String, Value)>) -> Option<Map<String, Value>> {
    let mut map = Map::with_capacity(entries.len());
    for (key, value) in entries {
        if map.insert(key, value).is_some() {
            return None;
        }
    }
    Some(map)
}

/// A key given twice in one mapping: where the mapping is (a JSON pointer)
/// and the 1-based lines of both.
#[derive(Debug, PartialEq, Eq)]
pub struct Duplicate {
    pub pointer: String,
    pub key: String,
    pub first_line: usize,
    pub second_line: usize,
}

/// The first key given twice in one mapping of `text` (YAML, or JSON, which
/// libyaml reads as YAML), with the lines of both; `None` if there is none
/// or the text does not parse. Anchored scalars are read as their text;
/// a document with complex keys or aliases as keys is not searched.
pub fn find_duplicate(text: &str) -> Option<Duplicate> {
    enum Frame {
        Sequence(usize),
        /// Keys seen with their lines; the key whose value is being read.
        Mapping(std::collections::HashMap<String, usize>, Option<String>),
    }
    let mut parser = Parser::new(text.as_bytes())?;
    let mut frames: Vec<Frame> = Vec::new();
    // The pointer of each open frame's parent entry, as tokens.
    let mut tokens: Vec<String> = Vec::new();
    loop {
        let event = parser.next()?;
        let line = event.0.start_mark.line as usize + 1;
        let kind = event.kind();
        let opens = matches!(
            kind,
            sys::YAML_SEQUENCE_START_EVENT | sys::YAML_MAPPING_START_EVENT
        );
        let leaf = matches!(kind, sys::YAML_SCALAR_EVENT | sys::YAML_ALIAS_EVENT);
        if kind == sys::YAML_STREAM_END_EVENT {
            return None;
        }
        if matches!(
            kind,
            sys::YAML_SEQUENCE_END_EVENT | sys::YAML_MAPPING_END_EVENT
        ) {
            frames.pop();
            tokens.pop();
            // The collection just closed was a value: its mapping's key is done.
            if let Some(Frame::Mapping(_, pending)) = frames.last_mut() {
                *pending = None;
            }
            continue;
        }
        if !opens && !leaf {
            continue;
        }
        // Where this node goes in its parent.
        let token = match frames.last_mut() {
            None => None,
            Some(Frame::Sequence(index)) => {
                *index += 1;
                Some((*index - 1).to_string())
            }
            Some(Frame::Mapping(seen, pending)) => match pending.take() {
                Some(key) => Some(key),
                None => {
                    // This node is a key.
                    if kind != sys::YAML_SCALAR_EVENT {
                        return None;
                    }
                    // SAFETY: a scalar event's data is its scalar.
                    let data = unsafe { event.0.data.scalar };
                    let raw = if data.value.is_null() {
                        &[][..]
                    } else {
                        // SAFETY: as in `Event::scalar`.
                        unsafe { std::slice::from_raw_parts(data.value, data.length as usize) }
                    };
                    let text = std::str::from_utf8(raw).ok()?;
                    let key = if data.style == sys::YAML_PLAIN_SCALAR_STYLE {
                        match plain(text) {
                            Value::String(s) => s,
                            other => other.to_string(),
                        }
                    } else {
                        text.to_owned()
                    };
                    if let Some(&first_line) = seen.get(&key) {
                        let mut pointer = String::new();
                        // The first token is the root's, which has no key.
                        for t in tokens.iter().skip(1) {
                            pointer.push('/');
                            pointer.push_str(&crate::error::escape_token(t));
                        }
                        return Some(Duplicate {
                            pointer,
                            key,
                            first_line,
                            second_line: line,
                        });
                    }
                    seen.insert(key.clone(), line);
                    *pending = Some(key);
                    continue;
                }
            },
        };
        if opens {
            tokens.push(token.unwrap_or_default());
            frames.push(if kind == sys::YAML_SEQUENCE_START_EVENT {
                Frame::Sequence(0)
            } else {
                Frame::Mapping(Default::default(), None)
            });
        }
    }
}

/// What one scalar event says.
struct Scalar<'e> {
    value: &'e [u8],
    plain: bool,
    tag: Option<&'e [u8]>,
}

/// The JSON value of a scalar, or `None` where the serde path would not
/// give a plain JSON value (or this reader is not sure it would).
fn scalar(s: &Scalar) -> Option<Value> {
    let text = std::str::from_utf8(s.value).ok()?;
    match s.tag {
        None if s.plain => Some(plain(text)),
        None => Some(Value::String(text.to_owned())),
        Some(STR_TAG) => Some(Value::String(text.to_owned())),
        Some(_) => None,
    }
}

/// An untagged plain scalar: null, a boolean, an integer, a float or else a
/// string, tried in that order as the serde path does.
fn plain(text: &str) -> Value {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        _ => {}
    }
    // Every integer and every finite float starts with a digit, a sign or a
    // dot; most scalars of a spec are words and stop here.
    let first = text.as_bytes()[0];
    if first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.') {
        if let Some(number) = number(text) {
            return number;
        }
    }
    Value::String(text.to_owned())
}

/// An integer (taking the first of: 64-bit unsigned, 64-bit negative,
/// 128-bit unsigned, 128-bit negative; the wide ones as the nearest double),
/// or else a float (a non-finite one is null in JSON).
fn number(text: &str) -> Option<Value> {
    if let Some(n) = unsigned(text, u64::from_str_radix) {
        return Some(Value::from(n));
    }
    if let Some(n) = negative(text, i64::from_str_radix) {
        return Some(Value::from(n));
    }
    if let Some(n) = unsigned(text, u128::from_str_radix) {
        return Some(wide_unsigned(n));
    }
    if let Some(n) = negative(text, i128::from_str_radix) {
        return Some(wide_signed(n));
    }
    if zero_led_digits(text) {
        return None;
    }
    floating(text).map(float)
}

type Radix<T> = fn(&str, u32) -> Result<T, std::num::ParseIntError>;

/// The prefixes of integers in other bases than ten.
const BASES: [(&str, u32); 3] = [("0x", 16), ("0o", 8), ("0b", 2)];

/// An integer with an optional `+`, in decimal or with a base prefix.
fn unsigned<T>(text: &str, parse: Radix<T>) -> Option<T> {
    let body = text.strip_prefix('+').unwrap_or(text);
    for (prefix, radix) in BASES {
        if let Some(digits) = body.strip_prefix(prefix) {
            // A sign after the prefix is not a number; neither are digits
            // the base does not have (no decimal reading starts with `0x`).
            if digits.starts_with(['+', '-']) {
                return None;
            }
            return parse(digits, radix).ok();
        }
    }
    if body.starts_with(['+', '-']) || zero_led_digits(text) {
        return None;
    }
    parse(body, 10).ok()
}

/// A negative integer: `-` before a base prefix, or any decimal integer the
/// signed parse takes.
fn negative<T>(text: &str, parse: Radix<T>) -> Option<T> {
    for (prefix, radix) in BASES {
        if let Some(digits) = text.strip_prefix('-').and_then(|t| t.strip_prefix(prefix)) {
            return parse(&format!("-{digits}"), radix).ok();
        }
    }
    if zero_led_digits(text) {
        return None;
    }
    parse(text, 10).ok()
}

/// Digits with a leading zero (`007`, `-01`): a string in YAML 1.2, not a
/// number of either kind.
fn zero_led_digits(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    digits.len() > 1 && digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A float: YAML's `.inf`, `-.inf` and `.nan` spellings, or a finite number
/// in Rust's float syntax with at most one leading `+`.
fn floating(text: &str) -> Option<f64> {
    let body = match text.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => text,
    };
    match (body, text) {
        (".inf" | ".Inf" | ".INF", _) => return Some(f64::INFINITY),
        (_, "-.inf" | "-.Inf" | "-.INF") => return Some(f64::NEG_INFINITY),
        (_, ".nan" | ".NaN" | ".NAN") => return Some(f64::NAN),
        _ => {}
    }
    body.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// A libyaml parser reading `input`; freed when dropped.
struct Parser<'input> {
    /// Boxed so that it never moves: libyaml keeps a pointer to it.
    raw: Box<MaybeUninit<sys::yaml_parser_t>>,
    input: PhantomData<&'input [u8]>,
}

impl<'input> Parser<'input> {
    fn new(input: &'input [u8]) -> Option<Self> {
        let mut raw = Box::new(MaybeUninit::<sys::yaml_parser_t>::uninit());
        let parser = raw.as_mut_ptr();
        // SAFETY: `parser` points to memory for a parser, which initialize
        // fills in. It reports no failure in this port (running out of memory
        // aborts); were it to, the parser is not deleted, at worst a leak.
        if unsafe { sys::yaml_parser_initialize(parser) }.fail {
            return None;
        }
        // SAFETY: the parser is initialised and has no input yet; `input`
        // outlives it (the lifetime on `Parser`), and the box keeps the
        // parser at the address libyaml stores for its reads.
        unsafe {
            sys::yaml_parser_set_encoding(parser, sys::YAML_UTF8_ENCODING);
            sys::yaml_parser_set_input_string(parser, input.as_ptr(), input.len() as u64);
        }
        Some(Parser {
            raw,
            input: PhantomData,
        })
    }

    /// The next event, or `None` on a parse error (or after the stream end).
    fn next(&mut self) -> Option<Event> {
        let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
        // SAFETY: the parser is initialised (see `new`); parse zeroes the
        // event before anything else, so it is initialised either way, and
        // a zeroed event (no event) owns nothing.
        let event = unsafe {
            let failed = sys::yaml_parser_parse(self.raw.as_mut_ptr(), event.as_mut_ptr()).fail;
            (failed, Event(event.assume_init()))
        };
        match event {
            (false, event) if event.kind() != sys::YAML_NO_EVENT => Some(event),
            _ => None,
        }
    }
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        // SAFETY: the parser was initialised in `new` and is freed only here.
        unsafe { sys::yaml_parser_delete(self.raw.as_mut_ptr()) }
    }
}

/// One event, with the strings libyaml allocated for it; freed when dropped.
struct Event(sys::yaml_event_t);

impl Event {
    fn kind(&self) -> sys::yaml_event_type_t {
        self.0.type_
    }

    /// A document start's `%YAML` or `%TAG` directives.
    fn has_directives(&self) -> bool {
        // SAFETY: called on a document start event, whose data it is.
        let start = unsafe { self.0.data.document_start };
        !start.version_directive.is_null() || start.tag_directives.start != start.tag_directives.end
    }

    /// A scalar event's value, style and tag; `None` if it has an anchor.
    fn scalar(&self) -> Option<Scalar<'_>> {
        // SAFETY: called on a scalar event, whose data it is.
        let data = unsafe { self.0.data.scalar };
        if !data.anchor.is_null() {
            return None;
        }
        let value = if data.value.is_null() {
            &[][..]
        } else {
            // SAFETY: libyaml allocated `length` bytes of value for this
            // event; they live until the event is dropped.
            unsafe { std::slice::from_raw_parts(data.value, data.length as usize) }
        };
        Some(Scalar {
            value,
            plain: data.style == sys::YAML_PLAIN_SCALAR_STYLE,
            // SAFETY: a tag, when there is one, is a NUL-terminated string
            // owned by the event.
            tag: (!data.tag.is_null())
                .then(|| unsafe { CStr::from_ptr(data.tag.cast()) }.to_bytes()),
        })
    }

    /// Whether a sequence or mapping start has an anchor or a tag.
    fn collection_is_annotated(&self) -> bool {
        // SAFETY: called on a sequence or mapping start, whose data it is.
        let (anchor, tag) = unsafe {
            if self.0.type_ == sys::YAML_SEQUENCE_START_EVENT {
                let data = self.0.data.sequence_start;
                (data.anchor, data.tag)
            } else {
                let data = self.0.data.mapping_start;
                (data.anchor, data.tag)
            }
        };
        !anchor.is_null() || !tag.is_null()
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // SAFETY: the event was filled in by the parser and is freed only here.
        unsafe { sys::yaml_event_delete(&mut self.0) }
    }
}

#[cfg(test)]
mod tests;
