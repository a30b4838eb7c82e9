//! `resources/<group>.py`: one module per IR group, with the blocking and the
//! asyncio resource classes and their raw-response twins. Everything a call
//! does beyond building its request and reading its response is the
//! runtime's.

use super::escape::{one_line, py_str};
use super::layout::{self, bracket, call, prefixed, text, Expr, Items, D, WIDTH};
use super::models::constant_default;
use super::naming::{operation_constant, request_builder, response_parser, Names};
use super::shape::{Input, OpShape, Outcome, Place};
use super::types::Types;
use super::{docstring_of, import_line, Effective, SetView};
use crate::ir::paginate::{PageStyle, Pagination};
use crate::ir::{
    Api, BodyKind, FailurePolicy, Group, HintSource, Operation, ParamStyle, RetryClass, StatusSpec,
};

/// One keyword argument in a signature.
#[derive(Clone)]
pub struct ParamView {
    pub ident: String,
    pub annotation: String,
    /// ` = <default>`, or empty for a required argument.
    pub default: String,
}

pub struct OpView {
    /// `_NAME`, the operation's constant.
    pub constant: String,
    /// The arguments of its `_runtime.Operation(...)`.
    pub operation: Items,
    pub builder: String,
    /// The builder's parameters (none has a default).
    pub builder_params: Vec<ParamView>,
    /// The builder's body.
    pub body: BuilderView,
    /// `_parse_x`, the response parser.
    pub parser_name: String,
    pub returns: String,
    /// The parser's readings, by status.
    pub parser: Vec<StatusView>,
    pub method: String,
    /// The method's parameters: its inputs, then the call options.
    pub params: Vec<ParamView>,
    /// The method's docstring, at 8 spaces.
    pub doc: String,
    /// The raw twin's docstring, at 8 spaces.
    pub raw_doc: String,
    /// The arguments of `self._client.request(...)`.
    pub request: Items,
    /// The arguments of `_base.RawResponse(...)` and
    /// `_base.parse_response(...)`.
    pub result: Items,
    /// Its pager, when its plan has a pagination: the plain methods return
    /// it, the raw twins the first page's response.
    pub pages: Option<PagesView>,
    /// Its stream method, when its plan has a stream.
    pub stream: Option<StreamView>,
    /// A download (`op.plan.download`): the plain methods hand back the
    /// binary response, its body unread; the raw twins still read it whole.
    pub download: bool,
}

/// The method of an operation that answers with server-sent events: the
/// plain method's arguments but the one that asks for the stream, and the
/// events decoded as the spec's event schema says (CONTRACT.md section 12).
pub struct StreamView {
    pub method: String,
    pub params: Vec<ParamView>,
    /// The annotation of one event.
    pub event: String,
    pub doc: String,
    /// The arguments of the runtime's `stream`.
    pub call: Items,
}

/// A paginated operation's pager.
pub struct PagesView {
    /// `_NAME_PAGES`, the constant of its `_runtime.Pagination(...)`.
    pub constant: String,
    /// The arguments of `_runtime.Pagination(...)`.
    pub descriptor: Items,
    /// The annotation of one item.
    pub item: String,
    /// The arguments of `_runtime.SyncPager(...)` and `_runtime.AsyncPager(...)`.
    pub pager: Items,
}

pub struct ResourceView {
    pub doc: String,
    pub imports: Vec<String>,
    pub class: String,
    pub class_doc: String,
    pub async_class_doc: String,
    pub ops: Vec<OpView>,
}

/// The per-call options every method takes after its own arguments.
fn call_options(op: &Operation) -> Vec<ParamView> {
    let mut out = Vec::new();
    if op.plan.key.is_some() {
        out.push(option("idempotency_key", "str | None"));
    }
    out.push(option("timeout", "float | None"));
    out.push(option("deadline", "float | None"));
    out.push(option("max_attempts", "int | None"));
    out.push(option("retries", "bool | None"));
    out.push(option("extra_headers", "Mapping[str, str] | None"));
    out.push(option("extra_query", "Mapping[str, object] | None"));
    out.push(option("extra_body", "Mapping[str, object] | None"));
    out
}

fn option(ident: &str, annotation: &str) -> ParamView {
    ParamView {
        ident: ident.to_string(),
        annotation: annotation.to_string(),
        default: " = None".to_string(),
    }
}

/// The annotation of an input as the method takes it.
fn input_annotation(types: &Types, input: &Input) -> String {
    if input.file {
        return "_base.FileInput".to_string();
    }
    types.annotation(&input.ty)
}

/// The default of an optional input, and its annotation with it.
fn input_param(api: &Api, types: &Types, input: &Input, ident: &str) -> ParamView {
    let annotation = input_annotation(types, input);
    // A required `const` has one possible value, so the argument defaults to
    // it. A spec's `default` is never an argument's default: only what the
    // caller sets is sent, and the docstring tells the API's default.
    let constant = constant_default(api, &input.ty).filter(|_| input.required);
    let (annotation, default) = if input.required && constant.is_none() {
        (annotation, String::new())
    } else if let Some(d) = constant {
        (annotation, format!(" = {d}"))
    } else if input.tri_state {
        (
            format!(
                "{} | _base.NotGiven | None",
                annotation.strip_suffix(" | None").unwrap_or(&annotation)
            ),
            " = _base.NOT_GIVEN".to_string(),
        )
    } else if annotation == "object" || annotation.ends_with("| None") {
        (annotation, " = None".to_string())
    } else {
        (format!("{annotation} | None"), " = None".to_string())
    };
    ParamView {
        ident: ident.to_string(),
        annotation,
        default,
    }
}

/// Whether the builder always sends an input (it has a value that is never
/// "left out").
fn always_sent(param: &ParamView) -> bool {
    param.default.is_empty()
        || !(param.default == " = None" || param.default == " = _base.NOT_GIVEN")
}

