//! Which groups need which named types: the types an operation names in a
//! parameter, a request body, a response body or a response header, and every
//! type those reach through fields, items, map values, variants and aliases.
//!
//! An emitter that compiles groups separately (the Rust crate's Cargo
//! features) asks this instead of walking the types itself.

use super::{Api, TypeKind, TypeRef};

/// For each named type (by position in `Api::types`), the groups (by
/// position in `Api::groups`, ascending) whose operations reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeUsage {
    pub groups_of_type: Vec<Vec<usize>>,
    /// Types needed whatever groups are built: those no group reaches
    /// (webhook payloads, unused schemas) and every type they reach.
    pub free: Vec<bool>,
}

impl TypeUsage {
    /// The groups that reach the type at `position`; empty when only
    /// webhooks or nothing at all use it.
    pub fn groups(&self, position: usize) -> &[usize] {
        self.groups_of_type
            .get(position)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }
}

pub fn type_usage(api: &Api) -> TypeUsage {
    let mut groups_of_type = vec![Vec::new(); api.types.len()];
    // The group that last marked each type, so each type is walked at most
    // once per group.
    let mut seen_by: Vec<Option<usize>> = vec![None; api.types.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (g, group) in api.groups.iter().enumerate() {
        for &index in &group.operations {
            let Some(op) = api.operations.get(index) else {
                continue;
            };
            let params = op.params.iter().map(|p| &p.ty);
            let bodies = op
                .body
                .iter()
                .flat_map(|b| b.contents.iter().map(|c| &c.ty));
            let responses = op.responses.iter().flat_map(|r| {
                r.contents
                    .iter()
                    .map(|c| &c.ty)
                    .chain(r.headers.iter().map(|h| &h.ty))
            });
            for ty in params.chain(bodies).chain(responses) {
                push_named(api, ty, &mut stack);
            }
        }
        while let Some(t) = stack.pop() {
            if seen_by[t] == Some(g) {
                continue;
            }
            seen_by[t] = Some(g);
            groups_of_type[t].push(g);
            push_inner(api, t, &mut stack);
        }
    }
    let mut free = vec![false; api.types.len()];
    stack.extend((0..api.types.len()).filter(|&t| groups_of_type[t].is_empty()));
    while let Some(t) = stack.pop() {
        if !free[t] {
            free[t] = true;
            push_inner(api, t, &mut stack);
        }
    }
    TypeUsage {
        groups_of_type,
        free,
    }
}

/// Pushes the types the type at `t` names directly.
fn push_inner(api: &Api, t: usize, stack: &mut Vec<usize>) {
    match &api.types[t].kind {
        TypeKind::Object { fields, additional } => {
            for f in fields {
                push_named(api, &f.ty, stack);
            }
            if let Some(extra) = additional {
                push_named(api, extra, stack);
            }
        }
        TypeKind::Union { variants, .. } => {
            for v in variants {
                push_named(api, &v.ty, stack);
            }
        }
        TypeKind::Alias { target } => push_named(api, target, stack),
        TypeKind::Enum { .. } => {}
    }
}

/// Pushes the position of the named type inside `ty`, if there is one.
fn push_named(api: &Api, ty: &TypeRef, stack: &mut Vec<usize>) {
    match ty {
        TypeRef::Named(name) => {
            if let Some(position) = api.type_position(name) {
                stack.push(position);
            }
        }
        TypeRef::Array(inner) | TypeRef::Map(inner) | TypeRef::Nullable(inner) => {
            push_named(api, inner, stack)
        }
        TypeRef::Primitive(_) | TypeRef::Any => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::of_yaml as api;

    #[test]
    fn types_are_used_by_the_groups_that_reach_them() {
        let api = api(r##"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /pets:
    get:
      tags: [pets]
      operationId: listPets
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}
  /stores:
    post:
      tags: [stores]
      operationId: createStore
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/Store"}
      responses:
        "201": {description: ok}
  /owners:
    get:
      tags: [owners]
      operationId: listOwners
      parameters:
        - {name: kind, in: query, schema: {$ref: "#/components/schemas/Kind"}}
      responses:
        "204": {description: ok}
components:
  schemas:
    Pet:
      type: object
      properties:
        tag: {$ref: "#/components/schemas/Tag"}
    Store:
      type: object
      properties:
        pets: {type: object, additionalProperties: {$ref: "#/components/schemas/Pet"}}
        me: {$ref: "#/components/schemas/Store"}
    Tag: {type: string, enum: [a, b]}
    Kind: {type: string, enum: [x, y]}
    Unused: {type: object, properties: {kind: {$ref: "#/components/schemas/Kind"}}}
"##);
        let usage = type_usage(&api);
        let group = |name: &str| {
            api.groups
                .iter()
                .position(|g| g.name == name)
                .expect("group")
        };
        let of = |name: &str| {
            let position = api.type_position(name).expect("type");
            usage.groups(position).to_vec()
        };
        let (pets, stores, owners) = (group("pets"), group("stores"), group("owners"));
        let mut both = vec![pets, stores];
        both.sort();
        assert_eq!(of("Pet"), both);
        assert_eq!(of("Tag"), both, "reached through Pet, also from a map");
        assert_eq!(of("Store"), vec![stores], "a cycle is walked once");
        assert_eq!(of("Kind"), vec![owners], "a parameter's type counts");
        assert!(of("Unused").is_empty());
        let free = |name: &str| usage.free[api.type_position(name).expect("type")];
        assert!(free("Unused"), "no group reaches it");
        assert!(free("Kind"), "a type no group reaches needs it");
        assert!(!free("Pet") && !free("Store") && !free("Tag"));
    }
}
