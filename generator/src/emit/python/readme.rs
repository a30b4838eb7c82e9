//! The generated README: how to use the package, and the normative account
//! of its retries and idempotency keys (retry contract, section 7), with the
//! numbers the IR gives.

use super::escape::py_str;
use super::layout::{self, call, text, D};
use super::naming::Names;
use super::shape::{resolve, Input, OpShape, Place};
use super::{seconds, Effective, PackageInfo};
use crate::ir::sample::{call_example, CallExample};
use crate::ir::{Api, EnumBase, FailurePolicy, Primitive, RetryClass, TypeKind, TypeRef};

/// One row of the operations table.
pub struct OpRow {
    /// `client.transfers.create_transfer`
    pub call: String,
    pub http: String,
    pub class: &'static str,
    pub key: String,
    pub attempt_timeout: String,
    pub attempts: u32,
    pub deadline: String,
    /// The spec sets `x-retries` for it.
    pub overridden: bool,
}

/// The operation the examples call, with its arguments.
pub struct ExampleCall {
    /// `client.x.y`, and `client.x.with_raw_response.y`.
    pub method: String,
    pub raw_method: String,
    /// `name=value` for each required argument.
    pub args: Vec<String>,
}

impl ExampleCall {
    fn items(&self, extra: &[&str]) -> Vec<D> {
        let mut items: Vec<D> = self.args.iter().map(text).collect();
        items.extend(extra.iter().map(|e| text(*e)));
        items
    }

    /// `prefix` then the call with `extra` arguments, from column `indent`.
    pub fn call(&self, prefix: &str, extra: &[&str], indent: usize) -> String {
        let method = format!("{prefix}{}", self.method);
        layout::render(&call(method, self.items(extra)), indent)
    }

    /// The same call through `with_raw_response`.
    pub fn raw_call(&self, prefix: &str, indent: usize) -> String {
        let method = format!("{prefix}{}", self.raw_method);
        layout::render(&call(method, self.items(&[])), indent)
    }
}

/// The "Pagination" section: an example walk over one paginated operation.
pub struct PagesReadme {
    /// The example call (`client.x.list_y(limit=100)`) after `for item in `,
    /// laid out from column 0.
    pub items: String,
    /// The same call after `for page in `.
    pub pages: String,
    /// The same call after `first = `.
    pub first: String,
    /// Every paginated method (`client.x.list_y`).
    pub methods: Vec<String>,
}

/// The "Files" section: downloads and uploads, each with an example where
/// the API has one.
pub struct FilesReadme {
    /// Every download method (`client.x.download_y`).
    pub downloads: Vec<String>,
    /// Every method taking a file.
    pub uploads: Vec<String>,
    /// `with client.x.download_y(...) as response:`, laid out from column 0.
    pub download: Option<String>,
    /// The upload call with a path (`file=photo`), then with a name and
    /// type (`file=("photo.png", photo, "image/png")`), after `result = `.
    pub upload: Option<(String, String)>,
}

pub struct ReadmeView {
    pub dist: String,
    pub import: String,
    pub client: String,
    pub async_client: String,
    pub title: String,
    pub version: String,
    pub description: String,
    pub python_version: &'static str,
    /// `import os` is needed by the examples.
    /// Each setting read from the environment, and its variable.
    pub env_table: Vec<(String, String)>,
    /// `bearer_token=os.environ["PAYMENTS_TOKEN"]`, or empty.
    pub auth_lines: Vec<String>,
    /// The call the examples make, when the API has operations.
    pub example: Option<ExampleCall>,
    pub example_method: String,
    pub has_keyed_example: bool,
    /// `idempotency_key=f"<operation>-{order_id}"`.
    pub example_key: String,
    pub base_url: Option<String>,
    pub servers: Vec<(String, String)>,
    /// Present when the API has paginated operations.
    pub pagination: Option<PagesReadme>,
    /// Present when the API has downloads or uploads.
    pub files: Option<FilesReadme>,

    pub max_attempts: u32,
    pub retries_after_first: u32,
    pub base: String,
    pub cap: String,
    pub deadline: String,
    pub root_p99: Option<String>,
    pub budget: u32,
    pub throttle_cost: u32,
    pub retry_cost: u32,
    pub success_refund: u32,
    pub p99_multiplier: u64,
    pub decorrelated_multiplier: u64,
    /// A longer `Retry-After` stops the retries.
    pub max_retry_after: String,
    pub request_timeout_header: String,
    /// The servers of their own that operations go to, each with the calls
    /// that go there.
    pub own_servers: Vec<(String, Vec<String>)>,
    pub ops: Vec<OpRow>,
    pub overridden: Vec<String>,
    pub keyed: Vec<String>,
    pub unsafe_ops: Vec<String>,
    pub key_header: String,
    pub key_max_length: u32,
    pub contract_declared: bool,
    pub replay_window: Option<String>,
    pub in_flight_code: String,
    pub mismatch_code: String,
    pub codes_declared: bool,
    pub failures_replay: bool,
    pub failures_declared: bool,
}

