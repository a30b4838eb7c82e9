//! Every identifier of a generated Node package is decided here, and only here.
//!
//! - Cases: `camel` for methods, properties and bindings, `pascal` for classes,
//!   types and enum members, `screaming` for environment variables. Words are
//!   split at anything that is not an ASCII letter or digit and at case changes;
//!   other characters are dropped, so every name is ASCII.
//! - A name that would start with a digit gets `_` in front; one left empty gets
//!   a fallback word (`value`, `Value`, `field`, ...).
//! - Reserved names get a suffix: a binding that is a JavaScript keyword
//!   (strict mode included) gets `_`; a class member that would shadow
//!   `constructor` or an `Object.prototype` member gets `_`; a type name that
//!   would shadow a TypeScript built-in or a global gets `Model`.
//! - Collisions inside one scope are resolved in the order names are claimed:
//!   the first keeps its name, later ones get a hint suffix where the caller
//!   gives one, then 2, 3, ...

use crate::emit::hash::{Map, Set};

use crate::case;

/// Keywords and reserved words of JavaScript (strict mode and modules
/// included) and the globals a binding must not shadow.
const JS_RESERVED: &[&str] = &[
    "arguments",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "undefined",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "NaN",
    "Infinity",
    "globalThis",
];

/// Class members a generated method or property must not take: the class
/// constructor, a thenable's `then`, and everything on `Object.prototype`.
const MEMBER_RESERVED: &[&str] = &[
    "constructor",
    "then",
    "prototype",
    "__proto__",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toLocaleString",
    "toString",
    "valueOf",
];

/// Type names that would shadow TypeScript's own types or the globals a
/// generated package or its users rely on.
const TYPE_RESERVED: &[&str] = &[
    "Array",
    "ArrayBuffer",
    "ArrayLike",
    "Awaited",
    "BigInt",
    "Blob",
    "Boolean",
    "Capitalize",
    "ConstructorParameters",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "Exclude",
    "Extract",
    "File",
    "FormData",
    "Function",
    "Headers",
    "HeadersInit",
    "InstanceType",
    "Intl",
    "Iterable",
    "Iterator",
    "JSON",
    "Lowercase",
    "Map",
    "Math",
    "NonNullable",
    "Number",
    "Object",
    "Omit",
    "Parameters",
    "Partial",
    "Pick",
    "Promise",
    "PromiseLike",
    "Proxy",
    "RangeError",
    "Readonly",
    "ReadonlyArray",
    "Record",
    "Reflect",
    "RegExp",
    "Request",
    "RequestInit",
    "Required",
    "Response",
    "ReturnType",
    "Set",
    "String",
    "Symbol",
    "TypeError",
    "URL",
    "URLSearchParams",
    "Uint8Array",
    "Uncapitalize",
    "Uppercase",
    "WeakMap",
    "WeakSet",
    "AbortSignal",
    "AbortController",
    "TextDecoder",
    "TextEncoder",
];

/// Names the package itself exports or imports at the top level (besides the
/// generated ones): models must not take them.
pub const PACKAGE_EXPORTS: &[&str] = &[
    "APIPromise",
    "PagePromise",
    "APIResponse",
    "RequestOptions",
    "KeyedRequestOptions",
    "ClientOptions",
    "Secret",
    "Logger",
    "LogLevel",
    "Jitter",
    "FetchLike",
    "Clock",
    "RandomSource",
    "StopReason",
    "Runtime",
    "SDKError",
    "InvalidArgumentError",
    "InvalidIdempotencyKeyError",
    "MissingCredentialError",
    "RequestAbortedError",
    "ResponseParseError",
    "APIConnectionError",
    "APITimeoutError",
    "DeadlineExceededError",
    "APIError",
    "ClientError",
    "ServerError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "IdempotencyInFlightError",
    "IdempotencyMismatchError",
    "PaginationError",
    "StreamError",
    "BinaryResponse",
    "FileInput",
    "EventStream",
    "Core",
];

