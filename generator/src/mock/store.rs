//! The resources the mock has made, so that what was created can be read
//! back and what was deleted is gone.
//!
//! A resource lives at an item path: an operation path whose last segment is
//! a parameter (`/pets/{petId}`), keyed by that parameter's value. A POST on
//! the collection above it (`/pets`) whose answer has an `id` stores the
//! answer there; GET (and HEAD) of a stored item answers it; PUT replaces it
//! (and brings a deleted one back); PATCH merges into it the request's
//! top-level fields that it has; DELETE removes it, and from then on every request on it
//! but PUT, and on the paths under it, gets 404. An item never created is answered with made data, as
//! before: the mock stays usable for ids a test makes up.
//!
//! A GET of the collection lists what was made there, oldest first, a page
//! at a time as the operation's pagination plan says (`ir::paginate`): the
//! page starts where the request's cursor, last id, offset or page number
//! says, holds the requested page size (else 10 items), and its cursor,
//! `has_more`, next URL or `Link` header lead to the next page. A collection
//! with nothing made in it keeps made data, shown as the only page.

use std::collections::{HashMap, HashSet};

use bytes::Bytes;
use serde_json::Value;

use super::keys::Stored;
use crate::ir::paginate::PageStyle;
use crate::ir::{Api, Method, Operation, TypeKind, TypeRef};

/// (item path template, id).
pub(crate) type ItemKey = (String, String);

#[derive(Default)]
pub(crate) struct Resources {
    objects: HashMap<ItemKey, Value>,
    deleted: HashSet<ItemKey>,
    /// When each stored item was first made, for listing oldest first.
    made: HashMap<ItemKey, u64>,
    next_seq: u64,
}

/// What the mock knows of a list request besides its operation.
pub(crate) struct ListRequest<'a> {
    /// The decoded query pairs.
    pub query: &'a [(String, String)],
    /// `scheme://host` the request reached, for next-page URLs.
    pub origin: &'a str,
    /// The request's path as sent (percent-encoded).
    pub raw_path: &'a str,
}

/// Items on one page when the request does not say.
const DEFAULT_PAGE_SIZE: usize = 10;

/// The values of a path template's parameters, in order, as one id.
fn id_of(template: &str, path_params: &[(String, String)]) -> Option<String> {
    let mut values = Vec::new();
    for segment in template.split('/') {
        if let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            values.push(path_params.iter().find(|(k, _)| k == name)?.1.as_str());
        }
    }
    Some(values.join("/"))
}

/// The item an operation addresses: its path ends with a parameter.
pub(crate) fn item_key(op: &Operation, path_params: &[(String, String)]) -> Option<ItemKey> {
    let last = op.path.rsplit('/').next()?;
    last.strip_prefix('{')?.strip_suffix('}')?;
    Some((op.path.clone(), id_of(&op.path, path_params)?))
}

/// The type of an operation's success body, where it has one.
fn success_type(op: &Operation) -> Option<&crate::ir::TypeRef> {
    let response = op
        .responses
        .iter()
        .filter(|r| r.status.is_success())
        .min_by_key(|r| match r.status {
            crate::ir::StatusSpec::Code(c) => c,
            _ => 299,
        })?;
    super::errors::content_of(response).map(|c| &c.ty)
}

/// The item path right under a collection path: `/pets/{petId}` of `/pets`.
fn item_template(api: &Api, collection: &str) -> Option<String> {
    let prefix = format!("{}/{{", collection.trim_end_matches('/'));
    api.operations
        .iter()
        .map(|o| &o.path)
        .find(|p| {
            p.strip_prefix(&prefix)
                .is_some_and(|rest| rest.ends_with('}') && !rest.contains('/'))
        })
        .cloned()
}

/// The value at a path of field names (the body itself for an empty path).
fn at_path<'a>(value: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter()
        .try_fold(value, |v, field| v.as_object_mut()?.get_mut(field))
}

/// Sets the value at a path of field names, making the objects on the way.
fn set_path(value: &mut Value, path: &[String], new: Value) {
    let Some((last, above)) = path.split_last() else {
        return;
    };
    let mut at = value;
    for field in above {
        let Some(object) = at.as_object_mut() else {
            return;
        };
        at = object
            .entry(field.clone())
            .or_insert_with(|| Value::Object(Default::default()));
    }
    if let Some(object) = at.as_object_mut() {
        object.insert(last.clone(), new);
    }
}