/// `value` (the IR's example of `ty`) as a Python literal, when it is
/// simple enough to write inline: strings, numbers, booleans, enum values and
/// lists of them.
fn example_value(api: &Api, ty: &TypeRef, value: &serde_json::Value) -> Option<String> {
    use serde_json::Value as V;
    match (resolve(api, ty), value) {
        (TypeRef::Nullable(_), V::Null) => Some("None".into()),
        (TypeRef::Named(n), v) => match api.type_by_name(n).map(|t| &t.kind) {
            Some(TypeKind::Enum { base, .. }) => match (base, v) {
                (EnumBase::String, V::String(s)) => Some(py_str(s)),
                (_, V::Number(n)) => Some(n.to_string()),
                (_, V::Bool(b)) => Some(if *b { "True" } else { "False" }.into()),
                _ => None,
            },
            _ => None,
        },
        (TypeRef::Primitive(p), v) => match (p, v) {
            (Primitive::String | Primitive::Uuid, V::String(s)) => Some(py_str(s)),
            (Primitive::Integer32 | Primitive::Integer64, V::Number(n)) => Some(n.to_string()),
            (Primitive::Float | Primitive::Double, V::Number(n)) => {
                let text = n.to_string();
                Some(if text.contains('.') {
                    text
                } else {
                    format!("{text}.0")
                })
            }
            (Primitive::Boolean, V::Bool(b)) => Some(if *b { "True" } else { "False" }.into()),
            _ => None,
        },
        (TypeRef::Array(item), V::Array(items)) => {
            let parts: Option<Vec<String>> =
                items.iter().map(|v| example_value(api, item, v)).collect();
            Some(format!("[{}]", parts?.join(", ")))
        }
        _ => None,
    }
}

/// The value the IR's example call gives the argument `input`.
fn input_value<'a>(example: &'a CallExample, input: &Input) -> Option<&'a serde_json::Value> {
    match input.place {
        Place::BodyField => example.body.as_ref()?.get(&input.wire),
        Place::Body => example.body.as_ref(),
        _ => example.param(&input.wire),
    }
}

/// The required arguments of operation `i` as `name=value` pairs, from the
/// IR's example call; `None` when one of them is not simple to write.
fn example_args(api: &Api, i: usize, shape: &OpShape, idents: &[String]) -> Option<Vec<String>> {
    let example = call_example(api, &api.operations[i]);
    shape
        .inputs
        .iter()
        .zip(idents)
        .filter(|(i, _)| i.required)
        .map(|(i, ident)| {
            let value = input_value(&example, i)?;
            example_value(api, &i.ty, value).map(|v| format!("{ident}={v}"))
        })
        .collect()
}

/// Each own server of an operation, with the operations that go there.
fn own_servers(api: &Api, var: &dyn Fn(usize) -> String) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for (i, op) in api.operations.iter().enumerate() {
        let Some(url) = op
            .plan
            .base
            .own_servers()
            .and_then(super::client::server_url)
        else {
            continue;
        };
        match out.iter_mut().find(|(u, _)| *u == url) {
            Some((_, calls)) => calls.push(var(i)),
            None => out.push((url, vec![var(i)])),
        }
    }
    out
}

/// The "Pagination" section's example: the first paginated operation whose
/// required arguments have simple example values (else the first one), with
/// its page size set where it has one.
fn pages_readme(
    api: &Api,
    names: &Names,
    shapes: &[OpShape],
    var: &dyn Fn(usize) -> String,
) -> Option<PagesReadme> {
    let paged: Vec<usize> = (0..api.operations.len())
        .filter(|&i| api.operations[i].plan.pagination.is_some())
        .collect();
    let with_args = |i: usize| example_args(api, i, &shapes[i], &names.ops[i].inputs);
    let (i, mut args) = paged
        .iter()
        .find_map(|&i| with_args(i).map(|a| (i, a)))
        .or_else(|| paged.first().map(|&i| (i, vec!["...".to_string()])))?;
    let size = api.operations[i]
        .plan
        .pagination
        .as_ref()
        .and_then(|p| p.size_param.as_ref());
    if let Some(size) = size {
        let found = shapes[i]
            .inputs
            .iter()
            .zip(&names.ops[i].inputs)
            .find(|(input, _)| {
                !input.required
                    && input.wire == *size
                    && matches!(input.place, super::shape::Place::Query { .. })
            });
        // A page of 100 items, or the most the parameter allows.
        let most = api.operations[i]
            .params
            .iter()
            .find(|p| p.name == *size)
            .and_then(|p| p.constraints.maximum);
        if let Some((input, ident)) = found {
            let n = most.map_or(100, |m| m.clamp(1.0, 100.0) as u64);
            if let Some(value) = example_value(api, &input.ty, &serde_json::Value::from(n)) {
                args.push(format!("{ident}={value}"));
            }
        }
    }
    let laid_out = |prefix: &str, suffix: &str| {
        let items: Vec<D> = args.iter().map(text).collect();
        let mut out = layout::render(&call(format!("{prefix}{}", var(i)), items), 0);
        out.push_str(suffix);
        out
    };
    Some(PagesReadme {
        items: laid_out("for item in ", ":"),
        pages: laid_out("for page in ", ".pages():"),
        first: laid_out("first = ", ".first_page()"),
        methods: paged.iter().map(|&i| var(i)).collect(),
    })
}

