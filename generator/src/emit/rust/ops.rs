//! `src/<group>.rs`: a resource struct per IR group and a request builder
//! per operation, whose `send` hands the operation's retry descriptor to the
//! vendored runtime.

use std::cell::Cell;

use crate::ir::paginate::{PageStyle, Pagination};
use crate::ir::plan::{HintSource, PartEncoding, Plan};
use crate::ir::{
    Api, BodyKind, Content, FailurePolicy, Method, Operation, Param, ParamLocation, ParamStyle,
    Primitive, RetryClass, RetryOverrides, StatusSpec, TypeRef,
};

use super::escape::string_literal;
use super::layout::{self, Link};
use super::naming::{self, Names};
use super::types::{Shape, Types, OUTSIDE, RESERVED_TYPE_NAMES};
use super::views::{
    BodyView, DescriptorView, ErrorEnumView, ErrorVariantView, GroupView, KeyContractView, OpView,
    PagerView, ParamStmtView, PartView, RequestView, RetryOverridesView, SetterView, StreamView,
};

/// Names every group module imports.
const GROUP_IMPORTS: &[&str] = &[
    "ApiResponse",
    "CallOptions",
    "Duration",
    "Error",
    "FailurePolicy",
    "Instant",
    "KeyContract",
    "Method",
    "Operation",
    "Page",
    "PageStyle",
    "Pager",
    "Pagination",
    "Request",
    "RetryClass",
    "RetryOverrides",
    "Runtime",
];

/// Crate-level helpers an operation needs.
#[derive(Default)]
pub struct Needs {
    pub to_json: Cell<bool>,
    pub decode: Cell<bool>,
}

pub struct Groups {
    pub groups: Vec<GroupView>,
    /// Rust method names by operation index.
    pub method_of_op: Vec<(String, String)>,
}

pub fn build(api: &Api, types: &Types, needs: &Needs, module_names: &mut Names) -> Groups {
    let mut groups = Vec::new();
    let mut method_of_op = vec![(String::new(), String::new()); api.operations.len()];
    for g in &api.groups {
        let module = module_names.snake(&g.name, "operations");
        let mut type_names: Vec<&str> = RESERVED_TYPE_NAMES.to_vec();
        type_names.extend_from_slice(GROUP_IMPORTS);
        let mut type_names = Names::with_reserved(&type_names);
        let resource = type_names.pascal(&g.name, "Operations");
        let mut methods = Names::with_reserved(&["new"]);
        let mut statics = Names::default();
        let mut uses_models = false;
        let mut uses_runtime_module = false;
        let mut keyed = false;
        let mut pages = false;
        let mut ops = Vec::new();
        for &index in &g.operations {
            let Some(op) = api.operations.get(index) else {
                continue;
            };
            let ctx = OpCtx {
                types,
                needs,
                uses_models: Cell::new(false),
                uses_runtime: Cell::new(false),
            };
            let view = ctx.op(op, &resource, &mut type_names, &mut methods, &mut statics);
            uses_models |= ctx.uses_models.get();
            uses_runtime_module |= ctx.uses_runtime.get();
            keyed |= op.plan.key.is_some();
            pages |= view.pager.is_some();
            method_of_op[index] = (module.clone(), view.method_ident.clone());
            ops.push(view);
        }
        let mut runtime_items: Vec<&str> = Vec::new();
        if uses_runtime_module {
            runtime_items.push("self");
        }
        runtime_items.extend_from_slice(&["CallOptions", "Error"]);
        // The key contract's types, where a descriptor has one.
        if keyed {
            runtime_items.push("FailurePolicy");
            runtime_items.push("KeyContract");
        }
        runtime_items.extend_from_slice(&["Method", "Operation"]);
        // The pager's types, where an operation pages.
        if pages {
            runtime_items.extend_from_slice(&["PageStyle", "Pager", "Pagination"]);
        }
        runtime_items.extend_from_slice(&["Request", "RetryClass", "RetryOverrides", "Runtime"]);
        let runtime_use = layout::use_list("crate::runtime", &runtime_items);
        groups.push(GroupView {
            module,
            resource,
            name: g.name.clone(),
            description: g.description.clone().unwrap_or_default(),
            runtime_use,
            uses_models,
            uses_api_response: ops.iter().any(|o| o.download.is_none()),
            feature: None,
            ops,
        });
    }
    Groups {
        groups,
        method_of_op,
    }
}

struct OpCtx<'a> {
    types: &'a Types<'a>,
    needs: &'a Needs,
    uses_models: Cell<bool>,
    uses_runtime: Cell<bool>,
}

/// One parameter as the builder holds it.
struct ParamPlan<'p> {
    param: &'p Param,
    ident: String,
    /// The value's Rust type (without `Option`).
    ty: String,
    /// Taken as `impl Into<String>`.
    stringy: bool,
}

/// How the request body is taken and sent.
struct BodyPlan<'c> {
    content: &'c Content,
    /// The builder field's type.
    field_ty: String,
    /// The resource method's argument type.
    arg_ty: String,
    borrowed: bool,
    required: bool,
}