fn fix_start(name: String, fallback: &str) -> String {
    if name.is_empty() {
        fallback.to_string()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{name}")
    } else {
        name
    }
}

/// `vendor_id` → `vendorId`; `__proto__` → `proto`; `123` → `_123`; `` → fallback.
pub fn camel(text: &str, fallback: &str) -> String {
    fix_start(case::lower_camel(text), fallback)
}

/// `create_transfer` → `CreateTransfer`; `a-b` → `AB`.
pub fn pascal(text: &str, fallback: &str) -> String {
    fix_start(case::upper_camel(text), fallback)
}

/// `payments` → `PAYMENTS`, for environment variables.
pub fn screaming(text: &str) -> String {
    let name = case::shouty_snake(text);
    if name.is_empty() {
        "SDK".to_string()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("SDK_{name}")
    } else {
        name
    }
}

/// The PascalCase member name of an enum value: signs before digits are
/// spelled out (`GMT+0` → `GmtPlus0`, `GMT-0` → `GmtMinus0`, `-1` → `Minus1`).
pub fn enum_member(value: &str) -> String {
    if !value.contains(['+', '-', '.']) {
        // Nothing to spell out.
        return pascal(value, "Empty");
    }
    let chars: Vec<char> = value.chars().collect();
    let mut spelled = String::new();
    for (i, c) in chars.iter().enumerate() {
        let before_digit = chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        match c {
            '+' if before_digit => spelled.push_str(" plus "),
            '-' if before_digit => spelled.push_str(" minus "),
            '.' if before_digit && i > 0 && chars[i - 1].is_ascii_digit() => {
                spelled.push_str(" point ")
            }
            c => spelled.push(*c),
        }
    }
    pascal(&spelled, "Empty")
}

pub fn is_js_reserved(name: &str) -> bool {
    JS_RESERVED.contains(&name)
}

/// A name usable as a binding (parameter, variable, class): keywords get `_`.
pub fn binding(name: String) -> String {
    if is_js_reserved(&name) {
        format!("{name}_")
    } else {
        name
    }
}

/// A name usable as a class member: `constructor`, `then` and the
/// `Object.prototype` members get `_`.
pub fn member(name: String) -> String {
    if MEMBER_RESERVED.contains(&name.as_str()) {
        format!("{name}_")
    } else {
        name
    }
}

/// A type name that does not shadow a built-in: those get `Model`.
pub fn type_name(name: String) -> String {
    if TYPE_RESERVED.contains(&name.as_str()) || is_js_reserved(&name) {
        format!("{name}Model")
    } else {
        name
    }
}

/// The variables the README's examples use besides the results of calls.
pub const EXAMPLE_BINDINGS: &[&str] = &[
    "client", "call", "data", "status", "headers", "attempts", "once", "snappy", "job", "order",
    "served", "err", "crypto", "process", "Headers",
];

/// The variable a README example stores a call's result in: the model's
/// camelCase name (`transfer`, `petList` for a list), else `result`.
pub fn result_binding(model: Option<&str>, list: bool) -> String {
    match model {
        Some(m) if list => binding(format!("{m}List")),
        Some(m) => binding(m.to_string()),
        None => "result".to_string(),
    }
}

/// Names in one scope. `claim` returns a name no earlier claim has, case-
/// insensitively when the scope says so (names that become file names).
#[derive(Debug, Default, Clone)]
pub struct Scope {
    taken: Set<String>,
    fold_case: bool,
}

impl Scope {
    pub fn new() -> Scope {
        Scope::default()
    }

    /// A scope whose names must also differ when case is ignored.
    pub fn case_insensitive() -> Scope {
        Scope {
            taken: Set::default(),
            fold_case: true,
        }
    }

