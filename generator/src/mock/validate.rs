//! Request validation against the IR: parameters (present, parsing as their
//! type) and JSON bodies (required fields, primitive types and formats, enum
//! values, union variants). Enums are strict: this is the server side.
//!
//! The schemas' validation keywords are enforced too (pattern, lengths,
//! bounds, multipleOf, item and field counts, unique items), and an object
//! whose schema says `additionalProperties: false` takes no unknown field;
//! other objects accept unknown fields.

use serde_json::{Map, Value};

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::ir::{
    Api, Constraints, EnumBase, ParamLocation, ParamStyle, Primitive, TypeKind, TypeRef,
};

/// One problem with a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Issue {
    /// `body`, `path`, `query`, `header` or `cookie`.
    pub location: &'static str,
    /// A JSON pointer (RFC 6901): into the body, or `/name` for a parameter.
    pub pointer: String,
    pub message: String,
}

impl Issue {
    pub fn new(location: &'static str, pointer: String, message: impl Into<String>) -> Issue {
        Issue {
            location,
            pointer,
            message: message.into(),
        }
    }
}

/// Recursion guard for alias chains and deeply nested values.
const MAX_DEPTH: usize = 128;

/// Appends one reference token to a JSON pointer.
pub(crate) fn push_pointer(base: &str, token: &str) -> String {
    format!("{base}/{}", token.replace('~', "~0").replace('/', "~1"))
}

/// Checks `value` against `ty`; problems go to `out` (as `(pointer, message)`).
pub(crate) fn check(
    api: &Api,
    value: &Value,
    ty: &TypeRef,
    pointer: &str,
    out: &mut Vec<(String, String)>,
) {
    check_at(api, value, ty, pointer, out, 0);
}

/// Whether `value` fits `ty` with no problem at all.
pub(crate) fn fits(api: &Api, value: &Value, ty: &TypeRef) -> bool {
    let mut out = Vec::new();
    check(api, value, ty, "", &mut out);
    out.is_empty()
}