/// The required arguments of operation `i`, each file argument given as
/// `file` (a Python expression); `None` when another is not simple to write.
fn file_args(
    api: &Api,
    i: usize,
    shape: &OpShape,
    idents: &[String],
    file: &str,
) -> Option<Vec<String>> {
    let example = call_example(api, &api.operations[i]);
    let mut used = false;
    let args = shape
        .inputs
        .iter()
        .zip(idents)
        .filter(|(i, _)| i.required)
        .map(|(input, ident)| {
            if input.file && !used {
                used = true;
                return Some(format!("{ident}={file}"));
            }
            let value = input_value(&example, input)?;
            example_value(api, &input.ty, value).map(|v| format!("{ident}={v}"))
        })
        .collect::<Option<Vec<String>>>()?;
    used.then_some(args)
}

/// The "Files" section's lists and examples.
fn files_readme(
    api: &Api,
    names: &Names,
    shapes: &[OpShape],
    var: &dyn Fn(usize) -> String,
) -> Option<FilesReadme> {
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
    if downloads.is_empty() && uploads.is_empty() {
        return None;
    }
    let download = downloads.iter().find_map(|&i| {
        let args = example_args(api, i, &shapes[i], &names.ops[i].inputs)?;
        let items: Vec<D> = args.iter().map(text).collect();
        let mut out = layout::render(&call(format!("with {}", var(i)), items), 0);
        out.push_str(" as response:");
        Some(out)
    });
    let upload = uploads.iter().find_map(|&i| {
        let idents = &names.ops[i].inputs;
        let with = |file: &str| -> Option<String> {
            let args = file_args(api, i, &shapes[i], idents, file)?;
            let items: Vec<D> = args.iter().map(text).collect();
            Some(layout::render(
                &call(format!("result = {}", var(i)), items),
                0,
            ))
        };
        Some((
            with("photo")?,
            with("(\"photo.png\", photo, \"image/png\")")?,
        ))
    });
    Some(FilesReadme {
        downloads: downloads.iter().map(|&i| var(i)).collect(),
        uploads: uploads.iter().map(|&i| var(i)).collect(),
        download,
        upload,
    })
}

fn kebab(text: &str) -> String {
    text.replace('_', "-")
}

