//! IR types as Python: annotations, and the expressions that read a value
//! from its JSON form.

use crate::emit::hash::Map;

use super::layout::{call, flat, text, D};
use super::naming::Names;
use crate::ir::{Api, EnumBase, Primitive, TypeKind, TypeRef};

/// How a model's property is read: required (`data[...]`), optional or
/// nullable (missing and `null` read as `None`), or optional and nullable
/// (missing reads as `NOT_GIVEN`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FieldMode {
    Required,
    Optional,
    Given,
}

/// How types are written in one module.
pub struct Types<'a> {
    pub api: &'a Api,
    pub names: &'a Names,
    /// `models.` outside `models.py`, empty inside it.
    pub prefix: &'static str,
    /// The late statements (aliases and unions that mention classes) by
    /// their position in the module.
    pub forward_rank: Map<String, usize>,
    /// While writing the late statement at this position: names of it and
    /// of the late statements after it are written as string forward
    /// references.
    pub forward_from: Option<usize>,
}

impl<'a> Types<'a> {
    pub fn new(api: &'a Api, names: &'a Names, prefix: &'static str) -> Types<'a> {
        Types {
            api,
            names,
            prefix,
            forward_rank: Map::default(),
            forward_from: None,
        }
    }

    fn named(&self, ir: &str) -> String {
        let name = self.names.ty(ir);
        let forward = match (self.forward_from, self.forward_rank.get(ir)) {
            (Some(from), Some(&rank)) => rank >= from,
            _ => false,
        };
        if forward {
            format!("\"{}{name}\"", self.prefix)
        } else {
            format!("{}{name}", self.prefix)
        }
    }

    fn kind(&self, ir: &str) -> Option<&'a TypeKind> {
        self.api.type_by_name(ir).map(|t| &t.kind)
    }

