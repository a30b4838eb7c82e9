//! The crate-level pieces: the client and its builder (`lib.rs`), and the
//! README with its compiled example (`examples/retries.rs`).

use crate::emit::PackageInfo;
use crate::ir::credentials::Role;
use crate::ir::sample::call_example;
use crate::ir::{Api, AuthKind, Operation, ParamLocation, Primitive, RetryClass, TypeRef};

use super::escape::string_literal;
use super::layout::{self, Link};
use super::naming::{self, Names};
use super::ops::{response_content, security_lines, server_url, Groups, Needs};
use super::templates::{BodyLiteralRs, ExampleFnRs, ExampleMainRs, ProgramRs};
use super::types::{Shape, Types};
use super::views::{
    AuthMethodView, ClientView, ExampleFnView, PackageView, ReadmeGroup, ReadmeView,
};
use askama::Template;

/// Methods of `ClientBuilder` besides the auth ones.
const BUILDER_METHODS: &[&str] = &[
    "new",
    "base_url",
    "timeout",
    "retries",
    "max_attempts",
    "backoff",
    "jitter",
    "latency_p99",
    "retry_budget",
    "request_timeout_header",
    "user_agent",
    "default_headers",
    "http_client",
    "with_server_url",
    "config",
    "build",
];

fn millis_expr(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("Duration::from_secs({})", ms / 1000)
    } else {
        format!("Duration::from_millis({ms})")
    }
}

/// Inline code inside a Markdown table cell.
fn table_code(text: &str) -> String {
    crate::escape::md_code_cell(text)
}

pub fn human_ms(ms: u64) -> String {
    if ms >= 1000 && ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

/// A root server's URL with its variables at their defaults.
fn root_server_url(api: &Api, index: usize) -> Option<String> {
    api.servers.get(index).map(server_url)
}

/// The servers operations name of their own, each URL once, in the order
/// of the operations, with the operations that use it.
pub fn own_servers(api: &Api) -> Vec<(String, Vec<usize>)> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, op) in api.operations.iter().enumerate() {
        let Some(url) = super::ops::own_base_url(op) else {
            continue;
        };
        match out.iter_mut().find(|(u, _)| *u == url) {
            Some((_, ops)) => ops.push(i),
            None => out.push((url, vec![i])),
        }
    }
    out
}

