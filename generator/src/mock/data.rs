//! Response data made from IR types, deterministically: required fields
//! filled, enums' first value, unions' first variant, arrays of one item,
//! maps empty, nullable values null, recursion cut off. Strings follow the
//! field's name where it says what they hold (`email`, `currency`, `*_id`...).
//!
//! The top-level object also echoes the request: a field named like a field
//! of the request body, or like a path parameter, carries the value sent when
//! that value fits the field's type; and a non-POST request on a path that
//! ends with a parameter gets that parameter as the object's `id`.

use heck::ToSnakeCase;
use serde_json::{Map, Value};

use super::validate::{fits, resolve};
use crate::ir::{Api, Primitive, TypeKind, TypeRef};

/// Named types nested deeper than this are not expanded.
const MAX_DEPTH: usize = 8;

/// What a response is made from, besides its type.
pub(crate) struct Example<'a> {
    pub api: &'a Api,
    /// The request body, when it was a JSON object.
    pub echo: Option<&'a Map<String, Value>>,
    /// The path parameters, decoded.
    pub path_params: &'a [(String, String)],
    /// The top-level object's `id`, when the request addresses one.
    pub id: Option<&'a str>,
    /// Numbers the objects a state-changing operation makes: `transfer_3`.
    pub seq: u64,
}

impl Example<'_> {
    /// A value of `ty`, with the request echoed into its top-level fields.
    pub fn value(&self, ty: &TypeRef) -> Value {
        let mut stack = Vec::new();
        if let TypeRef::Named(name) = resolve(self.api, ty) {
            if let Some(TypeKind::Object { fields, .. }) =
                self.api.type_by_name(name).map(|t| &t.kind)
            {
                stack.push(name.clone());
                let mut map = Map::new();
                for field in fields {
                    if let Some(v) = self.echoed(&field.name, &field.ty) {
                        map.insert(field.name.clone(), v);
                    } else if field.required && !field.write_only {
                        let v = self
                            .make(&field.ty, Some(&field.name), Some(name), 1, &mut stack)
                            .unwrap_or(Value::Null);
                        map.insert(field.name.clone(), v);
                    }
                }
                return Value::Object(map);
            }
        }
        self.make(ty, None, None, 0, &mut stack)
            .unwrap_or(Value::Null)
    }

    /// A value of `ty` for a field or parameter called `name` (`vendor_id`
    /// gets `vendor_1`, `currency` a currency code), with nothing echoed.
    pub fn for_name(&self, ty: &TypeRef, name: &str) -> Value {
        self.make(ty, Some(name), None, 0, &mut Vec::new())
            .unwrap_or(Value::Null)
    }

    fn echoed(&self, name: &str, ty: &TypeRef) -> Option<Value> {
        if let Some(v) = self.echo.and_then(|body| body.get(name)) {
            if fits(self.api, v, ty) {
                return Some(v.clone());
            }
        }
        if name == "id" {
            if let Some(id) = self.id {
                let v = super::validate::coerce(self.api, id, ty);
                if fits(self.api, &v, ty) {
                    return Some(v);
                }
            }
        }
        let (_, raw) = self.path_params.iter().find(|(k, _)| k == name)?;
        let v = super::validate::coerce(self.api, raw, ty);
        fits(self.api, &v, ty).then_some(v)
    }

    /// `None` when the type cannot be made within the depth limit (a
    /// required, non-nullable cycle); the nearest array or nullable takes it.
    fn make(
        &self,
        ty: &TypeRef,
        field: Option<&str>,
        owner: Option<&str>,
        depth: usize,
        stack: &mut Vec<String>,
    ) -> Option<Value> {
        match ty {
            TypeRef::Any => Some(Value::Object(Map::new())),
            TypeRef::Nullable(_) => Some(Value::Null),
            TypeRef::Map(_) => Some(Value::Object(Map::new())),
            TypeRef::Array(item) => Some(Value::Array(
                self.make(item, field, owner, depth + 1, stack)
                    .into_iter()
                    .collect(),
            )),
            TypeRef::Primitive(p) => Some(self.primitive(*p, field, owner)),
            TypeRef::Named(name) => {
                if depth > MAX_DEPTH || stack.iter().any(|s| s == name) {
                    return None;
                }
                let named = self.api.type_by_name(name)?;
                stack.push(name.clone());
                let made = match &named.kind {
                    TypeKind::Alias { target } => self.make(target, field, owner, depth, stack),
                    TypeKind::Enum { values, .. } => values.first().map(|v| v.value.clone()),
                    TypeKind::Object { fields, .. } => {
                        let mut map = Map::new();
                        let mut complete = true;
                        for f in fields.iter().filter(|f| f.required && !f.write_only) {
                            match self.make(&f.ty, Some(&f.name), Some(name), depth + 1, stack) {
                                Some(v) => {
                                    map.insert(f.name.clone(), v);
                                }
                                None => {
                                    complete = false;
                                    break;
                                }
                            }
                        }
                        complete.then_some(Value::Object(map))
                    }
                    TypeKind::Union {
                        variants,
                        discriminator,
                        ..
                    } => variants.iter().find_map(|variant| {
                        let mut v = self.make(&variant.ty, field, owner, depth + 1, stack)?;
                        if let (Some(prop), Some(tag), Value::Object(map)) =
                            (discriminator, variant.tags.first(), &mut v)
                        {
                            map.insert(prop.clone(), Value::String(tag.clone()));
                        }
                        Some(v)
                    }),
                };
                stack.pop();
                made
            }
        }
    }

    fn primitive(&self, p: Primitive, field: Option<&str>, owner: Option<&str>) -> Value {
        let name = field.unwrap_or("").to_ascii_lowercase();
        match p {
            Primitive::String => Value::String(self.string(&name, owner)),
            Primitive::DateTime => Value::String("2024-01-01T00:00:00Z".to_string()),
            Primitive::Date => Value::String("2024-01-01".to_string()),
            Primitive::Uuid => Value::String(format!("00000000-0000-4000-8000-{:012x}", self.seq)),
            Primitive::Bytes => Value::String("ZXhhbXBsZQ==".to_string()),
            Primitive::Binary => Value::String("example".to_string()),
            Primitive::Integer32 | Primitive::Integer64 => {
                if name.contains("year") {
                    Value::from(2030)
                } else {
                    Value::from(1)
                }
            }
            Primitive::Float | Primitive::Double => Value::from(1.5),
            Primitive::Boolean => Value::Bool(false),
        }
    }

    fn string(&self, name: &str, owner: Option<&str>) -> String {
        if name == "id" {
            let prefix = owner
                .map(|o| o.to_snake_case())
                .unwrap_or_else(|| "obj".to_string());
            return format!("{prefix}_{}", self.seq);
        }
        if let Some(stem) = name.strip_suffix("_id") {
            return format!("{stem}_1");
        }
        if name.contains("email") {
            return "user@example.com".to_string();
        }
        if name == "currency" || name.ends_with("_currency") {
            return "usd".to_string();
        }
        if name == "country" || name.ends_with("_country") {
            return "US".to_string();
        }
        if name == "last4" {
            return "4242".to_string();
        }
        if name.ends_with("url") || name.ends_with("uri") || name == "href" {
            return "https://example.com".to_string();
        }
        if name == "name" || name.ends_with("_name") {
            return "Example".to_string();
        }
        "example".to_string()
    }
}
