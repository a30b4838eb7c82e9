//! The Node emitter: an ESM package with hand-written-style `.js` and `.d.ts`
//! files (no build step), the sdkgen runtime vendored as `runtime/`, and a
//! README that is the integrator's reference for retries and keys.
//!
//! Rust here only shapes the IR into views; the files come from the askama
//! templates in `templates/node/`. Spec text reaches them as [`escape::Text`]
//! and can only be printed through the escaping filters in [`filters`].
//! Identifiers come from [`naming`]. Lines whose width depends on the spec are
//! broken by [`layout`] the way prettier breaks them.

mod escape;
mod layout;
mod naming;
mod resources;
mod syntax;
mod types;
mod views;

use askama::Template;

use super::{OutputFile, PackageInfo};
use crate::ir::Api;

/// The runtime, copied verbatim into every package as `runtime/`.
const RUNTIME_FILES: &[(&str, &str)] = &[
    (
        "auth.d.ts",
        include_str!("../../../../runtime/node/src/auth.d.ts"),
    ),
    (
        "auth.js",
        include_str!("../../../../runtime/node/src/auth.js"),
    ),
    (
        "backoff.d.ts",
        include_str!("../../../../runtime/node/src/backoff.d.ts"),
    ),
    (
        "backoff.js",
        include_str!("../../../../runtime/node/src/backoff.js"),
    ),
    (
        "budget.d.ts",
        include_str!("../../../../runtime/node/src/budget.d.ts"),
    ),
    (
        "budget.js",
        include_str!("../../../../runtime/node/src/budget.js"),
    ),
    (
        "clock.d.ts",
        include_str!("../../../../runtime/node/src/clock.d.ts"),
    ),
    (
        "clock.js",
        include_str!("../../../../runtime/node/src/clock.js"),
    ),
    (
        "deadline.d.ts",
        include_str!("../../../../runtime/node/src/deadline.d.ts"),
    ),
    (
        "deadline.js",
        include_str!("../../../../runtime/node/src/deadline.js"),
    ),
    (
        "encoding.d.ts",
        include_str!("../../../../runtime/node/src/encoding.d.ts"),
    ),
    (
        "encoding.js",
        include_str!("../../../../runtime/node/src/encoding.js"),
    ),
    (
        "errors.d.ts",
        include_str!("../../../../runtime/node/src/errors.d.ts"),
    ),
    (
        "errors.js",
        include_str!("../../../../runtime/node/src/errors.js"),
    ),
    (
        "index.d.ts",
        include_str!("../../../../runtime/node/src/index.d.ts"),
    ),
    (
        "index.js",
        include_str!("../../../../runtime/node/src/index.js"),
    ),
    (
        "keys.d.ts",
        include_str!("../../../../runtime/node/src/keys.d.ts"),
    ),
    (
        "keys.js",
        include_str!("../../../../runtime/node/src/keys.js"),
    ),
    (
        "log.d.ts",
        include_str!("../../../../runtime/node/src/log.d.ts"),
    ),
    (
        "log.js",
        include_str!("../../../../runtime/node/src/log.js"),
    ),
    (
        "multipart.d.ts",
        include_str!("../../../../runtime/node/src/multipart.d.ts"),
    ),
    (
        "multipart.js",
        include_str!("../../../../runtime/node/src/multipart.js"),
    ),
    (
        "pagination.d.ts",
        include_str!("../../../../runtime/node/src/pagination.d.ts"),
    ),
    (
        "pagination.js",
        include_str!("../../../../runtime/node/src/pagination.js"),
    ),
    (
        "policy.d.ts",
        include_str!("../../../../runtime/node/src/policy.d.ts"),
    ),
    (
        "policy.js",
        include_str!("../../../../runtime/node/src/policy.js"),
    ),
    (
        "runtime.d.ts",
        include_str!("../../../../runtime/node/src/runtime.d.ts"),
    ),
    (
        "runtime.js",
        include_str!("../../../../runtime/node/src/runtime.js"),
    ),
];

/// Spec-independent modules of every package.
const STATIC_FILES: &[(&str, &str)] = &[
    (
        "core.js",
        include_str!("../../../../templates/node/static/core.js"),
    ),
    (
        "core.d.ts",
        include_str!("../../../../templates/node/static/core.d.ts"),
    ),
];

/// The escaping filters: the only way spec text ([`escape::Text`]) gets into
/// a generated file.
mod filters {
    use super::escape::{self, Doc, Text};

    /// A double-quoted JavaScript string literal.
    #[askama::filter_fn]
    pub fn js_str(text: &Text, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(escape::js_string(text.as_str()))
    }