fn check_at(
    api: &Api,
    value: &Value,
    ty: &TypeRef,
    pointer: &str,
    out: &mut Vec<(String, String)>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        out.push((pointer.to_string(), "nested too deeply".to_string()));
        return;
    }
    match ty {
        TypeRef::Any => {}
        TypeRef::Nullable(inner) => {
            if !value.is_null() {
                check_at(api, value, inner, pointer, out, depth + 1);
            }
        }
        TypeRef::Primitive(p) => {
            if let Err(message) = check_primitive(value, *p) {
                out.push((pointer.to_string(), message));
            }
        }
        TypeRef::Array(item) => match value {
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    check_at(
                        api,
                        v,
                        item,
                        &push_pointer(pointer, &i.to_string()),
                        out,
                        depth + 1,
                    );
                }
            }
            other => out.push((pointer.to_string(), expected("an array", other))),
        },
        TypeRef::Map(item) => match value {
            Value::Object(map) => {
                for (k, v) in map {
                    check_at(api, v, item, &push_pointer(pointer, k), out, depth + 1);
                }
            }
            other => out.push((pointer.to_string(), expected("an object", other))),
        },
        TypeRef::Named(name) => {
            let Some(named) = api.type_by_name(name) else {
                // The IR names only types it defines; an unknown one accepts anything.
                return;
            };
            let declared = match &named.kind {
                TypeKind::Object { fields, .. } => fields.as_slice(),
                _ => &[],
            };
            check_constraints(&named.constraints, value, pointer, declared, out);
            match &named.kind {
                TypeKind::Alias { target } => check_at(api, value, target, pointer, out, depth + 1),
                TypeKind::Object { fields, additional } => {
                    let Value::Object(map) = value else {
                        out.push((
                            pointer.to_string(),
                            expected(&format!("an object ({name})"), value),
                        ));
                        return;
                    };
                    for field in fields {
                        match map.get(&field.name) {
                            // Required read-only fields are for responses only.
                            None if field.required && !field.read_only => out.push((
                                push_pointer(pointer, &field.name),
                                "is required".to_string(),
                            )),
                            None => {}
                            Some(v) => {
                                let at = push_pointer(pointer, &field.name);
                                check_at(api, v, &field.ty, &at, out, depth + 1);
                                check_constraints(&field.constraints, v, &at, &[], out);
                            }
                        }
                    }
                    if named.constraints.closed && additional.is_none() {
                        for k in map.keys() {
                            if !fields.iter().any(|f| f.name == *k) {
                                out.push((
                                    push_pointer(pointer, k),
                                    format!("is not a field of {name}, which takes no others"),
                                ));
                            }
                        }
                    }
                    if let Some(extra) = additional {
                        for (k, v) in map {
                            if !fields.iter().any(|f| f.name == *k) {
                                check_at(api, v, extra, &push_pointer(pointer, k), out, depth + 1);
                            }
                        }
                    }
                }
                TypeKind::Enum { base, values, .. } => {
                    if !values.iter().any(|e| same_value(&e.value, value)) {
                        let listed: Vec<String> = values
                            .iter()
                            .map(|e| match &e.value {
                                Value::String(s) => s.clone(),
                                other => other.to_string(),
                            })
                            .collect();
                        let message = if !base_fits(*base, value) {
                            expected(base_name(*base), value)
                        } else if listed.len() == 1 {
                            format!("must be {}", listed[0])
                        } else {
                            format!("must be one of: {}", listed.join(", "))
                        };
                        out.push((pointer.to_string(), message));
                    }
                }
                TypeKind::Union {
                    variants,
                    discriminator,
                    ..
                } => {
                    if let (Some(prop), Value::Object(map)) = (discriminator, value) {
                        if variants.iter().any(|v| !v.tags.is_empty()) {
                            let tags: Vec<&str> = variants
                                .iter()
                                .flat_map(|v| v.tags.iter().map(String::as_str))
                                .collect();
                            let at = push_pointer(pointer, prop);
                            match map.get(prop) {
                                None => out.push((
                                    at,
                                    format!("is required (one of: {})", tags.join(", ")),
                                )),
                                Some(Value::String(tag)) => {
                                    match variants.iter().find(|v| v.tags.iter().any(|t| t == tag))
                                    {
                                        Some(variant) => check_at(
                                            api,
                                            value,
                                            &variant.ty,
                                            pointer,
                                            out,
                                            depth + 1,
                                        ),
                                        None => out.push((
                                            at,
                                            format!(
                                                "unknown value {tag:?} (one of: {})",
                                                tags.join(", ")
                                            ),
                                        )),
                                    }
                                }
                                Some(other) => out.push((at, expected("a string", other))),
                            }
                            return;
                        }
                    }
                    let mut best: Option<Vec<(String, String)>> = None;
                    for variant in variants {
                        let mut errs = Vec::new();
                        check_at(api, value, &variant.ty, pointer, &mut errs, depth + 1);
                        if errs.is_empty() {
                            return;
                        }
                        if best.as_ref().is_none_or(|b| errs.len() < b.len()) {
                            best = Some(errs);
                        }
                    }
                    let names: Vec<String> = variants.iter().map(|v| describe(&v.ty)).collect();
                    out.push((
                        pointer.to_string(),
                        format!(
                            "matches none of the variants of {name} ({})",
                            names.join(", ")
                        ),
                    ));
                    // The closest variant's problems say what to fix.
                    if let Some(errs) = best {
                        out.extend(errs);
                    }
                }
            }
        }
    }
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

fn base_fits(base: EnumBase, v: &Value) -> bool {
    match base {
        EnumBase::String => v.is_string(),
        EnumBase::Integer => is_integer(v),
        EnumBase::Number => v.is_number(),
        EnumBase::Boolean => v.is_boolean(),
    }
}

fn base_name(base: EnumBase) -> &'static str {
    match base {
        EnumBase::String => "a string",
        EnumBase::Integer => "an integer",
        EnumBase::Number => "a number",
        EnumBase::Boolean => "a boolean",
    }
}