impl OpCtx<'_> {
    fn rust(&self, ty: &TypeRef) -> String {
        let text = self.types.rust(ty, OUTSIDE);
        if text.contains("models::") {
            self.uses_models.set(true);
        }
        text
    }

    fn op(
        &self,
        op: &Operation,
        resource: &str,
        type_names: &mut Names,
        methods: &mut Names,
        statics: &mut Names,
    ) -> OpView {
        let method_ident = methods.snake(&op.method_name, "call");
        // `<Op>Request`, or `<Op>Call` where a model has that name already.
        let request_name = naming::pascal(&format!("{} Request", op.id), "CallRequest");
        let builder = if self.types.has_ident(&request_name) {
            type_names.pascal(&format!("{} Call", op.id), "Call")
        } else {
            type_names.pascal(&format!("{} Request", op.id), "CallRequest")
        };
        let static_ident = statics.screaming(&op.id, "OPERATION");
        // rustfmt moves a struct literal whose head does not fit to the next
        // line, one level in, when the rest of the head does.
        let (static_head, static_pad) = {
            let head = format!("static {static_ident}: Operation = Operation {{");
            let wrapped = format!("static {static_ident}: Operation =");
            if head.len() > layout::MAX_WIDTH && wrapped.len() <= layout::MAX_WIDTH {
                (format!("{wrapped}\n    Operation {{"), 4)
            } else {
                (layout::static_head(&static_ident, "Operation"), 0)
            }
        };
        let keyed = op.plan.key.is_some();

        let mut fields = Names::with_reserved(&[
            "runtime",
            "options",
            "send",
            "send_stream",
            "send_with_response",
            "timeout",
            "deadline",
            "max_attempts",
            "retries",
            "extra_header",
            "extra_query",
            "extra_body",
        ]);
        if keyed {
            fields.reserve("idempotency_key");
        }
        // A paging builder's own methods: `into_pager`, and `request`, which
        // builds what `send` and `into_pager` send.
        let pagination = op.plan.pagination.as_ref();
        if pagination.is_some() {
            fields.reserve("into_pager");
            fields.reserve("request");
        }
        // The body the plan chose: the one rule of every SDK.
        let body = op.plan.body.as_ref();
        let body_ident = body.as_ref().map(|_| fields.snake("body", "body"));
        let params: Vec<ParamPlan> = op
            .params
            .iter()
            .filter(|p| !(keyed && p.is_idempotency_key))
            .map(|p| {
                let ty = p.ty.non_null();
                let stringy = matches!(
                    self.types.resolve(ty),
                    TypeRef::Primitive(Primitive::String)
                );
                ParamPlan {
                    param: p,
                    ident: fields.snake(&p.name, "param"),
                    ty: if stringy {
                        "String".to_string()
                    } else {
                        self.rust(ty)
                    },
                    stringy,
                }
            })
            .collect();
        let body_plan = body.map(|b| self.body_plan(&b.content, b.required));
        let borrowed = body_plan.as_ref().is_some_and(|b| b.borrowed);
        let (generics, lt) = if borrowed {
            ("<'a>".to_string(), "<'a>")
        } else {
            (String::new(), "")
        };
        // A setter of an optional borrowed body names the lifetime.
        let impl_head = match &body_plan {
            Some(plan) if plan.borrowed && !plan.required => format!("<'a> {builder}<'a>"),
            Some(plan) if plan.borrowed => format!(" {builder}<'_>"),
            _ => format!(" {builder}"),
        };

        // The resource method: required parameters and a required body are arguments.
        let mut args = vec!["&self".to_string()];
        let mut builder_fields = Vec::new();
        let mut init = Vec::new();
        let mut setters = Vec::new();
        for p in &params {
            if p.param.required {
                let arg_ty = if p.stringy {
                    "impl Into<String>".to_string()
                } else {
                    p.ty.clone()
                };
                args.push(format!("{}: {arg_ty}", p.ident));
                builder_fields.push((p.ident.clone(), p.ty.clone()));
                init.push(if p.stringy {
                    layout::field(12, &p.ident, &format!("{}.into()", p.ident))
                } else {
                    format!("            {},", p.ident)
                });
            } else {
                builder_fields.push((p.ident.clone(), format!("Option<{}>", p.ty)));
                init.push(layout::field(12, &p.ident, "None"));
                let (param, assign) = if p.stringy {
                    (
                        format!("{}: impl Into<String>", p.ident),
                        format!("Some({}.into())", p.ident),
                    )
                } else {
                    (
                        format!("{}: {}", p.ident, p.ty),
                        format!("Some({})", p.ident),
                    )
                };
                setters.push(setter(param_doc(p.param), &p.ident, &param, assign));
            }
        }
        if let (Some(plan), Some(ident)) = (&body_plan, &body_ident) {
            if plan.required {
                args.push(format!("{ident}: {}", plan.arg_ty));
                builder_fields.push((ident.clone(), plan.field_ty.clone()));
                init.push(if plan.borrowed {
                    format!("            {ident},")
                } else {
                    layout::field(12, ident, &format!("{ident}.into()"))
                });
            } else {
                builder_fields.push((ident.clone(), format!("Option<{}>", plan.field_ty)));
                init.push(layout::field(12, ident, "None"));
                let assign = if plan.borrowed {
                    format!("Some({ident})")
                } else {
                    format!("Some({ident}.into())")
                };
                let doc = op
                    .body
                    .as_ref()
                    .and_then(|b| b.description.clone())
                    .unwrap_or_else(|| "The request body.".to_string());
                setters.push(setter(
                    doc,
                    ident,
                    &format!("{ident}: {}", plan.arg_ty),
                    assign,
                ));
            }
        }
        let builder_fields = builder_fields
            .iter()
            .map(|(name, ty)| layout::field(4, name, ty))
            .collect();

        let signature = layout::signature(
            4,
            &format!("pub fn {method_ident}{lt}"),
            &args,
            &format!("{builder}{lt}"),
        );

        let (ok_ty, decode) = if op.plan.download {
            self.uses_runtime.set(true);
            ("runtime::BinaryResponse".to_string(), Decode::Bytes)
        } else {
            self.success(op)
        };
        let download = op.plan.download.then(|| {
            layout::tail_chain(
                8,
                "self.runtime",
                &[
                    Link::call(
                        "download",
                        vec![
                            format!("&{static_ident}"),
                            "request".to_string(),
                            "self.options".to_string(),
                        ],
                    ),
                    Link::text(".await"),
                ],
            )
        });
        let unit = ok_ty == "()";
        let request = self.request(op, &params, body_plan.as_ref(), body_ident.as_deref());
        let pager = pagination.map(|plan| {
            let pages_ident = statics.screaming(&format!("{} pages", op.id), "PAGES");
            self.pager(plan, &static_ident, &pages_ident)
        });
        let execute = layout::chain(
            8,
            "let response = ",
            "self",
            &[
                Link::text(".runtime"),
                Link::call(
                    "execute",
                    vec![
                        format!("&{static_ident}"),
                        "request".to_string(),
                        "self.options".to_string(),
                    ],
                ),
                Link::text(".await?"),
            ],
            ";",
        );

        let errors = self.errors(op, &builder, type_names);
        let stream = op.plan.stream.as_ref().map(|plan| {
            let (event, decode) = if plan.text_events() {
                ("String".to_string(), "text")
            } else {
                (self.rust(&plan.event), "json")
            };
            let doc = format!(
                "Sends the request asking for the API's server-sent events \
                 (`Accept: text/event-stream`{}) and returns them, each decoded as `{event}`. \
                 Retries, the deadline and the idempotency key apply until the response's \
                 headers arrive, never after: no event is delivered twice. A connection lost \
                 mid-stream, or no bytes for the idle timeout, is an [`Error::Stream`] with \
                 the number of events delivered; dropping the stream closes the connection.",
                plan.switch
                    .as_ref()
                    .map(|w| format!(", and `{}: true` in the body", w.replace('`', "'")))
                    .unwrap_or_default()
            );
            StreamView {
                doc,
                signature: layout::signature(
                    4,
                    "pub async fn send_stream",
                    &["self".to_string()],
                    &format!("Result<crate::EventStream<{event}>, Error>"),
                ),
                open: layout::chain(
                    8,
                    "let events = ",
                    "self",
                    &[
                        Link::text(".runtime"),
                        Link::call(
                            "stream",
                            vec![
                                format!("&{static_ident}"),
                                "request".to_string(),
                                "options".to_string(),
                            ],
                        ),
                        Link::text(".await?"),
                    ],
                    ";",
                ),
                decode,
                switch: plan
                    .switch
                    .as_ref()
                    .map(|w| super::escape::string_literal(w)),
            }
        });
        OpView {
            method_ident: method_ident.clone(),
            http_method: op.method.as_str().to_string(),
            path: op.path.clone(),
            doc: self.op_doc(op, &builder, &params),
            deprecated: op.deprecated,
            signature,
            builder_doc: if pager.is_some() {
                format!(
                    "A [`{resource}::{}`] call: set its options, then [`send`](Self::send) it for the first page, or walk every page with [`into_pager`](Self::into_pager).",
                    naming::unraw(&method_ident)
                )
            } else {
                format!(
                    "A [`{resource}::{}`] call: set its options, then [`send`](Self::send) it.",
                    naming::unraw(&method_ident)
                )
            },
            builder: builder.clone(),
            generics,
            impl_head,
            builder_fields,
            init,
            setters,
            keyed,
            key_doc: key_doc(op),
            static_pad,
            static_head,
            descriptor: descriptor(op),
            request,
            execute,
            decode: decode.name(),
            send_signature: layout::signature(
                4,
                "pub async fn send",
                &["self".to_string()],
                &format!("Result<{ok_ty}, Error>"),
            ),
            send_with_response_signature: layout::signature(
                4,
                "pub async fn send_with_response",
                &["self".to_string()],
                &format!("Result<ApiResponse<{ok_ty}>, Error>"),
            ),
            unit,
            errors,
            pager,
            stream,
            download,
        }
    }

    /// The `Pagination` static of a list operation and its `into_pager`.
    fn pager(&self, plan: &Pagination, op_static: &str, pages_static: &str) -> PagerView {
        let item = self.rust(&plan.item);
        let style = match plan.style {
            PageStyle::Cursor => "Cursor",
            PageStyle::ItemId => "ItemId",
            PageStyle::Offset => "Offset",
            PageStyle::Page => "Page",
            PageStyle::NextUrl => "NextUrl",
            PageStyle::LinkHeader => "LinkHeader",
        };
        // rustfmt moves the struct literal to the next line, one level in,
        // when the head does not fit.
        let head = format!("static {pages_static}: Pagination = Pagination {{");
        let (static_head, indent, static_end) = if head.len() <= layout::MAX_WIDTH {
            (head, 4, "};")
        } else {
            (
                format!("static {pages_static}: Pagination =\n    Pagination {{"),
                8,
                "    };",
            )
        };
        let option = |name: &str, value: &Option<String>| match value {
            Some(v) => layout::call(indent, &format!("{name}: Some"), &[string_literal(v)], ","),
            None => format!("{}{name}: None,", " ".repeat(indent)),
        };
        let slice = |name: &str, path: &[String]| {
            let items: Vec<String> = path.iter().map(|p| string_literal(p)).collect();
            layout::slice_field(indent, name, &items)
        };
        let fields = vec![
            format!("{}style: PageStyle::{style},", " ".repeat(indent)),
            option("param", &plan.param),
            option("size_param", &plan.size_param),
            slice("items", &plan.items),
            slice("next", &plan.next),
            slice("has_more", &plan.has_more),
            option("item_field", &plan.item_field),
        ];
        PagerView {
            static_head,
            fields,
            static_end,
            doc: pager_doc(plan),
            signature: layout::signature(
                4,
                "pub fn into_pager",
                &["self".to_string()],
                &format!("Pager<{item}>"),
            ),
            new: layout::call(
                8,
                "Pager::from_request",
                &[
                    "self.runtime".to_string(),
                    format!("&{op_static}"),
                    "request".to_string(),
                    "self.options".to_string(),
                    pages_static.to_string(),
                ],
                "",
            ),
        }
    }

    fn body_plan<'c>(&self, content: &'c Content, required: bool) -> BodyPlan<'c> {
        match content.kind {
            BodyKind::Binary => BodyPlan {
                content,
                field_ty: "runtime::Upload".to_string(),
                arg_ty: "impl Into<runtime::Upload>".to_string(),
                borrowed: false,
                required,
            }
            .mark(self),
            BodyKind::Text => BodyPlan {
                content,
                field_ty: "&'a str".to_string(),
                arg_ty: "&'a str".to_string(),
                borrowed: true,
                required,
            },
            _ => {
                let inner = match self.types.resolve(content.ty.non_null()) {
                    TypeRef::Array(item) => format!("[{}]", self.rust(item)),
                    TypeRef::Primitive(Primitive::String) => "str".to_string(),
                    _ => self.rust(content.ty.non_null()),
                };
                BodyPlan {
                    content,
                    field_ty: format!("&'a {inner}"),
                    arg_ty: format!("&'a {inner}"),
                    borrowed: true,
                    required,
                }
            }
        }
    }

    /// The statements that build `request`.
    fn request(
        &self,
        op: &Operation,
        params: &[ParamPlan],
        body: Option<&BodyPlan>,
        body_ident: Option<&str>,
    ) -> RequestView {
        let method = format!("Method::{}", op.method.as_str());
        // The path, every parameter percent-encoded as one segment.
        let mut format_text = String::new();
        let mut path_args = Vec::new();
        let mut path_locals: Vec<String> = Vec::new();
        let mut path_locals_used: Vec<String> = Vec::new();
        let mut rest = op.path.as_str();
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|c| open + c) else {
                break;
            };
            let name = &rest[open + 1..close];
            format_text.push_str(&brace_escape(&rest[..open]));
            match params
                .iter()
                .find(|p| p.param.location == ParamLocation::Path && p.param.name == name)
            {
                Some(p) => {
                    self.uses_runtime.set(true);
                    let value = format!("self.{}", p.ident);
                    if p.param.style == ParamStyle::Simple
                        && p.param.content_type.is_none()
                        && self.is_plain_text(&p.param.ty)
                    {
                        // A scalar whose text needs no number rule: one
                        // segment, percent-encoded (what `path_param` does).
                        let text = self.text(p.param.ty.non_null(), &value, false).str_arg();
                        path_args.push(format!("runtime::encode_path_segment({text})?"));
                        format_text.push_str("{}");
                    } else {
                        // WIRE.md's path styles, from the value's JSON.
                        let local = format!("path_{}", path_locals.len());
                        let json = self.param_json(p.param, &format!("&{value}"));
                        path_locals.push(layout::let_call(
                            8,
                            &local,
                            "runtime::path_param",
                            &[
                                string_literal(&p.param.name),
                                format!("&{json}"),
                                style_expr(p.param.style),
                                p.param.explode.to_string(),
                            ],
                            "?;",
                        ));
                        format_text.push_str(&format!("{{{local}}}"));
                        path_locals_used.push(local);
                    }
                }
                None => format_text.push_str(&brace_escape(&rest[open..=close])),
            }
            rest = &rest[close + 1..];
        }
        format_text.push_str(&brace_escape(rest));
        let (path_expr, path) = if path_args.is_empty() && path_locals_used.is_empty() {
            (string_literal(&op.path), None)
        } else {
            let mut args = vec![string_literal(&format_text)];
            args.extend(path_args);
            let path = if args.len() == 1 {
                layout::let_stmt(8, "path", &format!("format!({})", args[0]))
            } else {
                layout::call(8, "let path = format!", &args, ";")
            };
            ("path".to_string(), Some(path))
        };

        // The pairs the spec wrote into the path come first.
        let mut fixed_query = Vec::new();
        for (name, value) in &op.plan.query {
            self.uses_runtime.set(true);
            let value = format!("&serde_json::Value::from({})", string_literal(value));
            fixed_query.push(layout::call(
                8,
                "request = request.query_encoded(runtime::query_param",
                &[
                    string_literal(name),
                    value,
                    style_expr(ParamStyle::Form),
                    "true".to_string(),
                    "false".to_string(),
                ],
                "?);",
            ));
        }
        let param_stmts: Vec<ParamStmtView> =
            params.iter().filter_map(|p| self.param_stmt(p)).collect();
        let cookies = params
            .iter()
            .any(|p| p.param.location == ParamLocation::Cookie);
        let body = match (body, body_ident) {
            (Some(plan), Some(ident)) => Some(self.body(plan, ident, &op.plan)),
            _ => None,
        };
        let mutated =
            !(fixed_query.is_empty() && param_stmts.is_empty() && !cookies && body.is_none());
        let binding = if mutated { "mut request" } else { "request" };
        let args = [method, path_expr];
        RequestView {
            path_locals,
            path,
            new: layout::let_call(8, binding, "Request::new", &args, ";"),
            cookies,
            fixed_query,
            params: param_stmts,
            body,
        }
    }

    /// The statements that put a query, header or cookie parameter on the
    /// request; `None` for a path parameter (the path holds it).
    fn param_stmt(&self, p: &ParamPlan) -> Option<ParamStmtView> {
        let name = string_literal(&p.param.name);
        let required = p.param.required;
        if p.param.location == ParamLocation::Path {
            return None;
        }
        // `place` is a reference to the parameter's value: `&self.x`, or
        // the binding `x` of an optional one.
        let (indent, place) = if required {
            (8, format!("&self.{}", p.ident))
        } else {
            (12, "given".to_string())
        };
        self.uses_runtime.set(true);
        let json = self.param_json(p.param, &place);
        let value = layout::let_stmt(indent, "value", &json);
        let explode = p.param.explode.to_string();
        let (location, head, set) = match p.param.location {
            ParamLocation::Path => return None,
            ParamLocation::Query => {
                let pieces = layout::let_call(
                    indent,
                    "pieces",
                    "runtime::query_param",
                    &[
                        name,
                        "&value".to_string(),
                        style_expr(p.param.style),
                        explode,
                        p.param.allow_reserved.to_string(),
                    ],
                    "?;",
                );
                ("query", pieces, String::new())
            }
            ParamLocation::Header => {
                let head = layout::if_let(
                    indent,
                    "Some(text)",
                    &format!("runtime::header_param({name}, &value, {explode})?"),
                );
                let set = layout::call(
                    indent + 4,
                    "request = request.header",
                    &[name, "&text".to_string()],
                    "?;",
                );
                ("header", head, set)
            }
            ParamLocation::Cookie => {
                let head = layout::if_let(
                    indent,
                    "Some(pairs)",
                    &format!("runtime::cookie_param({name}, &value, {explode})?"),
                );
                ("cookie", head, String::new())
            }
        };
        let optional =
            (!required).then(|| layout::if_let(8, "Some(given)", &format!("&self.{}", p.ident)));
        Some(ParamStmtView {
            optional,
            pad: " ".repeat(indent),
            value,
            location,
            head,
            set,
        })
    }

    /// The JSON value of a parameter, `place` a reference to its Rust value:
    /// as its `content` media type writes it where it has one; raw bytes as
    /// their text.
    fn param_json(&self, param: &Param, place: &str) -> String {
        self.needs.to_json.set(true);
        self.uses_runtime.set(true);
        if let Some(media) = &param.content_type {
            return format!(
                "runtime::content_value(&crate::to_json({place})?, {})?",
                string_literal(media)
            );
        }
        match self.types.resolve(param.ty.non_null()) {
            TypeRef::Primitive(Primitive::Binary) => {
                format!("serde_json::Value::String({place}.lossy_text())")
            }
            _ => format!("crate::to_json({place})?"),
        }
    }

    /// Whether a value of `ty` is one piece of text that the number rule
    /// does not touch (strings, integers, booleans, dates, string and
    /// integer enums).
    fn is_plain_text(&self, ty: &TypeRef) -> bool {
        match self.types.resolve(ty.non_null()) {
            TypeRef::Primitive(p) => {
                !matches!(p, Primitive::Float | Primitive::Double | Primitive::Binary)
            }
            TypeRef::Named(_) => matches!(
                self.types.shape_of_ref(ty.non_null()),
                Some(Shape::StringEnum | Shape::IntegerEnum)
            ),
            _ => false,
        }
    }

    /// How the body is set on the request.
    fn body(&self, plan: &BodyPlan, ident: &str, op_plan: &Plan) -> BodyView {
        let (indent, value) = if plan.required {
            (8, format!("self.{ident}"))
        } else {
            (12, ident.to_string())
        };
        let media = safe_media_type(&plan.content.media_type, plan.content.kind);
        let media_value = format!(
            "runtime::HeaderValue::from_static({})",
            string_literal(&media)
        );
        let mut view = BodyView {
            optional: None,
            pad: " ".repeat(indent),
            kind: "",
            set: String::new(),
            content_type: None,
            form_fields: Vec::new(),
            form_one: Vec::new(),
            json: String::new(),
            value: value.clone(),
            untyped: false,
            parts: Vec::new(),
        };
        match plan.content.kind {
            BodyKind::Json => {
                view.kind = "json";
                view.set = layout::call(
                    indent,
                    "request = request.json",
                    std::slice::from_ref(&value),
                    "?;",
                );
                if media != "application/json" {
                    self.uses_runtime.set(true);
                    view.content_type = Some(layout::assign(
                        indent + 4,
                        "body.content_type",
                        &media_value,
                    ));
                }
            }
            BodyKind::Form => {
                self.needs.to_json.set(true);
                self.uses_runtime.set(true);
                view.kind = "form";
                let parts = op_parts(op_plan);
                if let [part] = parts {
                    // One field: rustfmt hugs the array to its one call and
                    // breaks the call's arguments one per line (no
                    // `FormField::new(..)` fits its 60-column array width).
                    view.form_one = vec![
                        string_literal(&part.property),
                        style_expr(part.style),
                        part.explode.to_string(),
                        part.allow_reserved.to_string(),
                    ];
                }
                view.form_fields = parts
                    .iter()
                    .map(|part| {
                        layout::call(
                            indent + 4,
                            "runtime::FormField::new",
                            &[
                                string_literal(&part.property),
                                style_expr(part.style),
                                part.explode.to_string(),
                                part.allow_reserved.to_string(),
                            ],
                            ",",
                        )
                    })
                    .collect();
                view.json = layout::let_stmt(indent, "value", &format!("crate::to_json({value})?"));
                view.set = layout::call(
                    indent,
                    "request = request.body",
                    &["text".to_string(), media_value],
                    ";",
                );
            }
            BodyKind::Multipart => {
                self.uses_runtime.set(true);
                view.kind = "multipart";
                self.multipart(plan, &mut view, indent);
            }
            BodyKind::Text => {
                self.uses_runtime.set(true);
                view.kind = "text";
                view.set = layout::call(
                    indent,
                    "request = request.body",
                    &[format!("{value}.to_string()"), media_value],
                    ";",
                );
            }
            BodyKind::Binary => {
                view.kind = "binary";
                // An upload: bytes, a file read as it is sent, or a stream.
                let v = if plan.required {
                    format!("&{value}")
                } else {
                    value.clone()
                };
                view.set = layout::call(
                    indent,
                    "request = request.upload",
                    &[v, string_literal(&media)],
                    "?;",
                );
            }
        }
        if !plan.required {
            let source = if plan.borrowed {
                format!("self.{ident}")
            } else {
                format!("&self.{ident}")
            };
            view.optional = Some(layout::if_let(8, &format!("Some({ident})"), &source));
        }
        view
    }

    /// The parts of a `multipart/form-data` body: one per property in the
    /// schema's order, files by their declared type, everything else from
    /// its JSON value (WIRE.md section 4).
    fn multipart(&self, plan: &BodyPlan, view: &mut BodyView, indent: usize) {
        let value = view.value.clone();
        let fields = match self.types.resolve(plan.content.ty.non_null()) {
            TypeRef::Named(n)
                if self.types.shape_of_ref(&TypeRef::Named(n.clone())) == Some(Shape::Struct) =>
            {
                self.types
                    .info(n)
                    .map(|i| i.fields.clone())
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        // The content type an `encoding` entry declares for a property.
        let declared = |property: &str| -> String {
            match plan
                .content
                .encoding
                .iter()
                .find(|e| e.property == property)
                .and_then(|e| e.content_type.as_ref())
            {
                Some(t) => format!("Some({})", string_literal(t)),
                None => "None".to_string(),
            }
        };
        // The style an `encoding` entry declares for a property, with its explode.
        let styled = |property: &str| -> Option<(ParamStyle, bool)> {
            let declared = plan
                .content
                .encoding
                .iter()
                .find(|e| e.property == property)?;
            Some((declared.style?, declared.explode))
        };
        self.needs.to_json.set(true);
        view.untyped = fields.is_empty();
        for f in &fields {
            if f.wire.is_empty() {
                // The properties the schema does not list, after the others.
                view.parts.push(PartView {
                    extra: Some(f.ident.clone()),
                    optional: None,
                    pad: String::new(),
                    files: None,
                    call: String::new(),
                });
                continue;
            }
            let name = string_literal(&f.wire);
            let file = match self.types.resolve(&f.ty) {
                TypeRef::Primitive(Primitive::Binary) => Some(false),
                TypeRef::Array(item)
                    if *self.types.resolve(item) == TypeRef::Primitive(Primitive::Binary) =>
                {
                    Some(true)
                }
                _ => None,
            };
            let (inner, place) = if f.optional {
                (indent + 4, "value".to_string())
            } else {
                (indent, format!("&{value}.{}", f.ident))
            };
            let declared = declared(&f.wire);
            let (files, call) = match file {
                Some(false) => (
                    None,
                    layout::call(
                        inner,
                        "form.upload",
                        &[name.clone(), declared, place.clone()],
                        ";",
                    ),
                ),
                Some(true) => (
                    Some(place.clone()),
                    layout::call(
                        inner + 4,
                        "form.upload",
                        &[name.clone(), declared, "file".to_string()],
                        ";",
                    ),
                ),
                None => (
                    None,
                    match styled(&f.wire) {
                        // A declared style: the fields a form would carry.
                        Some((style, explode)) => layout::call(
                            inner,
                            "form.styled",
                            &[
                                name.clone(),
                                format!("&crate::to_json({place})?"),
                                style_expr(style),
                                explode.to_string(),
                            ],
                            "?;",
                        ),
                        None => layout::call(
                            inner,
                            "form.value",
                            &[name.clone(), format!("&crate::to_json({place})?"), declared],
                            "?;",
                        ),
                    },
                ),
            };
            let optional = f.optional.then(|| {
                let pattern = if f.explicit_null && file.is_some() {
                    "Some(Some(value))"
                } else {
                    "Some(value)"
                };
                layout::if_let(indent, pattern, &format!("&{value}.{}", f.ident))
            });
            view.parts.push(PartView {
                extra: None,
                optional,
                pad: " ".repeat(inner),
                files,
                call,
            });
        }
    }

    /// The text of a scalar `value`: a place of the type, or a reference to
    /// it when `is_ref`.
    fn text(&self, ty: &TypeRef, value: &str, is_ref: bool) -> Text {
        let reference = if is_ref {
            value.to_string()
        } else {
            format!("&{value}")
        };
        match self.types.resolve(ty.non_null()) {
            TypeRef::Primitive(Primitive::String | Primitive::Bytes) => Text::Place(reference),
            TypeRef::Primitive(Primitive::DateTime) => Text::Owned(format!(
                "{value}.to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true)"
            )),
            TypeRef::Primitive(Primitive::Binary) => Text::Owned(format!("{value}.lossy_text()")),
            TypeRef::Named(_)
                if self.types.shape_of_ref(ty.non_null()) == Some(Shape::StringEnum) =>
            {
                Text::Str(format!("{value}.as_str()"))
            }
            _ => Text::Owned(format!("{value}.to_string()")),
        }
    }

    /// The success type and how the body is decoded.
    fn success(&self, op: &Operation) -> (String, Decode) {
        let successes: Vec<_> = op
            .responses
            .iter()
            .filter(|r| r.status.is_success())
            .collect();
        let picked: Vec<Option<&Content>> = successes
            .iter()
            .map(|r| response_content(&r.contents))
            .collect();
        let Some(first) = picked.iter().flatten().next() else {
            return ("()".to_string(), Decode::Unit);
        };
        let some_empty = picked.iter().any(|c| c.is_none());
        match first.kind {
            BodyKind::Json => {
                let tys: Vec<&TypeRef> = picked
                    .iter()
                    .flatten()
                    .filter(|c| c.kind == BodyKind::Json)
                    .map(|c| &c.ty)
                    .collect();
                let same = tys.iter().all(|t| **t == *tys[0]);
                let stringy = matches!(
                    self.types.resolve(tys[0].non_null()),
                    TypeRef::Primitive(Primitive::String | Primitive::Binary)
                );
                if same && stringy && !some_empty {
                    self.uses_runtime.set(true);
                    return ("runtime::Bytes".to_string(), Decode::JsonStringOrBytes);
                }
                let ty = if same {
                    self.rust(tys[0])
                } else {
                    "serde_json::Value".to_string()
                };
                if some_empty {
                    (format!("Option<{ty}>"), Decode::OptionalJson)
                } else {
                    (ty, Decode::Json)
                }
            }
            BodyKind::Text => ("String".to_string(), Decode::Text),
            _ => {
                self.uses_runtime.set(true);
                ("runtime::Bytes".to_string(), Decode::Bytes)
            }
        }
    }

    fn errors(
        &self,
        op: &Operation,
        builder: &str,
        type_names: &mut Names,
    ) -> Option<ErrorEnumView> {
        let mut responses: Vec<_> = op
            .responses
            .iter()
            .filter(|r| !r.status.is_success())
            .collect();
        if responses.is_empty() {
            return None;
        }
        responses.sort_by_key(|r| match r.status {
            StatusSpec::Code(c) => (0, c),
            StatusSpec::Range(r) => (1, r),
            StatusSpec::Default => (2, 0),
        });
        let ident = type_names.pascal(&format!("{} Error", op.id), "CallError");
        let mut names = Names::default();
        let mut variants = Vec::new();
        let mut arms = Vec::new();
        for r in &responses {
            let vi = names.pascal(&status_word(r.status), "Status");
            let json = response_content(&r.contents).filter(|c| c.kind == BodyKind::Json);
            let payload = json
                .map(|c| format!("({})", self.rust(&c.ty)))
                .unwrap_or_default();
            let pattern = match r.status {
                StatusSpec::Code(c) => c.to_string(),
                StatusSpec::Range(x) => format!("{x}00..={x}99"),
                StatusSpec::Default => "_".to_string(),
            };
            let body = if json.is_some() {
                self.needs.decode.set(true);
                format!("Some(Self::{vi}(crate::decode(api)?))")
            } else {
                format!("Some(Self::{vi})")
            };
            arms.push(layout::arm(12, &pattern, &body));
            let status = match r.status {
                StatusSpec::Code(c) => c.to_string(),
                StatusSpec::Range(x) => format!("{x}XX"),
                StatusSpec::Default => "Any other status".to_string(),
            };
            variants.push(ErrorVariantView {
                ident: vi,
                doc: format!("{status}: {}", r.description),
                payload,
            });
        }
        if !responses.iter().any(|r| r.status == StatusSpec::Default) {
            arms.push(layout::arm(12, "_", "None"));
        }
        let names_list: Vec<String> = variants.iter().map(|v| v.ident.clone()).collect();
        let only_default = responses.len() == 1 && responses[0].status == StatusSpec::Default;
        let shape = match only_default {
            true if variants[0].payload.is_empty() => "default_unit",
            true => "default_json",
            false => "match",
        };
        Some(ErrorEnumView {
            doc: format!(
                "The error responses of [`{builder}`], decoded from an [`Error`] by `from_error`."
            ),
            allow_variant_names: super::types::variant_names_need_allow(&ident, &names_list),
            first: variants[0].ident.clone(),
            ident,
            variants,
            shape,
            arms,
        })
    }

    fn op_doc(&self, op: &Operation, builder: &str, params: &[ParamPlan]) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Some(s) = &op.summary {
            parts.push(s.clone());
        }
        if let Some(d) = &op.description {
            parts.push(d.clone());
        }
        parts.push(format!("`{} {}`", op.method.as_str(), op.path));
        let required: Vec<String> = params
            .iter()
            .filter(|p| p.param.required)
            .map(|p| {
                let d = p.param.description.clone().unwrap_or_default();
                let d = crate::escape::one_line(&d);
                if d.is_empty() {
                    format!("- `{}`", naming::unraw(&p.ident))
                } else {
                    format!("- `{}`: {d}", naming::unraw(&p.ident))
                }
            })
            .collect();
        if !required.is_empty() {
            parts.push(format!("Arguments:\n\n{}", required.join("\n")));
        }
        parts.push(retry_doc(op, builder));
        parts.join("\n\n")
    }
}

