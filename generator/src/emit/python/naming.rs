//! Every Python identifier of a generated package is decided here: cases,
//! keywords and soft keywords, builtins, leading digits, empty names and
//! collisions. The rest of the emitter only reads the names this module hands
//! out; the wire names stay as the spec wrote them.

use crate::emit::hash::{Map, Set};

use heck::ToShoutySnakeCase;

use crate::case;

use super::shape::{OpShape, Place};
use crate::ir::{Api, TypeKind};

/// Hard keywords: never usable as identifiers.
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Soft keywords (3.10 `match`/`case`/`_`, 3.12 `type`): legal, but confusing.
const SOFT_KEYWORDS: &[&str] = &["_", "case", "match", "type"];

/// The names in `builtins` from Python 3.9 to 3.13.
const BUILTINS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "Ellipsis",
    "EncodingWarning",
    "EnvironmentError",
    "Exception",
    "ExceptionGroup",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportError",
    "ImportWarning",
    "IndentationError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "NotADirectoryError",
    "NotImplemented",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "PythonFinalizationError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeError",
    "RuntimeWarning",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "ValueError",
    "Warning",
    "ZeroDivisionError",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

/// Top-level modules a distribution must not shadow: the standard library of
/// Python 3.9 to 3.13 and the SDK's own dependencies.
const TAKEN_MODULES: &[&str] = &[
    "abc",
    "aifc",
    "antigravity",
    "anyio",
    "argparse",
    "array",
    "ast",
    "asynchat",
    "asyncio",
    "asyncore",
    "atexit",
    "audioop",
    "base64",
    "bdb",
    "binascii",
    "binhex",
    "bisect",
    "builtins",
    "bz2",
    "cProfile",
    "calendar",
    "certifi",
    "cgi",
    "cgitb",
    "chunk",
    "cmath",
    "cmd",
    "code",
    "codecs",
    "codeop",
    "collections",
    "colorsys",
    "compileall",
    "concurrent",
    "configparser",
    "contextlib",
    "contextvars",
    "copy",
    "copyreg",
    "crypt",
    "csv",
    "ctypes",
    "curses",
    "dataclasses",
    "datetime",
    "dbm",
    "decimal",
    "difflib",
    "dis",
    "distutils",
    "doctest",
    "email",
    "encodings",
    "ensurepip",
    "enum",
    "errno",
    "exceptiongroup",
    "faulthandler",
    "fcntl",
    "filecmp",
    "fileinput",
    "fnmatch",
    "formatter",
    "fractions",
    "ftplib",
    "functools",
    "gc",
    "genericpath",
    "getopt",
    "getpass",
    "gettext",
    "glob",
    "graphlib",
    "grp",
    "gzip",
    "h11",
    "hashlib",
    "heapq",
    "hmac",
    "html",
    "http",
    "httpcore",
    "httpx",
    "idlelib",
    "idna",
    "imaplib",
    "imghdr",
    "imp",
    "importlib",
    "inspect",
    "io",
    "ipaddress",
    "itertools",
    "json",
    "keyword",
    "lib2to3",
    "linecache",
    "locale",
    "logging",
    "lzma",
    "mailbox",
    "mailcap",
    "marshal",
    "math",
    "mimetypes",
    "mmap",
    "modulefinder",
    "msilib",
    "msvcrt",
    "multiprocessing",
    "netrc",
    "nis",
    "nntplib",
    "nt",
    "ntpath",
    "nturl2path",
    "numbers",
    "opcode",
    "operator",
    "optparse",
    "os",
    "ossaudiodev",
    "parser",
    "pathlib",
    "pdb",
    "pickle",
    "pickletools",
    "pipes",
    "pkgutil",
    "platform",
    "plistlib",
    "poplib",
    "posix",
    "posixpath",
    "pprint",
    "profile",
    "pstats",
    "pty",
    "pwd",
    "py_compile",
    "pyclbr",
    "pydoc",
    "pydoc_data",
    "pyexpat",
    "queue",
    "quopri",
    "random",
    "re",
    "readline",
    "reprlib",
    "resource",
    "rlcompleter",
    "runpy",
    "sched",
    "secrets",
    "select",
    "selectors",
    "shelve",
    "shlex",
    "shutil",
    "signal",
    "site",
    "smtpd",
    "smtplib",
    "sndhdr",
    "sniffio",
    "socket",
    "socketserver",
    "spwd",
    "sqlite3",
    "sre_compile",
    "sre_constants",
    "sre_parse",
    "ssl",
    "stat",
    "statistics",
    "string",
    "stringprep",
    "struct",
    "subprocess",
    "sunau",
    "symbol",
    "symtable",
    "sys",
    "sysconfig",
    "syslog",
    "tabnanny",
    "tarfile",
    "telnetlib",
    "tempfile",
    "termios",
    "test",
    "textwrap",
    "this",
    "threading",
    "time",
    "timeit",
    "tkinter",
    "token",
    "tokenize",
    "tomllib",
    "trace",
    "traceback",
    "tracemalloc",
    "tty",
    "turtle",
    "turtledemo",
    "types",
    "typing",
    "typing_extensions",
    "unicodedata",
    "unittest",
    "urllib",
    "uu",
    "uuid",
    "venv",
    "warnings",
    "wave",
    "weakref",
    "webbrowser",
    "winreg",
    "winsound",
    "wsgiref",
    "xdrlib",
    "xml",
    "xmlrpc",
    "zipapp",
    "zipfile",
    "zipimport",
    "zlib",
    "zoneinfo",
];

