//! The resource pass: where each operation sits in the SDKs, its group (one
//! resource class or module) and its method's name, decided once for all
//! three languages. The names are snake_case word stems (`list_for_org`);
//! each language's naming authority only cases them and settles clashes
//! with its own keywords.
//!
//! The rule, first match wins (README, "Method names"):
//!
//! 1. sdkgen's own `x-sdk-group` / `x-sdk-name` on the operation;
//! 2. Speakeasy's `x-speakeasy-group` (dots nest) / `x-speakeasy-name-override`;
//! 3. Fern's `x-fern-sdk-group-name` (a name or a list that nests) /
//!    `x-fern-sdk-method-name`;
//! 4. an operationId of the form `scope/name` (GitHub's `repos/list-for-org`):
//!    the scope is the group and the name the method, not repeated;
//! 5. an operationId that only spells out the method and path
//!    (Stripe's `PostCustomersCustomer`), or none at all: the REST shape of
//!    the path (`resource_shape`), for operations without a tag (a tag
//!    says the provider grouped them, and named them within the group);
//! 6. otherwise the first tag (else the path's first segment) is the group
//!    and the operationId the method, less the group's words where it starts
//!    with them (`apps_list` under `Apps` is `list`).
//!
//! Each extension may give only one half; the other half comes from the
//! next rule that gives it. Nested groups (`a.b`, `[a, b]`) are one group
//! whose name joins the levels (`a_b`). Two operations that would take the
//! same method of a group keep the first (in spec order) and give the
//! other its operationId's name, with a warning that says so.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use serde::Serialize;
use serde_json::Value;

use super::{Api, Group, Method, Operation, Warning};
use crate::case::snake;

/// Where an operation's group and method name came from.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum NameSource {
    /// `x-sdk-group` / `x-sdk-name`.
    Sdkgen,
    /// `x-speakeasy-group` / `x-speakeasy-name-override`.
    Speakeasy,
    /// `x-fern-sdk-group-name` / `x-fern-sdk-method-name`.
    Fern,
    /// An operationId of the form `scope/name`.
    ScopedId,
    /// The path's resources and the HTTP method.
    RestShape,
    /// The tag and the operationId.
    #[default]
    OperationId,
    /// A clash with an earlier operation of the group: the operationId.
    Clash,
}

/// What the spec says about an operation's names, read by the builder.
#[derive(Debug, Clone, Default)]
pub struct NameHints {
    /// The operationId as written, when there is one.
    pub operation_id: Option<String>,
    pub tag: Option<String>,
    pub sdk_group: Option<Vec<String>>,
    pub sdk_name: Option<String>,
    pub speakeasy_group: Option<Vec<String>>,
    pub speakeasy_name: Option<String>,
    pub fern_group: Option<Vec<String>>,
    pub fern_name: Option<String>,
}

impl NameHints {
    /// Reads the naming extensions of an operation.
    pub fn read(
        operation_id: Option<&str>,
        tag: Option<&str>,
        extensions: &IndexMap<String, Value>,
    ) -> NameHints {
        let text = |key: &str| {
            extensions
                .get(key)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        // A group is a name (dots nest) or a list of names (each a level).
        let group = |key: &str| -> Option<Vec<String>> {
            let levels: Vec<String> = match extensions.get(key)? {
                Value::String(s) => s.split('.').map(str::to_string).collect(),
                Value::Array(items) => items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect(),
                _ => return None,
            };
            let levels: Vec<String> = levels
                .iter()
                .map(|l| snake(l))
                .filter(|l| !l.is_empty())
                .collect();
            (!levels.is_empty()).then_some(levels)
        };
        NameHints {
            operation_id: operation_id.map(str::to_string),
            tag: tag.map(str::to_string),
            sdk_group: group("x-sdk-group"),
            sdk_name: text("x-sdk-name"),
            speakeasy_group: group("x-speakeasy-group"),
            speakeasy_name: text("x-speakeasy-name-override"),
            fern_group: group("x-fern-sdk-group-name"),
            fern_name: text("x-fern-sdk-method-name"),
        }
    }
}

/// Words that, first in a path segment, make the segment an action on what
/// precedes it rather than a resource of its own: `/invoices/{id}/pay`,
/// `/customers/search`, `/payment_intents/{id}/verify_microdeposits`.
const ACTION_VERBS: &[&str] = &[
    "accept",
    "activate",
    "apply",
    "approve",
    "archive",
    "attach",
    "cancel",
    "capture",
    "close",
    "confirm",
    "deactivate",
    "decline",
    "deliver",
    "detach",
    "disable",
    "enable",
    "expire",
    "fail",
    "finalize",
    "fund",
    "increment",
    "mark",
    "merge",
    "pause",
    "pay",
    "present",
    "preview",
    "publish",
    "reactivate",
    "reject",
    "release",
    "reopen",
    "reset",
    "restore",
    "resume",
    "retry",
    "reverse",
    "revoke",
    "rotate",
    "search",
    "send",
    "submit",
    "unarchive",
    "validate",
    "verify",
    "void",
];

/// One segment of a request path.
#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Lit(String),
    Param,
}

