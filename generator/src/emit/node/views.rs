//! The package's views (the client, models, converters, README), shaped from
//! the IR: names from [`naming`], spec text as [`Text`]/[`Doc`], and the
//! parts whose width decides their line breaks laid out by [`layout`] in
//! their place in the templates, which hold the code's text. The resource
//! modules' views are built beside these (`resources.rs`) and handed in.

use super::escape::{js_string, Doc, Text};
use super::layout::{self as l, D};
use super::naming::Names;
use super::operations::{chosen_body, server_url, success_body};
use super::resources::Resource;
use super::syntax::{
    braces_in, braces_statement, expanded_object, format_note, inline_object, js_imports,
    object_prop, prop_line, security_array, type_imports, Prop,
};
use super::types::{literal, shows_binary, Flow, Types};
use super::PackageInfo;
use crate::defaults;
use crate::ir::sample::call_example;
use crate::ir::{
    Api, AuthKind, BodyKind, FailurePolicy, Method as HttpMethod, Operation, ParamLocation,
    Primitive, RetryClass, TypeKind, TypeRef,
};

pub struct Package {
    pub name: Text,
    pub title: Text,
    /// The spec's `info.version`.
    pub api_version: Text,
    pub description: Text,
    pub client: String,
    pub client_doc: Doc,
    pub log_env_var: String,
    /// The default base URL, when the spec gives an absolute one.
    pub base_url: Option<Text>,
    /// The environment variable of the base URL (`VAULT_BASE_URL`).
    pub base_url_env: String,
    /// The README's table of the options read from the environment, laid
    /// out as prettier lays out a Markdown table.
    pub env_table: String,
    pub servers: Vec<ServerView>,
    /// The servers of operations that do not go to the client's base URL.
    pub own_servers: Vec<OwnServer>,
    pub auth: Vec<AuthView>,
    /// The `(runtime, credentials, [...])` of `const core = new Core(...);`,
    /// laid out.
    pub core_args: String,
    /// The `[...]` of `const CREDENTIAL_HELP = new Map([...]);`, laid out, when the API
    /// has auth: by scheme, how a caller provides its credentials.
    pub credential_help: Option<String>,
    /// The `{...}` of `const HEADERS = {...};`, laid out, when the provider
    /// set constant headers (sdkgen.toml `[headers]`).
    pub constant_headers: Option<String>,
    pub runtime_config: RuntimeConfig,
    pub models: Vec<Model>,
    /// Whether a model spells out `FileInput` (a binary field), which
    /// `models.d.ts` imports then.
    pub file_input: bool,
    pub converters: Vec<Converter>,
    /// Whether some operation reads its success body (`wire.js` exports the
    /// runtime's readers then, whatever the models).
    pub reads: bool,
    pub resources: Vec<Resource>,
    /// README facts.
    pub facts: Facts,
    /// A model property whose name differs from the wire's, for the README.
    pub rename_example: Option<RenameExample>,
    /// The README's code examples.
    pub examples: Examples,
}

/// What the `new Runtime({...})` config of the client holds besides the
/// options passed through.
pub struct RuntimeConfig {
    /// `baseUrl: baseUrlSetting(options.baseUrl, "X_BASE_URL", "https://...")`,
    /// laid out as its line (the spec's URL only when it is absolute).
    pub base_url: String,
    /// Whether some operations have servers of their own (`serverUrls`).
    pub server_urls: bool,
    /// `userAgent: "name/version"`, `logEnvVar: "X_LOG"` and
    /// `logName: "name"`, each laid out as its line.
    pub user_agent: String,
    pub log_env_var: String,
    pub log_name: String,
    /// The spec's own client defaults, where it sets them.
    pub max_attempts: Option<u64>,
    pub base_ms: Option<u64>,
    pub cap_ms: Option<u64>,
    pub timeout: Option<u64>,
    pub p99_ms: Option<u64>,
    /// `requestIdHeader: "x-..."`, laid out as its line, when the spec
    /// declares a request-id header of its own.
    pub request_id_header: Option<String>,
}

pub struct RenameExample {
    pub name: String,
    pub wire: Text,
}

/// A server some operations send their requests to instead of the client's
/// base URL.
pub struct OwnServer {
    /// Its URL, variables replaced by their defaults: the SDK's default, and
    /// the key of the `serverUrls` option.
    pub url: Text,
    /// The calls that go there, `client.files.upload`.
    pub calls: Vec<String>,
}

pub struct ServerView {
    pub url: Text,
    pub description: Text,
}

pub struct AuthView {
    /// The `(name, credentials)` of its `credentials.set(...);`, laid out.
    pub set_args: String,
    pub options: Vec<AuthOption>,
    pub what: &'static str,
    /// The scheme's name.
    pub scheme: String,
    /// How a caller provides its credentials: `bearerToken (or
    /// VAULT_BEARER_TOKEN)`, for the missing-credential error.
    pub help: String,
}

pub struct AuthOption {
    pub name: String,
    pub doc: Doc,
}

pub struct Model {
    pub name: String,
    pub doc: Doc,
    /// `Some` for objects: the interface's properties.
    pub props: Option<Vec<Prop>>,
    pub index_signature: bool,
    /// `export type X = ...;` for enums, unions and aliases, laid out.
    pub alias: String,
    /// Open enums: the members of the value object.
    pub members: Vec<EnumMember>,
}

pub struct EnumMember {
    pub name: String,
    pub value: String,
}

impl Model {
    /// An open enum's `export const X = Object.freeze({...});`, laid out:
    /// broken after the `=` or inside the call where the name is long, and a
    /// member's string value on the line after its key where the line is too
    /// long (a number or boolean stays on the key's line).
    pub fn frozen(&self) -> String {
        self.frozen_after("export const")
    }

    /// [`Model::frozen`] laid out for the CommonJS build, where the
    /// declaration loses `export `: the text still says `export const`
    /// (the CommonJS build's converter reads it, `cjs.rs`), the line breaks
    /// are those of `const X = ...`, which prettier lays out by its own
    /// width.
    pub fn frozen_for_commonjs(&self) -> String {
        format!("export {}", self.frozen_after("const"))
    }

    fn frozen_after(&self, keyword: &str) -> String {
        let props = self
            .members
            .iter()
            .map(|e| {
                let stays = e.value == "true"
                    || e.value == "false"
                    || e.value.starts_with(|c: char| c.is_ascii_digit());
                object_prop(&e.name, l::text(e.value.clone()), !stays)
            })
            .collect();
        l::render(
            &l::fluid_assignment(
                &format!("{keyword} {}", self.name),
                l::call_with_last_object("Object.freeze", vec![], expanded_object(props)),
                ";",
            ),
            0,
        )
    }
}