fn remove_path(value: &mut Value, path: &[String]) {
    let Some((last, above)) = path.split_last() else {
        return;
    };
    if let Some(Value::Object(object)) = at_path(value, above) {
        object.remove(last);
    }
}

/// The type of one item of a list answer.
fn items_type<'a>(api: &'a Api, ty: &'a TypeRef, path: &[String]) -> Option<&'a TypeRef> {
    let mut ty = ty;
    for field in path {
        ty = object_fields(api, ty)?
            .iter()
            .find(|f| &f.name == field)
            .map(|f| &f.ty)?;
    }
    match resolve(api, ty) {
        TypeRef::Array(item) => Some(item),
        _ => None,
    }
}

fn resolve<'a>(api: &'a Api, ty: &'a TypeRef) -> &'a TypeRef {
    let mut ty = ty.non_null();
    for _ in 0..16 {
        match ty {
            TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
                Some(TypeKind::Alias { target }) => ty = target.non_null(),
                _ => return ty,
            },
            _ => return ty,
        }
    }
    ty
}

fn object_fields<'a>(api: &'a Api, ty: &'a TypeRef) -> Option<&'a [crate::ir::Field]> {
    match resolve(api, ty) {
        TypeRef::Named(name) => match api.type_by_name(name).map(|t| &t.kind) {
            Some(TypeKind::Object { fields, .. }) => Some(fields),
            _ => None,
        },
        _ => None,
    }
}

/// An item's id (or the field a plan names) as text.
fn item_id(item: &Value, field: Option<&str>) -> Option<String> {
    match item.get(field?)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn uses_last_id_cursor(next: &[String]) -> bool {
    next.last().is_some_and(|f| f == "last_id")
}

/// The mock's own cursors: `c<offset>`.
fn cursor_offset(cursor: &str) -> Option<usize> {
    cursor.strip_prefix('c')?.parse().ok()
}

fn is_offset(param: Option<&str>) -> bool {
    param.is_some_and(|p| {
        let w: String = p
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        w == "offset" || w == "skip"
    })
}

/// The request's URL with `param` set to `value` (added when absent).
fn next_url(request: &ListRequest<'_>, param: Option<&str>, value: usize) -> String {
    let mut pairs: Vec<(String, String)> = request.query.to_vec();
    if let Some(param) = param {
        match pairs.iter_mut().find(|(k, _)| k == param) {
            Some(pair) => pair.1 = value.to_string(),
            None => pairs.push((param.to_string(), value.to_string())),
        }
    }
    let query: Vec<String> = pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                super::route::query_escape(k),
                super::route::query_escape(v)
            )
        })
        .collect();
    format!("{}{}?{}", request.origin, request.raw_path, query.join("&"))
}

/// Whether a changed list answer still fits the operation's response type.
fn fits_answer(api: &Api, op: &Operation, body: &Value) -> bool {
    success_type(op).is_some_and(|ty| super::validate::fits(api, body, ty))
}