pub fn client(api: &Api, groups: &Groups, needs: &Needs, package: &PackageInfo) -> ClientView {
    let streams = || {
        api.operations
            .iter()
            .filter_map(|op| op.plan.stream.as_ref())
    };
    let default_base_url = root_server_url(api, 0)
        .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
        .unwrap_or_default();
    let servers = (0..api.servers.len())
        .filter_map(|i| {
            let url = root_server_url(api, i)?;
            Some((url, api.servers[i].description.clone().unwrap_or_default()))
        })
        .collect();

    // Credentials: one builder method per credential the IR names, each
    // defaulting to its environment variable when the client is built.
    let mut names = Names::with_reserved(BUILDER_METHODS);
    let mut auth_methods = Vec::new();
    let mut credential_reads = Vec::new();
    let mut help_arms = Vec::new();
    for scheme in &api.auth {
        let idents: Vec<String> = scheme
            .credentials
            .iter()
            .map(|c| names.snake(&c.name, "credential"))
            .collect();
        for (credential, ident) in scheme.credentials.iter().zip(&idents) {
            let env = package.env_var(&credential.name);
            let mut doc = match credential.role {
                Role::Username => "The user name of HTTP Basic authentication".to_string(),
                Role::Password => {
                    "The password of HTTP Basic authentication (left out: empty)".to_string()
                }
                Role::ClientId => {
                    "The OAuth2 client id, for tokens of the client-credentials flow".to_string()
                }
                Role::ClientSecret => {
                    "The OAuth2 client secret, for tokens of the client-credentials flow"
                        .to_string()
                }
                Role::Secret => match &scheme.kind {
                    AuthKind::Bearer { .. } => {
                        "Sends the token as `Authorization: Bearer <token>`".to_string()
                    }
                    AuthKind::OAuth2 { .. } => "Sends an OAuth2 access token as \
                                                `Authorization: Bearer <token>`"
                        .to_string(),
                    AuthKind::ApiKey { location, param } => match location {
                        ParamLocation::Query => {
                            format!("Sends the key as the `{param}` query parameter")
                        }
                        ParamLocation::Cookie => format!("Sends the key as the `{param}` cookie"),
                        _ => format!("Sends the key as the `{param}` header"),
                    },
                    AuthKind::Basic => String::new(),
                },
            };
            doc.push_str(&format!(" (security scheme `{}`).", scheme.name));
            if let Some(d) = &scheme.description {
                doc.push_str("\n\n");
                doc.push_str(d);
            }
            doc.push_str(&format!(
                "\n\nDefault: the `{env}` environment variable, read by \
                 [`build`](Self::build) (empty counts as unset)."
            ));
            credential_reads.push(layout::let_call(
                8,
                ident,
                "given_or_env",
                &[format!("credentials.{ident}"), string_literal(&env)],
                ";",
            ));
            auth_methods.push(AuthMethodView {
                signature: layout::signature(
                    4,
                    &format!("pub fn {ident}"),
                    &[
                        "mut self".to_string(),
                        "value: impl Into<String>".to_string(),
                    ],
                    "Self",
                ),
                ident: ident.clone(),
                doc,
                env,
            });
        }
        let name = string_literal(&scheme.name);
        let hold = |indent: usize, auth: String| {
            layout::call(indent, "config.hold", &[name.clone(), auth], ";")
        };
        let given = |set: &[usize]| {
            let methods: Vec<String> = set
                .iter()
                .map(|&i| format!("`.{}(..)`", naming::unraw(&idents[i])))
                .collect();
            let envs: Vec<String> = set
                .iter()
                .map(|&i| package.env_var(&scheme.credentials[i].name))
                .collect();
            format!("{} or {}", methods.join(" and "), envs.join(" and "))
        };
        let (block, help) = match &scheme.kind {
            AuthKind::Bearer { .. } | AuthKind::OAuth2 { token_url: None, .. } => (
                format!(
                    "        if let Some(value) = {} {{\n{}\n        }}",
                    idents[0],
                    hold(12, "Auth::bearer(value)".to_string())
                ),
                given(&[0]),
            ),
            AuthKind::Basic => (
                format!(
                    "        if let Some(value) = {} {{\n{}\n        }}",
                    idents[0],
                    hold(12, format!("Auth::basic(value, {})", idents[1]))
                ),
                given(&[0]),
            ),
            AuthKind::ApiKey { location, param } => {
                let how = match location {
                    ParamLocation::Query => "api_key_query",
                    ParamLocation::Cookie => "api_key_cookie",
                    _ => "api_key_header",
                };
                (
                    format!(
                        "        if let Some(value) = {} {{\n{}\n        }}",
                        idents[0],
                        hold(
                            12,
                            format!("Auth::{how}({}, value)", string_literal(param))
                        )
                    ),
                    given(&[0]),
                )
            }
            AuthKind::OAuth2 {
                token_url: Some(url),
                ..
            } => (
                format!(
                    "        if let Some(value) = {} {{\n{}\n        }} else if let (Some(id), Some(secret)) = ({}, {}) {{\n{}\n        }}",
                    idents[2],
                    hold(12, "Auth::bearer(value)".to_string()),
                    idents[0],
                    idents[1],
                    hold(
                        12,
                        format!(
                            "Auth::client_credentials({}, id, secret)",
                            string_literal(url)
                        )
                    )
                ),
                format!("{}, or {}", given(&[2]), given(&[0, 1])),
            ),
        };
        credential_reads.push(block);
        help_arms.push(layout::arm(8, &name, &string_literal(&help)));
    }
    let security = security_lines(
        0,
        "const SECURITY: &[&[&str]] = ",
        &api.default_security,
        ";",
    );

    // The client's defaults (the root's hints over the contract's): each
    // one `Config::new` does not start with already.
    let client = api.client_retry;
    let contract = crate::defaults::get();
    let mut config = Vec::new();
    if let Some(name) = &api.request_id_header {
        config.push((
            "request_id_header",
            format!("Some({})", super::escape::string_literal(name)),
        ));
    }
    if let Some(p99) = client.p99_ms {
        config.push(("p99", format!("Some({})", millis_expr(p99))));
    }
    if client.max_attempts != contract.max_attempts {
        config.push(("max_attempts", client.max_attempts.to_string()));
    }
    for (field, ms, default) in [
        ("base", client.base_ms, contract.base_ms),
        ("cap", client.cap_ms, contract.cap_ms),
        ("deadline", client.deadline_ms, contract.deadline_ms),
    ] {
        if ms != default {
            config.push((field, millis_expr(ms)));
        }
    }

    let groups_view = api
        .groups
        .iter()
        .zip(&groups.groups)
        .map(|(g, view)| {
            let mut doc = g.description.clone().unwrap_or_default();
            if !doc.is_empty() {
                doc.push_str("\n\n");
            }
            doc.push_str(&format!("The `{}` operations.", g.name));
            let signature = layout::signature(
                4,
                &format!("pub fn {}", view.module),
                &["&self".to_string()],
                &format!("{}::{}", view.module, view.resource),
            );
            let body = layout::call(
                8,
                &format!("{}::{}::new", view.module, view.resource),
                &["self.runtime.clone()".to_string()],
                "",
            );
            (
                doc,
                signature,
                body,
                super::gate_line(4, view.feature.as_slice()),
            )
        })
        .collect();

    ClientView {
        default_base_url,
        servers,
        auth_methods,
        credential_reads,
        security,
        help_arms,
        base_url_env: package.env_var("base_url"),
        config,
        constant_headers: api
            .constant_headers
            .iter()
            .map(|(name, value)| {
                (
                    super::escape::string_literal(&name.to_ascii_lowercase()),
                    super::escape::string_literal(value),
                )
            })
            .collect(),
        groups: groups_view,
        uses_to_json: needs.to_json.get(),
        request_id_header: api.request_id_header.clone(),
        uses_streams: streams().next().is_some(),
        uses_text_events: streams().any(|s| s.text_events()),
        uses_json_events: streams().any(|s| !s.text_events()),
        uses_decode: needs.decode.get(),
        has_ops: !api.operations.is_empty(),
    }
}