pub struct Converter {
    pub ts_type: String,
    /// The function reading a value of the type from a success body,
    /// checking it, for a type success bodies hold.
    pub reader: Option<Function>,
    /// The function converting to the wire, for a type whose names or
    /// values change on the way.
    pub writer: Option<Function>,
    /// `const xFields = [...];` (and for a union without a discriminator
    /// `const xVariants = [...];`), laid out: rows `[wire, type, required,
    /// name?, toWire?]` of an object's fields, `[tag, reader, toWire?]` of a
    /// discriminated union's variants, the readers of a union's variants.
    pub tables: Vec<String>,
}

/// A function of `wire.js`: its name, the call it returns and its
/// parameters in `wire.d.ts`, laid out.
pub struct Function {
    pub name: String,
    pub call: String,
    /// `(value: T)` after the name in the declaration, laid out.
    pub params: String,
    /// `(value)` after the name in `wire.js`, laid out.
    pub js_params: String,
}

/// What the README states, from the IR.
pub struct Facts {
    pub max_attempts: u64,
    pub base_ms: u64,
    pub cap_ms: u64,
    pub deadline_ms: u64,
    pub p99_ms: Option<u64>,
    /// The attempt timeout the client's p99 implies.
    pub attempt_timeout_ms: Option<u64>,
    /// The contract's numbers the README states, from `runtime/defaults.json`.
    pub p99_multiplier: u64,
    pub decorrelated_multiplier: u64,
    pub budget_capacity: u32,
    pub throttle_cost: u32,
    pub retry_cost: u32,
    pub success_refund: u32,
    pub max_retry_after_ms: u64,
    pub request_timeout_header: String,
    pub default_in_flight_code: String,
    pub default_mismatch_code: String,
    pub key_header: Text,
    pub key_max_length: u32,
    pub replay_window: Option<Text>,
    pub in_flight_code: Option<Text>,
    pub mismatch_code: Option<Text>,
    pub failures_replay: Option<bool>,
    pub operations: Vec<OpFact>,
    pub keyed: Vec<usize>,
    pub unsafe_ops: Vec<usize>,
    /// An example keyed call, when there is one.
    pub example: Option<Example>,
    /// An example of any call.
    pub any_call: Option<Example>,
    /// Per paginated operation, its index in `operations`.
    pub paged: Vec<usize>,
    /// An example call of a paginated operation, its result named after
    /// one item, when the API has one.
    pub paged_call: Option<Example>,
    /// Per download (an operation that answers only in binary), its index
    /// in `operations`.
    pub downloads: Vec<usize>,
    /// Per operation that sends a file (a binary or multipart body), its
    /// index in `operations`.
    pub uploads: Vec<usize>,
}

pub struct OpFact {
    pub call: String,
    pub http: Text,
    pub summary: Text,
    pub class: &'static str,
    pub p99_ms: Option<u64>,
    pub attempt_timeout_ms: Option<u64>,
    pub deadline_ms: u64,
    pub max_attempts: u64,
}

pub struct Example {
    /// `client.transfers.createTransfer`.
    pub callee: String,
    /// The arguments of a call without options, as code.
    pub args: Vec<D>,
    /// The arguments before the options (`{}` for an optional params object).
    pub args_before_options: Vec<D>,
    /// A name for what the call returns.
    pub result: String,
}

impl Package {
    /// The package's view; `flattened` holds, per operation, the object type
    /// whose fields are its params object's, and `resources` the views of
    /// the resource modules.
    pub fn new(
        api: &Api,
        package: &PackageInfo,
        names: &Names,
        types: &Types,
        flattened: &[Option<usize>],
        resources: Vec<Resource>,
    ) -> Package {
        let title = api.title.clone();
        let mut client_doc = Doc::default();
        client_doc.push(format!("The client of the {title}."));
        client_doc.push_opt(api.description.as_deref());

        let base_url = api.servers.first().map(server_url).and_then(|url| {
            (url.starts_with("https://") || url.starts_with("http://")).then_some(Text::new(url))
        });
        let servers = api
            .servers
            .iter()
            .map(|s| ServerView {
                url: Text::new(s.url.clone()),
                description: Text::new(s.description.clone().unwrap_or_default()),
            })
            .collect();

        let auth: Vec<AuthView> = api
            .auth
            .iter()
            .zip(&names.auth_options)
            .map(|(scheme, opts)| auth_view(scheme, opts, package))
            .collect();

        let own_servers = own_servers(api, names);
        let runtime_config = runtime_config(
            api,
            package,
            names,
            base_url.as_ref(),
            !own_servers.is_empty(),
        );

        let models = (0..api.types.len()).map(|i| model_view(types, i)).collect();
        let file_input = api.types.iter().any(|t| match &t.kind {
            TypeKind::Object { fields, .. } => fields.iter().any(|f| shows_binary(&f.ty)),
            TypeKind::Union { variants, .. } => variants.iter().any(|v| shows_binary(&v.ty)),
            TypeKind::Alias { target } => shows_binary(target),
            TypeKind::Enum { .. } => false,
        });
        let converters = (0..api.types.len())
            .filter_map(|i| converter_view(types, i))
            .collect();
        let reads = api.operations.iter().any(|op| {
            !matches!(
                super::operations::success_body(types, op).decode,
                super::operations::Decode::None
            )
        });

        let core_args = if api.auth.is_empty() {
            l::render_in(
                "const core = new Core",
                l::call_with_last_object(
                    "",
                    vec![l::text("runtime"), l::text("new Map()")],
                    security_array(&api.default_security),
                ),
                ";",
                4,
            )
        } else {
            l::render_in(
                "const core = new Core",
                l::call(
                    "",
                    vec![
                        l::text("runtime"),
                        l::text("credentials"),
                        security_array(&api.default_security),
                        l::text("CREDENTIAL_HELP"),
                    ],
                ),
                ";",
                4,
            )
        };
        let credential_help = (!auth.is_empty()).then(|| {
            let pairs = auth
                .iter()
                .map(|a| {
                    l::array(
                        vec![l::text(js_string(&a.scheme)), l::text(js_string(&a.help))],
                        false,
                    )
                })
                .collect::<Vec<_>>();
            let matrix = pairs.len() > 1;
            l::render_in(
                "const CREDENTIAL_HELP = new Map(",
                l::array(pairs, matrix),
                ");",
                0,
            )
        });
        let constant_headers = (!api.constant_headers.is_empty()).then(|| {
            let pairs = api
                .constant_headers
                .iter()
                .map(|(name, value)| {
                    l::array(
                        vec![l::text(js_string(name)), l::text(js_string(value))],
                        false,
                    )
                })
                .collect::<Vec<_>>();
            let matrix = pairs.len() > 1;
            l::render_in("const HEADERS = ", l::array(pairs, matrix), ";", 0)
        });
        let facts = facts(api, names, types, flattened);
        let examples = readme_examples(package, names, &facts, base_url.is_some());

        Package {
            name: Text::new(package.name.clone()),
            title: Text::new(title),
            api_version: Text::new(api.version.clone()),
            description: Text::new(package.description.clone()),
            client: names.client.clone(),
            client_doc,
            log_env_var: names.log_env_var.clone(),
            base_url,
            base_url_env: package.env_var("base_url"),
            env_table: env_table(api, names, package),
            servers,
            own_servers,
            auth,
            core_args,
            credential_help,
            constant_headers,
            runtime_config,
            models,
            file_input,
            converters,
            reads,
            resources,
            facts,
            rename_example: rename_example(types),
            examples,
        }
    }

