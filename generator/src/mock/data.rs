//! Response data made from IR types by the project's one sampler
//! ([`crate::ir::sample`]): required fields filled within their schemas'
//! keywords, enums' first value, unions' first variant, recursion cut off.
//!
//! The top-level object also echoes the request: a field named like a field
//! of the request body, or like a path parameter, carries the value sent when
//! that value fits the field's type; and a non-POST request on a path that
//! ends with a parameter gets that parameter as the object's `id`.

use serde_json::{Map, Value};

use super::validate::{fits, resolve};
use crate::ir::sample::Sampler;
use crate::ir::{Api, Constraints, TypeKind, TypeRef};

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
                        let c = Some(&field.constraints).filter(|c| !c.is_empty());
                        let v = self
                            .make(&field.ty, Some(&field.name), Some(name), c, 1, &mut stack)
                            .unwrap_or(Value::Null);
                        map.insert(field.name.clone(), v);
                    }
                }
                return Value::Object(map);
            }
        }
        self.make(ty, None, None, None, 0, &mut stack)
            .unwrap_or(Value::Null)
    }

    /// A value of `ty` for a field or parameter called `name` (`vendor_id`
    /// gets `vendor_1`, `currency` a currency code), with nothing echoed.
    pub fn for_name(&self, ty: &TypeRef, name: &str) -> Value {
        self.make(ty, Some(name), None, None, 0, &mut Vec::new())
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

    fn make(
        &self,
        ty: &TypeRef,
        field: Option<&str>,
        owner: Option<&str>,
        constraints: Option<&Constraints>,
        depth: usize,
        stack: &mut Vec<String>,
    ) -> Option<Value> {
        let sampler = Sampler {
            api: self.api,
            seq: self.seq,
        };
        sampler.made(ty, field, owner, constraints, depth, stack)
    }
}
