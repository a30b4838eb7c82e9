//! The operation plan: every decision about an operation that the three SDKs
//! must agree on, made once, here, so no emitter derives one on its own.
//!
//! The plan pass runs after the classification pass (`classify::run`) and
//! reads only the IR: the operation's declared facts (servers, contents,
//! encodings, security, hints) and the root's (servers, `x-retries`,
//! `x-latency-p99-ms`, `x-idempotency`), with the contract's defaults from
//! `runtime/defaults.json` wherever the spec is silent.

use serde::Serialize;

use super::{
    Api, BodyKind, Content, DeclaredEncoding, FailurePolicy, KeySource, Operation, ParamStyle,
    Primitive, RetryClass, RetryOverrides, Server, TypeKind, TypeRef,
};
use crate::defaults;

/// The plan of one operation.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Plan {
    pub retry: RetryPlan,
    /// The request body the SDKs send, where the operation takes one.
    pub body: Option<BodyPlan>,
    /// Where its requests go.
    pub base: BaseUrl,
    /// The security alternatives, as the spec states them: any one set of
    /// schemes suffices; an empty set means the call may go without
    /// credentials. No sets at all: the spec states no requirement.
    pub security: Vec<Vec<String>>,
    /// Whether the call carries the credentials the client holds: false only
    /// where the operation itself says `security: []`. A spec that defines
    /// schemes but states no requirement anywhere almost always means them
    /// to be sent, and a call without them would fail with 401.
    pub authenticated: bool,
    /// The key contract, for `keyed` operations only: only they send a key,
    /// and only their 409s are read as the key's conflicts.
    pub key: Option<KeyPlan>,
    /// How its pages follow each other, for list operations that hand out
    /// their results a page at a time (the pagination pass).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pagination: Option<super::paginate::Pagination>,
    /// How the operation streams server-sent events, when a success
    /// response offers `text/event-stream` (CONTRACT.md section 12).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stream: Option<StreamPlan>,
    /// Whether the operation is a download: every content of its success
    /// responses is binary (`format: binary`, or a media type that is not
    /// JSON, text, form or multipart). Its methods hand back the response
    /// with its body unread, to be read whole, in chunks, or into a file
    /// (CONTRACT.md section 13).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub download: bool,
    /// Query pairs every request carries before its parameters': those the
    /// spec writes into the path (`/responses?beta=true`), decoded.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub query: Vec<(String, String)>,
}

/// Retry settings as they apply to one operation.
#[derive(Debug, Clone, Serialize, Default)]
pub struct RetryPlan {
    pub class: RetryClass,
    /// What the operation's own `x-retries` sets: the SDKs apply these over
    /// the client's settings (a call's own options still win).
    pub own: RetryOverrides,
    /// What applies when neither the client nor the call changes anything:
    /// the operation's `x-retries`, else the root's, else the defaults.
    pub effective: RetrySettings,
    /// The latency hint and where it came from.
    pub p99: Option<LatencyHint>,
    /// The attempt timeout the hint implies, before the deadline caps it.
    pub attempt_timeout_ms: Option<u64>,
}

/// Retry settings with every value known.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct RetrySettings {
    pub max_attempts: u32,
    pub base_ms: u64,
    pub cap_ms: u64,
    pub deadline_ms: u64,
    /// The latency hint clients apply to operations without one of their own.
    pub p99_ms: Option<u64>,
}

impl Default for RetrySettings {
    /// The contract's defaults.
    fn default() -> Self {
        let d = defaults::get();
        RetrySettings {
            max_attempts: d.max_attempts,
            base_ms: d.base_ms,
            cap_ms: d.cap_ms,
            deadline_ms: d.deadline_ms,
            p99_ms: None,
        }
    }
}