    pub fn has_auth(&self) -> bool {
        !self.auth.is_empty()
    }

    pub fn has_converters(&self) -> bool {
        !self.converters.is_empty()
    }

    /// Whether `wire.js` has anything: models to read or convert, or an
    /// operation whose success body is read (a list of strings, say).
    pub fn uses_wire(&self) -> bool {
        self.has_converters() || self.reads
    }

    /// The models that have an enum value object in `models.js`.
    pub fn enum_models(&self) -> Vec<&Model> {
        self.models
            .iter()
            .filter(|m| !m.members.is_empty())
            .collect()
    }

    pub fn wire_type_imports(&self) -> String {
        let mut names: Vec<String> = self.converters.iter().map(|c| c.ts_type.clone()).collect();
        names.sort();
        names.dedup();
        type_imports(&names, "./models.js")
    }

    pub fn runtime_exports(&self) -> String {
        braces_statement("export", RUNTIME_REEXPORTS, "./runtime/index.js")
    }

    pub fn runtime_type_exports(&self) -> String {
        braces_statement("export type", RUNTIME_TYPE_REEXPORTS, "./runtime/index.js")
    }

    pub fn index_imports(&self) -> String {
        let mut names = vec!["Core", "baseUrlSetting"];
        if self.constant_headers.is_some() {
            names.push("withHeaders");
        }
        for a in &self.auth {
            if !names.contains(&a.what) {
                names.push(a.what);
            }
        }
        if self.has_auth() {
            names.push("setting");
        }
        js_imports(&names, "./core.js")
    }

    /// `import { Transfers } from "./resources/transfers.js";` lines.
    pub fn resource_imports(&self) -> Vec<String> {
        self.resource_statements("import")
    }

    /// `export type { ...Params } from "./resources/x.js";` lines.
    pub fn resource_type_exports(&self) -> Vec<String> {
        self.resources
            .iter()
            .filter_map(|r| {
                let names: Vec<String> = r
                    .methods
                    .iter()
                    .filter_map(|m| m.params_type.as_ref().map(|p| p.name.clone()))
                    .collect();
                if names.is_empty() {
                    return None;
                }
                let refs: Vec<&str> = names.iter().map(String::as_str).collect();
                Some(braces_statement(
                    "export type",
                    &refs,
                    &format!("./resources/{}.js", r.file),
                ))
            })
            .collect()
    }

    /// `export { Transfers } from "./resources/transfers.js";` lines.
    pub fn resource_exports(&self) -> Vec<String> {
        self.resource_statements("export")
    }

    /// `import type { Transfers } from "./resources/transfers.js";` lines.
    pub fn resource_type_imports(&self) -> Vec<String> {
        self.resource_statements("import type")
    }

    fn resource_statements(&self, keyword: &str) -> Vec<String> {
        self.resources
            .iter()
            .map(|r| {
                braces_statement(
                    keyword,
                    &[r.class.as_str()],
                    &format!("./resources/{}.js", r.file),
                )
            })
            .collect()
    }
}

const RUNTIME_REEXPORTS: &[&str] = &[
    "SDKError",
    "InvalidArgumentError",
    "InvalidIdempotencyKeyError",
    "MissingCredentialError",
    "RequestAbortedError",
    "ResponseParseError",
    "APIConnectionError",
    "APITimeoutError",
    "DeadlineExceededError",
    "APIError",
    "ClientError",
    "ServerError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "IdempotencyInFlightError",
    "IdempotencyMismatchError",
    "PaginationError",
    "StreamError",
    "BinaryResponse",
    "toFile",
    "deadlineFromHeaders",
];

const RUNTIME_TYPE_REEXPORTS: &[&str] = &[
    "StopReason",
    "Logger",
    "LogLevel",
    "Secret",
    "Jitter",
    "FetchLike",
    "Clock",
    "RandomSource",
    "FileInput",
];

/// The call of operation `i`: `client.transfers.createTransfer`.
fn call_name(api: &Api, names: &Names, i: usize) -> String {
    let op = &api.operations[i];
    let group = api
        .groups
        .iter()
        .position(|g| g.name == op.group)
        .map(|gi| names.groups[gi].property.as_str())
        .unwrap_or_default();
    format!("client.{group}.{}", names.operations[i].method)
}

/// The servers operations use instead of the client's base URL, each with
/// the calls that go there, in the order of the operations.
fn own_servers(api: &Api, names: &Names) -> Vec<OwnServer> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for (i, op) in api.operations.iter().enumerate() {
        let Some(url) = op
            .plan
            .base
            .own_servers()
            .and_then(|s| s.first())
            .map(server_url)
        else {
            continue;
        };
        let call = call_name(api, names, i);
        match out.iter_mut().find(|(u, _)| *u == url) {
            Some((_, calls)) => calls.push(call),
            None => out.push((url, vec![call])),
        }
    }
    out.into_iter()
        .map(|(url, calls)| OwnServer {
            url: Text::new(url),
            calls,
        })
        .collect()
}

/// The config of `new Runtime({...})`. The spec's own client defaults (root
/// `x-retries`, `x-latency-p99-ms`) are written out; where it has none the
/// runtime's defaults apply, which are the same table's.
fn runtime_config(
    api: &Api,
    package: &PackageInfo,
    names: &Names,
    base_url: Option<&Text>,
    server_urls: bool,
) -> RuntimeConfig {
    let (root, client) = (api.retries, api.client_retry);
    // A string property breaks after its colon when it does not fit.
    let string_prop = |key: &str, value: &str| {
        l::render_in(
            "",
            object_prop(key, l::text(js_string(value)), true),
            ",",
            6,
        )
    };
    RuntimeConfig {
        base_url: {
            let mut args = vec![
                l::text("options.baseUrl"),
                l::text(js_string(&package.env_var("base_url"))),
            ];
            if let Some(url) = base_url {
                args.push(l::text(js_string(url.as_str())));
            }
            l::render_in(
                "",
                object_prop("baseUrl", l::call("baseUrlSetting", args), false),
                ",",
                6,
            )
        },
        server_urls,
        user_agent: string_prop(
            "userAgent",
            &format!("{}/{}", package.name, package.version),
        ),
        log_env_var: string_prop("logEnvVar", &names.log_env_var),
        log_name: string_prop("logName", &package.name),
        max_attempts: root.max_attempts.map(|_| u64::from(client.max_attempts)),
        base_ms: root.base_ms.map(|_| client.base_ms),
        cap_ms: root.cap_ms.map(|_| client.cap_ms),
        timeout: root.deadline_ms.map(|_| client.deadline_ms),
        p99_ms: client.p99_ms,
        request_id_header: api
            .request_id_header
            .as_deref()
            .map(|h| string_prop("requestIdHeader", h)),
    }
}

