//! `_client.py` (the blocking and asyncio clients) and the package's
//! `__init__.py`.

use super::escape::{one_line, py_str};
use super::layout::{call, text, Items, D};
use super::naming::{Names, PACKAGE_EXPORTS};
use super::resources::ParamView;
use super::PackageInfo;
use super::{docstring_of, dunder_all, import_line, seconds, Effective, InitTemplate};
use crate::ir::{Api, AuthKind, ParamLocation, Server};

/// A resource of the client: `attr: Class`, made in `__init__`.
pub struct ResourceAttr {
    pub attr: String,
    pub class: String,
    pub doc: Option<String>,
}

/// One way a scheme's credentials come about: `held[scheme] = value` when
/// `condition` holds (the first of a scheme's that does).
pub struct AuthBranch {
    /// `bearer_token is not None`.
    pub condition: String,
    /// The runtime's class for it (`_runtime.BearerAuth`, ...).
    pub class: &'static str,
    /// The arguments of that class.
    pub args: Items,
}

/// One security scheme: what `_credentials` holds for it.
pub struct AuthView {
    /// `held["bearerAuth"]`.
    pub target: String,
    pub branches: Vec<AuthBranch>,
}

pub struct ClientView {
    pub doc: String,
    pub imports: Vec<String>,
    /// `DEFAULT_BASE_URL = "..."` when the spec's first server is absolute.
    pub base_url: Option<String>,
    pub base_url_doc: Option<String>,
    pub user_agent: String,
    /// The arguments of `DEFAULT_RETRY_CONFIG`'s `_runtime.RetryConfig(...)`.
    pub retry_config: Items,
    pub retry_config_doc: String,
    /// The `_credentials` function's parameters and schemes, when the API
    /// has auth.
    pub auth_params: Vec<ParamView>,
    pub auth: Vec<AuthView>,
    /// Each credential argument, and its environment variable as a literal.
    pub env_reads: Vec<(String, String)>,
    /// `_HEADERS`'s entries: the provider's constant headers.
    pub headers: Items,
    /// `_SECURITY`'s value: the root's alternatives.
    pub security: String,
    /// `_CREDENTIAL_HELP`'s entries: by scheme, how a caller provides it.
    pub credential_help: Items,
    pub client: String,
    pub async_client: String,
    pub client_doc: String,
    pub async_doc: String,
    pub init_doc: String,
    /// The constructor's parameters but `http_client`.
    pub params: Vec<ParamView>,
    /// The arguments of `_runtime.SyncRuntime(...)` (and `AsyncRuntime`).
    pub runtime: Items,
    pub resources: Vec<ResourceAttr>,
}

/// Security alternatives as a Python tuple of tuples of scheme names.
pub fn security_tuple(security: &[Vec<String>]) -> String {
    let alternatives: Vec<String> = security
        .iter()
        .map(|alt| match alt.as_slice() {
            [one] => format!("({},)", py_str(one)),
            _ => format!(
                "({})",
                alt.iter().map(|n| py_str(n)).collect::<Vec<_>>().join(", ")
            ),
        })
        .collect();
    match alternatives.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", alternatives.join(", ")),
    }
}

/// The spec's first server URL with its variables' defaults, when it is absolute.
pub fn default_base_url(api: &Api) -> Option<String> {
    server_url(&api.servers).filter(|url| url.contains("://"))
}

/// The first of `servers` with its variables' defaults, without a trailing
/// slash: where requests to those servers go unless the caller says otherwise.
pub fn server_url(servers: &[Server]) -> Option<String> {
    let server = servers.first()?;
    let mut url = server.url.clone();
    for v in &server.variables {
        url = url.replace(&format!("{{{}}}", v.name), &v.default);
    }
    // A trailing slash goes, but never the `//` after a scheme.
    let trimmed = url.trim_end_matches('/');
    if url.contains("://") && !trimmed.contains("://") {
        return Some(url);
    }
    Some(trimmed.to_string())
}