fn is_integer(v: &Value) -> bool {
    match v {
        Value::Number(n) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a number",
        Value::Number(_) => "an integer",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn expected(what: &str, got: &Value) -> String {
    format!("expected {what}, got {}", kind_of(got))
}

/// A short name for a type, for messages.
pub(crate) fn describe(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Named(n) => n.clone(),
        TypeRef::Primitive(p) => primitive_name(*p).to_string(),
        TypeRef::Array(item) => format!("array of {}", describe(item)),
        TypeRef::Map(item) => format!("map of {}", describe(item)),
        TypeRef::Nullable(inner) => format!("{} or null", describe(inner)),
        TypeRef::Any => "any".to_string(),
    }
}

fn primitive_name(p: Primitive) -> &'static str {
    match p {
        Primitive::String => "string",
        Primitive::DateTime => "date-time string",
        Primitive::Date => "date string",
        Primitive::Uuid => "uuid string",
        Primitive::Bytes => "base64 string",
        Primitive::Binary => "binary",
        Primitive::Integer32 => "32-bit integer",
        Primitive::Integer64 => "integer",
        Primitive::Float | Primitive::Double => "number",
        Primitive::Boolean => "boolean",
    }
}

fn check_primitive(v: &Value, p: Primitive) -> Result<(), String> {
    match p {
        Primitive::Integer32 | Primitive::Integer64 => {
            if !is_integer(v) {
                return Err(expected("an integer", v));
            }
            let in_range = match (v.as_i64(), p) {
                (Some(n), Primitive::Integer32) => i32::try_from(n).is_ok(),
                (Some(_), _) => true,
                // A u64 above i64::MAX.
                (None, _) if v.is_u64() => false,
                // A whole number written as a float (`5.0`).
                (None, Primitive::Integer32) => v
                    .as_f64()
                    .is_some_and(|f| f >= f64::from(i32::MIN) && f <= f64::from(i32::MAX)),
                (None, _) => v.as_f64().is_some_and(|f| f.abs() < 2f64.powi(63)),
            };
            if in_range {
                Ok(())
            } else if p == Primitive::Integer32 {
                Err("out of range for a 32-bit integer".to_string())
            } else {
                Err("out of range for a 64-bit integer".to_string())
            }
        }
        Primitive::Float | Primitive::Double => {
            if v.is_number() {
                Ok(())
            } else {
                Err(expected("a number", v))
            }
        }
        Primitive::Boolean => {
            if v.is_boolean() {
                Ok(())
            } else {
                Err(expected("a boolean", v))
            }
        }
        Primitive::String | Primitive::Binary => match v {
            Value::String(_) => Ok(()),
            other => Err(expected("a string", other)),
        },
        Primitive::DateTime | Primitive::Date | Primitive::Uuid | Primitive::Bytes => {
            let Value::String(s) = v else {
                return Err(expected("a string", v));
            };
            let (ok, what) = match p {
                Primitive::DateTime => (
                    is_date_time(s),
                    "an RFC 3339 date-time such as 2024-05-14T09:30:00Z",
                ),
                Primitive::Date => (is_date(s), "a date such as 2024-05-14"),
                Primitive::Uuid => (
                    is_uuid(s),
                    "a UUID such as 123e4567-e89b-42d3-a456-426614174000",
                ),
                _ => (is_base64(s), "base64 text"),
            };
            if ok {
                Ok(())
            } else {
                Err(format!("{s:?} is not {what}"))
            }
        }
    }
}

fn digits(s: &str) -> Option<u32> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// `YYYY-MM-DD` with a real day of a real month.
pub(crate) fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(y), Some(m), Some(d)) = (digits(&s[0..4]), digits(&s[5..7]), digits(&s[8..10]))
    else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// RFC 3339 `date-time`: `2024-05-14T09:30:00Z`, `...:00.123+02:00`.
