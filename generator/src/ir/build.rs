//! From the typed OpenAPI document to the IR.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use openapiv3 as oa;
use openapiv3::ReferenceOr;
use serde_json::Value;

use super::names::{pascal, NameSet};
use super::*;
use crate::classify::{self, Hints};
use crate::error::{join_pointer, Diagnostic, Warning};
use crate::load::normalize::{CONST_MARK, NULL_MARK};
use crate::load::Loaded;

/// Builds the IR of a loaded spec.
pub fn build(loaded: &Loaded) -> Result<Api, Diagnostic> {
    let doc = &loaded.document;
    let mut b = Builder::new(loaded);
    b.name_components();
    b.build_components()?;

    let key_contract = classify::key_contract(doc.extensions.get("x-idempotency"));
    let root_p99 = doc
        .extensions
        .get("x-latency-p99-ms")
        .and_then(Value::as_u64);
    let root_retries = classify::retry_overrides(doc.extensions.get("x-retries"));

    let mut operations = Vec::new();
    let mut op_ids = NameSet::default();
    for (path, item) in doc.paths.paths.iter() {
        let item_pointer = join_pointer("/paths", path);
        let item = match item {
            ReferenceOr::Item(item) => item,
            ReferenceOr::Reference { reference } => {
                return Err(loaded.diagnostic(&item_pointer, format!("path item reference `{reference}` is not supported inside one document"))
                    .with_hint("move the path item under `paths`, or keep it in its own file and refer to that file"));
            }
        };
        // A fragment is never part of a request (some specs use one to tell
        // apart operations on the same path): the request goes to the path
        // without it.
        let (request_path, fragment) = match path.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (path.as_str(), None),
        };
        // A query written into the path (`/responses?beta=true`) is sent
        // with every request of its operations, beside their parameters.
        let (request_path, path_query) = match request_path.split_once('?') {
            Some((p, q)) => (p, decoded_pairs(q)),
            None => (request_path, Vec::new()),
        };
        for (method_name, op) in item.iter() {
            let method = parse_method(method_name);
            let pointer = join_pointer(&item_pointer, method_name);
            let mut built = b.operation(request_path, method, item, op, &pointer, &key_contract)?;
            built.id = unique_op_id(&mut op_ids, &built.id);
            built.path_query = path_query
                .iter()
                .filter(|(name, _)| {
                    // A declared parameter of the same name says it instead.
                    !built
                        .params
                        .iter()
                        .any(|p| p.location == ParamLocation::Query && &p.name == name)
                })
                .cloned()
                .collect();
            if let Some(fragment) = fragment {
                b.warn(
                    "path-fragment",
                    &pointer,
                    format!(
                        "the path `{path}` has a fragment (`#{fragment}`), which no request carries: {} {request_path} ({}) is sent without it",
                        method.as_str(),
                        built.id
                    ),
                );
            }
            operations.push(built);
        }
    }

    let mut webhooks = Vec::new();
    for (name, item) in &loaded.webhooks {
        let ReferenceOr::Item(item) = item else {
            continue;
        };
        for (method_name, op) in item.iter() {
            let pointer = join_pointer(&join_pointer("/webhooks", name), method_name);
            let payload = match &op.request_body {
                Some(body) => {
                    let body = b.resolve_body(body, &pointer)?;
                    match body.content.iter().next() {
                        Some((_, media)) => match &media.schema {
                            Some(schema) => Some(b.type_ref(
                                schema,
                                &format!("{name}Webhook"),
                                &join_pointer(&pointer, "requestBody"),
                            )?),
                            None => None,
                        },
                        None => None,
                    }
                }
                None => None,
            };
            webhooks.push(Webhook {
                name: name.clone(),
                method: parse_method(method_name),
                summary: op.summary.clone(),
                payload,
            });
        }
    }

    let groups = tag_groups(doc);
    b.check_required_cycles()?;
    b.check_chains()?;

    let mut warnings = loaded.warnings.clone();
    warnings.append(&mut b.warnings);
    let mut api = Api {
        title: doc.info.title.clone(),
        version: doc.info.version.clone(),
        description: doc.info.description.clone(),
        openapi: loaded.declared_version.clone(),
        servers: servers(&doc.servers),
        auth: b.auth_schemes(),
        default_security: security(doc.security.as_ref()).unwrap_or_default(),
        groups,
        operations,
        types: b.types,
        webhooks,
        key_contract,
        latency_p99_ms: root_p99,
        retries: root_retries,
        client_retry: RetrySettings::default(),
        constant_headers: Vec::new(),
        request_id_header: None,
        warnings,
        type_index: Default::default(),
    };
    // The passes over the built IR, in order: retry safety first, since the
    // plan carries each keyed operation's key contract.
    classify::run(&mut api);
    plan::run(&mut api);
    super::paginate::run(&mut api);
    super::resources::run(&mut api);
    match super::limits::bad_name(&api) {
        None => Ok(api),
        Some(bad) => Err(loaded
            .diagnostic(&bad.pointer, bad.message)
            .with_hint(bad.hint)),
    }
}

/// `a=1&b=x%20y` as decoded pairs (a name alone has an empty value).
fn decoded_pairs(query: &str) -> Vec<(String, String)> {
    let decode = |t: &str| {
        percent_encoding::percent_decode_str(&t.replace('+', " "))
            .decode_utf8_lossy()
            .into_owned()
    };
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(p), String::new()),
        })
        .collect()
}

fn unique_op_id(ids: &mut NameSet, id: &str) -> String {
    let claimed = ids.claim(id);
    if pascal(id) == claimed {
        id.to_string()
    } else {
        // Keep the spec's spelling and add the number the name set chose.
        format!("{id}{}", &claimed[pascal(id).len()..])
    }
}

fn parse_method(name: &str) -> Method {
    match name {
        "get" => Method::Get,
        "put" => Method::Put,
        "post" => Method::Post,
        "delete" => Method::Delete,
        "options" => Method::Options,
        "head" => Method::Head,
        "patch" => Method::Patch,
        _ => Method::Trace,
    }
}

fn servers(servers: &[oa::Server]) -> Vec<Server> {
    servers
        .iter()
        .map(|s| Server {
            url: s.url.clone(),
            description: s.description.clone(),
            variables: s
                .variables
                .iter()
                .flatten()
                .map(|(name, v)| ServerVariable {
                    name: name.clone(),
                    default: v.default.clone(),
                    values: v.enumeration.clone(),
                    description: v.description.clone(),
                })
                .collect(),
        })
        .collect()
}

fn security(reqs: Option<&Vec<oa::SecurityRequirement>>) -> Option<Vec<Vec<String>>> {
    reqs.map(|reqs| reqs.iter().map(|r| r.keys().cloned().collect()).collect())
}

/// The spec's tags, in order and without operations: the resource pass
/// (`resources.rs`) puts each operation in its group, keeping this order for
/// the groups the tags name.
fn tag_groups(doc: &oa::OpenAPI) -> Vec<Group> {
    doc.tags
        .iter()
        .map(|tag| Group {
            name: tag.name.clone(),
            description: tag.description.clone(),
            operations: Vec::new(),
        })
        .collect()
}

/// What a schema turns into before it gets a name.
enum Shape {
    /// A structural type that needs no name.
    Ref(TypeRef),
    /// A type that needs a name (object, enum, union).
    Kind(TypeKind),
}

struct Builder<'a> {
    loaded: &'a Loaded,
    schemas: &'a IndexMap<String, ReferenceOr<oa::Schema>>,
    /// Component key to IR name.
    component_names: HashMap<String, String>,
    /// Components whose schema is nullable: every use of them is.
    nullable_components: HashSet<String>,
    names: NameSet,
    types: Vec<NamedType>,
    warnings: Vec<Warning>,
    /// Components being merged by allOf, to catch cycles.
    merging: Vec<String>,
}

