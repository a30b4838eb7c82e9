//! `models.py`: every named type of the IR as a Python model.

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

use askama::Template;
use serde_json::Value;

use crate::emit::hash::Map;
use crate::emit::reserve_projected;

use super::escape::py_str;
use super::layout::{self, bracket, call, prefixed, subscript, text, Expr, Items, D};
use super::naming::Names;
use super::types::{FieldMode, Types};
use super::{doc_of, dunder_all, SetView};
use crate::emit::layout::cat;
use crate::ir::{Api, EnumBase, NamedType, TypeKind, TypeRef};

/// A module-level type alias: `Name = <type>` and its docstring.
pub struct AliasView {
    pub name: String,
    pub value: Expr,
    pub doc: Option<String>,
}

impl AliasView {
    fn new(name: &str, value: D, doc: Option<String>) -> AliasView {
        AliasView {
            name: name.to_string(),
            value: Expr(value),
            doc,
        }
    }

    /// The statement on one line, for [`Uses`].
    fn flat(&self) -> String {
        format!("{} = {}", self.name, layout::flat(&self.value.0))
    }
}

/// `name: annotation` or `name: annotation = default` in a class body.
pub struct FieldView {
    pub ident: String,
    pub annotation: String,
    pub default: Option<D>,
    pub doc: Option<String>,
}

impl FieldView {
    /// The field's line, laid out at 4 spaces.
    pub fn line(&self) -> String {
        layout::field(4, &self.ident, &self.annotation, self.default.as_ref())
    }

    /// The line on one line, for [`Uses`].
    fn flat(&self) -> String {
        match &self.default {
            Some(d) => format!("{}: {} = {}", self.ident, self.annotation, layout::flat(d)),
            None => format!("{}: {}", self.ident, self.annotation),
        }
    }
}

pub struct ClassView {
    pub name: String,
    pub doc: Option<String>,
    pub fields: Vec<FieldView>,
    /// The arguments of `from_dict`'s `cls(...)`.
    pub from_dict: Items,
    /// The entries of `to_dict`'s literal: the fields before the first
    /// optional one.
    pub literal: Items,
    /// The fields `to_dict` writes after the literal.
    pub optional_writes: Vec<SetView>,
    /// The attribute holding additional properties, if any.
    pub additional: Option<String>,
    /// The annotations of `from_dict`'s argument and `to_dict`'s result,
    /// with the builtins a field hides written `builtins.<name>`.
    pub data_param: String,
    pub json_type: String,
    /// Whether the class writes a builtin as `builtins.<name>`.
    pub uses_builtins: bool,
}

pub struct UnionView {
    pub alias: AliasView,
    /// The union's name, also as a string literal, and its parser's.
    pub name: String,
    pub name_literal: String,
    pub parser: String,
    pub doc: String,
    /// The discriminator property, as the spec names it.
    pub discriminator: Option<String>,
    /// `(tag as the spec writes it, parser)` for each tag.
    pub tags: Vec<(String, String)>,
    /// The parsers of the variants, tried in order when no tag says.
    pub parsers: Items,
}

pub enum LateItem {
    Alias(AliasView),
    Union(UnionView),
}

/// The head of `models.py`.
pub struct ModelsView {
    pub doc: String,
    pub imports: Vec<String>,
    pub all: String,
}

