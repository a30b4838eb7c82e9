//! Limits on the shape of the type graph, checked once the types are built
//! and before anything is emitted.
//!
//! The emitters follow an alias to what it names, and a required field to the
//! type it needs, by recursion (to decide a default, a decoder, an order of
//! declaration). A spec can make such a chain as long as it likes
//! (`C0: {$ref: C1}`, `C1: {$ref: C2}`, ...), and a long one overflowed the
//! stack or took time quadratic in its length. The chain is measured here in
//! linear time and refused beyond [`MAX_TYPE_CHAIN`], naming its first type.

use std::collections::HashMap;

use super::{NamedType, TypeKind, TypeRef};

/// The longest chain of named types linked by aliases and required fields
/// that sdkgen accepts. Real specs stay far below it: the corpus's longest
/// is 6 (OpenAI's and Stripe's), the example specs' 3.
pub const MAX_TYPE_CHAIN: usize = 100;

/// The named types `ty` mentions, through arrays, maps and nullability.
fn mentions<'t>(ty: &'t TypeRef, out: &mut Vec<&'t str>) {
    let mut current = ty;
    loop {
        match current {
            TypeRef::Named(n) => {
                out.push(n);
                return;
            }
            TypeRef::Array(inner) | TypeRef::Map(inner) | TypeRef::Nullable(inner) => {
                current = inner
            }
            TypeRef::Primitive(_) | TypeRef::Any => return,
        }
    }
}

/// The edges the chain follows: an alias to every type its target mentions,
/// an object to the types of its required fields.
fn edges(types: &[NamedType]) -> Vec<Vec<usize>> {
    let index: HashMap<&str, usize> = types
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.as_str(), i))
        .collect();
    types
        .iter()
        .map(|t| {
            let mut named = Vec::new();
            match &t.kind {
                TypeKind::Alias { target } => mentions(target, &mut named),
                TypeKind::Object { fields, .. } => {
                    for f in fields.iter().filter(|f| f.required) {
                        mentions(&f.ty, &mut named);
                    }
                }
                TypeKind::Enum { .. } | TypeKind::Union { .. } => {}
            }
            named
                .into_iter()
                .filter_map(|n| index.get(n).copied())
                .collect()
        })
        .collect()
}

/// For each type, an upper bound on the length of the chains that start at
/// it: the longest path in the graph of strongly connected components, each
/// component counted at its size (a chain visits each type once). Linear in
/// types and edges, and without recursion.
pub fn chain_lengths(types: &[NamedType]) -> Vec<usize> {
    let edges = edges(types);
    let n = types.len();
    // Tarjan's algorithm, iterative. Components come out in reverse
    // topological order: every component an edge leads to is finished first.
    const UNSEEN: usize = usize::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![UNSEEN; n];
    let mut stack = Vec::new();
    let mut weights: Vec<usize> = Vec::new();
    let mut next_index = 0;
    for start in 0..n {
        if index[start] != UNSEEN {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        index[start] = next_index;
        low[start] = next_index;
        next_index += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (node, ref mut next)) = work.last_mut() {
            if let Some(&to) = edges[node].get(*next) {
                *next += 1;
                if index[to] == UNSEEN {
                    index[to] = next_index;
                    low[to] = next_index;
                    next_index += 1;
                    stack.push(to);
                    on_stack[to] = true;
                    work.push((to, 0));
                } else if on_stack[to] {
                    low[node] = low[node].min(index[to]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let id = weights.len();
                let mut members = Vec::new();
                while let Some(m) = stack.pop() {
                    on_stack[m] = false;
                    component[m] = id;
                    members.push(m);
                    if m == node {
                        break;
                    }
                }
                // Every component reached from this one is already weighed.
                let mut longest_after = 0;
                for &m in &members {
                    for &to in &edges[m] {
                        if component[to] != id {
                            longest_after = longest_after.max(weights[component[to]]);
                        }
                    }
                }
                weights.push(members.len() + longest_after);
            }
        }
    }
    (0..n).map(|i| weights[component[i]]).collect()
}

/// The type whose chain is the longest, with that length, when it is over
/// the limit.
pub fn over_limit(types: &[NamedType]) -> Option<(usize, usize)> {
    let lengths = chain_lengths(types);
    let mut best: Option<(usize, usize)> = None;
    for (at, &length) in lengths.iter().enumerate() {
        if best.is_none_or(|(_, b)| length > b) {
            best = Some((at, length));
        }
    }
    best.filter(|&(_, length)| length > MAX_TYPE_CHAIN)
}

/// The longest name a spec may give an operation, a parameter, a property,
/// a component schema or a security scheme.
pub const MAX_NAME: usize = 1_024;
/// The longest group name (a tag, or the first segment of an untagged
/// path): each group becomes a file and a module, whose names the file
/// system bounds (255 bytes on most).
pub const MAX_GROUP_NAME: usize = 128;

/// A name the SDKs cannot carry: where it is, what is wrong, what to do.
pub struct BadName {
    pub pointer: String,
    pub message: String,
    pub hint: &'static str,
}

/// Whether `name` is an HTTP token (RFC 9110, section 5.6.2), as header and
/// cookie names must be.
pub fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'!' | b'#'
                        | b'$'
                        | b'%'
                        | b'&'
                        | b'\''
                        | b'*'
                        | b'+'
                        | b'-'
                        | b'.'
                        | b'^'
                        | b'_'
                        | b'`'
                        | b'|'
                        | b'~'
                )
        })
}

