//! The package's CommonJS build, `cjs/`: every ES module of the package (the
//! rendered templates and the vendored runtime alike) read back and written
//! as a CommonJS module, its `.d.ts` beside it, under a `package.json` that
//! says `"type": "commonjs"`. The package's `exports` map sends `require`
//! there on a Node.js without `require(esm)`; `import` never goes there.
//!
//! The ES modules are sdkgen's own, so this reads only the module syntax
//! they use, at the start of a line: `import { a, b as c } from "x";`,
//! `import * as x from "x";`, `import "x";`, `export { a, b as c } from
//! "x";`, `export * from "x";`, `export { a, b };`, `export {};` and
//! `export` before a `class`, `function`, `async function` or `const`
//! declaration of one name. Anything else that starts with `import` or
//! `export`, an `import.meta`, or a binding written twice is an error: the
//! generator stops rather than write a module that behaves differently.
//!
//! A module becomes: `"use strict";` (ES modules are strict), its leading
//! comment, one `require` per specifier in the order the ES module names them
//! (the order Node.js evaluates them in), its code with `export ` taken off
//! the declarations, and one `module.exports` object at the end, re-exported
//! modules (`export *`) spread first so the module's own names win, as they
//! do in ES modules. Exports assigned at the end are complete only once the
//! module has run, so the package's module graph must have no cycle:
//! [`check_acyclic`] makes sure of it. The text around the code is the
//! template's, `templates/node/cjs/module.js`.

use std::collections::{BTreeMap, BTreeSet};

use askama::Template;

use super::layout as l;

#[derive(Template)]
#[template(path = "node/cjs/module.js", escape = "none")]
struct ModuleJs<'a> {
    m: &'a Module,
}

#[derive(Template)]
#[template(path = "node/cjs/package.json", escape = "none")]
pub struct PackageJson;

/// A module, split for the template.
struct Module {
    /// The lines before the first `import` or `export` statement.
    head: String,
    /// One `require` statement per line.
    requires: Vec<String>,
    /// The rest, module statements taken out and `export ` taken off.
    body: String,
    /// The entries of the `module.exports` object.
    exports: Vec<String>,
}

/// What an ES module takes from one specifier.
#[derive(Default)]
struct Source {
    /// `import * as x`: the namespaces' local names.
    namespaces: Vec<String>,
    /// `import { a as b }` and `export { a } from`: (imported, local).
    named: Vec<(String, String)>,
    /// `export * from`.
    star: bool,
}

/// An entry of the `module.exports` object, in source order.
enum Export {
    /// `exported: local` (or `local` when they are the same).
    Local { local: String, exported: String },
    /// `...require(spec)`.
    Star(String),
}

/// The specifiers the ES module `source` (at `path`, for errors) imports or
/// re-exports from, in order.
pub fn specifiers(path: &str, source: &str) -> Result<Vec<String>, String> {
    let (_, sources, _, _) = parse(source, path)?;
    Ok(sources.into_iter().map(|(spec, _)| spec).collect())
}