impl BodyPlan<'_> {
    fn mark(self, ctx: &OpCtx) -> Self {
        ctx.uses_runtime.set(true);
        self
    }
}

#[derive(Clone, Copy)]
enum Decode {
    Unit,
    Json,
    /// A JSON string (or binary string) the server may send as raw bytes
    /// (a download): the bytes, by the response's `Content-Type`.
    JsonStringOrBytes,
    OptionalJson,
    Text,
    Bytes,
}

impl Decode {
    /// Its name in the template (`operation.rs.txt`).
    fn name(self) -> &'static str {
        match self {
            Decode::Unit => "unit",
            Decode::Json => "json",
            Decode::JsonStringOrBytes => "json_string_or_bytes",
            Decode::OptionalJson => "optional_json",
            Decode::Text => "text",
            Decode::Bytes => "bytes",
        }
    }
}

/// The text of a parameter value.
enum Text {
    /// A reference to a `String` place.
    Place(String),
    /// A `&str` expression.
    Str(String),
    /// A `String` expression.
    Owned(String),
}

impl Text {
    /// As an argument taking `&str`.
    fn str_arg(&self) -> String {
        match self {
            Text::Place(reference) | Text::Str(reference) => reference.clone(),
            Text::Owned(e) => format!("&{e}"),
        }
    }
}