/// The arguments of the operation's `_runtime.Operation(...)`.
fn operation_args(op: &Operation) -> Items {
    let plan = &op.plan;
    let class = match plan.retry.class {
        RetryClass::Safe => "SAFE",
        RetryClass::Idempotent => "IDEMPOTENT",
        RetryClass::Keyed => "KEYED",
        RetryClass::Unsafe => "UNSAFE",
    };
    let mut args = vec![
        text(format!("name={}", py_str(&op.id))),
        text(format!("method={}", py_str(op.method.as_str()))),
        text(format!("retry_class=_runtime.RetryClass.{class}")),
    ];
    // The key contract is written out in full for keyed operations, and
    // only for them: no other operation sends a key or reads its 409s.
    if let Some(key) = &plan.key {
        let failures = match key.failures {
            FailurePolicy::Replay => "REPLAY",
            FailurePolicy::Reattempt => "REATTEMPT",
        };
        args.push(text(format!("key_header={}", py_str(&key.header))));
        args.push(text(format!("key_max_length={}", key.max_length)));
        args.push(text(format!("failures=_runtime.FailurePolicy.{failures}")));
        args.push(text(format!(
            "in_flight_code={}",
            py_str(&key.in_flight_code)
        )));
        args.push(text(format!(
            "mismatch_code={}",
            py_str(&key.mismatch_code)
        )));
    }
    // A root hint is the client's default p99, which a caller can change:
    // only the operation's own hint belongs here.
    if let Some(hint) = plan.retry.p99.filter(|h| h.from == HintSource::Operation) {
        args.push(text(format!("p99_ms={}", hint.ms)));
    }
    let own = plan.retry.own;
    let overrides: Vec<D> = [
        ("max_attempts", own.max_attempts.map(u64::from)),
        ("base_ms", own.base_ms),
        ("cap_ms", own.cap_ms),
        ("deadline_ms", own.deadline_ms),
    ]
    .into_iter()
    .filter_map(|(name, v)| v.map(|v| text(format!("{name}={v}"))))
    .collect();
    if !overrides.is_empty() {
        args.push(call("retry=_runtime.RetryOverrides", overrides));
    }
    // The operation says `security: []`: the call never carries credentials.
    if !plan.authenticated {
        args.push(text("authenticated=False"));
    } else if op.security.is_some() {
        // Its own alternatives, over the client's (the root's).
        args.push(text(format!(
            "security={}",
            super::client::security_tuple(&plan.security)
        )));
    }
    if let Some(url) = plan.base.own_servers().and_then(super::client::server_url) {
        args.push(text(format!("base_url={}", py_str(&url))));
    }
    Items(args)
}

/// The arguments of an operation's `_runtime.Pagination(...)`: the plan's,
/// each spec string through the escaper, only what the style uses.
fn pagination_args(pages: &Pagination) -> Items {
    let path = |names: &[String]| tuple_doc(names.iter().map(|n| text(py_str(n))).collect());
    let mut args = vec![text(format!("style={}", py_str(pages.style.as_str())))];
    if let Some(param) = &pages.param {
        args.push(text(format!("param={}", py_str(param))));
    }
    if let Some(size) = &pages.size_param {
        args.push(text(format!("size_param={}", py_str(size))));
    }
    if !pages.items.is_empty() {
        args.push(prefixed("items=", path(&pages.items)));
    }
    if !pages.next.is_empty() {
        args.push(prefixed("next=", path(&pages.next)));
    }
    if !pages.has_more.is_empty() {
        args.push(prefixed("has_more=", path(&pages.has_more)));
    }
    if let Some(field) = &pages.item_field {
        args.push(text(format!("item_field={}", py_str(field))));
    }
    Items(args)
}

/// The callable that reads one item of a page, as the SDK reads that type
/// everywhere: a model's `from_dict`, a union's parser, a date through its
/// parser, a scalar (a string, an enum) through its check; an untyped or
/// self-holding alias (`Tree = list[Tree]`) as it came.
fn item_parser(types: &Types, item: &crate::ir::TypeRef) -> D {
    if types.is_unchecked(item) {
        return text("lambda item: item");
    }
    types.checked_parser(item)
}

/// Spec text as inline code in a docstring.
fn code(text: &str) -> String {
    format!("`{}`", text.replace('`', "'"))
}

/// The docstring paragraph of a paginated method: what the pager does, and
/// how it goes from one page to the next.
fn pages_paragraph(pages: &Pagination, size_arg: Option<&str>) -> String {
    let dotted = |path: &[String]| code(&path.join("."));
    let param = pages.param.as_deref().map(code).unwrap_or_default();
    let next = match pages.style {
        PageStyle::Cursor => format!(
            "The next page sends {param} set to the body's {}; the last page is the one \
             without it",
            dotted(&pages.next)
        ),
        PageStyle::ItemId => format!(
            "The next page sends {param} set to the {} of the page's last item; the last \
             page is an empty one",
            code(pages.item_field.as_deref().unwrap_or("id"))
        ),
        PageStyle::Offset => format!(
            "The next page sends {param} raised by the number of items received; the last \
             page is an empty one"
        ),
        PageStyle::Page => format!(
            "The next page sends {param} plus one (pages count from 1); the last page is \
             an empty one"
        ),
        PageStyle::NextUrl => format!(
            "The next page is the URL in the body's {}; the last page is the one without it",
            dotted(&pages.next)
        ),
        PageStyle::LinkHeader => "The next page is the `rel=\"next\"` link of the `Link` \
             header; the last page is the one without it"
            .to_string(),
    };
    let more = if pages.has_more.is_empty() {
        String::new()
    } else {
        format!(", or one whose {} is false", dotted(&pages.has_more))
    };
    let size = size_arg
        .map(|a| format!(" ``{a}`` sets the size of a page."))
        .unwrap_or_default();
    format!(
        "Walks every page: iterate the pager for every item of every page (``for``, or \
         ``async for`` on the asyncio client), call ``pages()`` for the pages themselves, or \
         ``first_page()`` (``await`` the pager on the asyncio client) for the first page \
         alone. A page is fetched when iteration reaches it, as a call of its own with the \
         retries above. {next}{more}.{size}"
    )
}

/// The value an input is sent with: as is, or through `_base.to_json`.
fn sent(types: &Types, input: &Input, ident: &str) -> String {
    if !input.file && types.needs_encoding(&input.ty) {
        format!("_base.to_json({ident})")
    } else {
        ident.to_string()
    }
}

/// The keyword arguments of a parameter's encoding that differ from its
/// location's defaults: `style` (never written where `default_style` is
/// `None`: the location has one style), `explode`, `allow_reserved` (only
/// where `reserved`, the query) and `content_type`.
fn encoding_kwargs(
    input: &Input,
    default_style: Option<ParamStyle>,
    default_explode: bool,
    reserved: bool,
) -> Vec<D> {
    let mut args = Vec::new();
    if default_style.is_some_and(|d| input.style != d) {
        args.push(text(format!(
            "style={}",
            py_str(input.style.openapi_name())
        )));
    }
    if input.explode != default_explode {
        args.push(text(if input.explode {
            "explode=True"
        } else {
            "explode=False"
        }));
    }
    if reserved && input.allow_reserved {
        args.push(text("allow_reserved=True"));
    }
    if let Some(media) = &input.content_type {
        args.push(text(format!("content_type={}", py_str(media))));
    }
    args
}