/// Names the package root exports besides the two client classes.
pub const PACKAGE_EXPORTS: &[&str] = &[
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "AsyncBinaryResponse",
    "AsyncPage",
    "AsyncPager",
    "AuthenticationError",
    "BinaryResponse",
    "BadRequestError",
    "ConflictError",
    "FileInput",
    "IdempotencyInFlightError",
    "IdempotencyMismatchError",
    "InternalServerError",
    "InvalidIdempotencyKeyError",
    "Jitter",
    "MissingCredentialError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "PaginationError",
    "PermissionDeniedError",
    "RateLimitError",
    "RawResponse",
    "ResponseValidationError",
    "RetryConfig",
    "SDKError",
    "StopReason",
    "StreamError",
    "SyncPager",
    "TokenBucket",
    "UnknownVariant",
    "UnprocessableEntityError",
    "__version__",
    "deadline_from_headers",
    "models",
];

/// Module-level names of `models.py` besides the models themselves.
pub const MODELS_MODULE_NAMES: &[&str] = &[
    "Any",
    "Callable",
    "Literal",
    "Mapping",
    "Union",
    "annotations",
    "dataclasses",
    "datetime",
];

/// Names a model's fields must leave alone: its methods and the modules its
/// annotations use. (Builtins a field hides are written `builtins.<name>`
/// in the class.)
pub const MODEL_FIELD_NAMES: &[&str] = &[
    "builtins",
    "dataclasses",
    "datetime",
    "from_dict",
    "to_dict",
];

/// Names a resource's method must leave alone: the raw-response variant and
/// the modules the annotations of the class use. (Builtins a method hides
/// are written `builtins.<name>` in the class.)
pub const RESOURCE_METHOD_NAMES: &[&str] = &["builtins", "datetime", "models", "with_raw_response"];

/// The per-call options every method takes, the local names of the
/// generated method bodies, the builtin those bodies call (`isinstance`) and
/// the modules they read (`models.Thing.from_dict` in a pager): a spec
/// parameter never takes these.
pub const CALL_OPTION_NAMES: &[&str] = &[
    "body",
    "builtins",
    "cookies",
    "datetime",
    "deadline",
    "extra_body",
    "extra_headers",
    "extra_query",
    "headers",
    "idempotency_key",
    "isinstance",
    "max_attempts",
    "models",
    "query_pairs_",
    "response",
    "retries",
    "self",
    "timeout",
];

