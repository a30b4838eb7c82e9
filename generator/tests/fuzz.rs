//! Property test: whatever bytes arrive, the reader answers with a spec or a
//! diagnostic, never a panic.

use std::path::Path;

use proptest::prelude::*;

const SEED: &str = include_str!("../../specs/payments.yaml");

fn read(text: String) {
    if let Ok(loaded) = sdkgen::load::load_text(Path::new("fuzz.yaml"), text) {
        if let Ok(api) = sdkgen::ir::build(&loaded) {
            let _ = sdkgen::check::audit(&api);
        }
    }
}

/// A JSON-ish value of bounded depth, with OpenAPI words as keys so mutations
/// hit the code paths that matter.
fn arb_value() -> impl Strategy<Value = serde_json::Value> {
    let keys = prop::sample::select(vec![
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
        "x-idempotency",
        "discriminator",
        "additionalProperties",
        "get",
        "post",
        "/a/{id}",
    ]);
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(serde_json::Value::from),
        prop::sample::select(vec![
            "3.1.0",
            "object",
            "string",
            "integer",
            "null",
            "#/components/schemas/A",
            "#/x",
            "array",
            "path"
        ])
        .prop_map(|s| serde_json::Value::String(s.into())),
    ];
    leaf.prop_recursive(5, 64, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::Array),
            prop::collection::vec((keys.clone(), inner), 0..6).prop_map(|kv| {
                serde_json::Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_spec_text_never_panics(cut in 0usize..SEED.len(), len in 0usize..200, insert in "[ -~\n]{0,40}") {
        let mut text = SEED.to_string();
        let start = text.char_indices().map(|(i, _)| i).find(|i| *i >= cut).unwrap_or(text.len());
        let end = text.char_indices().map(|(i, _)| i).find(|i| *i >= start + len).unwrap_or(text.len());
        text.replace_range(start..end, &insert);
        read(text);
    }

    #[test]
    fn random_documents_never_panic(mut doc in arb_value()) {
        if let serde_json::Value::Object(map) = &mut doc {
            map.insert("openapi".into(), serde_json::Value::String("3.1.0".into()));
        }
        read(doc.to_string());
    }
}