const TOKEN_HINT: &str = "a header or cookie name is an HTTP token: ASCII letters, digits and !#$%&'*+-.^_`|~, with no spaces, quotes or line breaks";
const LENGTH_HINT: &str = "shorten the name; it becomes an identifier in every SDK";

fn too_long(pointer: &str, what: &str, name: &str, limit: usize) -> Option<BadName> {
    let length = name.chars().count();
    (length > limit).then(|| BadName {
        pointer: pointer.to_string(),
        message: format!(
            "the {what} `{}...` is {length} characters long, over the limit of {limit}",
            name.chars().take(40).collect::<String>()
        ),
        hint: LENGTH_HINT,
    })
}

fn not_token(pointer: &str, what: &str, name: &str) -> Option<BadName> {
    (!is_token(name)).then(|| BadName {
        pointer: pointer.to_string(),
        message: format!("the {what} {name:?} is not a valid HTTP header or cookie name"),
        hint: TOKEN_HINT,
    })
}

/// The first name of `api` that no SDK can carry as it is: too long, or a
/// header, cookie or key-header name that is not an HTTP token, or a scheme
/// name with quotes, backslashes or control characters.
pub fn bad_name(api: &super::Api) -> Option<BadName> {
    use super::{AuthKind, ParamLocation};
    for op in &api.operations {
        if let Some(bad) = too_long(&op.pointer, "operationId", &op.id, MAX_NAME) {
            return Some(bad);
        }
        if let Some(bad) = too_long(&op.pointer, "group (tag)", &op.group, MAX_GROUP_NAME) {
            return Some(bad);
        }
        for p in &op.params {
            let what = format!("{:?} parameter name", p.location).to_lowercase();
            if let Some(bad) = too_long(&op.pointer, &what, &p.name, MAX_NAME) {
                return Some(bad);
            }
            if matches!(p.location, ParamLocation::Header | ParamLocation::Cookie) {
                if let Some(bad) = not_token(&op.pointer, &what, &p.name) {
                    return Some(bad);
                }
            }
        }
        if let Some(key) = &op.retry.key {
            if let Some(bad) = not_token(&op.pointer, "idempotency-key header", &key.header) {
                return Some(bad);
            }
        }
    }
    if let Some(header) = &api.key_contract.header {
        if let Some(bad) = not_token("/x-idempotency/header", "idempotency-key header", header) {
            return Some(bad);
        }
    }
    for t in &api.types {
        if let Some(bad) = too_long(&t.origin, "schema name", &t.name, MAX_NAME) {
            return Some(bad);
        }
        if let TypeKind::Object { fields, .. } = &t.kind {
            for f in fields {
                if let Some(bad) = too_long(&t.origin, "property name", &f.name, MAX_NAME) {
                    return Some(bad);
                }
            }
        }
    }
    for scheme in &api.auth {
        let pointer = crate::error::join_pointer("/components/securitySchemes", &scheme.name);
        if let Some(bad) = too_long(&pointer, "security scheme name", &scheme.name, MAX_NAME) {
            return Some(bad);
        }
        if scheme.name.is_empty()
            || scheme
                .name
                .chars()
                .any(|c| c.is_control() || matches!(c, '"' | '\'' | '\\' | '`'))
        {
            return Some(BadName {
                pointer,
                message: format!(
                    "the security scheme name {:?} holds quotes, backslashes or control characters",
                    scheme.name
                ),
                hint: "name the scheme with letters, digits, `_` and `-`, and use the new name in every `security` requirement",
            });
        }
        if let AuthKind::ApiKey { location, param } = &scheme.kind {
            if matches!(location, ParamLocation::Header | ParamLocation::Cookie) {
                if let Some(bad) = not_token(&pointer, "API key name", param) {
                    return Some(bad);
                }
            }
        }
    }
    None
}