/// The client constructor's own keyword arguments.
pub const CLIENT_OPTION_NAMES: &[&str] = &[
    "base_url",
    "default_headers",
    "http_client",
    "max_attempts",
    "retries",
    "retry_config",
    "self",
    "timeout",
];

/// The client's own attributes, which resource attributes must leave alone.
pub const CLIENT_ATTRIBUTE_NAMES: &[&str] = &["aclose", "close", "retry_budget"];

/// `createTransfer`, `Create-Transfer` and `create transfer` all give
/// `create_transfer`. May be empty, may start with a digit.
pub fn snake_words(text: &str) -> String {
    case::snake(text)
}

/// `create_transfer` gives `CreateTransfer`. May be empty, may start with a digit.
pub fn pascal_words(text: &str) -> String {
    case::upper_camel(text)
}

/// Whether `name` is a hard or soft keyword or a builtin.
pub fn is_reserved(name: &str) -> bool {
    static RESERVED: std::sync::OnceLock<Set<&'static str>> = std::sync::OnceLock::new();
    RESERVED
        .get_or_init(|| {
            KEYWORDS
                .iter()
                .chain(SOFT_KEYWORDS)
                .chain(BUILTINS)
                .copied()
                .collect()
        })
        .contains(name)
}

/// One namespace of Python identifiers. A name is claimed once; a reserved
/// name (keyword, soft keyword, builtin, or one the scope was created with)
/// gets a trailing underscore; a name already claimed gets `_2`, `_3`, ...
/// (PascalCase: `2`, `3`, ...). Claims are resolved in the order they are
/// made, so the same spec always gives the same names.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    reserved: Set<String>,
    taken: Set<String>,
    /// A scope of members (a class's attributes and methods, a function's
    /// parameters): builtins and soft keywords are theirs to use, since they
    /// only hide the builtin inside the class or function, where generated
    /// code writes what it needs as `builtins.<name>` or reserves it.
    members: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Case {
    Snake,
    Pascal,
}

impl Scope {
    /// A scope in which `reserved` (besides the language's own) is off limits.
    pub fn new(reserved: &[&str]) -> Scope {
        Scope {
            reserved: reserved.iter().map(|s| s.to_string()).collect(),
            taken: Set::default(),
            members: false,
        }
    }

    /// A scope of members, in which only hard keywords and `reserved` are
    /// off limits: a model keeps its `id`, `type` and `object` fields, a
    /// resource its `list` method, a call its `filter` parameter.
    pub fn members(reserved: &[&str]) -> Scope {
        Scope {
            members: true,
            ..Scope::new(reserved)
        }
    }

    fn off_limits(&self, name: &str) -> bool {
        if self.members {
            KEYWORDS.contains(&name)
        } else {
            is_reserved(name)
        }
    }

    fn unavailable(&self, name: &str) -> bool {
        self.off_limits(name) || self.reserved.contains(name) || self.taken.contains(name)
    }

    fn claim(&mut self, text: &str, fallback: &str, case: Case) -> String {
        self.claim_family(text, fallback, case, &[("", "")])
    }

    /// Claims a base name together with the names formed from it by
    /// `(prefix, suffix)` pairs: all of them are free, or the base moves on.
    fn claim_family(
        &mut self,
        text: &str,
        fallback: &str,
        case: Case,
        forms: &[(&str, &str)],
    ) -> String {
        let mut base = match case {
            Case::Snake => snake_words(text),
            Case::Pascal => pascal_words(text),
        };
        if base.is_empty() {
            base = fallback.to_string();
        }
        if base.starts_with(|c: char| c.is_ascii_digit()) {
            base = match case {
                Case::Snake => format!("n_{base}"),
                Case::Pascal => format!("T{base}"),
            };
        }
        // Whether any form of `name` passes `test`; the forms are built in
        // one reused buffer.
        let mut form = String::new();
        let mut any_form = |name: &str, test: &dyn Fn(&str) -> bool| {
            forms.iter().any(|(prefix, suffix)| {
                form.clear();
                form.push_str(prefix);
                form.push_str(name);
                form.push_str(suffix);
                test(&form)
            })
        };
        let mut name = base.clone();
        if any_form(&name, &|n| self.off_limits(n) || self.reserved.contains(n)) {
            name.push('_');
        }
        let mut n = 2;
        while any_form(&name, &|f| self.unavailable(f)) {
            name = match case {
                Case::Snake => format!("{base}_{n}"),
                Case::Pascal => format!("{base}{n}"),
            };
            n += 1;
        }
        for (prefix, suffix) in forms {
            self.taken.insert(format!("{prefix}{name}{suffix}"));
        }
        name
    }

