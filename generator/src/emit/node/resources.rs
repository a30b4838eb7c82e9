//! The resource modules (`resources/<group>.js` and `.d.ts`): one class per
//! group, one method per operation, and per operation the runtime descriptor
//! (its retry class, key, p99 and overrides, all from the IR; the policy is
//! the runtime's), the params type and the request it sends.

use std::collections::BTreeSet;

use super::escape::{js_string, Doc, Text};
use super::layout::{self as l, D};
use super::naming::{GroupNames, Names, OperationNames};
use super::operations::{chosen_body, server_url, success_body, Decode, SuccessBody};
use super::syntax::{
    braces_in, expanded_object, format_note, inline_object, object_lines, object_prop, prop_line,
    security_array, Prop,
};
use super::types::{Flow, Read, Types, FILE_INPUT};
use crate::ir::plan::HintSource;
use crate::ir::{
    Api, BodyKind, Content, FailurePolicy, Group, Operation, Param, ParamLocation, ParamStyle,
    RetryClass, StreamPlan, TypeKind,
};

pub struct Resource {
    pub class: String,
    pub property: String,
    pub file: String,
    pub doc: Doc,
    /// The `{ ... }` of the module's imports from the runtime and the core,
    /// laid out, where it has any.
    pub runtime_imports: Option<String>,
    pub core_imports: Option<String>,
    /// Whether it calls the converters of `wire.js`.
    pub wire_import: bool,
    /// The `{ ... }` of the `.d.ts` file's type imports from the core and
    /// the models, laid out.
    pub core_types: String,
    pub model_types: Option<String>,
    /// The `{ ... }` of the `.d.ts` file's type imports from the runtime
    /// (`EventStream`, `BinaryResponse`, `FileInput`), laid out, if any.
    pub runtime_types: Option<String>,
    pub methods: Vec<MethodView>,
}

impl Resource {
    pub fn has_js_imports(&self) -> bool {
        self.runtime_imports.is_some() || self.core_imports.is_some() || self.wire_import
    }

    /// `this.x = new X(core);` in the client's constructor, laid out.
    pub fn construction(&self) -> String {
        l::render(
            &l::fluid_assignment(
                &format!("this.{}", self.property),
                l::call(&format!("new {}", self.class), vec![l::lit("core")]),
                ";",
            ),
            4,
        )
    }
}

pub struct MethodView {
    /// The method's name.
    pub name: String,
    /// Whether the module declares the method's descriptor: false for an
    /// operation's stream method, which shares its plain method's.
    pub declares_descriptor: bool,
    /// The name of its descriptor, `const xOperation = {...};`.
    pub descriptor: String,
    /// Whether `const xOperation = {` fits on its line; prettier breaks
    /// after the `=` where it does not.
    pub descriptor_head_fits: bool,
    /// The descriptor's properties, each laid out as its line.
    pub descriptor_props: Vec<String>,
    /// A paginated operation's `const xPagination = Object.freeze({...});`,
    /// laid out, which the descriptor names.
    pub pagination: Option<String>,
    /// The core's method the method calls: `call`, or `paginate` for a
    /// paginated operation.
    pub core_method: &'static str,
    pub js_doc: Doc,
    /// `(a, params = {}, options)` after the name, laid out.
    pub js_params: String,
    /// Whether `return this.#core.call(xOperation, options, () => ({` fits
    /// on its line: the request object is hugged, else every argument of the
    /// call goes on its own line.
    pub call_hugged: bool,
    /// The request's properties (path, query, headers, body), each laid out
    /// as its line.
    pub request: Vec<String>,
    pub dts_doc: Doc,
    /// `(a: string, ...)` after the name in the declaration, laid out.
    pub dts_params: String,
    /// The type the method returns: `APIPromise<T>`, or `PagePromise<Item>`
    /// for a paginated operation.
    pub returns: String,
    pub params_type: Option<ParamsType>,
}

pub struct ParamsType {
    pub name: String,
    pub doc: Doc,
    /// The model whose fields the params are (a flattened body), which the
    /// interface extends, or which it is when there is nothing more.
    pub extends: Option<String>,
    pub props: Vec<Prop>,
}

impl ParamsType {
    /// `export type X = Body;`: the params are exactly a model.
    pub fn alias(&self) -> Option<&str> {
        self.extends.as_deref().filter(|_| self.props.is_empty())
    }

    /// `export type X = Body;` laid out: broken after the `=` when long.
    pub fn alias_line(&self) -> Option<String> {
        self.alias().map(|model| {
            l::render(
                &l::fluid_assignment(&format!("export type {}", self.name), l::text(model), ";"),
                0,
            )
        })
    }
}

