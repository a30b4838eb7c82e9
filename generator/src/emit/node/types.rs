//! TypeScript types for IR type references, and which types need a wire
//! converter (their camelCase names differ from the wire's somewhere inside).

use crate::emit::hash::{Map, Set};

use super::escape::js_string;
use super::layout::{self as l, D};
use super::naming::Names;
use crate::ir::{Api, EnumBase, Primitive, TypeKind, TypeRef};

/// The runtime's type of what a file part or a binary body takes (bytes, a
/// Blob or File, a stream), which a module that mentions it imports.
pub const FILE_INPUT: &str = "FileInput";

/// Whether the TypeScript type of `ty` spells out `FileInput` itself (not
/// through a named type, whose own module imports it).
pub fn shows_binary(ty: &TypeRef) -> bool {
    match ty {
        TypeRef::Primitive(Primitive::Binary) => true,
        TypeRef::Array(t) | TypeRef::Map(t) | TypeRef::Nullable(t) => shows_binary(t),
        TypeRef::Named(_) | TypeRef::Primitive(_) | TypeRef::Any => false,
    }
}

/// Which way a value is going: binary fields read as `FileInput` on the way
/// in and as `Uint8Array` on the way out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Input,
    Output,
}

pub struct Types<'a> {
    pub api: &'a Api,
    pub names: &'a Names,
    index: Map<&'a str, usize>,
    /// The TypeScript names of the types.
    ts_names: Set<&'a str>,
    /// Per type index: does a value of it need converting between the SDK's
    /// names and the wire's?
    converts: Vec<bool>,
    /// Per type index: an object type whose properties a request writes as
    /// JSON (a JSON body, or an object part of a multipart one), so in the
    /// order of its schema (WIRE.md section 5), whatever order the caller's
    /// object holds them in. Its converter lists every field.
    ordered: Vec<bool>,
    /// Per type index: a type a success body holds (at any depth), whose
    /// values the SDK reads and checks, so its table lists every field.
    read: Vec<bool>,
}