    /// A snake_case name for `text` (`fallback` when `text` has no letters or digits).
    pub fn snake(&mut self, text: &str, fallback: &str) -> String {
        self.claim(text, fallback, Case::Snake)
    }

    /// A PascalCase name for `text` (`fallback` when `text` has no letters or digits).
    pub fn pascal(&mut self, text: &str, fallback: &str) -> String {
        self.claim(text, fallback, Case::Pascal)
    }

    /// A PascalCase base name such that every `(prefix, suffix)` form of it is
    /// free; all the forms are claimed.
    pub fn pascal_family(&mut self, text: &str, fallback: &str, forms: &[(&str, &str)]) -> String {
        self.claim_family(text, fallback, Case::Pascal, forms)
    }

    /// Marks a name the generator itself chose as taken.
    pub fn take(&mut self, name: &str) {
        self.taken.insert(name.to_string());
    }
}

/// The import name of the package for the distribution `name`
/// (`acme-payments` gives `acme_payments`). A name that would shadow a
/// standard-library module or a dependency gets `_sdk` appended.
pub fn import_name(distribution: &str) -> String {
    let mut scope = Scope::default();
    let name = scope.snake(distribution, "api_client");
    let bare = name.trim_end_matches('_');
    if TAKEN_MODULES.contains(&bare) || is_reserved(bare) {
        format!("{bare}_sdk")
    } else {
        name
    }
}

/// The blocking client's class name for the distribution `name`
/// (`payments` gives `Payments`); the asyncio one is `Async` + this.
pub fn client_class(distribution: &str) -> String {
    let mut scope = Scope::new(PACKAGE_EXPORTS);
    let name = scope.pascal(distribution, "Client");
    let bare = name.trim_end_matches('_');
    if name != bare || PACKAGE_EXPORTS.contains(&format!("Async{bare}").as_str()) {
        format!("{bare}Client")
    } else {
        name
    }
}

/// `_CREATE_TRANSFER` for the method `create_transfer`: the module constant
/// holding the operation's description. Method names are unique in their
/// module, so these are too.
pub fn operation_constant(method: &str) -> String {
    format!("_{}", method.to_shouty_snake_case())
}

/// `_LIST_THINGS_PAGES`: the module constant holding a paginated method's
/// `_runtime.Pagination`, numbered (`_LIST_THINGS_PAGES2`) when a constant of
/// the module (`taken`, an operation's or another pager's) has the name.
pub fn pages_constant(method: &str, taken: &Set<String>) -> String {
    let base = format!("{}_PAGES", operation_constant(method));
    let mut name = base.clone();
    let mut n = 2;
    while taken.contains(&name) {
        name = format!("{base}{n}");
        n += 1;
    }
    name
}

/// `_create_transfer_request`: the function that builds a method's request.
pub fn request_builder(method: &str) -> String {
    format!("_{}_request", method.trim_end_matches('_'))
}

/// `_parse_create_transfer`: the function that decodes a method's response.
pub fn response_parser(method: &str) -> String {
    format!("_parse_{}", method.trim_end_matches('_'))
}

/// The names of one group's resource module and classes.
#[derive(Debug, Clone)]
pub struct GroupNames {
    /// The client attribute and the module under `resources/`.
    pub attr: String,
    /// The blocking resource class; the others are `Async` + it and
    /// it + `WithRawResponse`.
    pub class: String,
}

