//! URL and form encoding helpers the generated code calls.

use std::borrow::Cow;

use bytes::Bytes;
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde_json::Value;

use super::error::Error;

/// Everything but the RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`).
const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// Percent-encodes one path parameter so it stays one path segment.
///
/// Everything but unreserved characters is encoded, so `/`, `?`, `#` and `%`
/// can never change the path. The values `""`, `"."` and `".."` are refused
/// with [`Error::Build`]: URL parsers remove or merge such segments (even
/// percent-encoded), which would send the request to another resource.
pub fn encode_path_segment(value: &str) -> Result<String, Error> {
    match value {
        "" => Err(Error::build("a path parameter is empty")),
        "." | ".." => Err(Error::build(format!(
            "the path parameter {value:?} would change the path"
        ))),
        _ => Ok(encode_unreserved(value)),
    }
}

/// Percent-encodes all but the unreserved characters, straight into one
/// `String` (no formatting machinery; a value with nothing to encode is one
/// copy).
fn encode_unreserved(value: &str) -> String {
    Cow::from(utf8_percent_encode(value, NOT_UNRESERVED)).into_owned()
}

/// Percent-encodes a query (or form) name or value: everything but
/// unreserved characters, a space as `%20`.
pub fn encode_query_component(value: &str) -> String {
    encode_unreserved(value)
}

/// Joins pairs as `name=value&...`, each side percent-encoded.
pub fn encode_query(pairs: &[(String, String)]) -> String {
    let mut out = String::new();
    for (name, value) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(&encode_query_component(name));
        out.push('=');
        out.push_str(&encode_query_component(value));
    }
    out
}

/// An `application/x-www-form-urlencoded` body from pairs (build them with
/// [`query_form`] or [`query_deep_object`] for structured fields).
pub fn encode_form_body(pairs: &[(String, String)]) -> Bytes {
    Bytes::from(encode_query(pairs))
}

/// The text of a scalar parameter value: strings as they are, numbers and
/// booleans in JSON notation, `null` as an empty string, and arrays or
/// objects nested inside another value as compact JSON.
pub fn query_value(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => json_number_text(n).unwrap_or_else(|_| n.to_string()),
        Value::Array(_) | Value::Object(_) => value.to_string(),
    }
}

/// Query pairs for an OpenAPI `style: form` parameter.
///
/// - `null`: no pair (the parameter is omitted);
/// - a scalar: `name=value`;
/// - an array: `name=a&name=b` when exploded, else `name=a,b`;
/// - an object: `k1=v1&k2=v2` when exploded, else `name=k1,v1,k2,v2`.
pub fn query_form(name: &str, value: &Value, explode: bool) -> Vec<(String, String)> {
    match value {
        Value::Null => Vec::new(),
        Value::Array(items) => {
            if explode {
                items
                    .iter()
                    .filter(|v| !v.is_null())
                    .map(|v| (name.to_string(), query_value(v)))
                    .collect()
            } else {
                let joined: Vec<String> = items.iter().map(query_value).collect();
                vec![(name.to_string(), joined.join(","))]
            }
        }
        Value::Object(fields) => {
            if explode {
                fields
                    .iter()
                    .filter(|(_, v)| !v.is_null())
                    .map(|(k, v)| (k.clone(), query_value(v)))
                    .collect()
            } else {
                let mut parts = Vec::with_capacity(fields.len() * 2);
                for (k, v) in fields.iter().filter(|(_, v)| !v.is_null()) {
                    parts.push(k.clone());
                    parts.push(query_value(v));
                }
                vec![(name.to_string(), parts.join(","))]
            }
        }
        scalar => vec![(name.to_string(), query_value(scalar))],
    }
}

/// Query pairs for an OpenAPI `style: deepObject` parameter:
/// `name[field]=value`, nested objects as `name[a][b]=value`, array members
/// as repeated pairs `name[tags]=x&name[tags]=y`; `null` members are omitted.
/// A value that is not an object falls back to [`query_form`] (exploded).
pub fn query_deep_object(name: &str, value: &Value) -> Vec<(String, String)> {
    match value {
        Value::Object(_) => {
            let mut out = Vec::new();
            deep_object_into(name, value, &mut out);
            out
        }
        other => query_form(name, other, true),
    }
}