pub fn view(api: &Api, package: &PackageInfo, names: &Names, shapes: &[OpShape]) -> ReadmeView {
    let effective = Effective::api(api);
    let defaults = crate::defaults::get();
    let client = &names.client;
    let var = |i: usize| -> String {
        let op = &api.operations[i];
        let group = api
            .groups
            .iter()
            .position(|g| g.name == op.group)
            .unwrap_or(0);
        format!(
            "client.{}.{}",
            names.groups[group].attr, names.ops[i].method
        )
    };

    // The example: a keyed operation with simple arguments, else any such.
    let simple: Vec<(usize, Vec<String>)> = (0..api.operations.len())
        .filter_map(|i| example_args(api, i, &shapes[i], &names.ops[i].inputs).map(|a| (i, a)))
        .collect();
    // Not a download where another will do: its response is to be closed.
    let chosen = simple
        .iter()
        .find(|(i, _)| api.operations[*i].plan.retry.class == RetryClass::Keyed)
        .or_else(|| {
            simple
                .iter()
                .find(|(i, _)| !api.operations[*i].plan.download)
        })
        .or_else(|| simple.first())
        .cloned()
        .or_else(|| (!api.operations.is_empty()).then(|| (0, vec!["...".to_string()])));
    let keyed = chosen
        .as_ref()
        .is_some_and(|(i, _)| api.operations[*i].plan.retry.class == RetryClass::Keyed);
    let example = chosen.as_ref().map(|(i, args)| {
        let method = var(*i);
        let name = format!(".{}", names.ops[*i].method);
        ExampleCall {
            raw_method: format!(
                "{}.with_raw_response{name}",
                method.strip_suffix(&name).unwrap_or(&method)
            ),
            method,
            args: args.clone(),
        }
    });
    let key_example = chosen
        .as_ref()
        .map(|(i, _)| {
            format!(
                "idempotency_key=f\"{}-{{order_id}}\"",
                kebab(&names.ops[*i].method)
            )
        })
        .unwrap_or_default();

    // What the client reads from the environment: each credential, then
    // the base URL.
    let mut env_table = Vec::new();
    let mut auth_lines = Vec::new();
    for (scheme, args) in api.auth.iter().zip(&names.auth) {
        for (a, credential) in args.iter().zip(&scheme.credentials) {
            env_table.push((a.clone(), package.env_var(&credential.name)));
            auth_lines.push(a.clone());
        }
    }
    env_table.push(("base_url".to_string(), package.env_var("base_url")));

    let ops: Vec<OpRow> = api
        .operations
        .iter()
        .enumerate()
        .map(|(i, op)| {
            let e = Effective::of(api, op);
            OpRow {
                call: var(i),
                http: format!("{} {}", op.method.as_str(), op.path),
                class: op.plan.retry.class.as_str(),
                key: op
                    .plan
                    .key
                    .as_ref()
                    .map(|k| k.header.clone())
                    .unwrap_or_default(),
                attempt_timeout: match (op.plan.retry.p99, op.plan.retry.attempt_timeout_ms) {
                    (Some(p99), Some(t)) => format!(
                        "{} ({} × {} ms)",
                        seconds(t),
                        defaults.attempt_timeout_p99_multiplier,
                        p99.ms
                    ),
                    _ => "the time left".to_string(),
                },
                attempts: e.max_attempts,
                deadline: seconds(e.deadline_ms),
                overridden: op.plan.retry.own.or(api.retries) != api.retries,
            }
        })
        .collect();
    let listed = |class: RetryClass| -> Vec<String> {
        api.operations
            .iter()
            .enumerate()
            .filter(|(_, op)| op.plan.retry.class == class)
            .map(|(i, op)| format!("`{}` (`{} {}`)", var(i), op.method.as_str(), op.path))
            .collect()
    };
    let contract = &api.key_contract;
    let key_op = api.operations.iter().find_map(|op| op.plan.key.as_ref());
    ReadmeView {
        dist: package.name.clone(),
        import: names.package.clone(),
        client: client.clone(),
        async_client: names.async_client.clone(),
        title: api.title.clone(),
        version: api.version.clone(),
        description: package.description.clone(),
        python_version: "3.9",
        env_table,
        auth_lines,
        example,
        example_method: chosen.as_ref().map(|(i, _)| var(*i)).unwrap_or_default(),
        has_keyed_example: keyed,
        example_key: key_example,
        base_url: super::client::default_base_url(api),
        pagination: pages_readme(api, names, shapes, &var),
        files: files_readme(api, names, shapes, &var),
        servers: api
            .servers
            .iter()
            .map(|s| (s.url.clone(), s.description.clone().unwrap_or_default()))
            .collect(),
        max_attempts: effective.max_attempts,
        retries_after_first: effective.max_attempts.saturating_sub(1),
        base: seconds(effective.base_ms),
        cap: seconds(effective.cap_ms),
        deadline: seconds(effective.deadline_ms),
        root_p99: api.client_retry.p99_ms.map(|p| format!("{p} ms")),
        budget: defaults.budget.capacity,
        throttle_cost: defaults.budget.throttle_cost,
        retry_cost: defaults.budget.retry_cost,
        success_refund: defaults.budget.success_refund,
        p99_multiplier: defaults.attempt_timeout_p99_multiplier,
        decorrelated_multiplier: defaults.decorrelated_multiplier,
        max_retry_after: seconds(defaults.max_retry_after_ms),
        request_timeout_header: defaults.request_timeout_header.clone(),
        own_servers: own_servers(api, &var),
        overridden: ops
            .iter()
            .filter(|o| o.overridden)
            .map(|o| o.call.clone())
            .collect(),
        ops,
        keyed: listed(RetryClass::Keyed),
        unsafe_ops: listed(RetryClass::Unsafe),
        key_header: key_op
            .map(|k| k.header.clone())
            .unwrap_or_else(|| contract.header().to_string()),
        key_max_length: key_op
            .map(|k| k.max_length)
            .unwrap_or_else(|| contract.max_length()),
        contract_declared: contract.declared,
        replay_window: contract.replay_window.clone(),
        in_flight_code: contract.in_flight_code().to_string(),
        mismatch_code: contract.mismatch_code().to_string(),
        codes_declared: contract.in_flight_code.is_some() && contract.mismatch_code.is_some(),
        failures_replay: contract.failures == Some(FailurePolicy::Replay),
        failures_declared: contract.failures.is_some(),
    }
}