/// The environment variable of `name` under `prefix` (`PackageInfo::env_var`).
fn env_prefix_var(prefix: &str, name: &str) -> String {
    format!("{prefix}_{}", crate::case::shouty_snake(name))
}

/// A piece of example code that compiles inside the crate's example.
struct Call {
    /// Statements before the call (a body to send).
    setup: Vec<String>,
    /// The chain elements after `client`.
    parts: Vec<Link>,
    unit: bool,
    /// Whether `models::` appears.
    uses_models: bool,
}

pub struct Examples<'a> {
    pub api: &'a Api,
    pub types: &'a Types<'a>,
    pub groups: &'a Groups,
}

impl Examples<'_> {
    /// `sample` (the IR's example of `ty`) as a Rust expression, or `None`
    /// when there is no simple one; `into_string` for an argument taking
    /// `impl Into<String>` (a bare literal), else a `String` field (`.into()`).
    fn value(
        &self,
        ty: &TypeRef,
        sample: Option<&serde_json::Value>,
        into_string: bool,
        depth: usize,
    ) -> Option<String> {
        use serde_json::Value as V;
        if depth > 3 {
            return None;
        }
        match self.types.resolve(ty) {
            TypeRef::Primitive(p) => Some(match (p, sample) {
                (Primitive::String | Primitive::Bytes, _) => {
                    let text = match sample {
                        Some(V::String(s)) => s.as_str(),
                        _ => "...",
                    };
                    let literal = super::escape::string_literal(text);
                    if into_string {
                        literal
                    } else {
                        format!("{literal}.into()")
                    }
                }
                (Primitive::Integer32 | Primitive::Integer64, Some(V::Number(n))) if n.is_i64() => {
                    n.to_string()
                }
                (Primitive::Integer32 | Primitive::Integer64, _) => "1".to_string(),
                (Primitive::Float | Primitive::Double, Some(V::Number(n))) => {
                    let f = n.as_f64().unwrap_or(1.0);
                    format!("{f:?}")
                }
                (Primitive::Float | Primitive::Double, _) => "1.0".to_string(),
                (Primitive::Boolean, Some(V::Bool(b))) => b.to_string(),
                (Primitive::Boolean, _) => "false".to_string(),
                (Primitive::Binary, _) => "Default::default()".to_string(),
                (Primitive::DateTime | Primitive::Date | Primitive::Uuid, _) => {
                    "Default::default()".to_string()
                }
            }),
            TypeRef::Array(_) => Some("Vec::new()".to_string()),
            TypeRef::Map(_) => Some("Default::default()".to_string()),
            TypeRef::Nullable(_) => Some("None".to_string()),
            TypeRef::Any => Some("serde_json::Value::Null".to_string()),
            TypeRef::Named(n) => {
                if self.types.has_default(n) {
                    Some("Default::default()".to_string())
                } else {
                    None
                }
            }
        }
    }

    /// `let body = ..;`: a value of the named body type `name`, its
    /// required fields set (`body_literal.rs.txt`).
    fn body_statement(&self, name: &str, sample: Option<&serde_json::Value>) -> Option<String> {
        let info = self.types.info(name)?;
        if info.shape != Shape::Struct {
            return None;
        }
        let required: Vec<_> = info
            .fields
            .iter()
            .filter(|f| !f.optional && !f.wire.is_empty())
            .collect();
        if required.is_empty() && !self.types.has_default(name) {
            return None;
        }
        let mut fields = Vec::new();
        for f in &required {
            let field = sample.and_then(|s| s.get(&f.wire));
            let v = if f.boxed {
                format!("Box::new({})", self.value(&f.ty, field, false, 1)?)
            } else {
                self.value(&f.ty, field, false, 1)?
            };
            fields.push((f.ident.clone(), v));
        }
        let rest = required.len() < info.fields.len();
        if !required.is_empty() && rest && !self.types.has_default(name) {
            return None;
        }
        // rustfmt keeps a literal of one field on its line while the field
        // is at most `struct_lit_width` (18) wide and the line fits.
        let one_line = !rest
            && fields.len() == 1
            && fields.iter().all(|(f, v)| {
                let width = f.chars().count() + 2 + v.chars().count();
                width <= 18 && 4 + "let body = models::".len() + info.ident.len() + width + 7 <= 100
            });
        let literal = BodyLiteralRs {
            ident: &info.ident,
            fields,
            rest,
            one_line,
        };
        Some(literal.render().expect("rendering a Rust example body"))
    }

    fn call(&self, op: &Operation, index: usize) -> Option<Call> {
        let (module, method) = self.groups.method_of_op.get(index)?;
        if module.is_empty() || op.deprecated {
            return None;
        }
        let keyed = op.retry.class == RetryClass::Keyed;
        let sample = call_example(self.api, op);
        let mut args = Vec::new();
        for p in op
            .params
            .iter()
            .filter(|p| p.required && !(keyed && p.is_idempotency_key))
        {
            args.push(self.value(p.ty.non_null(), sample.param(&p.name), true, 0)?);
        }
        let mut setup = Vec::new();
        let mut uses_models = false;
        if let Some(b) = op.plan.body.as_ref().filter(|b| b.required) {
            let content = &b.content;
            use crate::ir::BodyKind;
            let arg = match content.kind {
                BodyKind::Binary => "Vec::<u8>::new()".to_string(),
                BodyKind::Text => "\"...\"".to_string(),
                _ => match self.types.resolve(content.ty.non_null()) {
                    TypeRef::Named(n) => {
                        setup.push(self.body_statement(n, sample.body.as_ref())?);
                        uses_models = true;
                        "&body".to_string()
                    }
                    TypeRef::Array(_) => "&[]".to_string(),
                    TypeRef::Primitive(Primitive::String) => "\"...\"".to_string(),
                    TypeRef::Any => "&serde_json::Value::Null".to_string(),
                    _ => return None,
                },
            };
            args.push(arg);
        }
        let ok_unit = op
            .responses
            .iter()
            .filter(|r| r.status.is_success())
            .all(|r| response_content(&r.contents).is_none());
        Some(Call {
            setup,
            parts: vec![Link::call(module, Vec::new()), Link::call(method, args)],
            unit: ok_unit,
            uses_models,
        })
    }

    /// Operations in the order examples prefer them.
    fn pick(&self, want: impl Fn(&Operation) -> bool) -> Option<(usize, Call)> {
        self.api
            .operations
            .iter()
            .enumerate()
            .filter(|(_, op)| want(op))
            .find_map(|(i, op)| self.call(op, i).map(|c| (i, c)))
    }
}