/// The distinct own servers of the operations that do not go to the
/// client's base URL, in the operations' order.
pub fn own_server_urls(api: &Api) -> Vec<String> {
    let mut urls: Vec<String> = Vec::new();
    for op in &api.operations {
        if let Some(url) = op.plan.base.own_servers().and_then(server_url) {
            if !urls.contains(&url) {
                urls.push(url);
            }
        }
    }
    urls
}

/// The client's default retry settings: `api.client_retry`, every value
/// written out.
fn retry_config(api: &Api) -> Items {
    let c = api.client_retry;
    let mut args = vec![
        text(format!("max_attempts={}", c.max_attempts)),
        text(format!("base_ms={}", c.base_ms)),
        text(format!("cap_ms={}", c.cap_ms)),
        text(format!("deadline_ms={}", c.deadline_ms)),
    ];
    if let Some(p99) = c.p99_ms {
        args.push(text(format!("p99_ms={p99}")));
    }
    Items(args)
}

/// The text describing one auth keyword argument.
fn auth_arg_doc(kind: &AuthKind, description: Option<&str>, part: usize) -> String {
    let what = match kind {
        AuthKind::Bearer { .. } => "Sent as ``Authorization: Bearer <token>``.".to_string(),
        AuthKind::OAuth2 { .. } => {
            "An OAuth 2 access token, sent as ``Authorization: Bearer <token>``.".to_string()
        }
        AuthKind::Basic if part == 0 => "The user name for HTTP basic auth.".to_string(),
        AuthKind::Basic => "The password for HTTP basic auth.".to_string(),
        AuthKind::ApiKey { location, param } => {
            let place = match location {
                ParamLocation::Query => "query parameter",
                ParamLocation::Cookie => "cookie",
                _ => "header",
            };
            format!("Sent in the ``{}`` {place}.", param.replace('`', "'"))
        }
    };
    match description {
        Some(d) if !d.trim().is_empty() && !matches!(kind, AuthKind::Basic) => one_line(d),
        _ => what,
    }
}