    /// The annotation of a value of type `ty`, written with `|` (inside
    /// annotations, which `from __future__ import annotations` never evaluates).
    pub fn annotation(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Named(n) => self.named(n),
            TypeRef::Primitive(p) => primitive(*p).to_string(),
            TypeRef::Array(item) => format!("list[{}]", self.annotation(item)),
            TypeRef::Map(value) => format!("dict[str, {}]", self.annotation(value)),
            TypeRef::Nullable(inner) => {
                let inner = self.annotation(inner);
                if inner == "object" {
                    inner
                } else {
                    format!("{inner} | None")
                }
            }
            TypeRef::Any => "object".to_string(),
        }
    }

    /// The same type as an expression evaluated at import time (the right
    /// side of a type alias): `Union` and `Optional` instead of `|`.
    pub fn runtime(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Array(item) => format!("list[{}]", self.runtime(item)),
            TypeRef::Map(value) => format!("dict[str, {}]", self.runtime(value)),
            TypeRef::Nullable(inner) => {
                let inner = self.runtime(inner);
                if inner == "object" {
                    inner
                } else {
                    format!("Optional[{inner}]")
                }
            }
            other => self.annotation(other),
        }
    }

    /// Whether a value of `ty` is its JSON form as is.
    pub fn is_identity(&self, ty: &TypeRef) -> bool {
        self.identity(ty, &mut Vec::new())
    }

    fn identity(&self, ty: &TypeRef, seen: &mut Vec<String>) -> bool {
        match ty {
            TypeRef::Named(n) => match self.kind(n) {
                Some(TypeKind::Enum { .. }) | None => true,
                Some(TypeKind::Object { .. }) | Some(TypeKind::Union { .. }) => false,
                Some(TypeKind::Alias { target }) => {
                    if seen.contains(n) {
                        return true;
                    }
                    seen.push(n.clone());
                    let r = self.identity(target, seen);
                    seen.pop();
                    r
                }
            },
            TypeRef::Primitive(p) => !matches!(
                p,
                Primitive::DateTime | Primitive::Date | Primitive::Bytes | Primitive::Binary
            ),
            TypeRef::Array(inner) | TypeRef::Map(inner) | TypeRef::Nullable(inner) => {
                self.identity(inner, seen)
            }
            TypeRef::Any => true,
        }
    }

    /// An expression reading `value` (a JSON value, evaluated once) as `ty`.
    pub fn decode(&self, ty: &TypeRef, value: D) -> D {
        if self.is_identity(ty) {
            return value;
        }
        match ty {
            TypeRef::Named(n) => match self.kind(n) {
                Some(TypeKind::Alias { target }) => self.decode(target, value),
                _ => call(flat(&self.checked_parser(ty)), vec![value]),
            },
            TypeRef::Primitive(_) => call(flat(&self.checked_parser(ty)), vec![value]),
            TypeRef::Array(item) => {
                call("_base.parse_list", vec![value, self.checked_parser(item)])
            }
            TypeRef::Map(item) => call("_base.parse_dict", vec![value, self.checked_parser(item)]),
            TypeRef::Nullable(inner) => call(
                "_base.parse_optional",
                vec![value, self.checked_parser(inner)],
            ),
            TypeRef::Any => value,
        }
    }

    /// The scalar kind `_base.check` takes for `ty` (`_base.STR`, ...) and
    /// whether it may be null; `None` for a type that is not such a scalar.
    fn scalar_kind(&self, ty: &TypeRef, seen: &mut Vec<String>) -> Option<(&'static str, bool)> {
        match ty {
            TypeRef::Primitive(p) => match p {
                Primitive::String | Primitive::Uuid => Some(("_base.STR", false)),
                Primitive::Integer32 => Some(("_base.INT32", false)),
                Primitive::Integer64 => Some(("_base.INT", false)),
                Primitive::Float | Primitive::Double => Some(("_base.NUMBER", false)),
                Primitive::Boolean => Some(("_base.BOOL", false)),
                _ => None,
            },
            TypeRef::Named(n) => match self.kind(n) {
                Some(TypeKind::Enum { base, .. }) => Some((
                    match base {
                        EnumBase::String => "_base.STR",
                        EnumBase::Integer => "_base.INT",
                        EnumBase::Number => "_base.NUMBER",
                        EnumBase::Boolean => "_base.BOOL",
                    },
                    false,
                )),
                Some(TypeKind::Alias { target }) if !seen.contains(n) => {
                    seen.push(n.clone());
                    let kind = self.scalar_kind(target, seen);
                    seen.pop();
                    kind
                }
                _ => None,
            },
            TypeRef::Nullable(inner) => self.scalar_kind(inner, seen).map(|(k, _)| (k, true)),
            _ => None,
        }
    }

    /// Whether a value of `ty` is kept as it came, unchecked: untyped, or
    /// its JSON form as is and holding an alias of itself (`Tree = list[Tree]`,
    /// whose checked parser could only read it as `object`).
    pub fn is_unchecked(&self, ty: &TypeRef) -> bool {
        self.is_any(ty.non_null()) || (self.is_identity(ty) && self.cycles(ty, &mut Vec::new()))
    }

    fn cycles(&self, ty: &TypeRef, seen: &mut Vec<String>) -> bool {
        match ty {
            TypeRef::Named(n) => match self.kind(n) {
                Some(TypeKind::Alias { target }) => {
                    if seen.contains(n) {
                        return true;
                    }
                    seen.push(n.clone());
                    let r = self.cycles(target, seen);
                    seen.pop();
                    r
                }
                _ => false,
            },
            TypeRef::Array(inner) | TypeRef::Map(inner) | TypeRef::Nullable(inner) => {
                self.cycles(inner, seen)
            }
            _ => false,
        }
    }

    /// Whether `ty` is untyped (`{}`, or an alias of it): any value, null
    /// included.
    fn is_any(&self, ty: &TypeRef) -> bool {
        let mut seen: Vec<String> = Vec::new();
        let mut ty = ty;
        loop {
            match ty {
                TypeRef::Any => return true,
                TypeRef::Named(n) if !seen.contains(n) => match self.kind(n) {
                    Some(TypeKind::Alias { target }) => {
                        seen.push(n.clone());
                        ty = target;
                    }
                    None => return true,
                    _ => return false,
                },
                _ => return false,
            }
        }
    }

    /// The expression a model's `from_dict` reads its property `wire` (a
    /// Python string literal) with, of type `ty`, checking its shape
    /// (CONTRACT.md section 6): a scalar through `_base.check`, anything
    /// else through `_base.read*` and its parser, both naming the property
    /// when it is wrong.
    pub fn field_read(&self, ty: &TypeRef, wire: &str, mode: FieldMode) -> D {
        if self.is_unchecked(ty) {
            return match mode {
                FieldMode::Required => text(format!("data[{wire}]")),
                FieldMode::Optional => call("data.get", vec![text(wire)]),
                FieldMode::Given => call("data.get", vec![text(wire), text("_base.NOT_GIVEN")]),
            };
        }
        if let Some((kind, nullable)) = self.scalar_kind(ty, &mut Vec::new()) {
            let (helper, value) = match mode {
                FieldMode::Required if !nullable => ("_base.check", text(format!("data[{wire}]"))),
                FieldMode::Required | FieldMode::Optional => {
                    ("_base.check_optional", call("data.get", vec![text(wire)]))
                }
                FieldMode::Given => (
                    "_base.check_optional",
                    call("data.get", vec![text(wire), text("_base.NOT_GIVEN")]),
                ),
            };
            return call(helper, vec![value, text(wire), text(kind)]);
        }
        let (helper, parser) = match mode {
            FieldMode::Required => ("_base.read", self.checked_parser(ty)),
            FieldMode::Optional => ("_base.read_optional", self.checked_parser(ty.non_null())),
            FieldMode::Given => ("_base.read_given", self.checked_parser(ty.non_null())),
        };
        call(helper, vec![text("data"), text(wire), parser])
    }

    /// A model class as an expression (never quoted).
    fn named_bare(&self, ir: &str) -> String {
        format!("{}{}", self.prefix, self.names.ty(ir))
    }

    fn union_parser(&self, ir: &str) -> String {
        self.names
            .union_parsers
            .get(ir)
            .cloned()
            .unwrap_or_else(|| format!("parse_{ir}"))
    }

    /// A callable reading a JSON value as `ty` and raising `TypeError`,
    /// `KeyError` or `ValueError` when it is not one.
    pub fn checked_parser(&self, ty: &TypeRef) -> D {
        self.checked(ty, &mut Vec::new())
    }

    fn checked(&self, ty: &TypeRef, seen: &mut Vec<String>) -> D {
        match ty {
            TypeRef::Named(n) => match self.kind(n) {
                Some(TypeKind::Object { .. }) => text(format!("{}.from_dict", self.named_bare(n))),
                Some(TypeKind::Union { .. }) => {
                    text(format!("{}{}", self.prefix, self.union_parser(n)))
                }
                Some(TypeKind::Alias { target }) if !seen.contains(n) => {
                    seen.push(n.clone());
                    let parser = self.checked(target, seen);
                    seen.pop();
                    parser
                }
                Some(TypeKind::Enum { base, .. }) => match base {
                    EnumBase::String => text("_base.parse_str"),
                    EnumBase::Integer => text("_base.parse_int"),
                    EnumBase::Number => text("_base.parse_float"),
                    EnumBase::Boolean => text("_base.parse_bool"),
                },
                _ => text("_base.parse_any"),
            },
            TypeRef::Primitive(p) => text(match p {
                Primitive::String | Primitive::Uuid => "_base.parse_str",
                Primitive::DateTime => "_base.parse_datetime",
                Primitive::Date => "_base.parse_date",
                Primitive::Bytes | Primitive::Binary => "_base.parse_base64",
                Primitive::Integer32 => "_base.parse_int32",
                Primitive::Integer64 => "_base.parse_int",
                Primitive::Float | Primitive::Double => "_base.parse_float",
                Primitive::Boolean => "_base.parse_bool",
            }),
            TypeRef::Array(item) => match self.scalar_kind(item, &mut Vec::new()) {
                Some((kind, false)) => text(format!("{kind}_LIST")),
                _ => call("_base.list_parser", vec![self.checked(item, seen)]),
            },
            TypeRef::Map(item) => match self.scalar_kind(item, &mut Vec::new()) {
                Some((kind, false)) => text(format!("{kind}_DICT")),
                _ => call("_base.dict_parser", vec![self.checked(item, seen)]),
            },
            TypeRef::Nullable(inner) => {
                call("_base.optional_parser", vec![self.checked(inner, seen)])
            }
            TypeRef::Any => text("_base.parse_any"),
        }
    }

    /// Whether a value of `ty` must go through `_base.to_json` before it is
    /// sent (models, dates, bytes, and containers of them).
    pub fn needs_encoding(&self, ty: &TypeRef) -> bool {
        !self.is_identity(ty)
    }

    /// The named types `ty` mentions directly (through containers, not
    /// through other named types).
    pub fn mentions(ty: &TypeRef, out: &mut Vec<String>) {
        match ty {
            TypeRef::Named(n) => out.push(n.clone()),
            TypeRef::Array(i) | TypeRef::Map(i) | TypeRef::Nullable(i) => Self::mentions(i, out),
            TypeRef::Primitive(_) | TypeRef::Any => {}
        }
    }

    /// Whether `ty` uses `datetime` in its annotation.
    pub fn uses_datetime(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Primitive(Primitive::DateTime | Primitive::Date) => true,
            TypeRef::Array(i) | TypeRef::Map(i) | TypeRef::Nullable(i) => self.uses_datetime(i),
            _ => false,
        }
    }
}