/// Where a POST's new resource lives: the item path right under its own.
fn created_key(
    api: &Api,
    op: &Operation,
    path_params: &[(String, String)],
    body: &Value,
) -> Option<ItemKey> {
    let id = match body.get("id")? {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let prefix = format!("{}/{{", op.path.trim_end_matches('/'));
    let template = api.operations.iter().map(|o| &o.path).find(|p| {
        p.strip_prefix(&prefix)
            .is_some_and(|rest| rest.ends_with('}') && !rest.contains('/'))
    })?;
    let under = id_of(&op.path, path_params)?;
    let id = if under.is_empty() {
        id
    } else {
        format!("{under}/{id}")
    };
    Some((template.clone(), id))
}

impl Resources {
    pub fn clear(&mut self) {
        self.objects.clear();
        self.deleted.clear();
        self.made.clear();
    }

    fn store(&mut self, key: ItemKey, value: Value) {
        self.deleted.remove(&key);
        if !self.made.contains_key(&key) {
            self.next_seq += 1;
            self.made.insert(key.clone(), self.next_seq);
        }
        self.objects.insert(key, value);
    }

    /// The items made under a collection path, oldest first.
    fn members(&self, template: &str, parent: &str) -> Vec<&Value> {
        let mut found: Vec<(u64, &Value)> = self
            .objects
            .iter()
            .filter(|((t, id), _)| {
                t == template
                    && match id.rsplit_once('/') {
                        Some((above, _)) => above == parent,
                        None => parent.is_empty(),
                    }
            })
            .map(|(k, v)| (self.made.get(k).copied().unwrap_or(0), v))
            .collect();
        found.sort_by_key(|(seq, _)| *seq);
        found.into_iter().map(|(_, v)| v).collect()
    }

    /// Answers a list operation from the store (see the module's comment).
    pub fn list(
        &self,
        api: &Api,
        op: &Operation,
        path_params: &[(String, String)],
        request: &ListRequest<'_>,
        answer: &mut Stored,
    ) {
        let Some(pages) = &op.plan.pagination else {
            return;
        };
        let Ok(mut body) = serde_json::from_slice::<Value>(&answer.body) else {
            return;
        };
        let Some(template) = item_template(api, &op.path) else {
            return;
        };
        let Some(parent) = id_of(&op.path, path_params) else {
            return;
        };
        let members = self.members(&template, &parent);
        if at_path(&mut body, &pages.items).is_none() {
            // Made data may leave out an optional array of items.
            set_path(&mut body, &pages.items, Value::Array(Vec::new()));
        }
        let Some(slot) = at_path(&mut body, &pages.items) else {
            return;
        };
        let Value::Array(made) = slot else {
            return;
        };
        let item_ty = success_type(op).and_then(|ty| items_type(api, ty, &pages.items));
        let fits = |v: &Value| item_ty.is_some_and(|ty| super::validate::fits(api, v, ty));
        let members: Vec<&Value> = members.into_iter().filter(|v| fits(v)).collect();
        let arg = |name: &Option<String>| {
            name.as_ref().and_then(|n| {
                request
                    .query
                    .iter()
                    .find(|(k, _)| k == n)
                    .map(|(_, v)| v.as_str())
            })
        };
        let size = arg(&pages.size_param)
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|n| *n > 0)
            .unwrap_or(DEFAULT_PAGE_SIZE);
        // Where the page starts, in `members`.
        let position = arg(&pages.param);
        let start = if members.is_empty() {
            0
        } else {
            match pages.style {
                PageStyle::ItemId => match position {
                    None => 0,
                    Some(last) => members
                        .iter()
                        .position(|m| {
                            item_id(m, pages.item_field.as_deref()) == Some(last.to_string())
                        })
                        .map_or(members.len(), |i| i + 1),
                },
                PageStyle::Cursor => match (position, pages.next.as_slice()) {
                    (None, _) => 0,
                    // `after=<last_id>`: the cursor is the last item's id.
                    (Some(last), _) if uses_last_id_cursor(&pages.next) => members
                        .iter()
                        .position(|m| item_id(m, Some("id")) == Some(last.to_string()))
                        .map_or(members.len(), |i| i + 1),
                    (Some(cursor), _) => cursor_offset(cursor).unwrap_or(members.len()),
                },
                PageStyle::Offset => position.and_then(|v| v.parse().ok()).unwrap_or(0),
                PageStyle::Page | PageStyle::NextUrl | PageStyle::LinkHeader => {
                    let page: usize = position.and_then(|v| v.parse().ok()).unwrap_or(1);
                    page.max(1).saturating_sub(1).saturating_mul(size)
                }
            }
        };
        let (page, more) = if members.is_empty() {
            // Nothing made here: the made data is the one and only page.
            (None, false)
        } else {
            let start = start.min(members.len());
            let end = start.saturating_add(size).min(members.len());
            (Some(&members[start..end]), end < members.len())
        };
        if let Some(page) = page {
            *made = page.iter().map(|v| (*v).clone()).collect();
        }
        let last_id = page
            .and_then(|p| p.last())
            .and_then(|m| item_id(m, Some("id")));
        let next_start = start.saturating_add(size);
        // `last_id` names the last item of this page, the last page included.
        let uses_last_id = uses_last_id_cursor(&pages.next);
        let next_value = if uses_last_id {
            last_id.map_or(Value::Null, Value::String)
        } else if !more {
            Value::Null
        } else {
            match pages.style {
                PageStyle::Cursor => Value::String(format!("c{next_start}")),
                PageStyle::NextUrl => {
                    let number = if is_offset(pages.param.as_deref()) {
                        next_start
                    } else {
                        next_start / size + 1
                    };
                    Value::String(next_url(request, pages.param.as_deref(), number))
                }
                _ => Value::Null,
            }
        };
        if !pages.next.is_empty() {
            set_path(&mut body, &pages.next, next_value);
        }
        if !pages.has_more.is_empty() {
            set_path(&mut body, &pages.has_more, Value::Bool(more));
        }
        answer
            .headers
            .retain(|(k, _)| !k.eq_ignore_ascii_case("link"));
        if pages.style == PageStyle::LinkHeader && more {
            let url = next_url(request, pages.param.as_deref(), next_start / size + 1);
            answer
                .headers
                .push(("link".to_string(), format!("<{url}>; rel=\"next\"")));
        }
        if !fits_answer(api, op, &body) && !pages.next.is_empty() {
            // A next field that cannot be null is left out on the last page.
            if at_path(&mut body, &pages.next).is_some_and(|v| v.is_null()) {
                remove_path(&mut body, &pages.next);
            }
        }
        if fits_answer(api, op, &body) {
            answer.body = Bytes::from(body.to_string());
        }
    }

    /// Whether a request meets a deleted resource (404): the item itself
    /// (but for a PUT, which makes it again), or one above it on its path
    /// (`/pets/{petId}/photo` of a deleted pet).
    pub fn is_gone(
        &self,
        op: &Operation,
        key: Option<&ItemKey>,
        path_params: &[(String, String)],
    ) -> bool {
        if self.deleted.is_empty() {
            return false;
        }
        if op.method != Method::Put && key.is_some_and(|k| self.deleted.contains(k)) {
            return true;
        }
        let mut prefix = String::new();
        let segments: Vec<&str> = op.path.split('/').filter(|s| !s.is_empty()).collect();
        for (i, segment) in segments.iter().enumerate() {
            prefix.push('/');
            prefix.push_str(segment);
            if i + 1 == segments.len() {
                break;
            }
            if !(segment.starts_with('{') && segment.ends_with('}')) {
                continue;
            }
            if let Some(id) = id_of(&prefix, path_params) {
                if self.deleted.contains(&(prefix.clone(), id)) {
                    return true;
                }
            }
        }
        false
    }

    /// Applies an executed operation to the store, and makes its answer
    /// the stored resource where there is one and it fits the answer's type
    /// (a PUT may answer with another shape than the GET of the same path).
    pub fn apply(
        &mut self,
        api: &Api,
        op: &Operation,
        key: Option<ItemKey>,
        path_params: &[(String, String)],
        request: Option<&Value>,
        answer: &mut Stored,
    ) {
        let fits = |v: &Value| success_type(op).is_some_and(|ty| super::validate::fits(api, v, ty));
        let is_json = answer
            .headers
            .iter()
            .any(|(k, v)| k == "content-type" && (v.contains("json")));
        let parsed = || serde_json::from_slice::<Value>(&answer.body).ok();
        match op.method {
            Method::Post => {
                if let Some(body) = parsed() {
                    if let Some(k) = created_key(api, op, path_params, &body) {
                        self.store(k, body);
                    }
                }
            }
            Method::Get | Method::Head => {
                if let (true, Some(obj)) = (is_json, key.and_then(|k| self.objects.get(&k))) {
                    if fits(obj) {
                        answer.body = Bytes::from(obj.to_string());
                    }
                }
            }
            Method::Put => {
                if let (Some(k), Some(body)) = (key, parsed()) {
                    self.store(k, body);
                }
            }
            Method::Patch => {
                let Some(k) = key else { return };
                let (Some(Value::Object(target)), Some(Value::Object(changes))) =
                    (self.objects.get(&k), request)
                else {
                    return;
                };
                let mut merged = target.clone();
                for (field, value) in changes {
                    if merged.contains_key(field) {
                        merged.insert(field.clone(), value.clone());
                    }
                }
                let merged = Value::Object(merged);
                if is_json && fits(&merged) {
                    answer.body = Bytes::from(merged.to_string());
                    self.store(k, merged);
                }
            }
            Method::Delete => {
                if let Some(k) = key {
                    self.objects.remove(&k);
                    self.made.remove(&k);
                    self.deleted.insert(k);
                }
            }
            Method::Options | Method::Trace => {}
        }
    }
}
