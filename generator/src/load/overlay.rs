//! OpenAPI Overlays (Overlay Specification 1.0): a provider adjusts a
//! published spec without editing it. An overlay is a list of actions, each
//! a JSONPath target (RFC 9535, through `serde_json_path`) with an `update`
//! to merge into, or append to, every node it selects, or `remove: true` to
//! take those nodes out. Overlays apply to the root document as read, in the
//! order given, before references are resolved.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use serde_json_path::JsonPath;

use super::source;
use crate::error::{escape_token, Diagnostic, Warning};

/// An overlay document, read and checked.
#[derive(Debug, Clone)]
pub struct Overlay {
    pub path: PathBuf,
    text: String,
    actions: Vec<Action>,
}

#[derive(Debug, Clone)]
struct Action {
    target: String,
    query: JsonPath,
    change: Change,
}

#[derive(Debug, Clone)]
enum Change {
    Update(Value),
    Remove,
}

/// Reads and checks the overlay at `path`.
pub fn read(path: &Path) -> Result<Overlay, Diagnostic> {
    let meta = std::fs::metadata(path).map_err(|e| {
        Diagnostic::new(path, "", format!("cannot read the overlay: {e}"))
            .with_hint("give the path of an Overlay 1.0 document (YAML or JSON)")
    })?;
    if !meta.is_file() {
        return Err(
            Diagnostic::new(path, "", "the overlay is not a regular file")
                .with_hint("give the path of an Overlay 1.0 document (YAML or JSON)"),
        );
    }
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::new(path, "", format!("cannot read the overlay: {e}"))
            .with_hint("an overlay is a UTF-8 YAML or JSON file")
    })?;
    let doc = source::parse(path, &text)?;
    let at = |pointer: &str, message: String, hint: &str| {
        Diagnostic::new(path, pointer, message)
            .with_line(source::line_of(&text, pointer))
            .with_hint(hint.to_string())
    };
    let Value::Object(root) = &doc else {
        return Err(at(
            "",
            "an overlay is a mapping with `overlay`, `info` and `actions`".into(),
            "see the Overlay Specification 1.0",
        ));
    };
    match root.get("overlay") {
        Some(Value::String(v)) if v.starts_with("1.0.") || v == "1.0" => {}
        Some(other) => {
            return Err(at(
                "/overlay",
                format!("overlay version {other} is not supported"),
                "sdkgen reads Overlay 1.0 documents: `overlay: 1.0.0`",
            ))
        }
        None => {
            return Err(at(
                "",
                "not an overlay: the `overlay` version field is missing".into(),
                "start the document with `overlay: 1.0.0`",
            ))
        }
    }
    let info_ok = root
        .get("info")
        .and_then(Value::as_object)
        .is_some_and(|i| {
            i.get("title").is_some_and(Value::is_string)
                && i.get("version").is_some_and(Value::is_string)
        });
    if !info_ok {
        return Err(at(
            "/info",
            "the overlay needs `info` with a `title` and a `version`".into(),
            "add `info: {title: ..., version: ...}`",
        ));
    }
    let Some(Value::Array(raw_actions)) = root.get("actions") else {
        return Err(at(
            "/actions",
            "the overlay needs a list of `actions`".into(),
            "add `actions:` with one or more `{target, update}` or `{target, remove: true}`",
        ));
    };
    if raw_actions.is_empty() {
        return Err(at(
            "/actions",
            "the overlay's `actions` list is empty".into(),
            "add at least one action, or leave the overlay out",
        ));
    }
    let mut actions = Vec::with_capacity(raw_actions.len());
    for (i, raw) in raw_actions.iter().enumerate() {
        let pointer = format!("/actions/{i}");
        let Value::Object(action) = raw else {
            return Err(at(
                &pointer,
                format!("action {i} is not a mapping"),
                "write each action as `{target: ..., update: ...}` or `{target: ..., remove: true}`",
            ));
        };
        let target = match action.get("target") {
            Some(Value::String(t)) => t.clone(),
            _ => {
                return Err(at(
                    &pointer,
                    format!("action {i} has no `target`"),
                    "give a JSONPath target such as `$.paths['/things'].post`",
                ))
            }
        };
        let query = JsonPath::parse(&target).map_err(|e| {
            at(
                &format!("{pointer}/target"),
                format!("action {i}: target `{target}` is not a JSONPath query (RFC 9535): {e}"),
                "targets start with `$`; quote names with `/` or `{` in brackets: `$.paths['/things/{id}']`",
            )
        })?;
        let remove = match action.get("remove") {
            None | Some(Value::Bool(false)) => false,
            Some(Value::Bool(true)) => true,
            Some(other) => {
                return Err(at(
                    &format!("{pointer}/remove"),
                    format!("action {i}: `remove` is {other}, not a boolean"),
                    "write `remove: true`, or leave it out",
                ))
            }
        };
        let change = match (remove, action.get("update")) {
            (true, _) => Change::Remove,
            (false, Some(update)) => Change::Update(update.clone()),
            (false, None) => {
                return Err(at(
                    &pointer,
                    format!(
                        "action {i} (target `{target}`) has neither `update` nor `remove: true`"
                    ),
                    "add what to merge into the target as `update`, or `remove: true`",
                ))
            }
        };
        actions.push(Action {
            target,
            query,
            change,
        });
    }
    Ok(Overlay {
        path: path.to_path_buf(),
        text,
        actions,
    })
}