    /// A JSDoc comment at `indent` spaces, with its line breaks (or nothing),
    /// written straight into the file.
    #[askama::filter_fn]
    pub fn jsdoc<'a>(
        doc: &'a Doc,
        _: &dyn askama::Values,
        indent: usize,
    ) -> askama::Result<escape::JsDoc<'a>> {
        Ok(escape::JsDoc(doc, indent))
    }

    /// Inline Markdown text.
    #[askama::filter_fn]
    pub fn md(text: &Text, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(escape::md_inline(text.as_str()))
    }

    /// A number of milliseconds, however deeply borrowed.
    pub trait Millis {
        fn millis(&self) -> u64;
    }

    impl Millis for u64 {
        fn millis(&self) -> u64 {
            *self
        }
    }

    impl<T: Millis + ?Sized> Millis for &T {
        fn millis(&self) -> u64 {
            (**self).millis()
        }
    }

    /// A duration in ms for prose: `60 s`, `1200 ms`.
    #[askama::filter_fn]
    pub fn ms(value: impl Millis, _: &dyn askama::Values) -> askama::Result<String> {
        let value = value.millis();
        Ok(if value >= 1000 && value % 1000 == 0 {
            format!("{} s", value / 1000)
        } else {
            format!("{value} ms")
        })
    }

    /// An inline Markdown code span.
    #[askama::filter_fn]
    pub fn md_code(text: &Text, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(escape::md_code(text.as_str()))
    }
}

#[derive(Template)]
#[template(path = "node/index.js", escape = "none")]
struct IndexJs<'a> {
    v: &'a views::Package,
}

#[derive(Template)]
#[template(path = "node/index.d.ts", escape = "none")]
struct IndexDts<'a> {
    v: &'a views::Package,
}

#[derive(Template)]
#[template(path = "node/models.js", escape = "none")]
struct ModelsJs<'a> {
    v: &'a views::Package,
}

#[derive(Template)]
#[template(path = "node/models.d.ts", escape = "none")]
struct ModelsDts<'a> {
    v: &'a views::Package,
}

#[derive(Template)]
#[template(path = "node/wire.js", escape = "none")]
struct WireJs<'a> {
    v: &'a views::Package,
}

#[derive(Template)]
#[template(path = "node/wire.d.ts", escape = "none")]
struct WireDts<'a> {
    v: &'a views::Package,
}

#[derive(Template)]
#[template(path = "node/resource.js", escape = "none")]
struct ResourceJs<'a> {
    r: &'a resources::Resource,
}

#[derive(Template)]
#[template(path = "node/resource.d.ts", escape = "none")]
struct ResourceDts<'a> {
    r: &'a resources::Resource,
}

#[derive(Template)]
#[template(path = "node/README.md", escape = "none")]
struct Readme<'a> {
    v: &'a views::Package,
}

/// Renders a template; the file ends with exactly one newline. `estimate`
/// is about how long the file is: it is rendered into a buffer a quarter
/// larger, so a big file is written once instead of into buffers that double
/// as it grows (each a copy, and fresh pages for the kernel to zero).
/// Capacity that is never written is never touched, so over is cheap; under
/// costs one more doubling.
fn render<T: Template>(what: &str, t: &T, estimate: usize) -> Result<String, String> {
    let mut text = String::with_capacity((estimate + estimate / 4).max(T::SIZE_HINT));
    t.render_into(&mut text)
        .map_err(|e| format!("node: rendering {what} failed: {e}"))?;
    let trimmed = text.trim_end_matches('\n').len();
    text.truncate(trimmed);
    text.push('\n');
    Ok(text)
}

pub fn emit(api: &Api, package: &PackageInfo) -> Result<Vec<OutputFile>, String> {
    let v = views::Package::new(api, package)?;
    let mut files = vec![
        file("package.json", views::package_json(&v, package)),
        file("README.md", render("README.md", &Readme { v: &v }, 0)?),
        file("index.js", render("index.js", &IndexJs { v: &v }, 0)?),
        file("index.d.ts", render("index.d.ts", &IndexDts { v: &v }, 0)?),
        file(
            "models.js",
            render("models.js", &ModelsJs { v: &v }, v.models_js_len())?,
        ),
        file(
            "models.d.ts",
            render("models.d.ts", &ModelsDts { v: &v }, v.models_dts_len())?,
        ),
        file(
            "wire.js",
            render("wire.js", &WireJs { v: &v }, v.wire_js_len())?,
        ),
        file(
            "wire.d.ts",
            render("wire.d.ts", &WireDts { v: &v }, v.wire_dts_len())?,
        ),
    ];
    for (name, contents) in STATIC_FILES {
        files.push(file(name, (*contents).to_string()));
    }
    for r in &v.resources {
        files.push(file(
            &format!("resources/{}.js", r.file),
            render(&r.file, &ResourceJs { r }, r.js_len())?,
        ));
        files.push(file(
            &format!("resources/{}.d.ts", r.file),
            render(&r.file, &ResourceDts { r }, r.dts_len())?,
        ));
    }
    for (name, contents) in RUNTIME_FILES {
        files.push(file(&format!("runtime/{name}"), (*contents).to_string()));
    }
    Ok(files)
}

fn file(path: &str, contents: String) -> OutputFile {
    OutputFile {
        path: path.into(),
        contents,
    }
}