/// `*_runtime.query_param(...)`: a query parameter encoded as its style,
/// explode, allowReserved and content say (only what differs from the
/// defaults, `form` and exploded, is written out).
fn query_pairs(types: &Types, input: &Input, ident: &str) -> D {
    let mut args = vec![text(py_str(&input.wire)), text(sent(types, input, ident))];
    args.extend(encoding_kwargs(input, Some(ParamStyle::Form), true, true));
    call("*_runtime.query_param", args)
}

/// `_runtime.path_param(...)`: a path parameter in its style (`simple`, not
/// exploded, by default).
fn path_expansion(types: &Types, input: &Input, ident: &str) -> D {
    let mut args = vec![text(py_str(&input.wire)), text(sent(types, input, ident))];
    args.extend(encoding_kwargs(
        input,
        Some(ParamStyle::Simple),
        false,
        false,
    ));
    call("_runtime.path_param", args)
}

/// `_runtime.header_param(...)` of a header parameter.
fn header_text(types: &Types, input: &Input, ident: &str) -> D {
    let mut args = vec![text(sent(types, input, ident))];
    args.extend(encoding_kwargs(input, None, false, false));
    args.push(text(format!("name={}", py_str(&input.wire))));
    call("_runtime.header_param", args)
}

/// `*_runtime.cookie_pairs(...)` of a cookie parameter (exploded by
/// default).
fn cookie_text(types: &Types, input: &Input, ident: &str) -> D {
    let mut args = vec![text(py_str(&input.wire)), text(sent(types, input, ident))];
    args.extend(encoding_kwargs(input, None, true, false));
    call("*_runtime.cookie_pairs", args)
}

/// The value a multipart field is sent with: files as they are, models and
/// containers through `_base.to_parts` (which keeps files as they are).
fn part_value(types: &Types, input: &Input, ident: &str) -> String {
    if !input.file && types.needs_encoding(&input.ty) {
        format!("_base.to_parts({ident})")
    } else {
        ident.to_string()
    }
}

/// The form fields of a body, in the plan's (the schema's) order: a name
/// alone where the encoding is OpenAPI's default, else
/// `(name, style, explode, allow_reserved)`.
fn form_fields(op: &Operation) -> D {
    let parts = op.plan.body.as_ref().map(|b| &b.parts[..]).unwrap_or(&[]);
    let items = parts
        .iter()
        .map(|p| {
            if p.style == ParamStyle::Form && p.explode && !p.allow_reserved {
                text(py_str(&p.property))
            } else {
                text(format!(
                    "({}, {}, {}, {})",
                    py_str(&p.property),
                    py_str(p.style.openapi_name()),
                    if p.explode { "True" } else { "False" },
                    if p.allow_reserved { "True" } else { "False" }
                ))
            }
        })
        .collect::<Vec<_>>();
    tuple_doc(items)
}

/// The multipart fields of a body, in the plan's order, each with the part
/// type its `encoding` declares (`None` where the spec declares none: the
/// runtime then applies WIRE.md's rules by the value).
fn multipart_fields(op: &Operation) -> D {
    let parts = op.plan.body.as_ref().map(|b| &b.parts[..]).unwrap_or(&[]);
    let encoding = op
        .plan
        .body
        .as_ref()
        .map(|b| &b.content.encoding[..])
        .unwrap_or(&[]);
    let items = parts
        .iter()
        .map(|p| {
            let declared = p
                .content_type
                .as_deref()
                .filter(|_| p.declared)
                .map(py_str)
                .unwrap_or_else(|| "None".to_string());
            // A declared style: the fields a form would carry.
            let style = encoding
                .iter()
                .find(|e| e.property == p.property)
                .and_then(|e| e.style);
            match style {
                Some(style) => text(format!(
                    "({}, {declared}, {}, {})",
                    py_str(&p.property),
                    py_str(style.openapi_name()),
                    if p.explode { "True" } else { "False" }
                )),
                None => text(format!("({}, {declared})", py_str(&p.property))),
            }
        })
        .collect::<Vec<_>>();
    tuple_doc(items)
}

/// A tuple literal (`()`, `(x,)`, `(x, y)`).
fn tuple_doc(mut items: Vec<D>) -> D {
    match items.len() {
        0 => text("()"),
        1 => {
            let only = layout::flat(&items.remove(0));
            text(format!("({only},)"))
        }
        _ => bracket("(", items, ")"),
    }
}

/// A media type that can go in `Content-Type` (wildcards cannot).
fn concrete_media_type(media: &str) -> &str {
    if media.contains('*') {
        "application/octet-stream"
    } else {
        media
    }
}

/// What a request builder's body holds; `resource.py.jinja` writes it.
pub struct BuilderView {
    /// The pairs of `query = [...]`, when the request has a query.
    pub query: Option<Items>,
    /// The `(name, value)` entries of `headers = _base.header_map(...)`,
    /// when the request has headers or cookies.
    pub headers: Option<Items>,
    /// The pairs of `cookies = [...]`, when it has cookies.
    pub cookies: Option<Items>,
    /// A body built field by field.
    pub body: Option<FieldsView>,
    /// The arguments of `_base.multipart_request(...)` for a multipart
    /// body, else of `_runtime.Request(...)`.
    pub request: Items,
    pub multipart: bool,
}

/// A body the builder makes from its fields, in the schema's order.
pub struct FieldsView {
    /// The entries of the literal: the fields before the first optional one.
    pub literal: Items,
    /// The fields set one by one after it.
    pub sets: Vec<SetView>,
    /// The arguments of `_base.require_fields(...)`: the required fields of an
    /// optional body.
    pub required: Option<Items>,
}