impl<'a> Types<'a> {
    pub fn new(api: &'a Api, names: &'a Names) -> Types<'a> {
        let index = api
            .types
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.as_str(), i))
            .collect();
        let mut types = Types {
            api,
            names,
            index,
            ts_names: names.types.iter().map(String::as_str).collect(),
            converts: vec![false; api.types.len()],
            ordered: vec![false; api.types.len()],
            read: vec![false; api.types.len()],
        };
        types.ordered = types.written_as_json();
        types.read = types.read_in_responses();
        // A fixpoint: a type converts when one of its names changes or a type
        // it holds converts. Cycles settle because values only go false → true.
        loop {
            let mut changed = false;
            for i in 0..api.types.len() {
                if !types.converts[i] && types.type_converts(i) {
                    types.converts[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        types
    }

    /// Whether `word` is the TypeScript name of one of the types.
    pub fn is_type_name(&self, word: &str) -> bool {
        self.ts_names.contains(word)
    }

    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The object types of more than one field that a JSON or multipart
    /// request body holds, at any depth.
    fn written_as_json(&self) -> Vec<bool> {
        use crate::ir::BodyKind;
        let mut seen = vec![false; self.api.types.len()];
        let mut ordered = vec![false; self.api.types.len()];
        let mut stack: Vec<&TypeRef> = self
            .api
            .operations
            .iter()
            .filter_map(|op| op.plan.body.as_ref())
            .filter(|b| matches!(b.content.kind, BodyKind::Json | BodyKind::Multipart))
            .map(|b| &b.content.ty)
            .collect();
        while let Some(ty) = stack.pop() {
            match ty {
                TypeRef::Named(n) => {
                    let Some(i) = self.index_of(n) else { continue };
                    if seen[i] {
                        continue;
                    }
                    seen[i] = true;
                    match &self.api.types[i].kind {
                        TypeKind::Object { fields, additional } => {
                            ordered[i] = fields.len() > 1;
                            stack.extend(fields.iter().map(|f| &f.ty));
                            stack.extend(additional.as_ref());
                        }
                        TypeKind::Union { variants, .. } => {
                            stack.extend(variants.iter().map(|v| &v.ty));
                        }
                        TypeKind::Alias { target } => stack.push(target),
                        TypeKind::Enum { .. } => {}
                    }
                }
                TypeRef::Array(t) | TypeRef::Map(t) | TypeRef::Nullable(t) => stack.push(t),
                TypeRef::Primitive(_) | TypeRef::Any => {}
            }
        }
        ordered
    }

    /// The types a JSON success body holds, at any depth.
    fn read_in_responses(&self) -> Vec<bool> {
        use crate::ir::BodyKind;
        let mut read = vec![false; self.api.types.len()];
        let mut stack: Vec<&TypeRef> = self
            .api
            .operations
            .iter()
            .flat_map(|op| &op.responses)
            .filter(|r| r.status.is_success())
            .flat_map(|r| &r.contents)
            .filter(|c| c.kind == BodyKind::Json)
            .map(|c| &c.ty)
            // A stream's events are read from JSON too.
            .chain(
                self.api
                    .operations
                    .iter()
                    .filter_map(|op| op.plan.stream.as_ref().map(|s| &s.event)),
            )
            .collect();
        while let Some(ty) = stack.pop() {
            match ty {
                TypeRef::Named(n) => {
                    let Some(i) = self.index_of(n) else { continue };
                    if read[i] {
                        continue;
                    }
                    read[i] = true;
                    match &self.api.types[i].kind {
                        TypeKind::Object { fields, additional } => {
                            stack.extend(fields.iter().map(|f| &f.ty));
                            stack.extend(additional.as_ref());
                        }
                        TypeKind::Union { variants, .. } => {
                            stack.extend(variants.iter().map(|v| &v.ty));
                        }
                        TypeKind::Alias { target } => stack.push(target),
                        TypeKind::Enum { .. } => {}
                    }
                }
                TypeRef::Array(t) | TypeRef::Map(t) | TypeRef::Nullable(t) => stack.push(t),
                TypeRef::Primitive(_) | TypeRef::Any => {}
            }
        }
        read
    }

    /// Whether values of type `i` are read from success bodies: its reader
    /// checks them, and its table lists every field.
    pub fn read(&self, i: usize) -> bool {
        self.read[i]
    }

    /// The reader of a JSON value of `ty` (`wire.js`, CONTRACT.md section 6):
    /// a scalar's code, a model's reader function, or one built of them.
    pub fn reader(&self, ty: &TypeRef) -> Read {
        self.reader_in(ty, &mut Vec::new())
    }

    fn reader_in(&self, ty: &TypeRef, seen: &mut Vec<usize>) -> Read {
        match ty {
            TypeRef::Named(n) => {
                let Some(i) = self.index_of(n) else {
                    return Read::Code("any".into());
                };
                match &self.api.types[i].kind {
                    TypeKind::Object { .. } | TypeKind::Union { .. } => {
                        Read::Fn(self.names.reader_fn(i))
                    }
                    TypeKind::Enum { base, values, .. } => {
                        let code = match base {
                            EnumBase::String => "str",
                            EnumBase::Integer => "int",
                            EnumBase::Number => "num",
                            EnumBase::Boolean => "bool",
                        };
                        if values.iter().any(|v| v.value.is_null()) {
                            Read::Code(format!("{code}?"))
                        } else {
                            Read::Code(code.into())
                        }
                    }
                    TypeKind::Alias { target } => {
                        if seen.contains(&i) {
                            return Read::Code("any".into());
                        }
                        seen.push(i);
                        let r = self.reader_in(target, seen);
                        seen.pop();
                        r
                    }
                }
            }
            TypeRef::Primitive(p) => Read::Code(
                match p {
                    Primitive::String | Primitive::Uuid | Primitive::Bytes | Primitive::Binary => {
                        "str"
                    }
                    Primitive::DateTime => "datetime",
                    Primitive::Date => "date",
                    Primitive::Integer32 => "int32",
                    Primitive::Integer64 => "int",
                    Primitive::Float | Primitive::Double => "num",
                    Primitive::Boolean => "bool",
                }
                .into(),
            ),
            TypeRef::Array(t) => Read::List(Box::new(self.reader_in(t, seen))),
            TypeRef::Map(t) => Read::Record(Box::new(self.reader_in(t, seen))),
            TypeRef::Nullable(t) => match self.reader_in(t, seen) {
                Read::Code(c) if c == "any" || c.ends_with('?') => Read::Code(c),
                Read::Code(c) => Read::Code(format!("{c}?")),
                Read::OrNull(r) => Read::OrNull(r),
                other => Read::OrNull(Box::new(other)),
            },
            TypeRef::Any => Read::Code("any".into()),
        }
    }

    /// Whether the converter of type `i` lists every field, in schema order.
    pub fn ordered(&self, i: usize) -> bool {
        self.ordered[i]
    }

    fn type_converts(&self, i: usize) -> bool {
        if self.ordered[i] {
            return true;
        }
        match &self.api.types[i].kind {
            TypeKind::Object { fields, additional } => {
                fields
                    .iter()
                    .zip(&self.names.fields[i])
                    .any(|(f, name)| f.name != *name || self.ref_converts(&f.ty))
                    || additional.as_ref().is_some_and(|t| self.ref_converts(t))
            }
            TypeKind::Union { variants, .. } => variants.iter().any(|v| self.ref_converts(&v.ty)),
            TypeKind::Alias { target } => self.ref_converts(target),
            TypeKind::Enum { .. } => false,
        }
    }

    pub fn ref_converts(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Named(n) => self.index_of(n).is_some_and(|i| self.converts[i]),
            TypeRef::Array(t) | TypeRef::Map(t) | TypeRef::Nullable(t) => self.ref_converts(t),
            TypeRef::Primitive(_) | TypeRef::Any => false,
        }
    }

    pub fn converts(&self, i: usize) -> bool {
        self.converts[i]
    }

    /// The converter of a value of `ty` in one direction, or `None` when
    /// values pass unchanged.
    pub fn converter(&self, ty: &TypeRef, from_wire: bool) -> Option<Conv> {
        match ty {
            TypeRef::Named(n) => {
                let i = self.index_of(n)?;
                if !self.converts[i] {
                    return None;
                }
                match &self.api.types[i].kind {
                    TypeKind::Alias { target } => self.converter(target, from_wire),
                    _ => Some(Conv::Fn(if from_wire {
                        self.names.reader_fn(i)
                    } else {
                        self.names.writer_fn(i)
                    })),
                }
            }
            TypeRef::Array(t) => self
                .converter(t, from_wire)
                .map(|c| Conv::ArrayOf(Box::new(c))),
            TypeRef::Map(t) => self
                .converter(t, from_wire)
                .map(|c| Conv::MapOf(Box::new(c))),
            TypeRef::Nullable(t) => self.converter(t, from_wire),
            TypeRef::Primitive(_) | TypeRef::Any => None,
        }
    }

    /// The members of the union a TypeScript type for `ty` is (one member when
    /// it is no union).
    pub fn members(&self, ty: &TypeRef, flow: Flow) -> Vec<String> {
        let mut out: Vec<String> = match ty {
            TypeRef::Named(n) => vec![self
                .index_of(n)
                .map(|i| self.names.types[i].clone())
                .unwrap_or_else(|| "unknown".to_string())],
            TypeRef::Primitive(p) => match p {
                Primitive::Binary => match flow {
                    Flow::Input => vec![FILE_INPUT.into()],
                    Flow::Output => vec!["Uint8Array".into()],
                },
                Primitive::Boolean => vec!["boolean".into()],
                Primitive::Integer32
                | Primitive::Integer64
                | Primitive::Float
                | Primitive::Double => vec!["number".into()],
                Primitive::String
                | Primitive::DateTime
                | Primitive::Date
                | Primitive::Uuid
                | Primitive::Bytes => vec!["string".into()],
            },
            TypeRef::Array(t) => {
                let inner = self.members(t, flow);
                if inner.len() > 1 {
                    vec![format!("({})[]", inner.join(" | "))]
                } else {
                    vec![format!("{}[]", inner[0])]
                }
            }
            TypeRef::Map(t) => vec![format!(
                "Record<string, {}>",
                self.members(t, flow).join(" | ")
            )],
            TypeRef::Nullable(t) => {
                let mut m = self.members(t, flow);
                m.push("null".into());
                m
            }
            TypeRef::Any => vec!["unknown".into()],
        };
        if out.len() > 1 {
            // Few members: the first of each kept, in order.
            let mut kept: Vec<String> = Vec::with_capacity(out.len());
            for m in out {
                if !kept.contains(&m) {
                    kept.push(m);
                }
            }
            out = kept;
        }
        if out.iter().any(|m| m == "unknown") {
            return vec!["unknown".into()];
        }
        out
    }

    pub fn ts(&self, ty: &TypeRef, flow: Flow) -> String {
        self.members(ty, flow).join(" | ")
    }

    /// The members of a named type's own definition (`export type X = ...`).
    pub fn definition_members(&self, i: usize) -> Vec<String> {
        match &self.api.types[i].kind {
            TypeKind::Enum {
                base,
                values,
                constant,
            } => {
                let mut m: Vec<String> = values.iter().map(|v| literal(&v.value)).collect();
                if !*constant {
                    match base {
                        EnumBase::String => m.push("(string & {})".into()),
                        EnumBase::Integer | EnumBase::Number => m.push("(number & {})".into()),
                        EnumBase::Boolean => {}
                    }
                }
                if m.is_empty() {
                    m.push("never".into());
                }
                m
            }
            TypeKind::Union { variants, .. } => {
                let mut m: Vec<String> = Vec::new();
                for v in variants {
                    for member in self.members(&v.ty, Flow::Input) {
                        if !m.contains(&member) {
                            m.push(member);
                        }
                    }
                }
                if m.iter().any(|x| x == "unknown") || m.is_empty() {
                    return vec!["unknown".into()];
                }
                m
            }
            TypeKind::Alias { target } => self.members(target, Flow::Input),
            TypeKind::Object { .. } => vec![self.names.types[i].clone()],
        }
    }

    /// The object type (through aliases) a type reference names, if any.
    pub fn object_index(&self, ty: &TypeRef) -> Option<usize> {
        match ty {
            TypeRef::Named(n) => {
                let i = self.index_of(n)?;
                match &self.api.types[i].kind {
                    TypeKind::Object { .. } => Some(i),
                    TypeKind::Alias { target } => self.object_index(target),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// A converter expression of `wire.js`: a model's function, or one applied
/// to every item of an array or every value of a map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conv {
    Fn(String),
    ArrayOf(Box<Conv>),
    MapOf(Box<Conv>),
}

impl Conv {
    /// The expression, inside `wire.js` (`qualified` false) or outside it
    /// (`wire.` in front of every name).
    pub fn code(&self, qualified: bool) -> String {
        l::flat(&self.doc(qualified))
    }

    /// [`Conv::code`] laid out: a call's argument on its own line when the
    /// call does not fit.
    pub fn doc(&self, qualified: bool) -> D {
        let prefix = if qualified { "wire." } else { "" };
        match self {
            Conv::Fn(f) => l::text(format!("{prefix}{f}")),
            Conv::ArrayOf(c) => l::call(&format!("{prefix}arrayOf"), vec![c.doc(qualified)]),
            Conv::MapOf(c) => l::call(&format!("{prefix}mapOf"), vec![c.doc(qualified)]),
        }
    }

    /// `conv(value)` laid out, with `wire.` names.
    pub fn apply(&self, value: D) -> D {
        l::call_of(self.doc(true), vec![value])
    }
}

/// How `wire.js` reads a JSON value of a type, checking it (the runtime's
/// `shape.js`): a scalar's code (`"str"`, `"int?"`, ...), a model's reader,
/// or the runtime's `listOf`, `recordOf`, `orNull` around one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    Code(String),
    Fn(String),
    List(Box<Read>),
    Record(Box<Read>),
    OrNull(Box<Read>),
}

impl Read {
    /// Whether it accepts any value unchanged (nothing to read).
    pub fn is_any(&self) -> bool {
        matches!(self, Read::Code(c) if c == "any")
    }

    /// The expression inside a `wire.js` table (`qualified` false), or
    /// outside `wire.js` (`wire.` in front of every name).
    pub fn code(&self, qualified: bool) -> String {
        l::flat(&self.doc(qualified))
    }

    /// [`Read::code`] laid out: a call's argument on its own line when the
    /// call does not fit.
    pub fn doc(&self, qualified: bool) -> D {
        let prefix = if qualified { "wire." } else { "" };
        let call =
            |name: &str, r: &Read| l::call(&format!("{prefix}{name}"), vec![r.doc(qualified)]);
        match self {
            Read::Code(c) => l::text(js_string(c)),
            Read::Fn(f) => l::text(format!("{prefix}{f}")),
            Read::List(r) => call("listOf", r),
            Read::Record(r) => call("recordOf", r),
            Read::OrNull(r) => call("orNull", r),
        }
    }

    /// A function reading the value, laid out, with `wire.` names: what an
    /// operation's `decode` and `parseItem` hold.
    pub fn layout(&self) -> D {
        match self {
            Read::Code(c) => l::call("wire.reader", vec![l::text(js_string(c))]),
            other => other.doc(true),
        }
    }
}

/// A JSON value as a TypeScript literal type (and JavaScript value).
pub fn literal(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => js_string(s),
        serde_json::Value::Null => "null".into(),
        serde_json::Value::Bool(b) => b.to_string(),
        serde_json::Value::Number(n) => n.to_string(),
        other => js_string(&other.to_string()),
    }
}