fn brace_escape(text: &str) -> String {
    text.replace('{', "{{").replace('}', "}}")
}

/// The content the SDK decodes from a response: JSON first, then form,
/// multipart, text and binary. (Request bodies follow the plan's choice.)
pub fn response_content(contents: &[Content]) -> Option<&Content> {
    [
        BodyKind::Json,
        BodyKind::Form,
        BodyKind::Multipart,
        BodyKind::Text,
        BodyKind::Binary,
    ]
    .iter()
    .find_map(|k| contents.iter().find(|c| c.kind == *k))
}

/// A media type that `HeaderValue::from_static` accepts, without wildcards.
fn safe_media_type(media: &str, kind: BodyKind) -> String {
    let ok = !media.is_empty()
        && !media.contains('*')
        && media.chars().all(|c| (' '..='~').contains(&c));
    if ok {
        media.to_string()
    } else {
        match kind {
            BodyKind::Json => "application/json",
            BodyKind::Form => "application/x-www-form-urlencoded",
            BodyKind::Multipart => "multipart/form-data",
            BodyKind::Text => "text/plain",
            BodyKind::Binary => "application/octet-stream",
        }
        .to_string()
    }
}

fn setter(doc: String, ident: &str, param: &str, assign: String) -> SetterView {
    SetterView {
        doc,
        assign: layout::assign(8, &format!("self.{ident}"), &assign),
        signature: layout::signature(
            4,
            &format!("pub fn {ident}"),
            &["mut self".to_string(), param.to_string()],
            "Self",
        ),
    }
}