fn builder_view(
    types: &Types,
    op: &Operation,
    shape: &OpShape,
    idents: &[String],
    params: &[ParamView],
) -> BuilderView {
    let inputs: Vec<(&Input, &String, &ParamView)> = shape
        .inputs
        .iter()
        .zip(idents)
        .zip(params)
        .map(|((i, n), p)| (i, n, p))
        .collect();
    let of = |place: fn(&Place) -> bool| -> Vec<(&Input, &String, &ParamView)> {
        inputs
            .iter()
            .copied()
            .filter(|(i, _, _)| place(&i.place))
            .collect()
    };

    // Path.
    let path_params = of(|p| *p == Place::Path);
    let plain = path_params
        .iter()
        .all(|(i, _, _)| i.style == ParamStyle::Simple && !i.explode && i.content_type.is_none());
    let path = if path_params.is_empty() {
        text(py_str(&op.path))
    } else if plain {
        call(
            "_runtime.encode_path",
            vec![
                text(py_str(&op.path)),
                bracket(
                    "{",
                    path_params
                        .iter()
                        .map(|(i, n, _)| {
                            text(format!("{}: {}", py_str(&i.wire), sent(types, i, n)))
                        })
                        .collect(),
                    "}",
                ),
            ],
        )
    } else {
        call(
            "_runtime.expand_path",
            vec![
                text(py_str(&op.path)),
                bracket(
                    "{",
                    path_params
                        .iter()
                        .map(|(i, n, _)| {
                            prefixed(
                                format!("{}: ", py_str(&i.wire)),
                                path_expansion(types, i, n),
                            )
                        })
                        .collect(),
                    "}",
                ),
            ],
        )
    };

    // Query: the pairs the spec wrote into the path come first.
    let query_params = of(|p| matches!(p, Place::Query { .. }));
    let fixed = op.plan.query.iter().map(|(name, value)| {
        call(
            "*_runtime.query_param",
            vec![text(py_str(name)), text(py_str(value))],
        )
    });
    let query = (!query_params.is_empty() || !op.plan.query.is_empty()).then(|| {
        Items(
            fixed
                .chain(
                    query_params
                        .iter()
                        .map(|(i, n, _)| query_pairs(types, i, n)),
                )
                .collect(),
        )
    });

    // Headers and cookies: undefined values send nothing.
    let header_params = of(|p| *p == Place::Header);
    let cookie_params = of(|p| *p == Place::Cookie);
    let headers = (!header_params.is_empty() || !cookie_params.is_empty()).then(|| {
        Items(
            header_params
                .iter()
                .map(|(i, n, _)| {
                    bracket(
                        "(",
                        vec![text(py_str(&i.wire)), header_text(types, i, n)],
                        ")",
                    )
                })
                .collect(),
        )
    });
    let cookies = (!cookie_params.is_empty()).then(|| {
        Items(
            cookie_params
                .iter()
                .map(|(i, n, _)| cookie_text(types, i, n))
                .collect(),
        )
    });

    // Body.
    let mut request_args = vec![text(py_str(op.method.as_str())), path];
    if query.is_some() {
        request_args.push(text("query=query_pairs_"));
    }
    if headers.is_some() {
        request_args.push(text("headers=headers"));
    }
    let mut view = BuilderView {
        query,
        headers,
        cookies,
        body: None,
        request: Items(Vec::new()),
        multipart: false,
    };
    if let Some(body) = &shape.body {
        let media = concrete_media_type(&body.media_type);
        let fields = of(|p| *p == Place::BodyField);
        if body.flattened {
            // Only what the caller set: `None` (or `NOT_GIVEN` where `None`
            // sends `null`) leaves a field out.
            let multipart = body.kind == BodyKind::Multipart;
            let value = |i: &Input, n: &str| {
                if multipart {
                    part_value(types, i, n)
                } else {
                    n.to_string()
                }
            };
            // The schema's order (WIRE.md section 5): the literal holds the
            // fields before the first optional one, the rest are set one
            // by one, in order.
            let leading = fields.iter().take_while(|(_, _, p)| always_sent(p)).count();
            let literal = fields[..leading]
                .iter()
                .map(|(i, n, _)| text(format!("{}: {}", py_str(&i.wire), value(i, n))))
                .collect();
            let sets = fields[leading..]
                .iter()
                .map(|(i, n, p)| SetView {
                    target: format!("body[{}]", py_str(&i.wire)),
                    subject: n.to_string(),
                    value: Expr(text(value(i, n))),
                    always: always_sent(p),
                    not_given: p.default.ends_with("NOT_GIVEN"),
                })
                .collect();
            // The required fields of an optional body: all of them, or no
            // body at all.
            let with_body: Vec<D> = fields
                .iter()
                .filter(|(i, _, _)| i.required_with_body)
                .map(|(i, _, _)| text(py_str(&i.wire)))
                .collect();
            let required = (!with_body.is_empty()).then(|| {
                Items(vec![
                    text("body"),
                    tuple_doc(with_body),
                    text(py_str(&op.id)),
                ])
            });
            view.body = Some(FieldsView {
                literal: Items(literal),
                sets,
                required,
            });
        }
        let whole = of(|p| *p == Place::Body);
        let whole_value = whole.first().map(|(i, n, _)| sent(types, i, n));
        match body.kind {
            BodyKind::Json => {
                let value = if body.flattened {
                    if body.required {
                        "_base.to_json(body)".to_string()
                    } else {
                        "_base.to_json(body) if body else None".to_string()
                    }
                } else {
                    whole_value.unwrap_or_else(|| "body".to_string())
                };
                request_args.push(text(format!("json={value}")));
                if media != "application/json" {
                    request_args.push(text(format!("content_type={}", py_str(media))));
                }
            }
            BodyKind::Form => {
                // No locals here: every name but `body` may be an argument's.
                let value = if body.flattened {
                    "_base.to_json(body)".to_string()
                } else {
                    whole_value.unwrap_or_else(|| "body".to_string())
                };
                let mut args = vec![form_fields(op), text(value)];
                if !body.required {
                    args.push(text("optional=True"));
                }
                request_args.push(call("content=_base.form_content", args));
                request_args.push(text(format!("content_type={}", py_str(media))));
            }
            BodyKind::Multipart => {
                // The runtime makes the boundary, so the body needs no local
                // name (every name but `body` may be an argument's).
                let value = if body.flattened {
                    "body".to_string()
                } else {
                    format!(
                        "_base.to_parts({})",
                        whole.first().map(|(_, n, _)| n.as_str()).unwrap_or("body")
                    )
                };
                request_args.push(prefixed("fields=", multipart_fields(op)));
                request_args.push(text(format!("value={value}")));
                request_args.push(text(format!("media_type={}", py_str(media))));
                if !body.required {
                    request_args.push(text("optional=True"));
                }
                view.multipart = true;
            }
            BodyKind::Binary => {
                // Bytes as they are; a path, a file object or a stream read
                // while it is sent (CONTRACT.md section 13).
                request_args.push(text("content=_runtime.binary_body(body)"));
                request_args.push(text(format!("content_type={}", py_str(media))));
            }
            BodyKind::Text => {
                let content = if body.required {
                    "body.encode(\"utf-8\")"
                } else {
                    "None if body is None else body.encode(\"utf-8\")"
                };
                request_args.push(text(format!("content={content}")));
                request_args.push(text(format!("content_type={}", py_str(media))));
            }
        }
    }
    view.request = Items(request_args);
    view
}