/// The options the client reads from the environment, each credential then
/// the base URL, as a Markdown table whose columns are padded to their
/// widest cell (as prettier writes one).
fn env_table(api: &Api, names: &Names, package: &PackageInfo) -> String {
    let mut rows: Vec<[String; 2]> = vec![["option".into(), "environment variable".into()]];
    for (scheme, opts) in api.auth.iter().zip(&names.auth_options) {
        for (opt, credential) in opts.iter().zip(&scheme.credentials) {
            rows.push([
                format!("`{opt}`"),
                format!("`{}`", package.env_var(&credential.name)),
            ]);
        }
    }
    rows.push([
        "`baseUrl`".into(),
        format!("`{}`", package.env_var("base_url")),
    ]);
    let widths: Vec<usize> = (0..2)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(3)
                .max(3)
        })
        .collect();
    let line = |cells: [String; 2]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell}{}", " ".repeat(w - cell.chars().count())))
            .collect();
        format!("| {} |", padded.join(" | "))
    };
    let mut out = Vec::new();
    let mut rows = rows.into_iter();
    if let Some(head) = rows.next() {
        out.push(line(head));
    }
    out.push(format!(
        "| {} |",
        widths
            .iter()
            .map(|&w| "-".repeat(w))
            .collect::<Vec<_>>()
            .join(" | ")
    ));
    out.extend(rows.map(line));
    out.join("\n")
}

fn auth_view(scheme: &crate::ir::AuthScheme, opts: &[String], package: &PackageInfo) -> AuthView {
    let name_lit = js_string(&scheme.name);
    let envs: Vec<String> = scheme
        .credentials
        .iter()
        .map(|c| package.env_var(&c.name))
        .collect();
    // `setting(options.bearerToken, "VAULT_BEARER_TOKEN")`: the option, else
    // its environment variable.
    let opt = |i: usize| {
        l::call(
            "setting",
            vec![
                l::text(format!("options.{}", opts[i])),
                l::text(js_string(&envs[i])),
            ],
        )
    };
    let refresh = "A function is called once per call, before the first attempt, so a token provider can refresh it.";
    let (what, args, docs): (&'static str, Vec<D>, Vec<String>) = match &scheme.kind {
        AuthKind::Bearer { .. } => (
            "bearerAuth",
            vec![opt(0)],
            vec![format!(
                "The bearer token (`{}` security scheme), sent as `Authorization: Bearer <token>`. {refresh}",
                scheme.name
            )],
        ),
        AuthKind::OAuth2 { token_url: None, .. } => (
            "bearerAuth",
            vec![opt(0)],
            vec![format!(
                "The OAuth 2 access token (`{}` security scheme), sent as `Authorization: Bearer <token>`. {refresh}",
                scheme.name
            )],
        ),
        AuthKind::OAuth2 {
            token_url: Some(url),
            ..
        } => (
            "oauth2Auth",
            vec![l::text(js_string(url)), opt(0), opt(1), opt(2)],
            vec![
                format!(
                    "The OAuth 2 client id (`{}` security scheme): with the client secret, the SDK fetches its access tokens from `{url}` (client credentials flow) and keeps each until shortly before it expires.",
                    scheme.name
                ),
                format!(
                    "The OAuth 2 client secret (`{}` security scheme), sent with the client id to `{url}` only.",
                    scheme.name
                ),
                format!(
                    "The OAuth 2 access token (`{}` security scheme), sent as `Authorization: Bearer <token>`; when given, no token is fetched. {refresh}",
                    scheme.name
                ),
            ],
        ),
        AuthKind::Basic => (
            "basicAuth",
            vec![opt(0), opt(1)],
            vec![
                format!(
                    "The user name for HTTP basic authentication (`{}` security scheme).",
                    scheme.name
                ),
                format!(
                    "The password for HTTP basic authentication (`{}` security scheme); empty when left out.",
                    scheme.name
                ),
            ],
        ),
        AuthKind::ApiKey { location, param } => {
            let (where_, place) = match location {
                ParamLocation::Query => ("query", "query parameter"),
                ParamLocation::Cookie => ("cookie", "cookie"),
                _ => ("header", "header"),
            };
            (
                "apiKeyAuth",
                vec![l::text(js_string(param)), l::text(js_string(where_)), opt(0)],
                vec![format!(
                    "The API key (`{}` security scheme), sent as the `{param}` {place}. A function is called once per call, before the first attempt.",
                    scheme.name
                )],
            )
        }
    };
    let set_args = l::render_in(
        "credentials.set",
        l::call("", vec![l::text(name_lit), l::call(what, args)]),
        ";",
        4,
    );
    // Each set of options that provides the scheme: an OAuth2 scheme's
    // access token, or its client id and secret.
    let sets: Vec<Vec<usize>> = match &scheme.kind {
        AuthKind::OAuth2 { token_url, .. } if token_url.is_some() => vec![vec![2], vec![0, 1]],
        _ => vec![(0..opts.len()).collect()],
    };
    let help = sets
        .iter()
        .map(|set| {
            let given: Vec<&str> = set.iter().map(|&i| opts[i].as_str()).collect();
            let from: Vec<&str> = set.iter().map(|&i| envs[i].as_str()).collect();
            format!("{} (or {})", given.join(" and "), from.join(" and "))
        })
        .collect::<Vec<_>>()
        .join(", or ");
    let options = opts
        .iter()
        .zip(docs)
        .zip(&envs)
        .map(|((name, text), env)| {
            let mut doc = Doc::default();
            doc.push(text);
            doc.push_opt(scheme.description.as_deref());
            doc.push(format!("Default: the `{env}` environment variable."));
            AuthOption {
                name: name.clone(),
                doc,
            }
        })
        .collect();
    AuthView {
        set_args,
        options,
        what,
        scheme: scheme.name.clone(),
        help,
    }
}

fn field_doc(f: &crate::ir::Field) -> Doc {
    let mut doc = Doc::default();
    doc.push_opt(f.description.as_deref());
    if let Some(note) = format_note(&f.ty) {
        doc.push(note);
    }
    if f.read_only {
        doc.push("Read-only: set by the server, ignored in requests.");
    }
    if f.write_only {
        doc.push("Write-only: sent in requests, never returned.");
    }
    if let Some(d) = &f.default {
        doc.push(format!("Default: `{d}`."));
    }
    if f.deprecated {
        doc.tags.push("@deprecated");
    }
    doc
}