/// A Python literal for a spec default, when it fits the field's type.
pub fn default_literal(api: &Api, ty: &TypeRef, value: &Value) -> Option<String> {
    let resolved = super::shape::resolve(api, ty);
    use crate::ir::Primitive as P;
    let kind = match resolved {
        TypeRef::Primitive(p) => match p {
            P::String | P::Uuid => Some(EnumBase::String),
            P::Integer32 | P::Integer64 => Some(EnumBase::Integer),
            P::Float | P::Double => Some(EnumBase::Number),
            P::Boolean => Some(EnumBase::Boolean),
            _ => None,
        },
        TypeRef::Named(n) => match api.type_by_name(n).map(|t| &t.kind) {
            Some(TypeKind::Enum { base, .. }) => Some(*base),
            _ => None,
        },
        _ => None,
    };
    match (kind?, value) {
        (_, Value::Null) if ty.is_nullable() => Some("None".to_string()),
        (EnumBase::String, Value::String(s)) => Some(py_str(s)),
        (EnumBase::Integer, Value::Number(n)) if n.is_i64() || n.is_u64() => Some(n.to_string()),
        (EnumBase::Number, Value::Number(n)) => Some(n.to_string()),
        (EnumBase::Boolean, Value::Bool(b)) => Some(if *b { "True" } else { "False" }.to_string()),
        _ => None,
    }
}

/// The single value of a `const` enum, as a default.
pub fn constant_default(api: &Api, ty: &TypeRef) -> Option<String> {
    let TypeRef::Named(n) = super::shape::resolve(api, ty) else {
        return None;
    };
    match api.type_by_name(n).map(|t| &t.kind) {
        Some(TypeKind::Enum {
            values, constant, ..
        }) if *constant && values.len() == 1 => default_literal(api, ty, &values[0].value),
        _ => None,
    }
}

fn literal_values(base: EnumBase, values: &[crate::ir::EnumValue]) -> (Vec<D>, bool) {
    let mut out = Vec::new();
    let mut null = false;
    for v in values {
        match (&v.value, base) {
            (Value::String(s), EnumBase::String) => out.push(text(py_str(s))),
            (Value::Number(n), EnumBase::Integer) if n.is_i64() || n.is_u64() => {
                out.push(text(n.to_string()))
            }
            (Value::Null, _) => null = true,
            _ => {}
        }
    }
    (out, null)
}

/// The type of an enumeration: its literals joined with its base type.
fn enum_type(base: EnumBase, values: &[crate::ir::EnumValue]) -> D {
    let (literals, null) = literal_values(base, values);
    let open = match base {
        EnumBase::String => "str",
        EnumBase::Integer => "int",
        EnumBase::Number => "float",
        EnumBase::Boolean => "bool",
    };
    let mut items = Vec::new();
    if !literals.is_empty() {
        items.push(subscript("Literal[", literals));
    }
    items.push(text(open));
    if null {
        items.push(text("None"));
    }
    if items.len() == 1 {
        return text(open);
    }
    subscript("Union[", items)
}

fn alias_doc(t: &NamedType) -> Option<String> {
    doc_of(t.description.as_deref())
}

/// Whether `ty` (through aliases) mentions an object or a union: an alias
/// that does must come after the classes.
fn needs_classes(api: &Api, ty: &TypeRef, seen: &mut Vec<String>) -> bool {
    let mut named = Vec::new();
    Types::mentions(ty, &mut named);
    named
        .iter()
        .any(|n| match api.type_by_name(n).map(|t| &t.kind) {
            Some(TypeKind::Object { .. }) | Some(TypeKind::Union { .. }) => true,
            Some(TypeKind::Alias { target }) => {
                if seen.contains(n) {
                    return true;
                }
                seen.push(n.clone());
                let r = needs_classes(api, target, seen);
                seen.pop();
                r
            }
            _ => false,
        })
}

/// The named types `t` mentions directly: an alias's target, a union's
/// variants (through containers, not through other named types).
fn mentioned(t: &NamedType) -> Vec<String> {
    let mut named = Vec::new();
    match &t.kind {
        TypeKind::Alias { target } => Types::mentions(target, &mut named),
        TypeKind::Union { variants, .. } => {
            for v in variants {
                Types::mentions(&v.ty, &mut named);
            }
        }
        _ => {}
    }
    named
}