impl<'a> Builder<'a> {
    fn new(loaded: &'a Loaded) -> Self {
        static EMPTY: std::sync::OnceLock<IndexMap<String, ReferenceOr<oa::Schema>>> =
            std::sync::OnceLock::new();
        let schemas = match loaded.document.components.as_ref() {
            Some(c) => &c.schemas,
            None => EMPTY.get_or_init(IndexMap::new),
        };
        Builder {
            loaded,
            schemas,
            component_names: HashMap::new(),
            nullable_components: HashSet::new(),
            names: NameSet::default(),
            types: Vec::new(),
            warnings: Vec::new(),
            merging: Vec::new(),
        }
    }

    fn warn(&mut self, kind: &'static str, pointer: &str, message: impl Into<String>) {
        self.warnings.push(Warning {
            kind,
            pointer: pointer.to_string(),
            message: message.into(),
        });
    }

    fn name_components(&mut self) {
        let keys: Vec<String> = self.schemas.keys().cloned().collect();
        for key in keys {
            let name = self.names.claim(&key);
            if let Some(ReferenceOr::Item(s)) = self.schemas.get(&key) {
                if s.schema_data.nullable {
                    self.nullable_components.insert(key.clone());
                }
            }
            self.component_names.insert(key, name);
        }
    }

    fn build_components(&mut self) -> Result<(), Diagnostic> {
        let schemas = self.schemas;
        for (key, schema) in schemas {
            let name = self.component_names[key].clone();
            let pointer = join_pointer("/components/schemas", key);
            let constraints = match schema {
                ReferenceOr::Item(s) => constraints_of(s),
                ReferenceOr::Reference { .. } => Constraints::default(),
            };
            let (description, kind) = match schema {
                ReferenceOr::Reference { reference } => {
                    let target = self.reference(reference, &pointer)?;
                    (None, TypeKind::Alias { target })
                }
                ReferenceOr::Item(s) => {
                    let kind = match self.shape(s, &name, &pointer)? {
                        Shape::Kind(kind) => kind,
                        // A component's own nullability is applied where it is used.
                        Shape::Ref(target) => TypeKind::Alias {
                            target: strip_null(target, s),
                        },
                    };
                    (s.schema_data.description.clone(), kind)
                }
            };
            self.types.push(NamedType {
                name,
                description,
                origin: pointer,
                kind,
                constraints,
            });
        }
        Ok(())
    }

    /// A `$ref` to a component schema as a type.
    fn reference(&mut self, reference: &str, pointer: &str) -> Result<TypeRef, Diagnostic> {
        let key = component_key(reference);
        match key.and_then(|k| self.component_names.get(&k).map(|n| (k.clone(), n.clone()))) {
            Some((key, name)) => {
                let ty = TypeRef::Named(name);
                Ok(if self.nullable_components.contains(&key) { ty.nullable() } else { ty })
            }
            None => Err(self
                .loaded
                .diagnostic(pointer, format!("dangling reference `{reference}`: no such schema"))
                .with_hint("point the $ref at a schema under #/components/schemas, or add the missing schema")),
        }
    }

    /// The type of a schema found inline, naming it `hint` if it needs a name.
    fn type_ref(
        &mut self,
        schema: &ReferenceOr<oa::Schema>,
        hint: &str,
        pointer: &str,
    ) -> Result<TypeRef, Diagnostic> {
        match schema {
            ReferenceOr::Reference { reference } => self.reference(reference, pointer),
            ReferenceOr::Item(s) => self.inline(s, hint, pointer),
        }
    }

    fn type_ref_boxed(
        &mut self,
        schema: &ReferenceOr<Box<oa::Schema>>,
        hint: &str,
        pointer: &str,
    ) -> Result<TypeRef, Diagnostic> {
        match schema {
            ReferenceOr::Reference { reference } => self.reference(reference, pointer),
            ReferenceOr::Item(s) => self.inline(s, hint, pointer),
        }
    }

    fn inline(&mut self, s: &oa::Schema, hint: &str, pointer: &str) -> Result<TypeRef, Diagnostic> {
        let ty = match self.shape(s, hint, pointer)? {
            Shape::Ref(t) => t,
            Shape::Kind(kind) => {
                let name = self.names.claim(hint);
                self.types.push(NamedType {
                    name: name.clone(),
                    description: s.schema_data.description.clone(),
                    origin: pointer.to_string(),
                    kind,
                    constraints: constraints_of(s),
                });
                TypeRef::Named(name)
            }
        };
        Ok(if s.schema_data.nullable {
            ty.nullable()
        } else {
            ty
        })
    }

    fn shape(&mut self, s: &oa::Schema, hint: &str, pointer: &str) -> Result<Shape, Diagnostic> {
        let data = &s.schema_data;
        if data.extensions.get(NULL_MARK) == Some(&Value::Bool(true)) {
            return Ok(Shape::Ref(TypeRef::Any));
        }
        let constant = data.extensions.get(CONST_MARK) == Some(&Value::Bool(true));
        Ok(match &s.schema_kind {
            oa::SchemaKind::Type(t) => match t {
                oa::Type::String(st) => {
                    let values: Vec<Value> = st
                        .enumeration
                        .iter()
                        .flatten()
                        .map(|v| Value::String(v.clone()))
                        .collect();
                    if values.is_empty() {
                        Shape::Ref(TypeRef::Primitive(string_primitive(&st.format)))
                    } else {
                        enum_shape(EnumBase::String, values, constant)
                    }
                }
                oa::Type::Integer(it) => {
                    let values: Vec<Value> = it
                        .enumeration
                        .iter()
                        .flatten()
                        .map(|v| Value::from(*v))
                        .collect();
                    if values.is_empty() {
                        let wide = matches!(
                            &it.format,
                            oa::VariantOrUnknownOrEmpty::Item(oa::IntegerFormat::Int32)
                        );
                        Shape::Ref(TypeRef::Primitive(if wide {
                            Primitive::Integer32
                        } else {
                            Primitive::Integer64
                        }))
                    } else {
                        enum_shape(EnumBase::Integer, values, constant)
                    }
                }
                oa::Type::Number(nt) => {
                    let values: Vec<Value> = nt
                        .enumeration
                        .iter()
                        .flatten()
                        .map(|v| Value::from(*v))
                        .collect();
                    if values.is_empty() {
                        let float = matches!(
                            &nt.format,
                            oa::VariantOrUnknownOrEmpty::Item(oa::NumberFormat::Float)
                        );
                        Shape::Ref(TypeRef::Primitive(if float {
                            Primitive::Float
                        } else {
                            Primitive::Double
                        }))
                    } else {
                        enum_shape(EnumBase::Number, values, constant)
                    }
                }
                oa::Type::Boolean(bt) => {
                    let values: Vec<Value> = bt
                        .enumeration
                        .iter()
                        .flatten()
                        .map(|v| Value::Bool(*v))
                        .collect();
                    if values.len() == 1 && constant {
                        enum_shape(EnumBase::Boolean, values, true)
                    } else {
                        Shape::Ref(TypeRef::Primitive(Primitive::Boolean))
                    }
                }
                oa::Type::Object(ot) => self.object(
                    &ot.properties,
                    &ot.required,
                    ot.additional_properties.as_ref(),
                    hint,
                    pointer,
                )?,
                oa::Type::Array(at) => Shape::Ref(self.array(at.items.as_ref(), hint, pointer)?),
            },
            oa::SchemaKind::OneOf { one_of } => self.union(
                UnionKind::OneOf,
                one_of,
                data.discriminator.as_ref(),
                hint,
                pointer,
                "oneOf",
            )?,
            oa::SchemaKind::AnyOf { any_of } => self.union(
                UnionKind::AnyOf,
                any_of,
                data.discriminator.as_ref(),
                hint,
                pointer,
                "anyOf",
            )?,
            oa::SchemaKind::AllOf { all_of } => {
                self.all_of(all_of, &IndexMap::new(), &[], hint, pointer)?
            }
            oa::SchemaKind::Not { .. } => Shape::Ref(TypeRef::Any),
            oa::SchemaKind::Any(any) => self.any_schema(any, data, constant, hint, pointer)?,
        })
    }