fn primitive(p: Primitive) -> &'static str {
    match p {
        Primitive::String | Primitive::Uuid => "str",
        Primitive::DateTime => "datetime.datetime",
        Primitive::Date => "datetime.date",
        Primitive::Bytes | Primitive::Binary => "bytes",
        Primitive::Integer32 | Primitive::Integer64 => "int",
        Primitive::Float | Primitive::Double => "float",
        Primitive::Boolean => "bool",
    }
}

/// The builtins the generated annotations (and class-level defaults) name.
/// Inside a class body, a member of the same name (a model's `object`
/// field, a resource's `list` method) hides the builtin from the class's
/// own annotations, so there they are written `builtins.<name>`; elsewhere
/// the plain name reads better.
pub const ANNOTATION_BUILTINS: &[&str] = &[
    "bool", "bytes", "dict", "float", "int", "list", "object", "str",
];

/// The builtins of [`ANNOTATION_BUILTINS`] that `members` (the names a class
/// body defines) hide.
pub fn hidden_builtins<'a>(members: impl IntoIterator<Item = &'a str>) -> Vec<&'static str> {
    let mut hidden: Vec<&'static str> = members
        .into_iter()
        .filter_map(|m| ANNOTATION_BUILTINS.iter().find(|b| **b == m).copied())
        .collect();
    hidden.sort_unstable();
    hidden.dedup();
    hidden
}

