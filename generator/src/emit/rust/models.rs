//! `src/models.rs`: one Rust type per IR named type.

use askama::Template;

use crate::ir::{EnumBase, Field, NamedType, TypeKind, TypeRef, Variant};

use super::escape::string_literal;
use super::layout;
use super::naming::Names;
use super::templates::{ModelRs, ModelsEndRs, ModelsRs};
use super::types::{variant_names_need_allow, Shape, Types, IN_MODELS};
use super::views::{FieldView, ModelView, VariantView};
use crate::emit::hash::Map;

/// The text of `src/models.rs`. Each type's view is rendered as soon as it
/// is built and then dropped, so one view is alive at a time rather than
/// thousands.
///
/// `features` holds, by type position, the Cargo features that compile
/// each type; none for a type every build compiles.
pub fn render(types: &Types, features: &[Vec<String>]) -> Result<String, String> {
    let failed = |e| super::failed("models", e);
    let mut text = String::new();
    // The features of the tagged unions, for the helper they share: `None`
    // once one of them is compiled in every build.
    let mut tagged_features: Option<std::collections::BTreeSet<&str>> = Some(Default::default());
    let mut has_tagged = false;
    for (t, needed) in types.api.types.iter().zip(features) {
        let mut m = model(types, t);
        m.gate = super::gate_line(0, needed);
        if m.kind == "tagged" {
            has_tagged = true;
            if needed.is_empty() {
                tagged_features = None;
            } else if let Some(set) = &mut tagged_features {
                set.extend(needed.iter().map(String::as_str));
            }
        }
        ModelRs { m: &m }.render_into(&mut text).map_err(failed)?;
    }
    if has_tagged {
        let needed: Vec<String> = tagged_features
            .into_iter()
            .flatten()
            .map(str::to_string)
            .collect();
        ModelsEndRs {
            gate: super::gate_line(0, &needed),
        }
        .render_into(&mut text)
        .map_err(failed)?;
    }
    // Whether the types use the map type is known now: the head goes in
    // front (a move within the buffer, which the projection left room for).
    let head = ModelsRs {
        uses_hash_map: types.uses_hash_map_in_models.get(),
        gated: features.iter().any(|f| !f.is_empty()),
    };
    let mut head_text = String::new();
    head.render_into(&mut head_text).map_err(failed)?;
    text.insert_str(0, &head_text);
    super::end_file(&mut text);
    Ok(text)
}

fn empty(kind: &'static str, ident: String, doc: String) -> ModelView {
    ModelView {
        kind,
        ident,
        doc,
        default: false,
        allow_variant_names: false,
        fields: Vec::new(),
        variants: Vec::new(),
        other: String::new(),
        alias_target: String::new(),
        tag_key: String::new(),
        gate: String::new(),
    }
}