pub(crate) fn is_date_time(s: &str) -> bool {
    if s.len() < 20 || !s.is_ascii() {
        return false;
    }
    let (date, rest) = s.split_at(10);
    if !is_date(date) || !matches!(rest.as_bytes()[0], b'T' | b't' | b' ') {
        return false;
    }
    let rest = &rest[1..];
    if rest.len() < 9 {
        return false;
    }
    let (time, mut zone) = rest.split_at(8);
    let t = time.as_bytes();
    if t[2] != b':' || t[5] != b':' {
        return false;
    }
    let (Some(h), Some(mi), Some(sec)) = (
        digits(&time[0..2]),
        digits(&time[3..5]),
        digits(&time[6..8]),
    ) else {
        return false;
    };
    if h > 23 || mi > 59 || sec > 60 {
        return false;
    }
    if let Some(frac) = zone.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        zone = &frac[n..];
    }
    match zone {
        "Z" | "z" => true,
        _ => {
            let z = zone.as_bytes();
            z.len() == 6
                && matches!(z[0], b'+' | b'-')
                && z[3] == b':'
                && digits(&zone[1..3]).is_some_and(|h| h <= 23)
                && digits(&zone[4..6]).is_some_and(|m| m <= 59)
        }
    }
}

/// `8-4-4-4-12` hexadecimal digits.
pub(crate) fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// Standard or URL-safe base64, padded or not.
pub(crate) fn is_base64(s: &str) -> bool {
    let body = s.trim_end_matches('=');
    let padding = s.len() - body.len();
    padding <= 2
        && (padding == 0 || s.len() % 4 == 0)
        && body.len() % 4 != 1
        && body
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'-' | b'_'))
}

/// The type behind names, aliases and nullability, as far as it goes.
pub(crate) fn resolve<'a>(api: &'a Api, mut ty: &'a TypeRef) -> &'a TypeRef {
    for _ in 0..MAX_DEPTH {
        match ty {
            TypeRef::Nullable(inner) => ty = inner,
            TypeRef::Named(n) => match api.type_by_name(n).map(|t| &t.kind) {
                Some(TypeKind::Alias { target }) => ty = target,
                _ => return ty,
            },
            _ => return ty,
        }
    }
    ty
}

/// Turns a parameter's text into the JSON value its type calls for, where it
/// parses; otherwise leaves it a string, for [`check`] to report.
pub(crate) fn coerce(api: &Api, raw: &str, ty: &TypeRef) -> Value {
    let text = || Value::String(raw.to_string());
    match resolve(api, ty) {
        TypeRef::Primitive(Primitive::Integer32 | Primitive::Integer64) => raw
            .parse::<i64>()
            .map(Value::from)
            .unwrap_or_else(|_| text()),
        TypeRef::Primitive(Primitive::Float | Primitive::Double) => raw
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .unwrap_or_else(text),
        TypeRef::Primitive(Primitive::Boolean) => match raw {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => text(),
        },
        TypeRef::Named(n) => match api.type_by_name(n).map(|t| &t.kind) {
            Some(TypeKind::Enum { base, .. }) => match base {
                EnumBase::String => text(),
                EnumBase::Integer => raw
                    .parse::<i64>()
                    .map(Value::from)
                    .unwrap_or_else(|_| text()),
                EnumBase::Number => raw
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                    .map(Value::Number)
                    .unwrap_or_else(text),
                EnumBase::Boolean => match raw {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ => text(),
                },
            },
            _ => text(),
        },
        _ => text(),
    }
}

/// The fields of an object type (through names and aliases), if it is one.
fn object_fields<'a>(
    api: &'a Api,
    ty: &'a TypeRef,
) -> Option<(&'a [crate::ir::Field], Option<&'a TypeRef>)> {
    match resolve(api, ty) {
        TypeRef::Named(n) => match api.type_by_name(n).map(|t| &t.kind) {
            Some(TypeKind::Object { fields, additional }) => Some((fields, additional.as_ref())),
            _ => None,
        },
        _ => None,
    }
}