/// The CommonJS module for the ES module `source` (at `path`, for errors).
pub fn module(path: &str, source: &str) -> Result<String, String> {
    let (head, sources, exports, body) = parse(source, path)?;
    let declared = declarations(&body);
    let mut bound: BTreeMap<String, String> = BTreeMap::new();
    let mut bind = |local: &str, what: String| -> Result<(), String> {
        if declared.contains(local) {
            return Err(format!(
                "node: {path}: `{local}` is both declared and taken from another module"
            ));
        }
        match bound.insert(local.to_string(), what.clone()) {
            Some(before) if before != what => Err(format!(
                "node: {path}: `{local}` is bound twice ({before}, {what})"
            )),
            _ => Ok(()),
        }
    };
    let mut requires = Vec::new();
    for (spec, s) in &sources {
        let quoted = super::escape::js_string(spec);
        for ns in &s.namespaces {
            bind(ns, format!("* from {spec}"))?;
            requires.push(format!("const {ns} = require({quoted});"));
        }
        let mut names: Vec<String> = Vec::new();
        for (imported, local) in &s.named {
            bind(local, format!("{imported} from {spec}"))?;
            let entry = if imported == local {
                local.clone()
            } else {
                format!("{imported}: {local}")
            };
            if !names.contains(&entry) {
                names.push(entry);
            }
        }
        if !names.is_empty() {
            requires.push(destructure(&names, &quoted));
        } else if s.namespaces.is_empty() {
            requires.push(format!("require({quoted});"));
        }
    }
    let mut entries: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    for e in &exports {
        if let Export::Star(spec) = e {
            entries.push(format!("...require({})", super::escape::js_string(spec)));
        }
    }
    for e in &exports {
        if let Export::Local { local, exported } = e {
            if exported == "default" {
                return Err(format!("node: {path}: a default export"));
            }
            if !seen.insert(exported.clone()) {
                return Err(format!("node: {path}: `{exported}` is exported twice"));
            }
            entries.push(if local == exported {
                local.clone()
            } else {
                format!("{exported}: {local}")
            });
        }
    }
    let m = Module {
        head,
        requires,
        body,
        exports: entries,
    };
    let mut text = ModuleJs { m: &m }
        .render()
        .map_err(|e| format!("node: rendering cjs/{path} failed: {e}"))?;
    let trimmed = text.trim_end().len();
    text.truncate(trimmed);
    text.push('\n');
    Ok(text)
}

/// `const { a, b: c } = require("x");`, broken one name a line when it
/// does not fit (prettier breaks an object pattern so, whatever the
/// source's line breaks).
fn destructure(names: &[String], quoted: &str) -> String {
    let flat = format!("const {{ {} }} = require({quoted});", names.join(", "));
    if l::fits_at(0, &flat) {
        return flat;
    }
    let mut text = String::from("const {\n");
    for n in names {
        text.push_str(&format!("  {n},\n"));
    }
    text.push_str(&format!("}} = require({quoted});"));
    text
}

/// The names `body` declares at its top level (lines at column 0).
fn declarations(body: &str) -> BTreeSet<String> {
    body.lines()
        .filter_map(|line| {
            [
                "const ",
                "let ",
                "var ",
                "class ",
                "function ",
                "function* ",
                "async function ",
            ]
            .iter()
            .find_map(|kw| line.strip_prefix(kw))
            .map(|rest| identifier(rest.trim_start_matches('*').trim_start()))
        })
        .filter(|name| !name.is_empty())
        .map(str::to_string)
        .collect()
}

/// The identifier at the start of `text`.
fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(text.len());
    &text[..end]
}

type Parsed = (String, Vec<(String, Source)>, Vec<Export>, String);

