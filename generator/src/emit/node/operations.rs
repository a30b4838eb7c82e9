//! What the Node emitter reads off the IR's operations, for the package's
//! views and the resources' alike: the body a method sends, the object whose
//! fields become its params, what it resolves to, a server's URL.

use super::types::{Flow, Read, Types};
use crate::ir::{Api, BodyKind, Content, Operation, Server, StatusSpec, TypeKind, TypeRef};

/// A server's URL with its variables replaced by their defaults.
pub fn server_url(server: &Server) -> String {
    let mut url = server.url.clone();
    for v in &server.variables {
        url = url.replace(&format!("{{{}}}", v.name), &v.default);
    }
    url
}
/// The request body content a method sends, as the operation's plan chose it.
pub fn chosen_body(op: &Operation) -> Option<&Content> {
    op.plan.body.as_ref().map(|b| &b.content)
}

/// The object type whose fields become params properties, for JSON, form and
/// multipart bodies of an object type.
pub fn flattened_body(api: &Api, content: &Content) -> Option<usize> {
    match content.kind {
        BodyKind::Json | BodyKind::Form | BodyKind::Multipart => object_index(api, &content.ty),
        BodyKind::Text | BodyKind::Binary => None,
    }
}

/// The object type (through aliases) a type reference names, if any.
pub fn object_index(api: &Api, ty: &TypeRef) -> Option<usize> {
    let mut current = ty;
    // Alias chains end: a cycle of aliases has no object at its end.
    for _ in 0..=api.types.len() {
        let TypeRef::Named(n) = current else {
            return None;
        };
        let i = api.type_position(n)?;
        match &api.types[i].kind {
            TypeKind::Object { .. } => return Some(i),
            TypeKind::Alias { target } => current = target,
            _ => return None,
        }
    }
    None
}

/// What a method resolves to, and how the runtime decodes it.
pub struct SuccessBody {
    /// The TypeScript type.
    pub ts: String,
    pub parse_as: &'static str,
    pub decode: Decode,
}

/// How a success body becomes the SDK's: unchanged, by one reader (which
/// checks its shape and converts it), or by the reader of the response's
/// status when 2xx answers differ.
pub enum Decode {
    None,
    One(Read),
    ByStatus(Vec<(String, Read)>),
}

pub fn success_body(types: &Types, op: &Operation) -> SuccessBody {
    let successes: Vec<&crate::ir::Response> = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .collect();
    let mut members: Vec<String> = Vec::new();
    let mut kinds: Vec<BodyKind> = Vec::new();
    // Per success status, the reader of its JSON body (None: unchanged).
    let mut by_status: Vec<(String, Option<Read>)> = Vec::new();
    let mut empty = successes.is_empty();
    for r in &successes {
        let contents = op.plain_contents(r);
        if contents.is_empty() {
            empty = true;
        }
        let status = match r.status {
            StatusSpec::Code(c) => c.to_string(),
            _ => "\"2XX\"".to_string(),
        };
        for c in contents {
            kinds.push(c.kind);
            let ty = match c.kind {
                BodyKind::Binary => vec!["Uint8Array".to_string()],
                BodyKind::Text => vec!["string".to_string()],
                _ => types.members(&c.ty, Flow::Output),
            };
            for m in ty {
                if !members.contains(&m) {
                    members.push(m);
                }
            }
            let conv = match c.kind {
                BodyKind::Json => Some(types.reader(&c.ty)).filter(|r| !r.is_any()),
                _ => None,
            };
            if !by_status.iter().any(|(s, _)| *s == status) {
                by_status.push((status.clone(), conv));
            }
        }
    }
    let all = |k: BodyKind| !kinds.is_empty() && kinds.iter().all(|x| *x == k);
    let parse_as = if all(BodyKind::Json) {
        "json"
    } else if all(BodyKind::Binary) {
        "bytes"
    } else if all(BodyKind::Text) {
        "text"
    } else {
        "auto"
    };
    if members.iter().any(|m| m == "unknown") {
        members = vec!["unknown".into()];
    }
    if members.is_empty() {
        members.push("void".into());
    } else if empty {
        members.push("undefined".into());
    }
    let mut convs: Vec<&Option<Read>> = by_status.iter().map(|(_, c)| c).collect();
    convs.dedup();
    let decode = match convs.as_slice() {
        [] | [None] => Decode::None,
        [Some(c)] => Decode::One(c.clone()),
        _ => Decode::ByStatus(
            by_status
                .into_iter()
                .filter_map(|(s, c)| c.map(|c| (s, c)))
                .collect(),
        ),
    };
    SuccessBody {
        ts: members.join(" | "),
        parse_as,
        decode,
    }
}

/// Per operation, the object type whose fields are its params object's.
pub fn flattened_bodies(api: &Api) -> Vec<Option<usize>> {
    api.operations
        .iter()
        .map(|op| chosen_body(op).and_then(|c| flattened_body(api, c)))
        .collect()
}
