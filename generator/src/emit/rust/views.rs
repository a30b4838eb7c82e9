//! What the templates render: the IR shaped for Rust. Spec text stays raw
//! here (the templates escape it with filters); code fragments whose layout
//! depends on the spec are laid out already (see `layout.rs`), their spec
//! strings escaped by `escape.rs`.

/// Package-wide facts.
pub struct PackageView {
    pub name: String,
    /// The crate's name in Rust code (`-` as `_`).
    pub crate_ident: String,
    pub version: String,
    pub license: String,
    pub repository: Option<String>,
    pub description: String,
    pub authors: Vec<String>,
    /// The spec's title and description.
    pub api_title: String,
    pub api_version: String,
    pub uses_chrono: bool,
    pub uses_uuid: bool,
    /// `lib.rs` pieces: the crate docs, the modules in the order of their
    /// names, the client's docs.
    pub crate_doc: String,
    /// Each as `(gate, name)`: the gate is the module's `#[cfg]` line and
    /// its newline, or empty.
    pub modules: Vec<(String, String)>,
    /// `[features]`: `full` and each group's feature, when the crate has
    /// more than one group; empty otherwise.
    pub features: Vec<String>,
    /// The first group's feature, for the README's example; empty without
    /// features.
    pub first_feature: String,
    pub client_doc: String,
    pub base_url_doc: String,
    pub default_attempts: String,
    pub default_base: String,
    pub default_cap: String,
    pub default_deadline: String,
    pub default_attempt_timeout: String,
    /// The contract's defaults, for the docs.
    pub contract: ContractView,
    /// The servers operations name of their own: the URL, and the calls
    /// (`` `resource().method()` ``) that go there.
    pub own_servers: Vec<(String, String)>,
}

/// The retry contract's defaults as the docs write them, from the one table
/// (`runtime/defaults.json`).
pub struct ContractView {
    pub max_attempts: u32,
    /// Retries after the first attempt.
    pub retries: u32,
    pub base: String,
    pub cap: String,
    pub decorrelated_multiplier: u64,
    pub deadline: String,
    pub p99_multiplier: u64,
    pub budget_capacity: u32,
    pub throttle_cost: u32,
    pub retry_cost: u32,
    pub success_refund: u32,
    pub max_retry_after: String,
    pub request_timeout_header: String,
    /// How often a call may retry a 500: `once`, `twice`, `N times`.
    pub server_error_retries: String,
}

pub struct ModelView {
    /// `struct`, `string_enum`, `integer_enum`, `tagged`, `untagged` or `alias`.
    pub kind: &'static str,
    pub ident: String,
    pub doc: String,
    /// A struct that derives `Default` (every field has a default).
    pub default: bool,
    pub allow_variant_names: bool,
    pub fields: Vec<FieldView>,
    pub variants: Vec<VariantView>,
    /// The catch-all variant of enums and tagged unions.
    pub other: String,
    pub alias_target: String,
    /// The discriminator's wire name, as a Rust literal.
    pub tag_key: String,
    /// The `#[cfg]` line (and its newline) in front of each of the type's
    /// items, when only some features need it; else empty.
    pub gate: String,
}

pub struct FieldView {
    pub doc: String,
    /// Attribute lines, laid out and indented.
    pub attrs: Vec<String>,
    /// `pub name: Type,`, laid out and indented.
    pub line: String,
}

pub struct VariantView {
    pub ident: String,
    pub doc: String,
    /// `Name(Type),` of unions, laid out and indented.
    pub line: String,
    /// `Self::Name(value) => serde_json::to_value(value),` of tagged unions.
    pub value_arm: String,
    /// Match arms, laid out and indented: value to variant, variant to value.
    pub from_arm: String,
    pub to_arm: String,
}

pub struct GroupView {
    pub module: String,
    pub resource: String,
    /// The group's name and description from the spec.
    pub name: String,
    pub description: String,
    /// `use crate::runtime::{..};`, laid out.
    pub runtime_use: String,
    /// Whether an operation names a model.
    pub uses_models: bool,
    /// Whether an operation has `send_with_response` (every one but downloads).
    pub uses_api_response: bool,
    /// The Cargo feature that compiles the group, when the crate has
    /// features.
    pub feature: Option<String>,
    pub ops: Vec<OpView>,
}

