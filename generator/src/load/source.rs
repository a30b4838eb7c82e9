//! Reading spec files: YAML or JSON text into a JSON value, with errors that
//! carry the line, and a way back from a JSON pointer to a line.

use std::path::Path;

use serde_json::Value;

use super::number::{float, wide_signed, wide_unsigned};
use crate::error::{unescape_token, Diagnostic};

/// Parses one file's text. JSON is tried first for `.json` files (it is much
/// faster), YAML otherwise; YAML 1.2 is a superset of JSON so either works.
/// A big YAML document is cut and read on every core where that gives the
/// same value (see `split`).
pub fn parse(path: &Path, text: &str) -> Result<Value, Diagnostic> {
    let is_json = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if is_json {
        return match serde_json::from_str::<Lenient>(text) {
            Ok(value) => Ok(value.0),
            Err(e) => match duplicate(text).filter(|_| e.to_string().contains(DUPLICATE)) {
                Some(d) => Err(duplicate_key(path, d)),
                None => Err(Diagnostic::new(path, "", format!("invalid JSON: {e}"))
                    .with_line(Some(e.line()))
                    .with_hint(
                        "fix the syntax error at this line; the file must be a JSON document",
                    )),
            },
        };
    }
    if let Some(value) = super::split::parse(text, parse_piece) {
        return Ok(value);
    }
    // A document not worth cutting (every file of a multi-file spec, say)
    // is read straight from the parser's events where that reader is sure;
    // the serde path below reads the rest and reports every error.
    if let Some((value, _)) = super::events::parse(text) {
        return Ok(value);
    }
    let value: Lenient = serde_yaml::from_str(text).map_err(|e| {
        if e.to_string().contains(DUPLICATE) {
            if let Some(d) = duplicate(text) {
                return duplicate_key(path, d);
            }
        }
        let line = e.location().map(|l| l.line());
        let message = e.to_string();
        Diagnostic::new(path, "", format!("invalid YAML: {message}"))
            .with_line(line)
            .with_hint(
                "fix the syntax error at this line; the file must be a YAML or JSON document",
            )
    })?;
    Ok(value.0)
}

/// How the readers' error for a repeated key starts.
const DUPLICATE: &str = "duplicate key";

/// The repeated key of `text`, found with its lines.
fn duplicate(text: &str) -> Option<super::events::Duplicate> {
    super::events::find_duplicate(text)
}

/// The error for a mapping that gives one key twice: YAML and JSON readers
/// commonly keep the last, which silently drops the first (a whole `paths`
/// given twice, say).
fn duplicate_key(path: &Path, d: super::events::Duplicate) -> Diagnostic {
    let pointer = crate::error::join_pointer(&d.pointer, &d.key);
    Diagnostic::new(
        path,
        pointer,
        format!(
            "duplicate key `{}`: given at line {} and again at line {}",
            d.key, d.first_line, d.second_line
        ),
    )
    .with_line(Some(d.second_line))
    .with_hint(
        "keep one of the two entries, merging what each holds; sdkgen does not choose between them",
    )
}

/// One piece of a document cut by [`super::split`]: its value and depth, or
/// `None` on any error. Read from the parser's events where that reader is
/// sure of the value, through serde otherwise.
pub(super) fn parse_piece(text: &str) -> Option<(Value, usize)> {
    super::events::parse(text).or_else(|| parse_piece_by_serde(text))
}

/// [`parse_piece`] through serde only: the reference for the event reader.
pub(super) fn parse_piece_by_serde(text: &str) -> Option<(Value, usize)> {
    serde_yaml::from_str::<Lenient>(text)
        .ok()
        .map(|l| (l.0, l.1))
}

/// A JSON value that also takes integers beyond 64 bits (real specs carry
/// them as bounds), keeping them as the nearest double; with how deeply
/// mappings and sequences nest in it (a scalar is 0).
struct Lenient(Value, usize);

impl<'de> serde::Deserialize<'de> for Lenient {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(LenientVisitor)
    }
}

struct LenientVisitor;

fn leaf<E>(value: Value) -> Result<Lenient, E> {
    Ok(Lenient(value, 0))
}