/// One way of reading a response body: `return <value>`, or through a
/// typed local where the JSON value is read as it is.
pub struct ReadView {
    /// `json` or `text` when the response's `Content-Type` picks this reading
    /// (`if _base.is_<kind>(response):`); `None` for the fallback.
    pub kind_test: Option<&'static str>,
    /// The annotation of `result: <annotation> = response.json()`.
    pub typed: Option<String>,
    pub value: Expr,
    /// The reading's indentation.
    pub pad: String,
}

/// The readings of the responses with given statuses.
pub struct StatusView {
    /// Whether the statuses are tested (`if response.status ...:`): all but
    /// the fallback are.
    pub tested: bool,
    pub statuses: Vec<String>,
    /// The indentation of the readings' tests.
    pub pad: String,
    pub reads: Vec<ReadView>,
}

/// The return annotation and the body of an operation's response parser.
fn parser(types: &Types, shape: &OpShape) -> (String, Vec<StatusView>) {
    /// Adds the parts of `annotation` not yet in `to`.
    fn merge(to: &mut Vec<String>, annotation: &str) {
        for part in annotation.split(" | ") {
            if !to.iter().any(|a| a == part) {
                to.push(part.to_string());
            }
        }
    }
    /// `None` goes last.
    fn joined(mut annotations: Vec<String>) -> String {
        if let Some(pos) = annotations.iter().position(|a| a == "None") {
            let none = annotations.remove(pos);
            annotations.push(none);
        }
        annotations.join(" | ")
    }
    /// The annotation and the reading of one kind of body at `indent`.
    fn read(types: &Types, outcome: &Outcome, indent: usize) -> (String, ReadView) {
        let view = |typed: Option<String>, value: D| ReadView {
            kind_test: None,
            typed,
            value: Expr(value),
            pad: " ".repeat(indent),
        };
        match outcome {
            Outcome::Empty => ("None".to_string(), view(None, text("None"))),
            Outcome::Bytes => ("bytes".to_string(), view(None, text("response.content"))),
            Outcome::Text => ("str".to_string(), view(None, text("response.text"))),
            Outcome::Json(ty) => {
                let annotation = types.annotation(ty);
                let read = if !types.is_identity(ty) {
                    view(None, types.decode(ty, text("response.json()")))
                } else if annotation == "object" {
                    view(None, text("response.json()"))
                } else if types.is_unchecked(ty) {
                    view(Some(annotation.clone()), text("response.json()"))
                } else {
                    // A scalar, or a container of them: checked as a
                    // model's property is (CONTRACT.md section 6).
                    view(
                        None,
                        call(
                            layout::flat(&types.checked_parser(ty)),
                            vec![text("response.json()")],
                        ),
                    )
                };
                (annotation, read)
            }
            // Not nested: a kind is never itself several.
            Outcome::ByType(_) => unreachable!("a body kind is never several kinds"),
        }
    }
    /// The readings of one outcome at `indent`.
    fn reads(types: &Types, outcome: &Outcome, indent: usize) -> (String, Vec<ReadView>) {
        let Outcome::ByType(kinds) = outcome else {
            let (annotation, one) = read(types, outcome, indent);
            return (annotation, vec![one]);
        };
        // The response's Content-Type picks the reading; the last kind is
        // the fallback.
        let mut annotations = Vec::new();
        let mut out = Vec::new();
        for (i, kind) in kinds.iter().enumerate() {
            let last = i + 1 == kinds.len();
            let (annotation, mut one) = read(types, kind, if last { indent } else { indent + 4 });
            merge(&mut annotations, &annotation);
            if !last {
                one.kind_test = Some(match kind {
                    Outcome::Json(_) => "json",
                    _ => "text",
                });
            }
            out.push(one);
        }
        (joined(annotations), out)
    }
    let mut annotations = Vec::new();
    let mut out = Vec::new();
    let last = shape.successes.len() - 1;
    for (i, s) in shape.successes.iter().enumerate() {
        let indent = if i == last { 4 } else { 8 };
        let (annotation, reads) = reads(types, &s.outcome, indent);
        merge(&mut annotations, &annotation);
        out.push(StatusView {
            tested: i != last,
            statuses: s.statuses.iter().map(u16::to_string).collect(),
            pad: " ".repeat(indent),
            reads,
        });
    }
    if shape.successes.len() == 1 {
        // One success: its annotation as its reading gives it.
        return (reads(types, &shape.successes[0].outcome, 4).0, out);
    }
    (joined(annotations), out)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The description of the named type `ty` refers to, if it has one.
fn named_description(api: &Api, ty: &crate::ir::TypeRef) -> Option<String> {
    match ty.non_null() {
        crate::ir::TypeRef::Named(n) => api
            .type_by_name(n)
            .and_then(|t| t.description.clone())
            .filter(|d| !d.trim().is_empty()),
        _ => None,
    }
}

/// "Retries" paragraph of a method's docstring.
fn retry_paragraph(api: &Api, op: &Operation, effective: &Effective) -> String {
    let attempts = plural(u64::from(effective.max_attempts), "attempt", "attempts");
    let deadline = super::seconds(effective.deadline_ms);
    let timeout = match (op.plan.retry.p99, op.plan.retry.attempt_timeout_ms) {
        (Some(p99), Some(t)) => format!(
            "each attempt times out after {} ({} x p99 of {} ms) or at the deadline",
            super::seconds(t),
            crate::defaults::get().attempt_timeout_p99_multiplier,
            p99.ms
        ),
        _ => "each attempt may use the time left before the deadline".to_string(),
    };
    let header = op
        .plan
        .key
        .as_ref()
        .map(|k| k.header.clone())
        .unwrap_or_else(|| api.key_contract.header().to_string());
    let how = match op.plan.retry.class {
        RetryClass::Safe | RetryClass::Idempotent => {
            "Retried on throttling (429), transient errors (502, 503, 504, one 500) and \
             connection failures"
                .to_string()
        }
        RetryClass::Keyed => format!(
            "Sends `{header}` with the same key on every attempt, so the API collapses \
             duplicates; retried on throttling (429), transient errors (502, 503, 504{}), \
             the in-flight 409 and connection failures",
            if op
                .plan
                .key
                .as_ref()
                .is_some_and(|k| k.failures == FailurePolicy::Replay)
            {
                ""
            } else {
                ", one 500"
            }
        ),
        RetryClass::Unsafe => "Not safe to retry: it accepts no idempotency key, so it is \
             retried only when the request provably did not reach the server (a refused \
             connection, 429)"
            .to_string(),
    };
    format!("{how}: {attempts} within {deadline}; {timeout}.")
}

/// A docstring paragraph indented by 4, wrapped to fit at 8 spaces.
fn indented(text: &str) -> Vec<String> {
    wrapped("   ".to_string(), "   ", text)
}

/// A Google-style `name: text` entry, continuation lines indented by 8.
pub fn arg_entry(name: &str, text: &str) -> Vec<String> {
    wrapped(format!("    {name}:"), "       ", text)
}

/// Words of `text` after `first`, continuation lines after `next`, each line
/// fitting in the width at 8 spaces.
fn wrapped(first: String, next: &str, text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current_chars = first.chars().count();
    let next_chars = next.chars().count();
    let mut current = first;
    for word in text.split_whitespace() {
        let word_chars = word.chars().count();
        if current_chars + 1 + word_chars + 8 > WIDTH && current.trim_start().contains(' ') {
            lines.push(std::mem::replace(&mut current, next.to_string()));
            current_chars = next_chars;
        }
        current.push(' ');
        current.push_str(word);
        current_chars += 1 + word_chars;
    }
    lines.push(current);
    lines
}

/// What a paginated method's docstring says of its pager.
struct PagesDoc<'a> {
    plan: &'a Pagination,
    /// The method's argument that sets the page size, if it has one.
    size_arg: Option<&'a str>,
    /// The annotation of one item.
    item: &'a str,
}