/// The `send_stream` method of an operation whose plan has a stream.
pub struct StreamView {
    pub doc: String,
    /// Its signature, laid out, with `{`.
    pub signature: String,
    /// `let events = self.runtime.stream(...).await?;`, laid out.
    pub open: String,
    /// `json` or `text`: how each event's data is decoded.
    pub decode: &'static str,
    /// The body property that asks for the stream, as a Rust literal.
    pub switch: Option<String>,
}

pub struct OpView {
    pub method_ident: String,
    pub http_method: String,
    pub path: String,
    pub doc: String,
    pub deprecated: bool,
    /// The resource method's signature, laid out, with `{`.
    pub signature: String,
    pub builder: String,
    pub builder_doc: String,
    /// `<'a>` when the builder borrows the body, else empty.
    pub generics: String,
    /// The impl block's head after `impl`: ` Builder`, ` Builder<'_>`, or
    /// `<'a> Builder<'a>` when a setter takes the borrowed body.
    pub impl_head: String,
    /// `name: Type,` lines of the builder struct's parameters and body,
    /// laid out.
    pub builder_fields: Vec<String>,
    /// Their initialisers, laid out.
    pub init: Vec<String>,
    pub setters: Vec<SetterView>,
    pub keyed: bool,
    pub key_doc: String,
    /// `static NAME: Operation = Operation {`, laid out.
    pub static_head: String,
    /// Columns the descriptor's fields and its `};` move right when its
    /// head wraps after the `=` (0 or 4).
    pub static_pad: usize,
    /// What the `Operation` descriptor says.
    pub descriptor: DescriptorView,
    /// The statements of `send_with_response` that build the request.
    pub request: RequestView,
    /// `let response = self.runtime.execute(..).await?;`, laid out.
    pub execute: String,
    /// How the response's body is decoded: `unit`, `json`,
    /// `json_string_or_bytes`, `optional_json`, `text` or `bytes`.
    pub decode: &'static str,
    pub unit: bool,
    /// `send` and `send_with_response` signatures, laid out.
    pub send_signature: String,
    pub send_with_response_signature: String,
    pub errors: Option<ErrorEnumView>,
    /// `into_pager` and its `Pagination` static, where the plan pages.
    pub pager: Option<PagerView>,
    /// `send_stream`, for an operation that answers with server-sent events.
    pub stream: Option<StreamView>,
    /// For a download (`plan.download`): `self.runtime.download(..).await`,
    /// laid out, which `send` returns; it has no `send_with_response`.
    pub download: Option<String>,
}

/// A list operation's pager: the `Pagination` static beside its
/// `Operation`, and the builder's `into_pager`.
pub struct PagerView {
    /// `static NAME: Pagination = Pagination {`, laid out.
    pub static_head: String,
    /// The static's fields, laid out and indented, their spec strings
    /// escaped.
    pub fields: Vec<String>,
    /// The static's `};`, indented as its head.
    pub static_end: &'static str,
    /// What `into_pager` walks, in the generator's words (spec names in
    /// code spans).
    pub doc: String,
    /// `pub fn into_pager(self) -> Pager<..> {`, laid out.
    pub signature: String,
    /// `Pager::from_request(..)`, laid out.
    pub new: String,
}

/// How `send_with_response` builds its request. Statements are laid out
/// and indented.
pub struct RequestView {
    /// `let path_0 = runtime::path_param(..)?;` of the styled path
    /// parameters.
    pub path_locals: Vec<String>,
    /// `let path = format!(..);` when the path has parameters.
    pub path: Option<String>,
    /// `let [mut] request = Request::new(..);`.
    pub new: String,
    /// Whether a cookie parameter collects `cookies`.
    pub cookies: bool,
    /// `request = request.query_encoded(..);` of the pairs the spec wrote
    /// into the path.
    pub fixed_query: Vec<String>,
    pub params: Vec<ParamStmtView>,
    pub body: Option<BodyView>,
}