/// `annotation` with every name of `hidden` that stands alone (not after a
/// `.`, not inside a string literal such as a forward reference or a
/// `Literal`) written `builtins.<name>`.
pub fn qualify(annotation: &str, hidden: &[&str]) -> String {
    if hidden.is_empty() {
        return annotation.to_string();
    }
    let bytes = annotation.as_bytes();
    let mut out = String::with_capacity(annotation.len() + 9);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' || c == b'\'' {
            // A string literal, copied whole (escapes included).
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i] != c {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            out.push_str(&annotation[start..i]);
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &annotation[start..i];
            let after_dot = start > 0 && bytes[start - 1] == b'.';
            if !after_dot && hidden.contains(&word) {
                out.push_str("builtins.");
            }
            out.push_str(word);
        } else {
            // ASCII punctuation or a UTF-8 byte: copied as is; a multi-byte
            // character is copied byte by byte, whole.
            let len = annotation[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&annotation[i..i + len]);
            i += len;
        }
    }
    out
}

#[cfg(test)]
mod qualify_tests {
    use super::*;

    #[test]
    fn hidden_builtins_are_qualified_where_they_stand_alone() {
        let hidden = hidden_builtins(["object", "id", "list", "type"]);
        assert_eq!(hidden, ["list", "object"]);
        assert_eq!(
            qualify("dict[str, list[object]] | None", &hidden),
            "dict[str, builtins.list[builtins.object]] | None"
        );
        // Not a name of its own: after a dot, inside a word, inside a string.
        assert_eq!(
            qualify(
                "models.list | listing | \"list\" | Literal['object', \"a\\\"list\"]",
                &hidden
            ),
            "models.list | listing | \"list\" | Literal['object', \"a\\\"list\"]"
        );
        assert_eq!(qualify("list[str]", &[]), "list[str]");
        assert_eq!(
            qualify("Literal[\"é\"] | list", &hidden),
            "Literal[\"é\"] | builtins.list"
        );
    }
}