fn model_view(types: &Types, i: usize) -> Model {
    let t = &types.api.types[i];
    let name = types.names.types[i].clone();
    let mut doc = Doc::default();
    doc.push_opt(t.description.as_deref());
    let mut members = Vec::new();
    let (props, index_signature) = match &t.kind {
        TypeKind::Object { fields, additional } => {
            let props = fields
                .iter()
                .zip(&types.names.fields[i])
                .map(|(f, prop)| Prop {
                    doc: field_doc(f),
                    line: prop_line(prop, !f.required, types.members(&f.ty, Flow::Input)),
                })
                .collect();
            if let Some(extra) = additional {
                if *extra != TypeRef::Any {
                    doc.push(format!(
                        "Other properties hold values of type `{}`.",
                        types.ts(extra, Flow::Input)
                    ));
                }
            }
            (Some(props), additional.is_some())
        }
        TypeKind::Enum {
            values, constant, ..
        } => {
            if !*constant {
                members = values
                    .iter()
                    .zip(&types.names.enum_members[i])
                    .map(|(v, m)| EnumMember {
                        name: m.clone(),
                        value: literal(&v.value),
                    })
                    .collect();
            }
            (None, false)
        }
        _ => (None, false),
    };
    let alias = if props.is_some() {
        String::new()
    } else {
        l::render(
            &l::union_after(
                &format!("export type {name} ="),
                types.definition_members(i),
                ";",
            ),
            0,
        )
    };
    Model {
        name,
        doc,
        props,
        index_signature,
        alias,
        members,
    }
}

/// Table rows `[wire, type, required, name?, toWire?]` of an object type's
/// fields: every field of a type read from success bodies or written in
/// schema order, else those that change on the way (renamed, or holding
/// values that convert). `type` is the field's reader (`Types::reader`),
/// 0 in a model only written; `required` is 1 for a field a body must have:
/// required, not write-only, and not nullable (a required field that may be
/// null may also be left out, as the Rust and Python SDKs read it).
fn field_rows(types: &Types, i: usize) -> Vec<Vec<D>> {
    let TypeKind::Object { fields, .. } = &types.api.types[i].kind else {
        return Vec::new();
    };
    let every = types.read(i) || types.ordered(i);
    fields
        .iter()
        .zip(&types.names.fields[i])
        .filter_map(|(f, name)| {
            let to = types.converter(&f.ty, false).map(|c| c.doc(false));
            let changes = f.name != *name || to.is_some();
            if !changes && !every {
                return None;
            }
            let required = f.required && !f.write_only && !f.ty.is_nullable();
            // A model only written has no reader, nor do the models it holds.
            let (ty, required) = if types.read(i) {
                (types.reader(&f.ty).doc(false), required)
            } else {
                (l::lit("0"), false)
            };
            let mut row = vec![
                l::text(js_string(&f.name)),
                ty,
                l::lit(if required { "1" } else { "0" }),
            ];
            if changes {
                row.push(l::text(js_string(name)));
                row.extend(to);
            }
            Some(row)
        })
        .collect()
}

/// `const name = [...];`, laid out as prettier lays it out.
fn table(name: &str, rows: Vec<Vec<D>>) -> String {
    // prettier breaks an array of arrays that each hold two or more items.
    let matrix = rows.len() > 1 && rows.iter().all(|r| r.len() > 1);
    l::render(
        &l::assignment(
            &format!("const {name}"),
            l::array(
                rows.into_iter()
                    .map(|r| {
                        if r.len() == 1 {
                            r.into_iter().next().unwrap_or_else(|| l::lit(""))
                        } else {
                            l::array(r, false)
                        }
                    })
                    .collect(),
                matrix,
            ),
            ";",
        ),
        0,
    )
}

fn converter_view(types: &Types, i: usize) -> Option<Converter> {
    let read = types.read(i);
    let converts = types.converts(i);
    if !read && !converts {
        return None;
    }
    let from_wire = types.names.reader_fn(i);
    let to_wire = types.names.writer_fn(i);
    let ts_type = types.names.types[i].clone();
    let table_name = types.names.fields_table(i);
    let ret = |args: Vec<String>, call: &str| {
        l::render_in(
            "return ",
            l::call(call, args.into_iter().map(l::text).collect()),
            ";",
            2,
        )
    };
    let mut tables = Vec::new();
    let (from_args, from_fn, to) = match &types.api.types[i].kind {
        TypeKind::Object { additional, .. } => {
            tables.push(table(&table_name, field_rows(types, i)));
            let mut from = vec!["value".to_string(), table_name.clone()];
            if let Some(extra) = additional.as_ref().map(|t| types.reader(t)) {
                if !extra.is_any() {
                    from.push(extra.code(false));
                }
            }
            // A type written as JSON in requests: its schema's order.
            let in_order = types.ordered(i);
            let mut to = vec!["value".to_string(), table_name.clone()];
            if let Some(t) = additional.as_ref().and_then(|t| types.converter(t, false)) {
                to.push(t.code(false));
            }
            let to_call = if in_order {
                "convertInOrder"
            } else {
                "convert"
            };
            (from, "readObject", (to, to_call))
        }
        TypeKind::Union {
            variants,
            discriminator: Some(disc),
            ..
        } => {
            let objects: Vec<usize> = variants
                .iter()
                .filter_map(|v| types.object_index(&v.ty))
                .collect();
            let mut rows: Vec<Vec<D>> = Vec::new();
            for v in variants {
                let from = if read {
                    types.reader(&v.ty).doc(false)
                } else {
                    l::lit("0")
                };
                let to = types.converter(&v.ty, false).map(|c| c.doc(false));
                for tag in &v.tags {
                    let mut row = vec![l::text(js_string(tag)), from.clone()];
                    row.extend(to.clone());
                    rows.push(row);
                }
            }
            tables.push(table(&table_name, rows));
            // The discriminator's SDK name, from the first variant that has it.
            let name = objects
                .iter()
                .find_map(|&o| match &types.api.types[o].kind {
                    TypeKind::Object { fields, .. } => fields
                        .iter()
                        .position(|f| f.name == *disc)
                        .map(|p| types.names.fields[o][p].clone()),
                    _ => None,
                })
                .unwrap_or_else(|| disc.clone());
            (
                vec!["value".into(), js_string(disc), table_name.clone()],
                "readTagged",
                (
                    vec!["value".into(), js_string(&name), table_name.clone()],
                    "byTag",
                ),
            )
        }
        TypeKind::Union { variants, .. } => {
            let variants_name = types.names.variants_table(i);
            if read {
                tables.push(table(
                    &variants_name,
                    variants
                        .iter()
                        .map(|v| vec![types.reader(&v.ty).doc(false)])
                        .collect(),
                ));
            }
            if converts {
                // The object variants' renames together, the first
                // variant's winning where two disagree.
                let mut rows: Vec<Vec<D>> = Vec::new();
                for o in variants.iter().filter_map(|v| types.object_index(&v.ty)) {
                    for r in field_rows(types, o) {
                        if r.len() > 3 && !rows.iter().any(|x| l::flat(&x[0]) == l::flat(&r[0])) {
                            rows.push(r);
                        }
                    }
                }
                tables.push(table(&table_name, rows));
            }
            (
                vec!["value".into(), variants_name],
                "readUnion",
                (vec!["value".to_string(), table_name.clone()], "convert"),
            )
        }
        _ => return None,
    };
    // `export declare function name(value: T): U;`
    let params = |name: &str, params: Vec<String>, ret_ty: &str| {
        l::render_in(
            &format!("export declare function {name}"),
            l::params(params),
            &format!(": {ret_ty};"),
            0,
        )
    };
    // `export function name(value) {`
    let js_params = |name: &str| {
        l::render_in(
            &format!("export function {name}"),
            l::params(vec!["value".into()]),
            " {",
            0,
        )
    };
    let reader = read.then(|| Function {
        params: params(&from_wire, vec!["value: unknown".into()], &ts_type),
        js_params: js_params(&from_wire),
        call: ret(from_args, from_fn),
        name: from_wire,
    });
    let writer = converts.then(|| Function {
        params: params(&to_wire, vec![format!("value: {ts_type}")], "unknown"),
        js_params: js_params(&to_wire),
        call: ret(to.0, to.1),
        name: to_wire,
    });
    Some(Converter {
        ts_type,
        reader,
        writer,
        tables,
    })
}