    fn key<'a>(&self, name: &'a str) -> std::borrow::Cow<'a, str> {
        if self.fold_case {
            std::borrow::Cow::Owned(name.to_ascii_lowercase())
        } else {
            std::borrow::Cow::Borrowed(name)
        }
    }

    pub fn is_taken(&self, name: &str) -> bool {
        self.taken.contains(self.key(name).as_ref())
    }

    /// Takes `name` when it is free; whether it was.
    fn take(&mut self, name: &str) -> bool {
        if self.is_taken(name) {
            return false;
        }
        let k = self.key(name).into_owned();
        self.taken.insert(k);
        true
    }

    /// Marks names as taken without handing them out.
    pub fn reserve<'a>(&mut self, names: impl IntoIterator<Item = &'a str>) {
        for n in names {
            let k = self.key(n).into_owned();
            self.taken.insert(k);
        }
    }

    /// `wanted` if free, else `wanted` + 2, 3, ...
    pub fn claim(&mut self, wanted: &str) -> String {
        self.claim_with_hint(wanted, None)
    }

    /// `wanted` if free, else `wanted` + `hint` (PascalCase), else numbered.
    pub fn claim_with_hint(&mut self, wanted: &str, hint: Option<&str>) -> String {
        if self.take(wanted) {
            return wanted.to_string();
        }
        let base = match hint {
            Some(h) => {
                let hinted = format!("{wanted}{}", pascal(h, ""));
                if self.take(&hinted) {
                    return hinted;
                }
                hinted
            }
            None => wanted.to_string(),
        };
        let mut n = 2;
        loop {
            let c = format!("{base}{n}");
            if self.take(&c) {
                return c;
            }
            n += 1;
        }
    }
}

/// Every name of one generated package, decided once from the IR.
#[derive(Debug, Clone)]
pub struct Names {
    /// The client class, from the package's base name.
    pub client: String,
    /// The environment variable that sets the log level.
    pub log_env_var: String,
    /// Per `Api::types` index: the TypeScript name.
    pub types: Vec<String>,
    /// Per type index: per field, the camelCase property name.
    pub fields: Vec<Vec<String>>,
    /// Per type index: per enum value, the member name of the enum object.
    pub enum_members: Vec<Vec<String>>,
    /// Per type index: the base of its wire converters' names (`transfer`):
    /// see [`Names::reader_fn`], [`Names::writer_fn`], [`Names::fields_table`].
    pub converters: Vec<String>,
    /// Per `Api::groups` index.
    pub groups: Vec<GroupNames>,
    /// Per `Api::operations` index.
    pub operations: Vec<OperationNames>,
    /// Per `Api::auth` index: the client options that carry its
    /// credentials, one per `AuthScheme::credentials` entry.
    pub auth_options: Vec<Vec<String>>,
}

#[derive(Debug, Clone)]
pub struct GroupNames {
    /// The resource class.
    pub class: String,
    /// The client property holding it.
    pub property: String,
    /// `resources/<file>.js`.
    pub file: String,
}

#[derive(Debug, Clone)]
pub struct OperationNames {
    pub method: String,
    /// The module-level constant holding the runtime descriptor.
    pub descriptor: String,
    /// The module-level constant holding the pagination plan, for a
    /// paginated operation.
    pub pagination: Option<String>,
    /// The method that opens its event stream, for an operation whose plan
    /// has one (`createStream` beside `create`).
    pub stream: Option<String>,
    /// The params type (`CreateTransferParams`).
    pub params_type: String,
    /// Per `Operation::params` index: the property in the params object
    /// (query, header, cookie) or the positional argument (path).
    pub params: Vec<String>,
}

/// The client options every client has (besides the auth ones).
pub const CLIENT_OPTIONS: &[&str] = &[
    "baseUrl",
    "retries",
    "maxAttempts",
    "jitter",
    "baseMs",
    "capMs",
    "timeout",
    "p99Ms",
    "requestTimeoutHeader",
    "budgetCapacity",
    "maxResponseBytes",
    "headers",
    "logger",
    "logLevel",
    "fetch",
    "clock",
    "random",
];