    fn any_schema(
        &mut self,
        any: &oa::AnySchema,
        data: &oa::SchemaData,
        constant: bool,
        hint: &str,
        pointer: &str,
    ) -> Result<Shape, Diagnostic> {
        if !any.all_of.is_empty() {
            return self.all_of(&any.all_of, &any.properties, &any.required, hint, pointer);
        }
        // oneOf/anyOf of members that only list `required` names is a
        // validation rule ("one of these fields"), not a union of types.
        let constraint_only = any.one_of.iter().chain(&any.any_of).all(is_annotation);
        if (!any.one_of.is_empty() || !any.any_of.is_empty()) && !constraint_only {
            if !any.properties.is_empty() {
                self.warn(
                    "union-with-properties",
                    pointer,
                    "properties beside oneOf/anyOf are not part of the generated union",
                );
            }
            let (kind, members, key) = if any.one_of.is_empty() {
                (UnionKind::AnyOf, &any.any_of, "anyOf")
            } else {
                (UnionKind::OneOf, &any.one_of, "oneOf")
            };
            return self.union(
                kind,
                members,
                data.discriminator.as_ref(),
                hint,
                pointer,
                key,
            );
        }
        if !any.enumeration.is_empty() {
            let values: Vec<Value> = any
                .enumeration
                .iter()
                .filter(|v| !v.is_null())
                .cloned()
                .collect();
            let base = match any.typ.as_deref() {
                Some("integer") if values.iter().all(Value::is_i64) => Some(EnumBase::Integer),
                Some("number") if values.iter().all(Value::is_number) => Some(EnumBase::Number),
                Some("boolean") if values.iter().all(Value::is_boolean) => Some(EnumBase::Boolean),
                Some("string") | None if values.iter().all(Value::is_string) => {
                    Some(EnumBase::String)
                }
                None if values.iter().all(Value::is_i64) => Some(EnumBase::Integer),
                _ => None,
            };
            return Ok(match base {
                Some(base) if !values.is_empty() => enum_shape(base, values, constant),
                _ => {
                    self.warn(
                        "mixed-enum",
                        pointer,
                        "enum values of several types; read as any JSON value",
                    );
                    Shape::Ref(TypeRef::Any)
                }
            });
        }
        match any.typ.as_deref() {
            Some("object") => self.object(
                &any.properties,
                &any.required,
                any.additional_properties.as_ref(),
                hint,
                pointer,
            ),
            None if !any.properties.is_empty() || any.additional_properties.is_some() => self
                .object(
                    &any.properties,
                    &any.required,
                    any.additional_properties.as_ref(),
                    hint,
                    pointer,
                ),
            Some("array") => Ok(Shape::Ref(self.array(any.items.as_ref(), hint, pointer)?)),
            None if any.items.is_some() => {
                Ok(Shape::Ref(self.array(any.items.as_ref(), hint, pointer)?))
            }
            Some("string") => {
                let format = match any.format.as_deref() {
                    Some(f) => oa::VariantOrUnknownOrEmpty::Unknown(f.to_string()),
                    None => oa::VariantOrUnknownOrEmpty::Empty,
                };
                Ok(Shape::Ref(TypeRef::Primitive(string_primitive(&format))))
            }
            Some("integer") => Ok(Shape::Ref(TypeRef::Primitive(
                match any.format.as_deref() {
                    Some("int32") => Primitive::Integer32,
                    _ => Primitive::Integer64,
                },
            ))),
            Some("number") => Ok(Shape::Ref(TypeRef::Primitive(
                match any.format.as_deref() {
                    Some("float") => Primitive::Float,
                    _ => Primitive::Double,
                },
            ))),
            Some("boolean") => Ok(Shape::Ref(TypeRef::Primitive(Primitive::Boolean))),
            _ => Ok(Shape::Ref(TypeRef::Any)),
        }
    }

    fn array(
        &mut self,
        items: Option<&ReferenceOr<Box<oa::Schema>>>,
        hint: &str,
        pointer: &str,
    ) -> Result<TypeRef, Diagnostic> {
        let item = match items {
            Some(items) => self.type_ref_boxed(
                items,
                &format!("{hint}Item"),
                &join_pointer(pointer, "items"),
            )?,
            None => TypeRef::Any,
        };
        Ok(TypeRef::Array(Box::new(item)))
    }

    fn object(
        &mut self,
        properties: &IndexMap<String, ReferenceOr<Box<oa::Schema>>>,
        required: &[String],
        additional: Option<&oa::AdditionalProperties>,
        hint: &str,
        pointer: &str,
    ) -> Result<Shape, Diagnostic> {
        let additional_ty = match additional {
            Some(oa::AdditionalProperties::Schema(s)) => Some(self.type_ref(
                s,
                &format!("{hint}Value"),
                &join_pointer(pointer, "additionalProperties"),
            )?),
            Some(oa::AdditionalProperties::Any(true)) => Some(TypeRef::Any),
            Some(oa::AdditionalProperties::Any(false)) => None,
            None => None,
        };
        if properties.is_empty() {
            // A free-form object: a map.
            return Ok(Shape::Ref(TypeRef::Map(Box::new(
                additional_ty.unwrap_or(TypeRef::Any),
            ))));
        }
        let fields = self.fields(properties, required, hint, pointer)?;
        Ok(Shape::Kind(TypeKind::Object {
            fields,
            additional: additional_ty,
        }))
    }

    fn fields(
        &mut self,
        properties: &IndexMap<String, ReferenceOr<Box<oa::Schema>>>,
        required: &[String],
        hint: &str,
        pointer: &str,
    ) -> Result<Vec<Field>, Diagnostic> {
        let mut fields = Vec::new();
        for (name, prop) in properties {
            let prop_pointer = join_pointer(&join_pointer(pointer, "properties"), name);
            // A reference names its own type: the hint is for inline schemas only.
            let prop_hint = match prop {
                ReferenceOr::Item(_) => format!("{hint}{}", pascal(name)),
                ReferenceOr::Reference { .. } => String::new(),
            };
            let ty = self.type_ref_boxed(prop, &prop_hint, &prop_pointer)?;
            let data = match prop {
                ReferenceOr::Item(s) => Some(&s.schema_data),
                ReferenceOr::Reference { .. } => None,
            };
            fields.push(Field {
                name: name.clone(),
                ty,
                required: required.contains(name),
                description: data.and_then(|d| d.description.clone()),
                default: data.and_then(|d| d.default.clone()),
                read_only: data.is_some_and(|d| d.read_only),
                write_only: data.is_some_and(|d| d.write_only),
                deprecated: data.is_some_and(|d| d.deprecated),
                constraints: match prop {
                    ReferenceOr::Item(s) => constraints_of(s),
                    ReferenceOr::Reference { .. } => Constraints::default(),
                },
            });
        }
        Ok(fields)
    }