/// How the body is set on the request (`request_body.rs.txt`). Statements
/// are laid out and indented.
pub struct BodyView {
    /// `if let Some(body) = &self.body {` of an optional body.
    pub optional: Option<String>,
    /// The statements' indentation: 8 spaces, 12 inside `optional`.
    pub pad: String,
    /// `json`, `form`, `multipart`, `text` or `binary`.
    pub kind: &'static str,
    /// `request = request.json(..)?;` or `request = request.body(..);`
    /// (all but multipart).
    pub set: String,
    /// JSON under another media type: `body.content_type = ..;`.
    pub content_type: Option<String>,
    /// A form's `runtime::FormField::new(..),` lines.
    pub form_fields: Vec<String>,
    /// A form of one field: that field's `FormField::new` arguments.
    pub form_one: Vec<String>,
    /// A form's `let value = crate::to_json(..)?;`.
    pub json: String,
    /// The body's place: `self.body`, or the binding of an optional one.
    pub value: String,
    /// A multipart body whose schema lists no properties: its JSON object's.
    pub untyped: bool,
    pub parts: Vec<PartView>,
}

/// One property of a multipart body.
pub struct PartView {
    /// The field that holds the properties the schema does not list.
    pub extra: Option<String>,
    /// `if let Some(value) = &body.x {` of an optional property.
    pub optional: Option<String>,
    /// The indentation of its statements.
    pub pad: String,
    /// The list a file array's `for file in` loop walks.
    pub files: Option<String>,
    /// `form.file(..);`, `form.styled(..)?;` or `form.value(..)?;`.
    pub call: String,
}

/// A query, header or cookie parameter put on the request.
pub struct ParamStmtView {
    /// `if let Some(given) = &self.x {` of an optional parameter.
    pub optional: Option<String>,
    /// The statements' indentation: 8 spaces, 12 inside `optional`.
    pub pad: String,
    /// `let value = ..;`: the parameter's JSON value.
    pub value: String,
    /// `query`, `header` or `cookie`.
    pub location: &'static str,
    /// `let pieces = runtime::query_param(..)?;`, or the
    /// `if let Some(..) = runtime::header_param(..)? {` (`cookie_param`) head.
    pub head: String,
    /// `request = request.header(..)?;` of a header.
    pub set: String,
}

/// The runtime's `Operation` descriptor of one operation: what its plan says
/// of the operation itself. Strings from the spec stay raw (the template
/// writes them as literals).
pub struct DescriptorView {
    pub name: String,
    pub method: String,
    /// `RetryClass` variant.
    pub class: &'static str,
    /// Keyed operations only.
    pub key: Option<KeyContractView>,
    /// The operation's own p99 as a `Duration` expression.
    pub p99: Option<String>,
    /// The operation's own `x-retries`, where it has any.
    pub retry: Option<RetryOverridesView>,
    pub authenticated: bool,
    /// `security: ..,`, laid out: its own alternatives, or `None`.
    pub security: String,
    /// Its own server's URL.
    pub base_url: Option<String>,
    /// `Some(url)` does not fit on the field's line.
    pub base_url_wraps: bool,
}

pub struct KeyContractView {
    pub header: String,
    pub max_length: u32,
    /// `FailurePolicy` variant.
    pub failures: &'static str,
    pub in_flight_code: String,
    pub mismatch_code: String,
}

/// `Some(..)` or `None` expressions of each override.
pub struct RetryOverridesView {
    pub max_attempts: String,
    pub base: String,
    pub cap: String,
    pub deadline: String,
}

pub struct SetterView {
    pub doc: String,
    /// `pub fn x(mut self, x: T) -> Self {`, laid out.
    pub signature: String,
    /// `self.x = Some(x);`, laid out.
    pub assign: String,
}

pub struct ErrorEnumView {
    pub ident: String,
    pub doc: String,
    pub allow_variant_names: bool,
    pub variants: Vec<ErrorVariantView>,
    /// What `from_error` does: `default_unit` or `default_json` (only a
    /// `default` response, without or with a body), else `match` (on the
    /// status, through `arms`).
    pub shape: &'static str,
    /// The first variant.
    pub first: String,
    /// The status match arms, laid out.
    pub arms: Vec<String>,
}

pub struct ErrorVariantView {
    pub ident: String,
    pub doc: String,
    /// `(models::Error)` or empty.
    pub payload: String,
}