/// The module-level statements evaluated at import (`X = list[Y]`) in an
/// order where each comes after the ones it mentions; the spec's order
/// otherwise.
fn early_order(items: &[&NamedType]) -> Vec<usize> {
    let index: Map<&str, usize> = items
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.as_str(), i))
        .collect();
    let deps: Vec<Vec<usize>> = items
        .iter()
        .map(|t| {
            mentioned(t)
                .iter()
                .filter_map(|n| index.get(n.as_str()).copied())
                .collect()
        })
        .collect();
    // Depth-first, dependencies first; `state`: 0 new, 1 on the path, 2 done.
    let mut state = vec![0u8; items.len()];
    let mut order = Vec::with_capacity(items.len());
    for start in 0..items.len() {
        if state[start] != 0 {
            continue;
        }
        state[start] = 1;
        let mut stack = vec![(start, 0usize)];
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            match deps[node].get(*next) {
                Some(&dep) => {
                    *next += 1;
                    if state[dep] == 0 {
                        state[dep] = 1;
                        stack.push((dep, 0));
                    }
                }
                None => {
                    state[node] = 2;
                    order.push(node);
                    stack.pop();
                }
            }
        }
    }
    order
}

/// The order of the aliases and unions that mention classes: each after the
/// ones it mentions, the first in spec order among those ready; in a cycle
/// the first left goes next and its later mentions are quoted.
fn late_order(items: &[&NamedType]) -> Vec<usize> {
    let index: Map<&str, usize> = items
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.as_str(), i))
        .collect();
    let mut remaining = vec![0usize; items.len()];
    let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); items.len()];
    for (i, t) in items.iter().enumerate() {
        let mut deps: Vec<usize> = mentioned(t)
            .iter()
            .filter_map(|n| index.get(n.as_str()).copied())
            .filter(|&d| d != i)
            .collect();
        deps.sort_unstable();
        deps.dedup();
        remaining[i] = deps.len();
        for d in deps {
            dependents[d].push(i);
        }
    }
    let mut ready: BinaryHeap<Reverse<usize>> = (0..items.len())
        .filter(|&i| remaining[i] == 0)
        .map(Reverse)
        .collect();
    let mut pending: BTreeSet<usize> = (0..items.len()).collect();
    let mut order = Vec::with_capacity(items.len());
    while let Some(&first) = pending.first() {
        let next = loop {
            match ready.pop() {
                Some(Reverse(i)) if pending.contains(&i) => break i,
                Some(_) => continue,
                None => break first,
            }
        };
        pending.remove(&next);
        order.push(next);
        for &d in &dependents[next] {
            remaining[d] -= 1;
            if remaining[d] == 0 && pending.contains(&d) {
                ready.push(Reverse(d));
            }
        }
    }
    order
}