/// What a resource module imports, gathered while its methods are built.
#[derive(Default)]
struct Imports {
    runtime: BTreeSet<&'static str>,
    core: BTreeSet<&'static str>,
    wire: bool,
    models: BTreeSet<String>,
    api_promise: bool,
    page_promise: bool,
    keyed_options: bool,
    plain_options: bool,
    /// The runtime's types the declarations name.
    runtime_types: BTreeSet<&'static str>,
}

impl Imports {
    /// Notes the model types a TypeScript type expression mentions.
    fn mention(&mut self, types: &Types, ts: &str) {
        for word in ts.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')) {
            if word == FILE_INPUT {
                self.runtime_types.insert(FILE_INPUT);
            }
            if types.is_type_name(word) && !self.models.contains(word) {
                self.models.insert(word.to_string());
            }
        }
    }
}

pub fn resource_view(
    api: &Api,
    names: &Names,
    types: &Types,
    group: &Group,
    gn: &GroupNames,
    flattened: &[Option<usize>],
) -> Resource {
    let mut doc = Doc::default();
    doc.push_opt(group.description.as_deref());
    if doc.is_empty() {
        doc.push(format!("The `{}` operations.", group.name));
    }
    let mut imports = Imports::default();
    let mut methods = Vec::new();
    for &oi in &group.operations {
        let op = &api.operations[oi];
        let on = &names.operations[oi];
        methods.push(Method::new(api, types, op, on, flattened[oi]).view(&mut imports));
        // An operation that answers with server-sent events gets a stream
        // method beside its plain one.
        if let (Some(plan), Some(stream)) = (&op.plan.stream, &on.stream) {
            let mut twin = on.clone();
            twin.method = stream.clone();
            let method = Method::new(api, types, op, &twin, flattened[oi]);
            methods.push(method.stream_view(plan, &on.method, &mut imports));
        }
    }

    let as_refs = |set: &BTreeSet<&'static str>| set.iter().copied().collect::<Vec<_>>();
    let runtime_imports = (!imports.runtime.is_empty())
        .then(|| braces_in("import", &as_refs(&imports.runtime), "../runtime/index.js"));
    let core_imports = (!imports.core.is_empty())
        .then(|| braces_in("import", &as_refs(&imports.core), "../core.js"));
    let mut core_types = Vec::new();
    if imports.api_promise {
        core_types.push("APIPromise");
    }
    if imports.page_promise {
        core_types.push("PagePromise");
    }
    if imports.keyed_options {
        core_types.push("KeyedRequestOptions");
    }
    if imports.plain_options {
        core_types.push("RequestOptions");
    }
    let models: Vec<&str> = imports.models.iter().map(String::as_str).collect();
    Resource {
        class: gn.class.clone(),
        property: gn.property.clone(),
        file: gn.file.clone(),
        doc,
        runtime_imports,
        core_imports,
        wire_import: imports.wire,
        core_types: braces_in("import type", &core_types, "../core.js"),
        model_types: (!models.is_empty())
            .then(|| braces_in("import type", &models, "../models.js")),
        runtime_types: (!imports.runtime_types.is_empty()).then(|| {
            braces_in(
                "import type",
                &as_refs(&imports.runtime_types),
                "../runtime/index.js",
            )
        }),
        methods,
    }
}

