//! Pagination: which list operations hand out their results one page at a
//! time, and how a caller (or the mock) goes from one page to the next.
//!
//! Specs rarely say so in words a machine reads, so the pass reads the
//! shapes APIs use: a query parameter that positions the page (a cursor, an
//! id to start after, an offset, a page number), a page-size parameter, the
//! response's array of items, and what the response says of the next page
//! (a cursor, a URL, a `has_more` flag, a `Link` header). An operation gets a
//! pagination plan only when the parameter and the response agree on one
//! style; anything less certain gets none, and its SDK method returns the
//! one page it asked for.

use serde::Serialize;

use super::{Api, Method, Operation, ParamLocation, Primitive, TypeKind, TypeRef, UnionKind};

/// How an operation's pages follow each other.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Pagination {
    pub style: PageStyle,
    /// The query parameter that says where the page starts (wire name).
    /// For `next_url` and `link_header`, the one the server's URLs set
    /// (a client follows the URL as it is).
    pub param: Option<String>,
    /// The query parameter that sets the page size, where there is one.
    pub size_param: Option<String>,
    /// The path of field names from the response body to its array of
    /// items; empty when the body is the array itself.
    pub items: Vec<String>,
    /// The type of one item: what a page's items decode into, and what the
    /// SDKs' pagers hand out.
    pub item: TypeRef,
    /// The path to what starts the next page: the next cursor (`cursor`),
    /// the next page's URL (`next_url`). Empty for the other styles.
    pub next: Vec<String>,
    /// The path to the boolean that says whether another page follows.
    pub has_more: Vec<String>,
    /// `item_id`: the field of the last item whose value starts the next page.
    pub item_field: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PageStyle {
    /// The response names the next page's cursor; the request passes it back.
    Cursor,
    /// The request passes the id of the last item seen (`starting_after`);
    /// `has_more` says whether to go on.
    ItemId,
    /// The request passes how many items to skip.
    Offset,
    /// The request passes a page number, counting from 1.
    Page,
    /// The response gives the next page's URL.
    NextUrl,
    /// The next page's URL is the `rel="next"` link of the `Link` header.
    LinkHeader,
}

/// Query parameters that pass a cursor back.
const CURSOR_PARAMS: &[&str] = &[
    "cursor",
    "pagetoken",
    "nexttoken",
    "continuationtoken",
    "continuation",
    "marker",
    "after",
    "startingafter",
    "startcursor",
];
/// Of those, the ones that take the id of the last item seen.
const ITEM_ID_PARAMS: &[&str] = &["startingafter", "after"];
const OFFSET_PARAMS: &[&str] = &["offset", "skip"];
const PAGE_PARAMS: &[&str] = &["page", "pagenumber", "pagenum", "pageindex"];
const SIZE_PARAMS: &[&str] = &[
    "limit",
    "perpage",
    "pagesize",
    "maxresults",
    "pagelimit",
    "size",
    "count",
    "top",
];
/// Response fields that hold the next cursor.
const CURSOR_FIELDS: &[&str] = &[
    "nextcursor",
    "nextpagetoken",
    "nexttoken",
    "continuationtoken",
    "nextmarker",
    "cursor",
    "lastid",
    "endcursor",
    "nextpage",
];
/// Response fields that hold the next page's URL.
const URL_FIELDS: &[&str] = &["next", "nexturl", "nextpageurl", "nextlink"];
/// Response fields that say whether more pages follow.
const MORE_FIELDS: &[&str] = &["hasmore", "hasnext", "hasnextpage", "more"];
/// Names the array of items usually has, before falling back to the only array.
const ITEM_FIELDS: &[&str] = &["data", "items", "results", "records", "entries", "values"];

