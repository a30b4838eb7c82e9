//! A seeded, structure-aware mutator of OpenAPI specs: it parses a seed
//! spec, changes a few of its nodes the way hostile or careless authors do
//! (wrong types, deep nesting, long and hostile names, references anywhere,
//! alias chains, duplicated keys, truncation), and writes the result as YAML
//! or JSON. The same (seed spec, number) always gives the same mutant: the
//! randomness is proptest's ChaCha generator seeded from the number.
//!
//! Used by `tests/mutants.rs` (a short run in every `cargo test`) and by
//! `examples/mutate.rs` (long runs, through `scripts/fuzz`).

#![allow(dead_code)]

use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::{json, Map, Value};

/// The seed specs, by file name.
pub const SEEDS: &[(&str, &str)] = &[
    ("payments", include_str!("../../../specs/payments.yaml")),
    ("pets", include_str!("../../../specs/pets.yaml")),
    ("audit", include_str!("../../../specs/audit.yaml")),
    ("minimal", include_str!("../rust_minimal.yaml")),
];

/// One mutant: its file name (`.yaml` or `.json`) and text.
pub struct Mutant {
    pub name: String,
    pub text: String,
}

/// Words of OpenAPI, so that inserted keys hit the code that reads them.
const KEYS: &[&str] = &[
    "openapi",
    "info",
    "paths",
    "components",
    "schemas",
    "type",
    "properties",
    "items",
    "$ref",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "enum",
    "const",
    "nullable",
    "required",
    "responses",
    "parameters",
    "in",
    "name",
    "schema",
    "content",
    "application/json",
    "requestBody",
    "x-idempotency",
    "x-idempotent",
    "x-retries",
    "x-latency-p99-ms",
    "discriminator",
    "mapping",
    "propertyName",
    "additionalProperties",
    "get",
    "post",
    "put",
    "delete",
    "tags",
    "operationId",
    "securitySchemes",
    "security",
    "header",
    "style",
    "explode",
    "format",
    "default",
    "example",
    "webhooks",
    "servers",
    "url",
    "variables",
    "title",
    "version",
    "description",
    "prefixItems",
    "minimum",
];

/// Names chosen to break generated code, file names and terminals.
fn hostile_name(rng: &mut TestRng) -> String {
    match rng.random_range(0..12) {
        0 => String::new(),
        1 => "x".repeat(rng.random_range(100..3_000)),
        2 => "X-\"a\r\nEvil: 1".into(),
        3 => "__proto__".into(),
        4 => "..".into(),
        5 => "a/b/../../c".into(),
        6 => "\u{1b}[2J\u{0}\u{9b}".into(),
        7 => "class".into(),
        8 => "*/ } fn x() {".into(),
        9 => "名前".into(),
        10 => "{id}".into(),
        _ => format!("k{}", rng.random_range(0..5)),
    }
}

/// A reference to somewhere: inside the document, another file, a device,
/// a remote document.
fn hostile_ref(rng: &mut TestRng, pointers: &[String]) -> String {
    match rng.random_range(0..10) {
        0 => "#".into(),
        1 => "../secret.yaml#/x".into(),
        2 => "/dev/zero".into(),
        3 => "/etc/passwd#/x".into(),
        4 => "other.yaml".into(),
        5 => "http://example.com/x.yaml".into(),
        6 => "#/components/schemas/Missing".into(),
        7 => format!("#/components/schemas/{}", hostile_name(rng)),
        _ if !pointers.is_empty() => {
            format!("#{}", pointers[rng.random_range(0..pointers.len())])
        }
        _ => "#/".into(),
    }
}

/// A value of the kind that breaks readers: wrong types, huge sizes,
/// deep nesting, references.
fn hostile_value(rng: &mut TestRng, pointers: &[String]) -> Value {
    match rng.random_range(0..16) {
        0 => json!(0),
        1 => json!(-1),
        2 => json!(1e300),
        3 => json!(u64::MAX),
        4 => json!(""),
        5 => Value::String("y".repeat(rng.random_range(1_000..20_000))),
        6 => Value::String("\u{0}\r\n\u{1b}]0;x\u{7}\"'\\`${}".into()),
        7 => Value::Null,
        8 => json!(true),
        9 => json!([]),
        10 => json!({}),
        11 => json!({"$ref": hostile_ref(rng, pointers)}),
        12 => {
            let mut v = json!({"type": "object", "properties": 0});
            for _ in 0..rng.random_range(1..60) {
                v = json!({"type": "object", "properties": {"n": v}});
            }
            v
        }
        13 => {
            let mut v = json!(1);
            for _ in 0..rng.random_range(1..200) {
                v = if rng.random_bool(0.5) {
                    json!([v])
                } else {
                    json!({"a": v})
                };
            }
            v
        }
        14 => json!({"type": ["string", "null", "object"], "const": 1, "enum": [1, "1", null]}),
        _ => json!({"oneOf": [{"$ref": hostile_ref(rng, pointers)}, {"type": "string"}],
                    "discriminator": {"propertyName": hostile_name(rng)}}),
    }
}

/// Every node's pointer (the root's is empty).
fn pointers(doc: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(doc, String::new())];
    while let Some((node, pointer)) = stack.pop() {
        match node {
            Value::Object(map) => {
                for (k, v) in map {
                    stack.push((v, format!("{pointer}/{}", sdkgen::error::escape_token(k))));
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    stack.push((v, format!("{pointer}/{i}")));
                }
            }
            _ => {}
        }
        out.push(pointer);
    }
    out
}

/// The parent's pointer and the last token of `pointer`.
fn split(pointer: &str) -> Option<(&str, String)> {
    let (parent, last) = pointer.rsplit_once('/')?;
    Some((parent, sdkgen::error::unescape_token(last)))
}