    fn union(
        &mut self,
        union_kind: UnionKind,
        members: &[ReferenceOr<oa::Schema>],
        discriminator: Option<&oa::Discriminator>,
        hint: &str,
        pointer: &str,
        keyword: &str,
    ) -> Result<Shape, Diagnostic> {
        if members.len() == 1 && discriminator.is_none() {
            return Ok(Shape::Ref(self.type_ref(
                &members[0],
                hint,
                &format!("{}/0", join_pointer(pointer, keyword)),
            )?));
        }
        let mut variants = Vec::new();
        for (i, member) in members.iter().enumerate() {
            let member_pointer = format!("{}/{i}", join_pointer(pointer, keyword));
            let variant_hint = match member {
                ReferenceOr::Item(s) => match &s.schema_data.title {
                    Some(title) => format!("{hint}{}", pascal(title)),
                    None => format!("{hint}Variant{}", i + 1),
                },
                ReferenceOr::Reference { .. } => String::new(),
            };
            let ty = self.type_ref(member, &variant_hint, &member_pointer)?;
            let mut tags = Vec::new();
            if let (Some(d), ReferenceOr::Reference { reference }) = (discriminator, member) {
                for (value, target) in &d.mapping {
                    if target == reference
                        || component_key(target) == component_key(reference)
                            && component_key(target).is_some()
                    {
                        tags.push(value.clone());
                    }
                }
                if tags.is_empty() {
                    if let Some(key) = component_key(reference) {
                        tags.push(self.const_tag(&key, &d.property_name).unwrap_or(key));
                    }
                }
            }
            if let (Some(d), ReferenceOr::Item(_)) = (discriminator, member) {
                if let TypeRef::Named(name) = &ty {
                    if let Some(tag) = self.inline_const_tag(name, &d.property_name) {
                        tags.push(tag);
                    }
                }
            }
            variants.push(Variant { ty, tags });
        }
        let mut seen_tags: HashSet<&str> = HashSet::new();
        let shared_tag = variants
            .iter()
            .flat_map(|v| v.tags.iter())
            .find(|t| !seen_tags.insert(t.as_str()))
            .cloned();
        let discriminator = match discriminator {
            Some(d) if shared_tag.is_some() => {
                self.warn("discriminator", pointer, format!("discriminator `{}` gives the value `{}` to several variants; the union is decoded by trying each variant", d.property_name, shared_tag.unwrap_or_default()));
                None
            }
            Some(d)
                if variants.iter().all(|v| {
                    !v.tags.is_empty() && matches!(v.ty.non_null(), TypeRef::Named(_))
                }) =>
            {
                Some(d.property_name.clone())
            }
            Some(d) => {
                self.warn("discriminator", pointer, format!("discriminator `{}` does not select every variant; the union is decoded by trying each variant", d.property_name));
                None
            }
            None => None,
        };
        Ok(Shape::Kind(TypeKind::Union {
            union_kind,
            variants,
            discriminator,
        }))
    }

    /// The single `const`/enum value of property `prop` of a component, if it has one.
    fn const_tag(&self, key: &str, prop: &str) -> Option<String> {
        let ReferenceOr::Item(s) = self.schemas.get(key)? else {
            return None;
        };
        let props = match &s.schema_kind {
            oa::SchemaKind::Type(oa::Type::Object(o)) => &o.properties,
            oa::SchemaKind::Any(a) => &a.properties,
            _ => return None,
        };
        let ReferenceOr::Item(p) = props.get(prop)? else {
            return None;
        };
        match &p.schema_kind {
            oa::SchemaKind::Type(oa::Type::String(st)) if st.enumeration.len() == 1 => {
                st.enumeration[0].clone()
            }
            // `const: circle` without a type (3.1): a one-value enum.
            oa::SchemaKind::Any(a) if a.enumeration.len() == 1 => {
                a.enumeration[0].as_str().map(str::to_string)
            }
            _ => None,
        }
    }

    fn inline_const_tag(&self, type_name: &str, prop: &str) -> Option<String> {
        let t = self.types.iter().find(|t| t.name == type_name)?;
        let TypeKind::Object { fields, .. } = &t.kind else {
            return None;
        };
        let field = fields.iter().find(|f| f.name == prop)?;
        let TypeRef::Named(enum_name) = field.ty.non_null() else {
            return None;
        };
        let e = self.types.iter().find(|t| &t.name == enum_name)?;
        match &e.kind {
            TypeKind::Enum { values, .. } if values.len() == 1 => {
                values[0].value.as_str().map(String::from)
            }
            _ => None,
        }
    }

    /// allOf: the members' fields merged into one object.
    fn all_of(
        &mut self,
        members: &[ReferenceOr<oa::Schema>],
        own_properties: &IndexMap<String, ReferenceOr<Box<oa::Schema>>>,
        own_required: &[String],
        hint: &str,
        pointer: &str,
    ) -> Result<Shape, Diagnostic> {
        // Members that only annotate (a description, a `required` list) add no
        // shape; with one member left, allOf is that member.
        let substantive: Vec<usize> = (0..members.len())
            .filter(|i| !is_annotation(&members[*i]))
            .collect();
        let adds_required = members
            .iter()
            .any(|m| matches!(m, ReferenceOr::Item(s) if is_annotation(m) && matches!(&s.schema_kind, oa::SchemaKind::Any(a) if !a.required.is_empty())));
        if substantive.len() == 1
            && own_properties.is_empty()
            && own_required.is_empty()
            && !adds_required
        {
            let i = substantive[0];
            return Ok(Shape::Ref(self.type_ref(
                &members[i],
                hint,
                &format!("{}/{i}", join_pointer(pointer, "allOf")),
            )?));
        }
        let mut fields: Vec<Field> = Vec::new();
        let mut additional = None;
        let mut required: Vec<String> = own_required.to_vec();
        for (i, member) in members.iter().enumerate() {
            let member_pointer = format!("{}/{i}", join_pointer(pointer, "allOf"));
            match self.object_parts(member, hint, &member_pointer)? {
                Some((member_fields, member_required, member_additional)) => {
                    required.extend(member_required);
                    if member_additional.is_some() {
                        additional = member_additional;
                    }
                    for f in member_fields {
                        merge_field(&mut fields, f);
                    }
                }
                None => {
                    self.warn("all-of", &member_pointer, "allOf member is not an object; the merged type keeps only the object members");
                }
            }
        }
        for f in self.fields(own_properties, own_required, hint, pointer)? {
            merge_field(&mut fields, f);
        }
        for f in &mut fields {
            if required.contains(&f.name) {
                f.required = true;
            }
        }
        if fields.is_empty() {
            return Ok(Shape::Ref(TypeRef::Map(Box::new(
                additional.unwrap_or(TypeRef::Any),
            ))));
        }
        Ok(Shape::Kind(TypeKind::Object { fields, additional }))
    }