/// The request's parameters, as sent.
pub(crate) struct RawParams<'a> {
    pub path: &'a [(String, String)],
    pub query: &'a [(String, String)],
    pub headers: &'a hyper::HeaderMap,
    pub cookies: &'a [(String, String)],
}

/// `local@domain`, neither empty nor holding spaces: a lenient reading of
/// `format: email` (RFC 5321 allows much; an address without its `@` is
/// what a server refuses).
fn is_email(s: &str) -> bool {
    match s.rsplit_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.is_empty()
                && !domain.contains('@')
                && !s.chars().any(char::is_whitespace)
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        }
        None => false,
    }
}

/// Compiled `pattern`s by their text; `None` for one the regex engine does
/// not take (an ECMA-only construct such as a lookaround), which is then
/// not enforced rather than refusing every request.
fn pattern(text: &str) -> Option<regex::Regex> {
    static PATTERNS: OnceLock<Mutex<HashMap<String, Option<regex::Regex>>>> = OnceLock::new();
    let cache = PATTERNS.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|p| p.into_inner());
    cache
        .entry(text.to_string())
        .or_insert_with(|| regex::Regex::new(text).ok())
        .clone()
}

/// Checks a value against the validation keywords of its schema; each
/// keyword applies to values of its kind only (JSON Schema's rule). The
/// `values` keywords apply to an object's entries other than `declared`.
pub(crate) fn check_constraints(
    c: &Constraints,
    value: &Value,
    pointer: &str,
    declared: &[crate::ir::Field],
    out: &mut Vec<(String, String)>,
) {
    if c.is_empty() {
        return;
    }
    match (value, &c.items, &c.values) {
        (Value::Array(items), Some(ic), _) => {
            for (i, item) in items.iter().enumerate() {
                check_constraints(ic, item, &push_pointer(pointer, &i.to_string()), &[], out);
            }
        }
        (Value::Object(map), _, Some(vc)) => {
            for (k, v) in map {
                if !declared.iter().any(|f| f.name == *k) {
                    check_constraints(vc, v, &push_pointer(pointer, k), &[], out);
                }
            }
        }
        _ => {}
    }
    if let (Value::Object(map), Some(kc)) = (value, &c.keys) {
        for k in map.keys() {
            let mut about_key = Vec::new();
            check_constraints(kc, &Value::String(k.clone()), "", &[], &mut about_key);
            for (_, message) in about_key {
                out.push((
                    push_pointer(pointer, k),
                    format!("names a key that {message}"),
                ));
            }
        }
    }
    let mut problem = |m: String| out.push((pointer.to_string(), m));
    match value {
        Value::String(s) => {
            let len = s.chars().count();
            if let Some(min) = c.min_length.filter(|&m| len < m) {
                problem(format!(
                    "is {len} characters long; the shortest allowed is {min}"
                ));
            }
            if let Some(max) = c.max_length.filter(|&m| len > m) {
                problem(format!(
                    "is {len} characters long; the longest allowed is {max}"
                ));
            }
            if let Some(p) = &c.pattern {
                if pattern(p).is_some_and(|re| !re.is_match(s)) {
                    problem(format!("does not match the pattern {p}"));
                }
            }
            if c.format.as_deref() == Some("email") && !is_email(s) {
                problem("is not an email address".to_string());
            }
        }
        Value::Number(n) => {
            let Some(v) = n.as_f64() else { return };
            if let Some(min) = c.minimum {
                if v < min || (c.exclusive_minimum && v == min) {
                    let op = if c.exclusive_minimum {
                        "over"
                    } else {
                        "at least"
                    };
                    problem(format!("is {n}; it must be {op} {min}"));
                }
            }
            if let Some(max) = c.maximum {
                if v > max || (c.exclusive_maximum && v == max) {
                    let op = if c.exclusive_maximum {
                        "under"
                    } else {
                        "at most"
                    };
                    problem(format!("is {n}; it must be {op} {max}"));
                }
            }
            if let Some(m) = c.multiple_of.filter(|&m| m > 0.0) {
                let q = v / m;
                if (q - q.round()).abs() > 1e-9 * q.abs().max(1.0) {
                    problem(format!("is {n}; it must be a multiple of {m}"));
                }
            }
        }
        Value::Array(items) => {
            if let Some(min) = c.min_items.filter(|&m| items.len() < m) {
                problem(format!(
                    "has {} items; the fewest allowed is {min}",
                    items.len()
                ));
            }
            if let Some(max) = c.max_items.filter(|&m| items.len() > m) {
                problem(format!(
                    "has {} items; the most allowed is {max}",
                    items.len()
                ));
            }
            if c.unique_items {
                let repeated = items
                    .iter()
                    .enumerate()
                    .any(|(i, a)| items[..i].iter().any(|b| same_value(a, b)));
                if repeated {
                    problem("has the same item twice; its items must be unique".to_string());
                }
            }
        }
        Value::Object(map) => {
            if let Some(min) = c.min_properties.filter(|&m| map.len() < m) {
                problem(format!(
                    "has {} fields; the fewest allowed is {min}",
                    map.len()
                ));
            }
            if let Some(max) = c.max_properties.filter(|&m| map.len() > m) {
                problem(format!(
                    "has {} fields; the most allowed is {max}",
                    map.len()
                ));
            }
        }
        _ => {}
    }
}