/// One operation, with what its method needs decided once.
struct Method<'a> {
    api: &'a Api,
    types: &'a Types<'a>,
    op: &'a Operation,
    on: &'a OperationNames,
    body: Option<&'a Content>,
    /// The object type whose fields are the params object's, if any.
    flat: Option<usize>,
    /// Positional, in the order of `Operation::params`.
    path_params: Vec<(usize, &'a Param)>,
    /// In the params object: query, header and cookie parameters (not the key).
    object_params: Vec<(usize, &'a Param)>,
    has_params: bool,
    params_required: bool,
}

impl<'a> Method<'a> {
    fn new(
        api: &'a Api,
        types: &'a Types<'a>,
        op: &'a Operation,
        on: &'a OperationNames,
        flat: Option<usize>,
    ) -> Method<'a> {
        let body = chosen_body(op);
        let with = |keep: fn(&Param) -> bool| -> Vec<(usize, &'a Param)> {
            op.params
                .iter()
                .enumerate()
                .filter(|(_, p)| keep(p))
                .collect()
        };
        let path_params = with(|p| p.location == ParamLocation::Path);
        let object_params = with(|p| p.location != ParamLocation::Path && !p.is_idempotency_key);
        let body_required = op.plan.body.as_ref().is_some_and(|b| b.required);
        let flat_required = flat.is_some_and(|i| match &types.api.types[i].kind {
            TypeKind::Object { fields, .. } => fields.iter().any(|f| f.required),
            _ => false,
        });
        Method {
            api,
            types,
            op,
            on,
            body,
            flat,
            has_params: body.is_some() || !object_params.is_empty(),
            params_required: object_params.iter().any(|(_, p)| p.required)
                || (body_required && (flat.is_none() || flat_required)),
            path_params,
            object_params,
        }
    }

    fn keyed(&self) -> bool {
        self.op.retry.class == RetryClass::Keyed
    }

    fn view(&self, imports: &mut Imports) -> MethodView {
        let success = success_body(self.types, self.op);
        let params_type = self.params_type(imports);
        let returns = self.returns(&success, imports);
        let descriptor = &self.on.descriptor;
        let descriptor_head_fits = l::fits_at(0, &format!("const {descriptor} = {{"));
        let descriptor_props = object_lines(
            self.descriptor(&success, imports),
            if descriptor_head_fits { 2 } else { 4 },
        );
        let core_method = if self.op.plan.pagination.is_some() {
            "paginate"
        } else if self.op.plan.download {
            "download"
        } else {
            "call"
        };
        // `return this.#core.call(xOperation, options, () => ({` in the
        // method's body, four columns in.
        let call_hugged = l::fits_at(
            4,
            &format!("return this.#core.{core_method}({descriptor}, options, () => ({{"),
        );
        let request = object_lines(self.request(imports), if call_hugged { 6 } else { 8 });
        MethodView {
            name: self.on.method.clone(),
            declares_descriptor: true,
            descriptor: descriptor.clone(),
            descriptor_head_fits,
            descriptor_props,
            pagination: self.pagination(),
            core_method,
            js_doc: self.js_doc(),
            js_params: self.js_params(),
            call_hugged,
            request,
            dts_doc: self.dts_doc(),
            dts_params: self.dts_params(&returns, params_type.as_ref(), imports),
            returns,
            params_type,
        }
    }

    /// The stream method of an operation that answers with server-sent
    /// events: the plain method's arguments (but the body property that asks
    /// for the stream, which it sends `true`), the plain method's
    /// descriptor, and the promise of the event stream (CONTRACT.md section
    /// 12).
    fn stream_view(&self, plan: &StreamPlan, plain: &str, imports: &mut Imports) -> MethodView {
        let params_type = self.params_type(imports).map(|pt| match &plan.switch {
            Some(wire) => ParamsType {
                name: format!(
                    "Omit<{}, {}>",
                    pt.name,
                    js_string(&super::naming::camel(wire, "stream"))
                ),
                ..pt
            },
            None => pt,
        });
        let event = if plan.text_events() {
            "string".to_string()
        } else {
            let ts = self.types.ts(plan.event.non_null(), Flow::Output);
            imports.mention(self.types, &ts);
            ts
        };
        imports.runtime_types.insert("EventStream");
        let flat_returns = format!("Promise<EventStream<{event}>>");
        let descriptor = &self.on.descriptor;
        let call_hugged = l::fits_at(
            4,
            &format!("return this.#core.stream({descriptor}, options, () => ({{"),
        );
        let request = object_lines(self.request(imports), if call_hugged { 6 } else { 8 });
        let mut js_doc = Doc::default();
        js_doc.push(format!(
            "{} {}, answered with server-sent events",
            self.op.method.as_str(),
            self.op.path
        ));
        let mut dts_doc = self.dts_doc();
        dts_doc.paragraphs.insert(
            0,
            Text::new(format!(
                "Like `{}`, but answers with the API's server-sent events: `for await` \
                 over the stream gives each event decoded{}. Retries, the deadline and the \
                 idempotency key apply until the response's headers arrive, never after; a \
                 connection lost mid-stream, or no bytes for the idle timeout, throws a \
                 `StreamError` with the number of events delivered.",
                plain,
                plan.switch
                    .as_ref()
                    .map(|w| format!("; the request sends `{w}: true`"))
                    .unwrap_or_default()
            )),
        );
        let dts_params = self.dts_params(&flat_returns, params_type.as_ref(), imports);
        // The type breaks inside `Promise<...>` when even the line that ends
        // the broken parameters cannot hold it, as prettier breaks it.
        let returns = if !dts_params.contains('\n') || l::fits_at(2, &format!("): {flat_returns};"))
        {
            flat_returns
        } else {
            format!("Promise<\n    EventStream<{event}>\n  >")
        };
        MethodView {
            name: self.on.method.clone(),
            declares_descriptor: false,
            descriptor: descriptor.clone(),
            descriptor_head_fits: true,
            descriptor_props: Vec::new(),
            pagination: None,
            core_method: "stream",
            js_doc,
            js_params: self.js_params(),
            call_hugged,
            request,
            dts_doc,
            dts_params,
            returns,
            params_type: None,
        }
    }

    /// What the method returns: the promise of the decoded body, for a
    /// paginated operation the pager of its items, for a download the
    /// promise of its unread body.
    fn returns(&self, success: &SuccessBody, imports: &mut Imports) -> String {
        if self.op.plan.download {
            imports.api_promise = true;
            imports.runtime_types.insert("BinaryResponse");
            return "APIPromise<BinaryResponse>".to_string();
        }
        match &self.op.plan.pagination {
            Some(pg) => {
                imports.page_promise = true;
                let item = self.types.ts(&pg.item, Flow::Output);
                imports.mention(self.types, &item);
                format!("PagePromise<{item}>")
            }
            None => {
                imports.api_promise = true;
                imports.mention(self.types, &success.ts);
                format!("APIPromise<{}>", success.ts)
            }
        }
    }

    /// `const xPagination = Object.freeze({...});`: the plan's pagination
    /// as the runtime's `Pager` takes it (pagination.d.ts), every spec
    /// string escaped.
    fn pagination(&self) -> Option<String> {
        let pg = self.op.plan.pagination.as_ref()?;
        let name = self.on.pagination.as_ref()?;
        let string = |key: &str, value: &str| object_prop(key, l::text(js_string(value)), true);
        let path = |key: &str, names: &[String]| {
            object_prop(
                key,
                l::array(names.iter().map(|n| l::text(js_string(n))).collect(), false),
                false,
            )
        };
        let mut props = vec![string("style", pg.style.as_str())];
        if let Some(p) = &pg.param {
            props.push(string("param", p));
        }
        if let Some(p) = &pg.size_param {
            props.push(string("sizeParam", p));
        }
        props.push(path("items", &pg.items));
        if !pg.next.is_empty() {
            props.push(path("next", &pg.next));
        }
        if !pg.has_more.is_empty() {
            props.push(path("hasMore", &pg.has_more));
        }
        if let Some(f) = &pg.item_field {
            props.push(string("itemField", f));
        }
        Some(l::render(
            &l::fluid_assignment(
                &format!("const {name}"),
                l::call_with_last_object("Object.freeze", vec![], expanded_object(props)),
                ";",
            ),
            0,
        ))
    }

    /// The params type: the body's fields (or a `body` property) with the
    /// query, header and cookie parameters.
    fn params_type(&self, imports: &mut Imports) -> Option<ParamsType> {
        if !self.has_params {
            return None;
        }
        let (types, op, on) = (self.types, self.op, self.on);
        let mut props: Vec<Prop> = Vec::new();
        if let (Some(c), None) = (self.body, self.flat) {
            let members = match c.kind {
                BodyKind::Binary => vec![FILE_INPUT.into(), "string".into()],
                BodyKind::Text => vec!["string".into()],
                _ => types.members(&c.ty, Flow::Input),
            };
            imports.mention(types, &members.join(" | "));
            let mut doc = Doc::default();
            doc.push_opt(op.body.as_ref().and_then(|b| b.description.as_deref()));
            doc.push(format!("Sent as `{}`.", c.media_type));
            let required = op.plan.body.as_ref().is_some_and(|b| b.required);
            props.push(Prop {
                doc,
                line: prop_line("body", !required, members),
            });
        }
        for (i, p) in &self.object_params {
            let members = types.members(&p.ty, Flow::Input);
            imports.mention(types, &members.join(" | "));
            props.push(Prop {
                doc: param_doc(p),
                line: prop_line(&on.params[*i], !p.required, members),
            });
        }
        let mut doc = Doc::default();
        doc.push(format!("The parameters of `{}`.", on.method));
        let body_name = self.flat.map(|i| types.names.types[i].clone());
        if let Some(b) = &body_name {
            imports.mention(types, b);
        }
        Some(ParamsType {
            name: on.params_type.clone(),
            doc,
            extends: body_name,
            props,
        })
    }

    /// `params.name` of an object parameter.
    fn param_value(&self, i: usize) -> D {
        l::text(format!("params.{}", self.on.params[i]))
    }

    /// A parameter's value on its way to the wire: through its type's
    /// converter (the wire's names) where it has one.
    fn wire_value(&self, p: &Param, value: D, imports: &mut Imports) -> D {
        match self.types.converter(&p.ty, false) {
            Some(c) => {
                imports.wire = true;
                c.apply(value)
            }
            None => value,
        }
    }

    /// `serialiser("name", value)`, with the parameter's encoding as a last
    /// object argument where it is not the location's default.
    fn param_call(&self, fun: &'static str, p: &Param, value: D, imports: &mut Imports) -> D {
        imports.runtime.insert(fun);
        let name = l::text(js_string(&p.name));
        match param_encoding(p) {
            Some(how) => l::call_with_last_object(fun, vec![name, value], how),
            None => l::call(fun, vec![name, value]),
        }
    }

    /// The path: a literal, or the template filled by `fillPath` with each
    /// path parameter's expansion (`pathParam`, in its style) in the order
    /// of its placeholders.
    fn path(&self, imports: &mut Imports) -> D {
        let path = &self.op.path;
        if self.path_params.is_empty() {
            return l::text(js_string(path));
        }
        imports.core.insert("fillPath");
        let mut args = vec![l::text(js_string(path))];
        let mut rest = path.as_str();
        while let Some(start) = rest.find('{') {
            let Some(len) = rest[start..].find('}') else {
                break;
            };
            let name = &rest[start + 1..start + len];
            if let Some((i, p)) = self.path_params.iter().find(|(_, p)| p.name == name) {
                let value = self.wire_value(p, l::text(self.on.params[*i].clone()), imports);
                args.push(self.param_call("pathParam", p, value, imports));
            }
            rest = &rest[start + len + 1..];
        }
        l::call("fillPath", args)
    }

    /// `queryString(...)` over the query parameters, each in its style.
    fn query(&self, imports: &mut Imports) -> Option<D> {
        // The pairs the spec wrote into the path come first.
        let mut parts: Vec<D> = self
            .op
            .plan
            .query
            .iter()
            .map(|(name, value)| {
                imports.runtime.insert("queryParam");
                l::call(
                    "queryParam",
                    vec![l::text(js_string(name)), l::text(js_string(value))],
                )
            })
            .collect();
        parts.extend(
            self.object_params
                .iter()
                .filter(|(_, p)| p.location == ParamLocation::Query)
                .map(|(i, p)| {
                    let value = self.wire_value(p, self.param_value(*i), imports);
                    self.param_call("queryParam", p, value, imports)
                }),
        );
        if parts.is_empty() {
            return None;
        }
        imports.runtime.insert("queryString");
        Some(l::call("queryString", parts))
    }

    /// The body's rows of `parts` in the descriptor: per property, in the
    /// plan's order, what `formBody` (`[name, style, explode, allowReserved]`,
    /// `[name]` for form and explode) or `multipartBody` (`[name, the
    /// declared contentType]`, `[name]` where none is declared) needs.
    fn parts(&self) -> Option<D> {
        let body = self.op.plan.body.as_ref()?;
        let rows: Vec<Vec<D>> = match body.content.kind {
            BodyKind::Form => body
                .parts
                .iter()
                .map(|part| {
                    let mut row = vec![l::text(js_string(&part.property))];
                    let default = part.style == ParamStyle::Form && part.explode;
                    if !default || part.allow_reserved {
                        row.push(l::text(js_string(part.style.openapi_name())));
                        row.push(l::text(part.explode.to_string()));
                    }
                    if part.allow_reserved {
                        row.push(l::text("true"));
                    }
                    row
                })
                .collect(),
            BodyKind::Multipart => body
                .parts
                .iter()
                .map(|part| {
                    let mut row = vec![l::text(js_string(&part.property))];
                    // Only a declared type: the runtime applies WIRE.md's
                    // defaults (none for a scalar, JSON for an object, a
                    // file's octet-stream) from the value.
                    let declared = body
                        .content
                        .encoding
                        .iter()
                        .find(|e| e.property == part.property)
                        .and_then(|e| e.content_type.as_deref());
                    let style = body
                        .content
                        .encoding
                        .iter()
                        .find(|e| e.property == part.property)
                        .and_then(|e| e.style);
                    match (part.declared, declared, style) {
                        (true, _, Some(style)) => {
                            // A declared style: the fields a form would carry.
                            row.push(l::text(
                                declared.map_or_else(|| "null".to_string(), js_string),
                            ));
                            row.push(l::text(js_string(style.openapi_name())));
                            row.push(l::text(part.explode.to_string()));
                        }
                        (true, Some(t), None) => row.push(l::text(js_string(t))),
                        _ => {}
                    }
                    row
                })
                .collect(),
            _ => return None,
        };
        if rows.is_empty() {
            return None;
        }
        let matrix = rows.len() > 1 && rows.iter().all(|r| r.len() > 1);
        Some(l::array(
            rows.into_iter().map(|r| l::array(r, false)).collect(),
            matrix,
        ))
    }

    /// The body property (`json` or `body`) and its media type. An optional
    /// body the caller did not give is no body at all: a flattened one is
    /// `bodyOf(...)`, undefined when the caller set none of its fields.
    fn body(&self, imports: &mut Imports) -> Vec<D> {
        let Some(c) = self.body else {
            return Vec::new();
        };
        let required = self.op.plan.body.as_ref().is_some_and(|b| b.required);
        let source = if self.flat.is_some() {
            let keys: Vec<D> = self
                .object_params
                .iter()
                .map(|(i, _)| l::text(js_string(&self.on.params[*i])))
                .collect();
            if !required {
                imports.core.insert("bodyOf");
                l::call("bodyOf", [vec![l::text("params")], keys].concat())
            } else if keys.is_empty() {
                l::text("params")
            } else {
                imports.core.insert("withoutKeys");
                l::call("withoutKeys", [vec![l::text("params")], keys].concat())
            }
        } else {
            l::text("params.body")
        };
        let structured = matches!(
            c.kind,
            BodyKind::Json | BodyKind::Form | BodyKind::Multipart
        );
        let value = match self.types.converter(&c.ty, false) {
            Some(conv) if structured => {
                imports.wire = true;
                conv.apply(source)
            }
            _ => source,
        };
        // The runtime sends JSON as `application/json` and a multipart body
        // with its boundary; another media type (`application/merge-patch+json`,
        // a form's, `image/png`, ...) is the request's `contentType`, which
        // goes only with a body.
        let content_type = match c.kind {
            BodyKind::Json => c.media_type != "application/json",
            BodyKind::Text | BodyKind::Binary | BodyKind::Form => true,
            BodyKind::Multipart => false,
        };
        let parts = |name: &str| {
            let descriptor = format!("{}.parts", self.on.descriptor);
            let has_parts = self.parts().is_some();
            let mut args = vec![value.clone()];
            if has_parts {
                args.push(l::text(descriptor));
            }
            l::call(name, args)
        };
        let mut props = vec![match c.kind {
            BodyKind::Json => object_prop("json", value.clone(), false),
            BodyKind::Form => {
                imports.runtime.insert("formBody");
                object_prop("body", parts("formBody"), false)
            }
            BodyKind::Multipart => {
                imports.runtime.insert("multipartBody");
                object_prop("body", parts("multipartBody"), false)
            }
            BodyKind::Text | BodyKind::Binary => object_prop("body", value.clone(), false),
        }];
        if content_type && !c.media_type.contains('*') {
            props.push(object_prop(
                "contentType",
                l::text(js_string(&c.media_type)),
                true,
            ));
        }
        props
    }

    /// The request object's properties: path, query, headers, body.
    fn request(&self, imports: &mut Imports) -> Vec<D> {
        let mut request = vec![object_prop("path", self.path(imports), true)];
        if let Some(q) = self.query(imports) {
            request.push(object_prop("query", q, false));
        }
        let mut headers: Vec<D> = Vec::new();
        let mut cookies: Vec<D> = Vec::new();
        for (i, p) in &self.object_params {
            match p.location {
                ParamLocation::Header => {
                    let value = self.wire_value(p, self.param_value(*i), imports);
                    headers.push(self.param_call("headerParam", p, value, imports));
                }
                ParamLocation::Cookie => {
                    let value = self.wire_value(p, self.param_value(*i), imports);
                    cookies.push(self.param_call("cookieParam", p, value, imports));
                }
                _ => {}
            }
        }
        if !cookies.is_empty() {
            imports.core.insert("cookies");
            headers.push(l::call("cookies", cookies));
        }
        if !headers.is_empty() {
            imports.core.insert("headerValues");
            request.push(object_prop(
                "headers",
                l::call("headerValues", headers),
                false,
            ));
        }
        request.extend(self.body(imports));
        request
    }

    /// `(a, params = {}, options)` after the method's name, before ` {`.
    fn js_params(&self) -> String {
        let mut args: Vec<String> = self
            .path_params
            .iter()
            .map(|(i, _)| self.on.params[*i].clone())
            .collect();
        if self.has_params {
            args.push(if self.params_required {
                "params".into()
            } else {
                "params = {}".into()
            });
        }
        args.push("options".into());
        l::render_in(&self.on.method, l::params(args), " {", 2)
    }

    /// `(a: string, params?: XParams, options?: RequestOptions)` after the
    /// method's name in its declaration, before `: APIPromise<T>;`.
    fn dts_params(
        &self,
        returns: &str,
        params_type: Option<&ParamsType>,
        imports: &mut Imports,
    ) -> String {
        let types = self.types;
        let mut args: Vec<String> = Vec::new();
        for (i, p) in &self.path_params {
            let ts = types.ts(&p.ty, Flow::Input);
            imports.mention(types, &ts);
            args.push(format!("{}: {ts}", self.on.params[*i]));
        }
        if let Some(pt) = params_type {
            let optional = if self.params_required { "" } else { "?" };
            args.push(format!("params{optional}: {}", pt.name));
        }
        if self.keyed() {
            imports.keyed_options = true;
            args.push("options?: KeyedRequestOptions".into());
        } else {
            imports.plain_options = true;
            args.push("options?: RequestOptions".into());
        }
        l::render_in(
            &self.on.method,
            l::params(args),
            &format!(": {returns};"),
            2,
        )
    }

    fn js_doc(&self) -> Doc {
        let mut doc = Doc::default();
        doc.push(format!("{} {}", self.op.method.as_str(), self.op.path));
        doc
    }

    fn dts_doc(&self) -> Doc {
        let op = self.op;
        let mut doc = Doc::default();
        doc.push_opt(op.summary.as_deref());
        doc.push_opt(op.description.as_deref());
        doc.push(format!("`{} {}`", op.method.as_str(), op.path));
        doc.push(retry_paragraph(self.api, op));
        if op.plan.download {
            doc.push(
                "Resolves once the response's headers arrive, its body unread: read it \
                 once, whole (`bytes()`, within `maxResponseBytes`), in chunks (`for \
                 await`) or into a file (`writeToFile(path)`), which keeps one chunk in \
                 memory at a time. A body that breaks throws a `StreamError` with the \
                 bytes delivered; it is not retried.",
            );
        }
        for (i, p) in &self.path_params {
            let mut text = p.description.clone().unwrap_or_default();
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&format!(
                "Sent as the `{}` path parameter, percent-encoded.",
                p.name
            ));
            doc.params
                .push((self.on.params[*i].clone(), Text::new(text)));
        }
        if op.deprecated {
            doc.tags.push("@deprecated");
        }
        doc
    }

    /// The properties of `const xOperation = {...};`: what the runtime needs
    /// to know of the operation, from its plan. The key contract is written out in full for
    /// keyed operations and not at all for others; the p99 and the retry
    /// settings only where they are the operation's own, and the security
    /// where the operation states its own: the spec's root values are the
    /// client's, so the client's options can change them.
    fn descriptor(&self, success: &SuccessBody, imports: &mut Imports) -> Vec<D> {
        let op = self.op;
        let plan = &op.plan;
        let string = |key: &str, value: &str| object_prop(key, l::text(js_string(value)), true);
        let number = |key: &str, value: u64| object_prop(key, l::text(value.to_string()), false);
        let mut props: Vec<D> = vec![
            string("name", &op.id),
            string("method", op.method.as_str()),
            string("retryClass", plan.retry.class.as_str()),
        ];
        if let Some(key) = &plan.key {
            props.push(string("keyHeader", &key.header));
            props.push(number("keyMaxLength", u64::from(key.max_length)));
            props.push(string(
                "failures",
                match key.failures {
                    FailurePolicy::Replay => "replay",
                    FailurePolicy::Reattempt => "reattempt",
                },
            ));
            props.push(string("inFlightCode", &key.in_flight_code));
            props.push(string("mismatchCode", &key.mismatch_code));
        }
        if let Some(hint) = plan.retry.p99.filter(|h| h.from == HintSource::Operation) {
            props.push(number("p99Ms", hint.ms));
        }
        let own = plan.retry.own;
        let retry: Vec<D> = [
            ("maxAttempts", own.max_attempts.map(u64::from)),
            ("baseMs", own.base_ms),
            ("capMs", own.cap_ms),
            ("timeout", own.deadline_ms),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.map(|v| number(key, v)))
        .collect();
        if !retry.is_empty() {
            props.push(object_prop("retry", expanded_object(retry), false));
        }
        if op.security.is_some() {
            props.push(object_prop(
                "security",
                security_array(&plan.security),
                false,
            ));
        }
        if let Some(servers) = plan.base.own_servers() {
            if let Some(url) = servers.first().map(server_url) {
                props.push(string("baseUrl", &url));
            }
        }
        if let Some(parts) = self.parts() {
            props.push(object_prop("parts", parts, false));
        }
        props.push(string("parseAs", success.parse_as));
        if let Some(stream) = &plan.stream {
            // What its stream method needs: the body property that asks for
            // the stream, and how each event's data is read.
            if let Some(wire) = &stream.switch {
                props.push(string("streamSwitch", wire));
            }
            if stream.text_events() {
                props.push(string("eventData", "text"));
            } else {
                let read = self.types.reader(stream.event.non_null());
                if !read.is_any() {
                    imports.wire = true;
                    let member_chain = matches!(read, Read::Fn(_));
                    props.push(object_prop("parseEvent", read.layout(), member_chain));
                }
            }
        }
        if let (Some(pg), Some(name)) = (&plan.pagination, &self.on.pagination) {
            // The pager reads the items off the raw body and converts each.
            props.push(object_prop("pagination", l::text(name.clone()), true));
            let read = self.types.reader(&pg.item);
            if !read.is_any() {
                imports.wire = true;
                let member_chain = matches!(read, Read::Fn(_));
                props.push(object_prop("parseItem", read.layout(), member_chain));
            }
            return props;
        }
        // Several media types: only a body that says it is JSON is read.
        let mixed = success.parse_as == "auto";
        match &success.decode {
            Decode::None => {}
            Decode::One(read) => {
                imports.wire = true;
                let member_chain = matches!(read, Read::Fn(_)) && !mixed;
                props.push(object_prop(
                    "decode",
                    json_only(read.layout(), mixed),
                    member_chain,
                ));
            }
            Decode::ByStatus(rows) => {
                imports.wire = true;
                let rows: Vec<D> = rows
                    .iter()
                    .map(|(status, conv)| {
                        l::array(vec![l::text(status.clone()), conv.layout()], false)
                    })
                    .collect();
                let matrix = rows.len() > 1;
                props.push(object_prop(
                    "decode",
                    json_only(
                        l::call_with_last_object("wire.byStatus", vec![], l::array(rows, matrix)),
                        mixed,
                    ),
                    false,
                ));
            }
        }
        props
    }
}

