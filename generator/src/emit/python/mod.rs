//! The Python emitter: a complete package per spec, with the runtime of
//! `runtime/python` vendored as `<package>/_runtime/`.
//!
//! Rust code here only shapes the IR into what the templates under
//! `templates/python/` need: names (decided by [`naming`]), types
//! ([`types`]), laid-out expressions ([`layout`]) and escaped text
//! ([`escape`]). The retry policy is the runtime's; templates pass each
//! operation's class, key, latency hint and overrides to it.

mod client;
mod escape;
mod layout;
mod models;
mod naming;
mod readme;
mod resources;
mod runtime;
mod shape;
mod types;

use std::cmp::Ordering;
use std::path::PathBuf;

use askama::Template;

use super::{OutputFile, PackageInfo};
use crate::ir::{Api, Operation};
use layout::WIDTH;
use naming::Names;

/// Spec text for a docstring (the template's `doc` filter escapes it), if
/// it says anything.
fn doc_of(text: Option<&str>) -> Option<String> {
    // `escape::docstring` has something to say exactly when the text is not
    // all whitespace (line breaks included).
    text.filter(|t| !t.trim().is_empty()).map(str::to_string)
}

/// The docstring literal of text the generator wrote (never empty).
fn docstring_of(text: &str, indent: usize) -> String {
    escape::docstring(text, indent, WIDTH).unwrap_or_else(|| "\"\"\"\"\"\"".to_string())
}

/// Seconds as the README and docstrings write them: `60 s`, `1.2 s`.
/// A value written into a dict after its literal (`to_dict`'s `data`, a
/// builder's `body`), so the entries keep the schema's order: always, or only
/// when the caller set it.
pub struct SetView {
    /// `data["wire"]`.
    pub target: String,
    /// What tells whether it is set: the argument or the attribute.
    pub subject: String,
    pub value: layout::Expr,
    /// Written whatever the subject (it has no value meaning "left out").
    pub always: bool,
    /// Left out when `NOT_GIVEN` (`None` sends `null`), else when `None`.
    pub not_given: bool,
}

impl SetView {
    /// `if <subject> is not None:` at `indent`, laid out.
    pub fn if_set(&self, indent: usize) -> String {
        layout::if_line(indent, &self.subject, "is not", "None")
    }
}

fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        let text = format!("{:.3}", ms as f64 / 1000.0);
        format!("{} s", text.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// The retry numbers that apply to an operation when the caller changes
/// nothing: the contract's defaults under the spec's `x-retries`.
pub struct Effective {
    pub max_attempts: u32,
    pub base_ms: u64,
    pub cap_ms: u64,
    pub deadline_ms: u64,
}

impl Effective {
    fn from(s: crate::ir::RetrySettings) -> Effective {
        Effective {
            max_attempts: s.max_attempts,
            base_ms: s.base_ms,
            cap_ms: s.cap_ms,
            deadline_ms: s.deadline_ms,
        }
    }

    pub fn of(_api: &Api, op: &Operation) -> Effective {
        Effective::from(op.plan.retry.effective)
    }

    pub fn api(api: &Api) -> Effective {
        Effective::from(api.client_retry)
    }
}

/// Compares like `natord`: runs of digits by value, the rest by character.
/// Works on the UTF-8 bytes: their order is the order of the characters, and
/// an ASCII digit is never part of a longer character.
fn natural(a: &str, b: &str) -> Ordering {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    // Up to the first difference the two walk in step. When no number
    // reaches that byte in both (and none runs on to it), the order is the
    // bytes' order from there: the common case of names sorted in bulk.
    let same = x.iter().zip(y).take_while(|(c, d)| c == d).count();
    let digit_at = |s: &[u8], i: usize| s.get(i).is_some_and(u8::is_ascii_digit);
    let (dx, dy) = (digit_at(x, same), digit_at(y, same));
    let in_number = (dx && dy) || (same > 0 && digit_at(x, same - 1) && (dx || dy));
    if !in_number {
        return x[same..].cmp(&y[same..]);
    }
    natural_walk(x, y)
}

/// [`natural`] by walking both byte strings from the start.
fn natural_walk(x: &[u8], y: &[u8]) -> Ordering {
    let digits =
        |s: &[u8], from: usize| from + s[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let (mut i, mut j) = (0, 0);
    loop {
        match (x.get(i), y.get(j)) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (m_end, n_end) = (digits(x, i), digits(y, j));
                let m = trim_zeros(&x[i..m_end]);
                let n = trim_zeros(&y[j..n_end]);
                let order = m.len().cmp(&n.len()).then_with(|| m.cmp(n));
                if order != Ordering::Equal {
                    return order;
                }
                (i, j) = (m_end, n_end);
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(d);
                }
                i += 1;
                j += 1;
            }
        }
    }
}

