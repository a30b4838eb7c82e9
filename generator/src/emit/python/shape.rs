//! What each operation's Python method takes and returns, read from the IR:
//! its inputs (parameters, and the body's fields when the body is an object),
//! the body's encoding and the shape of a successful response.

use serde_json::Value;

use crate::ir::{
    Api, BodyKind, Content, Operation, ParamLocation, ParamStyle, StatusSpec, TypeKind, TypeRef,
};

/// Where an input goes in the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Path,
    Query {
        style: ParamStyle,
        explode: bool,
    },
    Header,
    Cookie,
    /// One field of an object body.
    BodyField,
    /// The whole body.
    Body,
}

/// One keyword argument of a method.
#[derive(Debug, Clone)]
pub struct Input {
    /// The name on the wire (the whole body's is empty).
    pub wire: String,
    pub place: Place,
    pub ty: TypeRef,
    pub required: bool,
    /// Optional and nullable: leaving it out and sending `null` differ, so
    /// the argument defaults to `NOT_GIVEN`.
    pub tri_state: bool,
    /// A default the spec gives, as JSON.
    pub default: Option<Value>,
    pub description: Option<String>,
    pub deprecated: bool,
    /// A file part of a multipart body, or a binary body.
    pub file: bool,
    /// How a parameter is serialised (WIRE.md section 3): its style and
    /// explode (OpenAPI's defaults where the spec gives none), allowReserved
    /// and the media type of a parameter described by `content`.
    pub style: ParamStyle,
    pub explode: bool,
    pub allow_reserved: bool,
    pub content_type: Option<String>,
    /// A required field of an optional body: the argument may be left out,
    /// but only with the whole body.
    pub required_with_body: bool,
}

/// How the body is sent.
#[derive(Debug, Clone)]
pub struct BodyShape {
    pub media_type: String,
    pub kind: BodyKind,
    /// The body is an object whose fields are the method's arguments.
    pub flattened: bool,
    pub required: bool,
}

/// One kind of successful response.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// No body: the method returns `None`.
    Empty,
    Json(TypeRef),
    Text,
    Bytes,
    /// Several kinds of body under one status: the response's own
    /// `Content-Type` says which (JSON, then text, then bytes, the last
    /// being the fallback).
    ByType(Vec<Outcome>),
}

/// A successful response shape and the statuses that give it.
#[derive(Debug, Clone)]
pub struct Success {
    pub outcome: Outcome,
    /// Exact status codes; empty when only a range or `default` gives it.
    pub statuses: Vec<u16>,
}

#[derive(Debug, Clone)]
pub struct OpShape {
    pub inputs: Vec<Input>,
    pub body: Option<BodyShape>,
    /// Distinct successful shapes, in the order the parser tests them; the
    /// last one is the fallback.
    pub successes: Vec<Success>,
}

/// Follows aliases (and outer nullability) to the type that decides a shape.
pub fn resolve<'a>(api: &'a Api, ty: &'a TypeRef) -> &'a TypeRef {
    let mut current = ty.non_null();
    for _ in 0..64 {
        match current {
            TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
                Some(TypeKind::Alias { target }) => current = target.non_null(),
                _ => return current,
            },
            _ => return current,
        }
    }
    current
}

/// The fields of an object type, if `ty` is one.
fn object_fields<'a>(api: &'a Api, ty: &'a TypeRef) -> Option<&'a [crate::ir::Field]> {
    match resolve(api, ty) {
        TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
            Some(TypeKind::Object { fields, .. }) => Some(fields),
            _ => None,
        },
        _ => None,
    }
}

fn is_binary(api: &Api, ty: &TypeRef) -> bool {
    matches!(
        resolve(api, ty),
        TypeRef::Primitive(crate::ir::Primitive::Binary)
    )
}

/// Whether the header parameter is the key the runtime sends by itself.
fn is_key_header(op: &Operation, location: ParamLocation, name: &str, is_key: bool) -> bool {
    let Some(key) = op.plan.key.as_ref() else {
        return false;
    };
    location == ParamLocation::Header && (is_key || name.eq_ignore_ascii_case(&key.header))
}