/// The names of one operation's method and of its keyword arguments.
#[derive(Debug, Clone)]
pub struct OpNames {
    pub method: String,
    /// One per input of the operation's shape, in the same order.
    pub inputs: Vec<String>,
    /// The module constant of its pagination descriptor, when its plan has
    /// a pagination.
    pub pages: Option<String>,
    /// The method that returns its event stream, when its plan has one
    /// (`create_stream` beside `create`).
    pub stream: Option<String>,
}

/// Every identifier of a generated package.
#[derive(Debug, Clone)]
pub struct Names {
    /// The import name of the package.
    pub package: String,
    pub client: String,
    pub async_client: String,
    /// IR type name to model name.
    pub types: Map<String, String>,
    /// IR union name to the name of the function that reads it from JSON.
    pub union_parsers: Map<String, String>,
    /// IR object name to its fields' attribute names (IR field order).
    pub fields: Map<String, Vec<String>>,
    /// IR object name to the attribute holding its additional properties.
    pub additional: Map<String, String>,
    /// Aligned with `Api::groups`.
    pub groups: Vec<GroupNames>,
    /// Aligned with `Api::operations`.
    pub ops: Vec<OpNames>,
    /// Aligned with `Api::auth`: the client's keyword arguments for each scheme.
    pub auth: Vec<Vec<String>>,
}

/// The resource class forms of one group.
pub const RESOURCE_FORMS: &[(&str, &str)] = &[
    ("", ""),
    ("Async", ""),
    ("", "WithRawResponse"),
    ("Async", "WithRawResponse"),
];

impl Names {
    /// Names everything of `api` for the distribution `distribution`; `shapes`
    /// is aligned with `Api::operations`.
    pub fn plan(api: &Api, distribution: &str, shapes: &[OpShape]) -> Names {
        let package = import_name(distribution);
        let client = client_class(distribution);
        let async_client = format!("Async{client}");

        let mut module = Scope::new(MODELS_MODULE_NAMES);
        let mut types = Map::default();
        for t in &api.types {
            types.insert(t.name.clone(), module.pascal(&t.name, "Model"));
        }
        let mut union_parsers = Map::default();
        let mut fields = Map::default();
        let mut additional = Map::default();
        for t in &api.types {
            match &t.kind {
                TypeKind::Union { .. } => {
                    let parser = module.snake(&format!("parse {}", t.name), "parse");
                    union_parsers.insert(t.name.clone(), parser);
                }
                TypeKind::Object {
                    fields: list,
                    additional: extra,
                } => {
                    let mut scope = Scope::members(MODEL_FIELD_NAMES);
                    let names = list.iter().map(|f| scope.snake(&f.name, "field")).collect();
                    fields.insert(t.name.clone(), names);
                    if extra.is_some() {
                        additional.insert(
                            t.name.clone(),
                            scope.snake("additional_properties", "extra"),
                        );
                    }
                }
                _ => {}
            }
        }

        let mut attrs = Scope::new(CLIENT_ATTRIBUTE_NAMES);
        let mut classes = Scope::new(&["Mapping", "TracebackType"]);
        for form in RESOURCE_FORMS {
            classes.take(&format!("{}{client}{}", form.0, form.1));
        }
        let groups = api
            .groups
            .iter()
            .map(|g| GroupNames {
                attr: attrs.snake(&g.name, "default"),
                class: classes.pascal_family(&g.name, "Default", RESOURCE_FORMS),
            })
            .collect();

        let mut ops: Vec<Option<OpNames>> = vec![None; api.operations.len()];
        for g in &api.groups {
            let mut methods = Scope::members(RESOURCE_METHOD_NAMES);
            for &i in &g.operations {
                let method = methods.snake(&api.operations[i].method_name, "operation");
                let mut args = Scope::members(CALL_OPTION_NAMES);
                let inputs = shapes[i]
                    .inputs
                    .iter()
                    .map(|input| match input.place {
                        Place::Body => "body".to_string(),
                        _ => args.snake(&input.wire, "param"),
                    })
                    .collect();
                ops[i] = Some(OpNames {
                    method,
                    inputs,
                    pages: None,
                    stream: None,
                });
            }
            // After every method of the group: a stream method takes a
            // name no plain method has.
            for &i in &g.operations {
                if api.operations[i].plan.stream.is_none() {
                    continue;
                }
                let name = methods.snake(
                    &format!("{} stream", api.operations[i].method_name),
                    "stream",
                );
                if let Some(o) = ops[i].as_mut() {
                    o.stream = Some(name);
                }
            }
            // After every method of the module: the constants of all of
            // them are taken before a pager's is named.
            let mut constants: Set<String> = g
                .operations
                .iter()
                .filter_map(|&i| ops[i].as_ref())
                .map(|o| operation_constant(&o.method))
                .collect();
            for &i in &g.operations {
                if api.operations[i].plan.pagination.is_none() {
                    continue;
                }
                if let Some(o) = ops[i].as_mut() {
                    let name = pages_constant(&o.method, &constants);
                    constants.insert(name.clone());
                    o.pages = Some(name);
                }
            }
        }
        let ops = ops
            .into_iter()
            .enumerate()
            .map(|(i, o)| {
                o.unwrap_or_else(|| OpNames {
                    method: snake_words(&api.operations[i].method_name),
                    inputs: Vec::new(),
                    pages: None,
                    stream: None,
                })
            })
            .collect();

        let mut client_args = Scope::new(CLIENT_OPTION_NAMES);
        // The credentials' names are the IR's, one per credential across the
        // three languages; a clash with a client option gets a suffix.
        let auth = api
            .auth
            .iter()
            .map(|a| {
                a.credentials
                    .iter()
                    .map(|c| client_args.snake(&c.name, &c.name))
                    .collect()
            })
            .collect();

        Names {
            package,
            client,
            async_client,
            types,
            union_parsers,
            fields,
            additional,
            groups,
            ops,
            auth,
        }
    }

