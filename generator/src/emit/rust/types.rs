//! Named types: their Rust names and shapes, and how an IR type reference
//! is written in Rust.

use crate::emit::hash::{Map, Set};
use std::cell::Cell;

use crate::ir::{Api, EnumBase, Field, NamedType, Primitive, TypeKind, TypeRef, UnionKind};

use super::naming::{self, Names};

/// Names that generated modules import or that the prelude holds: a spec
/// type with one of these names gets a numbered name instead.
pub const RESERVED_TYPE_NAMES: &[&str] = &[
    "Box",
    "Clone",
    "Debug",
    "Default",
    "Deserialize",
    "Deserializer",
    "Err",
    "HashMap",
    "None",
    "Ok",
    "Option",
    "PartialEq",
    "Result",
    "Self",
    "Serialize",
    "Serializer",
    "Some",
    "String",
    "ToString",
    "Vec",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Struct,
    /// A string enum with a catch-all variant.
    StringEnum,
    /// An integer enum with a catch-all variant.
    IntegerEnum,
    /// A oneOf with a discriminator whose variants are all named types.
    TaggedUnion,
    UntaggedUnion,
    Alias,
}

/// A struct field as Rust sees it.
#[derive(Debug, Clone)]
pub struct FieldInfo {
    pub wire: String,
    pub ident: String,
    /// The Rust type is an `Option`.
    pub optional: bool,
    /// Left out of the JSON when `None`.
    pub skip_none: bool,
    /// An optional nullable field: `Option<Option<T>>`, where `None` is
    /// left out and `Some(None)` is an explicit `null`.
    pub explicit_null: bool,
    /// Boxed to break a cycle of types that contain each other.
    pub boxed: bool,
    pub ty: TypeRef,
}

#[derive(Debug, Clone)]
pub struct TypeInfo {
    pub ident: String,
    pub shape: Shape,
    pub fields: Vec<FieldInfo>,
}

/// Where a type is written: inside `models.rs` or in another module.
#[derive(Debug, Clone, Copy)]
pub struct Scope {
    pub models: &'static str,
    pub hash_map: &'static str,
}

pub const IN_MODELS: Scope = Scope {
    models: "",
    hash_map: "HashMap",
};
pub const OUTSIDE: Scope = Scope {
    models: "models::",
    hash_map: "std::collections::HashMap",
};

pub struct Types<'a> {
    pub api: &'a Api,
    infos: Map<String, TypeInfo>,
    /// Every model's Rust name.
    idents: Set<String>,
    /// The strongly connected component of each named type in the graph of
    /// types held inline (not behind a Vec or a map).
    components: Map<String, usize>,
    defaults: Map<String, bool>,
    pub uses_chrono: Cell<bool>,
    pub uses_uuid: Cell<bool>,
    pub uses_hash_map_in_models: Cell<bool>,
}

impl<'a> Types<'a> {
    pub fn new(api: &'a Api) -> Self {
        let mut names = Names::with_reserved(RESERVED_TYPE_NAMES);
        let mut infos = Map::default();
        for t in &api.types {
            let ident = names.pascal(&t.name, "Type");
            infos.insert(
                t.name.clone(),
                TypeInfo {
                    ident,
                    shape: shape_of(t),
                    fields: Vec::new(),
                },
            );
        }
        let idents = infos.values().map(|i| i.ident.clone()).collect();
        let mut types = Types {
            api,
            infos,
            idents,
            components: inline_components(api),
            defaults: Map::default(),
            uses_chrono: Cell::new(false),
            uses_uuid: Cell::new(false),
            uses_hash_map_in_models: Cell::new(false),
        };
        for t in &api.types {
            if let TypeKind::Object { fields, additional } = &t.kind {
                let infos = types.field_infos(&t.name, fields, additional.as_ref());
                if let Some(info) = types.infos.get_mut(&t.name) {
                    info.fields = infos;
                }
            }
        }
        for t in &api.types {
            let mut visiting = Set::default();
            let d = types.compute_default(&t.name, &mut visiting);
            types.defaults.insert(t.name.clone(), d);
        }
        types
    }

    fn field_infos(
        &self,
        owner: &str,
        fields: &[Field],
        additional: Option<&TypeRef>,
    ) -> Vec<FieldInfo> {
        let mut names = Names::default();
        let mut out: Vec<FieldInfo> = fields
            .iter()
            .map(|f| {
                let nullable = f.ty.is_nullable();
                let absent_sometimes = !f.required || f.write_only;
                FieldInfo {
                    wire: f.name.clone(),
                    ident: names.snake(&f.name, "field"),
                    optional: absent_sometimes || nullable,
                    skip_none: absent_sometimes,
                    explicit_null: absent_sometimes && nullable,
                    boxed: self.reaches_directly(f.ty.non_null(), owner),
                    ty: f.ty.non_null().clone(),
                }
            })
            .collect();
        if let Some(extra) = additional {
            out.push(FieldInfo {
                wire: String::new(),
                ident: names.snake("additional_properties", "field"),
                optional: false,
                skip_none: false,
                explicit_null: false,
                boxed: false,
                ty: TypeRef::Map(Box::new(extra.clone())),
            });
        }
        out
    }