/// The module statements of `source`: its leading `//` comments, the
/// specifiers in order with what is taken from each, the exports, and the
/// body (the statements taken out, `export ` taken off declarations).
fn parse(source: &str, path: &str) -> Result<Parsed, String> {
    let err = |line: usize, what: &str| format!("node: {path}:{}: {what}", line + 1);
    if source.contains("import.meta") {
        return Err(format!("node: {path}: import.meta has no CommonJS form"));
    }
    fn source_for<'s>(sources: &'s mut Vec<(String, Source)>, spec: &str) -> &'s mut Source {
        if let Some(at) = sources.iter().position(|(s, _)| s == spec) {
            return &mut sources[at].1;
        }
        sources.push((spec.to_string(), Source::default()));
        &mut sources.last_mut().expect("just pushed").1
    }
    let lines: Vec<&str> = source.lines().collect();
    let head_len = lines
        .iter()
        .take_while(|line| line.starts_with("//") || line.trim().is_empty())
        .count();
    let mut head: String = lines[..head_len].iter().map(|l| format!("{l}\n")).collect();
    let mut sources: Vec<(String, Source)> = Vec::new();
    let mut exports = Vec::new();
    let mut body = String::new();
    // Whether the last line written to the body is blank (or there is none).
    let mut last_blank = true;
    let mut i = head_len;
    while i < lines.len() {
        let line = lines[i];
        if !(line.starts_with("import ") || line.starts_with("export ")) {
            let blank = line.trim().is_empty();
            if !(blank && last_blank) {
                body.push_str(line);
                body.push('\n');
            }
            last_blank = blank;
            i += 1;
            continue;
        }
        // A declaration keeps its place, without `export `.
        if let Some(rest) = line.strip_prefix("export ") {
            let decl = [
                "class ",
                "function ",
                "function* ",
                "async function ",
                "const ",
            ]
            .iter()
            .find_map(|kw| rest.strip_prefix(kw));
            if let Some(after) = decl {
                let name = identifier(after);
                if name.is_empty()
                    || (rest.starts_with("const ") && !after[name.len()..].starts_with(" ="))
                {
                    return Err(err(i, "an export declaration of other than one name"));
                }
                exports.push(Export::Local {
                    local: name.to_string(),
                    exported: name.to_string(),
                });
                let (head, used) = rejoined(rest, &lines[i + 1..]);
                body.push_str(&head);
                body.push('\n');
                last_blank = false;
                i += 1 + used;
                continue;
            }
        }
        // The whole statement: up to the line that closes its braces.
        let at = i;
        let mut text = line.to_string();
        if line.contains('{') && !line.contains('}') {
            loop {
                i += 1;
                let Some(next) = lines.get(i) else {
                    return Err(err(at, "an unterminated module statement"));
                };
                text.push(' ');
                text.push_str(next.trim());
                if next.contains('}') {
                    break;
                }
            }
        }
        i += 1;
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("import ") {
            if let Some(rest) = rest.strip_prefix("* as ") {
                let (ns, spec) = rest
                    .split_once(" from ")
                    .ok_or_else(|| err(at, "an import without from"))?;
                let spec = specifier(spec).ok_or_else(|| err(at, "a specifier"))?;
                let ns = ns.trim();
                if identifier(ns) != ns || ns.is_empty() {
                    return Err(err(at, "a namespace name"));
                }
                source_for(&mut sources, &spec)
                    .namespaces
                    .push(ns.to_string());
            } else if rest.starts_with('{') {
                let (names, spec) = braces(rest).ok_or_else(|| err(at, "an import"))?;
                let spec = spec
                    .strip_prefix("from ")
                    .and_then(specifier)
                    .ok_or_else(|| err(at, "an import without from"))?;
                let named = names_of(&names).ok_or_else(|| err(at, "an imported name"))?;
                source_for(&mut sources, &spec).named.extend(named);
            } else if let Some(spec) = specifier(rest) {
                source_for(&mut sources, &spec);
            } else {
                return Err(err(at, "an import sdkgen does not write"));
            }
        } else if let Some(rest) = text.strip_prefix("export ") {
            if let Some(spec) = rest.strip_prefix("* from ") {
                let spec = specifier(spec).ok_or_else(|| err(at, "a specifier"))?;
                source_for(&mut sources, &spec).star = true;
                exports.push(Export::Star(spec));
            } else if rest.starts_with('{') {
                let (names, after) = braces(rest).ok_or_else(|| err(at, "an export"))?;
                let named = names_of(&names).ok_or_else(|| err(at, "an exported name"))?;
                if after == ";" {
                    for (local, exported) in named {
                        exports.push(Export::Local { local, exported });
                    }
                } else {
                    let spec = after
                        .strip_prefix("from ")
                        .and_then(specifier)
                        .ok_or_else(|| err(at, "an export list"))?;
                    let source = source_for(&mut sources, &spec);
                    for (imported, exported) in named {
                        source.named.push((imported.clone(), imported.clone()));
                        exports.push(Export::Local {
                            local: imported,
                            exported,
                        });
                    }
                }
            } else {
                return Err(err(at, "an export sdkgen does not write"));
            }
        }
    }
    // Trailing blank lines are a statement's that went.
    let end = body.trim_end().len();
    body.truncate(end);
    if !body.is_empty() {
        body.push('\n');
    }
    if sources.is_empty() && !body.is_empty() {
        // No require between them: the head runs into the body as it did.
        head.push_str(&body);
        body = head;
        head = String::new();
    }
    Ok((head, sources, exports, body))
}