/// `decode` of an operation whose success bodies come in several media
/// types: the runtime's `jsonOnly` around it.
fn json_only(decode: D, mixed: bool) -> D {
    if mixed {
        l::call("wire.jsonOnly", vec![decode])
    } else {
        decode
    }
}

/// How a parameter is written, as the runtime's serialisers take it
/// (`{ style, explode, allowReserved, contentType }`), with only what is not
/// its location's default (path and header `simple` without explode, query
/// `form` with explode for `form` only, cookie `form` with explode); `None`
/// when all of it is.
fn param_encoding(p: &Param) -> Option<D> {
    let mut props: Vec<(String, String)> = Vec::new();
    if let Some(t) = &p.content_type {
        props.push(("contentType".into(), js_string(t)));
    } else {
        let (default_style, default_explode) = match p.location {
            ParamLocation::Path | ParamLocation::Header => (ParamStyle::Simple, false),
            ParamLocation::Query => (ParamStyle::Form, p.style == ParamStyle::Form),
            ParamLocation::Cookie => (ParamStyle::Form, true),
        };
        if p.style != default_style {
            props.push(("style".into(), js_string(p.style.openapi_name())));
        }
        if p.explode != default_explode {
            props.push(("explode".into(), p.explode.to_string()));
        }
        if p.allow_reserved && p.location == ParamLocation::Query {
            props.push(("allowReserved".into(), "true".into()));
        }
    }
    (!props.is_empty()).then(|| inline_object(props))
}

