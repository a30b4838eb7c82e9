//! Brings a bundled document onto the shape the typed 3.0 reader holds.
//!
//! OpenAPI 3.1 (and the liberties real 3.0 specs take) is rewritten in place:
//! type arrays with `null` become `nullable`, `const` a one-value enum,
//! numeric exclusive bounds the 3.0 pair, and so on. Nothing that changes
//! generated code is dropped without a warning.

use serde_json::{json, Map, Value};

use super::kind::Kind;
use crate::error::{join_pointer, push_escaped, push_index, Warning};

/// Marks a schema whose only value is `null` (3.1 `type: "null"`).
pub const NULL_MARK: &str = "x-sdkgen-null";
/// Marks an enum that came from `const`.
pub const CONST_MARK: &str = "x-sdkgen-const";
/// Keeps a schema's `propertyNames` (the schema every key of an object
/// must match), which the typed reader has no field for.
pub const PROPERTY_NAMES: &str = "x-sdkgen-property-names";

pub struct Normalizer {
    pub warnings: Vec<Warning>,
}

const TYPE_KEYWORDS: &[(&str, &[&str])] = &[
    (
        "object",
        &[
            "properties",
            "required",
            "additionalProperties",
            "minProperties",
            "maxProperties",
            "patternProperties",
        ],
    ),
    (
        "array",
        &[
            "items",
            "minItems",
            "maxItems",
            "uniqueItems",
            "prefixItems",
        ],
    ),
    ("string", &["minLength", "maxLength", "pattern", "format"]),
];

impl Normalizer {
    pub fn new() -> Self {
        Normalizer {
            warnings: Vec::new(),
        }
    }

    /// Rewrites `node` (of role `kind`, at `pointer`) and everything in it.
    /// `pointer` is grown for each child and cut back after it, so the
    /// walk builds no string per node; it ends as it started.
    pub fn walk(&mut self, node: &mut Value, kind: Kind, pointer: &mut String) {
        match kind {
            Kind::Data => return,
            Kind::Schema => self.schema(node, pointer),
            Kind::Parameter => parameter(node),
            Kind::Encoding => encoding(node),
            Kind::Response => {
                if let Value::Object(map) = node {
                    if !map.contains_key("$ref")
                        && !map.get("description").is_some_and(Value::is_string)
                    {
                        map.insert("description".into(), Value::String(String::new()));
                    }
                }
            }
            _ => {}
        }
        match node {
            Value::Object(map) => {
                if map.contains_key("$ref") && kind != Kind::Schema {
                    return;
                }
                for (key, child) in map.iter_mut() {
                    // `additionalProperties: false` is a flag here, not a boolean schema.
                    if key == "additionalProperties" && child.is_boolean() {
                        continue;
                    }
                    let len = pointer.len();
                    pointer.push('/');
                    push_escaped(pointer, key);
                    self.walk(child, kind.child(key), pointer);
                    pointer.truncate(len);
                }
            }
            Value::Array(items) => {
                let element = kind.element();
                for (i, child) in items.iter_mut().enumerate() {
                    let len = pointer.len();
                    push_index(pointer, i);
                    self.walk(child, element, pointer);
                    pointer.truncate(len);
                }
            }
            _ => {}
        }
    }

    fn warn(&mut self, kind: &'static str, pointer: &str, message: impl Into<String>) {
        self.warnings.push(Warning {
            kind,
            pointer: pointer.to_string(),
            message: message.into(),
        });
    }

    fn schema(&mut self, node: &mut Value, pointer: &str) {
        if is_normal(node) {
            return;
        }
        self.rewrite_schema(node, pointer);
    }