impl<'de> serde::de::Visitor<'de> for LenientVisitor {
    type Value = Lenient;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Lenient, E> {
        leaf(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Lenient, E> {
        leaf(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Lenient, E> {
        leaf(Value::from(v))
    }
    fn visit_i128<E>(self, v: i128) -> Result<Lenient, E> {
        leaf(wide_signed(v))
    }
    fn visit_u128<E>(self, v: u128) -> Result<Lenient, E> {
        leaf(wide_unsigned(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Lenient, E> {
        leaf(float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Lenient, E> {
        leaf(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Lenient, E> {
        leaf(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Lenient, E> {
        leaf(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Lenient, E> {
        leaf(Value::Null)
    }
    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Lenient, D::Error> {
        serde::Deserialize::deserialize(d)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Lenient, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        let mut depth = 0;
        while let Some(Lenient(v, d)) = seq.next_element()? {
            items.push(v);
            depth = depth.max(d);
        }
        Ok(Lenient(Value::Array(items), depth + 1))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Lenient, A::Error> {
        let mut out = serde_json::Map::new();
        let mut depth = 0;
        while let Some((Lenient(key, kd), Lenient(v, vd))) = map.next_entry::<Lenient, Lenient>()? {
            let key = match key {
                Value::String(s) => s,
                // YAML allows non-string keys (`200:`); JSON objects need strings.
                other => other.to_string(),
            };
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("{DUPLICATE} `{key}`")));
            }
            out.insert(key, v);
            depth = depth.max(kd).max(vd);
        }
        Ok(Lenient(Value::Object(out), depth + 1))
    }
}

/// Finds the line (1-based) where the node at `pointer` starts, for block YAML
/// and pretty-printed JSON. Returns `None` when it cannot tell for sure.
pub fn line_of(text: &str, pointer: &str) -> Option<usize> {
    if pointer.is_empty() {
        return Some(1);
    }
    let tokens: Vec<String> = pointer
        .trim_start_matches('#')
        .split('/')
        .skip(1)
        .map(unescape_token)
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    let mut start = 0usize;
    let mut min_indent: isize = -1;
    let mut found = None;
    for token in &tokens {
        let quoted = format!("\"{token}\"");
        let single = format!("'{token}'");
        let mut hit = None;
        for (i, line) in lines.iter().enumerate().skip(start) {
            let trimmed = line.trim_start();
            let indent = (line.len() - trimmed.len()) as isize;
            let body = trimmed.trim_start_matches("- ");
            if indent <= min_indent && !trimmed.is_empty() && !trimmed.starts_with('#') {
                // Left the parent's block without finding the key.
                if found.is_some() {
                    break;
                }
            }
            let key_matches = [token.as_str(), quoted.as_str(), single.as_str()]
                .iter()
                .any(|k| {
                    body.strip_prefix(k)
                        .is_some_and(|rest| rest.trim_start().starts_with(':'))
                });
            if indent > min_indent && key_matches {
                hit = Some((i, indent));
                break;
            }
        }
        let Some((i, indent)) = hit else {
            // Array positions are not tracked: stop at the deepest key found.
            return if token.parse::<usize>().is_ok() {
                found
            } else {
                None
            };
        };
        found = Some(i + 1);
        start = i + 1;
        min_indent = indent;
    }
    found
}

/// The lines (1-based) of the root document's path items and operations,
/// by JSON pointer (`/paths/~1pets`, `/paths/~1pets/get`), found in one pass
/// over block YAML or pretty-printed JSON; what it cannot place is left out.
pub fn operation_lines(text: &str) -> std::collections::HashMap<String, usize> {
    const METHODS: [&str; 8] = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ];
    let mut out = std::collections::HashMap::new();
    let Some(paths_line) = line_of(text, "/paths") else {
        return out;
    };
    let mut path_indent: Option<usize> = None;
    let mut method_indent: Option<usize> = None;
    let mut current: Option<String> = None;
    for (i, line) in text.lines().enumerate().skip(paths_line) {
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let indent = line.len() - body.len();
        let Some(key) = mapping_key(body) else {
            continue;
        };
        match path_indent {
            None => path_indent = Some(indent),
            Some(p) if indent < p => break,
            _ => {}
        }
        if Some(indent) == path_indent {
            let pointer = crate::error::join_pointer("/paths", &key);
            out.insert(pointer.clone(), i + 1);
            current = Some(pointer);
            method_indent = None;
            continue;
        }
        let Some(path) = &current else {
            continue;
        };
        let first = *method_indent.get_or_insert(indent);
        if indent == first && METHODS.contains(&key.as_str()) {
            out.insert(format!("{path}/{key}"), i + 1);
        }
    }
    out
}

/// The key of a `key: ...` or `"key": ...` line, unquoted.
fn mapping_key(body: &str) -> Option<String> {
    for quote in ['"', '\''] {
        if let Some(rest) = body.strip_prefix(quote) {
            let end = rest.find(quote)?;
            let after = rest[end + 1..].trim_start();
            return after.starts_with(':').then(|| rest[..end].to_string());
        }
    }
    let colon = body
        .find(": ")
        .or_else(|| body.strip_suffix(':').map(str::len))?;
    Some(body[..colon].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_are_placed_in_one_pass() {
        let yaml = "openapi: 3.0.3\npaths:\n  /pets:\n    parameters: []\n    get:\n      summary: x\n    post:\n      responses: {}\n  '/pets/{id}':\n    delete: {}\ncomponents: {}\n";
        let lines = operation_lines(yaml);
        assert_eq!(lines.get("/paths/~1pets"), Some(&3));
        assert_eq!(lines.get("/paths/~1pets/get"), Some(&5));
        assert_eq!(lines.get("/paths/~1pets/post"), Some(&7));
        assert_eq!(lines.get("/paths/~1pets~1{id}/delete"), Some(&10));
        assert_eq!(lines.len(), 5);
        let json = "{\n  \"paths\": {\n    \"/a\": {\n      \"get\": {}\n    }\n  }\n}\n";
        let lines = operation_lines(json);
        assert_eq!(lines.get("/paths/~1a/get"), Some(&4));
        assert!(operation_lines("openapi: 3.0.3\n").is_empty());
    }

    #[test]
    fn finds_nested_yaml_keys() {
        let text = "openapi: 3.0.3\npaths:\n  /pets:\n    get:\n      responses: {}\n  /users:\n    get:\n      summary: x\n";
        assert_eq!(line_of(text, "/paths/~1users/get/summary"), Some(8));
        assert_eq!(line_of(text, "/paths/~1pets/get"), Some(4));
        assert_eq!(line_of(text, "/paths/~1nothing"), None);
    }

    #[test]
    fn finds_json_keys() {
        let text = "{\n  \"a\": {\n    \"b\": 1\n  }\n}\n";
        assert_eq!(line_of(text, "/a/b"), Some(3));
    }
}