    /// The fields of an object-like schema (following references and nested
    /// allOf), or `None` when it is not an object.
    #[allow(clippy::type_complexity)]
    fn object_parts(
        &mut self,
        schema: &ReferenceOr<oa::Schema>,
        hint: &str,
        pointer: &str,
    ) -> Result<Option<(Vec<Field>, Vec<String>, Option<TypeRef>)>, Diagnostic> {
        let (s, hint, pointer) = match schema {
            ReferenceOr::Reference { reference } => {
                let Some(key) = component_key(reference) else {
                    return Err(self
                        .loaded
                        .diagnostic(pointer, format!("dangling reference `{reference}`")));
                };
                let Some(target) = self.schemas.get(&key) else {
                    return Err(self
                        .loaded
                        .diagnostic(pointer, format!("dangling reference `{reference}`: no such schema"))
                        .with_hint("point the $ref at a schema under #/components/schemas, or add the missing schema"));
                };
                if self.merging.contains(&key) {
                    return Err(self
                        .loaded
                        .diagnostic(
                            pointer,
                            format!("allOf cycle: `{reference}` includes itself"),
                        )
                        .with_hint(
                            "an allOf chain must end; refer to the type from a property instead",
                        ));
                }
                self.merging.push(key.clone());
                let name = self.component_names[&key].clone();
                let result =
                    self.object_parts(target, &name, &join_pointer("/components/schemas", &key));
                self.merging.pop();
                return result;
            }
            ReferenceOr::Item(s) => (s, hint.to_string(), pointer.to_string()),
        };
        let parts = match &s.schema_kind {
            oa::SchemaKind::Type(oa::Type::Object(o)) => {
                let additional = match &o.additional_properties {
                    Some(oa::AdditionalProperties::Schema(a)) => {
                        Some(self.type_ref(a, &format!("{hint}Value"), &pointer)?)
                    }
                    _ => None,
                };
                Some((
                    self.fields(&o.properties, &o.required, &hint, &pointer)?,
                    o.required.clone(),
                    additional,
                ))
            }
            oa::SchemaKind::Any(a) if is_annotation_schema(s) => {
                Some((Vec::new(), a.required.clone(), None))
            }
            oa::SchemaKind::AllOf { all_of } => {
                self.merged_parts(all_of, &IndexMap::new(), &[], &hint, &pointer)?
            }
            oa::SchemaKind::Any(a) if !a.all_of.is_empty() => {
                self.merged_parts(&a.all_of, &a.properties, &a.required, &hint, &pointer)?
            }
            oa::SchemaKind::Any(a)
                if !a.properties.is_empty() && a.one_of.is_empty() && a.any_of.is_empty() =>
            {
                Some((
                    self.fields(&a.properties, &a.required, &hint, &pointer)?,
                    a.required.clone(),
                    None,
                ))
            }
            _ => None,
        };
        Ok(parts)
    }

    #[allow(clippy::type_complexity)]
    fn merged_parts(
        &mut self,
        members: &[ReferenceOr<oa::Schema>],
        props: &IndexMap<String, ReferenceOr<Box<oa::Schema>>>,
        required: &[String],
        hint: &str,
        pointer: &str,
    ) -> Result<Option<(Vec<Field>, Vec<String>, Option<TypeRef>)>, Diagnostic> {
        match self.all_of(members, props, required, hint, pointer)? {
            Shape::Kind(TypeKind::Object { fields, additional }) => {
                let req = fields
                    .iter()
                    .filter(|f| f.required)
                    .map(|f| f.name.clone())
                    .collect();
                Ok(Some((fields, req, additional)))
            }
            _ => Ok(None),
        }
    }

    /// Refuses a chain of aliases and required fields longer than
    /// [`limits::MAX_TYPE_CHAIN`], before anything is emitted.
    fn check_chains(&self) -> Result<(), Diagnostic> {
        match super::limits::over_limit(&self.types) {
            None => Ok(()),
            Some((at, length)) => {
                let t = &self.types[at];
                Err(self
                    .loaded
                    .diagnostic(
                        &t.origin,
                        format!(
                            "`{}` starts a chain of {length} types linked by aliases and required fields, over the limit of {}",
                            t.name,
                            super::limits::MAX_TYPE_CHAIN
                        ),
                    )
                    .with_hint("make the schemas on the chain refer to the type at its end directly, or make a field on it optional"))
            }
        }
    }