    /// Every rewrite of a schema; what [`Normalizer::schema`] does to one
    /// that [`is_normal`] does not vouch for.
    fn rewrite_schema(&mut self, node: &mut Value, pointer: &str) {
        if let Value::Bool(b) = node {
            // 3.1 boolean schemas: `true` accepts anything, `false` nothing.
            *node = if *b { json!({}) } else { json!({"not": {}}) };
            return;
        }
        let Value::Object(map) = node else {
            self.warn(
                "invalid-schema",
                pointer,
                "a schema must be an object; read as any value",
            );
            *node = json!({});
            return;
        };

        // `$ref` with siblings that change the type: keep both through allOf.
        if map.contains_key("$ref") {
            let meaningful = map.keys().any(|k| {
                !matches!(
                    k.as_str(),
                    "$ref"
                        | "description"
                        | "summary"
                        | "title"
                        | "example"
                        | "examples"
                        | "$comment"
                ) && !k.starts_with("x-")
            });
            if !meaningful {
                map.retain(|k, _| k == "$ref" || k == "description");
                return;
            }
            let reference = map.remove("$ref").unwrap_or(Value::Null);
            map.insert("allOf".into(), json!([{ "$ref": reference }]));
        }

        // Type arrays (3.1): null becomes `nullable`, several types an anyOf.
        if let Some(Value::Array(types)) = map.get("type").cloned() {
            let names: Vec<String> = types
                .iter()
                .filter_map(|t| t.as_str().map(String::from))
                .collect();
            let non_null: Vec<&String> = names.iter().filter(|t| t.as_str() != "null").collect();
            if non_null.len() < names.len() {
                map.insert("nullable".into(), Value::Bool(true));
            }
            match non_null.as_slice() {
                [] => {
                    map.remove("type");
                    map.insert(NULL_MARK.into(), Value::Bool(true));
                }
                [one] => {
                    map.insert("type".into(), Value::String((*one).clone()));
                }
                many => {
                    map.remove("type");
                    if map.contains_key("anyOf") || map.contains_key("oneOf") {
                        self.warn(
                            "type-union",
                            pointer,
                            format!("types {many:?} beside anyOf/oneOf; read as any value"),
                        );
                    } else {
                        let mut variants = Vec::new();
                        for t in many {
                            let mut variant = Map::new();
                            variant.insert("type".into(), Value::String((*t).clone()));
                            if let Some((_, keys)) = TYPE_KEYWORDS.iter().find(|(n, _)| n == t) {
                                for k in *keys {
                                    if let Some(v) = map.remove(*k) {
                                        variant.insert((*k).into(), v);
                                    }
                                }
                            }
                            variants.push(Value::Object(variant));
                        }
                        map.insert("anyOf".into(), Value::Array(variants));
                    }
                }
            }
        } else if map.get("type").and_then(Value::as_str) == Some("null") {
            map.remove("type");
            map.insert("nullable".into(), Value::Bool(true));
            map.insert(NULL_MARK.into(), Value::Bool(true));
        } else if map.get("type").and_then(Value::as_str) == Some("file") {
            map.insert("type".into(), json!("string"));
            map.insert("format".into(), json!("binary"));
        } else if map.get("type").is_some_and(|t| !t.is_string()) {
            self.warn(
                "invalid-schema",
                pointer,
                "`type` is neither a string nor an array; ignored",
            );
            map.remove("type");
        }

        // const (3.1) becomes a one-value enum, marked so emitters know.
        if let Some(names) = map.remove("propertyNames") {
            if names.is_object() {
                map.insert(PROPERTY_NAMES.into(), names);
            }
        }
        if let Some(value) = map.remove("const") {
            map.insert("enum".into(), Value::Array(vec![value]));
            map.insert(CONST_MARK.into(), Value::Bool(true));
        }

        // 3.1 `examples` (a list) in a schema: keep the first as `example`.
        if let Some(Value::Array(examples)) = map.get("examples") {
            if let Some(first) = examples.first().cloned() {
                map.entry("example").or_insert(first);
            }
            map.remove("examples");
        } else if map.get("examples").is_some() {
            map.remove("examples");
        }

        // Numeric exclusive bounds (3.1) become the 3.0 bound + flag.
        for (exclusive, bound) in [
            ("exclusiveMinimum", "minimum"),
            ("exclusiveMaximum", "maximum"),
        ] {
            if let Some(Value::Number(n)) = map.get(exclusive).cloned() {
                map.insert(bound.into(), Value::Number(n));
                map.insert(exclusive.into(), Value::Bool(true));
            } else if map.get(exclusive).is_some_and(|v| !v.is_boolean()) {
                map.remove(exclusive);
            }
        }

        // Members of oneOf/anyOf that only say "null" make the whole nullable.
        for key in ["oneOf", "anyOf"] {
            if let Some(Value::Array(members)) = map.get_mut(key) {
                let before = members.len();
                members.retain(|m| !is_null_schema(m));
                if members.len() < before {
                    map.insert("nullable".into(), Value::Bool(true));
                }
            }
        }

        // Tuple-form items and prefixItems: one element type that is any of them.
        if let Some(Value::Array(items)) = map.get("items").cloned() {
            map.insert("items".into(), json!({ "anyOf": items }));
        }
        if let Some(Value::Array(prefix)) = map.remove("prefixItems") {
            map.entry("items").or_insert(json!({ "anyOf": prefix }));
        }
        if map.get("items").is_some_and(Value::is_boolean) {
            map.remove("items");
        }

        // Encoded strings (3.1 content keywords).
        if map.get("contentEncoding").and_then(Value::as_str) == Some("base64") {
            map.entry("format").or_insert(json!("byte"));
        } else if map.get("contentMediaType").is_some() && !map.contains_key("format") {
            map.insert("format".into(), json!("binary"));
        }

        // Property-level `required: true` (a common slip) moves to the parent list.
        if let Some(Value::Object(props)) = map.get_mut("properties") {
            let mut lifted = Vec::new();
            for (name, prop) in props.iter_mut() {
                if let Value::Object(p) = prop {
                    if let Some(v) = p.get("required") {
                        if !v.is_array() {
                            if v.as_bool() == Some(true) {
                                lifted.push(Value::String(name.clone()));
                            }
                            p.remove("required");
                        }
                    }
                }
            }
            if !lifted.is_empty() {
                let required = map
                    .entry("required")
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(list) = required {
                    for name in lifted {
                        if !list.contains(&name) {
                            list.push(name);
                        }
                    }
                }
            }
        }
        if map.get("required").is_some_and(|r| !r.is_array()) {
            map.remove("required");
        }

        self.sanitize_fields(map, pointer);
    }

