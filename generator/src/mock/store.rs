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

/// The item an operation addresses: its path ends with a parameter.
pub(crate) fn item_key(op: &Operation, path_params: &[(String, String)]) -> Option<ItemKey> {
    let last = op.path.rsplit('/').next()?;
    let name = last.strip_prefix('{')?.strip_suffix('}')?;
    let (_, value) = path_params.iter().find(|(k, _)| k == name)?;
    Some((op.path.clone(), value.clone()))
}

/// Where a POST's new resource lives: the item path right under its own.
fn created_key(api: &Api, op: &Operation, body: &Value) -> Option<ItemKey> {
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
            let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) else {
                continue;
            };
            if let Some((_, value)) = path_params.iter().find(|(k, _)| k == name) {
                if self.deleted.contains(&(prefix.clone(), value.clone())) {
                    return true;
                }
            }
        }
        false
    }

    /// Applies an executed operation to the store, and makes its answer
    /// the stored resource where there is one.
    pub fn apply(
        &mut self,
        api: &Api,
        op: &Operation,
        key: Option<ItemKey>,
        request: Option<&Value>,
        answer: &mut Stored,
    ) {
        let is_json = answer
            .headers
            .iter()
            .any(|(k, v)| k == "content-type" && (v.contains("json")));
        let parsed = || serde_json::from_slice::<Value>(&answer.body).ok();
        match op.method {
            Method::Post => {
                if let Some(body) = parsed() {
                    if let Some(k) = created_key(api, op, &body) {
                        self.deleted.remove(&k);
                        self.objects.insert(k, body);
                    }
                }
            }
            Method::Get | Method::Head => {
                if let (true, Some(obj)) = (is_json, key.and_then(|k| self.objects.get(&k))) {
                    answer.body = Bytes::from(obj.to_string());
                }
            }
            Method::Put => {
                if let (Some(k), Some(body)) = (key, parsed()) {
                    self.deleted.remove(&k);
                    self.objects.insert(k, body);
                }
            }
            Method::Patch => {
                if let (true, Some(obj)) = (is_json, key.and_then(|k| self.objects.get_mut(&k))) {
                    if let (Value::Object(target), Some(Value::Object(changes))) = (obj, request) {
                        for (field, value) in changes {
                            if target.contains_key(field) {
                                target.insert(field.clone(), value.clone());
                            }
                        }
                        answer.body = Bytes::from(Value::Object(target.clone()).to_string());
                    }
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