impl RetrySettings {
    /// `overrides` where set, else `self`.
    pub fn with(self, overrides: RetryOverrides) -> RetrySettings {
        RetrySettings {
            max_attempts: overrides.max_attempts.unwrap_or(self.max_attempts),
            base_ms: overrides.base_ms.unwrap_or(self.base_ms),
            cap_ms: overrides.cap_ms.unwrap_or(self.cap_ms),
            deadline_ms: overrides.deadline_ms.unwrap_or(self.deadline_ms),
            p99_ms: self.p99_ms,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct LatencyHint {
    pub ms: u64,
    pub from: HintSource,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum HintSource {
    /// The operation's own `x-latency-p99-ms`.
    Operation,
    /// The root's, which is also the client's default.
    Root,
}

/// The request body: one rule for every language.
#[derive(Debug, Clone, Serialize)]
pub struct BodyPlan {
    /// The content sent: JSON when offered, else a form, else multipart,
    /// else the first listed.
    pub content: Content,
    pub required: bool,
    /// Every media type the spec offers, in its order, the chosen one included.
    pub offered: Vec<String>,
    /// How each property goes on the wire, for form and multipart bodies:
    /// one entry per property of the body's object type (and per declared
    /// encoding), in the type's order.
    pub parts: Vec<PartEncoding>,
}

impl BodyPlan {
    /// Whether the body carries a file: a binary body, or a multipart part
    /// that holds one. The SDKs' READMEs list these as the methods that
    /// take files.
    pub fn takes_files(&self) -> bool {
        self.content.kind == BodyKind::Binary || self.parts.iter().any(|p| p.file)
    }
}

/// An operation whose success response is a stream of server-sent events.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct StreamPlan {
    /// What one event's data decodes into: the `text/event-stream`
    /// content's schema; a string (the data as sent) when it gives none.
    pub event: TypeRef,
    /// The boolean property of the JSON request body that asks for the
    /// stream (OpenAI's `stream`): the SDKs' stream method sends it `true`,
    /// and their plain method leaves the stream off. `None` when the
    /// operation answers with the stream whatever the body says.
    pub switch: Option<String>,
    /// Whether a success response also offers another content (JSON): then
    /// the plain method stays, and the stream is a method of its own.
    pub also_plain: bool,
}

impl StreamPlan {
    /// Whether each event is handed out as its data's text (the spec gives
    /// the stream no schema, or a string one), not decoded from JSON.
    pub fn text_events(&self) -> bool {
        matches!(self.event.non_null(), TypeRef::Primitive(Primitive::String))
    }
}

/// The media type of a stream of server-sent events.
pub const EVENT_STREAM: &str = "text/event-stream";

/// The stream plan of an operation whose success response offers
/// `text/event-stream`: its event type, and the request body's boolean
/// `stream` property when it has one.
fn stream(api: &Api, op: &Operation, body: Option<&BodyPlan>) -> Option<StreamPlan> {
    let success = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .flat_map(|r| r.contents.iter());
    let mut event = None;
    let mut also_plain = false;
    for c in success {
        if c.is_event_stream() {
            event.get_or_insert_with(|| c.ty.clone());
        } else {
            also_plain = true;
        }
    }
    let event = event?;
    let switch = body
        .and_then(|b| match b.content.ty.non_null() {
            TypeRef::Named(name) => api.type_by_name(name),
            _ => None,
        })
        .and_then(|t| match &t.kind {
            TypeKind::Object { fields, .. } => fields.iter().find(|f| {
                f.name == "stream"
                    && matches!(
                        f.ty.non_null(),
                        TypeRef::Primitive(super::Primitive::Boolean)
                    )
            }),
            _ => None,
        })
        .map(|f| f.name.clone());
    Some(StreamPlan {
        event,
        switch,
        also_plain,
    })
}

/// Whether every content of the operation's success responses is binary,
/// and there is at least one.
fn download(op: &Operation) -> bool {
    let mut kinds = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .flat_map(|r| r.contents.iter())
        .map(|c| c.kind)
        .peekable();
    kinds.peek().is_some() && kinds.all(|k| k == BodyKind::Binary)
}

/// How one property of a form or multipart body is written.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PartEncoding {
    pub property: String,
    pub style: ParamStyle,
    pub explode: bool,
    pub allow_reserved: bool,
    /// The part's media type (multipart only): the declared one, else
    /// OpenAPI's default for the property's type.
    pub content_type: Option<String>,
    /// Part headers the spec declares (multipart only).
    pub headers: Vec<String>,
    /// The spec declared an `encoding` entry for it.
    pub declared: bool,
    /// A multipart part that holds a file (a `format: binary` property, or
    /// an array of them), which a caller passes as bytes, a file on disk or
    /// a stream (CONTRACT.md section 13).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub file: bool,
}

/// The base URL of an operation's requests.
#[derive(Debug, Clone, Serialize, Default)]
#[serde(rename_all = "snake_case", tag = "from", content = "servers")]
pub enum BaseUrl {
    /// The client's base URL (the root `servers`, or what the caller sets).
    #[default]
    Root,
    /// The operation's own `servers`.
    Operation(Vec<Server>),
    /// Its path item's `servers`.
    PathItem(Vec<Server>),
}

impl BaseUrl {
    /// The servers of its own, when it does not go to the client's base URL.
    pub fn own_servers(&self) -> Option<&[Server]> {
        match self {
            BaseUrl::Root => None,
            BaseUrl::Operation(s) | BaseUrl::PathItem(s) => Some(s),
        }
    }
}

/// The idempotency-key contract that applies to a keyed operation.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct KeyPlan {
    pub header: String,
    pub max_length: u32,
    pub source: KeySource,
    pub in_flight_code: String,
    pub mismatch_code: String,
    pub failures: FailurePolicy,
    /// As declared; the SDKs only document it.
    pub replay_window: Option<String>,
}

/// What a client does when its caller sets nothing: the root's settings
/// over the contract's.
fn client_settings(api: &Api) -> RetrySettings {
    RetrySettings {
        p99_ms: api.latency_p99_ms,
        ..RetrySettings::default().with(api.retries)
    }
}

/// The plan pass.
pub fn run(api: &mut Api) {
    api.request_id_header = request_id_header(api);
    let client = client_settings(api);
    api.client_retry = client;
    let mut plans = Vec::with_capacity(api.operations.len());
    for op in &api.operations {
        plans.push(plan(api, op, client));
    }
    for (op, plan) in api.operations.iter_mut().zip(plans) {
        op.plan = plan;
    }
}

/// The response header the spec declares for a request's id: of the
/// response headers whose name ends in `request-id` or `requestid` (any
/// case, `_` as `-`), the one most responses declare, the first seen on a
/// tie. The contract's own fallbacks (`x-request-id`, `request-id`) are not
/// repeated: a spec that declares only those needs nothing more.
fn request_id_header(api: &Api) -> Option<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    let headers = api
        .operations
        .iter()
        .flat_map(|op| op.responses.iter())
        .flat_map(|r| r.headers.iter());
    for h in headers {
        let name = h.name.to_ascii_lowercase();
        let shape = name.replace('_', "-");
        let token = name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        if !token || !(shape.ends_with("request-id") || shape.ends_with("requestid")) {
            continue;
        }
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    let defaults = &crate::defaults::get().request_id_headers;
    // The first of the most declared: `max_by_key` keeps the last maximum,
    // so the list is walked backwards.
    let (name, _) = counts.into_iter().rev().max_by_key(|(_, count)| *count)?;
    (!defaults.iter().any(|d| d.eq_ignore_ascii_case(&name))).then_some(name)
}

/// The client's retry settings and each operation's retry plan made again,
/// after the provider's settings changed the hints they come from.
pub fn retry_again(api: &mut Api) {
    let client = client_settings(api);
    api.client_retry = client;
    let plans: Vec<RetryPlan> = api
        .operations
        .iter()
        .map(|op| retry(api, op, client))
        .collect();
    for (op, plan) in api.operations.iter_mut().zip(plans) {
        op.plan.retry = plan;
    }
}

fn plan(api: &Api, op: &Operation, client: RetrySettings) -> Plan {
    let body = body(api, op);
    Plan {
        retry: retry(api, op, client),
        stream: stream(api, op, body.as_ref()),
        download: download(op),
        body,
        base: if !op.servers.is_empty() {
            BaseUrl::Operation(op.servers.clone())
        } else if !op.path_servers.is_empty() {
            BaseUrl::PathItem(op.path_servers.clone())
        } else {
            BaseUrl::Root
        },
        security: op
            .security
            .clone()
            .unwrap_or_else(|| api.default_security.clone()),
        authenticated: !op.security.as_ref().is_some_and(|s| s.is_empty()),
        key: key(api, op),
        pagination: None,
        query: op.path_query.clone(),
    }
}

fn retry(api: &Api, op: &Operation, client: RetrySettings) -> RetryPlan {
    let own = op.hints.retries;
    let p99 = match (op.hints.latency_p99_ms, api.latency_p99_ms) {
        (Some(ms), _) => Some(LatencyHint {
            ms,
            from: HintSource::Operation,
        }),
        (None, Some(ms)) => Some(LatencyHint {
            ms,
            from: HintSource::Root,
        }),
        (None, None) => None,
    };
    RetryPlan {
        class: op.retry.class,
        own,
        effective: RetrySettings {
            p99_ms: p99.map(|h| h.ms),
            ..client.with(own)
        },
        p99,
        attempt_timeout_ms: p99.map(|h| defaults::get().attempt_timeout_ms(h.ms)),
    }
}

fn key(api: &Api, op: &Operation) -> Option<KeyPlan> {
    if op.retry.class != RetryClass::Keyed {
        return None;
    }
    let spec = op.retry.key.as_ref()?;
    let contract = &api.key_contract;
    let failures = contract
        .failures
        .unwrap_or(match defaults::get().key.failures.as_str() {
            "replay" => FailurePolicy::Replay,
            _ => FailurePolicy::Reattempt,
        });
    Some(KeyPlan {
        header: spec.header.clone(),
        max_length: spec.max_length,
        source: spec.source,
        in_flight_code: contract.in_flight_code().to_string(),
        mismatch_code: contract.mismatch_code().to_string(),
        failures,
        replay_window: contract.replay_window.clone(),
    })
}

/// The body rule: JSON when offered, else a form, else multipart, else the
/// first content listed.
pub fn choose_content(contents: &[Content]) -> Option<&Content> {
    [BodyKind::Json, BodyKind::Form, BodyKind::Multipart]
        .into_iter()
        .find_map(|kind| contents.iter().find(|c| c.kind == kind))
        .or_else(|| contents.first())
}

fn body(api: &Api, op: &Operation) -> Option<BodyPlan> {
    let body = op.body.as_ref()?;
    let content = choose_content(&body.contents)?;
    let parts = match content.kind {
        BodyKind::Form | BodyKind::Multipart => parts(api, content),
        _ => Vec::new(),
    };
    Some(BodyPlan {
        content: content.clone(),
        required: body.required,
        offered: body.contents.iter().map(|c| c.media_type.clone()).collect(),
        parts,
    })
}

fn parts(api: &Api, content: &Content) -> Vec<PartEncoding> {
    let multipart = content.kind == BodyKind::Multipart;
    let fields = object_fields(api, &content.ty);
    let declared = |name: &str| content.encoding.iter().find(|e| e.property == name);
    let mut out: Vec<PartEncoding> = fields
        .iter()
        .map(|(name, ty)| part(api, name, Some(ty), declared(name), multipart))
        .collect();
    // A declared encoding for a property the type does not list (additional
    // properties, or a body the reader could not type) still applies.
    for e in &content.encoding {
        if !fields.iter().any(|(name, _)| *name == e.property) {
            out.push(part(api, &e.property, None, Some(e), multipart));
        }
    }
    out
}

fn part(
    api: &Api,
    name: &str,
    ty: Option<&TypeRef>,
    declared: Option<&DeclaredEncoding>,
    multipart: bool,
) -> PartEncoding {
    let style = declared.and_then(|e| e.style).unwrap_or(ParamStyle::Form);
    let explode = match declared {
        Some(e) => e.explode,
        None => style == ParamStyle::Form,
    };
    let content_type = multipart.then(|| {
        declared
            .and_then(|e| e.content_type.clone())
            .unwrap_or_else(|| default_part_type(api, ty).to_string())
    });
    PartEncoding {
        property: name.to_string(),
        style,
        explode,
        allow_reserved: declared.is_some_and(|e| e.allow_reserved),
        content_type,
        headers: declared.map(|e| e.headers.clone()).unwrap_or_default(),
        declared: declared.is_some(),
        file: multipart && ty.is_some_and(|t| holds_binary(api, t)),
    }
}

/// Whether a value of `ty` is binary, or an array of binary values, through
/// aliases (a bounded number of steps, as a hostile spec may loop).
fn holds_binary<'a>(api: &'a Api, mut ty: &'a TypeRef) -> bool {
    for _ in 0..64 {
        match ty.non_null() {
            TypeRef::Primitive(Primitive::Binary) => return true,
            TypeRef::Array(items) => ty = items,
            TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
                Some(TypeKind::Alias { target }) => ty = target,
                _ => return false,
            },
            _ => return false,
        }
    }
    false
}