/// Bindings every generated method uses besides the path parameters.
const METHOD_BINDINGS: &[&str] = &["params", "options"];

impl Names {
    /// `package_name` is the package's name on its registry (a scope is dropped).
    /// `flattened[i]` is the type index of operation `i`'s body when its
    /// fields are properties of the params object.
    pub fn new(api: &crate::ir::Api, package_name: &str, flattened: &[Option<usize>]) -> Names {
        use crate::ir::{ParamLocation, TypeKind};

        let base = package_name.rsplit('/').next().unwrap_or(package_name);
        let mut top = Scope::new();
        top.reserve(PACKAGE_EXPORTS.iter().copied());
        let client = top.claim(&type_name(pascal(base, "Client")));
        let log_env_var = format!("{}_LOG", screaming(base));

        let types: Vec<String> = api
            .types
            .iter()
            .map(|t| top.claim_with_hint(&type_name(pascal(&t.name, "Model")), Some("model")))
            .collect();

        let mut converter_scope = Scope::new();
        let converters = types
            .iter()
            .map(|t| converter_scope.claim(&camel(t, "model")))
            .collect();

        let fields: Vec<Vec<String>> = (0..api.types.len())
            .map(|i| fields_of(api, i).unwrap_or_default())
            .collect();

        let enum_members = api
            .types
            .iter()
            .map(|t| match &t.kind {
                TypeKind::Enum { values, .. } => {
                    let mut scope = Scope::new();
                    values
                        .iter()
                        .map(|v| {
                            let text = match &v.value {
                                serde_json::Value::String(s) => s.clone(),
                                other => other.to_string(),
                            };
                            scope.claim(&enum_member(&text))
                        })
                        .collect()
                }
                _ => Vec::new(),
            })
            .collect();

        let mut properties = Scope::new();
        properties.reserve(MEMBER_RESERVED.iter().copied());
        let mut files = Scope::case_insensitive();
        let groups = api
            .groups
            .iter()
            .map(|g| {
                let class =
                    top.claim_with_hint(&type_name(pascal(&g.name, "Resource")), Some("resource"));
                let property = properties.claim(&member(camel(&g.name, "resource")));
                let file = files.claim(&property);
                GroupNames {
                    class,
                    property,
                    file,
                }
            })
            .collect();

        let mut methods_by_group: Map<&str, Scope> = Default::default();
        let mut descriptors = Scope::new();
        let operations = api
            .operations
            .iter()
            .enumerate()
            .map(|(i, op)| {
                let scope = methods_by_group
                    .entry(op.group.as_str())
                    .or_insert_with(|| {
                        let mut s = Scope::new();
                        s.reserve(MEMBER_RESERVED.iter().copied());
                        s
                    });
                let method = scope.claim(&member(camel(&op.method_name, "call")));
                let descriptor = descriptors.claim(&format!("{}Operation", camel(&op.id, "call")));
                let pagination =
                    op.plan.pagination.as_ref().map(|_| {
                        descriptors.claim(&format!("{}Pagination", camel(&op.id, "call")))
                    });
                let params_type = top.claim(&format!("{}Params", pascal(&op.id, "Call")));

                // Params-object properties: the body's fields first (when they
                // are flattened in), then query, header and cookie parameters.
                let mut props = Scope::new();
                if let Some(type_index) = flattened.get(i).copied().flatten() {
                    // The body's property names, as `fields` holds them
                    // (none for a type that is not an object).
                    if let Some(names) = fields.get(type_index) {
                        props.reserve(names.iter().map(String::as_str));
                    }
                }
                props.reserve(["body"]);
                // Generated code reads these as `params.name`: a name on
                // `Object.prototype` would read the inherited value when absent.
                props.reserve(MEMBER_RESERVED.iter().copied());
                let mut bindings = Scope::new();
                bindings.reserve(METHOD_BINDINGS.iter().copied());
                let params = op
                    .params
                    .iter()
                    .map(|p| {
                        let wanted = camel(&p.name, "param");
                        match p.location {
                            ParamLocation::Path => bindings.claim(&binding(wanted)),
                            ParamLocation::Query => {
                                props.claim_with_hint(&member(wanted), Some("query"))
                            }
                            ParamLocation::Header => {
                                props.claim_with_hint(&member(wanted), Some("header"))
                            }
                            ParamLocation::Cookie => {
                                props.claim_with_hint(&member(wanted), Some("cookie"))
                            }
                        }
                    })
                    .collect();
                OperationNames {
                    method,
                    descriptor,
                    pagination,
                    stream: None,
                    params_type,
                    params,
                }
            })
            .collect::<Vec<_>>();
        // After every plain method: a stream method takes a name none has.
        let mut operations = operations;
        for (op, names) in api.operations.iter().zip(operations.iter_mut()) {
            if op.plan.stream.is_some() {
                if let Some(scope) = methods_by_group.get_mut(op.group.as_str()) {
                    let wanted = camel(&format!("{} stream", op.method_name), "stream");
                    names.stream = Some(scope.claim(&member(wanted)));
                }
            }
        }

        let mut options = Scope::new();
        options.reserve(CLIENT_OPTIONS.iter().copied());
        // The credentials' names are the IR's, one per credential across the
        // three languages, cased; a clash with a client option gets a suffix.
        let auth_options = api
            .auth
            .iter()
            .map(|scheme| {
                scheme
                    .credentials
                    .iter()
                    .map(|c| options.claim(&camel(&c.name, "credential")))
                    .collect()
            })
            .collect();

        Names {
            client,
            log_env_var,
            types,
            fields,
            enum_members,
            converters,
            groups,
            operations,
            auth_options,
        }
    }
}