fn trim_zeros(digits: &[u8]) -> &[u8] {
    let zeros = digits.iter().take_while(|&&c| c == b'0').count();
    &digits[zeros..]
}

/// The isort-style order of `__all__` (ruff's RUF022): constants, then
/// classes, then the rest, each group in natural order.
fn isort_key(name: &str) -> u8 {
    let cased_upper =
        name.chars().any(|c| c.is_alphabetic()) && name.chars().all(|c| !c.is_lowercase());
    if name.chars().count() > 1 && cased_upper {
        0
    } else if name.starts_with(|c: char| c.is_uppercase()) {
        1
    } else {
        2
    }
}

fn dunder_all(names: &[String]) -> String {
    let mut sorted: Vec<(u8, &String)> = names.iter().map(|n| (isort_key(n), n)).collect();
    sorted.sort_by(|(k, a), (l, b)| k.cmp(l).then_with(|| natural(a, b)));
    sorted.dedup_by(|(_, a), (_, b)| a == b);
    let items = sorted
        .into_iter()
        .map(|(_, n)| layout::text(escape::py_str(n)))
        .collect();
    layout::Items(items).bracket("__all__ = [", "]", 0)
}

/// Sorts the names of a `from ... import` as ruff's isort does: constants,
/// classes, then the rest, each case-insensitively in natural order.
fn sort_members(names: &mut [&str]) {
    names.sort_by(|a, b| {
        isort_key(a)
            .cmp(&isort_key(b))
            .then_with(|| natural(&a.to_lowercase(), &b.to_lowercase()))
            .then_with(|| natural(a, b))
    });
}

/// `from module import a, b`, split into a parenthesised list when too long.
fn import_line(module: &str, names: &[&str]) -> String {
    let line = format!("from {module} import {}", names.join(", "));
    if line.chars().count() <= WIDTH {
        return line;
    }
    let mut out = format!("from {module} import (\n");
    for n in names {
        out.push_str(&format!("    {n},\n"));
    }
    out.push(')');
    out
}

#[derive(Template)]
#[template(path = "python/pyproject.toml.jinja", escape = "none")]
struct PyProjectTemplate<'a> {
    package: &'a PackageInfo,
    import: &'a str,
    authors: Vec<(String, Option<String>)>,
}

mod filters {
    use std::fmt::Display;

    /// A TOML basic string.
    #[askama::filter_fn]
    pub fn toml(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::toml_string(&s.to_string()))
    }

    /// A Python string literal.
    #[askama::filter_fn]
    pub fn py(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(super::escape::py_str(&s.to_string()))
    }

    /// The docstring literal of a module, class or function, for text
    /// written at `indent` spaces.
    #[askama::filter_fn]
    pub fn doc(s: impl Display, _: &dyn askama::Values, indent: usize) -> askama::Result<String> {
        Ok(super::escape::docstring(&s.to_string(), indent, super::WIDTH).unwrap_or_default())
    }

    /// The docstring literal of an attribute (after an assignment or a
    /// field), for text written at `indent` spaces.
    #[askama::filter_fn]
    pub fn attr_doc(
        s: impl Display,
        _: &dyn askama::Values,
        indent: usize,
    ) -> askama::Result<String> {
        Ok(
            super::escape::attribute_docstring(&s.to_string(), indent, super::WIDTH)
                .unwrap_or_default(),
        )
    }

    /// Text in a Markdown table cell or list item.
    #[askama::filter_fn]
    pub fn md(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::md_inline(&s.to_string()))
    }

    /// Inline Markdown code.
    #[askama::filter_fn]
    pub fn code(s: impl Display, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::escape::md_code_cell(&s.to_string()))
    }
}

/// The head of `models.py`; the types follow, one template each.
#[derive(Template)]
#[template(path = "python/models.py.jinja", escape = "none")]
struct ModelsTemplate<'a> {
    m: &'a models::ModelsView,
}