    /// Drops values the typed reader cannot hold, warning where it changes types.
    fn sanitize_fields(&mut self, map: &mut Map<String, Value>, pointer: &str) {
        for key in [
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minProperties",
            "maxProperties",
        ] {
            if map.get(key).is_some_and(|v| v.as_u64().is_none()) {
                map.remove(key);
            }
        }
        for key in [
            "nullable",
            "readOnly",
            "writeOnly",
            "deprecated",
            "uniqueItems",
        ] {
            if map.get(key).is_some_and(|v| !v.is_boolean()) {
                map.remove(key);
            }
        }
        for key in ["description", "title", "pattern", "format"] {
            match map.get(key) {
                Some(Value::String(_)) | None => {}
                Some(other) => {
                    let text = other.to_string();
                    map.insert(key.into(), Value::String(text));
                }
            }
        }
        if map.get("type").and_then(Value::as_str) == Some("integer") {
            for key in ["minimum", "maximum", "multipleOf"] {
                if let Some(Value::Number(n)) = map.get(key) {
                    if n.as_i64().is_none() {
                        let shown = n.to_string();
                        map.remove(key);
                        self.warn(
                            "integer-bound",
                            pointer,
                            format!("`{key}: {shown}` does not fit a 64-bit integer; the bound is not enforced by the SDKs"),
                        );
                    }
                }
            }
        }
        if let Some(Value::Object(d)) = map.get("discriminator") {
            if !d.get("propertyName").is_some_and(Value::is_string) {
                map.remove("discriminator");
            }
        }
        if map
            .get("additionalProperties")
            .is_some_and(|v| !v.is_object() && !v.is_boolean())
        {
            map.remove("additionalProperties");
        }
        if map.get("enum").is_some_and(|v| !v.is_array()) {
            map.remove("enum");
        }
    }
}

/// Normalises a whole document: exactly what
/// `Normalizer::new().walk(doc, Kind::Document, &mut String::new())` does, with the path items
/// and component schemas walked on every core. The walk is cut only below
/// nodes whose own kind needs no rewriting (the document, `paths`,
/// `components`, `components/schemas`), with the same `$ref` and
/// `additionalProperties` checks the walk makes there; each subtree's
/// rewriting depends on that subtree alone, and its warnings are kept in
/// document order.
pub fn walk_document(doc: &mut Value) -> Vec<Warning> {
    let mut tasks = Vec::new();
    split_walk(doc, Kind::Document, String::new(), &mut tasks);
    super::parallel::map_ordered(
        tasks,
        super::parallel::threads(),
        |(node, kind, mut pointer)| {
            let mut normalizer = Normalizer::new();
            normalizer.walk(node, kind, &mut pointer);
            normalizer.warnings
        },
    )
    .into_iter()
    .flatten()
    .collect()
}

type WalkTask<'a> = (&'a mut Value, Kind, String);