/// Checks every declared parameter of an operation: present when required,
/// and parsing as its type.
pub(crate) fn check_params(
    api: &Api,
    params: &[crate::ir::Param],
    raw: &RawParams<'_>,
) -> Vec<Issue> {
    let mut issues = Vec::new();
    for param in params {
        let location = match param.location {
            ParamLocation::Path => "path",
            ParamLocation::Query => "query",
            ParamLocation::Header => "header",
            ParamLocation::Cookie => "cookie",
        };
        let pointer = push_pointer("", &param.name);
        let value = match param.location {
            ParamLocation::Path => raw
                .path
                .iter()
                .find(|(k, _)| *k == param.name)
                .map(|(_, v)| simple_value(api, param, strip_path_style(param, v))),
            ParamLocation::Header => {
                let values: Vec<&str> = raw
                    .headers
                    .get_all(param.name.as_str())
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .collect();
                if values.is_empty() {
                    None
                } else {
                    Some(simple_value(api, param, &values.join(",")))
                }
            }
            ParamLocation::Cookie => raw
                .cookies
                .iter()
                .find(|(k, _)| *k == param.name)
                .map(|(_, v)| simple_value(api, param, v)),
            ParamLocation::Query => query_value(api, param, raw.query),
        };
        match value {
            None if param.required => issues.push(Issue::new(location, pointer, "is required")),
            None => {}
            Some(v) => {
                let mut out = Vec::new();
                check(api, &v, &param.ty, &pointer, &mut out);
                check_constraints(&param.constraints, &v, &pointer, &[], &mut out);
                issues.extend(out.into_iter().map(|(p, m)| Issue::new(location, p, m)));
            }
        }
    }
    issues
}

fn strip_path_style<'a>(param: &crate::ir::Param, v: &'a str) -> &'a str {
    match param.style {
        ParamStyle::Label => v.strip_prefix('.').unwrap_or(v),
        ParamStyle::Matrix => v
            .strip_prefix(';')
            .and_then(|r| r.strip_prefix(param.name.as_str()))
            .and_then(|r| r.strip_prefix('='))
            .unwrap_or(v),
        _ => v,
    }
}