impl Names {
    /// The function converting a value of type `i` from the wire: `transferFromWire`.
    pub fn reader_fn(&self, i: usize) -> String {
        format!("{}FromWire", self.converters[i])
    }

    /// The function converting a value of type `i` to the wire: `transferToWire`.
    pub fn writer_fn(&self, i: usize) -> String {
        format!("{}ToWire", self.converters[i])
    }

    /// The table of renamed fields (or variants) of type `i`: `transferFields`.
    /// Bases are unique and the suffixes differ, so the names
    /// of one type never meet another type's (or `wire.js`'s helpers).
    pub fn fields_table(&self, i: usize) -> String {
        format!("{}Fields", self.converters[i])
    }

    /// The readers of the variants of a union without a discriminator, type
    /// `i`: `paymentMethodVariants` (the fourth suffix, differing too).
    pub fn variants_table(&self, i: usize) -> String {
        format!("{}Variants", self.converters[i])
    }
}

/// The camelCase names of an object type's fields, as `Names::new` gives them.
fn fields_of(api: &crate::ir::Api, type_index: usize) -> Option<Vec<String>> {
    match &api.types.get(type_index)?.kind {
        crate::ir::TypeKind::Object { fields, .. } => {
            let mut scope = Scope::new();
            Some(
                fields
                    .iter()
                    .map(|f| scope.claim(&camel(&f.name, "field")))
                    .collect(),
            )
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases() {
        assert_eq!(camel("vendor_id", "field"), "vendorId");
        assert_eq!(camel("createTransfer", "m"), "createTransfer");
        assert_eq!(camel("HTTPServer", "m"), "httpServer");
        assert_eq!(camel("a-b", "field"), "aB");
        assert_eq!(camel("X-API-Key", "field"), "xApiKey");
        assert_eq!(camel("last4", "field"), "last4");
        assert_eq!(pascal("transfers", "Resource"), "Transfers");
        assert_eq!(pascal("bank account", "T"), "BankAccount");
        assert_eq!(screaming("payments"), "PAYMENTS");
        assert_eq!(screaming("acme-payments"), "ACME_PAYMENTS");
        assert_eq!(screaming("9lives"), "SDK_9LIVES");
        assert_eq!(screaming(""), "SDK");
    }

    #[test]
    fn hostile_names() {
        // Comment and script breakers lose every non-identifier character.
        assert_eq!(camel("*/ process.exit(1) /*", "field"), "processExit1");
        assert_eq!(camel("</script>", "field"), "script");
        // Leading digits, empty and symbol-only names.
        assert_eq!(camel("123", "field"), "_123");
        assert_eq!(pascal("2fa", "T"), "_2fa");
        assert_eq!(camel("", "field"), "field");
        assert_eq!(camel("+-*/", "field"), "field");
        assert_eq!(camel("ünïcode", "field"), "nCode");
        // Prototype tricks.
        assert_eq!(camel("__proto__", "field"), "proto");
        assert_eq!(member(camel("constructor", "m")), "constructor_");
        assert_eq!(member(camel("then", "m")), "then_");
        assert_eq!(member(camel("toString", "m")), "toString_");
        assert_eq!(member(camel("listPets", "m")), "listPets");
        // Keywords, strict mode included, as bindings.
        assert_eq!(binding(camel("class", "p")), "class_");
        assert_eq!(binding(camel("let", "p")), "let_");
        assert_eq!(binding(camel("yield", "p")), "yield_");
        assert_eq!(binding(camel("await", "p")), "await_");
        assert_eq!(binding(camel("arguments", "p")), "arguments_");
        assert_eq!(binding(camel("eval", "p")), "eval_");
        assert_eq!(binding(camel("petId", "p")), "petId");
        // Type names that shadow built-ins.
        assert_eq!(type_name(pascal("Error", "T")), "ErrorModel");
        assert_eq!(type_name(pascal("promise", "T")), "PromiseModel");
        assert_eq!(type_name(pascal("record", "T")), "RecordModel");
        assert_eq!(type_name(pascal("Transfer", "T")), "Transfer");
    }

    #[test]
    fn enum_members_spell_out_signs() {
        assert_eq!(enum_member("GMT+0"), "GmtPlus0");
        assert_eq!(enum_member("GMT-0"), "GmtMinus0");
        assert_eq!(enum_member("-1"), "Minus1");
        assert_eq!(enum_member("1.5"), "_1Point5");
        assert_eq!(enum_member("past_due"), "PastDue");
        assert_eq!(enum_member("a-b"), "AB");
        assert_eq!(enum_member(""), "Empty");
        assert_eq!(enum_member("*/"), "Empty");
        assert_eq!(enum_member("200"), "_200");
    }

    #[test]
    fn collisions_resolve_in_claim_order() {
        let mut s = Scope::new();
        s.reserve(["params", "options"]);
        assert_eq!(s.claim("params"), "params2");
        assert_eq!(s.claim("limit"), "limit");
        assert_eq!(s.claim_with_hint("limit", Some("query")), "limitQuery");
        assert_eq!(s.claim_with_hint("limit", Some("query")), "limitQuery2");
        assert_eq!(s.claim("limit"), "limit2");

        let mut files = Scope::case_insensitive();
        assert_eq!(files.claim("pets"), "pets");
        assert_eq!(files.claim("Pets"), "Pets2");

        let mut same_case = Scope::new();
        assert_eq!(same_case.claim("pets"), "pets");
        assert_eq!(same_case.claim("Pets"), "Pets");
    }

    #[test]
    fn gmt_values_stay_distinct() {
        let mut s = Scope::new();
        let a = s.claim(&enum_member("GMT+0"));
        let b = s.claim(&enum_member("GMT-0"));
        let c = s.claim(&enum_member("gmt_plus_0"));
        assert_eq!(
            (a.as_str(), b.as_str(), c.as_str()),
            ("GmtPlus0", "GmtMinus0", "GmtPlus02")
        );
    }
}