/// A path's segments without a leading `api` or version (`v1`, `v2beta`).
fn segments(path: &str) -> Vec<Seg> {
    let mut segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    while segs.first().is_some_and(|s| *s == "api" || is_version(s)) && segs.len() > 1 {
        segs.remove(0);
    }
    segs.into_iter()
        .map(|s| {
            if s.contains('{') {
                Seg::Param
            } else {
                Seg::Lit(snake(s))
            }
        })
        .collect()
}

fn is_version(seg: &str) -> bool {
    let Some(rest) = seg.strip_prefix('v') else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && {
        let tail = &rest[digits..];
        tail.is_empty() || ["alpha", "beta"].iter().any(|t| tail.starts_with(t))
    }
}

/// The key of a segment list: literals as they are, parameters as `{}`.
fn key(segs: &[Seg]) -> String {
    let mut out = String::new();
    for s in segs {
        out.push('/');
        match s {
            Seg::Lit(l) => out.push_str(l),
            Seg::Param => out.push_str("{}"),
        }
    }
    out
}

/// Whether an operationId only spells out its method and path
/// (`PostCustomersCustomer`, `get_v1_customers_by_customer`): then it
/// carries no name of its own, and the path's shape names it better.
fn is_mechanical(id: &str, method: Method, path: &str) -> bool {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let id = squash(id);
    let raw: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let spelled = |skip: usize, by: bool| {
        let mut out = method.as_str().to_ascii_lowercase();
        for s in &raw[skip.min(raw.len())..] {
            match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(name) if by => out.push_str(&format!("by{}", squash(name))),
                _ => out.push_str(&squash(s)),
            }
        }
        out
    };
    let versioned = raw.first().is_some_and(|s| is_version(s) || *s == "api");
    [false, true]
        .iter()
        .any(|&by| spelled(0, by) == id || (versioned && spelled(1, by) == id))
}

/// A part of a `scope/name` operationId: a word of letters, digits, `-`, `_`
/// and `.`, starting with a letter (`repos`, `list-for-org`).
fn is_plain(part: &str) -> bool {
    part.starts_with(|c: char| c.is_ascii_alphabetic())
        && part
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn singular_word(word: &str) -> String {
    facet_singularize::singularize(word)
}

/// The words of a literal, its last word made singular.
fn singular(words: &str) -> String {
    match words.rsplit_once('_') {
        Some((head, last)) => format!("{head}_{}", singular_word(last)),
        None => singular_word(words),
    }
}

fn is_plural(words: &str) -> bool {
    let last = words.rsplit('_').next().unwrap_or(words);
    singular_word(last) != last
}

fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("_")
}

/// What the pass knows of the API's paths, to read one path's shape.
struct Paths {
    /// Every path's key.
    keys: HashSet<String>,
    /// The methods at each key.
    methods: HashMap<String, Vec<Method>>,
    /// The keys of paths whose GET is paginated.
    paged: HashSet<String>,
}

impl Paths {
    fn new(ops: &[Operation]) -> Paths {
        let mut keys = HashSet::new();
        let mut methods: HashMap<String, Vec<Method>> = HashMap::new();
        let mut paged = HashSet::new();
        for op in ops {
            let k = key(&segments(&op.path));
            // Every prefix that ends in a parameter says its parent is a
            // collection; keep those prefixes too.
            let segs = segments(&op.path);
            for end in 1..segs.len() {
                if segs[end] == Seg::Param {
                    keys.insert(key(&segs[..=end]));
                }
            }
            if op.method == Method::Get && op.plan.pagination.is_some() {
                paged.insert(k.clone());
            }
            methods.entry(k.clone()).or_default().push(op.method);
            keys.insert(k);
        }
        Paths {
            keys,
            methods,
            paged,
        }
    }