/// A complete example function: `doc`, signature, the call with `extra`
/// chain elements, and what it does with the result.
fn example_fn(
    crate_ident: &str,
    doc: &str,
    name: &str,
    extra_params: &[String],
    call: &Call,
    extra: &[Link],
) -> String {
    let mut params = vec![format!("client: &{crate_ident}::Client")];
    params.extend_from_slice(extra_params);
    let mut parts = call.parts.clone();
    parts.extend(extra.iter().cloned());
    parts.push(Link::call("send", Vec::new()));
    parts.push(Link::text(".await?"));
    let lead = if call.unit { "" } else { "let response = " };
    render_example_fn(&ExampleFnView {
        doc: doc.to_string(),
        signature: layout::signature(
            0,
            &format!("async fn {name}"),
            &params,
            &format!("Result<(), {crate_ident}::Error>"),
        ),
        setup: call.setup.clone(),
        call: layout::chain(4, lead, "client", &parts, ";"),
        outcome: if call.unit { "unit" } else { "print" },
        documented: String::new(),
    })
}

fn render_example_fn(f: &ExampleFnView) -> String {
    ExampleFnRs { f }
        .render()
        .expect("rendering a Rust example function")
}

pub fn readme(
    api: &Api,
    p: &PackageView,
    c: &ClientView,
    ex: &Examples,
    env_prefix: &str,
) -> ReadmeView {
    let crate_ident = &p.crate_ident;
    let kc = &api.key_contract;

    // The client, as every example builds it.
    // Credentials come from the environment (`build()` reads them).
    let mut builder_parts = Vec::new();
    if c.default_base_url.is_empty() {
        builder_parts.push(Link::call(
            "base_url",
            vec!["\"https://api.example.com\"".to_string()],
        ));
    }
    builder_parts.push(Link::call(
        "timeout",
        vec!["Duration::from_secs(30)".to_string()],
    ));
    builder_parts.push(Link::text(".build()?"));
    let quick_start = layout::chain(
        4,
        "let client = ",
        &format!("{crate_ident}::Client::builder()"),
        &builder_parts,
        ";",
    );

    let keyed = ex.pick(|op| op.retry.class == RetryClass::Keyed);
    let safe = ex.pick(|op| op.retry.class == RetryClass::Safe);
    let any = ex.pick(|_| true);
    let mut uses_models = false;

    let key_example = match &keyed {
        Some((_, call)) => {
            uses_models |= call.uses_models;
            example_fn(
                crate_ident,
                "A caller-derived idempotency key: every retry of this call, and a rerun of the\nsame order after a crash, sends the same key, so the server acts on it once.",
                "keyed_call",
                &["order_id: u64".to_string()],
                call,
                &[Link::call(
                    "idempotency_key",
                    vec!["format!(\"order-{order_id}\")".to_string()],
                )],
            )
        }
        None => String::new(),
    };
    let main_call = safe.as_ref().or(any.as_ref());
    let (deadline_example, retries_off_example) = match main_call {
        Some((_, call)) => {
            uses_models |= call.uses_models;
            (
                example_fn(
                    crate_ident,
                    "A tighter deadline for one call: every attempt and every sleep between\nattempts fits in 5 seconds.",
                    "with_deadline",
                    &[],
                    call,
                    &[Link::call(
                        "timeout",
                        vec!["Duration::from_secs(5)".to_string()],
                    )],
                ),
                example_fn(
                    crate_ident,
                    "Retries off for one call: exactly one attempt.",
                    "without_retries",
                    &[],
                    call,
                    &[Link::call("retries", vec!["false".to_string()])],
                ),
            )
        }
        None => (String::new(), String::new()),
    };

    // The operations table.
    let mut op_rows = Vec::new();
    let mut keyed_ops = Vec::new();
    for (i, op) in api.operations.iter().enumerate() {
        let (module, method) = &ex.groups.method_of_op[i];
        let r = &op.plan.retry;
        let p99 = r.effective.p99_ms;
        let attempts = r.effective.max_attempts;
        let deadline = r.effective.deadline_ms;
        let class = op.retry.class.as_str().to_string();
        let key = match &op.retry.key {
            Some(k) => format!("automatic `{}`", k.header),
            None => "none".to_string(),
        };
        let attempt_timeout = match (p99, r.attempt_timeout_ms) {
            (Some(p), Some(t)) => {
                format!(
                    "min({} × {}, time left) = {}",
                    crate::defaults::get().attempt_timeout_p99_multiplier,
                    human_ms(p),
                    human_ms(t)
                )
            }
            _ => "the time left".to_string(),
        };
        let name = format!("`{}().{}()`", module, naming::unraw(method));
        if op.retry.class == RetryClass::Keyed {
            keyed_ops.push(format!(
                "{name}: {} {}",
                op.method.as_str(),
                table_code(&op.path)
            ));
        }
        op_rows.push(vec![
            name,
            format!("{} {}", op.method.as_str(), table_code(&op.path)),
            class,
            key,
            attempts.to_string(),
            attempt_timeout,
            human_ms(deadline),
        ]);
    }

    // Every item of a list, where an operation pages.
    let pager_example = match ex.pick(|op| op.plan.pagination.is_some()) {
        Some((_, call)) => {
            uses_models |= call.uses_models;
            let mut parts: Vec<layout::Link> = call.parts.clone();
            parts.push(layout::Link::call("into_pager", vec![]));
            render_example_fn(&ExampleFnView {
                doc: "Every item of every page of a list, each page fetched when the items before\nit are used up.".to_string(),
                signature: layout::signature(
                    0,
                    "async fn every_item",
                    &[format!("client: &{crate_ident}::Client")],
                    &format!("Result<(), {crate_ident}::Error>"),
                ),
                setup: call.setup.clone(),
                call: layout::chain(4, "let mut pager = ", "client", &parts, ";"),
                outcome: "items",
                documented: String::new(),
            })
        }
        None => String::new(),
    };
    let paged_ops = api
        .operations
        .iter()
        .enumerate()
        .filter(|(_, op)| op.plan.pagination.is_some())
        .map(|(i, _)| {
            let (module, method) = &ex.groups.method_of_op[i];
            format!("`{module}().{}()`", naming::unraw(method))
        })
        .collect();

    let calls_where = |keep: &dyn Fn(&crate::ir::Operation) -> bool| -> Vec<String> {
        api.operations
            .iter()
            .enumerate()
            .filter(|(_, op)| keep(op))
            .map(|(i, _)| {
                let (module, method) = &ex.groups.method_of_op[i];
                format!("`{module}().{}()`", naming::unraw(method))
            })
            .collect()
    };
    let download_ops = calls_where(&|op| op.plan.download);
    let upload_ops = calls_where(&|op| op.plan.body.as_ref().is_some_and(|b| b.takes_files()));

    let typed_error_example = main_call
        .and_then(|(index, call)| {
            let (module, method) = &ex.groups.method_of_op[*index];
            let error = ex
                .groups
                .groups
                .iter()
                .find(|g| &g.module == module)
                .and_then(|g| g.ops.iter().find(|o| &o.method_ident == method))
                .and_then(|o| o.errors.as_ref())?;
            let mut parts = call.parts.clone();
            parts.push(Link::call("send", Vec::new()));
            parts.push(Link::text(".await"));
            Some(render_example_fn(&ExampleFnView {
                doc: "A documented error response, decoded by its status.".to_string(),
                signature: layout::signature(
                    0,
                    "async fn documented_error",
                    &[format!("client: &{crate_ident}::Client")],
                    "",
                ),
                setup: call.setup.clone(),
                call: layout::chain(4, "let result = ", "client", &parts, ";"),
                outcome: "documented",
                documented: layout::let_stmt(
                    8,
                    "documented",
                    &format!(
                        "{crate_ident}::{module}::{}::from_error(&error)",
                        error.ident
                    ),
                ),
            }))
        })
        .unwrap_or_default();

    let example_main_block = ExampleMainRs {
        crate_ident,
        uses_models,
        quick_start: &quick_start,
        keyed: !key_example.is_empty(),
        deadline: !deadline_example.is_empty(),
        pager: !pager_example.is_empty(),
        documented_error: !typed_error_example.is_empty(),
    }
    .render()
    .expect("rendering the Rust example's main");
    let mut example_main = example_main_block;
    for f in [
        &key_example,
        &deadline_example,
        &retries_off_example,
        &pager_example,
        &typed_error_example,
    ] {
        if !f.is_empty() {
            example_main.push_str("\n\n");
            example_main.push_str(f);
        }
    }

    // The README shows each example as a program of its own, runnable as
    // pasted: `main` builds the client and calls the example's functions.
    let program = |uses_models: bool, statements: Vec<String>, functions: Vec<&str>| {
        ProgramRs {
            crate_ident,
            uses_models,
            quick_start: &quick_start,
            statements,
            functions,
        }
        .render()
        .expect("rendering a Rust README program")
    };
    let call_of = |f: &str, args: &str, tail: &str| format!("    {f}(&client{args}).await{tail};");
    let models_in =
        |pick: &Option<(usize, Call)>| pick.as_ref().is_some_and(|(_, c)| c.uses_models);
    let quick_start_block = match main_call.or(keyed.as_ref()) {
        Some((_, call)) => {
            let mut statements = call.setup.clone();
            let mut parts = call.parts.clone();
            parts.push(Link::call("send", Vec::new()));
            parts.push(Link::text(".await?"));
            let lead = if call.unit { "" } else { "let response = " };
            statements.push(layout::chain(4, lead, "client", &parts, ";"));
            if !call.unit {
                statements.push("    println!(\"{response:?}\");".to_string());
            }
            program(call.uses_models, statements, Vec::new())
        }
        None => program(
            false,
            vec!["    println!(\"{client:?}\");".to_string()],
            Vec::new(),
        ),
    };
    let key_program = if key_example.is_empty() {
        String::new()
    } else {
        program(
            models_in(&keyed),
            vec![call_of("keyed_call", ", 8812", "?")],
            vec![&key_example],
        )
    };
    let main_models = main_call.is_some_and(|(_, c)| c.uses_models);
    let deadline_program = if deadline_example.is_empty() {
        String::new()
    } else {
        program(
            main_models,
            vec![
                call_of("with_deadline", "", "?"),
                call_of("without_retries", "", "?"),
            ],
            vec![&deadline_example, &retries_off_example],
        )
    };
    let paged = ex.pick(|op| op.plan.pagination.is_some());
    let pager_program = if pager_example.is_empty() {
        String::new()
    } else {
        program(
            models_in(&paged),
            vec![call_of("every_item", "", "?")],
            vec![&pager_example],
        )
    };
    let typed_error_program = if typed_error_example.is_empty() {
        String::new()
    } else {
        program(
            main_models,
            vec![call_of("documented_error", "", "")],
            vec![&typed_error_example],
        )
    };

    let mut env_rows = vec![(
        "`.base_url(..)`".to_string(),
        format!("`{}`", c.base_url_env),
    )];
    for a in &c.auth_methods {
        env_rows.push((
            format!("`.{}(..)`", naming::unraw(&a.ident)),
            format!("`{}`", a.env),
        ));
    }
    let mut root_overrides = Vec::new();
    if let Some(n) = api.retries.max_attempts {
        root_overrides.push(format!("{n} attempts"));
    }
    if let Some(ms) = api.retries.base_ms {
        root_overrides.push(format!("backoff base {}", human_ms(ms)));
    }
    if let Some(ms) = api.retries.cap_ms {
        root_overrides.push(format!("backoff cap {}", human_ms(ms)));
    }
    if let Some(ms) = api.retries.deadline_ms {
        root_overrides.push(format!("a {} deadline", human_ms(ms)));
    }
    let mut op_overrides = Vec::new();
    for (i, op) in api.operations.iter().enumerate() {
        let o = op.plan.retry.own;
        let mut bits = Vec::new();
        if let Some(n) = o.max_attempts {
            bits.push(format!("{n} attempts"));
        }
        if let Some(ms) = o.base_ms {
            bits.push(format!("backoff base {}", human_ms(ms)));
        }
        if let Some(ms) = o.cap_ms {
            bits.push(format!("backoff cap {}", human_ms(ms)));
        }
        if let Some(ms) = o.deadline_ms {
            bits.push(format!("a {} deadline", human_ms(ms)));
        }
        if !bits.is_empty() {
            let (module, method) = &ex.groups.method_of_op[i];
            op_overrides.push(format!(
                "`{module}().{}()`: {}",
                naming::unraw(method),
                bits.join(", ")
            ));
        }
    }
    let groups = ex
        .groups
        .groups
        .iter()
        .map(|g| {
            let ops = g
                .ops
                .iter()
                .map(|o| {
                    (
                        format!("`{}().{}()`", g.module, naming::unraw(&o.method_ident)),
                        format!("{} {}", o.http_method, table_code(&o.path)),
                    )
                })
                .collect();
            ReadmeGroup {
                name: g.name.clone(),
                description: g.description.clone(),
                feature: g.feature.clone().unwrap_or_default(),
                ops,
            }
        })
        .collect();

    let first_group = ex
        .groups
        .groups
        .first()
        .map(|g| g.module.clone())
        .unwrap_or_default();
    // The first scheme's credentials, as the environment gives them.
    let env_note = match api.auth.first() {
        Some(scheme) => {
            let wanted: Vec<String> = scheme
                .credentials
                .iter()
                .filter(|c| match &scheme.kind {
                    AuthKind::Basic => c.role == Role::Username,
                    AuthKind::OAuth2 {
                        token_url: Some(_), ..
                    } => c.role != Role::Secret,
                    _ => true,
                })
                .map(|c| format!("`{}`", env_prefix_var(env_prefix, &c.name)))
                .collect();
            format!("with {} set", wanted.join(" and "))
        }
        None => String::new(),
    };
    let mut shown = vec!["a client with a 30 s deadline per call".to_string()];
    if !key_example.is_empty() {
        shown.push("a caller-derived idempotency key".to_string());
    }
    if !deadline_example.is_empty() {
        shown.push("a tighter deadline for one call".to_string());
        shown.push("a call without retries".to_string());
    }
    if !pager_example.is_empty() {
        shown.push("every item of a list, page after page".to_string());
    }
    if !typed_error_example.is_empty() {
        shown.push("a documented error decoded by its status".to_string());
    }
    let last = shown.pop().unwrap_or_default();
    let example_doc = if shown.is_empty() {
        format!("The examples of the README, compiled with the crate: {last}.")
    } else {
        format!(
            "The examples of the README, compiled with the crate: {} and {last}.",
            shown.join(", ")
        )
    };
    ReadmeView {
        example_doc,
        quick_start_block,
        first_group,
        env_note,
        key_program,
        deadline_program,
        typed_error_program,
        pager_program,
        paged_ops,
        download_ops,
        upload_ops,
        example_main,
        op_rows,
        keyed_ops,
        key_header: kc.header().to_string(),
        key_max_length: kc.max_length(),
        replay_window: kc.replay_window.clone(),
        in_flight_code: kc.in_flight_code.clone(),
        mismatch_code: kc.mismatch_code.clone(),
        failures_replay: kc.failures.map(|f| f == crate::ir::FailurePolicy::Replay),
        env_rows,
        client_credentials: api.auth.iter().any(|a| {
            matches!(
                a.kind,
                AuthKind::OAuth2 {
                    token_url: Some(_),
                    ..
                }
            )
        }),
        servers: c.servers.clone(),
        root_p99_ms: api.client_retry.p99_ms,
        root_overrides,
        op_overrides,
        groups,
    }
}