impl Overlay {
    /// Applies every action in order to `doc`, the root document. An action
    /// whose target selects nothing is a warning; one that cannot be carried
    /// out is an error naming the overlay, the action and its target.
    pub fn apply(&self, doc: &mut Value, warnings: &mut Vec<Warning>) -> Result<(), Diagnostic> {
        for (i, action) in self.actions.iter().enumerate() {
            let pointer = format!("/actions/{i}");
            let fail = |message: String, hint: &str| {
                Diagnostic::new(&self.path, pointer.as_str(), message)
                    .with_line(action_line(&self.text, i))
                    .with_hint(hint.to_string())
            };
            let mut targets: Vec<String> = action
                .query
                .query_located(doc)
                .dedup()
                .locations()
                .map(|l| l.to_json_pointer())
                .collect();
            if targets.is_empty() {
                warnings.push(Warning {
                    kind: "overlay-no-match",
                    pointer: String::new(),
                    message: format!(
                        "{} action {i}: target `{}` selects nothing in the spec; the action did nothing",
                        self.path.display(),
                        action.target
                    ),
                });
                continue;
            }
            match &action.change {
                Change::Remove => {
                    if targets.iter().any(String::is_empty) {
                        return Err(fail(
                            format!("action {i}: target `{}` selects the whole document, which cannot be removed", action.target),
                            "target the nodes to remove inside the document",
                        ));
                    }
                    // Deepest and last first, so removing one node never
                    // shifts the array position of another still to go.
                    targets.sort_by(|a, b| compare_pointers(b, a));
                    for target in &targets {
                        remove(doc, target);
                    }
                }
                Change::Update(update) => {
                    for target in &targets {
                        let Some(node) = doc.pointer_mut(target) else {
                            continue;
                        };
                        match (node, update) {
                            (Value::Object(node), Value::Object(update)) => merge(node, update),
                            (Value::Array(node), entry) => node.push(entry.clone()),
                            (Value::Object(_), other) => {
                                return Err(fail(
                                    format!("action {i}: target `{}` selects an object (at {target}), and `update` is {}, not a mapping to merge into it", action.target, kind_of(other)),
                                    "give `update` as a mapping of the properties to set",
                                ))
                            }
                            (node, _) => {
                                return Err(fail(
                                    format!("action {i}: target `{}` selects {} (at {target}); an update merges into a mapping or appends to a list", action.target, kind_of(node)),
                                    "target the mapping that holds the value, and set it there by name",
                                ))
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The line where action `i` starts, in a block-YAML overlay; else the line
/// of `actions`.
fn action_line(text: &str, i: usize) -> Option<usize> {
    let start = source::line_of(text, "/actions")?;
    let mut indent = None;
    let mut seen = 0;
    for (n, line) in text.lines().enumerate().skip(start) {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let here = line.len() - trimmed.len();
        if !trimmed.starts_with("- ") && !trimmed.starts_with('-') {
            if indent.is_none_or(|d| here <= d) {
                break;
            }
            continue;
        }
        match indent {
            None => indent = Some(here),
            Some(d) if here < d => break,
            Some(d) if here > d => continue,
            Some(_) => {}
        }
        if seen == i {
            return Some(n + 1);
        }
        seen += 1;
    }
    Some(start)
}

/// Merges `update` into `node`: mappings recursively, anything else replaced.
fn merge(node: &mut Map<String, Value>, update: &Map<String, Value>) {
    for (key, value) in update {
        match (node.get_mut(key), value) {
            (Some(Value::Object(inner)), Value::Object(update)) => merge(inner, update),
            _ => {
                node.insert(key.clone(), value.clone());
            }
        }
    }
}

fn remove(doc: &mut Value, pointer: &str) {
    let Some((parent, last)) = pointer.rsplit_once('/') else {
        return;
    };
    let token = last.replace("~1", "/").replace("~0", "~");
    match doc.pointer_mut(parent) {
        Some(Value::Object(map)) => {
            map.shift_remove(&token);
        }
        Some(Value::Array(items)) => {
            if let Ok(i) = token.parse::<usize>() {
                if i < items.len() {
                    items.remove(i);
                }
            }
        }
        _ => {}
    }
}

/// Orders JSON pointers by their tokens, array positions by number.
fn compare_pointers(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |p: &str| -> Vec<(u8, usize, String)> {
        p.split('/')
            .skip(1)
            .map(|t| match t.parse::<usize>() {
                Ok(n) => (0, n, String::new()),
                Err(_) => (1, 0, t.to_string()),
            })
            .collect()
    };
    key(a).cmp(&key(b))
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

/// The JSONPath of an operation, for overlays that sdkgen writes.
pub fn operation_target(path: &str, method: &str) -> String {
    format!("$.paths[{}].{method}", quote(path))
}

/// A JSONPath name selector: a single-quoted string (RFC 9535 2.3.1.1).
fn quote(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push('\'');
    for c in name.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The pointer form of an operation, for messages.
pub fn operation_pointer(path: &str, method: &str) -> String {
    format!("/paths/{}/{method}", escape_token(path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn overlay(text: &str) -> Result<Overlay, Diagnostic> {
        let dir = std::env::temp_dir().join(format!("sdkgen-overlay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("o{}.yaml", text.len()));
        std::fs::write(&path, text).unwrap();
        read(&path)
    }

    fn spec() -> Value {
        json!({
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "paths": {
                "/a": {"post": {"responses": {}}, "get": {"responses": {}}},
                "/b/{id}": {"post": {"responses": {}, "tags": ["x", "y", "z"]}}
            }
        })
    }

    #[test]
    fn updates_merge_and_append_removes_take_out() {
        let o = overlay(
            "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths.*.post\n    update: {x-idempotency: true}\n  - target: \"$.paths['/b/{id}'].post.tags\"\n    update: w\n  - target: \"$.paths['/b/{id}'].post.tags[0,2]\"\n    remove: true\n  - target: $.info\n    update: {x-sdk: {a: 1}}\n  - target: $.info\n    update: {x-sdk: {b: 2}}\n",
        )
        .unwrap();
        let mut doc = spec();
        let mut warnings = Vec::new();
        o.apply(&mut doc, &mut warnings).unwrap();
        assert!(warnings.is_empty());
        assert_eq!(doc["paths"]["/a"]["post"]["x-idempotency"], json!(true));
        assert_eq!(
            doc["paths"]["/b/{id}"]["post"]["x-idempotency"],
            json!(true)
        );
        assert!(doc["paths"]["/a"]["get"].get("x-idempotency").is_none());
        assert_eq!(doc["paths"]["/b/{id}"]["post"]["tags"], json!(["y", "w"]));
        assert_eq!(doc["info"]["x-sdk"], json!({"a": 1, "b": 2}));
    }

    #[test]
    fn no_match_warns_and_errors_name_the_action() {
        let o = overlay(
            "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths['/none'].get\n    update: {x: 1}\n  - target: $.info.title\n    update: {x: 1}\n",
        )
        .unwrap();
        let mut doc = spec();
        let mut warnings = Vec::new();
        let err = o.apply(&mut doc, &mut warnings).unwrap_err();
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].message.contains("action 0"),
            "{}",
            warnings[0].message
        );
        assert_eq!(err.pointer, "/actions/1");
        assert!(err.message.contains("$.info.title"), "{}", err.message);
        assert_eq!(err.line, Some(6));
    }

    #[test]
    fn bad_documents_are_refused_with_their_place() {
        let err =
            overlay("overlay: 2.0.0\ninfo: {title: t, version: '1'}\nactions: []\n").unwrap_err();
        assert_eq!(err.pointer, "/overlay");
        let err = overlay("overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: paths\n    update: {}\n").unwrap_err();
        assert_eq!(err.pointer, "/actions/0/target");
        let err = overlay(
            "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.info\n",
        )
        .unwrap_err();
        assert!(err.message.contains("neither"), "{}", err.message);
        let err = overlay("openapi: 3.0.0\n").unwrap_err();
        assert!(err.message.contains("not an overlay"), "{}", err.message);
    }

    #[test]
    fn written_targets_select_their_operation() {
        let mut doc = spec();
        let target = operation_target("/b/{id}", "post");
        let found = JsonPath::parse(&target).unwrap().query(&doc).len();
        assert_eq!(found, 1);
        let hostile = operation_target("/it's\\odd", "get");
        doc["paths"]["/it's\\odd"] = json!({"get": {}});
        assert_eq!(JsonPath::parse(&hostile).unwrap().query(&doc).len(), 1);
    }
}