fn param_doc(p: &Param) -> String {
    let mut d = p.description.clone().unwrap_or_default();
    if p.deprecated {
        if !d.is_empty() {
            d.push_str("\n\n");
        }
        d.push_str("Deprecated.");
    }
    d
}

fn status_word(status: StatusSpec) -> String {
    match status {
        StatusSpec::Code(c) => match c {
            400 => "BadRequest".to_string(),
            401 => "Unauthorized".to_string(),
            402 => "PaymentRequired".to_string(),
            403 => "Forbidden".to_string(),
            404 => "NotFound".to_string(),
            405 => "MethodNotAllowed".to_string(),
            406 => "NotAcceptable".to_string(),
            408 => "RequestTimeout".to_string(),
            409 => "Conflict".to_string(),
            410 => "Gone".to_string(),
            412 => "PreconditionFailed".to_string(),
            413 => "PayloadTooLarge".to_string(),
            415 => "UnsupportedMediaType".to_string(),
            422 => "UnprocessableEntity".to_string(),
            423 => "Locked".to_string(),
            428 => "PreconditionRequired".to_string(),
            429 => "TooManyRequests".to_string(),
            500 => "InternalServerError".to_string(),
            501 => "NotImplemented".to_string(),
            502 => "BadGateway".to_string(),
            503 => "ServiceUnavailable".to_string(),
            504 => "GatewayTimeout".to_string(),
            other => format!("Status {other}"),
        },
        StatusSpec::Range(4) => "ClientError".to_string(),
        StatusSpec::Range(5) => "ServerError".to_string(),
        StatusSpec::Range(x) => format!("Status {x}xx"),
        StatusSpec::Default => "Other".to_string(),
    }
}