fn split_walk<'a>(node: &'a mut Value, kind: Kind, pointer: String, tasks: &mut Vec<WalkTask<'a>>) {
    let container = matches!(
        kind,
        Kind::Document | Kind::Paths | Kind::Components | Kind::SchemaMap
    );
    if !container || !node.is_object() {
        tasks.push((node, kind, pointer));
        return;
    }
    let Value::Object(map) = node else { return };
    if map.contains_key("$ref") {
        return;
    }
    for (key, child) in map.iter_mut() {
        if key == "additionalProperties" && child.is_boolean() {
            continue;
        }
        let child_pointer = join_pointer(&pointer, key);
        split_walk(child, kind.child(key), child_pointer, tasks);
    }
}

impl Default for Normalizer {
    fn default() -> Self {
        Self::new()
    }
}

/// Whether [`Normalizer::rewrite_schema`] would leave `node` as it is,
/// decided in one pass over its keys, without the dozens of lookups (each
/// a hash of the key) the rewrites make. It may say no to a schema that
/// is already normal; it never says yes to one that is not. Most schemas
/// of real specs are a `$ref` alone or a few plain keywords.
fn is_normal(node: &Value) -> bool {
    let Value::Object(map) = node else {
        return false;
    };
    if map.contains_key("$ref") {
        // Kept as is when nothing but a description stands beside it.
        return map.keys().all(|k| k == "$ref" || k == "description");
    }
    map.iter().all(|(key, value)| match key.as_str() {
        "type" => value.as_str().is_some_and(|t| t != "null" && t != "file"),
        "propertyNames" | "const" | "examples" | "prefixItems" | "contentEncoding"
        | "contentMediaType" => false,
        "exclusiveMinimum" | "exclusiveMaximum" | "nullable" | "readOnly" | "writeOnly"
        | "deprecated" | "uniqueItems" => value.is_boolean(),
        "oneOf" | "anyOf" => match value {
            Value::Array(members) => !members.iter().any(is_null_schema),
            _ => true,
        },
        "items" => !value.is_array() && !value.is_boolean(),
        "properties" => match value {
            Value::Object(props) => props.values().all(|prop| match prop {
                Value::Object(p) => p.get("required").is_none_or(Value::is_array),
                _ => true,
            }),
            _ => true,
        },
        "required" | "enum" => value.is_array(),
        "minLength" | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties" => {
            value.as_u64().is_some()
        }
        "description" | "title" | "pattern" | "format" => value.is_string(),
        "minimum" | "maximum" | "multipleOf" => match value {
            // Dropped from an integer schema when it is no 64-bit integer.
            Value::Number(n) => n.as_i64().is_some(),
            _ => true,
        },
        "discriminator" => match value {
            Value::Object(d) => d.get("propertyName").is_some_and(Value::is_string),
            _ => true,
        },
        "additionalProperties" => value.is_object() || value.is_boolean(),
        _ => true,
    })
}

fn is_null_schema(schema: &Value) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(ts)) => ts.iter().all(|t| t.as_str() == Some("null")),
        _ => false,
    }
}

fn parameter(node: &mut Value) {
    let Value::Object(map) = node else { return };
    if map.contains_key("$ref") {
        return;
    }
    if map.get("in").and_then(Value::as_str) == Some("path") {
        map.insert("required".into(), Value::Bool(true));
    }
    if !map.contains_key("schema") && !map.contains_key("content") {
        map.insert("schema".into(), json!({}));
    }
    if map.get("required").is_some_and(|v| !v.is_boolean()) {
        map.remove("required");
    }
}

/// An encoding object states its `explode` once read: the typed reader takes
/// a missing one for `false`, where OpenAPI's default is `true` for the `form`
/// style (the style a missing one defaults to) and `false` for the others.
fn encoding(node: &mut Value) {
    let Value::Object(map) = node else { return };
    if map.contains_key("$ref") || map.get("explode").is_some_and(Value::is_boolean) {
        return;
    }
    let form = match map.get("style") {
        None => true,
        Some(style) => style.as_str() == Some("form"),
    };
    map.insert("explode".into(), Value::Bool(form));
}