/// OpenAPI's default media type of a multipart part: binary strings
/// `application/octet-stream`, other primitives `text/plain`, objects
/// `application/json`, arrays that of their items.
fn default_part_type(api: &Api, ty: Option<&TypeRef>) -> &'static str {
    let Some(mut ty) = ty else {
        return "application/octet-stream";
    };
    // Arrays and aliases are followed a bounded number of steps, so a cycle
    // in a hostile spec cannot hold the pass.
    for _ in 0..64 {
        match ty.non_null() {
            TypeRef::Primitive(Primitive::Binary) => return "application/octet-stream",
            TypeRef::Primitive(_) => return "text/plain",
            TypeRef::Array(items) => ty = items,
            TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
                Some(TypeKind::Alias { target }) => ty = target,
                Some(TypeKind::Enum { .. }) => return "text/plain",
                _ => return "application/json",
            },
            TypeRef::Map(_) | TypeRef::Any | TypeRef::Nullable(_) => return "application/json",
        }
    }
    "application/json"
}

/// The properties of an object body, through aliases.
fn object_fields<'a>(api: &'a Api, ty: &'a TypeRef) -> Vec<(&'a str, &'a TypeRef)> {
    let mut ty = ty;
    for _ in 0..64 {
        match ty.non_null() {
            TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
                Some(TypeKind::Object { fields, .. }) => {
                    return fields.iter().map(|f| (f.name.as_str(), &f.ty)).collect()
                }
                Some(TypeKind::Alias { target }) => ty = target,
                _ => return Vec::new(),
            },
            _ => return Vec::new(),
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content(media_type: &str, kind: BodyKind) -> Content {
        Content {
            media_type: media_type.into(),
            kind,
            ty: TypeRef::Any,
            encoding: Vec::new(),
            example: None,
        }
    }

    #[test]
    fn one_body_rule() {
        let multipart = content("multipart/form-data", BodyKind::Multipart);
        let form = content("application/x-www-form-urlencoded", BodyKind::Form);
        let json = content("application/json", BodyKind::Json);
        let text = content("text/plain", BodyKind::Text);
        let pick = |cs: Vec<Content>| choose_content(&cs).map(|c| c.media_type.clone());
        assert_eq!(
            pick(vec![multipart.clone(), form.clone()]).as_deref(),
            Some("application/x-www-form-urlencoded")
        );
        assert_eq!(
            pick(vec![form.clone(), json.clone()]).as_deref(),
            Some("application/json")
        );
        assert_eq!(
            pick(vec![text.clone(), multipart.clone()]).as_deref(),
            Some("multipart/form-data")
        );
        assert_eq!(pick(vec![text]).as_deref(), Some("text/plain"));
        assert_eq!(pick(vec![]), None);
    }

    fn declaring(headers: &[&str]) -> Option<String> {
        let mut spec = String::from("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n");
        for (i, h) in headers.iter().enumerate() {
            spec.push_str(&format!(
                "  /r{i}:\n    get:\n      responses:\n        '200':\n          description: ok\n          headers:\n            '{h}': {{schema: {{type: string}}}}\n"
            ));
        }
        crate::ir::of_yaml(&spec).request_id_header
    }

    #[test]
    fn streams_and_the_property_that_asks_for_them() {
        let api = crate::ir::of_yaml(
            r##"
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /chat:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                stream: {type: boolean, nullable: true}
                prompt: {type: string}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {text: {type: string}}}
            text/event-stream:
              schema: {$ref: '#/components/schemas/Chunk'}
  /events:
    get:
      responses:
        '200':
          description: ok
          content:
            text/event-stream: {}
  /plain:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object}
components:
  schemas:
    Chunk: {type: object, properties: {delta: {type: string}}}
"##,
        );
        let plan = |path: &str| {
            let op = api.operations.iter().find(|o| o.path == path).expect("op");
            op.plan.stream.clone()
        };
        assert_eq!(
            plan("/chat"),
            Some(StreamPlan {
                event: TypeRef::Named("Chunk".into()),
                switch: Some("stream".into()),
                also_plain: true,
            })
        );
        assert_eq!(
            plan("/events"),
            Some(StreamPlan {
                event: TypeRef::Primitive(Primitive::String),
                switch: None,
                also_plain: false,
            })
        );
        assert_eq!(plan("/plain"), None);
    }

    #[test]
    fn downloads_are_operations_that_answer_only_in_binary() {
        let api = crate::ir::of_yaml(
            r##"
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /file:
    get:
      responses:
        '200':
          description: ok
          content:
            application/octet-stream: {schema: {type: string, format: binary}}
        '204': {description: empty}
        '404':
          description: gone
          content:
            application/json: {schema: {type: object}}
  /audio:
    get:
      responses:
        '200': {description: ok, content: {audio/mpeg: {}}}
  /either:
    get:
      responses:
        '200':
          description: ok
          content:
            application/pdf: {}
            application/json: {schema: {type: object}}
  /csv:
    get:
      responses:
        '200': {description: ok, content: {text/csv: {}}}
  /nothing:
    delete:
      responses:
        '204': {description: gone}
"##,
        );
        let download = |path: &str| {
            let op = api.operations.iter().find(|o| o.path == path).expect("op");
            op.plan.download
        };
        assert!(download("/file"), "binary, an empty success, a JSON error");
        assert!(download("/audio"), "a media type that is not JSON or text");
        assert!(!download("/either"), "a JSON alternative is decoded");
        assert!(!download("/csv"), "text is read as text");
        assert!(!download("/nothing"), "no success content at all");
    }

    #[test]
    fn a_body_takes_files_when_it_is_binary_or_has_a_binary_part() {
        let api = crate::ir::of_yaml(
            r##"
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /raw:
    put:
      requestBody:
        content:
          application/octet-stream: {schema: {type: string, format: binary}}
      responses: {'204': {description: ok}}
  /scans:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                pages: {type: array, items: {$ref: '#/components/schemas/Scan'}}
                label: {type: string}
      responses: {'204': {description: ok}}
  /form:
    post:
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                label: {type: string}
                meta: {type: object}
      responses: {'204': {description: ok}}
components:
  schemas:
    Scan: {type: string, format: binary}
"##,
        );
        let takes = |path: &str| {
            let op = api.operations.iter().find(|o| o.path == path).expect("op");
            op.plan.body.as_ref().is_some_and(|b| b.takes_files())
        };
        assert!(takes("/raw"), "a binary body");
        assert!(takes("/scans"), "an array of an alias of binary");
        assert!(!takes("/form"), "multipart with no file in it");
    }

    #[test]
    fn the_declared_request_id_header() {
        assert_eq!(
            declaring(&[
                "X-GitHub-Request-Id",
                "X-GitHub-Request-Id",
                "x-amzn-RequestId"
            ])
            .as_deref(),
            Some("x-github-request-id"),
            "the most declared one, lower-cased"
        );
        assert_eq!(
            declaring(&["x-amzn-RequestId", "X-Trace_Request_Id"]).as_deref(),
            Some("x-amzn-requestid"),
            "the first on a tie"
        );
        assert_eq!(
            declaring(&["X-Request-Id", "Request-Id"]),
            None,
            "the fallbacks"
        );
        assert_eq!(declaring(&["X-RateLimit-Limit"]), None);
        assert_eq!(
            declaring(&["x-evil\\\"request-id"]),
            None,
            "not a header token"
        );
    }

    #[test]
    fn settings_layer_over_the_defaults() {
        let d = defaults::get();
        let base = RetrySettings::default();
        assert_eq!(base.max_attempts, d.max_attempts);
        assert_eq!(base.deadline_ms, d.deadline_ms);
        let changed = base.with(RetryOverrides {
            max_attempts: Some(5),
            deadline_ms: Some(1_000),
            ..RetryOverrides::default()
        });
        assert_eq!(
            (changed.max_attempts, changed.deadline_ms, changed.base_ms),
            (5, 1_000, d.base_ms)
        );
    }
}
