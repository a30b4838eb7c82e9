//! The Rust emitter: a complete crate per API, from the IR only.
//!
//! - `Cargo.toml`, `README.md` (the integrators' contract for retries and
//!   keys), `examples/retries.rs` (the README's examples, compiled);
//! - `src/lib.rs`: the client and its builder;
//! - `src/models.rs`: the named types;
//! - `src/<group>.rs`: a resource and a request builder per operation;
//! - `src/runtime/`: `runtime/rust/src` copied verbatim.
//!
//! Naming is decided in `naming.rs`, spec text is escaped in `escape.rs`,
//! and the layout of spec-dependent lines follows rustfmt (`layout.rs`).

mod escape;
mod layout;
mod models;
mod naming;
mod ops;
mod package;
mod templates;
mod types;
mod views;

use std::path::PathBuf;

use askama::Template;

use super::{OutputFile, PackageInfo};
use crate::ir::Api;

use naming::Names;
use ops::Needs;
use types::Types;
use views::{ContractView, GroupView, PackageView};

/// The runtime crate's sources, vendored as `src/runtime/`.
const RUNTIME_FILES: &[(&str, &str)] = &[
    (
        "backoff.rs",
        include_str!("../../../../runtime/rust/src/backoff.rs"),
    ),
    (
        "budget.rs",
        include_str!("../../../../runtime/rust/src/budget.rs"),
    ),
    (
        "client.rs",
        include_str!("../../../../runtime/rust/src/client.rs"),
    ),
    (
        "clock.rs",
        include_str!("../../../../runtime/rust/src/clock.rs"),
    ),
    (
        "config.rs",
        include_str!("../../../../runtime/rust/src/config.rs"),
    ),
    (
        "deadline.rs",
        include_str!("../../../../runtime/rust/src/deadline.rs"),
    ),
    (
        "download.rs",
        include_str!("../../../../runtime/rust/src/download.rs"),
    ),
    (
        "encode.rs",
        include_str!("../../../../runtime/rust/src/encode.rs"),
    ),
    (
        "error.rs",
        include_str!("../../../../runtime/rust/src/error.rs"),
    ),
    (
        "explicit_null.rs",
        include_str!("../../../../runtime/rust/src/explicit_null.rs"),
    ),
    (
        "key.rs",
        include_str!("../../../../runtime/rust/src/key.rs"),
    ),
    (
        "lib.rs",
        include_str!("../../../../runtime/rust/src/lib.rs"),
    ),
    (
        "multipart.rs",
        include_str!("../../../../runtime/rust/src/multipart.rs"),
    ),
    (
        "operation.rs",
        include_str!("../../../../runtime/rust/src/operation.rs"),
    ),
    (
        "pagination.rs",
        include_str!("../../../../runtime/rust/src/pagination.rs"),
    ),
    (
        "policy.rs",
        include_str!("../../../../runtime/rust/src/policy.rs"),
    ),
    (
        "request.rs",
        include_str!("../../../../runtime/rust/src/request.rs"),
    ),
    (
        "streaming.rs",
        include_str!("../../../../runtime/rust/src/streaming.rs"),
    ),
    (
        "upload.rs",
        include_str!("../../../../runtime/rust/src/upload.rs"),
    ),
];

/// Module names the crate itself uses, and crates it depends on.
const RESERVED_MODULES: &[&str] = &[
    "alloc",
    "builder",
    "bytes",
    "chrono",
    "core",
    // Cargo's feature names: a module names its group's feature.
    "default",
    "from_runtime",
    "full",
    "httpdate",
    "models",
    "multipart",
    "percent_encoding",
    "rand",
    "reqwest",
    "runtime",
    "serde",
    "serde_json",
    "std",
    "tokio",
    "tracing",
    "uuid",
];

fn render(t: &impl Template, what: &str) -> Result<String, String> {
    let mut text = t.render().map_err(|e| failed(what, e))?;
    end_file(&mut text);
    Ok(text)
}

fn failed(what: &str, e: askama::Error) -> String {
    format!("rendering the Rust {what} failed: {e}")
}

/// A file ends with exactly one newline.
fn end_file(text: &mut String) {
    text.truncate(text.trim_end().len());
    text.push('\n');
}

/// `src/<group>.rs`: the resource, then each operation rendered straight
/// after it, its text trimmed at the end.
fn group_file(g: &GroupView) -> Result<String, String> {
    let mut text = String::new();
    templates::GroupRs { g }
        .render_into(&mut text)
        .map_err(|e| failed("group module", e))?;
    for op in &g.ops {
        text.push('\n');
        templates::OperationRs { op }
            .render_into(&mut text)
            .map_err(|e| failed("operation", e))?;
        text.truncate(text.trim_end().len());
    }
    end_file(&mut text);
    Ok(text)
}