    pub fn info(&self, name: &str) -> Option<&TypeInfo> {
        self.infos.get(name)
    }

    /// The Rust name of a named type.
    pub fn ident(&self, name: &str) -> String {
        self.infos
            .get(name)
            .map(|i| i.ident.clone())
            .unwrap_or_else(|| naming::pascal(name, "Type"))
    }

    /// Whether a model has this Rust name.
    pub fn has_ident(&self, ident: &str) -> bool {
        self.idents.contains(ident)
    }

    pub fn has_default(&self, name: &str) -> bool {
        self.defaults.get(name).copied().unwrap_or(false)
    }

    fn compute_default(&self, name: &str, visiting: &mut Set<String>) -> bool {
        if let Some(d) = self.defaults.get(name) {
            return *d;
        }
        if !visiting.insert(name.to_string()) {
            return true;
        }
        let Some(t) = self.api.type_by_name(name) else {
            return false;
        };
        let info = &self.infos[name];
        match (&t.kind, info.shape) {
            (_, Shape::TaggedUnion | Shape::UntaggedUnion) => false,
            (TypeKind::Object { .. }, _) => info
                .fields
                .iter()
                .filter(|f| !f.optional)
                .all(|f| self.ref_default(&f.ty, visiting)),
            (TypeKind::Alias { target }, _) => self.ref_default(target, visiting),
            (TypeKind::Enum { values, .. }, _) => !values.is_empty(),
            (TypeKind::Union { .. }, _) => false,
        }
    }

    fn ref_default(&self, ty: &TypeRef, visiting: &mut Set<String>) -> bool {
        match ty {
            TypeRef::Named(n) => self.compute_default(n, visiting),
            _ => true,
        }
    }