/// An alias that mentions no class.
#[derive(Template)]
#[template(path = "python/models_early.py.jinja", escape = "none")]
struct ModelsEarlyTemplate<'a> {
    a: &'a models::AliasView,
}

#[derive(Template)]
#[template(path = "python/models_class.py.jinja", escape = "none")]
struct ModelsClassTemplate<'a> {
    c: &'a models::ClassView,
}

/// An alias or a union that mentions classes.
#[derive(Template)]
#[template(path = "python/models_late.py.jinja", escape = "none")]
struct ModelsLateTemplate<'a> {
    item: &'a models::LateItem,
}

#[derive(Template)]
#[template(path = "python/resource.py.jinja", escape = "none")]
struct ResourceTemplate<'a> {
    r: &'a resources::ResourceView,
}

#[derive(Template)]
#[template(path = "python/resources_init.py.jinja", escape = "none")]
struct ResourcesInitTemplate {
    doc: String,
    imports: Vec<String>,
    all: String,
}

#[derive(Template)]
#[template(path = "python/client.py.jinja", escape = "none")]
struct ClientTemplate<'a> {
    c: &'a client::ClientView,
}

#[derive(Template)]
#[template(path = "python/init.py.jinja", escape = "none")]
struct InitTemplate {
    doc: String,
    imports: Vec<String>,
    version: String,
    all: String,
}

#[derive(Template)]
#[template(path = "python/README.md.jinja", escape = "none")]
struct ReadmeTemplate<'a> {
    r: &'a readme::ReadmeView,
}

/// The code shared by every generated package's modules: `runtime/python/sdk_base/_base.py`,
/// tested there, copied verbatim as `<package>/_base.py`.
const BASE: &str = include_str!("../../../../runtime/python/sdk_base/_base.py");

/// Renders a template; the file ends with exactly one newline (askama drops
/// the template's own last one).
fn render(t: &impl Template, what: &str) -> Result<String, String> {
    let mut text = t.render().map_err(|e| failed(what, e))?;
    end_file(&mut text);
    Ok(text)
}

fn failed(what: &str, e: askama::Error) -> String {
    format!("cannot render the Python {what}: {e}")
}

/// A file ends with exactly one newline.
fn end_file(text: &mut String) {
    text.truncate(text.trim_end_matches('\n').len());
    text.push('\n');
}

fn file(path: impl Into<PathBuf>, contents: String) -> OutputFile {
    OutputFile {
        path: path.into(),
        contents,
    }
}

/// "Acme <sdk@example.com>" as a PEP 621 author.
fn author(text: &str) -> (String, Option<String>) {
    match (text.find('<'), text.rfind('>')) {
        (Some(open), Some(close)) if open < close => (
            text[..open].trim().to_string(),
            Some(text[open + 1..close].trim().to_string()),
        ),
        _ => (text.trim().to_string(), None),
    }
}