fn facts(api: &Api, names: &Names, types: &Types, flattened: &[Option<usize>]) -> Facts {
    let client = api.client_retry;
    let kc = &api.key_contract;
    let group_property = |op: &Operation| {
        api.groups
            .iter()
            .position(|g| g.name == op.group)
            .map(|gi| names.groups[gi].property.clone())
            .unwrap_or_default()
    };
    let operations: Vec<OpFact> = api
        .operations
        .iter()
        .enumerate()
        .map(|(i, op)| {
            let r = &op.plan.retry;
            let deadline_ms = r.effective.deadline_ms;
            let p99 = r.effective.p99_ms;
            OpFact {
                call: format!(
                    "client.{}.{}",
                    group_property(op),
                    names.operations[i].method
                ),
                http: Text::new(format!("{} {}", op.method.as_str(), op.path)),
                summary: Text::new(op.summary.clone().unwrap_or_default()),
                class: op.retry.class.as_str(),
                p99_ms: p99,
                attempt_timeout_ms: r.attempt_timeout_ms,
                deadline_ms,
                max_attempts: u64::from(r.effective.max_attempts),
            }
        })
        .collect();
    let keyed: Vec<usize> = (0..api.operations.len())
        .filter(|&i| api.operations[i].retry.class == RetryClass::Keyed)
        .collect();
    let unsafe_ops: Vec<usize> = (0..api.operations.len())
        .filter(|&i| api.operations[i].retry.class == RetryClass::Unsafe)
        .collect();
    let example_for = |i: usize| {
        let op = &api.operations[i];
        let on = &names.operations[i];
        let sample = call_example(api, op);
        let value_of = |p: &crate::ir::Param| {
            let v = sample.param(&p.name).cloned().unwrap_or_default();
            example_literal(types, &p.ty, &v)
        };
        let mut args: Vec<D> = op
            .params
            .iter()
            .filter(|p| p.location == ParamLocation::Path)
            .map(|p| l::text(value_of(p)))
            .collect();
        let required: Vec<(String, String)> = op
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.location != ParamLocation::Path && !p.is_idempotency_key && p.required
            })
            .map(|(pi, p)| (on.params[pi].clone(), value_of(p)))
            .collect();
        let mut props = required;
        let body = sample.body.clone().unwrap_or_default();
        match (flattened[i], chosen_body(op)) {
            (Some(t), _) => {
                if let TypeKind::Object { fields, .. } = &types.api.types[t].kind {
                    for (f, name) in fields.iter().zip(&types.names.fields[t]) {
                        if let Some(v) = body.get(&f.name).filter(|_| f.required) {
                            props.push((name.clone(), example_literal(types, &f.ty, v)));
                        }
                    }
                }
            }
            (None, Some(c)) => {
                let value = match c.kind {
                    BodyKind::Binary => "new Uint8Array([1, 2, 3])".to_string(),
                    _ => example_literal(types, &c.ty, &body),
                };
                props.push(("body".into(), value));
            }
            (None, None) => {}
        }
        let has_object = op.plan.body.is_some()
            || op
                .params
                .iter()
                .any(|p| p.location != ParamLocation::Path && !p.is_idempotency_key);
        let mut args_before_options = args.clone();
        if has_object {
            let object_required = !props.is_empty();
            let object = inline_object(props);
            if object_required {
                args.push(object.clone());
            }
            args_before_options.push(object);
        }
        let success = success_body(types, op);
        // A name for what the call returns: after its model (`transfer`,
        // `petList` for an array of pets), else `result`.
        let success_ty = op
            .responses
            .iter()
            .filter(|r| r.status.is_success())
            .flat_map(|r| r.contents.iter())
            .map(|c| &c.ty)
            .next();
        let (model, list) = match success_ty {
            Some(TypeRef::Named(n)) => (types.index_of(n), false),
            Some(TypeRef::Array(item)) => match item.as_ref() {
                TypeRef::Named(n) => (types.index_of(n), true),
                _ => (None, false),
            },
            _ => (None, false),
        };
        let model = model.filter(|_| !success.ts.contains('|'));
        let result =
            super::naming::result_binding(model.map(|ti| names.converters[ti].as_str()), list);
        Example {
            callee: format!("client.{}.{}", group_property(op), on.method),
            args,
            args_before_options,
            result,
        }
    };
    let example = keyed.first().map(|&i| example_for(i));
    // A call to show: a GET without path parameters, else any GET, else the first.
    let gets = |with_path: bool| {
        (0..api.operations.len()).find(|&i| {
            let op = &api.operations[i];
            op.method == HttpMethod::Get
                && (with_path || !op.params.iter().any(|p| p.location == ParamLocation::Path))
        })
    };
    let any_call = gets(false)
        .or_else(|| gets(true))
        .or(if api.operations.is_empty() {
            None
        } else {
            Some(0)
        })
        .map(example_for);
    let paged: Vec<usize> = (0..api.operations.len())
        .filter(|&i| api.operations[i].plan.pagination.is_some())
        .collect();
    let downloads: Vec<usize> = (0..api.operations.len())
        .filter(|&i| api.operations[i].plan.download)
        .collect();
    let uploads: Vec<usize> = (0..api.operations.len())
        .filter(|&i| {
            api.operations[i]
                .plan
                .body
                .as_ref()
                .is_some_and(|b| b.takes_files())
        })
        .collect();
    let paged_call = paged
        .iter()
        .copied()
        .find(|&i| {
            !api.operations[i]
                .params
                .iter()
                .any(|p| p.location == ParamLocation::Path)
        })
        .or(paged.first().copied())
        .map(|i| {
            let mut e = example_for(i);
            let item = api.operations[i]
                .plan
                .pagination
                .as_ref()
                .map(|pg| &pg.item);
            let model = match item {
                Some(TypeRef::Named(n)) => types.index_of(n),
                _ => None,
            };
            e.result = match model {
                Some(ti) => {
                    super::naming::result_binding(Some(names.converters[ti].as_str()), false)
                }
                None => "item".to_string(),
            };
            e
        });
    let d = defaults::get();
    Facts {
        max_attempts: u64::from(client.max_attempts),
        base_ms: client.base_ms,
        cap_ms: client.cap_ms,
        deadline_ms: client.deadline_ms,
        p99_ms: client.p99_ms,
        attempt_timeout_ms: client.p99_ms.map(|p| d.attempt_timeout_ms(p)),
        p99_multiplier: d.attempt_timeout_p99_multiplier,
        decorrelated_multiplier: d.decorrelated_multiplier,
        budget_capacity: d.budget.capacity,
        throttle_cost: d.budget.throttle_cost,
        retry_cost: d.budget.retry_cost,
        success_refund: d.budget.success_refund,
        max_retry_after_ms: d.max_retry_after_ms,
        request_timeout_header: d.request_timeout_header.clone(),
        default_in_flight_code: d.key.in_flight_code.clone(),
        default_mismatch_code: d.key.mismatch_code.clone(),
        key_header: Text::new(kc.header().to_string()),
        key_max_length: kc.max_length(),
        replay_window: kc.replay_window.clone().map(Text::new),
        in_flight_code: kc.in_flight_code.clone().map(Text::new),
        mismatch_code: kc.mismatch_code.clone().map(Text::new),
        failures_replay: kc.failures.map(|f| f == FailurePolicy::Replay),
        operations,
        keyed,
        unsafe_ops,
        example,
        any_call,
        paged,
        paged_call,
        downloads,
        uploads,
    }
}