/// A path, header or cookie value: scalars as they are, arrays split on
/// commas (dots for `label` with explode), objects as `k,v,k,v` (or `k=v,k=v` exploded).
fn simple_value(api: &Api, param: &crate::ir::Param, raw: &str) -> Value {
    let ty = resolve(api, &param.ty);
    if let TypeRef::Array(item) = ty {
        let sep = if param.style == ParamStyle::Label && param.explode {
            '.'
        } else {
            ','
        };
        return Value::Array(raw.split(sep).map(|s| coerce(api, s, item)).collect());
    }
    if let Some((fields, additional)) = object_fields(api, &param.ty) {
        let mut map = Map::new();
        let parts: Vec<&str> = raw.split(',').collect();
        let pairs: Vec<(&str, &str)> = if param.explode {
            parts.iter().filter_map(|p| p.split_once('=')).collect()
        } else {
            parts
                .chunks(2)
                .filter(|c| c.len() == 2)
                .map(|c| (c[0], c[1]))
                .collect()
        };
        for (k, v) in pairs {
            map.insert(k.to_string(), field_value(api, fields, additional, k, v));
        }
        return Value::Object(map);
    }
    coerce(api, raw, &param.ty)
}

fn field_value(
    api: &Api,
    fields: &[crate::ir::Field],
    additional: Option<&TypeRef>,
    key: &str,
    raw: &str,
) -> Value {
    match fields
        .iter()
        .find(|f| f.name == key)
        .map(|f| &f.ty)
        .or(additional)
    {
        Some(ty) => coerce(api, raw, ty),
        None => Value::String(raw.to_string()),
    }
}