fn millis(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("Duration::from_secs({})", ms / 1000)
    } else {
        format!("Duration::from_millis({ms})")
    }
}

/// A server URL with its variables at their defaults.
pub fn server_url(server: &crate::ir::Server) -> String {
    let mut url = server.url.clone();
    for v in &server.variables {
        url = url.replace(&format!("{{{}}}", v.name), &v.default);
    }
    url
}

/// The operation's own base URL: the first of its operation or path-item
/// servers, where it has any.
pub fn own_base_url(op: &Operation) -> Option<String> {
    op.plan.base.own_servers()?.first().map(server_url)
}

/// The `Operation` descriptor handed to the runtime: what the operation's
/// plan says of its own, nothing the client's settings hold.
fn descriptor(op: &Operation) -> DescriptorView {
    let class = match op.plan.retry.class {
        RetryClass::Safe => "Safe",
        RetryClass::Idempotent => "Idempotent",
        RetryClass::Keyed => "Keyed",
        RetryClass::Unsafe => "Unsafe",
    };
    let key = op.plan.key.as_ref().map(|k| KeyContractView {
        header: k.header.clone(),
        max_length: k.max_length,
        failures: match k.failures {
            FailurePolicy::Replay => "Replay",
            FailurePolicy::Reattempt => "Reattempt",
        },
        in_flight_code: k.in_flight_code.clone(),
        mismatch_code: k.mismatch_code.clone(),
    });
    // Only the operation's own hint: a root hint is the client's default.
    let p99 = match op.plan.retry.p99 {
        Some(hint) if hint.from == HintSource::Operation => Some(millis(hint.ms)),
        _ => None,
    };
    let o = op.plan.retry.own;
    let opt = |v: Option<u64>| match v {
        Some(ms) => format!("Some({})", millis(ms)),
        None => "None".to_string(),
    };
    let retry = (o != RetryOverrides::default()).then(|| RetryOverridesView {
        max_attempts: match o.max_attempts {
            Some(n) => format!("Some({n})"),
            None => "None".to_string(),
        },
        base: opt(o.base_ms),
        cap: opt(o.cap_ms),
        deadline: opt(o.deadline_ms),
    });
    let base_url = own_base_url(op);
    // The field as rustfmt lays it out: one line when it fits.
    let base_url_wraps = base_url.as_ref().is_some_and(|url| {
        layout::call(4, "base_url: Some", &[string_literal(url)], ",").contains('\n')
    });
    DescriptorView {
        name: op.id.clone(),
        method: op.method.as_str().to_string(),
        class,
        key,
        p99,
        retry,
        authenticated: authenticated(op),
        security: match op.security.as_ref().filter(|s| !s.is_empty()) {
            Some(own) => security_lines(4, "security: Some(", own, "),"),
            None => "    security: None,".to_string(),
        },
        base_url,
        base_url_wraps,
    }
}