    fn has(&self, k: &str) -> bool {
        self.keys.contains(k)
    }

    /// Whether items are addressed below `k` (`k/{id}` is a path).
    fn has_items(&self, k: &str) -> bool {
        self.keys.contains(&format!("{k}/{{}}"))
    }

    fn has_method(&self, k: &str, m: Method) -> bool {
        self.methods.get(k).is_some_and(|ms| ms.contains(&m))
    }
}

/// The group and method a path's REST shape gives, or `None` when the path
/// has no resource to hang them on (it starts with a parameter).
fn resource_shape(paths: &Paths, method: Method, path: &str) -> Option<(String, String)> {
    let segs = segments(path);
    // The resource: the first literal that is a collection or an object of
    // its own (a path ends there, or items are addressed below it); the
    // literals before it are namespaces (`checkout` of `checkout/sessions`).
    let mut resource = None;
    for (i, s) in segs.iter().enumerate() {
        match s {
            Seg::Param => return None,
            Seg::Lit(_) => {
                let k = key(&segs[..=i]);
                if paths.has(&k) || paths.has_items(&k) {
                    resource = Some(i);
                    break;
                }
            }
        }
    }
    let r = resource?;
    let lits: Vec<&str> = segs[..=r]
        .iter()
        .filter_map(|s| match s {
            Seg::Lit(l) => Some(l.as_str()),
            Seg::Param => None,
        })
        .collect();
    let group = join(&lits);
    let tail = &segs[r + 1..];
    let here = key(&segs);
    let write_verb = |collection: bool| match method {
        Method::Post if collection => "create",
        Method::Get if collection => "list",
        Method::Get => "retrieve",
        Method::Post | Method::Put | Method::Patch => "update",
        Method::Delete => "delete",
        Method::Head => "head",
        Method::Options => "options",
        Method::Trace => "trace",
    };
    let name = match tail {
        [] => {
            // A POST to a path that is neither a collection nor an object
            // one can read makes something: `create`.
            let collection = paths.has_items(&here)
                || paths.paged.contains(&here)
                || (method == Method::Post && !paths.has_method(&here, Method::Get));
            write_verb(collection).to_string()
        }
        [Seg::Param] => write_verb(false).to_string(),
        _ => {
            let rest = match tail.first() {
                Some(Seg::Param) => &tail[1..],
                _ => tail,
            };
            let words: Vec<&str> = rest
                .iter()
                .filter_map(|s| match s {
                    Seg::Lit(l) => Some(l.as_str()),
                    Seg::Param => None,
                })
                .collect();
            let all = join(&words);
            match rest.last() {
                // A sub-resource's item: `sources/{id}` is `retrieve_source`.
                Some(Seg::Param) => join(&[write_verb(false), &singular(&all)]),
                Some(Seg::Lit(last)) => {
                    let first_word = last.split('_').next().unwrap_or(last);
                    let before = join(&words[..words.len() - 1]);
                    let has_get = paths.has_method(&here, Method::Get);
                    let has_delete = paths.has_method(&here, Method::Delete);
                    if ACTION_VERBS.contains(&first_word) && !paths.has_items(&here) {
                        // An action: `verify` of `sources/{id}/verify` is
                        // `verify_source`.
                        join(&[last, &singular(&before)])
                    } else if paths.has_items(&here)
                        || paths.paged.contains(&here)
                        || (is_plural(last) && (has_get || method == Method::Post))
                    {
                        match method {
                            Method::Post => join(&["create", &singular(&all)]),
                            _ => join(&[write_verb(true), &all]),
                        }
                    } else if has_get || has_delete {
                        join(&[write_verb(false), &all])
                    } else {
                        join(&[last, &singular(&before)])
                    }
                }
                None => write_verb(false).to_string(),
            }
        }
    };
    Some((group, name))
}