/// The text of `models.py`. Each type's view is rendered as soon as it is
/// built and then dropped, so one view is alive at a time rather than
/// thousands; the head, whose imports depend on what the types use, goes in
/// front at the end.
pub fn render(api: &Api, names: &Names) -> Result<String, String> {
    let failed = |e| super::failed("models", e);
    let mut types = Types::new(api, names, "");
    let mut early_types: Vec<&NamedType> = Vec::new();
    let mut class_types = Vec::new();
    let mut late_types: Vec<&NamedType> = Vec::new();

    for t in &api.types {
        match &t.kind {
            TypeKind::Enum { .. } => early_types.push(t),
            TypeKind::Alias { target }
                if !needs_classes(api, target, &mut vec![t.name.clone()]) =>
            {
                early_types.push(t)
            }
            TypeKind::Object { fields, additional } => {
                class_types.push((t, fields, additional.as_ref()));
            }
            _ => late_types.push(t),
        }
    }
    let count = api.types.len();
    let mut done = 0;
    let mut text = String::new();
    let mut uses = Uses::default();
    for i in early_order(&early_types) {
        let t = early_types[i];
        let name = names.ty(&t.name);
        let value = match &t.kind {
            TypeKind::Enum { base, values, .. } => enum_type(*base, values),
            TypeKind::Alias { target } => layout::type_doc(&types.runtime(target)),
            _ => layout::text(""),
        };
        let a = AliasView::new(name, value, alias_doc(t));
        uses.note(&a.flat());
        reserve_projected(&mut text, done, count);
        super::ModelsEarlyTemplate { a: &a }
            .render_into(&mut text)
            .map_err(failed)?;
        done += 1;
    }

    let has_classes = !class_types.is_empty();
    let mut has_additional = false;
    let mut uses_builtins = false;
    for (t, fields, additional) in class_types {
        let c = class_view(api, &types, names, t, fields, additional);
        for f in &c.fields {
            uses.note(&f.flat());
        }
        has_additional |= c.additional.is_some();
        uses_builtins |= c.uses_builtins;
        reserve_projected(&mut text, done, count);
        super::ModelsClassTemplate { c: &c }
            .render_into(&mut text)
            .map_err(failed)?;
        done += 1;
    }

    // Aliases and unions that mention classes, in an order where each
    // mentions only what is already defined; the rest is quoted.
    let ordered: Vec<&NamedType> = late_order(&late_types)
        .into_iter()
        .map(|i| late_types[i])
        .collect();
    types.forward_rank = ordered
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.clone(), i))
        .collect();
    let mut has_union = false;
    for (rank, t) in ordered.into_iter().enumerate() {
        types.forward_from = Some(rank);
        let name = names.ty(&t.name).to_string();
        let item = match &t.kind {
            TypeKind::Alias { target } => LateItem::Alias(AliasView::new(
                &name,
                layout::type_doc(&types.runtime(target)),
                alias_doc(t),
            )),
            TypeKind::Union {
                variants,
                discriminator,
                ..
            } => {
                let mut distinct: Vec<String> = Vec::new();
                for v in variants {
                    let a = types.runtime(&v.ty);
                    if !distinct.contains(&a) {
                        distinct.push(a);
                    }
                }
                if discriminator.is_some() {
                    // A tag the spec does not list is passed on (CONTRACT.md
                    // section 6): the union says so in its type.
                    distinct.push("_base.UnknownVariant".to_string());
                }
                let value = if distinct.len() == 1 {
                    layout::type_doc(&distinct.remove(0))
                } else {
                    subscript(
                        "Union[",
                        distinct.iter().map(|a| layout::type_doc(a)).collect(),
                    )
                };
                types.forward_from = None;
                let parser = names
                    .union_parsers
                    .get(&t.name)
                    .cloned()
                    .unwrap_or_default();
                let parsers: Vec<D> = variants
                    .iter()
                    .map(|v| types.checked_parser(&v.ty))
                    .collect();
                let tags = variants
                    .iter()
                    .flat_map(|v| {
                        let p = layout::flat(&types.checked_parser(&v.ty));
                        v.tags.iter().map(move |tag| (tag.clone(), p.clone()))
                    })
                    .collect();
                let how = match discriminator {
                    Some(d) => format!(
                        "by its ``{d}`` field (a value it does not list gives an \
                         ``UnknownVariant``), else as the first variant it fits"
                    ),
                    None => "as the first variant it fits".to_string(),
                };
                LateItem::Union(UnionView {
                    alias: AliasView::new(&name, value, alias_doc(t)),
                    parser,
                    doc: format!("Reads a ``{name}`` from its JSON form, {how}."),
                    discriminator: discriminator.clone(),
                    tags,
                    parsers: Items(parsers),
                    name_literal: py_str(&name),
                    name,
                })
            }
            _ => continue,
        };
        match &item {
            LateItem::Alias(a) => uses.note(&a.flat()),
            LateItem::Union(u) => {
                uses.note(&u.alias.flat());
                has_union = true;
            }
        }
        reserve_projected(&mut text, done, count);
        super::ModelsLateTemplate { item: &item }
            .render_into(&mut text)
            .map_err(failed)?;
        done += 1;
    }

    let mut exported: Vec<String> = api
        .types
        .iter()
        .map(|t| names.ty(&t.name).to_string())
        .collect();
    exported.extend(names.union_parsers.values().cloned());

    let mut typing = vec!["Any"];
    if uses.literal {
        typing.push("Literal");
    }
    if uses.optional {
        typing.push("Optional");
    }
    if uses.union {
        typing.push("Union");
    }
    let mut imports = Vec::new();
    if uses_builtins {
        imports.push("import builtins".to_string());
    }
    if has_additional {
        imports.push("import dataclasses".to_string());
    }
    if uses.datetime {
        imports.push("import datetime".to_string());
    }
    if has_union {
        imports.push("from collections.abc import Callable, Mapping".to_string());
    } else {
        imports.push("from collections.abc import Mapping".to_string());
    }
    imports.push(format!("from typing import {}", typing.join(", ")));
    if !has_classes {
        imports.retain(|i| !i.contains("Mapping"));
    }

    let head = ModelsView {
        doc: super::escape::docstring(
            &format!(
                "The models of the {}: what its operations send and return.\n\n\
                 Objects are frozen dataclasses: ``from_dict`` reads one from its JSON form and \
                 ignores fields it does not know; ``to_dict`` gives the JSON form back. \
                 Enumerations are ``Literal`` values joined with their base type, so a value \
                 the API adds later still reads.",
                api.title
            ),
            0,
            super::layout::WIDTH,
        )
        .unwrap_or_default(),
        imports,
        all: dunder_all(&exported),
    };
    let mut head_text = String::new();
    super::ModelsTemplate { m: &head }
        .render_into(&mut head_text)
        .map_err(failed)?;
    text.insert_str(0, &head_text);
    super::end_file(&mut text);
    Ok(text)
}