pub fn shape(api: &Api, op: &Operation) -> OpShape {
    let mut inputs = Vec::new();
    let order = [
        ParamLocation::Path,
        ParamLocation::Query,
        ParamLocation::Header,
        ParamLocation::Cookie,
    ];
    for location in order {
        for p in op.params.iter().filter(|p| p.location == location) {
            if is_key_header(op, p.location, &p.name, p.is_idempotency_key) {
                continue;
            }
            let place = match p.location {
                ParamLocation::Path => Place::Path,
                ParamLocation::Query => Place::Query {
                    style: p.style,
                    explode: p.explode,
                },
                ParamLocation::Header => Place::Header,
                ParamLocation::Cookie => Place::Cookie,
            };
            inputs.push(Input {
                wire: p.name.clone(),
                place,
                ty: p.ty.clone(),
                required: p.required || p.location == ParamLocation::Path,
                tri_state: false,
                default: None,
                description: p.description.clone(),
                deprecated: p.deprecated,
                file: false,
                style: p.style,
                explode: p.explode,
                allow_reserved: p.allow_reserved,
                content_type: p.content_type.clone(),
                required_with_body: false,
            });
        }
    }

    let mut body = None;
    // The body the plan chose; its description is the spec's request body's.
    if let Some(plan) = op.plan.body.as_ref() {
        let content = &plan.content;
        let description = op.body.as_ref().and_then(|b| b.description.clone());
        let structured = matches!(
            content.kind,
            BodyKind::Json | BodyKind::Form | BodyKind::Multipart
        );
        let fields = if structured {
            object_fields(api, &content.ty)
        } else {
            None
        };
        let flattened = fields.is_some();
        if let Some(fields) = fields {
            for f in fields.iter().filter(|f| !f.read_only) {
                let required = plan.required && f.required;
                let tri_state = !required && f.ty.is_nullable() && content.kind == BodyKind::Json;
                inputs.push(Input {
                    wire: f.name.clone(),
                    place: Place::BodyField,
                    ty: f.ty.clone(),
                    required,
                    tri_state,
                    default: if required { None } else { f.default.clone() },
                    description: f.description.clone(),
                    deprecated: f.deprecated,
                    file: content.kind == BodyKind::Multipart && is_binary(api, &f.ty),
                    style: ParamStyle::Form,
                    explode: true,
                    allow_reserved: false,
                    content_type: None,
                    required_with_body: f.required && !plan.required,
                });
            }
        } else {
            inputs.push(Input {
                wire: String::new(),
                place: Place::Body,
                ty: content.ty.clone(),
                required: plan.required,
                tri_state: false,
                default: None,
                description,
                deprecated: false,
                file: content.kind == BodyKind::Binary,
                style: ParamStyle::Form,
                explode: true,
                allow_reserved: false,
                content_type: None,
                required_with_body: false,
            });
        }
        body = Some(BodyShape {
            media_type: content.media_type.clone(),
            kind: content.kind,
            flattened,
            required: plan.required,
        });
    }

    OpShape {
        inputs,
        body,
        successes: successes(op),
    }
}

fn outcome(contents: &[&Content]) -> Outcome {
    let kind = |c: &Content| match c.kind {
        BodyKind::Json => Outcome::Json(c.ty.clone()),
        BodyKind::Binary | BodyKind::Multipart => Outcome::Bytes,
        BodyKind::Text | BodyKind::Form => Outcome::Text,
    };
    // One outcome per kind: the first JSON content's type, text, bytes.
    let mut kinds: Vec<Outcome> = Vec::new();
    if let Some(json) = contents.iter().find(|c| c.kind == BodyKind::Json) {
        let json: &Content = json;
        kinds.push(kind(json));
    }
    for wanted in [Outcome::Text, Outcome::Bytes] {
        if contents.iter().any(|c| kind(c) == wanted) {
            kinds.push(wanted);
        }
    }
    match kinds.len() {
        0 => Outcome::Empty,
        1 => kinds.remove(0),
        _ => Outcome::ByType(kinds),
    }
}

fn successes(op: &Operation) -> Vec<Success> {
    let mut declared: Vec<_> = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .collect();
    if declared.is_empty() {
        // Only `default` (or nothing): it describes the success too.
        declared = op
            .responses
            .iter()
            .filter(|r| r.status == StatusSpec::Default)
            .collect();
    }
    let mut out: Vec<Success> = Vec::new();
    for r in declared {
        let o = outcome(&op.plain_contents(r));
        let code = match r.status {
            StatusSpec::Code(c) => Some(c),
            _ => None,
        };
        match out.iter_mut().find(|s| s.outcome == o) {
            Some(s) => s.statuses.extend(code),
            None => out.push(Success {
                outcome: o,
                statuses: code.into_iter().collect(),
            }),
        }
    }
    if out.is_empty() {
        out.push(Success {
            outcome: Outcome::Empty,
            statuses: Vec::new(),
        });
    }
    // A shape only a range gives cannot be tested for: it goes last.
    if let Some(i) = out.iter().position(|s| s.statuses.is_empty()) {
        let fallback = out.remove(i);
        out.push(fallback);
    }
    out
}