/// Security alternatives as a `&[&[&str]]` expression after `lead`, as
/// rustfmt lays it out: on one line when it fits (and, of two alternatives
/// or more, they are at most `array_width` wide), else one a line.
pub fn security_lines(
    indent: usize,
    lead: &str,
    alternatives: &[Vec<String>],
    tail: &str,
) -> String {
    let pad = " ".repeat(indent);
    let items: Vec<String> = alternatives
        .iter()
        .map(|alt| {
            let names: Vec<String> = alt.iter().map(|n| string_literal(n)).collect();
            format!("&[{}]", names.join(", "))
        })
        .collect();
    let joined = items.join(", ");
    let line = format!("{pad}{lead}&[{joined}]{tail}");
    if line.len() <= 100 && (items.len() < 2 || joined.len() <= 60) {
        return line;
    }
    let mut out = format!("{pad}{lead}&[\n");
    for item in &items {
        out.push_str(&format!("{pad}    {item},\n"));
    }
    out.push_str(&format!("{pad}]{tail}"));
    out
}

/// Whether the client's credentials go with the operation (the plan decides).
fn authenticated(op: &Operation) -> bool {
    op.plan.authenticated
}

/// What `into_pager` walks, and how one page leads to the next.
fn pager_doc(plan: &Pagination) -> String {
    use crate::escape::md_code;
    let path = |p: &[String]| md_code(&p.join("."));
    let param = || md_code(plan.param.as_deref().unwrap_or_default());
    let next = match plan.style {
        PageStyle::Cursor => format!(
            "the request again with {} set to the cursor the response gives at {}",
            param(),
            path(&plan.next)
        ),
        PageStyle::ItemId => format!(
            "the request again with {} set to the {} of the page's last item",
            param(),
            md_code(plan.item_field.as_deref().unwrap_or("id"))
        ),
        PageStyle::Offset => format!(
            "the request again with {} raised by the number of items the page held",
            param()
        ),
        PageStyle::Page => format!(
            "the request again with the page number {} plus one",
            param()
        ),
        PageStyle::NextUrl => format!("the URL the response gives at {}", path(&plan.next)),
        PageStyle::LinkHeader => {
            "the `rel=\"next\"` URL of the response's `Link` header".to_string()
        }
    };
    let items = if plan.items.is_empty() {
        "each response body is a list of them".to_string()
    } else {
        format!("a page holds them at {} of its body", path(&plan.items))
    };
    let mut text = format!(
        "Every item of every page of this list ({items}), fetched a page at a time as you ask for them: `next().await` gives the items, `next_page().await` the pages, `collect_all().await` every item at once. The next page is {next}"
    );
    if !plan.has_more.is_empty() {
        text.push_str(&format!(
            "; a page whose {} is `false` is the last",
            path(&plan.has_more)
        ));
    }
    text.push_str(
        ".\n\nEach page is its own call, retried and timed as [`send`](Self::send) is; [`send`](Self::send) returns the first page alone. An error ends the walk after the items before it.",
    );
    text
}