fn method_doc(
    api: &Api,
    op: &Operation,
    shape: &OpShape,
    idents: &[String],
    effective: &Effective,
    pages: Option<&PagesDoc>,
) -> String {
    let mut text = String::new();
    let summary = op
        .summary
        .clone()
        .unwrap_or_else(|| format!("{} {}", op.method.as_str(), op.path));
    let summary = one_line(&summary);
    text.push_str(&summary);
    if !summary.ends_with(['.', '!', '?', ':']) {
        text.push('.');
    }
    text.push_str("\n\n");
    if let Some(d) = &op.description {
        if !d.trim().is_empty() {
            text.push_str(d.trim_end());
            text.push_str("\n\n");
        }
    }
    if op.deprecated {
        text.push_str("Deprecated: the API may remove this operation.\n\n");
    }
    text.push_str(&format!(
        "`{} {}`. {}",
        op.method.as_str(),
        op.path.replace('`', "'"),
        retry_paragraph(api, op, effective)
    ));
    if let Some(p) = pages {
        text.push_str("\n\n");
        text.push_str(&pages_paragraph(p.plan, p.size_arg));
    }
    text.push_str("\n\nArgs:\n");
    let mut entries: Vec<(String, String)> = Vec::new();
    for (input, ident) in shape.inputs.iter().zip(idents) {
        let place = match &input.place {
            Place::Path => format!("Path parameter `{}`", input.wire),
            Place::Query { .. } => format!("Query parameter `{}`", input.wire),
            Place::Header => format!("Header `{}`", input.wire),
            Place::Cookie => format!("Cookie `{}`", input.wire),
            Place::BodyField => format!("Field `{}` of the body", input.wire),
            Place::Body => "The request body".to_string(),
        };
        let own = input
            .description
            .clone()
            .filter(|d| !d.trim().is_empty())
            .or_else(|| named_description(api, &input.ty));
        let mut described = match &own {
            Some(d) => {
                if input.wire != *ident && input.place != Place::Body {
                    format!("{} ({place}.)", one_line(d))
                } else {
                    one_line(d)
                }
            }
            _ => format!("{place}."),
        };
        if let Some(d) = input.default.as_ref().filter(|d| !d.is_null()) {
            described.push_str(&format!(
                " Left out, the API takes its default, ``{}``.",
                serde_json::to_string(d).unwrap_or_default()
            ));
        }
        if input.tri_state {
            described.push_str(" ``None`` sends ``null``; leave it out to leave the field out.");
        }
        if input.required_with_body {
            described
                .push_str(" Required whenever the body is sent (when any of its fields is given).");
        }
        if input.deprecated {
            described = format!("Deprecated. {described}");
        }
        entries.push((ident.clone(), described));
    }
    if op.plan.key.is_some() {
        entries.push((
            "idempotency_key".to_string(),
            "The key sent on every attempt (default: a UUID v4 made once for this call and \
             reused by its retries). Derive it from an identifier you already hold, such as \
             your order id, so that a retry after a crash sends the same key."
                .to_string(),
        ));
    }
    entries.push((
        "timeout".to_string(),
        format!(
            "Seconds for the whole {}, every attempt and sleep included (default: {}).",
            if pages.is_some() {
                "call of each page"
            } else {
                "call"
            },
            super::seconds(effective.deadline_ms)
        ),
    ));
    entries.push((
        "deadline".to_string(),
        "An absolute deadline on the monotonic clock (see ``deadline_from_headers``); the \
         earlier of ``timeout`` and ``deadline`` wins."
            .to_string(),
    ));
    entries.push((
        "max_attempts".to_string(),
        format!(
            "Attempts in all{}, the first one included (default: {}).",
            if pages.is_some() {
                " for each page"
            } else {
                ""
            },
            effective.max_attempts
        ),
    ));
    entries.push((
        "retries".to_string(),
        if pages.is_some() {
            "``False`` makes the call of each page a single attempt."
        } else {
            "``False`` makes this call a single attempt."
        }
        .to_string(),
    ));
    entries.push((
        "extra_headers".to_string(),
        if pages.is_some() {
            "Headers added to every attempt of every page."
        } else {
            "Headers added to every attempt of this call."
        }
        .to_string(),
    ));
    entries.push((
        "extra_query".to_string(),
        "Query parameters sent after the operation's own: one the API added after \
         this SDK was made."
            .to_string(),
    ));
    entries.push((
        "extra_body".to_string(),
        "Properties merged into the JSON body, over the SDK's own of the same name.".to_string(),
    ));
    let mut lines = Vec::new();
    for (name, description) in entries {
        lines.extend(arg_entry(&name, &description));
    }
    text.push_str(&lines.join("\n"));
    let returns: Vec<String> = op
        .responses
        .iter()
        .filter(|r| {
            r.status.is_success()
                || (r.status == StatusSpec::Default
                    && shape.successes.iter().all(|s| s.statuses.is_empty()))
        })
        .map(|r| one_line(&r.description))
        .filter(|d| !d.is_empty())
        .collect();
    if op.plan.download {
        let what = if returns.is_empty() {
            "The response".to_string()
        } else {
            format!("{} Handed back as the response", returns.join(" "))
        };
        text.push_str("\n\nReturns:\n");
        text.push_str(
            &indented(&format!(
                "{what} with its body unread (``BinaryResponse``, \
                 ``AsyncBinaryResponse`` on the asyncio client): ``read()`` it whole (up to \
                 the client's ``max_response_bytes``), iterate ``iter_bytes()`` for its \
                 chunks, or ``write_to_file(path)``, once; use it in a ``with`` block (``async \
                 with``) or ``close()`` it when not read to the end."
            ))
            .join("\n"),
        );
    } else if let Some(p) = pages {
        text.push_str("\n\nReturns:\n");
        text.push_str(
            &indented(&format!(
                "A pager of ``{}``, every item of every page in order.",
                p.item
            ))
            .join("\n"),
        );
    } else if !returns.is_empty() {
        text.push_str("\n\nReturns:\n");
        text.push_str(&indented(&returns.join(" ")).join("\n"));
    }
    text.push_str("\n\nRaises:\n");
    let mut raises = vec![(
        "APIError",
        "The last attempt got an error status (``NotFoundError``, ``RateLimitError``, ... \
         by status).",
    )];
    if op.plan.key.is_some() {
        raises.push((
            "IdempotencyInFlightError",
            "A request with the same key was still being processed on the last attempt.",
        ));
        raises.push((
            "IdempotencyMismatchError",
            "The key was already used with a different request: a bug in the caller.",
        ));
        raises.push((
            "InvalidIdempotencyKeyError",
            "The key is not 1 to the allowed number of visible ASCII characters; nothing was sent.",
        ));
    }
    raises.push((
        "APIConnectionError",
        "No response: the connection failed, or (``APITimeoutError``) time ran out.",
    ));
    if op.plan.download {
        raises.push((
            "StreamError",
            "While the body is read: the connection was lost, or no bytes came for the idle \
             timeout (``stream_idle_timeout_ms``); it says how many bytes were delivered. \
             Nothing is retried once the headers arrived.",
        ));
    }
    if pages.is_some() {
        raises.push((
            "PaginationError",
            "A page the walk cannot go on from: no list of items where the API puts it, \
             the same cursor again, or a next page on another origin than the API's. The \
             items of the pages before it were delivered.",
        ));
    }
    let lines: Vec<String> = raises
        .iter()
        .flat_map(|(name, text)| arg_entry(name, text))
        .collect();
    text.push_str(&lines.join("\n"));
    docstring_of(&text, 8)
}