    fn check_required_cycles(&self) -> Result<(), Diagnostic> {
        // Edges: a required, non-null field (or an alias) pointing straight at a named type.
        let index: HashMap<&str, usize> = self
            .types
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.as_str(), i))
            .collect();
        let edges: Vec<Vec<usize>> = self
            .types
            .iter()
            .map(|t| match &t.kind {
                TypeKind::Object { fields, .. } => fields
                    .iter()
                    .filter(|f| f.required)
                    .filter_map(|f| match &f.ty {
                        TypeRef::Named(n) => index.get(n.as_str()).copied(),
                        _ => None,
                    })
                    .collect(),
                TypeKind::Alias {
                    target: TypeRef::Named(n),
                } => index.get(n.as_str()).copied().into_iter().collect(),
                _ => Vec::new(),
            })
            .collect();
        // Iterative DFS with colours.
        let mut colour = vec![0u8; self.types.len()];
        for start in 0..self.types.len() {
            if colour[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            colour[start] = 1;
            while let Some((node, next)) = stack.last_mut() {
                if let Some(&to) = edges[*node].get(*next) {
                    *next += 1;
                    match colour[to] {
                        0 => {
                            colour[to] = 1;
                            stack.push((to, 0));
                        }
                        1 => {
                            let path: Vec<&str> = stack
                                .iter()
                                .map(|(n, _)| self.types[*n].name.as_str())
                                .skip_while(|n| *n != self.types[to].name)
                                .collect();
                            let t = &self.types[to];
                            return Err(self
                                .loaded
                                .diagnostic(&t.origin, format!("$ref cycle through required fields: {} -> {}", path.join(" -> "), t.name))
                                .with_hint("no finite value can satisfy this; make one field in the cycle optional or nullable"));
                        }
                        _ => {}
                    }
                } else {
                    colour[*node] = 2;
                    stack.pop();
                }
            }
        }
        Ok(())
    }

    fn auth_schemes(&mut self) -> Vec<AuthScheme> {
        let Some(components) = &self.loaded.document.components else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (name, scheme) in &components.security_schemes {
            let pointer = join_pointer("/components/securitySchemes", name);
            let ReferenceOr::Item(scheme) = scheme else {
                self.warn(
                    "auth-scheme",
                    &pointer,
                    "security scheme given by reference is not supported; skipped",
                );
                continue;
            };
            let (kind, description) = match scheme {
                oa::SecurityScheme::HTTP {
                    scheme,
                    bearer_format,
                    description,
                    ..
                } => match scheme.to_ascii_lowercase().as_str() {
                    "bearer" => (
                        AuthKind::Bearer {
                            format: bearer_format.clone(),
                        },
                        description,
                    ),
                    "basic" => (AuthKind::Basic, description),
                    other => {
                        self.warn("auth-scheme", &pointer, format!("HTTP auth scheme `{other}` is not supported; callers set the header themselves"));
                        continue;
                    }
                },
                oa::SecurityScheme::APIKey {
                    location,
                    name: param,
                    description,
                    ..
                } => {
                    let location = match location {
                        oa::APIKeyLocation::Header => ParamLocation::Header,
                        oa::APIKeyLocation::Query => ParamLocation::Query,
                        oa::APIKeyLocation::Cookie => ParamLocation::Cookie,
                    };
                    (
                        AuthKind::ApiKey {
                            location,
                            param: param.clone(),
                        },
                        description,
                    )
                }
                oa::SecurityScheme::OAuth2 {
                    flows, description, ..
                } => {
                    let cc = flows.client_credentials.as_ref();
                    let token_url = cc.map(|f| f.token_url.clone());
                    let mut scopes: Vec<String> = Vec::new();
                    for s in [
                        flows.implicit.as_ref().map(|f| &f.scopes),
                        flows.password.as_ref().map(|f| &f.scopes),
                        cc.map(|f| &f.scopes),
                        flows.authorization_code.as_ref().map(|f| &f.scopes),
                    ]
                    .into_iter()
                    .flatten()
                    {
                        for k in s.keys() {
                            if !scopes.contains(k) {
                                scopes.push(k.clone());
                            }
                        }
                    }
                    (AuthKind::OAuth2 { token_url, scopes }, description)
                }
                oa::SecurityScheme::OpenIDConnect { description, .. } => (
                    AuthKind::OAuth2 {
                        token_url: None,
                        scopes: Vec::new(),
                    },
                    description,
                ),
            };
            out.push(AuthScheme {
                name: name.clone(),
                kind,
                description: description.clone(),
                credentials: Vec::new(),
            });
        }
        super::credentials::name_credentials(&mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn operation(
        &mut self,
        path: &str,
        method: Method,
        item: &'a oa::PathItem,
        op: &'a oa::Operation,
        pointer: &str,
        contract: &KeyContract,
    ) -> Result<Operation, Diagnostic> {
        let id = op
            .operation_id
            .clone()
            .unwrap_or_else(|| derive_op_id(method, path));
        let hint = pascal(&id);
        let group = op.tags.first().cloned().unwrap_or_else(|| {
            path.split('/')
                .find(|s| !s.is_empty() && !s.starts_with('{'))
                .unwrap_or("default")
                .to_string()
        });

        // Path-level parameters first, replaced by operation-level ones of the same name and place.
        let mut raw_params: Vec<(&oa::Parameter, String)> = Vec::new();
        let item_pointer = pointer.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
        for (i, p) in item.parameters.iter().enumerate() {
            let ptr = format!("{item_pointer}/parameters/{i}");
            raw_params.push((self.resolve_param(p, &ptr)?, ptr));
        }
        for (i, p) in op.parameters.iter().enumerate() {
            let ptr = format!("{pointer}/parameters/{i}");
            let param = self.resolve_param(p, &ptr)?;
            let data = param.parameter_data_ref();
            let loc = std::mem::discriminant(param);
            raw_params.retain(|(q, _)| {
                !(q.parameter_data_ref().name == data.name && std::mem::discriminant(*q) == loc)
            });
            raw_params.push((param, ptr));
        }
        let key_header = contract.header().to_ascii_lowercase();
        let mut params = Vec::new();
        for (p, ptr) in &raw_params {
            params.push(self.param(p, &hint, ptr, &key_header)?);
        }
        for seg in path_params(path) {
            if !params
                .iter()
                .any(|p| p.location == ParamLocation::Path && p.name == seg)
            {
                return Err(self
                    .loaded
                    .diagnostic(pointer, format!("path `{path}` has `{{{seg}}}` but the operation declares no path parameter `{seg}`"))
                    .with_hint("add the parameter (in: path, required: true) to the operation or its path item"));
            }
        }

        let body = match &op.request_body {
            Some(body) => {
                let body_pointer = join_pointer(pointer, "requestBody");
                let resolved = self.resolve_body(body, &body_pointer)?;
                let contents = self.contents(
                    &resolved.content,
                    &format!("{hint}Request"),
                    &join_pointer(&body_pointer, "content"),
                )?;
                Some(RequestBody {
                    required: resolved.required,
                    description: resolved.description.clone(),
                    contents,
                })
            }
            None => None,
        };

        let responses = self.responses(op, &hint, pointer)?;

        let text = format!(
            "{}\n{}",
            op.summary.clone().unwrap_or_default(),
            op.description.clone().unwrap_or_default()
        );
        let hints = Hints {
            x_idempotency: op.extensions.get("x-idempotency").and_then(Value::as_bool),
            x_idempotent: op.extensions.get("x-idempotent").and_then(Value::as_bool),
            has_key_param: params.iter().any(|p| p.is_idempotency_key),
            latency_p99_ms: op
                .extensions
                .get("x-latency-p99-ms")
                .and_then(Value::as_u64),
            retries: classify::retry_overrides(op.extensions.get("x-retries")),
            text,
            summary: op.summary.clone().unwrap_or_default(),
            path: path.to_string(),
        };

        Ok(Operation {
            id,
            method,
            path: path.to_string(),
            group,
            method_name: String::new(),
            name_source: Default::default(),
            naming: super::resources::NameHints::read(
                op.operation_id.as_deref(),
                op.tags.first().map(String::as_str),
                &op.extensions,
            ),
            summary: op.summary.clone(),
            description: op.description.clone(),
            deprecated: op.deprecated,
            params,
            body,
            responses,
            security: security(op.security.as_ref()),
            servers: servers(&op.servers),
            path_servers: servers(&item.servers),
            retry: RetryPolicy::default(),
            plan: Plan::default(),
            hints,
            path_query: Vec::new(),
            pointer: pointer.to_string(),
        })
    }

    fn resolve_param(
        &self,
        p: &'a ReferenceOr<oa::Parameter>,
        pointer: &str,
    ) -> Result<&'a oa::Parameter, Diagnostic> {
        resolve(self.loaded, p, "parameters", |c| &c.parameters, pointer)
    }

    fn resolve_body(
        &self,
        b: &'a ReferenceOr<oa::RequestBody>,
        pointer: &str,
    ) -> Result<&'a oa::RequestBody, Diagnostic> {
        resolve(
            self.loaded,
            b,
            "requestBodies",
            |c| &c.request_bodies,
            pointer,
        )
    }

    fn resolve_response(
        &self,
        r: &'a ReferenceOr<oa::Response>,
        pointer: &str,
    ) -> Result<&'a oa::Response, Diagnostic> {
        resolve(self.loaded, r, "responses", |c| &c.responses, pointer)
    }

    fn param(
        &mut self,
        p: &oa::Parameter,
        op_hint: &str,
        pointer: &str,
        key_header: &str,
    ) -> Result<Param, Diagnostic> {
        let data = p.parameter_data_ref();
        let allow_reserved = matches!(
            p,
            oa::Parameter::Query {
                allow_reserved: true,
                ..
            }
        );
        let (location, style, default_explode) = match p {
            oa::Parameter::Query { style, .. } => (
                ParamLocation::Query,
                match style {
                    oa::QueryStyle::Form => ParamStyle::Form,
                    oa::QueryStyle::SpaceDelimited => ParamStyle::SpaceDelimited,
                    oa::QueryStyle::PipeDelimited => ParamStyle::PipeDelimited,
                    oa::QueryStyle::DeepObject => ParamStyle::DeepObject,
                },
                true,
            ),
            oa::Parameter::Header { .. } => (ParamLocation::Header, ParamStyle::Simple, false),
            oa::Parameter::Path { style, .. } => (
                ParamLocation::Path,
                match style {
                    oa::PathStyle::Simple => ParamStyle::Simple,
                    oa::PathStyle::Label => ParamStyle::Label,
                    oa::PathStyle::Matrix => ParamStyle::Matrix,
                },
                false,
            ),
            oa::Parameter::Cookie { .. } => (ParamLocation::Cookie, ParamStyle::Form, true),
        };
        let explode = data.explode.unwrap_or(match style {
            ParamStyle::Form => default_explode,
            ParamStyle::DeepObject => true,
            _ => false,
        });
        let hint = format!("{op_hint}{}", pascal(&data.name));
        let content_type = match &data.format {
            oa::ParameterSchemaOrContent::Content(content) => content.keys().next().cloned(),
            oa::ParameterSchemaOrContent::Schema(_) => None,
        };
        let constraints = match &data.format {
            oa::ParameterSchemaOrContent::Schema(ReferenceOr::Item(s)) => constraints_of(s),
            _ => Constraints::default(),
        };
        let ty = match &data.format {
            oa::ParameterSchemaOrContent::Schema(s) => {
                self.type_ref(s, &hint, &join_pointer(pointer, "schema"))?
            }
            oa::ParameterSchemaOrContent::Content(content) => match content.iter().next() {
                Some((media, m)) => match &m.schema {
                    Some(s) => self.type_ref(
                        s,
                        &hint,
                        &join_pointer(
                            &join_pointer(&join_pointer(pointer, "content"), media),
                            "schema",
                        ),
                    )?,
                    None => TypeRef::Any,
                },
                None => TypeRef::Any,
            },
        };
        Ok(Param {
            name: data.name.clone(),
            location,
            required: data.required || location == ParamLocation::Path,
            deprecated: data.deprecated.unwrap_or(false),
            description: data.description.clone(),
            ty,
            style,
            explode,
            allow_reserved,
            content_type,
            is_idempotency_key: location == ParamLocation::Header
                && data.name.to_ascii_lowercase() == key_header,
            constraints,
        })
    }

    fn contents(
        &mut self,
        content: &IndexMap<String, oa::MediaType>,
        hint: &str,
        pointer: &str,
    ) -> Result<Vec<Content>, Diagnostic> {
        let mut out = Vec::new();
        for (media_type, media) in content {
            let kind = body_kind(media_type);
            let media_pointer = join_pointer(&join_pointer(pointer, media_type), "schema");
            let ty = match (kind, &media.schema) {
                (BodyKind::Binary, _) => TypeRef::Primitive(Primitive::Binary),
                (BodyKind::Text, None) => TypeRef::Primitive(Primitive::String),
                (_, Some(schema)) => {
                    // A second media type with its own inline schema gets its own name.
                    let hint = if out.is_empty() {
                        hint.to_string()
                    } else {
                        format!("{hint}{}", pascal(media_type))
                    };
                    self.type_ref(schema, &hint, &media_pointer)?
                }
                (_, None) => TypeRef::Any,
            };
            let encoding = media
                .encoding
                .iter()
                .map(|(property, e)| DeclaredEncoding {
                    property: property.clone(),
                    content_type: e.content_type.clone(),
                    style: e.style.as_ref().map(|s| match s {
                        oa::QueryStyle::Form => ParamStyle::Form,
                        oa::QueryStyle::SpaceDelimited => ParamStyle::SpaceDelimited,
                        oa::QueryStyle::PipeDelimited => ParamStyle::PipeDelimited,
                        oa::QueryStyle::DeepObject => ParamStyle::DeepObject,
                    }),
                    explode: e.explode,
                    allow_reserved: e.allow_reserved,
                    headers: e.headers.keys().cloned().collect(),
                })
                .collect();
            let example = media
                .example
                .clone()
                .or_else(|| {
                    media.examples.values().find_map(|e| match e {
                        ReferenceOr::Item(e) => e.value.clone(),
                        ReferenceOr::Reference { .. } => None,
                    })
                })
                .or_else(|| match &media.schema {
                    Some(ReferenceOr::Item(s)) => s.schema_data.example.clone(),
                    Some(ReferenceOr::Reference { reference }) => component_key(reference)
                        .and_then(|k| match self.schemas.get(&k) {
                            Some(ReferenceOr::Item(s)) => s.schema_data.example.clone(),
                            _ => None,
                        }),
                    None => None,
                });
            out.push(Content {
                media_type: media_type.clone(),
                kind,
                ty,
                encoding,
                example,
            });
        }
        Ok(out)
    }

    fn responses(
        &mut self,
        op: &oa::Operation,
        hint: &str,
        pointer: &str,
    ) -> Result<Vec<Response>, Diagnostic> {
        let responses_pointer = join_pointer(pointer, "responses");
        if op.responses.responses.is_empty() && op.responses.default.is_none() {
            return Err(self
                .loaded
                .diagnostic(&responses_pointer, "operation has no responses")
                .with_hint("declare at least the success response (e.g. `200` with its content), so SDKs know what the call returns"));
        }
        let mut entries: Vec<(StatusSpec, &ReferenceOr<oa::Response>, String)> = Vec::new();
        for (code, r) in &op.responses.responses {
            let (status, token) = match code {
                oa::StatusCode::Code(c) => (StatusSpec::Code(*c), c.to_string()),
                oa::StatusCode::Range(r) => (StatusSpec::Range(*r), format!("{r}XX")),
            };
            entries.push((status, r, token));
        }
        if let Some(d) = &op.responses.default {
            entries.push((StatusSpec::Default, d, "default".to_string()));
        }
        let successes = entries.iter().filter(|(s, _, _)| s.is_success()).count();
        let mut out = Vec::new();
        for (status, r, token) in entries {
            let ptr = join_pointer(&responses_pointer, &token);
            let resolved = self.resolve_response(r, &ptr)?;
            let name = match status {
                s if s.is_success() && successes == 1 => format!("{hint}Response"),
                StatusSpec::Default => format!("{hint}DefaultResponse"),
                _ => format!("{hint}Response{}", pascal(&token)),
            };
            let contents =
                self.contents(&resolved.content, &name, &join_pointer(&ptr, "content"))?;
            let mut headers = Vec::new();
            for (header_name, h) in &resolved.headers {
                let ReferenceOr::Item(h) = h else { continue };
                let ty = match &h.format {
                    oa::ParameterSchemaOrContent::Schema(s) => {
                        let hp = join_pointer(
                            &join_pointer(&join_pointer(&ptr, "headers"), header_name),
                            "schema",
                        );
                        self.type_ref(s, &format!("{name}{}", pascal(header_name)), &hp)?
                    }
                    oa::ParameterSchemaOrContent::Content(_) => {
                        TypeRef::Primitive(Primitive::String)
                    }
                };
                headers.push(ResponseHeader {
                    name: header_name.clone(),
                    description: h.description.clone(),
                    ty,
                });
            }
            out.push(Response {
                status,
                description: resolved.description.clone(),
                contents,
                headers,
            });
        }
        Ok(out)
    }
}