fn param_doc(p: &Param) -> Doc {
    let mut doc = Doc::default();
    doc.push_opt(p.description.as_deref());
    let place = match p.location {
        ParamLocation::Path => "path",
        ParamLocation::Query => "query",
        ParamLocation::Header => "header",
        ParamLocation::Cookie => "cookie",
    };
    doc.push(format!("Sent as the `{}` {place} parameter.", p.name));
    if let Some(note) = format_note(&p.ty) {
        doc.push(note);
    }
    if p.deprecated {
        doc.tags.push("@deprecated");
    }
    doc
}

/// How the runtime treats the operation, in words, with its numbers.
fn retry_paragraph(api: &Api, op: &Operation) -> String {
    let r = &op.plan.retry;
    let timeout = match (r.p99, r.attempt_timeout_ms) {
        (Some(p), Some(t)) => format!(
            "each attempt times out after {t} ms ({} x p99 {} ms) or when the deadline comes, whichever is first",
            crate::defaults::get().attempt_timeout_p99_multiplier,
            p.ms
        ),
        _ => "each attempt may use the rest of the deadline".to_string(),
    };
    let deadline = r.effective.deadline_ms;
    let attempts = u64::from(r.effective.max_attempts);
    let what = match op.retry.class {
        RetryClass::Safe => {
            "Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures."
                .to_string()
        }
        RetryClass::Idempotent => {
            "Idempotent: retried on throttling, transient 5xx (500 once) and connection failures."
                .to_string()
        }
        RetryClass::Keyed => {
            let header = op
                .plan
                .key
                .as_ref()
                .map(|k| k.header.as_str())
                .unwrap_or(api.key_contract.header());
            format!(
                "Keyed: every attempt carries the same `{header}` (yours from `options.idempotencyKey`, or a UUID v4 made once for the call), so retries after a timeout or a 5xx cannot act twice within the server's replay window."
            )
        }
        RetryClass::Unsafe => {
            "Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again."
                .to_string()
        }
    };
    format!("{what} Up to {attempts} attempts within a {deadline} ms deadline; {timeout}.")
}