pub fn view(
    api: &Api,
    names: &Names,
    shapes: &[OpShape],
    group_index: usize,
    group: &Group,
) -> ResourceView {
    let types = Types::new(api, names, "models.");
    let gnames = &names.groups[group_index];
    let class = gnames.class.clone();
    let mut ops = Vec::new();
    let mut uses_datetime = false;
    for &i in &group.operations {
        let op = &api.operations[i];
        let shape = &shapes[i];
        let onames = &names.ops[i];
        let method = onames.method.clone();
        let constant = operation_constant(&method);
        let effective = Effective::of(api, op);

        let mut inputs: Vec<ParamView> = shape
            .inputs
            .iter()
            .zip(&onames.inputs)
            .map(|(input, ident)| input_param(api, &types, input, ident))
            .collect();
        for input in &shape.inputs {
            uses_datetime |= types.uses_datetime(&input.ty);
        }
        let builder = request_builder(&method);
        let builder_params = inputs.clone();
        let body = builder_view(&types, op, shape, &onames.inputs, &inputs);
        let parser_name = response_parser(&method);
        let (returns, parser) = parser(&types, shape);
        uses_datetime |= returns.contains("datetime.");

        // The argument that asks for the stream: its stream method sends it
        // `True`, and neither method takes it (the plain one leaves it out,
        // so the answer is the JSON one).
        let switch = op
            .plan
            .stream
            .as_ref()
            .and_then(|p| p.switch.as_ref())
            .and_then(|wire| {
                shape
                    .inputs
                    .iter()
                    .zip(&onames.inputs)
                    .find(|(i, _)| matches!(i.place, Place::BodyField) && i.wire == *wire)
                    .map(|(_, ident)| ident.clone())
            });
        // Required arguments first: keyword-only, so the order is free.
        let mut order: Vec<usize> = (0..inputs.len()).collect();
        order.sort_by_key(|&k| !inputs[k].default.is_empty());
        // The plain method gives the stream's argument its default, which
        // leaves it out of the body.
        let forward_args: Vec<D> = order
            .iter()
            .map(|&k| {
                let p = &inputs[k];
                if Some(&p.ident) == switch.as_ref() {
                    let default = p.default.trim_start_matches(" = ");
                    let default = if default.is_empty() { "None" } else { default };
                    text(format!("{}={default}", p.ident))
                } else {
                    text(format!("{0}={0}", p.ident))
                }
            })
            .collect();
        let option_params = call_options(op);
        let mut ordered: Vec<ParamView> = Vec::new();
        let mut taken = std::mem::take(&mut inputs)
            .into_iter()
            .map(Some)
            .collect::<Vec<_>>();
        for &k in &order {
            if let Some(p) = taken[k].take() {
                if Some(&p.ident) != switch.as_ref() {
                    ordered.push(p);
                }
            }
        }

        let builder_call = if forward_args.is_empty() {
            text(format!("{builder}()"))
        } else {
            call(builder.clone(), forward_args.clone())
        };
        let options_call = call(
            "_runtime.call_options",
            option_params
                .iter()
                .map(|p| text(format!("{0}={0}", p.ident)))
                .collect(),
        );
        // The plain method calls the runtime itself rather than through its
        // ``with_raw_response`` twin: one call and one object less per call.
        // A paginated operation's plain methods hand the same request to
        // its pager.
        let pages =
            op.plan
                .pagination
                .as_ref()
                .zip(onames.pages.as_ref())
                .map(|(plan, pages_constant)| {
                    uses_datetime |= types.uses_datetime(&plan.item);
                    PagesView {
                        constant: pages_constant.clone(),
                        descriptor: pagination_args(plan),
                        item: types.annotation(&plan.item),
                        pager: Items(vec![
                            text("self._client"),
                            text(constant.clone()),
                            builder_call.clone(),
                            options_call.clone(),
                            text(pages_constant.clone()),
                            item_parser(&types, &plan.item),
                        ]),
                    }
                });
        // The argument that sets the page size, for the docstring.
        let size_arg = op.plan.pagination.as_ref().and_then(|plan| {
            let size = plan.size_param.as_ref()?;
            shape
                .inputs
                .iter()
                .zip(&onames.inputs)
                .find(|(i, _)| matches!(i.place, Place::Query { .. }) && i.wire == *size)
                .map(|(_, ident)| ident.as_str())
        });
        let pages_doc = op
            .plan
            .pagination
            .as_ref()
            .zip(pages.as_ref())
            .map(|(plan, view)| PagesDoc {
                plan,
                size_arg,
                item: &view.item,
            });
        let doc = method_doc(
            api,
            op,
            shape,
            &onames.inputs,
            &effective,
            pages_doc.as_ref(),
        );
        let stream =
            op.plan
                .stream
                .as_ref()
                .zip(onames.stream.as_ref())
                .map(|(plan, stream_method)| {
                    let args: Vec<D> = order
                        .iter()
                        .map(|&k| {
                            let ident = &onames.inputs[k];
                            if Some(ident) == switch.as_ref() {
                                text(format!("{ident}=True"))
                            } else {
                                text(format!("{ident}={ident}"))
                            }
                        })
                        .collect();
                    let stream_builder = if args.is_empty() {
                        text(format!("{builder}()"))
                    } else {
                        call(builder.clone(), args)
                    };
                    uses_datetime |= types.uses_datetime(&plan.event);
                    let (event, decoder) = match plan.event.non_null() {
                        _ if plan.text_events() => {
                            ("str".to_string(), text("decoder=_base.event_text"))
                        }
                        ty if types.is_unchecked(ty) => (
                            types.annotation(&plan.event),
                            text("decoder=_base.event_json"),
                        ),
                        _ => (
                            types.annotation(&plan.event),
                            call(
                                "decoder=_base.event_decoder",
                                vec![types.checked_parser(&plan.event)],
                            ),
                        ),
                    };
                    let mut doc = format!(
                    "Like ``{class}.{method}``, but answers with the API's server-sent events, \
                     each decoded as ``{event}``: iterate the stream (``for``, or ``async for`` on \
                     the asyncio client) and close it (``with``) when done."
                );
                    if let Some(wire) = &plan.switch {
                        doc.push_str(&format!(" The request sends {} as ``true``.", code(wire)));
                    }
                    doc.push_str(
                        "\n\nRetries, the deadline and the idempotency key apply until the \
                     response's headers arrive, never after: no event is delivered twice. A \
                     connection lost mid-stream, or no bytes for the idle timeout, raises \
                     ``StreamError`` with the number of events delivered.",
                    );
                    StreamView {
                        method: stream_method.clone(),
                        params: Vec::new(),
                        event,
                        doc: docstring_of(&doc, 8),
                        call: Items(vec![
                            text(constant.clone()),
                            stream_builder,
                            options_call.clone(),
                            decoder,
                        ]),
                    }
                });
        let request = Items(vec![text(constant.clone()), builder_call, options_call]);
        let result = Items(vec![
            text(constant.clone()),
            text("response"),
            text(parser_name.clone()),
        ]);
        ordered.extend(option_params);
        let stream = stream.map(|mut s| {
            s.params = ordered.clone();
            s
        });
        ops.push(OpView {
            operation: operation_args(op),
            constant,
            builder,
            builder_params,
            body,
            parser_name,
            returns,
            parser,
            doc,
            raw_doc: docstring_of(
                &if op.plan.download {
                    format!(
                        "Like ``{class}.{method}``, but reads the whole body (up to the \
                         client's ``max_response_bytes``) and returns the raw response: status, \
                         headers, the number of attempts, and ``parse()`` for the bytes."
                    )
                } else if pages.is_some() {
                    format!(
                        "Like ``{class}.{method}``, but returns the first page's raw response: \
                         status, headers, the number of attempts, and ``parse()`` for the page."
                    )
                } else {
                    format!(
                        "Like ``{class}.{method}``, but returns the raw response: status, \
                         headers, the number of attempts, and ``parse()``."
                    )
                },
                8,
            ),
            method,
            params: ordered,
            request,
            result,
            pages,
            stream,
            download: op.plan.download,
        });
    }

    // A method named like a builtin (`list`) hides it from the annotations
    // of the resource classes: there they name it `builtins.list`.
    let hidden = super::types::hidden_builtins(ops.iter().map(|op| op.method.as_str()));
    let mut uses_builtins = false;
    if !hidden.is_empty() {
        let mut qualify = |code: &mut String| {
            let out = super::types::qualify(code, &hidden);
            if out != *code {
                uses_builtins = true;
                *code = out;
            }
        };
        for op in &mut ops {
            for p in &mut op.params {
                qualify(&mut p.annotation);
                qualify(&mut p.default);
            }
            qualify(&mut op.returns);
            if let Some(pages) = &mut op.pages {
                qualify(&mut pages.item);
            }
        }
    }

    let mut imports = vec![
        "from __future__ import annotations".to_string(),
        String::new(),
    ];
    if uses_builtins {
        imports.push("import builtins".to_string());
    }
    if uses_datetime {
        imports.push("import datetime".to_string());
    }
    imports.push("from collections.abc import Mapping".to_string());
    imports.push(String::new());
    let uses_models = ops.iter().any(|op| {
        op.returns.contains("models.")
            || op.pages.as_ref().is_some_and(|p| {
                p.item.contains("models.")
                    || p.pager
                        .0
                        .iter()
                        .any(|d| layout::flat(d).contains("models."))
            })
            || op.parser.iter().flat_map(|s| &s.reads).any(|r| {
                layout::flat(&r.value.0).contains("models.")
                    || r.typed.as_ref().is_some_and(|t| t.contains("models."))
            })
            || op
                .params
                .iter()
                .any(|p| p.annotation.contains("models.") || p.default.contains("models."))
    });
    let modules: &[&str] = if uses_models {
        &["_base", "_runtime", "models"]
    } else {
        &["_base", "_runtime"]
    };
    imports.push(import_line("..", modules));

    let description = group
        .description
        .clone()
        .unwrap_or_else(|| format!("The `{}` operations.", group.name));
    ResourceView {
        doc: docstring_of(&description, 0),
        imports,
        class_doc: docstring_of(
            &format!(
                "{}\n\nReach it as ``client.{}``; ``with_raw_response`` has the same methods \
                 returning the raw response.",
                description.trim_end(),
                gnames.attr
            ),
            4,
        ),
        async_class_doc: docstring_of(
            &format!(
                "{}\n\nThe asyncio twin of ``{class}``.",
                description.trim_end()
            ),
            4,
        ),
        class,
        ops,
    }
}