/// Follows a `#/components/<section>/<name>` reference (and any chain of them)
/// to the item it names.
fn resolve<'d, T>(
    loaded: &'d Loaded,
    mut item: &'d ReferenceOr<T>,
    section: &str,
    pick: impl Fn(&'d oa::Components) -> &'d IndexMap<String, ReferenceOr<T>>,
    pointer: &str,
) -> Result<&'d T, Diagnostic> {
    let prefix = format!("#/components/{section}/");
    for _ in 0..32 {
        match item {
            ReferenceOr::Item(t) => return Ok(t),
            ReferenceOr::Reference { reference } => {
                let found = reference
                    .strip_prefix(&prefix)
                    .map(crate::error::unescape_token)
                    .and_then(|k| pick(loaded.document.components.as_ref()?).get(&k));
                match found {
                    Some(next) => item = next,
                    None => {
                        return Err(loaded
                            .diagnostic(pointer, format!("dangling reference `{reference}`: nothing under #/components/{section} by that name"))
                            .with_hint(format!("point the $ref at an entry of #/components/{section}, or add the missing one")))
                    }
                }
            }
        }
    }
    Err(loaded
        .diagnostic(pointer, "reference chain too long or cyclic")
        .with_hint("make the chain of $refs end at a definition"))
}

/// A schema that only annotates: no type, no properties, no composition.
fn is_annotation(schema: &ReferenceOr<oa::Schema>) -> bool {
    matches!(schema, ReferenceOr::Item(s) if is_annotation_schema(s))
}

fn is_annotation_schema(s: &oa::Schema) -> bool {
    match &s.schema_kind {
        oa::SchemaKind::Any(a) => {
            a.typ.is_none()
                && a.properties.is_empty()
                && a.items.is_none()
                && a.all_of.is_empty()
                && a.one_of.is_empty()
                && a.any_of.is_empty()
                && a.not.is_none()
                && a.enumeration.is_empty()
                && a.additional_properties.is_none()
                && a.format.is_none()
        }
        _ => false,
    }
}