fn deep_object_into(prefix: &str, value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Null => {}
        Value::Object(fields) => {
            for (k, v) in fields {
                deep_object_into(&format!("{prefix}[{k}]"), v, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::Null => {}
                    Value::Object(_) | Value::Array(_) => {
                        out.push((prefix.to_string(), item.to_string()))
                    }
                    scalar => out.push((prefix.to_string(), query_value(scalar))),
                }
            }
        }
        scalar => out.push((prefix.to_string(), query_value(scalar))),
    }
}

// ---------------------------------------------------------------------------
// The serialisation rules of runtime/WIRE.md. Generated code calls these;
// runtime/rust/tests/wire.rs runs every case of runtime/wire-vectors.json
// against them. Objects are written in the order the `Value` holds their
// members, which is the order the caller (or the model's schema) gave them:
// the runtime depends on serde_json's `preserve_order` feature for that.
// ---------------------------------------------------------------------------

/// A parameter's (or form field's) OpenAPI `style`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    Simple,
    Label,
    Matrix,
    Form,
    SpaceDelimited,
    PipeDelimited,
    DeepObject,
}

/// The text of a number as JavaScript's `Number.prototype.toString` writes
/// it (WIRE.md section 1): the shortest digits that read back as the same
/// double, `2.0` as `2`, `1e21` as `1e+21`, `1e-7` as `1e-7`, `-0.0` as
/// `0`. Infinity and NaN are refused with [`Error::Build`].
pub fn number_text(x: f64) -> Result<String, Error> {
    if !x.is_finite() {
        return Err(Error::build(format!("the number {x} cannot be sent")));
    }
    if x == 0.0 {
        return Ok("0".to_string());
    }
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    // Rust's `{:e}` gives the shortest round-trip digits: `d.ddde±x`.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let k = digits.len() as i32;
    // The decimal point stands after `n` digits.
    let n = exponent + 1;
    if k <= n && n <= 21 {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if n - 1 > 0 { '+' } else { '-' });
        out.push_str(&(n - 1).abs().to_string());
    }
    Ok(out)
}

/// The text of a JSON number (WIRE.md section 1): integers in decimal, any
/// other number by [`number_text`].
fn json_number_text(n: &serde_json::Number) -> Result<String, Error> {
    if let Some(i) = n.as_i64() {
        Ok(i.to_string())
    } else if let Some(u) = n.as_u64() {
        Ok(u.to_string())
    } else {
        number_text(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// Compact JSON text (WIRE.md section 5), its numbers as [`number_text`]
/// writes them.
pub fn json_text(value: &Value) -> Result<String, Error> {
    let mut out = String::new();
    write_json(value, &mut out)?;
    Ok(out)
}

fn write_json(value: &Value, out: &mut String) -> Result<(), Error> {
    match value {
        Value::Number(n) => out.push_str(&json_number_text(n)?),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out)?;
            }
            out.push(']');
        }
        Value::Object(fields) => {
            out.push('{');
            for (i, (k, v)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write_json(v, out)?;
            }
            out.push('}');
        }
        // null, booleans and strings as serde_json writes them (UTF-8 kept).
        other => out.push_str(&other.to_string()),
    }
    Ok(())
}

/// The text of one value (WIRE.md section 1): a string as itself,
/// `true`/`false`, numbers by [`number_text`], an array or object (nested
/// inside a parameter) as its compact JSON; `None` for `null`.
pub fn value_text(value: &Value) -> Result<Option<String>, Error> {
    Ok(Some(match value {
        Value::Null => return Ok(None),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => json_number_text(n)?,
        Value::Array(_) | Value::Object(_) => json_text(value)?,
    }))
}

/// Whether a value is *undefined* (RFC 6570, WIRE.md section 1): `null`, an
/// array or object with nothing but `null` in it (the empty ones included).
/// Undefined values send nothing.
pub fn is_undefined(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().all(Value::is_null),
        Value::Object(fields) => fields.values().all(Value::is_null),
        _ => false,
    }
}

/// The value a parameter described by `content` (instead of a schema) is
/// written as (WIRE.md section 3): for a JSON media type (`application/json`,
/// `*+json`) its compact JSON text, one string; for any other, the caller's
/// text as it is. `null` stays `null` (nothing is sent).
pub fn content_value(value: &Value, media_type: &str) -> Result<Value, Error> {
    if value.is_null() {
        return Ok(Value::Null);
    }
    if is_json_media_type(media_type) {
        return Ok(Value::String(json_text(value)?));
    }
    Ok(match value_text(value)? {
        Some(text) => Value::String(text),
        None => Value::Null,
    })
}