/// Document-level repairs: fields the typed reader requires.
pub fn document(doc: &mut Value) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let Value::Object(map) = doc else {
        return warnings;
    };
    map.insert("openapi".into(), json!("3.0.3"));
    map.entry("paths").or_insert_with(|| json!({}));
    let info = map.entry("info").or_insert_with(|| json!({}));
    if let Value::Object(info) = info {
        for key in ["title", "version"] {
            if !info.get(key).is_some_and(Value::is_string) {
                let text = info.get(key).map(|v| v.to_string()).unwrap_or_default();
                info.insert(
                    key.into(),
                    Value::String(text.trim_matches('"').to_string()),
                );
            }
        }
    }
    if let Some(Value::Object(schemes)) = map
        .get_mut("components")
        .and_then(|c| c.get_mut("securitySchemes"))
    {
        let unsupported: Vec<String> = schemes
            .iter()
            .filter(|(_, s)| {
                !matches!(
                    s.get("type").and_then(Value::as_str),
                    Some("apiKey" | "http" | "oauth2" | "openIdConnect")
                ) && s.get("$ref").is_none()
            })
            .map(|(k, _)| k.clone())
            .collect();
        for name in unsupported {
            schemes.shift_remove(&name);
            warnings.push(Warning {
                kind: "auth-scheme",
                pointer: format!("/components/securitySchemes/{}", crate::error::escape_token(&name)),
                message: format!("security scheme `{name}` is of a type the SDKs cannot apply (e.g. mutualTLS); callers configure it on the HTTP client"),
            });
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KEYS: &[&str] = &[
        "$ref",
        "description",
        "summary",
        "title",
        "x-note",
        "type",
        "propertyNames",
        "const",
        "examples",
        "example",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minimum",
        "maximum",
        "multipleOf",
        "oneOf",
        "anyOf",
        "allOf",
        "items",
        "prefixItems",
        "contentEncoding",
        "contentMediaType",
        "properties",
        "required",
        "minLength",
        "maxItems",
        "nullable",
        "readOnly",
        "pattern",
        "format",
        "discriminator",
        "additionalProperties",
        "enum",
        "default",
    ];

    fn values() -> Vec<Value> {
        vec![
            json!(true),
            json!(false),
            json!(null),
            json!(0),
            json!(7),
            json!(-3),
            json!(2.5),
            json!(u64::MAX),
            json!("string"),
            json!("integer"),
            json!("null"),
            json!("file"),
            json!("base64"),
            json!("#/components/schemas/A"),
            json!(["string", "null"]),
            json!(["integer"]),
            json!([{"type": "null"}, {"type": "string"}]),
            json!([{"type": "string"}, {"$ref": "#/components/schemas/A"}]),
            json!([]),
            json!({}),
            json!({"a": {"type": "string"}}),
            json!({"a": {"type": "string", "required": true}}),
            json!({"a": {"required": ["b"]}, "c": 1}),
            json!({"propertyName": "kind"}),
            json!({"propertyName": 1}),
            json!({"type": "string"}),
        ]
    }

    fn schema() -> impl Strategy<Value = Value> {
        let pair = (0..KEYS.len(), 0..values().len());
        prop::collection::vec(pair, 0..6).prop_map(|pairs| {
            let values = values();
            let mut map = Map::new();
            for (k, v) in pairs {
                map.insert(KEYS[k].to_string(), values[v].clone());
            }
            Value::Object(map)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// The fast path agrees with the rewrites: a schema it calls
        /// normal is one they leave alone, without a warning.
        #[test]
        fn a_normal_schema_is_one_the_rewrites_leave_alone(node in schema()) {
            if is_normal(&node) {
                let mut rewritten = node.clone();
                let mut normalizer = Normalizer::new();
                normalizer.rewrite_schema(&mut rewritten, "/s");
                prop_assert_eq!(&rewritten, &node);
                prop_assert!(normalizer.warnings.is_empty());
            }
        }
    }

    #[test]
    fn common_schemas_take_the_fast_path() {
        for node in [
            json!({"$ref": "#/components/schemas/A"}),
            json!({"$ref": "#/components/schemas/A", "description": "d"}),
            json!({"type": "string", "maxLength": 5000, "description": "d"}),
            json!({"type": "integer", "minimum": 0, "format": "int64"}),
            json!({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
            json!({"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/A"}], "nullable": true}),
            json!({"type": "array", "items": {"type": "string"}}),
            json!({"type": "string", "enum": ["a", "b"], "x-stripeBypassValidation": true}),
        ] {
            assert!(is_normal(&node), "{node}");
        }
        for node in [
            json!({"$ref": "#/components/schemas/A", "nullable": true}),
            json!({"type": ["string", "null"]}),
            json!({"const": "a"}),
            json!({"type": "integer", "maximum": u64::MAX}),
            json!(true),
        ] {
            assert!(!is_normal(&node), "{node}");
        }
    }
}