/// A query parameter's value under its style, `None` when absent.
fn query_value(api: &Api, param: &crate::ir::Param, query: &[(String, String)]) -> Option<Value> {
    let name = param.name.as_str();
    let own: Vec<&str> = query
        .iter()
        .filter(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .collect();
    let ty = resolve(api, &param.ty);
    if let TypeRef::Array(item) = ty {
        let values: Vec<&str> = match param.style {
            ParamStyle::Form if param.explode => own,
            ParamStyle::SpaceDelimited => own.iter().flat_map(|v| v.split(' ')).collect(),
            ParamStyle::PipeDelimited => own.iter().flat_map(|v| v.split('|')).collect(),
            _ => own.iter().flat_map(|v| v.split(',')).collect(),
        };
        if values.is_empty() {
            return None;
        }
        return Some(Value::Array(
            values.iter().map(|s| coerce(api, s, item)).collect(),
        ));
    }
    if let Some((fields, additional)) = object_fields(api, &param.ty) {
        let mut map = Map::new();
        match param.style {
            ParamStyle::DeepObject => {
                let prefix = format!("{name}[");
                for (k, v) in query {
                    if let Some(inner) = k.strip_prefix(&prefix).and_then(|r| r.strip_suffix(']')) {
                        map.insert(
                            inner.to_string(),
                            field_value(api, fields, additional, inner, v),
                        );
                    }
                }
            }
            ParamStyle::Form if param.explode => {
                for (k, v) in query {
                    if fields.iter().any(|f| f.name == *k) {
                        map.insert(k.clone(), field_value(api, fields, additional, k, v));
                    }
                }
            }
            _ => {
                let parts: Vec<&str> = own.iter().flat_map(|v| v.split(',')).collect();
                for c in parts.chunks(2).filter(|c| c.len() == 2) {
                    map.insert(
                        c[0].to_string(),
                        field_value(api, fields, additional, c[0], c[1]),
                    );
                }
            }
        }
        return if map.is_empty() {
            None
        } else {
            Some(Value::Object(map))
        };
    }
    own.first().map(|v| coerce(api, v, &param.ty))
}

/// A form body (`application/x-www-form-urlencoded`) as a JSON object, each
/// value parsed as its field's type where it can be.
pub(crate) fn form_object(api: &Api, ty: &TypeRef, pairs: &[(String, String)]) -> Value {
    let (fields, additional) = object_fields(api, ty).unwrap_or((&[], None));
    let mut map = Map::new();
    for (k, v) in pairs {
        let is_array = fields
            .iter()
            .find(|f| f.name == *k)
            .is_some_and(|f| matches!(resolve(api, &f.ty), TypeRef::Array(_)));
        if is_array {
            let item = match fields
                .iter()
                .find(|f| f.name == *k)
                .map(|f| resolve(api, &f.ty))
            {
                Some(TypeRef::Array(item)) => coerce(api, v, item),
                _ => Value::String(v.clone()),
            };
            if let Value::Array(items) = map
                .entry(k.clone())
                .or_insert_with(|| Value::Array(Vec::new()))
            {
                items.push(item);
            }
        } else {
            map.insert(k.clone(), field_value(api, fields, additional, k, v));
        }
    }
    Value::Object(map)
}

/// A multipart body's parts as the object its schema describes: a file
/// part is a binary string, a part whose field takes structured data is
/// read as JSON (OpenAPI's default for such parts), others as their text,
/// and repeated parts of an array field make its items.
pub(crate) fn multipart_object(api: &Api, ty: &TypeRef, parts: &[super::multipart::Part]) -> Value {
    let (fields, additional) = object_fields(api, ty).unwrap_or((&[], None));
    let mut map = Map::new();
    for part in parts {
        let field_ty = fields
            .iter()
            .find(|f| f.name == part.name)
            .map(|f| &f.ty)
            .or(additional);
        let (is_array, item_ty) = match field_ty.map(|t| resolve(api, t)) {
            Some(TypeRef::Array(item)) => (true, Some(&**item)),
            _ => (false, field_ty),
        };
        let text = String::from_utf8_lossy(&part.data).into_owned();
        let value = if part.file {
            Value::String("<file>".to_string())
        } else {
            match item_ty.map(|t| resolve(api, t)) {
                Some(TypeRef::Primitive(_)) | None => match item_ty {
                    Some(t) => coerce(api, &text, t),
                    None => Value::String(text),
                },
                Some(t) => {
                    let structured =
                        matches!(t, TypeRef::Map(_) | TypeRef::Any | TypeRef::Array(_))
                            || matches!(t, TypeRef::Named(n) if matches!(
                                api.type_by_name(n).map(|x| &x.kind),
                                Some(TypeKind::Object { .. } | TypeKind::Union { .. })
                            ));
                    if structured {
                        serde_json::from_str(&text).unwrap_or(Value::String(text))
                    } else {
                        coerce(api, &text, t)
                    }
                }
            }
        };
        if is_array {
            if let Value::Array(items) = map
                .entry(part.name.clone())
                .or_insert_with(|| Value::Array(Vec::new()))
            {
                items.push(value);
            }
        } else {
            map.insert(part.name.clone(), value);
        }
    }
    Value::Object(map)
}

/// The pairs of a `Cookie` header.
pub(crate) fn cookies(headers: &hyper::HeaderMap) -> Vec<(String, String)> {
    headers
        .get_all(hyper::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|p| p.trim().split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().trim_matches('"').to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert!(is_date("2024-02-29"));
        assert!(!is_date("2023-02-29"));
        assert!(!is_date("2024-13-01"));
        assert!(!is_date("2024-1-01"));
        assert!(is_date_time("2024-05-14T09:30:00Z"));
        assert!(is_date_time("2024-05-14T09:30:00.123+02:00"));
        assert!(is_date_time("2024-05-14t09:30:00z"));
        assert!(!is_date_time("2024-05-14T09:30:00"));
        assert!(!is_date_time("2024-05-14T24:30:00Z"));
        assert!(!is_date_time("2024-05-14T09:30:00.Z"));
        assert!(!is_date_time("2024-05-14T09:30:00+2:00"));
        assert!(is_uuid("123e4567-e89b-42d3-a456-426614174000"));
        assert!(!is_uuid("123e4567e89b42d3a456426614174000"));
        assert!(is_base64("ZXhhbXBsZQ=="));
        assert!(is_base64("ZXhhbXBsZQ"));
        assert!(!is_base64("ZXhhbXBsZQ="));
        assert!(!is_base64("a"));
        assert!(!is_base64("not base64!"));
    }

    #[test]
    fn pointers_escape() {
        assert_eq!(push_pointer("", "a/b~c"), "/a~1b~0c");
        assert_eq!(push_pointer("/x", "0"), "/x/0");
    }
}