/// `package.json`, as prettier's json-stringify printer writes it.
pub fn package_json(v: &Package, package: &PackageInfo) -> String {
    let mut files: Vec<String> = vec![
        "index.js".into(),
        "index.d.ts".into(),
        "core.js".into(),
        "core.d.ts".into(),
        "models.js".into(),
        "models.d.ts".into(),
        "wire.js".into(),
        "wire.d.ts".into(),
        "resources/".into(),
        "runtime/".into(),
        "cjs/".into(),
        super::super::CONTRACT_FILE.into(),
    ];
    files.dedup();
    let mut json = serde_json::Map::new();
    json.insert("name".into(), package.name.clone().into());
    json.insert("version".into(), package.version.clone().into());
    json.insert("description".into(), package.description.clone().into());
    json.insert("license".into(), package.license.clone().into());
    if let Some(repo) = &package.repository {
        json.insert(
            "repository".into(),
            serde_json::json!({ "type": "git", "url": repo }),
        );
    }
    if let Some(first) = package.authors.first() {
        json.insert("author".into(), first.clone().into());
    }
    if package.authors.len() > 1 {
        json.insert("contributors".into(), package.authors[1..].to_vec().into());
    }
    // ES modules at the root, their CommonJS build under cjs/ (emit/node/
    // cjs.rs). `import` gets the ES modules; so does `require` where
    // Node.js can require them (`module-sync`: Node.js 20.19+, 22.12+), one
    // copy of the package whichever way it is loaded; `require` on an
    // older Node.js gets the CommonJS build. Resolvers that read no
    // `exports` take `main` (CommonJS) or `module` (bundlers: ES).
    json.insert("type".into(), "module".into());
    json.insert("main".into(), "./cjs/index.js".into());
    json.insert("module".into(), "./index.js".into());
    json.insert("types".into(), "./cjs/index.d.ts".into());
    json.insert(
        "exports".into(),
        serde_json::json!({
            ".": {
                "import": { "types": "./index.d.ts", "default": "./index.js" },
                "module-sync": "./index.js",
                "require": { "types": "./cjs/index.d.ts", "default": "./cjs/index.js" }
            },
            "./package.json": "./package.json"
        }),
    );
    json.insert("files".into(), files.into());
    json.insert("sideEffects".into(), false.into());
    json.insert("engines".into(), serde_json::json!({ "node": ">=20" }));
    json.insert(
        "keywords".into(),
        serde_json::json!(["api", "sdk", "client", v.client.to_lowercase()]),
    );
    let mut text = serde_json::to_string_pretty(&serde_json::Value::Object(json))
        .unwrap_or_else(|_| "{}".to_string());
    text.push('\n');
    text
}

/// `value` (the IR's example of `ty`) as the JavaScript the SDK takes for
/// it: model properties under their SDK names, binary data as a
/// `Uint8Array`, anything else as JSON.
fn example_literal(types: &Types, ty: &TypeRef, value: &serde_json::Value) -> String {
    use serde_json::Value as V;
    match (ty, value) {
        (_, V::Null) => "null".into(),
        (TypeRef::Nullable(t), v) => example_literal(types, t, v),
        (TypeRef::Primitive(Primitive::Binary), _) => "new Uint8Array([1, 2, 3])".into(),
        (TypeRef::Array(item), V::Array(items)) => {
            let parts: Vec<String> = items
                .iter()
                .map(|v| example_literal(types, item, v))
                .collect();
            format!("[{}]", parts.join(", "))
        }
        (TypeRef::Named(n), v) => {
            let Some(i) = types.index_of(n) else {
                return literal(v);
            };
            match (&types.api.types[i].kind, v) {
                (TypeKind::Alias { target }, v) => example_literal(types, target, v),
                (TypeKind::Object { fields, .. }, V::Object(map)) => {
                    let props: Vec<String> = fields
                        .iter()
                        .zip(&types.names.fields[i])
                        .filter_map(|(f, name)| {
                            let v = map.get(&f.name)?;
                            Some(format!("{name}: {}", example_literal(types, &f.ty, v)))
                        })
                        .collect();
                    if props.is_empty() {
                        "{}".into()
                    } else {
                        format!("{{ {} }}", props.join(", "))
                    }
                }
                (TypeKind::Union { variants, .. }, v) => match variants.first() {
                    Some(variant) => example_literal(types, &variant.ty, v),
                    None => literal(v),
                },
                (_, v) => literal(v),
            }
        }
        (_, v) => literal(v),
    }
}

/// `callee(args..., { options })` as prettier lays it out: the options
/// object is hugged unless the argument before it is an object literal too.
/// Whether a call's arguments are none, or one that prettier counts as a
/// lone short argument (a literal of at most a quarter of the width).
fn lone_short(args: &[D]) -> bool {
    match args {
        [] => true,
        [D::Text(t)] => {
            let literal = t.starts_with('"')
                || t.starts_with(|c: char| c.is_ascii_digit() || c == '-')
                || matches!(t.as_ref(), "true" | "false" | "null");
            literal && l::flat(&args[0]).chars().count() <= 20
        }
        _ => false,
    }
}

fn call_with_options(callee: &str, args: &[D], options: D) -> D {
    let before_is_object = matches!(args.last(), Some(D::Group(..)))
        || matches!(args.last(), Some(D::Text(t)) if t.starts_with('{'));
    let mut all = args.to_vec();
    if before_is_object {
        all.push(options);
        l::call(callee, all)
    } else {
        l::call_with_last_object(callee, all, options)
    }
}