/// A declaration's first line without `export `, and how many of the `next`
/// lines it takes: seven columns narrower, a head prettier broke may fit on
/// one line now, and prettier would join it. Two shapes are joined: a
/// function's parameters, one a line up to `) {`, and `const x =` with its
/// value on the next line. Anything else whose breaks depend on its width
/// is laid out for this build by the emitter (the enums' `Object.freeze`,
/// `Model::frozen_for_commonjs`); the prettier check of every generated
/// package, `scripts/test-generated-node`, covers the CommonJS build too.
fn rejoined(first: &str, next: &[&str]) -> (String, usize) {
    let param = |line: &&&str| {
        line.starts_with("  ")
            && !line[2..].starts_with(' ')
            && line.ends_with(',')
            && !line.contains("//")
            && !line.contains("/*")
    };
    if first.ends_with('(') && !first.starts_with("const ") && !first.starts_with("class ") {
        let params = next.iter().take_while(param).count();
        if let Some(close) = next.get(params).filter(|l| l.starts_with(')')) {
            let list: Vec<&str> = next[..params]
                .iter()
                .map(|l| l.trim().trim_end_matches(','))
                .collect();
            let joined = format!("{first}{}{close}", list.join(", "));
            if params > 0 && l::fits_at(0, &joined) {
                return (joined, params + 1);
            }
        }
    }
    if first.starts_with("const ") && first.ends_with(" =") {
        if let Some(value) = next
            .first()
            .filter(|l| l.starts_with("  ") && !l[2..].starts_with(' ') && l.ends_with(';'))
        {
            let joined = format!("{first} {}", value.trim());
            if l::fits_at(0, &joined) {
                return (joined, 1);
            }
        }
    }
    (first.to_string(), 0)
}

/// `{ a, b as c } rest` as (`a, b as c`, `rest`).
fn braces(text: &str) -> Option<(String, &str)> {
    let inner = text.strip_prefix('{')?;
    let (names, rest) = inner.split_once('}')?;
    Some((names.to_string(), rest.trim()))
}

/// `a, b as c` as [(a, a), (b, c)]; None on anything but identifiers.
fn names_of(list: &str) -> Option<Vec<(String, String)>> {
    let mut names = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (from, to) = item.split_once(" as ").unwrap_or((item, item));
        let (from, to) = (from.trim(), to.trim());
        if identifier(from) != from || identifier(to) != to || from.is_empty() {
            return None;
        }
        names.push((from.to_string(), to.to_string()));
    }
    Some(names)
}

/// `"x";` as `x`.
fn specifier(text: &str) -> Option<String> {
    let text = text.trim().strip_suffix(';')?.trim();
    let quote = text.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let inner = text.strip_prefix(quote)?.strip_suffix(quote)?;
    (!inner.contains(quote) && !inner.contains('\\')).then(|| inner.to_string())
}

