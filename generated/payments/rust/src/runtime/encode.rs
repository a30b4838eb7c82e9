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
        Value::Number(n) => n.to_string(),
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