/// Whether a media type is JSON: `application/json` or any `+json` type
/// (parameters after `;` ignored, case-insensitive).
pub fn is_json_media_type(media_type: &str) -> bool {
    let essence = media_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json" || (essence.contains('/') && essence.ends_with("+json"))
}

/// RFC 3986's reserved characters that `allowReserved` keeps as they are
/// (WIRE.md section 2): those of a query, without `#`, `[`, `]`, `&`, `=`, `+`.
fn kept_reserved(c: u8) -> bool {
    matches!(
        c,
        b':' | b'/' | b'?' | b'@' | b'!' | b'$' | b'\'' | b'(' | b')' | b'*' | b',' | b';'
    )
}

fn unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

/// Percent-encodes text as WIRE.md section 2 says: UTF-8, upper-case hex,
/// only the unreserved characters kept; with `allow_reserved`, also the
/// reserved characters a query may hold and every well-formed `%XX`.
pub fn percent_encode(text: &str, allow_reserved: bool) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let keep = unreserved(c)
            || (allow_reserved
                && (kept_reserved(c)
                    || (c == b'%'
                        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit))));
        if keep {
            out.push(c as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(c >> 4)] as char);
            out.push(HEX[usize::from(c & 0xf)] as char);
        }
        i += 1;
    }
    out
}

/// The defined items of an array: `null` (and undefined) items left out.
fn defined_items(items: &[Value]) -> impl Iterator<Item = &Value> {
    items.iter().filter(|v| !is_undefined(v))
}

/// The defined members of an object, in the order the value holds them.
fn defined_members(
    fields: &serde_json::Map<String, Value>,
) -> impl Iterator<Item = (&String, &Value)> {
    fields.iter().filter(|(_, v)| !is_undefined(v))
}

/// The encoded text of one item or member value (nested arrays and objects
/// as their JSON text).
fn encoded(value: &Value, allow_reserved: bool) -> Result<String, Error> {
    Ok(percent_encode(
        &value_text(value)?.unwrap_or_default(),
        allow_reserved,
    ))
}

/// A path parameter's expansion (WIRE.md section 3, "Path"), percent-encoded:
/// `simple`, `label` or `matrix`, with or without `explode`. An undefined
/// value, or an expansion that is empty, `.` or `..`, is refused with
/// [`Error::Build`]: such a segment would address another resource.
pub fn path_param(name: &str, value: &Value, style: Style, explode: bool) -> Result<String, Error> {
    if is_undefined(value) {
        return Err(Error::build(format!(
            "the path parameter {name:?} has no value"
        )));
    }
    let name_enc = percent_encode(name, false);
    let out = match style {
        Style::Label => {
            let sep = if explode { "." } else { "," };
            format!(".{}", simple_expansion(value, explode, sep)?)
        }
        Style::Matrix => matrix_expansion(&name_enc, value, explode)?,
        // Simple, and any style a path does not define.
        _ => simple_expansion(value, explode, ",")?,
    };
    if matches!(out.as_str(), "" | "." | "..") {
        return Err(Error::build(format!(
            "the path parameter {name:?} would change the path ({out:?})"
        )));
    }
    Ok(out)
}

/// `simple` (and the body of `label`): items joined by `sep`; object members
/// as `k,v` pairs, or `k=v` with `explode`, joined by `sep`.
fn simple_expansion(value: &Value, explode: bool, sep: &str) -> Result<String, Error> {
    let mut parts = Vec::new();
    match value {
        Value::Array(items) => {
            for item in defined_items(items) {
                parts.push(encoded(item, false)?);
            }
        }
        Value::Object(fields) => {
            for (k, v) in defined_members(fields) {
                let (k, v) = (percent_encode(k, false), encoded(v, false)?);
                if explode {
                    parts.push(format!("{k}={v}"));
                } else {
                    parts.push(k);
                    parts.push(v);
                }
            }
            if !explode {
                return Ok(parts.join(","));
            }
        }
        scalar => parts.push(encoded(scalar, false)?),
    }
    Ok(parts.join(sep))
}

fn matrix_expansion(name: &str, value: &Value, explode: bool) -> Result<String, Error> {
    let pair = |k: &str, v: String| {
        if v.is_empty() {
            format!(";{k}")
        } else {
            format!(";{k}={v}")
        }
    };
    Ok(match value {
        Value::Array(items) if explode => {
            let mut out = String::new();
            for item in defined_items(items) {
                out.push_str(&pair(name, encoded(item, false)?));
            }
            out
        }
        Value::Object(fields) if explode => {
            let mut out = String::new();
            for (k, v) in defined_members(fields) {
                out.push_str(&pair(&percent_encode(k, false), encoded(v, false)?));
            }
            out
        }
        other => pair(name, simple_expansion(other, false, ",")?),
    })
}