/// Checks that the modules of `files` (path to ES module source) import one
/// another without a cycle; relative specifiers only are followed.
pub fn check_acyclic(files: &BTreeMap<String, Vec<String>>) -> Result<(), String> {
    fn resolve(from: &str, spec: &str) -> Option<String> {
        if !spec.starts_with("./") && !spec.starts_with("../") {
            return None;
        }
        let mut parts: Vec<&str> = from.split('/').collect();
        parts.pop();
        for piece in spec.split('/') {
            match piece {
                "." => {}
                ".." => {
                    parts.pop()?;
                }
                p => parts.push(p),
            }
        }
        Some(parts.join("/"))
    }
    fn visit(
        node: &str,
        files: &BTreeMap<String, Vec<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Result<(), String> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_string());
            return Err(format!(
                "node: the modules import one another in a cycle, which the CommonJS build cannot keep: {}",
                cycle.join(" -> ")
            ));
        }
        if done.contains(node) {
            return Ok(());
        }
        stack.push(node.to_string());
        for spec in files.get(node).into_iter().flatten() {
            if let Some(dep) = resolve(node, spec) {
                visit(&dep, files, stack, done)?;
            }
        }
        stack.pop();
        done.insert(node.to_string());
        Ok(())
    }
    let mut done = BTreeSet::new();
    for node in files.keys() {
        visit(node, files, &mut Vec::new(), &mut done)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_become_requires_and_exports_one_object() {
        let esm = "// Header.\nimport { a, b as c } from \"./x.js\";\nimport * as w from \"./w.js\";\n\nexport { d } from \"./x.js\";\nexport * from \"./m.js\";\n\nexport class K {}\n\nexport async function f() {\n  return a + c;\n}\n\nconst local = 1;\nexport { local as renamed };\n";
        let cjs = module("t.js", esm).expect("converts");
        assert_eq!(
            cjs,
            "\"use strict\";\n// Header.\nconst { a, b: c, d } = require(\"./x.js\");\nconst w = require(\"./w.js\");\nrequire(\"./m.js\");\n\nclass K {}\n\nasync function f() {\n  return a + c;\n}\n\nconst local = 1;\n\nmodule.exports = {\n  ...require(\"./m.js\"),\n  d,\n  K,\n  f,\n  renamed: local,\n};\n"
        );
    }

    #[test]
    fn long_patterns_break_one_name_a_line() {
        let esm = "import {\n  aaaaaaaaaaaaaaaaaaaa,\n  bbbbbbbbbbbbbbbbbbbbbbbb,\n  cccccccccccccccccccc,\n} from \"./runtime/index.js\";\n\nexport {};\n";
        let cjs = module("t.js", esm).expect("converts");
        assert_eq!(
            cjs,
            "\"use strict\";\nconst {\n  aaaaaaaaaaaaaaaaaaaa,\n  bbbbbbbbbbbbbbbbbbbbbbbb,\n  cccccccccccccccccccc,\n} = require(\"./runtime/index.js\");\n"
        );
    }

    #[test]
    fn heads_that_fit_once_export_goes_are_joined() {
        let esm = "export function validateIdempotencyKey(\n  key,\n  maxLength = DEFAULT_KEY_MAX_LENGTH,\n) {\n  return key;\n}\nexport const aVeryLongNameForAConstantThatIsBrokenAfterItsEqualsSign =\n  \"value\";\nexport function stillTooLongForOneLineEvenWithoutTheExportKeyword(\n  firstParameterWithALongName,\n) {}\n";
        let cjs = module("t.js", esm).expect("converts");
        assert!(
            cjs.contains("\nfunction validateIdempotencyKey(key, maxLength = DEFAULT_KEY_MAX_LENGTH) {\n  return key;\n}\n"),
            "{cjs}"
        );
        assert!(
            cjs.contains(
                "\nconst aVeryLongNameForAConstantThatIsBrokenAfterItsEqualsSign = \"value\";\n"
            ),
            "{cjs}"
        );
        assert!(
            cjs.contains("\nfunction stillTooLongForOneLineEvenWithoutTheExportKeyword(\n  firstParameterWithALongName,\n) {}\n"),
            "{cjs}"
        );
    }

    #[test]
    fn what_it_cannot_keep_is_an_error() {
        for esm in [
            "import x from \"./x.js\";\n",
            "export default 1;\n",
            "export let x = 1;\n",
            "export const { a } = b;\n",
            "export * as ns from \"./x.js\";\n",
            "const u = import.meta.url;\n",
            "import { a } from \"./x.js\";\nimport { b as a } from \"./y.js\";\n",
            "import { a } from \"./x.js\";\nconst a = 1;\n",
            "const a = 1;\nexport { a };\nexport { a };\n",
        ] {
            assert!(module("t.js", esm).is_err(), "accepted: {esm}");
        }
    }

    #[test]
    fn cycles_are_found() {
        let mut files = BTreeMap::new();
        files.insert("index.js".to_string(), vec!["./a/x.js".to_string()]);
        files.insert("a/x.js".to_string(), vec!["../b.js".to_string()]);
        files.insert("b.js".to_string(), vec!["./c.js".to_string()]);
        files.insert("c.js".to_string(), vec![]);
        assert!(check_acyclic(&files).is_ok());
        files.insert("c.js".to_string(), vec!["./a/x.js".to_string()]);
        let e = check_acyclic(&files).expect_err("a cycle");
        assert!(e.contains("a/x.js -> b.js -> c.js -> a/x.js"), "{e}");
    }
}
