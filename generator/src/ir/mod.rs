//! The intermediate representation: a small, language-neutral model of an
//! API. Emitters read only this, never the OpenAPI document.

mod build;
pub mod credentials;
pub mod limits;
mod names;
pub mod paginate;
pub mod plan;
pub mod resources;
pub mod sample;
pub mod settings;
pub mod usage;

use serde::Serialize;
use serde_json::Value;

pub use build::build;

/// The IR of a spec given as YAML text, for unit tests.
#[cfg(test)]
pub(crate) fn of_yaml(yaml: &str) -> Api {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sdkgen-ir-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("spec.yaml");
    std::fs::write(&path, yaml).expect("write");
    let loaded = crate::load::load(&path).expect("load");
    let _ = std::fs::remove_dir_all(&dir);
    build(&loaded).expect("ir")
}
pub use plan::{
    BaseUrl, BodyPlan, HintSource, KeyPlan, LatencyHint, PartEncoding, Plan, RetryPlan,
    RetrySettings, StreamPlan,
};

use crate::error::Warning;

#[derive(Debug, Clone, Serialize)]
pub struct Api {
    pub title: String,
    pub version: String,
    pub description: Option<String>,
    /// The `openapi` version the spec declared.
    pub openapi: String,
    pub servers: Vec<Server>,
    pub auth: Vec<AuthScheme>,
    /// Schemes that apply when an operation says nothing (OR of ANDs).
    pub default_security: Vec<Vec<String>>,
    pub groups: Vec<Group>,
    pub operations: Vec<Operation>,
    pub types: Vec<NamedType>,
    pub webhooks: Vec<Webhook>,
    /// The server's idempotency-key contract (root `x-idempotency`).
    pub key_contract: KeyContract,
    /// Root `x-latency-p99-ms`.
    pub latency_p99_ms: Option<u64>,
    /// Root `x-retries`.
    pub retries: RetryOverrides,
    /// What a client does when its caller sets nothing: the root `x-retries`
    /// and `x-latency-p99-ms` over the contract's defaults (the plan pass).
    pub client_retry: RetrySettings,
    /// Headers every request carries, by the provider's sdkgen.toml
    /// (`[headers]`), in name order.
    pub constant_headers: Vec<(String, String)>,
    /// The response header the spec declares for the server's id of a
    /// request (`X-GitHub-Request-Id`), lower-cased: the runtimes look it up
    /// before `x-request-id` and `request-id`. `None` when the spec
    /// declares none, or only those two.
    pub request_id_header: Option<String>,
    pub warnings: Vec<Warning>,
    /// Type name to its index in `types`, built on the first lookup.
    #[serde(skip)]
    pub type_index: std::sync::OnceLock<crate::emit::hash::Map<String, usize>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Server {
    pub url: String,
    pub description: Option<String>,
    pub variables: Vec<ServerVariable>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ServerVariable {
    pub name: String,
    pub default: String,
    pub values: Vec<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct AuthScheme {
    /// The key under `components/securitySchemes`.
    pub name: String,
    pub kind: AuthKind,
    pub description: Option<String>,
    /// What a client holds for it, named for every language
    /// (`credentials.rs`).
    pub credentials: Vec<credentials::Credential>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AuthKind {
    Bearer {
        format: Option<String>,
    },
    Basic,
    ApiKey {
        location: ParamLocation,
        param: String,
    },
    /// OAuth2 and OpenID Connect: the SDK sends the access token as a bearer token.
    OAuth2 {
        /// The client-credentials flow's `tokenUrl`, when the scheme has
        /// that flow: the SDK can then fetch its own tokens.
        token_url: Option<String>,
        scopes: Vec<String>,
    },
}

/// A group of operations: one module / resource class per group.
#[derive(Debug, Clone, Serialize)]
pub struct Group {
    /// The tag (or derived) name as written in the spec.
    pub name: String,
    pub description: Option<String>,
    /// Indices into `Api::operations`.
    pub operations: Vec<usize>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "UPPERCASE")]
pub enum Method {
    Get,
    Put,
    Post,
    Delete,
    Options,
    Head,
    Patch,
    Trace,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Put => "PUT",
            Method::Post => "POST",
            Method::Delete => "DELETE",
            Method::Options => "OPTIONS",
            Method::Head => "HEAD",
            Method::Patch => "PATCH",
            Method::Trace => "TRACE",
        }
    }

    /// Safe methods (RFC 9110): GET, HEAD, OPTIONS, TRACE.
    pub fn is_safe(self) -> bool {
        matches!(
            self,
            Method::Get | Method::Head | Method::Options | Method::Trace
        )
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Operation {
    /// The operationId, or one derived from method and path.
    pub id: String,
    pub method: Method,
    pub path: String,
    /// The group it belongs to (the resource pass, `resources.rs`): a tag
    /// as written, or snake_case words.
    pub group: String,
    /// The method's name in its group, as snake_case words (`list_for_org`),
    /// which each language's naming authority cases.
    pub method_name: String,
    /// Which rule gave the group and method name.
    pub name_source: resources::NameSource,
    pub summary: Option<String>,
    pub description: Option<String>,
    pub deprecated: bool,
    pub params: Vec<Param>,
    pub body: Option<RequestBody>,
    pub responses: Vec<Response>,
    /// `None`: the API's default security applies; `Some(vec![])`: no auth.
    pub security: Option<Vec<Vec<String>>>,
    /// The operation's own `servers`, as declared.
    pub servers: Vec<Server>,
    /// The `servers` of the operation's path item, as declared.
    pub path_servers: Vec<Server>,
    /// Retry safety: the classification pass.
    pub retry: RetryPolicy,
    /// Every decision the three SDKs share about this operation: the plan
    /// pass, the one thing emitters read about an operation besides its
    /// parameters (whose styles are resolved when they are read).
    pub plan: Plan,
    /// What the spec says that bears on retry safety, for the classification pass.
    #[serde(skip)]
    pub hints: crate::classify::Hints,
    /// What the spec says of the operation's names, for the resource pass.
    #[serde(skip)]
    pub naming: resources::NameHints,
    /// Query pairs written into the spec's path (`/responses?beta=true`),
    /// percent-decoded, for the plan pass.
    #[serde(skip)]
    pub path_query: Vec<(String, String)>,
    /// JSON pointer of the operation in the spec.
    pub pointer: String,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ParamLocation {
    Path,
    Query,
    Header,
    Cookie,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ParamStyle {
    Simple,
    Label,
    Matrix,
    Form,
    SpaceDelimited,
    PipeDelimited,
    DeepObject,
}

impl ParamStyle {
    /// The style's name as OpenAPI spells it, which is also how the
    /// runtimes' serialisers take it.
    pub fn openapi_name(self) -> &'static str {
        match self {
            ParamStyle::Simple => "simple",
            ParamStyle::Label => "label",
            ParamStyle::Matrix => "matrix",
            ParamStyle::Form => "form",
            ParamStyle::SpaceDelimited => "spaceDelimited",
            ParamStyle::PipeDelimited => "pipeDelimited",
            ParamStyle::DeepObject => "deepObject",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Param {
    /// The wire name.
    pub name: String,
    pub location: ParamLocation,
    pub required: bool,
    pub deprecated: bool,
    pub description: Option<String>,
    pub ty: TypeRef,
    pub style: ParamStyle,
    pub explode: bool,
    /// `allowReserved`: reserved characters go unescaped (query parameters).
    pub allow_reserved: bool,
    /// A parameter described by `content` rather than `schema`: its value is
    /// serialised as this media type (e.g. `application/json`) and then escaped.
    pub content_type: Option<String>,
    /// This header parameter is the idempotency key.
    pub is_idempotency_key: bool,
    /// The validation keywords of its inline schema (for `sdkgen mock`).
    #[serde(skip)]
    pub constraints: Constraints,
}

#[derive(Debug, Clone, Serialize)]
pub struct RequestBody {
    pub required: bool,
    pub description: Option<String>,
    /// By media type, in spec order.
    pub contents: Vec<Content>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BodyKind {
    Json,
    Form,
    Multipart,
    Text,
    Binary,
}

#[derive(Debug, Clone, Serialize)]
pub struct Content {
    pub media_type: String,
    pub kind: BodyKind,
    pub ty: TypeRef,
    /// `encoding`, per property, as the spec declares it (form and multipart).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub encoding: Vec<DeclaredEncoding>,
    /// The spec's example of it: the media type's `example`, else its first
    /// `examples` entry, else its schema's `example` (for `sdkgen verify`;
    /// not part of the printed IR).
    #[serde(skip)]
    pub example: Option<Value>,
}

impl Content {
    /// A `text/event-stream` content: server-sent events.
    pub fn is_event_stream(&self) -> bool {
        self.media_type
            .split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case(plan::EVENT_STREAM))
    }
}

impl Operation {
    /// The contents of a response its plain method reads: all of them, but
    /// the event stream when the stream has a method of its own
    /// (`StreamPlan::also_plain`).
    pub fn plain_contents<'a>(&self, response: &'a Response) -> Vec<&'a Content> {
        let apart = self.plan.stream.as_ref().is_some_and(|s| s.also_plain);
        response
            .contents
            .iter()
            .filter(|c| !(apart && c.is_event_stream()))
            .collect()
    }
}

/// One entry of a media type's `encoding`, as declared.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DeclaredEncoding {
    pub property: String,
    pub content_type: Option<String>,
    pub style: Option<ParamStyle>,
    /// With the OpenAPI default applied: true for `form`, else false.
    pub explode: bool,
    pub allow_reserved: bool,
    /// Names of the part headers it declares (multipart).
    pub headers: Vec<String>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum StatusSpec {
    Code(u16),
    /// `2XX` is `Range(2)`.
    Range(u16),
    Default,
}

impl StatusSpec {
    pub fn is_success(self) -> bool {
        match self {
            StatusSpec::Code(c) => (200..300).contains(&c),
            StatusSpec::Range(r) => r == 2,
            StatusSpec::Default => false,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Response {
    pub status: StatusSpec,
    pub description: String,
    pub contents: Vec<Content>,
    pub headers: Vec<ResponseHeader>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ResponseHeader {
    pub name: String,
    pub description: Option<String>,
    pub ty: TypeRef,
}

/// A reference to a type: a named one, or a structural one.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "snake_case", tag = "kind", content = "of")]
pub enum TypeRef {
    Named(String),
    Primitive(Primitive),
    Array(Box<TypeRef>),
    Map(Box<TypeRef>),
    Nullable(Box<TypeRef>),
    /// Any JSON value.
    Any,
}

impl TypeRef {
    pub fn is_nullable(&self) -> bool {
        matches!(self, TypeRef::Nullable(_))
    }

    /// The type without its outer nullability.
    pub fn non_null(&self) -> &TypeRef {
        match self {
            TypeRef::Nullable(inner) => inner,
            other => other,
        }
    }

    pub fn nullable(self) -> TypeRef {
        match self {
            TypeRef::Nullable(_) | TypeRef::Any => self,
            other => TypeRef::Nullable(Box::new(other)),
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Primitive {
    String,
    /// `format: date-time`
    DateTime,
    /// `format: date`
    Date,
    Uuid,
    /// base64 text (`format: byte`)
    Bytes,
    /// raw bytes (`format: binary`): files and binary bodies
    Binary,
    Integer32,
    Integer64,
    Float,
    Double,
    Boolean,
}

#[derive(Debug, Clone, Serialize)]
pub struct NamedType {
    /// Unique, PascalCase, language-neutral. Emitters adapt it per language.
    pub name: String,
    pub description: Option<String>,
    /// Where it came from in the spec (a JSON pointer).
    pub origin: String,
    pub kind: TypeKind,
    /// The validation keywords of its schema (for `sdkgen mock`).
    #[serde(skip)]
    pub constraints: Constraints,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TypeKind {
    Object {
        fields: Vec<Field>,
        /// `additionalProperties`: extra fields' type, if any are allowed and typed.
        additional: Option<TypeRef>,
    },
    Enum {
        base: EnumBase,
        values: Vec<EnumValue>,
        /// The enum came from `const`: a single fixed value.
        constant: bool,
    },
    Union {
        union_kind: UnionKind,
        variants: Vec<Variant>,
        discriminator: Option<String>,
    },
    /// Another name for a type.
    Alias { target: TypeRef },
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum EnumBase {
    String,
    Integer,
    Number,
    Boolean,
}

#[derive(Debug, Clone, Serialize)]
pub struct EnumValue {
    /// The value on the wire.
    pub value: Value,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum UnionKind {
    OneOf,
    AnyOf,
}

#[derive(Debug, Clone, Serialize)]
pub struct Variant {
    pub ty: TypeRef,
    /// Discriminator values that select this variant.
    pub tags: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Field {
    /// The wire name.
    pub name: String,
    pub ty: TypeRef,
    pub required: bool,
    pub description: Option<String>,
    pub default: Option<Value>,
    pub read_only: bool,
    pub write_only: bool,
    pub deprecated: bool,
    /// The validation keywords of its inline schema (for `sdkgen mock`).
    #[serde(skip)]
    pub constraints: Constraints,
}

#[derive(Debug, Clone, Serialize)]
pub struct Webhook {
    pub name: String,
    pub method: Method,
    pub summary: Option<String>,
    pub payload: Option<TypeRef>,
}

/// A schema's validation keywords, as written: the emitters ignore them (an
/// SDK does not second-guess the server), `sdkgen mock` enforces them. Not
/// part of the printed IR.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    pub pattern: Option<String>,
    /// A string `format` the IR has no primitive for (`email`, ...).
    pub format: Option<String>,
    pub min_length: Option<usize>,
    pub max_length: Option<usize>,
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub exclusive_minimum: bool,
    pub exclusive_maximum: bool,
    pub multiple_of: Option<f64>,
    pub min_items: Option<usize>,
    pub max_items: Option<usize>,
    pub unique_items: bool,
    pub min_properties: Option<usize>,
    pub max_properties: Option<usize>,
    /// `additionalProperties: false`.
    pub closed: bool,
    /// The keywords of an inline `items` schema.
    pub items: Option<Box<Constraints>>,
    /// The keywords of an inline `additionalProperties` schema.
    pub values: Option<Box<Constraints>>,
    /// The keywords every key must meet (`propertyNames`).
    pub keys: Option<Box<Constraints>>,
}

impl Constraints {
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }
}

/// Retry safety, fixed at generation time (retry contract, section 1).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum RetryClass {
    Safe,
    Idempotent,
    Keyed,
    /// Also what an operation reads as before the classification pass: the
    /// class that is never retried after an ambiguous failure.
    #[default]
    Unsafe,
}

impl RetryClass {
    pub fn as_str(self) -> &'static str {
        match self {
            RetryClass::Safe => "safe",
            RetryClass::Idempotent => "idempotent",
            RetryClass::Keyed => "keyed",
            RetryClass::Unsafe => "unsafe",
        }
    }
}

#[derive(Debug, Clone, Serialize, Default)]
pub struct RetryPolicy {
    pub class: RetryClass,
    /// Set for `keyed` operations.
    pub key: Option<KeySpec>,
    /// The operation's `x-idempotent`, where given.
    pub declared_idempotent: Option<bool>,
    /// The spec says in words that it is not safe to retry, or marks it `x-idempotent: false`.
    pub documented_unsafe: bool,
    /// A PUT or DELETE whose own text, or last path segment, says each call
    /// acts again (the verb): it is classified as if its method were POST.
    pub doubted: Option<&'static str>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum KeySource {
    /// A header parameter named like the key header.
    HeaderParam,
    /// Operation `x-idempotency: true`.
    Extension,
}

#[derive(Debug, Clone, Serialize)]
pub struct KeySpec {
    pub header: String,
    pub max_length: u32,
    pub source: KeySource,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FailurePolicy {
    Replay,
    Reattempt,
}

/// The root `x-idempotency` contract; `None` fields were not declared.
#[derive(Debug, Clone, Serialize, Default)]
pub struct KeyContract {
    pub declared: bool,
    pub header: Option<String>,
    pub max_length: Option<u32>,
    pub replay_window: Option<String>,
    pub in_flight_code: Option<String>,
    pub mismatch_code: Option<String>,
    pub failures: Option<FailurePolicy>,
}

impl KeyContract {
    pub fn header(&self) -> &str {
        self.header
            .as_deref()
            .unwrap_or(&crate::defaults::get().key.header)
    }
    pub fn max_length(&self) -> u32 {
        self.max_length
            .unwrap_or(crate::defaults::get().key.max_length)
    }
    pub fn in_flight_code(&self) -> &str {
        self.in_flight_code
            .as_deref()
            .unwrap_or(&crate::defaults::get().key.in_flight_code)
    }
    pub fn mismatch_code(&self) -> &str {
        self.mismatch_code
            .as_deref()
            .unwrap_or(&crate::defaults::get().key.mismatch_code)
    }
}

/// `x-retries`: overrides of the runtime defaults; `None` keeps the default.
#[derive(Debug, Clone, Copy, Serialize, Default, PartialEq, Eq)]
pub struct RetryOverrides {
    pub max_attempts: Option<u32>,
    pub base_ms: Option<u64>,
    pub cap_ms: Option<u64>,
    pub deadline_ms: Option<u64>,
}

impl RetryOverrides {
    /// `self` where set, else `fallback`.
    pub fn or(self, fallback: RetryOverrides) -> RetryOverrides {
        RetryOverrides {
            max_attempts: self.max_attempts.or(fallback.max_attempts),
            base_ms: self.base_ms.or(fallback.base_ms),
            cap_ms: self.cap_ms.or(fallback.cap_ms),
            deadline_ms: self.deadline_ms.or(fallback.deadline_ms),
        }
    }
}

impl Api {
    /// The named type called `name`, found through an index of `types`
    /// built on the first call (a stale index falls back to a scan).
    pub fn type_by_name(&self, name: &str) -> Option<&NamedType> {
        let index = self.type_index.get_or_init(|| {
            self.types
                .iter()
                .enumerate()
                .map(|(i, t)| (t.name.clone(), i))
                .collect()
        });
        match index.get(name).and_then(|&i| self.types.get(i)) {
            Some(t) if t.name == name => Some(t),
            _ if index.len() == self.types.len() && index.get(name).is_none() => None,
            _ => self.types.iter().find(|t| t.name == name),
        }
    }

    /// The position of the named type called `name` in `types`.
    pub fn type_position(&self, name: &str) -> Option<usize> {
        let t = self.type_by_name(name)?;
        let indexed = self.type_index.get().and_then(|index| index.get(name));
        match indexed {
            Some(&i) if std::ptr::eq(&self.types[i], t) => Some(i),
            _ => self.types.iter().position(|x| x.name == name),
        }
    }
}