/// A package name Cargo accepts and Rust can name.
fn check_name(name: &str) -> Result<String, String> {
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let ident = name.replace('-', "_");
    if !valid || naming::is_keyword(&ident) {
        return Err(format!(
            "`{name}` cannot name a Rust crate; set `[rust] name` in sdkgen.toml to ASCII letters, digits, `-` and `_`, starting with a letter and not a Rust keyword"
        ));
    }
    Ok(ident)
}

/// How the crate compiles in pieces: one Cargo feature per group when there
/// are several groups, and the features each model needs.
struct Features {
    /// The `[features]` lines after `default`; empty without features.
    cargo_lines: Vec<String>,
    /// By type position: the features that compile the type, or none when
    /// every build needs it.
    type_features: Vec<Vec<String>>,
}

/// Names each group's feature (its module's name) and gates each model on
/// the features of the groups that reach it ([`crate::ir::usage`]). A type
/// every group needs, or one needed whatever is built, is not gated.
fn feature_gates(api: &Api, groups: &mut ops::Groups) -> Features {
    if groups.groups.len() < 2 {
        return Features {
            cargo_lines: Vec::new(),
            type_features: vec![Vec::new(); api.types.len()],
        };
    }
    let names: Vec<String> = groups
        .groups
        .iter_mut()
        .map(|g| {
            let name = naming::unraw(&g.module).to_string();
            g.feature = Some(name.clone());
            name
        })
        .collect();
    let mut cargo_lines = vec![format!(
        "full = [\n{}]",
        names
            .iter()
            .map(|n| format!("    {},\n", escape::string_literal(n)))
            .collect::<String>()
    )];
    cargo_lines.extend(names.iter().map(|n| format!("{n} = []")));
    let usage = crate::ir::usage::type_usage(api);
    let type_features = (0..api.types.len())
        .map(|t| {
            let used_by = usage.groups(t);
            if usage.free[t] || used_by.len() == names.len() {
                return Vec::new();
            }
            used_by.iter().map(|&g| names[g].clone()).collect()
        })
        .collect();
    Features {
        cargo_lines,
        type_features,
    }
}

/// The `#[cfg]` line (with its newline) compiling an item only with one of
/// `features`, or empty when there are none.
fn gate_line(indent: usize, features: &[String]) -> String {
    if features.is_empty() {
        return String::new();
    }
    let mut line = layout::cfg_features(indent, features);
    line.push('\n');
    line
}

/// The contract's defaults, for the README and the builder's docs.
fn contract_view() -> ContractView {
    let d = crate::defaults::get();
    ContractView {
        max_attempts: d.max_attempts,
        retries: d.max_attempts.saturating_sub(1),
        base: package::human_ms(d.base_ms),
        cap: package::human_ms(d.cap_ms),
        decorrelated_multiplier: d.decorrelated_multiplier,
        deadline: package::human_ms(d.deadline_ms),
        p99_multiplier: d.attempt_timeout_p99_multiplier,
        budget_capacity: d.budget.capacity,
        throttle_cost: d.budget.throttle_cost,
        retry_cost: d.budget.retry_cost,
        success_refund: d.budget.success_refund,
        max_retry_after: package::human_ms(d.max_retry_after_ms),
        request_timeout_header: d.request_timeout_header.clone(),
        server_error_retries: match d.internal_server_error_retries {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        },
    }
}