    /// The model name of an IR type.
    pub fn ty<'a>(&'a self, ir_name: &'a str) -> &'a str {
        self.types
            .get(ir_name)
            .map(String::as_str)
            .unwrap_or(ir_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_and_pascal_cases() {
        let mut s = Scope::default();
        assert_eq!(s.snake("createTransfer", "x"), "create_transfer");
        assert_eq!(s.snake("HTTPServerError", "x"), "http_server_error");
        assert_eq!(s.snake("a-b", "x"), "a_b");
        assert_eq!(s.snake("Idempotency-Key", "x"), "idempotency_key");
        let mut p = Scope::default();
        assert_eq!(p.pascal("transfers", "X"), "Transfers");
        assert_eq!(p.pascal("pet-store items", "X"), "PetStoreItems");
    }

    #[test]
    fn members_keep_builtins_and_soft_keywords_but_not_keywords() {
        let mut s = Scope::members(&["to_dict"]);
        assert_eq!(s.snake("id", "f"), "id");
        assert_eq!(s.snake("type", "f"), "type");
        assert_eq!(s.snake("object", "f"), "object");
        assert_eq!(s.snake("list", "f"), "list");
        assert_eq!(s.snake("class", "f"), "class_");
        assert_eq!(s.snake("to_dict", "f"), "to_dict_");
        // The module scope still keeps builtins for Python's own use.
        assert_eq!(Scope::default().snake("list", "f"), "list_");
    }

    #[test]
    fn keywords_soft_keywords_and_builtins_get_a_trailing_underscore() {
        let mut s = Scope::default();
        for (wire, ident) in [
            ("class", "class_"),
            ("from", "from_"),
            ("print", "print_"),
            ("type", "type_"),
            ("match", "match_"),
            ("case", "case_"),
            ("id", "id_"),
            ("async", "async_"),
            ("import", "import_"),
        ] {
            assert_eq!(s.snake(wire, "field"), ident, "{wire}");
        }
        let mut p = Scope::default();
        assert_eq!(p.pascal("None", "X"), "None_");
        assert_eq!(p.pascal("Exception", "X"), "Exception_");
    }

    #[test]
    fn leading_digits_empty_names_and_symbols() {
        let mut s = Scope::default();
        assert_eq!(s.snake("123", "field"), "n_123");
        assert_eq!(s.snake("2fa-method", "field"), "n_2fa_method");
        assert_eq!(s.snake("", "field"), "field");
        assert_eq!(s.snake("$-*", "field"), "field_2");
        assert_eq!(s.snake("\"\"\"; import os", "field"), "import_os");
        let mut p = Scope::default();
        assert_eq!(p.pascal("3scale", "X"), "T3scale");
        assert_eq!(p.pascal("", "Model"), "Model");
    }

    #[test]
    fn collisions_are_resolved_in_claim_order() {
        let mut s = Scope::default();
        assert_eq!(s.snake("GMT+0", "field"), "gmt_0");
        assert_eq!(s.snake("GMT-0", "field"), "gmt_0_2");
        assert_eq!(s.snake("gmt 0", "field"), "gmt_0_3");
        assert_eq!(s.snake("class", "field"), "class_");
        assert_eq!(s.snake("class_", "field"), "class_2");
        let mut p = Scope::default();
        assert_eq!(p.pascal("foo_bar", "X"), "FooBar");
        assert_eq!(p.pascal("FooBar", "X"), "FooBar2");
    }

    #[test]
    fn scope_reserved_names_and_taken_names() {
        let mut s = Scope::new(CALL_OPTION_NAMES);
        assert_eq!(s.snake("timeout", "param"), "timeout_");
        assert_eq!(s.snake("self", "param"), "self_");
        s.take("limit");
        assert_eq!(s.snake("limit", "param"), "limit_2");
    }

    #[test]
    fn the_same_input_gives_the_same_names() {
        let names = ["b", "a", "B", "class", "", "1"];
        let run = || {
            let mut s = Scope::default();
            names
                .iter()
                .map(|n| s.snake(n, "field"))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
        assert_eq!(run(), ["b", "a", "b_2", "class_", "field", "n_1"]);
    }

    #[test]
    fn package_and_client_names() {
        assert_eq!(import_name("payments"), "payments");
        assert_eq!(import_name("acme-payments"), "acme_payments");
        assert_eq!(import_name("email"), "email_sdk");
        assert_eq!(import_name("http"), "http_sdk");
        assert_eq!(import_name("class"), "class_sdk");
        assert_eq!(import_name("3d-api"), "n_3d_api");
        assert_eq!(client_class("payments"), "Payments");
        assert_eq!(client_class("acme-payments"), "AcmePayments");
        assert_eq!(client_class("retry-config"), "RetryConfigClient");
        assert_eq!(client_class("exception"), "ExceptionClient");
        assert_eq!(client_class(""), "Client");
    }

    #[test]
    fn families_of_names_are_claimed_together() {
        let forms = [("", ""), ("Async", ""), ("", "WithRawResponse")];
        let mut p = Scope::default();
        assert_eq!(p.pascal_family("transfers", "Group", &forms), "Transfers");
        // `AsyncTransfers` is taken by the first family.
        assert_eq!(
            p.pascal_family("async transfers", "Group", &forms),
            "AsyncTransfers2"
        );
        // `Transfers2` would make `AsyncTransfers2`, which is taken too.
        assert_eq!(p.pascal_family("transfers", "Group", &forms), "Transfers3");
    }

    #[test]
    fn helpers_of_a_method() {
        assert_eq!(operation_constant("create_transfer"), "_CREATE_TRANSFER");
        assert_eq!(request_builder("list_"), "_list_request");
        assert_eq!(response_parser("create_transfer"), "_parse_create_transfer");
        let mut taken = Set::default();
        assert_eq!(pages_constant("list_things", &taken), "_LIST_THINGS_PAGES");
        // A method `list_things_pages` has that constant already.
        taken.insert(operation_constant("list_things_pages"));
        taken.insert("_LIST_THINGS_PAGES2".to_string());
        assert_eq!(pages_constant("list_things", &taken), "_LIST_THINGS_PAGES3");
    }
}