/// The operationId's words less the group's, where they start with them.
fn without_group(method: &str, group: &str) -> String {
    let m: Vec<&str> = method.split('_').collect();
    let g: Vec<&str> = group.split('_').collect();
    let singular_group: Vec<String> = {
        let mut s: Vec<String> = g.iter().map(|w| w.to_string()).collect();
        if let Some(last) = s.last_mut() {
            *last = singular_word(last);
        }
        s
    };
    for prefix in [
        g.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        singular_group,
    ] {
        if m.len() > prefix.len() && m.iter().zip(&prefix).all(|(a, b)| a == b) {
            return m[prefix.len()..].join("_");
        }
    }
    method.to_string()
}

/// Names every operation and regroups them: the pass runs after
/// pagination, whose plans tell collections from single objects.
pub fn run(api: &mut Api) {
    let paths = Paths::new(&api.operations);
    for op in &mut api.operations {
        let (group, method, source) = decide(op, &paths);
        op.group = group;
        op.method_name = method;
        op.name_source = source;
    }
    settle_clashes(api);
    api.groups = regroup(api);
}

fn decide(op: &Operation, paths: &Paths) -> (String, String, NameSource) {
    let h = &op.naming;
    let id_words = snake(&op.id);
    let scoped = h
        .operation_id
        .as_deref()
        .and_then(|id| id.split_once('/'))
        .filter(|(scope, name)| is_plain(scope) && is_plain(name))
        .map(|(scope, name)| (snake(scope), snake(name)));
    let mechanical = match &h.operation_id {
        None => true,
        Some(id) => is_mechanical(id, op.method, &op.path),
    };
    // A tag says the provider grouped its operations itself, and chose its
    // operationIds as names within those groups (`getStatus` under
    // `files`): the shape names only untagged operations.
    let shape = if scoped.is_none() && mechanical && h.tag.is_none() {
        resource_shape(paths, op.method, &op.path)
    } else {
        None
    };
    // The tag as written (its words are what the languages case), else the
    // path's first resource segment.
    let fallback_group = || {
        h.tag.clone().unwrap_or_else(|| {
            segments(&op.path)
                .iter()
                .find_map(|s| match s {
                    Seg::Lit(l) if !l.is_empty() => Some(l.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| "default".to_string())
        })
    };

    // The group: the first rule that gives one.
    let (group, group_source) = if let Some(g) = &h.sdk_group {
        (g.join("_"), NameSource::Sdkgen)
    } else if let Some(g) = &h.speakeasy_group {
        (g.join("_"), NameSource::Speakeasy)
    } else if let Some(g) = &h.fern_group {
        (g.join("_"), NameSource::Fern)
    } else if let Some((scope, _)) = &scoped {
        (scope.clone(), NameSource::ScopedId)
    } else if let Some((g, _)) = &shape {
        (g.clone(), NameSource::RestShape)
    } else {
        (fallback_group(), NameSource::OperationId)
    };
    // The method: likewise.
    let named = |n: &Option<String>| n.as_deref().map(snake).filter(|n| !n.is_empty());
    let (method, method_source) = if let Some(n) = named(&h.sdk_name) {
        (n, NameSource::Sdkgen)
    } else if let Some(n) = named(&h.speakeasy_name) {
        (n, NameSource::Speakeasy)
    } else if let Some(n) = named(&h.fern_name) {
        (n, NameSource::Fern)
    } else if let Some((_, name)) = &scoped {
        (name.clone(), NameSource::ScopedId)
    } else if let Some((g, name)) = &shape {
        // The shape's method belongs to the shape's group; under another
        // group (an extension's) it says which resource it acts on.
        if *g == snake(&group) {
            (name.clone(), NameSource::RestShape)
        } else {
            (join(&[name, g]), NameSource::RestShape)
        }
    } else {
        (
            without_group(&id_words, &snake(&group)),
            NameSource::OperationId,
        )
    };
    let method = if method.is_empty() { id_words } else { method };
    // The stronger of the two sources says where the names came from.
    let source = if method_source == NameSource::OperationId {
        group_source
    } else {
        method_source
    };
    (group, method, source)
}

/// The first operation (in spec order) keeps a method name two would take;
/// the other gets its operationId's words, then a number.
fn settle_clashes(api: &mut Api) {
    let mut taken: HashMap<String, HashSet<String>> = HashMap::new();
    let mut warnings = Vec::new();
    for op in &mut api.operations {
        let names = taken.entry(op.group.clone()).or_default();
        if names.insert(op.method_name.clone()) {
            continue;
        }
        let wanted = op.method_name.clone();
        let mut candidate = snake(&op.id);
        let mut n = 2;
        while names.contains(&candidate) {
            candidate = format!("{}_{n}", snake(&op.id));
            n += 1;
        }
        names.insert(candidate.clone());
        warnings.push(Warning {
            kind: "name-clash",
            pointer: op.pointer.clone(),
            message: format!(
                "{} {} would be `{}.{wanted}`, which an earlier operation of the group has: it is `{}.{candidate}` (set `x-sdk-name` to choose)",
                op.method.as_str(),
                op.path,
                op.group,
                op.group
            ),
        });
        op.method_name = candidate;
        op.name_source = NameSource::Clash;
    }
    api.warnings.extend(warnings);
}

/// The groups: first those the spec's tags name, in their order, then the
/// others in the order of their first operation; each group a tag names
/// (in any case) has its description; groups without operations go.
fn regroup(api: &mut Api) -> Vec<Group> {
    let tags = std::mem::take(&mut api.groups);
    let descriptions: HashMap<String, Option<String>> = tags
        .iter()
        .map(|g| (snake(&g.name), g.description.clone()))
        .collect();
    let mut groups: IndexMap<String, Group> =
        tags.into_iter().map(|g| (g.name.clone(), g)).collect();
    for (i, op) in api.operations.iter().enumerate() {
        groups
            .entry(op.group.clone())
            .or_insert_with(|| Group {
                name: op.group.clone(),
                description: descriptions.get(&snake(&op.group)).cloned().flatten(),
                operations: Vec::new(),
            })
            .operations
            .push(i);
    }
    groups
        .into_values()
        .filter(|g| !g.operations.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(spec: &str) -> Vec<String> {
        let dir = std::env::temp_dir().join(format!(
            "sdkgen-resources-{}-{}",
            std::process::id(),
            spec.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("spec.yaml");
        std::fs::write(&path, spec).unwrap();
        let loaded = crate::load::load(&path).unwrap();
        let api = crate::ir::build(&loaded).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        api.operations
            .iter()
            .map(|op| format!("{}.{}", snake(&op.group), op.method_name))
            .collect()
    }

    fn spec(paths: &str) -> String {
        format!("openapi: 3.0.3\ninfo: {{title: t, version: '1'}}\npaths:\n{paths}")
    }

    const OK: &str = "responses: {'204': {description: ok}}";

    #[test]
    fn mechanical_ids_are_told_from_chosen_ones() {
        assert!(is_mechanical(
            "PostCustomersCustomer",
            Method::Post,
            "/v1/customers/{customer}"
        ));
        assert!(is_mechanical(
            "get_v1_customers_by_customer",
            Method::Get,
            "/v1/customers/{customer}"
        ));
        assert!(is_mechanical("getHealth", Method::Get, "/health"));
        assert!(!is_mechanical(
            "listCustomers",
            Method::Get,
            "/v1/customers"
        ));
        assert!(!is_mechanical(
            "PostCustomers",
            Method::Get,
            "/v1/customers"
        ));
        assert!(!is_mechanical(
            "repos/list-for-org",
            Method::Get,
            "/orgs/{org}/repos"
        ));
    }

    #[test]
    fn versions_are_not_resources() {
        assert!(is_version("v1") && is_version("v2beta") && is_version("v10alpha1"));
        assert!(!is_version("v") && !is_version("vendors") && !is_version("v1x"));
        assert_eq!(
            segments("/api/v2/apps/{id}"),
            vec![Seg::Lit("apps".into()), Seg::Param]
        );
        // A path that is only a version keeps it.
        assert_eq!(segments("/v1"), vec![Seg::Lit("v1".into())]);
    }

    #[test]
    fn rest_shapes_name_collections_items_sub_resources_and_actions() {
        let p = |path: &str, methods: &[&str]| {
            let ops: String = methods
                .iter()
                .map(|m| format!("    {m}: {{{OK}}}\n"))
                .collect();
            format!("  '{path}':\n{ops}")
        };
        let text = spec(
            &[
                p("/v1/customers", &["get", "post"]),
                p("/v1/customers/search", &["get"]),
                p("/v1/customers/{c}", &["get", "post", "delete"]),
                p("/v1/customers/{c}/tax_ids", &["get", "post"]),
                p("/v1/customers/{c}/tax_ids/{id}", &["get", "delete"]),
                p("/v1/customers/{c}/tax_ids/{id}/verify", &["post"]),
                p("/v1/customers/{c}/cash_balance", &["get", "post"]),
                p("/v1/customers/{c}/login_links", &["post"]),
                p("/v1/customers/{c}/confirm", &["post"]),
                p("/v1/customers/{c}/people/{p}", &["get"]),
                p("/v1/checkout/sessions", &["get"]),
                p("/v1/checkout/sessions/{s}", &["get"]),
                p("/v1/balance", &["get"]),
                p("/v1/tokens", &["post"]),
            ]
            .concat(),
        );
        // The reader insists on declared path parameters: declare them.
        let text = declare_path_params(&text);
        assert_eq!(
            names(&text),
            [
                "customers.list",
                "customers.create",
                "customers.search",
                "customers.retrieve",
                "customers.update",
                "customers.delete",
                "customers.list_tax_ids",
                "customers.create_tax_id",
                "customers.retrieve_tax_id",
                "customers.delete_tax_id",
                "customers.verify_tax_id",
                "customers.retrieve_cash_balance",
                "customers.update_cash_balance",
                "customers.create_login_link",
                "customers.confirm",
                "customers.retrieve_person",
                "checkout_sessions.list",
                "checkout_sessions.retrieve",
                "balance.retrieve",
                "tokens.create",
            ]
        );
    }

    /// Adds `parameters` for every `{name}` of each path.
    fn declare_path_params(text: &str) -> String {
        let mut out = String::new();
        for line in text.lines() {
            out.push_str(line);
            out.push('\n');
            if let Some(path) = line
                .trim()
                .strip_prefix('\'')
                .and_then(|l| l.strip_suffix("':"))
            {
                let params: Vec<&str> = path
                    .split('/')
                    .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
                    .collect();
                if !params.is_empty() {
                    out.push_str("    parameters:\n");
                    for name in params {
                        out.push_str(&format!(
                            "      - {{name: {name}, in: path, required: true, schema: {{type: string}}}}\n"
                        ));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn extensions_then_scoped_ids_then_tags_name_operations() {
        let text = spec(&format!(
            "  /a:
    get: {{operationId: repos/list-for-org, tags: [repos], {OK}}}
    post: {{operationId: apps_create, tags: [Apps], {OK}}}
    put: {{operationId: putA, tags: [Apps], x-sdk-group: jobs, x-sdk-name: rerun, x-speakeasy-name-override: no, {OK}}}
    patch: {{operationId: patchA, x-speakeasy-group: billing.invoices, x-speakeasy-name-override: send, {OK}}}
    delete: {{operationId: deleteA, x-fern-sdk-group-name: [admin, users], x-fern-sdk-method-name: remove, {OK}}}
    head: {{operationId: headA, tags: [Apps], x-fern-sdk-method-name: peek, {OK}}}
    options: {{operationId: 'get thing */ fn', tags: [self], {OK}}}
"
        ));
        assert_eq!(
            names(&text),
            // In the path item's order of methods.
            [
                "repos.list_for_org",
                "jobs.rerun",
                "apps.create",
                "admin_users.remove",
                // Not a `scope/name` id: the whole id names the method.
                "self.get_thing_fn",
                "apps.peek",
                "billing_invoices.send",
            ]
        );
    }

    #[test]
    fn a_clash_keeps_the_first_and_names_the_other_by_its_id() {
        let text = spec(&format!(
            "  /a:
    get: {{operationId: listA, tags: [t], x-sdk-name: list, {OK}}}
    put: {{operationId: putA, tags: [t], x-sdk-name: list, {OK}}}
    post: {{operationId: createA, tags: [t], x-speakeasy-name-override: put_a, {OK}}}
"
        ));
        // The post wanted `put_a`, which the put took when it clashed.
        assert_eq!(names(&text), ["t.list", "t.put_a", "t.create_a"]);
    }

    #[test]
    fn a_tag_the_id_repeats_is_said_once() {
        assert_eq!(without_group("apps_list", "apps"), "list");
        assert_eq!(
            without_group("droplet_actions_list", "droplets"),
            "actions_list"
        );
        // Nothing would be left: the id stays.
        assert_eq!(without_group("apps", "apps"), "apps");
        assert_eq!(without_group("list_apps", "apps"), "list_apps");
    }
}