pub fn emit(api: &Api, package: &PackageInfo) -> Result<Vec<OutputFile>, String> {
    let crate_ident = check_name(&package.name)?;
    let env_prefix = package.env_prefix.clone();
    let types = Types::new(api);
    let needs = Needs::default();
    let mut module_names = Names::with_reserved(RESERVED_MODULES);
    let mut groups = ops::build(api, &types, &needs, &mut module_names);
    let features = feature_gates(api, &mut groups);
    let has_models = !api.types.is_empty();
    let models_rs = if has_models {
        Some(models::render(&types, &features.type_features)?)
    } else {
        None
    };

    let mut modules: Vec<(String, String, String)> = Vec::new();
    if has_models {
        modules.push(("models".into(), String::new(), "models".into()));
    }
    modules.push(("runtime".into(), String::new(), "runtime".into()));
    for g in &groups.groups {
        let key = naming::unraw(&g.module).to_string();
        modules.push((key, gate_line(0, g.feature.as_slice()), g.module.clone()));
    }
    modules.sort();

    let client = package::client(api, &groups, &needs, package);
    let root_p99 = api.client_retry.p99_ms;
    let mut base_url_doc = "The API's base URL (scheme, host and any base path).".to_string();
    if !client.servers.is_empty() {
        base_url_doc.push_str(" The servers the spec lists:\n");
        for (url, description) in &client.servers {
            base_url_doc.push_str(&format!("\n- `{url}`"));
            if !description.is_empty() {
                base_url_doc.push_str(&format!(": {}", crate::escape::one_line(description)));
            }
        }
    }
    let mut crate_doc = format!(
        "A client for the {} (API version {}), generated by sdkgen.",
        api.title, api.version
    );
    if let Some(d) = &api.description {
        crate_doc.push_str("\n\n");
        crate_doc.push_str(d);
    }
    crate_doc.push_str(
        "\n\n# Usage\n\nBuild a [`Client`] with [`Client::builder`], then call an operation through \
         its resource and `.send().await` the request it returns. Retries, deadlines and \
         idempotency keys follow the contract in the crate's README: on by default, safe by \
         default.",
    );
    let p = PackageView {
        name: package.name.clone(),
        crate_ident: crate_ident.clone(),
        version: package.version.clone(),
        license: package.license.clone(),
        repository: package.repository.clone(),
        description: package.description.clone(),
        authors: package.authors.clone(),
        api_title: api.title.clone(),
        api_version: api.version.clone(),
        uses_chrono: false,
        uses_uuid: false,
        crate_doc,
        modules: modules
            .into_iter()
            .map(|(_, gate, module)| (gate, module))
            .collect(),
        features: features.cargo_lines,
        first_feature: groups
            .groups
            .first()
            .and_then(|g| g.feature.clone())
            .unwrap_or_default(),
        client_doc: format!(
            "A client of the {}.\n\nCheap to clone: clones share the connection pool, the settings and the retry budget.",
            api.title
        ),
        base_url_doc,
        default_attempts: api.client_retry.max_attempts.to_string(),
        default_base: package::human_ms(api.client_retry.base_ms),
        default_cap: package::human_ms(api.client_retry.cap_ms),
        default_deadline: package::human_ms(api.client_retry.deadline_ms),
        default_attempt_timeout: match root_p99 {
            Some(ms) => format!(
                "min({} × {}, time left)",
                crate::defaults::get().attempt_timeout_p99_multiplier,
                package::human_ms(ms)
            ),
            None => "the time left".to_string(),
        },
        contract: contract_view(),
        own_servers: package::own_servers(api)
            .into_iter()
            .map(|(url, ops)| {
                let calls: Vec<String> = ops
                    .iter()
                    .map(|&i| {
                        let (module, method) = &groups.method_of_op[i];
                        format!("`{module}().{}()`", naming::unraw(method))
                    })
                    .collect();
                (url, calls.join(", "))
            })
            .collect(),
    };
    let examples = package::Examples {
        api,
        types: &types,
        groups: &groups,
    };
    let readme = package::readme(api, &p, &client, &examples, &env_prefix);

    let mut files = Vec::new();
    let mut add = |path: &str, contents: String| {
        files.push(OutputFile {
            path: PathBuf::from(path),
            contents,
        })
    };
    let lib = render(&templates::LibRs { p: &p, c: &client }, "lib.rs")?;
    let mut group_files = Vec::new();
    for g in &groups.groups {
        group_files.push((
            format!("src/{}.rs", naming::unraw(&g.module)),
            group_file(g)?,
        ));
    }
    let p = PackageView {
        uses_chrono: types.uses_chrono.get(),
        uses_uuid: types.uses_uuid.get(),
        ..p
    };
    add(
        "Cargo.toml",
        render(&templates::CargoToml { p: &p }, "Cargo.toml")?,
    );
    add(
        "README.md",
        render(&templates::ReadmeMd { p: &p, r: &readme }, "README")?,
    );
    add(
        "examples/retries.rs",
        render(&templates::ExampleRs { r: &readme }, "example")?,
    );
    add("src/lib.rs", lib);
    if let Some(m) = models_rs {
        add("src/models.rs", m);
    }
    for (path, text) in group_files {
        add(&path, text);
    }
    for (name, text) in RUNTIME_FILES {
        let target = if *name == "lib.rs" { "mod.rs" } else { name };
        add(&format!("src/runtime/{target}"), text.to_string());
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_runtime_source_is_vendored() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../runtime/rust/src");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("runtime/rust/src")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".rs"))
            .collect();
        on_disk.sort();
        let vendored: Vec<String> = RUNTIME_FILES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(
            vendored, on_disk,
            "update RUNTIME_FILES in emit/rust/mod.rs"
        );
    }

    #[test]
    fn crate_names() {
        assert_eq!(check_name("payments").expect("ok"), "payments");
        assert_eq!(check_name("acme-pay").expect("ok"), "acme_pay");
        assert!(check_name("type").is_err());
        assert!(check_name("9lives").is_err());
        assert!(check_name("a b").is_err());
    }
}