pub struct ClientView {
    pub default_base_url: String,
    pub servers: Vec<(String, String)>,
    pub auth_methods: Vec<AuthMethodView>,
    /// `build()`'s statements giving the config its credentials, laid out.
    pub credential_reads: Vec<String>,
    /// `const SECURITY: ..;`, laid out: the root's alternatives.
    pub security: String,
    /// `credential_help`'s match arms, laid out.
    pub help_arms: Vec<String>,
    /// The environment variable of the base URL.
    pub base_url_env: String,
    /// The spec's root settings the config does not start with: the field
    /// and its value's expression.
    pub config: Vec<(&'static str, String)>,
    /// The provider's constant headers (sdkgen.toml `[headers]`): the name
    /// in lower case and the value, each as a string literal.
    pub constant_headers: Vec<(String, String)>,
    pub groups: Vec<(String, String, String, String)>,
    pub uses_to_json: bool,
    /// The response header the spec declares for the request id.
    pub request_id_header: Option<String>,
    /// Some operation answers with server-sent events: the crate has
    /// `EventStream<T>`.
    pub uses_streams: bool,
    /// Some stream's events are text (`EventStream::text`), some JSON
    /// (`EventStream::json`).
    pub uses_text_events: bool,
    pub uses_json_events: bool,
    pub uses_decode: bool,
    pub has_ops: bool,
}

/// One credential of the API's security schemes: a builder method and the
/// field of `Credentials` it sets.
pub struct AuthMethodView {
    pub ident: String,
    pub doc: String,
    pub signature: String,
    /// Its environment variable.
    pub env: String,
}

pub struct ReadmeView {
    /// The README's blocks, each a complete program (`program.rs.txt`):
    /// one call, a caller-derived key, a tighter deadline and no retries,
    /// a documented error, and a list walked with `into_pager`. Empty
    /// when the API has no operation to show it with.
    pub quick_start_block: String,
    pub first_group: String,
    pub env_note: String,
    pub key_program: String,
    pub deadline_program: String,
    pub typed_error_program: String,
    pub pager_program: String,
    /// The calls that page (`` `resource().method()` ``).
    pub paged_ops: Vec<String>,
    /// The downloads (`plan.download`) and the calls that send a
    /// multipart or binary body, for the README's section on files.
    pub download_ops: Vec<String>,
    pub upload_ops: Vec<String>,
    pub example_main: String,
    /// What `examples/retries.rs` shows.
    pub example_doc: String,
    pub op_rows: Vec<Vec<String>>,
    pub keyed_ops: Vec<String>,
    pub key_header: String,
    pub key_max_length: u32,
    pub replay_window: Option<String>,
    pub in_flight_code: Option<String>,
    pub mismatch_code: Option<String>,
    pub failures_replay: Option<bool>,
    /// The README's table of options and environment variables.
    pub env_rows: Vec<(String, String)>,
    /// An OAuth2 scheme has a client-credentials flow.
    pub client_credentials: bool,
    pub servers: Vec<(String, String)>,
    pub root_p99_ms: Option<u64>,
    pub root_overrides: Vec<String>,
    pub op_overrides: Vec<String>,
    pub groups: Vec<ReadmeGroup>,
}

/// A function of the README's example (`example_fn.rs.txt`).
pub struct ExampleFnView {
    /// Its doc comment, lines of the generator's own prose.
    pub doc: String,
    /// Its signature, laid out, with `{`.
    pub signature: String,
    /// Statements before the call, laid out.
    pub setup: Vec<String>,
    /// The call's chain, laid out.
    pub call: String,
    /// What follows the call: `unit` (nothing), `print` (the response),
    /// `items` (every item of `pager`) or `documented` (the documented
    /// error of a failed `result`).
    pub outcome: &'static str,
    /// `let documented = ..::from_error(&error);`, laid out.
    pub documented: String,
}

/// A group in the README's list of operations.
pub struct ReadmeGroup {
    pub name: String,
    pub description: String,
    /// The group's Cargo feature, or empty when the crate has none.
    pub feature: String,
    /// The call (`resource().method()`) and the request (`GET /path`).
    pub ops: Vec<(String, String)>,
}