/// A query parameter (WIRE.md section 3, "Query"): its pieces, encoded and
/// joined with `&`; `""` when nothing is sent. `spaceDelimited` and
/// `pipeDelimited` with `explode` are written as `form` with `explode`;
/// `deepObject` follows sdkgen's nested and array convention.
pub fn query_param(
    name: &str,
    value: &Value,
    style: Style,
    explode: bool,
    allow_reserved: bool,
) -> Result<String, Error> {
    let mut pieces = Vec::new();
    query_pieces(name, value, style, explode, allow_reserved, &mut pieces)?;
    Ok(pieces.join("&"))
}

fn query_pieces(
    name: &str,
    value: &Value,
    style: Style,
    explode: bool,
    allow_reserved: bool,
    out: &mut Vec<String>,
) -> Result<(), Error> {
    if is_undefined(value) {
        return Ok(());
    }
    let name_enc = percent_encode(name, false);
    if style == Style::DeepObject {
        return deep_object(&name_enc, value, allow_reserved, out);
    }
    let sep = match style {
        Style::SpaceDelimited if !explode => "%20",
        Style::PipeDelimited if !explode => "%7C",
        _ if !explode => ",",
        _ => "",
    };
    match value {
        Value::Array(items) => {
            let items: Vec<String> = defined_items(items)
                .map(|v| encoded(v, allow_reserved))
                .collect::<Result<_, _>>()?;
            if explode {
                out.extend(items.into_iter().map(|v| format!("{name_enc}={v}")));
            } else {
                out.push(format!("{name_enc}={}", items.join(sep)));
            }
        }
        Value::Object(fields) => {
            let mut flat = Vec::new();
            for (k, v) in defined_members(fields) {
                let (k, v) = (percent_encode(k, false), encoded(v, allow_reserved)?);
                if explode {
                    out.push(format!("{k}={v}"));
                } else {
                    flat.push(k);
                    flat.push(v);
                }
            }
            if !explode {
                out.push(format!("{name_enc}={}", flat.join(sep)));
            }
        }
        scalar => out.push(format!("{name_enc}={}", encoded(scalar, allow_reserved)?)),
    }
    Ok(())
}

/// `deepObject`, sdkgen's convention: nested objects nest brackets, an array
/// of scalars is `name[]=v` per item, an array holding an object or array
/// indexes every (defined) item from 0, a scalar is `name=v`. `prefix` is
/// already encoded.
fn deep_object(
    prefix: &str,
    value: &Value,
    allow_reserved: bool,
    out: &mut Vec<String>,
) -> Result<(), Error> {
    match value {
        Value::Object(fields) => {
            for (k, v) in defined_members(fields) {
                let key = format!("{prefix}%5B{}%5D", percent_encode(k, false));
                deep_object(&key, v, allow_reserved, out)?;
            }
        }
        Value::Array(items) => {
            let items: Vec<&Value> = defined_items(items).collect();
            let indexed = items
                .iter()
                .any(|v| matches!(v, Value::Object(_) | Value::Array(_)));
            for (i, item) in items.into_iter().enumerate() {
                let key = if indexed {
                    format!("{prefix}%5B{i}%5D")
                } else {
                    format!("{prefix}%5B%5D")
                };
                deep_object(&key, item, allow_reserved, out)?;
            }
        }
        Value::Null => {}
        scalar => out.push(format!("{prefix}={}", encoded(scalar, allow_reserved)?)),
    }
    Ok(())
}

/// Whether a header value is visible ASCII, spaces and tabs only.
fn header_safe(text: &str) -> bool {
    text.bytes()
        .all(|c| c == b'\t' || (b' '..=b'~').contains(&c))
}

/// A header parameter's value (WIRE.md section 3, "Header"): the `simple`
/// style without percent-encoding; `None` when the value is undefined. Any
/// character but visible ASCII, spaces and tabs is refused with
/// [`Error::Build`] before anything is sent.
pub fn header_param(name: &str, value: &Value, explode: bool) -> Result<Option<String>, Error> {
    if is_undefined(value) {
        return Ok(None);
    }
    let mut parts = Vec::new();
    match value {
        Value::Array(items) => {
            for item in defined_items(items) {
                parts.push(value_text(item)?.unwrap_or_default());
            }
        }
        Value::Object(fields) => {
            for (k, v) in defined_members(fields) {
                let v = value_text(v)?.unwrap_or_default();
                if explode {
                    parts.push(format!("{k}={v}"));
                } else {
                    parts.push(k.clone());
                    parts.push(v);
                }
            }
        }
        scalar => parts.push(value_text(scalar)?.unwrap_or_default()),
    }
    let text = parts.join(",");
    if !header_safe(&text) {
        return Err(Error::build(format!(
            "the header {name:?} may hold only visible ASCII, spaces and tabs"
        )));
    }
    Ok(Some(text))
}