/// The validation keywords of one schema (not of the schemas it references).
fn constraints_of(s: &oa::Schema) -> Constraints {
    let mut c = Constraints::default();
    match &s.schema_kind {
        oa::SchemaKind::Type(oa::Type::String(t)) => {
            c.pattern = t.pattern.clone();
            if let oa::VariantOrUnknownOrEmpty::Unknown(f) = &t.format {
                c.format = Some(f.clone());
            }
            c.min_length = t.min_length;
            c.max_length = t.max_length;
        }
        oa::SchemaKind::Type(oa::Type::Integer(t)) => {
            c.minimum = t.minimum.map(|v| v as f64);
            c.maximum = t.maximum.map(|v| v as f64);
            c.exclusive_minimum = t.exclusive_minimum;
            c.exclusive_maximum = t.exclusive_maximum;
            c.multiple_of = t.multiple_of.map(|v| v as f64);
        }
        oa::SchemaKind::Type(oa::Type::Number(t)) => {
            c.minimum = t.minimum;
            c.maximum = t.maximum;
            c.exclusive_minimum = t.exclusive_minimum;
            c.exclusive_maximum = t.exclusive_maximum;
            c.multiple_of = t.multiple_of;
        }
        oa::SchemaKind::Type(oa::Type::Array(t)) => {
            c.min_items = t.min_items;
            c.max_items = t.max_items;
            c.unique_items = t.unique_items;
            c.items = inline_constraints(t.items.as_ref());
        }
        oa::SchemaKind::Type(oa::Type::Object(t)) => {
            c.min_properties = t.min_properties;
            c.max_properties = t.max_properties;
            c.closed = matches!(
                t.additional_properties,
                Some(oa::AdditionalProperties::Any(false))
            );
            if let Some(oa::AdditionalProperties::Schema(v)) = &t.additional_properties {
                if let ReferenceOr::Item(v) = v.as_ref() {
                    c.values = Some(Box::new(constraints_of(v))).filter(|c| !c.is_empty());
                }
            }
        }
        oa::SchemaKind::Any(a) => {
            c.pattern = a.pattern.clone();
            c.min_length = a.min_length;
            c.max_length = a.max_length;
            c.minimum = a.minimum;
            c.maximum = a.maximum;
            c.exclusive_minimum = a.exclusive_minimum.unwrap_or(false);
            c.exclusive_maximum = a.exclusive_maximum.unwrap_or(false);
            c.multiple_of = a.multiple_of;
            c.min_items = a.min_items;
            c.max_items = a.max_items;
            c.unique_items = a.unique_items.unwrap_or(false);
            c.min_properties = a.min_properties;
            c.max_properties = a.max_properties;
            c.closed = matches!(
                a.additional_properties,
                Some(oa::AdditionalProperties::Any(false))
            );
            c.items = inline_constraints(a.items.as_ref());
            if let Some(oa::AdditionalProperties::Schema(v)) = &a.additional_properties {
                if let ReferenceOr::Item(v) = v.as_ref() {
                    c.values = Some(Box::new(constraints_of(v))).filter(|c| !c.is_empty());
                }
            }
        }
        _ => {}
    }
    c.keys = s
        .schema_data
        .extensions
        .get(crate::load::normalize::PROPERTY_NAMES)
        .and_then(|v| serde_json::from_value::<oa::Schema>(v.clone()).ok())
        .map(|k| Box::new(constraints_of(&k)))
        .filter(|k| !k.is_empty());
    c
}

/// The keywords of a nested inline schema, where it has any (a referenced
/// one carries its own on its named type).
fn inline_constraints(s: Option<&ReferenceOr<Box<oa::Schema>>>) -> Option<Box<Constraints>> {
    match s? {
        ReferenceOr::Item(s) => Some(Box::new(constraints_of(s))).filter(|c| !c.is_empty()),
        ReferenceOr::Reference { .. } => None,
    }
}

fn merge_field(fields: &mut Vec<Field>, f: Field) {
    match fields.iter_mut().find(|g| g.name == f.name) {
        // A later member restating a field narrows it; keep the later type and docs.
        Some(existing) => {
            let required = existing.required || f.required;
            *existing = Field { required, ..f };
        }
        None => fields.push(f),
    }
}

fn enum_shape(base: EnumBase, values: Vec<Value>, constant: bool) -> Shape {
    // The first of equal values is kept. Strings (nearly all values, and
    // some enums have hundreds) are looked up in a set; any other value is
    // compared with those before it.
    let keep: Vec<bool> = {
        let mut strings: HashSet<&str> = HashSet::with_capacity(values.len());
        values
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => strings.insert(s.as_str()),
                other => !values[..i].contains(other),
            })
            .collect()
    };
    Shape::Kind(TypeKind::Enum {
        base,
        values: values
            .into_iter()
            .zip(keep)
            .filter(|(_, keep)| *keep)
            .map(|(value, _)| EnumValue { value })
            .collect(),
        constant,
    })
}

fn strip_null(target: TypeRef, s: &oa::Schema) -> TypeRef {
    if s.schema_data.nullable {
        match target {
            TypeRef::Nullable(inner) => *inner,
            other => other,
        }
    } else {
        target
    }
}

fn string_primitive(format: &oa::VariantOrUnknownOrEmpty<oa::StringFormat>) -> Primitive {
    match format {
        oa::VariantOrUnknownOrEmpty::Item(f) => match f {
            oa::StringFormat::Date => Primitive::Date,
            oa::StringFormat::DateTime => Primitive::DateTime,
            oa::StringFormat::Byte => Primitive::Bytes,
            oa::StringFormat::Binary => Primitive::Binary,
            oa::StringFormat::Password => Primitive::String,
        },
        oa::VariantOrUnknownOrEmpty::Unknown(f) => match f.as_str() {
            "uuid" => Primitive::Uuid,
            "date-time" => Primitive::DateTime,
            "date" => Primitive::Date,
            "byte" => Primitive::Bytes,
            "binary" => Primitive::Binary,
            _ => Primitive::String,
        },
        oa::VariantOrUnknownOrEmpty::Empty => Primitive::String,
    }
}

fn body_kind(media_type: &str) -> BodyKind {
    let m = media_type.to_ascii_lowercase();
    let essence = m.split(';').next().unwrap_or("").trim();
    if essence == "application/json" || essence.ends_with("+json") || essence == "text/json" {
        BodyKind::Json
    } else if essence == "application/x-www-form-urlencoded" {
        BodyKind::Form
    } else if essence.starts_with("multipart/") {
        BodyKind::Multipart
    } else if essence.starts_with("text/") {
        BodyKind::Text
    } else {
        BodyKind::Binary
    }
}

/// The component key of a `#/components/schemas/<key>` reference.
fn component_key(reference: &str) -> Option<String> {
    let rest = reference.strip_prefix("#/components/schemas/")?;
    if rest.contains('/') {
        return None;
    }
    Some(crate::error::unescape_token(&crate::load::percent_decode(
        rest,
    )))
}

fn path_params(path: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let Some(end) = rest[start..].find('}') else {
            break;
        };
        out.push(rest[start + 1..start + end].to_string());
        rest = &rest[start + end + 1..];
    }
    out
}

/// `GET /pets/{petId}/photo` becomes `get_pets_by_pet_id_photo`.
fn derive_op_id(method: Method, path: &str) -> String {
    let mut parts = vec![method.as_str().to_ascii_lowercase()];
    for seg in path.split('/').filter(|s| !s.is_empty()) {
        if let Some(name) = seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            parts.push(format!("by_{name}"));
        } else {
            parts.push(seg.to_string());
        }
    }
    let joined = parts.join("_");
    joined
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