pub fn view(api: &Api, package: &PackageInfo, names: &Names) -> ClientView {
    let pkg = &names.package;
    let mut auth_params = Vec::new();
    let mut auth = Vec::new();
    let mut env_reads = Vec::new();
    let mut help = Vec::new();
    let mut arg_docs: Vec<(String, String)> = Vec::new();
    for (scheme, args) in api.auth.iter().zip(&names.auth) {
        let mut env_of = Vec::new();
        for (k, (a, credential)) in args.iter().zip(&scheme.credentials).enumerate() {
            let env = package.env_var(&credential.name);
            auth_params.push(ParamView {
                ident: a.clone(),
                annotation: "str | None".to_string(),
                default: " = None".to_string(),
            });
            arg_docs.push((
                a.clone(),
                format!(
                    "{} Default: the ``{env}`` environment variable.",
                    auth_arg_doc(&scheme.kind, scheme.description.as_deref(), k)
                ),
            ));
            env_of.push(env.clone());
            env_reads.push((a.clone(), py_str(&env)));
        }
        // Each set of arguments that provides the scheme: an OAuth2
        // scheme's access token, or its client id and secret.
        let sets: Vec<Vec<usize>> = match &scheme.kind {
            AuthKind::OAuth2 { token_url, .. } if token_url.is_some() => vec![vec![2], vec![0, 1]],
            _ => vec![(0..args.len()).collect()],
        };
        let provided: Vec<String> = sets
            .iter()
            .map(|set| {
                let given: Vec<String> = set.iter().map(|&i| format!("{}=", args[i])).collect();
                let envs: Vec<&str> = set.iter().map(|&i| env_of[i].as_str()).collect();
                format!("{} (or {})", given.join(" and "), envs.join(" and "))
            })
            .collect();
        help.push(text(format!(
            "{}: {}",
            py_str(&scheme.name),
            py_str(&provided.join(", or "))
        )));
        let given = |a: &str| format!("{a} is not None");
        let mut branches = Vec::new();
        match &scheme.kind {
            AuthKind::Bearer { .. } => branches.push(AuthBranch {
                condition: given(&args[0]),
                class: "_runtime.BearerAuth",
                args: Items(vec![text(&args[0])]),
            }),
            AuthKind::Basic => branches.push(AuthBranch {
                condition: given(&args[0]),
                class: "_runtime.BasicAuth",
                args: Items(vec![
                    text(&args[0]),
                    text(format!("{0} if {0} is not None else \"\"", args[1])),
                ]),
            }),
            AuthKind::ApiKey { location, param } => {
                let mut inner = vec![text(py_str(param)), text(&args[0])];
                match location {
                    ParamLocation::Query => inner.push(text("location=\"query\"")),
                    ParamLocation::Cookie => inner.push(text("location=\"cookie\"")),
                    _ => {}
                }
                branches.push(AuthBranch {
                    condition: given(&args[0]),
                    class: "_runtime.ApiKeyAuth",
                    args: Items(inner),
                });
            }
            AuthKind::OAuth2 { token_url, .. } => {
                // The access token given wins over fetching one.
                let token = args.last().expect("an OAuth2 scheme has an access token");
                branches.push(AuthBranch {
                    condition: given(token),
                    class: "_runtime.BearerAuth",
                    args: Items(vec![text(token)]),
                });
                if let Some(url) = token_url {
                    branches.push(AuthBranch {
                        condition: format!("{} and {}", given(&args[0]), given(&args[1])),
                        class: "_runtime.ClientCredentials",
                        args: Items(vec![text(py_str(url)), text(&args[0]), text(&args[1])]),
                    });
                }
            }
        }
        auth.push(AuthView {
            target: format!("held[{}]", py_str(&scheme.name)),
            branches,
        });
    }

    let base_url = default_base_url(api);
    let base_url_env = package.env_var("base_url");
    let mut params = auth_params
        .iter()
        .map(|p| ParamView {
            ident: p.ident.clone(),
            annotation: p.annotation.clone(),
            default: p.default.clone(),
        })
        .collect::<Vec<_>>();
    params.push(ParamView {
        ident: "base_url".to_string(),
        annotation: "str | None".to_string(),
        default: " = None".to_string(),
    });
    let own_servers = own_server_urls(api);
    if !own_servers.is_empty() {
        params.push(ParamView {
            ident: "server_urls".to_string(),
            annotation: "Mapping[str, str] | None".to_string(),
            default: " = None".to_string(),
        });
    }
    for (ident, annotation) in [
        ("timeout", "float | None"),
        ("max_attempts", "int | None"),
        ("retries", "bool | None"),
        ("retry_config", "_runtime.RetryConfig | None"),
        ("default_headers", "Mapping[str, str] | None"),
    ] {
        params.push(ParamView {
            ident: ident.to_string(),
            annotation: annotation.to_string(),
            default: " = None".to_string(),
        });
    }

    let effective = Effective::api(api);
    arg_docs.push((
        "base_url".to_string(),
        match &base_url {
            Some(_) => format!(
                "The API's root URL. Default: the ``{base_url_env}`` environment variable, \
                 else ``DEFAULT_BASE_URL``."
            ),
            None => format!(
                "The API's root URL. Default: the ``{base_url_env}`` environment variable; \
                 one of the two is needed."
            ),
        },
    ));
    if !own_servers.is_empty() {
        arg_docs.push((
            "server_urls".to_string(),
            format!(
                "Where to send the operations that have servers of their own, by the \
                 spec's URL ({}); the others go to ``base_url``.",
                own_servers
                    .iter()
                    .map(|u| format!("``{}``", u.replace('`', "'")))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    arg_docs.push((
        "timeout".to_string(),
        format!(
            "Seconds for each whole call, every attempt and sleep included (default: {}).",
            seconds(effective.deadline_ms)
        ),
    ));
    arg_docs.push((
        "max_attempts".to_string(),
        format!(
            "Attempts per call in all, the first one included (default: {}).",
            effective.max_attempts
        ),
    ));
    arg_docs.push((
        "retries".to_string(),
        "``False`` turns automatic retries off.".to_string(),
    ));
    arg_docs.push((
        "retry_config".to_string(),
        "Every other retry setting: jitter, backoff base and cap, latency hint, the \
         request-timeout header, the retry budget (default: ``DEFAULT_RETRY_CONFIG``)."
            .to_string(),
    ));
    arg_docs.push((
        "default_headers".to_string(),
        "Headers sent with every request.".to_string(),
    ));
    arg_docs.push((
        "http_client".to_string(),
        "Your own httpx client (its transport, proxies, certificates); the client does \
         not close it."
            .to_string(),
    ));
    let mut args_text = String::from("Creates a client.\n\nArgs:\n");
    let mut lines = Vec::new();
    for (name, text) in &arg_docs {
        lines.extend(super::resources::arg_entry(name, text));
    }
    args_text.push_str(&lines.join("\n"));

    let runtime = {
        // A call that breaks like any other when it is too wide.
        let auth: Vec<D> = if api.auth.is_empty() {
            Vec::new()
        } else {
            let args: Vec<D> = auth_params
                .iter()
                .map(|p| text(format!("{0}={0}", p.ident)))
                .collect();
            vec![
                call("credentials=_credentials", args),
                text("security=_SECURITY"),
                text("credential_help=_CREDENTIAL_HELP"),
            ]
        };
        let default = if base_url.is_some() {
            "DEFAULT_BASE_URL"
        } else {
            "None"
        };
        let server_urls = (!own_servers.is_empty()).then(|| text("server_urls=server_urls"));
        Items(
            [call(
                "_base.base_url",
                vec![text("base_url"), text(py_str(&base_url_env)), text(default)],
            )]
            .into_iter()
            .chain(server_urls)
            .chain([call(
                "config=_base.client_config",
                vec![
                    text("retry_config"),
                    text("default=DEFAULT_RETRY_CONFIG"),
                    text("timeout=timeout"),
                    text("max_attempts=max_attempts"),
                    text("retries=retries"),
                ],
            )])
            .chain(auth)
            .chain([
                if api.constant_headers.is_empty() {
                    text("default_headers=default_headers")
                } else {
                    text("default_headers=_base.merged_headers(_HEADERS, default_headers)")
                },
                text("user_agent=_USER_AGENT"),
                text(format!("logger_name={}", py_str(pkg))),
                text("http_client=http_client"),
            ])
            .chain(
                api.request_id_header
                    .as_deref()
                    .map(|h| text(format!("request_id_header={}", py_str(h)))),
            )
            .collect(),
        )
    };
    let resources = api
        .groups
        .iter()
        .zip(&names.groups)
        .map(|(g, n)| ResourceAttr {
            attr: n.attr.clone(),
            class: n.class.clone(),
            doc: super::doc_of(g.description.as_deref()),
        })
        .collect::<Vec<_>>();

    let mut imports = vec![
        "from __future__ import annotations".to_string(),
        String::new(),
        "from collections.abc import Mapping".to_string(),
        "from types import TracebackType".to_string(),
        String::new(),
        "import httpx".to_string(),
        String::new(),
        import_line(".", &["_base", "_runtime"]),
    ];
    let mut resource_imports: Vec<(String, String)> = names
        .groups
        .iter()
        .map(|g| {
            let classes = [format!("Async{}", g.class), g.class.clone()];
            let mut refs: Vec<&str> = classes.iter().map(String::as_str).collect();
            super::sort_members(&mut refs);
            (
                g.attr.clone(),
                import_line(&format!(".resources.{}", g.attr), &refs),
            )
        })
        .collect();
    resource_imports.sort();
    imports.extend(resource_imports.into_iter().map(|(_, l)| l));

    let title = &api.title;
    let client = names.client.clone();
    let async_client = names.async_client.clone();
    ClientView {
        doc: docstring_of(
            &format!(
                "The clients of the {title}: ``{client}`` (blocking) and ``{async_client}`` \
                 (asyncio). Both hand every call to the runtime's single retry policy."
            ),
            0,
        ),
        imports,
        base_url_doc: base_url.as_ref().and_then(|_| {
            api.servers
                .first()
                .and_then(|s| super::doc_of(s.description.as_deref()))
        }),
        base_url,
        user_agent: format!("{}-python/{}", package.name, package.version),
        retry_config: retry_config(api),
        retry_config_doc: docstring_of(
            "The retry settings of a client made without ``retry_config``: the \
             contract's defaults under the spec's root ``x-retries`` and latency hint.",
            0,
        ),
        auth_params,
        auth,
        env_reads,
        headers: Items(
            api.constant_headers
                .iter()
                .map(|(name, value)| text(format!("{}: {}", py_str(name), py_str(value))))
                .collect(),
        ),
        security: security_tuple(&api.default_security),
        credential_help: Items(help),
        client_doc: docstring_of(
            &format!(
                "The blocking client of the {title}.\n\nOne instance holds one connection pool \
                 and one retry budget ({} tokens) shared by all its calls, from \
                 any thread: create it once and reuse it. Close it with ``close()`` or use it \
                 as a context manager.",
                crate::defaults::get().budget.capacity
            ),
            4,
        ),
        async_doc: docstring_of(
            &format!(
                "The asyncio client of the {title}.\n\nOne instance holds one connection pool \
                 and one retry budget ({} tokens) shared by all its calls: \
                 create it once per event loop and reuse it. Close it with ``await aclose()`` \
                 or use it with ``async with``.",
                crate::defaults::get().budget.capacity
            ),
            4,
        ),
        init_doc: docstring_of(&args_text, 8),
        params,
        runtime,
        client,
        async_client,
        resources,
    }
}

/// What the package root re-exports from `_base`.
const BASE_EXPORTS: [&str; 6] = [
    "NOT_GIVEN",
    "FileInput",
    "NotGiven",
    "RawResponse",
    "ResponseValidationError",
    "UnknownVariant",
];

/// The package's `__init__.py`.
pub fn init(api: &Api, package: &PackageInfo, names: &Names) -> InitTemplate {
    let runtime_exports: Vec<&str> = PACKAGE_EXPORTS
        .iter()
        .copied()
        .filter(|n| !BASE_EXPORTS.contains(n) && !matches!(*n, "__version__" | "models"))
        .collect();
    let mut sorted_runtime = runtime_exports.clone();
    super::sort_members(&mut sorted_runtime);
    let mut clients = vec![names.async_client.as_str(), names.client.as_str()];
    super::sort_members(&mut clients);
    let imports = vec![
        import_line(".", &["models"]),
        import_line("._base", &BASE_EXPORTS),
        import_line("._client", &clients),
        import_line("._runtime", &sorted_runtime),
    ];
    let mut all: Vec<String> = PACKAGE_EXPORTS.iter().map(|s| s.to_string()).collect();
    all.push(names.client.clone());
    all.push(names.async_client.clone());
    InitTemplate {
        doc: docstring_of(
            &format!(
                "Python client for the {} (version {}).\n\nStart with ``{}`` (blocking) or \
                 ``{}`` (asyncio); the models are in ``{}.models``. The README says how calls \
                 are retried and how to change it.",
                api.title, api.version, names.client, names.async_client, names.package
            ),
            0,
        ),
        imports,
        version: package.version.clone(),
        all: dunder_all(&all),
    }
}