pub fn emit(api: &Api, package: &PackageInfo) -> Result<Vec<OutputFile>, String> {
    let shapes: Vec<shape::OpShape> = api
        .operations
        .iter()
        .map(|op| shape::shape(api, op))
        .collect();
    let names = Names::plan(api, &package.name, &shapes);
    let pkg = names.package.clone();
    let mut files = Vec::new();

    files.push(file(
        "pyproject.toml",
        render(
            &PyProjectTemplate {
                package,
                import: &pkg,
                authors: package.authors.iter().map(|a| author(a)).collect(),
            },
            "pyproject.toml",
        )?,
    ));

    let readme = readme::view(api, package, &names, &shapes);
    files.push(file(
        "README.md",
        render(&ReadmeTemplate { r: &readme }, "README")?,
    ));

    let client = client::view(api, package, &names);
    files.push(file(
        format!("{pkg}/_client.py"),
        render(&ClientTemplate { c: &client }, "client")?,
    ));
    files.push(file(
        format!("{pkg}/__init__.py"),
        render(&client::init(api, package, &names), "package")?,
    ));
    files.push(file(format!("{pkg}/_base.py"), BASE.to_string()));
    files.push(file(format!("{pkg}/py.typed"), String::new()));

    files.push(file(
        format!("{pkg}/models.py"),
        models::render(api, &names)?,
    ));

    let mut classes: Vec<String> = Vec::new();
    let mut init_imports = Vec::new();
    for (i, group) in api.groups.iter().enumerate() {
        let view = resources::view(api, &names, &shapes, i, group);
        let g = &names.groups[i];
        files.push(file(
            format!("{pkg}/resources/{}.py", g.attr),
            render(&ResourceTemplate { r: &view }, "resource")?,
        ));
        let forms: Vec<String> = naming::RESOURCE_FORMS
            .iter()
            .map(|(prefix, suffix)| format!("{prefix}{}{suffix}", g.class))
            .collect();
        let mut sorted: Vec<&str> = forms.iter().map(String::as_str).collect();
        sort_members(&mut sorted);
        init_imports.push((
            g.attr.clone(),
            import_line(&format!(".{}", g.attr), &sorted),
        ));
        classes.extend(forms);
    }
    init_imports.sort();
    files.push(file(
        format!("{pkg}/resources/__init__.py"),
        render(
            &ResourcesInitTemplate {
                doc: docstring_of(
                    &format!(
                        "The resources of the {}: one class per group of operations, blocking \
                         and asyncio, each with its raw-response twin.",
                        api.title
                    ),
                    0,
                ),
                imports: init_imports.into_iter().map(|(_, line)| line).collect(),
                all: dunder_all(&classes),
            },
            "resources",
        )?,
    ));

    for (name, contents) in runtime::FILES {
        files.push(file(format!("{pkg}/_runtime/{name}"), contents.to_string()));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_read_naturally() {
        assert_eq!(seconds(90_000), "90 s");
        assert_eq!(seconds(1_200), "1.2 s");
        assert_eq!(seconds(250), "0.25 s");
        assert_eq!(seconds(4_500), "4.5 s");
    }

    #[test]
    fn dunder_all_is_sorted_as_ruff_wants() {
        let names: Vec<String> = [
            "models",
            "Payments",
            "NOT_GIVEN",
            "AsyncPayments",
            "Foo10",
            "Foo2",
            "__version__",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            dunder_all(&names),
            "__all__ = [\"NOT_GIVEN\", \"AsyncPayments\", \"Foo2\", \"Foo10\", \"Payments\", \"__version__\", \"models\"]"
        );
    }

    #[test]
    fn natural_order_compares_numbers_by_value() {
        use Ordering::{Equal, Greater, Less};
        assert_eq!(natural("Foo2", "Foo10"), Less);
        assert_eq!(natural("Foo10", "Foo2"), Greater);
        assert_eq!(natural("a010", "a10"), Equal);
        assert_eq!(natural("a01b", "a1c"), Less);
        assert_eq!(natural("a", "a1"), Less);
        assert_eq!(natural("", ""), Equal);
        assert_eq!(natural("x9y", "x9"), Greater);
        assert_eq!(natural("é1", "é2"), Less);
        assert_eq!(natural("é", "z"), Greater);
        assert_eq!(natural("Ωb", "Ωa"), Greater);
        assert_eq!(natural("a1b", "a1c"), Less);
        assert_eq!(natural("a12", "a1b"), Greater);
        assert_eq!(natural("a1b", "a12"), Less);
        assert_eq!(natural("a9", "a10"), Less);
        assert_eq!(natural("a09x", "a9y"), Less);
        assert_eq!(natural("ab", "a"), Greater);
    }

    #[test]
    fn natural_order_shortcut_agrees_with_the_walk() {
        // Every word of up to four of these characters.
        let alphabet = ["a", "0", "1", "9", "é"];
        let mut words = vec![String::new()];
        let mut longest = vec![String::new()];
        for _ in 0..4 {
            longest = longest
                .iter()
                .flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}")))
                .collect();
            words.extend(longest.iter().cloned());
        }
        for a in &words {
            for b in &words {
                assert_eq!(
                    natural(a, b),
                    natural_walk(a.as_bytes(), b.as_bytes()),
                    "{a:?} vs {b:?}"
                );
            }
        }
    }

    #[test]
    fn long_imports_are_parenthesised() {
        assert_eq!(import_line(".", &["a", "b"]), "from . import a, b");
        let names: Vec<String> = (0..20).map(|i| format!("Name{i}")).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let line = import_line(".mod", &refs);
        assert!(line.starts_with("from .mod import (\n    Name0,\n"));
        assert!(line.ends_with("    Name19,\n)"));
    }
}