fn key_doc(op: &Operation) -> String {
    let Some(key) = &op.plan.key else {
        return String::new();
    };
    let (header, max) = (&key.header, key.max_length);
    let mut text = format!(
        "Sends `key` as the `{header}` header on every attempt of this call, instead of a key the SDK makes once for the call.\n\n\
         Derive it from something you already hold, so a retry of the same logical request, even from another process, reuses it: your own id for the request (an order id, an event id) first, else an id scoped to the request you are handling; else make a random UUID once and keep it for every retry. A fresh value per attempt defeats the key.\n\n\
         1 to {max} visible ASCII characters; anything else fails before a request is sent."
    );
    if let Some(window) = &key.replay_window {
        text.push_str(&format!(
            " The server remembers a key for {window}: a duplicate within that window gets the first response back."
        ));
    }
    text
}

fn retry_doc(op: &Operation, builder: &str) -> String {
    let method = op.method.as_str();
    let mut text = match op.retry.class {
        RetryClass::Safe => format!("Retried automatically: `{method}` is safe to repeat."),
        RetryClass::Idempotent => {
            if op.retry.declared_idempotent == Some(true) && !matches!(op.method, Method::Put | Method::Delete) {
                "Retried automatically: the API declares it idempotent (`x-idempotent: true`)."
                    .to_string()
            } else {
                format!("Retried automatically: `{method}` is idempotent.")
            }
        }
        RetryClass::Keyed => format!(
            "Retried automatically with an idempotency key: the SDK makes one per call and sends it on every attempt; pass your own with [`{builder}::idempotency_key`]."
        ),
        RetryClass::Unsafe => "Not safe to repeat: retried only when the request provably never reached the server (connection refused, DNS or TLS failure, or 429).".to_string(),
    };
    if let (Some(p99), Some(timeout)) = (op.plan.retry.p99, op.plan.retry.attempt_timeout_ms) {
        text.push_str(&format!(
            " Each attempt may take min({} × {} ms, time left) = at most {timeout} ms.",
            crate::defaults::get().attempt_timeout_p99_multiplier,
            p99.ms
        ));
    }
    text
}

/// The runtime's name of a parameter style.
fn style_expr(style: ParamStyle) -> String {
    let name = match style {
        ParamStyle::Simple => "Simple",
        ParamStyle::Label => "Label",
        ParamStyle::Matrix => "Matrix",
        ParamStyle::Form => "Form",
        ParamStyle::SpaceDelimited => "SpaceDelimited",
        ParamStyle::PipeDelimited => "PipeDelimited",
        ParamStyle::DeepObject => "DeepObject",
    };
    format!("runtime::Style::{name}")
}

/// The form and multipart encodings the plan gives the body's properties.
fn op_parts(plan: &Plan) -> &[PartEncoding] {
    plan.body
        .as_ref()
        .map(|b| b.parts.as_slice())
        .unwrap_or(&[])
}