/// What the type annotations of `models.py` use, for its imports. Each
/// piece noted starts with a name and then `:` or ` =`, so no pattern
/// below could match across two pieces: noting them one by one finds what
/// a search of all of them put together would.
#[derive(Default)]
struct Uses {
    literal: bool,
    optional: bool,
    union: bool,
    datetime: bool,
}

impl Uses {
    fn note(&mut self, code: &str) {
        self.literal |= code.contains("Literal[");
        self.optional |= code.contains("Optional[");
        self.union |= code.contains("Union[");
        self.datetime |= code.contains("datetime.");
    }
}

/// A field's docstring: its description, and the API's default for it.
fn field_doc(f: &crate::ir::Field) -> Option<String> {
    let default = f.default.as_ref().filter(|d| !d.is_null()).map(|d| {
        format!(
            "Left out, the API takes its default, ``{}``.",
            serde_json::to_string(d).unwrap_or_default()
        )
    });
    let text = match (f.description.as_deref().map(str::trim_end), default) {
        (Some(d), Some(x)) if !d.trim().is_empty() => format!("{d}\n\n{x}"),
        (Some(d), None) => d.to_string(),
        (_, Some(x)) => x,
        (_, None) => return None,
    };
    doc_of(Some(&text))
}

fn class_view(
    api: &Api,
    types: &Types,
    names: &Names,
    t: &NamedType,
    fields: &[crate::ir::Field],
    additional: Option<&TypeRef>,
) -> ClassView {
    let name = names.ty(&t.name).to_string();
    let idents = names.fields.get(&t.name).cloned().unwrap_or_default();
    let extra = names.additional.get(&t.name).cloned();
    // The builtins the class's own fields hide from its annotations.
    let hidden =
        super::types::hidden_builtins(idents.iter().chain(extra.iter()).map(String::as_str));
    let qualified = std::cell::Cell::new(false);
    let qualify = |code: &str| {
        let out = super::types::qualify(code, &hidden);
        qualified.set(qualified.get() || out != code);
        out
    };
    let mut required = Vec::new();
    let mut defaulted = Vec::new();
    let mut ctor_args = Vec::new();
    let mut literal_items = Vec::new();
    let mut optional_writes = Vec::new();
    for (f, ident) in fields.iter().zip(&idents) {
        let always = f.required && !f.write_only;
        // Only a required `const` gets a default: an optional field is
        // `None` until it is set, so `to_dict` sends only what was set; the
        // spec's default is documented, never sent.
        let default = constant_default(api, &f.ty).filter(|_| always);
        let wire = py_str(&f.name);
        let doc = field_doc(f);
        let tri_state = !always && default.is_none() && f.ty.is_nullable();
        let (annotation, value) = match (&default, always) {
            // A required `const` is read as any required property: its
            // default serves only those who make the object.
            (Some(_), _) | (None, true) => (
                types.annotation(&f.ty),
                if f.ty.is_nullable() {
                    types.field_read(&f.ty, &wire, FieldMode::Optional)
                } else {
                    types.field_read(&f.ty, &wire, FieldMode::Required)
                },
            ),
            // Optional and nullable: leaving it out and `null` differ, so it
            // is `NOT_GIVEN` until set (or read), and `None` sends `null`.
            (None, false) if tri_state => {
                let annotation = types.annotation(&f.ty);
                let annotation = format!(
                    "{} | _base.NotGiven | None",
                    annotation.strip_suffix(" | None").unwrap_or(&annotation)
                );
                (annotation, types.field_read(&f.ty, &wire, FieldMode::Given))
            }
            (None, false) => {
                let nullable = f.ty.clone().nullable();
                (
                    types.annotation(&nullable),
                    types.field_read(&f.ty, &wire, FieldMode::Optional),
                )
            }
        };
        ctor_args.push(prefixed(cat(&[ident, "="]), value));
        let encoded = if types.needs_encoding(&f.ty) {
            cat(&["_base.to_json(self.", ident, ")"])
        } else {
            cat(&["self.", ident])
        };
        let default_doc = match &default {
            Some(d) => Some(text(d.as_str())),
            None if always => None,
            None if tri_state => Some(text("_base.NOT_GIVEN")),
            None => Some(text("None")),
        };
        let view = FieldView {
            ident: ident.clone(),
            annotation: qualify(&annotation),
            default: default_doc,
            doc,
        };
        let sent_always = always || default.as_deref().is_some_and(|d| d != "None");
        // The schema's order on the wire (WIRE.md section 5): the literal
        // holds the fields before the first optional one, the rest are
        // written one by one, in order.
        if sent_always && optional_writes.is_empty() {
            literal_items.push(text(cat(&[&wire, ": ", &encoded])));
        } else {
            let value = if encoded.starts_with("_base.to_json(") {
                call("_base.to_json", vec![text(cat(&["self.", ident]))])
            } else {
                text(encoded)
            };
            optional_writes.push(SetView {
                target: cat(&["data[", &wire, "]"]),
                subject: cat(&["self.", ident]),
                value: Expr(value),
                always: sent_always,
                not_given: tri_state,
            });
        }
        if always && default.is_none() {
            required.push(view);
        } else {
            defaulted.push(view);
        }
    }
    if let (Some(extra), Some(value_ty)) = (&extra, additional) {
        let annotation = format!("dict[str, {}]", types.annotation(value_ty));
        defaulted.push(FieldView {
            ident: extra.clone(),
            annotation: qualify(&annotation),
            default: Some(call(
                "dataclasses.field",
                vec![text(qualify("default_factory=dict"))],
            )),
            doc: Some("Properties the schema does not name.".to_string()),
        });
        let known: Vec<D> = fields.iter().map(|f| text(py_str(&f.name))).collect();
        ctor_args.push(call(
            format!("{extra}=_base.extra_fields"),
            vec![
                text("data"),
                bracket("[", known, "]"),
                types.checked_parser(value_ty),
            ],
        ));
    }
    required.extend(defaulted);
    ClassView {
        name,
        doc: doc_of(t.description.as_deref()),
        fields: required,
        from_dict: Items(ctor_args),
        literal: Items(literal_items),
        optional_writes,
        additional: extra.filter(|_| additional.is_some()),
        data_param: qualify("data: Mapping[str, Any]"),
        json_type: qualify("dict[str, Any]"),
        uses_builtins: qualified.get(),
    }
}