fn model(types: &Types, t: &NamedType) -> ModelView {
    let info = types.info(&t.name).expect("every named type has an entry");
    let ident = info.ident.clone();
    let doc = t.description.clone().unwrap_or_default();
    match (&t.kind, info.shape) {
        (TypeKind::Object { fields, .. }, _) => {
            let mut m = empty("struct", ident, doc);
            m.default = types.has_default(&t.name);
            // The first spec field of each wire name (a scan for small objects).
            let by_wire: Map<&str, &Field> = if fields.len() > 16 {
                let mut map = Map::default();
                for s in fields {
                    map.entry(s.name.as_str()).or_insert(s);
                }
                map
            } else {
                Map::default()
            };
            m.fields = info
                .fields
                .iter()
                .map(|f| {
                    let spec = if f.wire.is_empty() {
                        None
                    } else if fields.len() > 16 {
                        by_wire.get(f.wire.as_str()).copied()
                    } else {
                        fields.iter().find(|s| s.name == f.wire)
                    };
                    let mut attrs = Vec::new();
                    if f.wire.is_empty() {
                        attrs.push(layout::attr(4, "serde", &["flatten".to_string()]));
                    } else if super::naming::unraw(&f.ident) != f.wire || f.ident.starts_with("r#")
                    {
                        attrs.push(layout::attr(
                            4,
                            "serde",
                            &[format!("rename = {}", string_literal(&f.wire))],
                        ));
                    }
                    if f.explicit_null {
                        // `None` left out, `Some(None)` an explicit null.
                        attrs.push(layout::attr(
                            4,
                            "serde",
                            &[
                                "default".to_string(),
                                "skip_serializing_if = \"Option::is_none\"".to_string(),
                                "with = \"crate::runtime::explicit_null\"".to_string(),
                            ],
                        ));
                    } else if f.skip_none {
                        attrs.push(layout::attr(
                            4,
                            "serde",
                            &["skip_serializing_if = \"Option::is_none\"".to_string()],
                        ));
                    }
                    let mut ty = types.rust(&f.ty, IN_MODELS);
                    if f.boxed {
                        ty = format!("Box<{ty}>");
                    }
                    if f.explicit_null {
                        ty = format!("Option<{ty}>");
                    }
                    if f.optional {
                        ty = format!("Option<{ty}>");
                    }
                    FieldView {
                        doc: match spec {
                            Some(s) => field_doc(s),
                            None => "Properties not listed above (`additionalProperties`).".into(),
                        },
                        attrs,
                        line: layout::field(4, &crate::emit::layout::cat(&["pub ", &f.ident]), &ty),
                    }
                })
                .collect();
            m
        }
        (TypeKind::Enum { values, .. }, Shape::StringEnum) => {
            let mut m = empty("string_enum", ident, doc);
            let mut names = Names::with_reserved(&["Other"]);
            for v in values {
                let Some(wire) = v.value.as_str() else {
                    continue;
                };
                let vi = names.pascal(wire, "Value");
                let self_vi = crate::emit::layout::cat(&["Self::", &vi]);
                let lit = string_literal(wire);
                m.variants.push(VariantView {
                    from_arm: layout::arm(12, &lit, &self_vi),
                    to_arm: layout::arm(12, &self_vi, &lit),
                    ident: vi,
                    doc: String::new(),
                    line: String::new(),
                    value_arm: String::new(),
                });
            }
            m.other = "Other".into();
            m.allow_variant_names = allow(&m);
            m
        }
        (TypeKind::Enum { values, .. }, Shape::IntegerEnum) => {
            let mut m = empty("integer_enum", ident, doc);
            let mut names = Names::with_reserved(&["Other"]);
            for v in values {
                let Some(n) = v.value.as_i64() else {
                    continue;
                };
                let text = if n < 0 {
                    format!("minus {}", n.unsigned_abs())
                } else {
                    n.to_string()
                };
                let vi = names.pascal(&text, "Value");
                let self_vi = crate::emit::layout::cat(&["Self::", &vi]);
                m.variants.push(VariantView {
                    from_arm: layout::arm(12, &n.to_string(), &self_vi),
                    to_arm: layout::arm(12, &self_vi, &n.to_string()),
                    ident: vi,
                    doc: String::new(),
                    line: String::new(),
                    value_arm: String::new(),
                });
            }
            m.other = "Other".into();
            m.allow_variant_names = allow(&m);
            m
        }
        (TypeKind::Enum { base, values, .. }, _) => {
            // Number and boolean enums: the plain type, the values in the docs.
            let mut m = empty("alias", ident, doc);
            m.alias_target = match base {
                EnumBase::String => "String",
                EnumBase::Integer => "i64",
                EnumBase::Number => "f64",
                EnumBase::Boolean => "bool",
            }
            .to_string();
            let listed: Vec<String> = values.iter().map(|v| format!("`{}`", v.value)).collect();
            if !listed.is_empty() {
                if !m.doc.is_empty() {
                    m.doc.push_str("\n\n");
                }
                m.doc.push_str(&format!("One of {}.", listed.join(", ")));
            }
            m
        }
        (
            TypeKind::Union {
                variants,
                discriminator,
                ..
            },
            shape,
        ) => union(
            types,
            t,
            ident,
            doc,
            variants,
            discriminator.as_deref(),
            shape,
        ),
        (TypeKind::Alias { target }, _) => {
            let mut m = empty("alias", ident, doc);
            m.alias_target = types.rust(target, IN_MODELS);
            m
        }
    }
}

