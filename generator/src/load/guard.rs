//! Deeply nested schemas that the typed reader cannot read are found and
//! degraded one by one, before that reader meets them.
//!
//! openapiv3 reads a schema through untagged enums: when a nested schema
//! fails, serde tries the next variant, which reads the same nested schema
//! again, so a failure N schemas deep costs 2^N readings (a 1 KB spec with an
//! innermost `properties: 0` twenty levels down ran for hours). Here every
//! schema at least [`GUARD_DEPTH`] schemas deep is read once on its own, its
//! own nested schemas replaced by `{}`, innermost first; one that does not
//! read is replaced by `{}` (any JSON value) with a warning, as the reader
//! would have done for the schema around it. What reaches the typed reader
//! then fails, if at all, less than `GUARD_DEPTH` schemas deep. The shallow
//! schemas of real specs are never read twice.

use openapiv3::{ReferenceOr, Schema};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::kind::Kind;
use crate::error::{push_escaped, push_index, Warning};

/// How deep a schema must be nested in other schemas to be checked alone.
const GUARD_DEPTH: usize = 4;

/// Degrades every deep schema that does not read; returns the warnings.
pub fn degrade_deep_failures(doc: &mut Value) -> Vec<Warning> {
    let mut guard = Guard {
        pointer: String::new(),
        warnings: Vec::new(),
    };
    guard.walk(doc, Kind::Document, 0);
    guard.warnings
}

struct Guard {
    /// The pointer of the node being walked, grown and cut back in place.
    pointer: String,
    warnings: Vec<Warning>,
}

impl Guard {
    /// `depth`: how many schemas hold `node`. The recursion is as deep as
    /// the document, which the YAML and JSON readers bound.
    fn walk(&mut self, node: &mut Value, kind: Kind, depth: usize) {
        if kind == Kind::Data {
            return;
        }
        let inner = if kind == Kind::Schema {
            depth + 1
        } else {
            depth
        };
        match node {
            Value::Object(map) => {
                if map.contains_key("$ref") && kind != Kind::Schema {
                    return;
                }
                for (key, child) in map.iter_mut() {
                    if key == "additionalProperties" && child.is_boolean() {
                        continue;
                    }
                    let len = self.pointer.len();
                    self.pointer.push('/');
                    push_escaped(&mut self.pointer, key);
                    self.walk(child, kind.child(key), inner);
                    self.pointer.truncate(len);
                }
            }
            Value::Array(items) => {
                let element = kind.element();
                for (i, child) in items.iter_mut().enumerate() {
                    let len = self.pointer.len();
                    push_index(&mut self.pointer, i);
                    self.walk(child, element, inner);
                    self.pointer.truncate(len);
                }
            }
            _ => {}
        }
        if kind == Kind::Schema && depth >= GUARD_DEPTH {
            if let Err(message) = read_alone(node) {
                *node = json!({});
                self.warnings.push(Warning {
                    kind: "degraded-schema",
                    pointer: self.pointer.clone(),
                    message: format!("schema not understood ({message}); read as any JSON value"),
                });
            }
        }
    }
}

/// Reads `node` as a schema with each schema in it replaced by `{}`.
fn read_alone(node: &Value) -> Result<(), String> {
    let shallow = match node {
        Value::Object(map) => {
            let mut copy = Map::with_capacity(map.len());
            for (key, value) in map {
                let stub = match (Kind::Schema.child(key), value) {
                    (Kind::Schema, Value::Object(_)) => json!({}),
                    (Kind::SchemaMap, Value::Object(m)) => {
                        Value::Object(m.keys().map(|k| (k.clone(), json!({}))).collect())
                    }
                    (Kind::SchemaList, Value::Array(a)) => {
                        Value::Array(a.iter().map(|_| json!({})).collect())
                    }
                    _ => value.clone(),
                };
                copy.insert(key.clone(), stub);
            }
            Value::Object(copy)
        }
        other => other.clone(),
    };
    ReferenceOr::<Schema>::deserialize(&shallow)
        .map(drop)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize, innermost: Value) -> Value {
        let mut schema = innermost;
        for _ in 0..depth {
            schema = json!({"type": "object", "properties": {"n": schema}});
        }
        json!({"openapi": "3.0.3", "components": {"schemas": {"N": schema}}})
    }

    #[test]
    fn a_deep_failure_is_degraded_where_it_is() {
        let mut doc = nested(30, json!({"type": "object", "properties": 0}));
        let warnings = degrade_deep_failures(&mut doc);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        let pointer = format!("/components/schemas/N{}", "/properties/n".repeat(30));
        assert_eq!(warnings[0].pointer, pointer);
        assert!(
            warnings[0].message.contains("expected a map"),
            "{warnings:?}"
        );
        assert_eq!(doc.pointer(&pointer), Some(&json!({})));
    }

    #[test]
    fn shallow_failures_and_good_schemas_are_left_alone() {
        for (depth, innermost) in [
            (2, json!({"type": "object", "properties": 0})),
            (
                30,
                json!({"type": "string", "enum": ["a"], "default": {"x": 1}}),
            ),
            (30, json!({"$ref": "#/components/schemas/N"})),
            (30, json!({"oneOf": [{"type": "string"}, {"items": {}}]})),
        ] {
            let mut doc = nested(depth, innermost);
            let before = doc.clone();
            assert!(degrade_deep_failures(&mut doc).is_empty());
            assert_eq!(doc, before);
        }
    }
}
