//! `sdkgen docs`: the pages an API provider publishes beside its reference,
//! for integrators who call the API over raw HTTP: how to retry its requests,
//! and how its idempotency keys work.
//!
//! Every operation list, number, code and header on the pages comes from the
//! IR, its operation plan and the contract's defaults (`runtime/defaults.json`),
//! the same sources the SDKs are generated from, so the pages and the SDKs
//! cannot disagree. The text lives in `templates/docs/`; this module only
//! shapes the views, and [`escape`] is the only way a spec string reaches a
//! page. HTML is made from the Markdown, with every raw HTML fragment turned
//! into text, so nothing in a spec can become markup.

mod escape;
mod view;

use std::path::{Path, PathBuf};

use askama::Template;

use crate::check::{self, Finding};
use crate::emit::OutputFile;
use crate::ir::Api;

pub use view::{Credential, KeysView, OpRow, RetriesView, ScheduleRow};

/// The output format of the pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Markdown,
    Html,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Markdown => "md",
            Format::Html => "html",
        }
    }
}

/// The `check` rules about parts of the contract the spec leaves undeclared,
/// which the pages then fill with what the SDKs assume.
pub const UNDECLARED_RULES: &[&str] = &[
    "key-contract-undeclared",
    "no-latency-hint",
    "unsafe-undocumented",
];

/// What `check` reports about the parts of the contract the spec leaves
/// undeclared: the pages are incomplete until the spec declares them.
pub fn undeclared(api: &Api) -> Vec<Finding> {
    check::audit(api)
        .findings
        .into_iter()
        .filter(|f| UNDECLARED_RULES.contains(&f.rule))
        .collect()
}

/// The two pages, `retries` and `idempotency-keys`, in `format`.
pub fn pages(api: &Api, format: Format) -> Result<Vec<OutputFile>, String> {
    let ext = format.extension();
    let retries = view::retries(api, ext)?;
    let keys = view::keys(api, ext, &retries);
    let retries_md = render(&RetriesPage { v: &retries }, "retries page")?;
    let keys_md = render(
        &KeysPage {
            v: &keys,
            r: &retries,
        },
        "idempotency-keys page",
    )?;
    let mut files = Vec::new();
    for (stem, title, markdown) in [
        ("retries", retries.page_title.as_str(), retries_md),
        ("idempotency-keys", keys.page_title.as_str(), keys_md),
    ] {
        let contents = match format {
            Format::Markdown => markdown,
            Format::Html => html(title, &markdown)?,
        };
        files.push(OutputFile {
            path: PathBuf::from(format!("{stem}.{ext}")),
            contents,
        });
    }
    Ok(files)
}

/// Writes the pages into `dir` (made if missing), one file each; other
/// files in `dir` are left alone.
pub fn write(dir: &Path, files: &[OutputFile]) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for f in files {
        let path = dir.join(&f.path);
        // Written beside the target and renamed, so a reader never sees half a page.
        let staging = dir.join(format!(
            ".{}.sdkgen-tmp-{}",
            f.path.display(),
            std::process::id()
        ));
        std::fs::write(&staging, &f.contents)?;
        std::fs::rename(&staging, &path)?;
        written.push(path);
    }
    Ok(written)
}

#[derive(Template)]
#[template(path = "docs/retries.md", escape = "none")]
struct RetriesPage<'a> {
    v: &'a RetriesView,
}

#[derive(Template)]
#[template(path = "docs/idempotency-keys.md", escape = "none")]
struct KeysPage<'a> {
    v: &'a KeysView,
    r: &'a RetriesView,
}

#[derive(Template)]
#[template(path = "docs/retry_loop.py", escape = "none")]
pub(crate) struct PythonLoop<'a> {
    pub v: &'a RetriesView,
}

#[derive(Template)]
#[template(path = "docs/retry_loop.mjs", escape = "none")]
pub(crate) struct JsLoop<'a> {
    pub v: &'a RetriesView,
}

/// The HTML shell around a page's body; askama escapes the title.
#[derive(Template)]
#[template(path = "docs/page.html", escape = "html")]
struct HtmlPage<'a> {
    title: &'a str,
    body: &'a str,
}

mod filters {
    use std::fmt::Display;

    /// Spec text in Markdown prose.
    #[askama::filter_fn]
    pub fn md(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::md_inline(&s.to_string()))
    }

    /// Spec text as inline Markdown code.
    #[askama::filter_fn]
    pub fn code(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::md_code_cell(&s.to_string()))
    }

    /// A Python string literal.
    #[askama::filter_fn]
    pub fn py(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(super::escape::py(&s.to_string()))
    }

    /// A JavaScript string literal.
    #[askama::filter_fn]
    pub fn js(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(super::escape::js(&s.to_string()))
    }
}

/// Renders a template; the text ends with exactly one newline.
fn render(t: &impl Template, what: &str) -> Result<String, String> {
    let mut text = t
        .render()
        .map_err(|e| format!("cannot render the {what}: {e}"))?;
    text.truncate(text.trim_end_matches('\n').len());
    text.push('\n');
    Ok(text)
}

/// The HTML page of a Markdown page. Raw HTML in the Markdown (there is none
/// of the templates' own, and spec strings are escaped before they get
/// there) is written as text all the same: nothing can become a tag.
fn html(title: &str, markdown: &str) -> Result<String, String> {
    use pulldown_cmark::{Event, Options, Parser};
    let parser = Parser::new_ext(markdown, Options::ENABLE_TABLES).map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Event::Text(text),
        other => other,
    });
    let mut body = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut body, parser);
    render(&HtmlPage { title, body: &body }, "HTML page")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_in_markdown_becomes_text() {
        let page = html(
            "<b>t</b>",
            "a <script>x()</script> b\n\n<div onclick=\"y()\">\n",
        )
        .unwrap();
        assert!(!page.contains("<script") && !page.contains("<div") && !page.contains("<b>"));
        assert!(page.contains("&lt;script&gt;"));
    }
}