fn allow(m: &ModelView) -> bool {
    let mut names: Vec<&str> = m.variants.iter().map(|v| v.ident.as_str()).collect();
    if !m.other.is_empty() {
        names.push(&m.other);
    }
    variant_names_need_allow(&m.ident, &names)
}

fn union(
    types: &Types,
    t: &NamedType,
    ident: String,
    doc: String,
    variants: &[Variant],
    discriminator: Option<&str>,
    shape: Shape,
) -> ModelView {
    let tagged = shape == Shape::TaggedUnion;
    let mut m = empty(if tagged { "tagged" } else { "untagged" }, ident, doc);
    let mut names = Names::with_reserved(if tagged { &["Other"] } else { &[] });
    for v in variants {
        let ty_ref = v.ty.non_null();
        let vi = names.pascal(&variant_word(types, ty_ref), "Variant");
        let mut ty = types.rust(ty_ref, IN_MODELS);
        if types.reaches_directly(ty_ref, &t.name) {
            ty = format!("Box<{ty}>");
        }
        let (doc, from_arm, to_arm) = match discriminator {
            Some(key) if tagged => {
                let tags: Vec<String> = if v.tags.is_empty() {
                    match ty_ref {
                        TypeRef::Named(n) => vec![n.clone()],
                        _ => Vec::new(),
                    }
                } else {
                    v.tags.clone()
                };
                let first = tags.first().cloned().unwrap_or_default();
                let pattern = tags
                    .iter()
                    .map(|tag| format!("Some({})", string_literal(tag)))
                    .collect::<Vec<_>>()
                    .join(" | ");
                (
                    format!("`{key}` is `{}`.", tags.join("` or `")),
                    layout::arm(12, &pattern, &format!("Self::{vi}(variant(value)?)")),
                    layout::arm(12, &format!("Self::{vi}(_)"), &string_literal(&first)),
                )
            }
            _ => (String::new(), String::new(), String::new()),
        };
        m.variants.push(VariantView {
            line: layout::tuple_variant(4, &vi, &ty),
            value_arm: layout::arm(
                12,
                &format!("Self::{vi}(value)"),
                "serde_json::to_value(value)",
            ),
            ident: vi,
            doc,
            from_arm,
            to_arm,
        });
    }
    if tagged {
        m.other = "Other".into();
        m.tag_key = string_literal(discriminator.unwrap_or_default());
    }
    m.allow_variant_names = allow(&m);
    m
}

/// The word a union variant is named after.
fn variant_word(types: &Types, ty: &TypeRef) -> String {
    use crate::ir::Primitive as P;
    match ty {
        TypeRef::Named(n) => types.ident(n),
        TypeRef::Primitive(p) => match p {
            P::String | P::Bytes => "String",
            P::DateTime => "DateTime",
            P::Date => "Date",
            P::Uuid => "Uuid",
            P::Binary => "Binary",
            P::Integer32 | P::Integer64 => "Integer",
            P::Float | P::Double => "Number",
            P::Boolean => "Boolean",
        }
        .to_string(),
        TypeRef::Array(inner) => format!("{}List", variant_word(types, inner)),
        TypeRef::Map(inner) => format!("{}Map", variant_word(types, inner)),
        TypeRef::Nullable(inner) => variant_word(types, inner),
        TypeRef::Any => "Value".to_string(),
    }
}

fn field_doc(f: &Field) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(d) = &f.description {
        parts.push(d.clone());
    }
    let mut notes = Vec::new();
    if f.read_only {
        notes.push("Read-only: set by the server.".to_string());
    }
    if f.write_only {
        notes.push("Write-only: never returned by the server.".to_string());
    }
    if f.deprecated {
        notes.push("Deprecated.".to_string());
    }
    if let Some(default) = &f.default {
        notes.push(format!("Default: `{default}`."));
    }
    if !notes.is_empty() {
        parts.push(notes.join(" "));
    }
    parts.join("\n\n")
}