fn schemas(doc: &mut Value) -> Option<&mut Map<String, Value>> {
    let root = doc.as_object_mut()?;
    let components = root.entry("components").or_insert_with(|| json!({}));
    if !components.is_object() {
        *components = json!({});
    }
    let schemas = components
        .as_object_mut()?
        .entry("schemas")
        .or_insert_with(|| json!({}));
    if !schemas.is_object() {
        *schemas = json!({});
    }
    schemas.as_object_mut()
}

/// Applies one structural mutation to `doc`.
fn mutate_once(rng: &mut TestRng, doc: &mut Value) {
    let all = pointers(doc);
    let at = all[rng.random_range(0..all.len())].clone();
    match rng.random_range(0..10) {
        // Replace a node.
        0 | 1 => {
            let v = hostile_value(rng, &all);
            if let Some(node) = doc.pointer_mut(&at) {
                *node = v;
            }
        }
        // Delete a node.
        2 => {
            if let Some((parent, last)) = split(&at) {
                match doc.pointer_mut(parent) {
                    Some(Value::Object(map)) => {
                        map.shift_remove(&last);
                    }
                    Some(Value::Array(items)) => {
                        if let Ok(i) = last.parse::<usize>() {
                            if i < items.len() {
                                items.remove(i);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        // Copy another node here (a subtree where it does not belong).
        3 => {
            let from = &all[rng.random_range(0..all.len())];
            let copy = doc.pointer(from).cloned();
            if let (Some(copy), Some(node)) = (copy, doc.pointer_mut(&at)) {
                *node = copy;
            }
        }
        // Insert a key.
        4 => {
            let key = if rng.random_bool(0.7) {
                KEYS[rng.random_range(0..KEYS.len())].to_string()
            } else {
                hostile_name(rng)
            };
            let v = hostile_value(rng, &all);
            if let Some(Value::Object(map)) = doc.pointer_mut(&at) {
                map.insert(key, v);
            }
        }
        // Rename a key.
        5 => {
            let name = hostile_name(rng);
            if let Some((parent, last)) = split(&at) {
                if let Some(Value::Object(map)) = doc.pointer_mut(parent) {
                    if let Some(v) = map.shift_remove(&last) {
                        map.insert(name, v);
                    }
                }
            }
        }
        // Turn a mapping into a list or back.
        6 => {
            if let Some(node) = doc.pointer_mut(&at) {
                *node = match std::mem::take(node) {
                    Value::Object(map) => Value::Array(map.into_iter().map(|(_, v)| v).collect()),
                    Value::Array(items) => Value::Object(
                        items
                            .into_iter()
                            .enumerate()
                            .map(|(i, v)| (i.to_string(), v))
                            .collect(),
                    ),
                    other => other,
                };
            }
        }
        // A chain of aliases, array aliases or required fields.
        7 => {
            // Past the limit of 100 now and then, without making every
            // mutant a big file.
            let n = rng.random_range(2..300);
            let form = rng.random_range(0..3);
            if let Some(schemas) = schemas(doc) {
                for i in 0..n {
                    let next = json!({"$ref": format!("#/components/schemas/Z{}", i + 1)});
                    let link = match form {
                        0 => next,
                        1 => json!({"type": "array", "items": next}),
                        _ => {
                            json!({"type": "object", "required": ["f"], "properties": {"f": next}})
                        }
                    };
                    schemas.insert(format!("Z{i}"), link);
                }
                let end = if rng.random_bool(0.2) {
                    json!({"$ref": "#/components/schemas/Z0"})
                } else {
                    json!({"type": "string"})
                };
                schemas.insert(format!("Z{n}"), end);
            }
        }
        // A reference somewhere.
        _ => {
            let reference = hostile_ref(rng, &all);
            if let Some(node) = doc.pointer_mut(&at) {
                *node = json!({"$ref": reference});
            }
        }
    }
}

/// Changes of the text itself: a line repeated (a key given twice), the
/// text cut short, a tab in the indentation.
fn mutate_text(rng: &mut TestRng, text: String) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return text;
    }
    match rng.random_range(0..4) {
        0 => {
            let i = rng.random_range(0..lines.len());
            let mut out: Vec<&str> = lines.clone();
            out.insert(i, lines[i]);
            out.join("\n") + "\n"
        }
        1 => {
            let mut cut = rng.random_range(0..text.len());
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text[..cut].to_string()
        }
        2 => {
            let i = rng.random_range(0..lines.len());
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            out[i] = format!("\t{}", out[i]);
            out.join("\n") + "\n"
        }
        _ => text,
    }
}

/// The mutant number `index` of the seed spec `seed` (an index into [`SEEDS`]).
pub fn mutant(seed: usize, index: u64) -> Mutant {
    let (seed_name, seed_text) = SEEDS[seed % SEEDS.len()];
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&index.to_le_bytes());
    key[8..16].copy_from_slice(&(seed as u64).to_le_bytes());
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &key);
    let mut doc: Value = serde_yaml::from_str(seed_text).expect("the seeds are valid YAML");
    for _ in 0..rng.random_range(1..5) {
        mutate_once(&mut rng, &mut doc);
    }
    let json = rng.random_bool(0.3);
    let mut text = if json {
        serde_json::to_string_pretty(&doc).expect("a JSON value prints")
    } else {
        serde_yaml::to_string(&doc).expect("a JSON value prints as YAML")
    };
    if rng.random_bool(0.3) {
        text = mutate_text(&mut rng, text);
    }
    Mutant {
        name: format!("{seed_name}-{index}.{}", if json { "json" } else { "yaml" }),
        text,
    }
}