/// A cookie parameter's pairs (WIRE.md section 3, "Cookie"): `form` style,
/// values percent-encoded, pairs joined with `; `; `None` when the value is
/// undefined.
pub fn cookie_param(name: &str, value: &Value, explode: bool) -> Result<Option<String>, Error> {
    if is_undefined(value) {
        return Ok(None);
    }
    let name_enc = percent_encode(name, false);
    let mut pairs = Vec::new();
    match value {
        Value::Array(items) => {
            let items: Vec<String> = defined_items(items)
                .map(|v| encoded(v, false))
                .collect::<Result<_, _>>()?;
            if explode {
                pairs.extend(items.into_iter().map(|v| format!("{name_enc}={v}")));
            } else {
                pairs.push(format!("{name_enc}={}", items.join(",")));
            }
        }
        Value::Object(fields) => {
            let mut flat = Vec::new();
            for (k, v) in defined_members(fields) {
                let (k, v) = (percent_encode(k, false), encoded(v, false)?);
                if explode {
                    pairs.push(format!("{k}={v}"));
                } else {
                    flat.push(k);
                    flat.push(v);
                }
            }
            if !explode {
                pairs.push(format!("{name_enc}={}", flat.join(",")));
            }
        }
        scalar => pairs.push(format!("{name_enc}={}", encoded(scalar, false)?)),
    }
    Ok(Some(pairs.join("; ")))
}

/// How one property of an `application/x-www-form-urlencoded` body is
/// written: its `encoding` entry (form and explode when there is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormField {
    pub name: &'static str,
    pub style: Style,
    pub explode: bool,
    pub allow_reserved: bool,
}

impl FormField {
    pub const fn new(
        name: &'static str,
        style: Style,
        explode: bool,
        allow_reserved: bool,
    ) -> Self {
        FormField {
            name,
            style,
            explode,
            allow_reserved,
        }
    }
}