/// The first model property whose SDK name is not its wire name.
fn rename_example(types: &Types) -> Option<RenameExample> {
    types
        .api
        .types
        .iter()
        .enumerate()
        .find_map(|(i, t)| match &t.kind {
            TypeKind::Object { fields, .. } => fields
                .iter()
                .zip(&types.names.fields[i])
                .find(|(f, name)| f.name != **name)
                .map(|(f, name)| RenameExample {
                    name: name.clone(),
                    wire: Text::new(f.name.clone()),
                }),
            _ => None,
        })
}

/// The README's code examples: the statements' text is the template's; the
/// view holds the names and the parts whose width decides line breaks, each
/// laid out in its place.
pub struct Examples {
    /// The `{ ... }` of `import { ... } from "package";` in the usage, the
    /// knobs and the errors examples.
    pub import_client: String,
    pub import_knobs: String,
    pub import_errors: String,
    /// The `{ ... }` object of `const client = new Client(...)`, and of the
    /// knobs example's `once` and `snappy` clients.
    pub client_options: String,
    pub once_options: String,
    pub snappy_options: String,
    /// A call to show, when the API has an operation.
    pub call: Option<CallExamples>,
    /// A call of a keyed operation, when the API has one.
    pub keyed: Option<KeyedExamples>,
    /// A paginated call, when the API has one.
    pub paged: Option<PagedExamples>,
}

/// A paginated call walked with `for await`.
pub struct PagedExamples {
    /// The loop's variable: one item.
    pub item: String,
    /// The call in `for await (const {item} of {call}) {`.
    pub call: String,
}

/// One call, laid out after each of the prefixes it is shown with.
pub struct CallExamples {
    /// `const {var} = await {call};` in the usage example, the whole
    /// statement.
    pub awaited: String,
    /// `const call = {call};` in the `withResponse()` example, the whole
    /// statement.
    pub unawaited: String,
    /// `await {call};` with a `{ timeout: 2000 }`, a `{ retries: false }`
    /// and a `deadline` option.
    pub with_timeout: String,
    pub without_retries: String,
    pub with_deadline: String,
    /// `  await {call};` in the errors example's `try` block.
    pub in_try: String,
}

pub struct KeyedExamples {
    /// `const {var} = await {call};` in the usage example, with a key
    /// derived from an order id: the whole statement.
    pub awaited: String,
    /// `await {call};` with the derived key, and with a stored one.
    pub derived_key: String,
    pub stored_key: String,
}

fn readme_examples(
    package: &PackageInfo,
    names: &Names,
    facts: &Facts,
    has_base_url: bool,
) -> Examples {
    let client = &names.client;
    // Credentials come from the environment (the README's table).
    let mut client_props: Vec<(String, String)> = Vec::new();
    if !has_base_url {
        client_props.push(("baseUrl".into(), "\"https://api.example.com\"".into()));
    }
    // The options object of `const {variable} = new Client(...);`.
    let client_options = |variable: &str, extra: Vec<(String, String)>| {
        let mut props = client_props.clone();
        props.extend(extra);
        if props.is_empty() {
            return String::new();
        }
        l::render_in(
            &format!("const {variable} = new {client}("),
            inline_object(props),
            ");",
            0,
        )
    };
    // A call laid out after `before`, followed by `;`.
    let call_in = |before: &str, e: &Example, options: Option<D>, indent: usize| {
        let d = match options {
            Some(o) => call_with_options(&e.callee, &e.args_before_options, o),
            None => l::call(&e.callee, e.args.clone()),
        };
        l::render_in(before, d, ";", indent)
    };
    // `const {var} = {prefix}{call};`: prettier breaks after the `=` of a
    // call that its arguments cannot break (none, or one short literal),
    // else as its fluid layout does.
    let assigned = |var: &str, prefix: &str, e: &Example, options: Option<D>| {
        let poorly_breakable = options.is_none() && lone_short(&e.args);
        let call = match options {
            Some(o) => call_with_options(&e.callee, &e.args_before_options, o),
            None => l::call(&e.callee, e.args.clone()),
        };
        let value = l::concat(vec![l::text(prefix), call]);
        let head = format!("const {var}");
        let doc = if poorly_breakable {
            l::break_after_assignment(&head, value, ";")
        } else {
            l::fluid_assignment(&head, value, ";")
        };
        l::render(&doc, 0)
    };
    let option = |key: &str, value: &str| inline_object(vec![(key.to_string(), value.to_string())]);
    let derived_key =
        |e: &Example| option("idempotencyKey", &format!("`{}-${{order.id}}`", e.result));
    let import = |names: &[&str]| braces_in("import", names, &package.name);

    // The two results share one snippet: their variables must differ.
    let mut variables = super::naming::Scope::new();
    variables.reserve(super::naming::EXAMPLE_BINDINGS.iter().copied());
    let call = facts.any_call.as_ref().map(|e| {
        let var = variables.claim(&e.result);
        CallExamples {
            awaited: assigned(&var, "await ", e, None),
            unawaited: assigned("call", "", e, None),
            with_timeout: call_in("await ", e, Some(option("timeout", "2000")), 0),
            without_retries: call_in("await ", e, Some(option("retries", "false")), 0),
            with_deadline: call_in(
                "await ",
                e,
                Some(option("deadline", "deadlineFromHeaders(served)")),
                0,
            ),
            in_try: call_in("await ", e, None, 2),
        }
    });
    let keyed = facts.example.as_ref().map(|e| {
        let var = variables.claim(&e.result);
        KeyedExamples {
            awaited: assigned(&var, "await ", e, Some(derived_key(e))),
            derived_key: call_in("await ", e, Some(derived_key(e)), 0),
            stored_key: call_in(
                "await ",
                e,
                Some(option("idempotencyKey", "job.idempotencyKey")),
                0,
            ),
        }
    });
    let paged = facts.paged_call.as_ref().map(|e| {
        let mut scope = super::naming::Scope::new();
        scope.reserve(super::naming::EXAMPLE_BINDINGS.iter().copied());
        scope.reserve(["page"]);
        let item = scope.claim(&e.result);
        PagedExamples {
            call: l::render_in(
                &format!("for await (const {item} of "),
                l::call(&e.callee, e.args.clone()),
                ") {",
                0,
            ),
            item,
        }
    });
    Examples {
        import_client: import(&[client.as_str()]),
        import_knobs: import(&[client.as_str(), "deadlineFromHeaders"]),
        import_errors: import(&["APIError", client.as_str(), "SDKError"]),
        client_options: client_options("client", Vec::new()),
        once_options: client_options("once", vec![("retries".into(), "false".into())]),
        snappy_options: client_options(
            "snappy",
            vec![
                ("timeout".into(), "5000".into()),
                ("jitter".into(), "\"decorrelated\"".into()),
            ],
        ),
        call,
        keyed,
        paged,
    }
}
