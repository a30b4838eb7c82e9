//! Error answers the mock makes itself (a refused credential, a bad request,
//! an idempotency conflict, a fault), shaped as the spec declares the
//! operation's response for that status: its media type, and a body of its
//! schema with the code and the message put where the schema has room for
//! them (`code`, `message`, a nested `error` object, `status`...; an
//! integer `code` gets the HTTP status).
//!
//! Where the spec declares no such response (or none with a body), the body
//! is `{"error": {"code", "message"}}` as `application/json`, which the SDK
//! runtimes read as well.

use bytes::Bytes;
use serde_json::{json, Map, Value};

use super::data::Example;
use super::keys::Stored;
use super::validate::{fits, resolve};
use crate::ir::{Api, BodyKind, Content, Operation, Response, StatusSpec, TypeKind, TypeRef};

/// The response the operation declares for `status`: the code itself, else
/// its range (`4XX`), else `default`.
pub(crate) fn declared(op: &Operation, status: u16) -> Option<&Response> {
    let find = |spec: StatusSpec| op.responses.iter().find(|r| r.status == spec);
    find(StatusSpec::Code(status))
        .or_else(|| find(StatusSpec::Range(status / 100)))
        .or_else(|| find(StatusSpec::Default))
}

/// The content a response is sent as: its JSON one, else its first.
pub(crate) fn content_of(response: &Response) -> Option<&Content> {
    response
        .contents
        .iter()
        .find(|c| c.kind == BodyKind::Json)
        .or(response.contents.first())
}

/// A mock-made error for `op` (or for no operation: an unknown path).
pub(crate) fn error_stored(
    api: &Api,
    op: Option<&Operation>,
    status: u16,
    code: &str,
    message: &str,
) -> Stored {
    let content = op.and_then(|op| declared(op, status)).and_then(content_of);
    let Some(content) = content else {
        return Stored {
            status,
            headers: vec![("content-type".to_string(), "application/json".to_string())],
            body: Bytes::from(json!({"error": {"code": code, "message": message}}).to_string()),
        };
    };
    let body = match content.kind {
        BodyKind::Json => {
            Bytes::from(shaped(api, &content.ty, status, code, message, 0).to_string())
        }
        _ => Bytes::from(format!("{code}: {message}")),
    };
    Stored {
        status,
        headers: vec![("content-type".to_string(), content.media_type.clone())],
        body,
    }
}

/// A value of `ty` with the error's code, message and status where it fits.
fn shaped(api: &Api, ty: &TypeRef, status: u16, code: &str, message: &str, depth: usize) -> Value {
    let example = Example {
        api,
        echo: None,
        path_params: &[],
        id: None,
        seq: 1,
    };
    let mut value = example.value(ty);
    let TypeRef::Named(name) = resolve(api, ty) else {
        return value;
    };
    let Some(TypeKind::Object { fields, .. }) = api.type_by_name(name).map(|t| &t.kind) else {
        return value;
    };
    let Value::Object(map) = &mut value else {
        return value;
    };
    for field in fields {
        // The candidates for the field, best first: an integer `code` gets
        // the HTTP status.
        let wanted = match field.name.to_ascii_lowercase().as_str() {
            "code" | "error_code" | "errorcode" | "type" => {
                vec![Value::from(code), Value::from(status)]
            }
            "message" | "detail" | "error_description" | "description" | "title" | "msg" => {
                vec![Value::from(message)]
            }
            "status" | "status_code" | "statuscode" | "http_status" => vec![Value::from(status)],
            "error" | "errors" if depth < 2 => {
                vec![nested(api, &field.ty, status, code, message, depth)]
            }
            _ => Vec::new(),
        };
        if let Some(v) = wanted.into_iter().find(|v| fits(api, v, &field.ty)) {
            map.insert(field.name.clone(), v);
        }
    }
    value
}

/// The value of an `error` field: an object shaped the same way, a list
/// of one, or the message as text.
fn nested(api: &Api, ty: &TypeRef, status: u16, code: &str, message: &str, depth: usize) -> Value {
    match resolve(api, ty).non_null() {
        TypeRef::Array(item) => {
            Value::Array(vec![shaped(api, item, status, code, message, depth + 1)])
        }
        TypeRef::Primitive(_) => Value::from(message),
        other => match shaped(api, other, status, code, message, depth + 1) {
            Value::Object(m) if m.is_empty() => {
                let mut m = Map::new();
                m.insert("code".to_string(), Value::from(code));
                m.insert("message".to_string(), Value::from(message));
                Value::Object(m)
            }
            v => v,
        },
    }
}