/// An `application/x-www-form-urlencoded` body (WIRE.md section 4): each
/// property written as a query parameter of its name would be, with its
/// field's style; the fields in the order of `fields` (the schema's), then
/// any other member of `value` in the order it holds them, as `form` with
/// `explode`. Pieces joined with `&`; spaces as `%20`.
pub fn form_body(fields: &[FormField], value: &Value) -> Result<String, Error> {
    let mut pieces = Vec::new();
    let Value::Object(members) = value else {
        query_pieces("", value, Style::Form, true, false, &mut pieces)?;
        return Ok(pieces.join("&"));
    };
    for field in fields {
        if let Some(v) = members.get(field.name) {
            query_pieces(
                field.name,
                v,
                field.style,
                field.explode,
                field.allow_reserved,
                &mut pieces,
            )?;
        }
    }
    for (name, v) in members {
        if !fields.iter().any(|f| f.name == name) {
            query_pieces(name, v, Style::Form, true, false, &mut pieces)?;
        }
    }
    Ok(pieces.join("&"))
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (RFC 4648), for HTTP Basic credentials.
pub(super) fn base64_encode(input: &[u8]) -> String {
    let mut out = String::with_capacity(input.len().div_ceil(3) * 4);
    for chunk in input.chunks(3) {
        let byte = |i: usize| chunk.get(i).copied().unwrap_or(0);
        let b = [byte(0), byte(1), byte(2)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let sextet = |shift: u32| char::from(BASE64[((n >> shift) & 0x3f) as usize]);
        out.push(sextet(18));
        out.push(sextet(12));
        out.push(if chunk.len() > 1 { sextet(6) } else { '=' });
        out.push(if chunk.len() > 2 { sextet(0) } else { '=' });
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn path_segments_cannot_escape() {
        assert_eq!(encode_path_segment("abc-1.2_~").expect("ok"), "abc-1.2_~");
        assert_eq!(encode_path_segment("../admin").expect("ok"), "..%2Fadmin");
        assert_eq!(encode_path_segment("a/b").expect("ok"), "a%2Fb");
        assert_eq!(
            encode_path_segment("a b?c#d%e").expect("ok"),
            "a%20b%3Fc%23d%25e"
        );
        assert_eq!(encode_path_segment("...").expect("ok"), "...");
        assert_eq!(encode_path_segment("%2e%2e").expect("ok"), "%252e%252e");
        assert_eq!(encode_path_segment("é").expect("ok"), "%C3%A9");
        assert_eq!(encode_path_segment("\\x").expect("ok"), "%5Cx");
        for bad in ["", ".", ".."] {
            assert!(
                matches!(encode_path_segment(bad), Err(Error::Build { .. })),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn encoded_segments_survive_url_parsing() {
        for value in [
            "../../etc/passwd",
            "a/../b",
            "..%2f",
            "?x=1",
            "#frag",
            "a\\..\\b",
        ] {
            let segment = encode_path_segment(value).expect("ok");
            let url = reqwest::Url::parse(&format!("http://h/users/{segment}/posts")).expect("url");
            let decoded: Vec<String> = url
                .path_segments()
                .expect("segments")
                .map(|s| {
                    percent_encoding::percent_decode_str(s)
                        .decode_utf8_lossy()
                        .into_owned()
                })
                .collect();
            assert_eq!(
                decoded,
                vec!["users".to_string(), value.to_string(), "posts".to_string()]
            );
        }
    }

    #[test]
    fn query_strings_are_strictly_encoded() {
        let q = encode_query(&pairs(&[("q", "a b&c=d+e"), ("name[x]", "é/")]));
        assert_eq!(q, "q=a%20b%26c%3Dd%2Be&name%5Bx%5D=%C3%A9%2F");
        assert_eq!(encode_query(&[]), "");
        assert_eq!(
            encode_form_body(&pairs(&[("a", "1"), ("b", "x y")])),
            "a=1&b=x%20y"
        );
    }

    // Objects are written with their keys in sorted order so the expectations
    // hold whether or not serde_json's `preserve_order` feature is on.
    #[test]
    fn form_style() {
        assert_eq!(query_form("id", &json!(5), true), pairs(&[("id", "5")]));
        assert_eq!(query_form("id", &json!(null), true), pairs(&[]));
        assert_eq!(
            query_form("on", &json!(true), false),
            pairs(&[("on", "true")])
        );
        assert_eq!(
            query_form("id", &json!([3, 4, 5]), true),
            pairs(&[("id", "3"), ("id", "4"), ("id", "5")])
        );
        assert_eq!(
            query_form("id", &json!([3, "x"]), false),
            pairs(&[("id", "3,x")])
        );
        assert_eq!(
            query_form("color", &json!({"G": 200, "R": 100}), true),
            pairs(&[("G", "200"), ("R", "100")])
        );
        assert_eq!(
            query_form("color", &json!({"G": 200, "R": 100}), false),
            pairs(&[("color", "G,200,R,100")])
        );
    }

    #[test]
    fn deep_object_style() {
        assert_eq!(
            query_deep_object(
                "filter",
                &json!({"age": {"gt": 3}, "name": "x", "skip": null, "tags": ["a", "b"]})
            ),
            pairs(&[
                ("filter[age][gt]", "3"),
                ("filter[name]", "x"),
                ("filter[tags]", "a"),
                ("filter[tags]", "b"),
            ])
        );
        assert_eq!(query_deep_object("f", &json!("s")), pairs(&[("f", "s")]));
    }

    #[test]
    fn numbers_as_javascript_writes_them() {
        for (x, text) in [
            (1.2345678901234568e20, "123456789012345680000"),
            (1.2345678901234568e21, "1.2345678901234568e+21"),
            (123e-9, "1.23e-7"),
            (1.5e-6, "0.0000015"),
            (-1e-7, "-1e-7"),
            (-2.5e25, "-2.5e+25"),
            (100.0, "100"),
            (12.5, "12.5"),
            (0.000123, "0.000123"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
        ] {
            assert_eq!(number_text(x).expect("finite"), text, "{x:e}");
        }
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert!(matches!(number_text(bad), Err(Error::Build { .. })));
        }
        assert_eq!(
            json_text(&json!({"b": [1.0, null, "é"], "a": 1e21})).expect("json"),
            r#"{"b":[1,null,"é"],"a":1e+21}"#
        );
    }

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        for (input, output) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
            ("Aladdin:open sesame", "QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        ] {
            assert_eq!(base64_encode(input.as_bytes()), output);
        }
    }
}
