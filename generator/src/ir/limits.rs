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
