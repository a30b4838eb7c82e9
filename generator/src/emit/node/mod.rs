//! The Node emitter: an ESM package with hand-written-style `.js` and `.d.ts`
//! files (no build step), the sdkgen runtime vendored as `runtime/`, a
//! CommonJS build of them all under `cjs/` ([`cjs`]), and a README that is
//! the integrator's reference for retries and keys.
//!
//! Rust here only shapes the IR into views, in one direction: [`emit`] reads
//! the IR through [`operations`], [`naming`] and [`types`], builds the
//! resource views ([`resources`]) and the package's ([`views`]), and the
//! askama templates in `templates/node/` print them: the code's text is
//! theirs, the views carry data and the pieces laid out by width. Spec text
//! reaches them as [`escape::Text`] and can only be printed through the
//! escaping filters in [`filters`]. Identifiers come from [`naming`]. Lines
//! whose width depends on the spec are broken by [`layout`] the way prettier
//! breaks them.

mod cjs;
mod escape;
mod layout;
mod naming;
mod operations;
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
        "files.d.ts",
        include_str!("../../../../runtime/node/src/files.d.ts"),
    ),
    (
        "files.js",
        include_str!("../../../../runtime/node/src/files.js"),
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
        "nodehttp.d.ts",
        include_str!("../../../../runtime/node/src/nodehttp.d.ts"),
    ),
    (
        "nodehttp.js",
        include_str!("../../../../runtime/node/src/nodehttp.js"),
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
        "shape.d.ts",
        include_str!("../../../../runtime/node/src/shape.d.ts"),
    ),
    (
        "shape.js",
        include_str!("../../../../runtime/node/src/shape.js"),
    ),
    (
        "streaming.d.ts",
        include_str!("../../../../runtime/node/src/streaming.d.ts"),
    ),
    (
        "streaming.js",
        include_str!("../../../../runtime/node/src/streaming.js"),
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

/// The runtime's modules that sit at the root of every package, beside
/// `runtime/`: the client's core (`runtime/node/package/`), copied verbatim.
const PACKAGE_FILES: &[(&str, &str)] = &[
    (
        "core.js",
        include_str!("../../../../runtime/node/package/core.js"),
    ),
    (
        "core.d.ts",
        include_str!("../../../../runtime/node/package/core.d.ts"),
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
        Ok(crate::escape::md_inline(text.as_str()))
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
        Ok(crate::escape::md_code(text.as_str()))
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

/// `commonjs`: laid out for the CommonJS build, where `export ` goes (the
/// text the build is converted from, never written as it is).
#[derive(Template)]
#[template(path = "node/models.js", escape = "none")]
struct ModelsJs<'a> {
    v: &'a views::Package,
    commonjs: bool,
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

/// Renders a template; the file ends with exactly one newline.
fn render<T: Template>(what: &str, t: &T) -> Result<String, String> {
    let mut text = t
        .render()
        .map_err(|e| format!("node: rendering {what} failed: {e}"))?;
    let trimmed = text.trim_end_matches('\n').len();
    text.truncate(trimmed);
    text.push('\n');
    Ok(text)
}

/// The package: the IR shaped into views (names first, then the types, the
/// resource modules and the package around them), the views rendered by
/// the templates, and the runtime copied beside them.
pub fn emit(api: &Api, package: &PackageInfo) -> Result<Vec<OutputFile>, String> {
    let flattened = operations::flattened_bodies(api);
    let names = naming::Names::new(api, &package.name, &flattened);
    let types = types::Types::new(api, &names);
    let resources = api
        .groups
        .iter()
        .zip(&names.groups)
        .map(|(g, gn)| resources::resource_view(api, &names, &types, g, gn, &flattened))
        .collect();
    let v = views::Package::new(api, package, &names, &types, &flattened, resources);
    let mut files = vec![
        file("package.json", views::package_json(&v, package)),
        file("README.md", render("README.md", &Readme { v: &v })?),
        file("index.js", render("index.js", &IndexJs { v: &v })?),
        file("index.d.ts", render("index.d.ts", &IndexDts { v: &v })?),
        file(
            "models.js",
            render(
                "models.js",
                &ModelsJs {
                    v: &v,
                    commonjs: false,
                },
            )?,
        ),
        file("models.d.ts", render("models.d.ts", &ModelsDts { v: &v })?),
        file("wire.js", render("wire.js", &WireJs { v: &v })?),
        file("wire.d.ts", render("wire.d.ts", &WireDts { v: &v })?),
    ];
    for (name, contents) in PACKAGE_FILES {
        files.push(file(name, (*contents).to_string()));
    }
    for r in &v.resources {
        files.push(file(
            &format!("resources/{}.js", r.file),
            render(&r.file, &ResourceJs { r })?,
        ));
        files.push(file(
            &format!("resources/{}.d.ts", r.file),
            render(&r.file, &ResourceDts { r })?,
        ));
    }
    for (name, contents) in RUNTIME_FILES {
        files.push(file(&format!("runtime/{name}"), (*contents).to_string()));
    }
    // The enums' `Object.freeze` calls break by the width of their line,
    // which the CommonJS build's `const` changes: models.js is rendered
    // again for it.
    let models = render(
        "models.js",
        &ModelsJs {
            v: &v,
            commonjs: true,
        },
    )?;
    files.extend(commonjs(&files, &[("models.js", models)])?);
    Ok(files)
}

/// The CommonJS build of the package's modules (`cjs/`, see [`cjs`]): each
/// `.js` converted (from its text in `laid_out` where that is given), each
/// `.d.ts` copied (the `package.json` there makes both CommonJS to Node.js
/// and TypeScript).
fn commonjs(files: &[OutputFile], laid_out: &[(&str, String)]) -> Result<Vec<OutputFile>, String> {
    let mut out = vec![file(
        "cjs/package.json",
        render("cjs/package.json", &cjs::PackageJson)?,
    )];
    let mut graph = std::collections::BTreeMap::new();
    for f in files {
        let path = f.path.to_string_lossy().replace('\\', "/");
        if path.ends_with(".d.ts") {
            out.push(file(&format!("cjs/{path}"), f.contents.clone()));
        } else if path.ends_with(".js") {
            let source = laid_out
                .iter()
                .find(|(p, _)| *p == path)
                .map_or(&f.contents, |(_, text)| text);
            graph.insert(path.clone(), cjs::specifiers(&path, source)?);
            out.push(file(&format!("cjs/{path}"), cjs::module(&path, source)?));
        }
    }
    cjs::check_acyclic(&graph)?;
    Ok(out)
}

fn file(path: &str, contents: String) -> OutputFile {
    OutputFile {
        path: path.into(),
        contents,
    }
}