/// Lower case without separators: `starting_after`, `startingAfter` and
/// `Starting-After` are the same word.
fn word(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The pass: a plan for every GET whose parameters and response agree.
pub fn run(api: &mut Api) {
    let found: Vec<Option<Pagination>> = api.operations.iter().map(|op| detect(api, op)).collect();
    for (op, pagination) in api.operations.iter_mut().zip(found) {
        op.plan.pagination = pagination;
    }
}

/// What a type is once names, aliases, nullability and `anyOf [T, null]`
/// are seen through.
enum Shape<'a> {
    Object(&'a [super::Field]),
    Array(&'a TypeRef),
    Other,
}

fn shape<'a>(api: &'a Api, ty: &'a TypeRef, depth: usize) -> Shape<'a> {
    if depth > 16 {
        return Shape::Other;
    }
    match ty {
        TypeRef::Nullable(inner) => shape(api, inner, depth + 1),
        TypeRef::Array(item) => Shape::Array(item),
        TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
            Some(TypeKind::Object { fields, .. }) => Shape::Object(fields),
            Some(TypeKind::Alias { target }) => shape(api, target, depth + 1),
            Some(TypeKind::Union {
                union_kind: UnionKind::AnyOf | UnionKind::OneOf,
                variants,
                ..
            }) => {
                // One real variant beside null: that variant.
                let real: Vec<&TypeRef> = variants
                    .iter()
                    .map(|v| &v.ty)
                    .filter(|t| !matches!(t, TypeRef::Any))
                    .collect();
                match real.as_slice() {
                    [only] => shape(api, only, depth + 1),
                    _ => Shape::Other,
                }
            }
            _ => Shape::Other,
        },
        _ => Shape::Other,
    }
}

fn is_string(api: &Api, ty: &TypeRef) -> bool {
    match ty.non_null() {
        TypeRef::Primitive(Primitive::String | Primitive::Uuid) => true,
        TypeRef::Named(name) => matches!(
            api.type_by_name(name).map(|t| &t.kind),
            Some(TypeKind::Alias { target }) if is_string(api, target)
        ),
        _ => false,
    }
}

fn is_bool(ty: &TypeRef) -> bool {
    matches!(ty.non_null(), TypeRef::Primitive(Primitive::Boolean))
}

/// The field of `fields` (or of an object one level down) whose name is one
/// of `names` and whose type passes `test`: its path.
fn find_field(
    api: &Api,
    fields: &[super::Field],
    names: &[&str],
    test: &dyn Fn(&TypeRef) -> bool,
    depth: usize,
) -> Option<Vec<String>> {
    for wanted in names {
        if let Some(f) = fields
            .iter()
            .find(|f| word(&f.name) == *wanted && test(&f.ty))
        {
            return Some(vec![f.name.clone()]);
        }
    }
    if depth == 0 {
        return None;
    }
    // `links.next`, `links.pages.next`, `meta.next_cursor`,
    // `response_metadata.next_cursor`, `pagination.next`.
    for f in fields {
        for inner in objects(api, &f.ty) {
            if let Some(mut path) = find_field(api, inner, names, test, depth - 1) {
                path.insert(0, f.name.clone());
                return Some(path);
            }
        }
    }
    None
}

/// The field lists a value of `ty` may have: its object's, or each object
/// variant's of a union (`pages: anyOf [forward links, backward links]`).
fn objects<'a>(api: &'a Api, ty: &'a TypeRef) -> Vec<&'a [super::Field]> {
    if let Shape::Object(fields) = shape(api, ty, 0) {
        return vec![fields];
    }
    let TypeRef::Named(name) = ty.non_null() else {
        return Vec::new();
    };
    match api.type_by_name(name).map(|t| &t.kind) {
        Some(TypeKind::Union { variants, .. }) => variants
            .iter()
            .filter_map(|v| match shape(api, &v.ty, 0) {
                Shape::Object(fields) => Some(fields),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The success response's JSON body type.
fn list_body(op: &Operation) -> Option<(&TypeRef, &super::Response)> {
    let response = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .min_by_key(|r| match r.status {
            super::StatusSpec::Code(c) => c,
            _ => 299,
        })?;
    let content = response
        .contents
        .iter()
        .find(|c| c.kind == super::BodyKind::Json)?;
    Some((&content.ty, response))
}

fn detect(api: &Api, op: &Operation) -> Option<Pagination> {
    if op.method != Method::Get {
        return None;
    }
    let (body, response) = list_body(op)?;
    let query: Vec<(&str, String)> = op
        .params
        .iter()
        .filter(|p| p.location == ParamLocation::Query)
        .map(|p| (p.name.as_str(), word(&p.name)))
        .collect();
    let param_in = |names: &[&str]| -> Option<String> {
        names.iter().find_map(|n| {
            query
                .iter()
                .find(|(_, w)| w == n)
                .map(|(name, _)| name.to_string())
        })
    };
    let size_param = param_in(SIZE_PARAMS);
    // A `page` that takes text is a cursor (`page=<next_page token>`), not
    // a page number.
    let text_page = op.params.iter().find(|p| {
        p.location == ParamLocation::Query
            && PAGE_PARAMS.contains(&word(&p.name).as_str())
            && is_string(api, &p.ty)
    });

    // The items, their type, and the fields beside them.
    let (items, item_ty, fields): (Vec<String>, &TypeRef, &[super::Field]) =
        match shape(api, body, 0) {
            Shape::Array(item) => (Vec::new(), item, &[]),
            Shape::Object(fields) => {
                let arrays: Vec<&super::Field> = fields
                    .iter()
                    .filter(|f| matches!(shape(api, &f.ty, 0), Shape::Array(_)))
                    .collect();
                let chosen = ITEM_FIELDS
                    .iter()
                    .find_map(|w| arrays.iter().find(|f| word(&f.name) == *w))
                    .or(match arrays.as_slice() {
                        [only] => Some(only),
                        _ => None,
                    })?;
                let Shape::Array(item) = shape(api, &chosen.ty, 0) else {
                    return None;
                };
                (vec![chosen.name.clone()], item, fields)
            }
            Shape::Other => return None,
        };
    let has_more = find_field(api, fields, MORE_FIELDS, &is_bool, 1).unwrap_or_default();
    let plan = |style, param: Option<String>, next: Vec<String>, item_field: Option<String>| {
        Some(Pagination {
            style,
            param,
            size_param: size_param.clone(),
            items: items.clone(),
            item: item_ty.clone(),
            next,
            has_more: has_more.clone(),
            item_field,
        })
    };

    let string = |t: &TypeRef| is_string(api, t);
    let cursor_param = param_in(CURSOR_PARAMS).or_else(|| text_page.map(|p| p.name.clone()));
    if let Some(cursor) = cursor_param {
        if let Some(next) = find_field(api, fields, CURSOR_FIELDS, &string, 2) {
            return plan(PageStyle::Cursor, Some(cursor), next, None);
        }
        // No cursor in the answer: the id of the last item, while `has_more`.
        if ITEM_ID_PARAMS.contains(&word(&cursor).as_str()) && !has_more.is_empty() {
            let has_id = match shape(api, item_ty, 0) {
                Shape::Object(item_fields) => item_fields.iter().any(|f| f.name == "id"),
                _ => false,
            };
            if has_id {
                return plan(
                    PageStyle::ItemId,
                    Some(cursor),
                    Vec::new(),
                    Some("id".into()),
                );
            }
        }
        return None;
    }
    let position = param_in(OFFSET_PARAMS)
        .map(|p| (PageStyle::Offset, p))
        .or_else(|| param_in(PAGE_PARAMS).map(|p| (PageStyle::Page, p)));
    let (style, param) = position?;
    // The answer's own word on the next page beats counting.
    if let Some(next) = find_field(api, fields, URL_FIELDS, &string, 2) {
        return plan(PageStyle::NextUrl, Some(param), next, None);
    }
    if style == PageStyle::Page
        && response
            .headers
            .iter()
            .any(|h| h.name.eq_ignore_ascii_case("link"))
    {
        return plan(PageStyle::LinkHeader, Some(param), Vec::new(), None);
    }
    plan(style, Some(param), Vec::new(), None)
}

#[cfg(test)]
mod tests {
    use super::word;

    #[test]
    fn words_ignore_case_and_separators() {
        assert_eq!(word("starting_after"), "startingafter");
        assert_eq!(word("startingAfter"), "startingafter");
        assert_eq!(word("Page-Size"), "pagesize");
    }
}
