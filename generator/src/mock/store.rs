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

use std::collections::{HashMap, HashSet};

use bytes::Bytes;
use serde_json::Value;

use super::keys::Stored;
use crate::ir::{Api, Method, Operation};

/// (item path template, id).
pub(crate) type ItemKey = (String, String);

#[derive(Default)]
pub(crate) struct Resources {
    objects: HashMap<ItemKey, Value>,
    deleted: HashSet<ItemKey>,
}

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
                        self.deleted.remove(&k);
                        self.objects.insert(k, body);
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
                    self.deleted.remove(&k);
                    self.objects.insert(k, body);
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
                    self.objects.insert(k, merged);
                }
            }
            Method::Delete => {
                if let Some(k) = key {
                    self.objects.remove(&k);
                    self.deleted.insert(k);
                }
            }
            Method::Options | Method::Trace => {}
        }
    }
}