    /// Whether a value of type `ty`, which `owner` holds inline, can
    /// contain `owner` inline in turn, so that `owner` needs a `Box` for it:
    /// `ty` is `owner`, or both are in one cycle of inline holding.
    pub fn reaches_directly(&self, ty: &TypeRef, owner: &str) -> bool {
        let Some(target) = direct(ty) else {
            return false;
        };
        if target == owner {
            return true;
        }
        match (self.components.get(target), self.components.get(owner)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    /// The Rust type of an IR type reference.
    pub fn rust(&self, ty: &TypeRef, scope: Scope) -> String {
        match ty {
            TypeRef::Named(n) => format!("{}{}", scope.models, self.ident(n)),
            TypeRef::Primitive(p) => self.primitive(*p).to_string(),
            TypeRef::Array(inner) => format!("Vec<{}>", self.rust(inner, scope)),
            TypeRef::Map(inner) => {
                if scope.hash_map == IN_MODELS.hash_map {
                    self.uses_hash_map_in_models.set(true);
                }
                format!("{}<String, {}>", scope.hash_map, self.rust(inner, scope))
            }
            TypeRef::Nullable(inner) => format!("Option<{}>", self.rust(inner, scope)),
            TypeRef::Any => "serde_json::Value".to_string(),
        }
    }

    pub fn primitive(&self, p: Primitive) -> &'static str {
        match p {
            Primitive::String | Primitive::Bytes => "String",
            Primitive::DateTime => {
                self.uses_chrono.set(true);
                "chrono::DateTime<chrono::Utc>"
            }
            Primitive::Date => {
                self.uses_chrono.set(true);
                "chrono::NaiveDate"
            }
            Primitive::Uuid => {
                self.uses_uuid.set(true);
                "uuid::Uuid"
            }
            Primitive::Binary => "crate::runtime::Upload",
            Primitive::Integer32 => "i32",
            Primitive::Integer64 => "i64",
            Primitive::Float => "f32",
            Primitive::Double => "f64",
            Primitive::Boolean => "bool",
        }
    }

    /// The type behind aliases.
    pub fn resolve<'t>(&'t self, ty: &'t TypeRef) -> &'t TypeRef {
        let mut current = ty;
        for _ in 0..32 {
            match current {
                TypeRef::Named(n) => match self.api.type_by_name(n).map(|t| &t.kind) {
                    Some(TypeKind::Alias { target }) => current = target,
                    _ => return current,
                },
                _ => return current,
            }
        }
        current
    }

    pub fn shape_of_ref(&self, ty: &TypeRef) -> Option<Shape> {
        match self.resolve(ty) {
            TypeRef::Named(n) => self.infos.get(n).map(|i| i.shape),
            _ => None,
        }
    }
}

fn direct(ty: &TypeRef) -> Option<&str> {
    match ty {
        TypeRef::Named(n) => Some(n),
        TypeRef::Nullable(inner) => direct(inner),
        _ => None,
    }
}

/// Named types a value of `t` holds inline (not behind a Vec or map).
fn direct_targets(t: &NamedType) -> Vec<&str> {
    match &t.kind {
        TypeKind::Object { fields, .. } => fields.iter().filter_map(|f| direct(&f.ty)).collect(),
        TypeKind::Union { variants, .. } => variants.iter().filter_map(|v| direct(&v.ty)).collect(),
        TypeKind::Alias { target } => direct(target).into_iter().collect(),
        TypeKind::Enum { .. } => Vec::new(),
    }
}

/// The strongly connected components (Tarjan's algorithm, iteratively) of
/// the graph whose edges go from a type to the types it holds inline.
fn inline_components(api: &Api) -> Map<String, usize> {
    let index: Map<&str, usize> = api
        .types
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.as_str(), i))
        .collect();
    let edges: Vec<Vec<usize>> = api
        .types
        .iter()
        .map(|t| {
            direct_targets(t)
                .into_iter()
                .filter_map(|n| index.get(n).copied())
                .collect()
        })
        .collect();
    let n = api.types.len();
    const UNSEEN: usize = usize::MAX;
    let mut order = vec![UNSEEN; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut component = vec![UNSEEN; n];
    let mut next_order = 0;
    let mut next_component = 0;
    for root in 0..n {
        if order[root] != UNSEEN {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        order[root] = next_order;
        low[root] = next_order;
        next_order += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (node, ref mut next)) = calls.last_mut() {
            if let Some(&to) = edges[node].get(*next) {
                *next += 1;
                if order[to] == UNSEEN {
                    order[to] = next_order;
                    low[to] = next_order;
                    next_order += 1;
                    stack.push(to);
                    on_stack[to] = true;
                    calls.push((to, 0));
                } else if on_stack[to] {
                    low[node] = low[node].min(order[to]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == order[node] {
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = next_component;
                    if member == node {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    api.types
        .iter()
        .zip(component)
        .map(|(t, c)| (t.name.clone(), c))
        .collect()
}

fn shape_of(t: &NamedType) -> Shape {
    match &t.kind {
        TypeKind::Object { .. } => Shape::Struct,
        TypeKind::Enum { base, values, .. } => {
            let usable = values.iter().any(|v| match base {
                EnumBase::String => v.value.is_string(),
                EnumBase::Integer => v.value.as_i64().is_some(),
                EnumBase::Number | EnumBase::Boolean => false,
            });
            match base {
                EnumBase::String if usable => Shape::StringEnum,
                EnumBase::Integer if usable => Shape::IntegerEnum,
                _ => Shape::Alias,
            }
        }
        TypeKind::Union {
            union_kind,
            variants,
            discriminator,
        } => {
            let all_named = variants
                .iter()
                .all(|v| matches!(v.ty.non_null(), TypeRef::Named(_)));
            if discriminator.is_some() && all_named && *union_kind == UnionKind::OneOf {
                Shape::TaggedUnion
            } else {
                Shape::UntaggedUnion
            }
        }
        TypeKind::Alias { .. } => Shape::Alias,
    }
}

/// Whether clippy's `enum_variant_names` could object to these variant
/// names in an enum called `enum_name`: a variant that starts or ends with
/// the enum's name, or three or more variants sharing a first or last word.
/// The words of an identifier: split before capitals and at underscores
/// (which are dropped).
fn ident_words(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for piece in s.split('_') {
        let mut start = 0;
        for (i, c) in piece.char_indices() {
            if c.is_ascii_uppercase() && i > start {
                out.push(&piece[start..i]);
                start = i;
            }
        }
        if start < piece.len() {
            out.push(&piece[start..]);
        }
    }
    out
}

pub fn variant_names_need_allow<S: AsRef<str>>(enum_name: &str, variants: &[S]) -> bool {
    let variants: Vec<&str> = variants.iter().map(AsRef::as_ref).collect();
    if variants
        .iter()
        .any(|v| v.len() > enum_name.len() && (v.starts_with(enum_name) || v.ends_with(enum_name)))
    {
        return true;
    }
    if variants.len() < 3 {
        return false;
    }
    let split: Vec<Vec<&str>> = variants.iter().map(|v| ident_words(v)).collect();
    let first = split[0].first().copied();
    let last = split[0].last().copied();
    let all_first = split
        .iter()
        .all(|w| w.len() > 1 && w.first() == first.as_ref());
    let all_last = split
        .iter()
        .all(|w| w.len() > 1 && w.last() == last.as_ref());
    all_first || all_last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_name_lint_guard() {
        let v = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(!variant_names_need_allow(
            "Status",
            &v(&["Pending", "Paid", "Other"])
        ));
        assert!(variant_names_need_allow(
            "Status",
            &v(&["StatusOk", "Other"])
        ));
        assert!(variant_names_need_allow(
            "Kind",
            &v(&["CardPayment", "BankPayment", "CashPayment"])
        ));
        assert!(!variant_names_need_allow(
            "Kind",
            &v(&["CardPayment", "BankPayment", "Other"])
        ));
    }
}
