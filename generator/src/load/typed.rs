//! The typed model of a normalised document, read on every core.
//!
//! Most of a big spec is path items and component schemas, each read on its
//! own: `Components::schemas` is a map of `ReferenceOr<Schema>` and `Paths`
//! keeps the `ReferenceOr<PathItem>` of every key starting with `/` and the
//! value of every `x-` key (ignoring other keys), so reading the entries one
//! by one, in document order, and the rest of the document with those two
//! mappings empty, gives the very model serde gives for the whole. Both
//! entry types are untagged enums, which serde reads from the same buffered
//! form whether the entry comes from a map or alone.
//!
//! Only success is taken from here: if anything fails, the caller reads the
//! whole document the usual way, which reports (or degrades) exactly as
//! before.

use indexmap::IndexMap;
use openapiv3::{OpenAPI, PathItem, ReferenceOr, Schema};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::parallel;

/// Entries read by one task.
const ENTRIES_PER_TASK: usize = 24;

type Entries<'a> = &'a [(&'a String, &'a Value)];

enum Task<'a> {
    Rest(&'a Value),
    Paths(Entries<'a>),
    Schemas(Entries<'a>),
}

enum Done {
    Rest(Box<OpenAPI>),
    Paths(Vec<(String, ReferenceOr<PathItem>)>),
    Schemas(Vec<(String, ReferenceOr<Schema>)>),
}

/// The typed document, or `None` when any part of it does not read.
pub fn read(doc: &mut Value) -> Option<OpenAPI> {
    let paths = std::mem::take(paths_of(doc)?);
    let schemas = schemas_of(doc).map(std::mem::take);
    let result = read_parts(doc, &paths, schemas.as_ref());
    // Put the entries back: the caller reads the whole document again on failure.
    if let Some(slot) = paths_of(doc) {
        *slot = paths;
    }
    if let (Some(slot), Some(schemas)) = (schemas_of(doc), schemas) {
        *slot = schemas;
    }
    result
}

fn paths_of(doc: &mut Value) -> Option<&mut Map<String, Value>> {
    doc.get_mut("paths")?.as_object_mut()
}

fn schemas_of(doc: &mut Value) -> Option<&mut Map<String, Value>> {
    doc.get_mut("components")?
        .get_mut("schemas")?
        .as_object_mut()
}

fn read_parts(
    rest: &Value,
    paths: &Map<String, Value>,
    schemas: Option<&Map<String, Value>>,
) -> Option<OpenAPI> {
    let path_entries: Vec<(&String, &Value)> = paths.iter().collect();
    let schema_entries: Vec<(&String, &Value)> =
        schemas.map(|m| m.iter().collect()).unwrap_or_default();
    let mut tasks = vec![Task::Rest(rest)];
    tasks.extend(path_entries.chunks(ENTRIES_PER_TASK).map(Task::Paths));
    tasks.extend(schema_entries.chunks(ENTRIES_PER_TASK).map(Task::Schemas));
    let done = parallel::map_ordered(tasks, parallel::threads(), |task| match task {
        Task::Rest(v) => OpenAPI::deserialize(v)
            .ok()
            .map(|d| Done::Rest(Box::new(d))),
        Task::Paths(entries) => entries
            .iter()
            .filter(|(key, _)| key.starts_with('/'))
            .map(|(key, v)| Some(((*key).clone(), ReferenceOr::deserialize(*v).ok()?)))
            .collect::<Option<_>>()
            .map(Done::Paths),
        Task::Schemas(entries) => entries
            .iter()
            .map(|(key, v)| Some(((*key).clone(), ReferenceOr::deserialize(*v).ok()?)))
            .collect::<Option<_>>()
            .map(Done::Schemas),
    });
    let mut done = done.into_iter();
    let Some(Some(Done::Rest(document))) = done.next() else {
        return None;
    };
    let mut document = *document;
    let mut path_items = IndexMap::with_capacity(paths.len());
    let mut schema_items = IndexMap::with_capacity(schema_entries.len());
    for part in done {
        match part? {
            Done::Paths(items) => path_items.extend(items),
            Done::Schemas(items) => schema_items.extend(items),
            Done::Rest(_) => return None,
        }
    }
    document.paths.paths = path_items;
    document.paths.extensions = paths
        .iter()
        .filter(|(key, _)| key.starts_with("x-"))
        .map(|(key, v)| (key.clone(), v.clone()))
        .collect();
    if schemas.is_some() {
        document.components.as_mut()?.schemas = schema_items;
    }
    Some(document)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn document() -> Value {
        let mut paths = Map::new();
        let mut schemas = Map::new();
        for i in 0..60 {
            paths.insert(
                format!("/things/{i}"),
                json!({"get": {"operationId": format!("get{i}"), "responses": {"200": {
                    "description": "ok",
                    "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/T{i}")}}}
                }}}}),
            );
            schemas.insert(
                format!("T{i}"),
                json!({"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string", "x-note": i},
                    "child": {"anyOf": [{"$ref": "#/components/schemas/T0"}, {"type": "integer"}]}
                }}),
            );
        }
        paths.insert("x-extra".into(), json!({"kept": true}));
        paths.insert("not-a-path".into(), json!("ignored"));
        schemas.insert("Ref".into(), json!({"$ref": "#/components/schemas/T1"}));
        json!({
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "x-top": 1,
            "paths": paths,
            "components": {"schemas": schemas, "parameters": {"p": {"name": "p", "in": "query", "schema": {}}}}
        })
    }

    #[test]
    fn reads_the_model_serde_reads_for_the_whole() {
        let mut doc = document();
        let before = doc.clone();
        let whole = OpenAPI::deserialize(&doc).unwrap();
        let parts = read(&mut doc).expect("a valid document reads");
        assert_eq!(parts, whole);
        assert_eq!(parts.paths.paths.len(), 60);
        assert_eq!(parts.paths.extensions["x-extra"], json!({"kept": true}));
        assert_eq!(doc, before, "the document is left as it was");
    }

    #[test]
    fn any_failure_leaves_the_document_for_the_usual_reading() {
        for pointer in [
            "/components/schemas/T7/properties",
            "/paths/~1things~13/get/responses",
        ] {
            let mut doc = document();
            *doc.pointer_mut(pointer).unwrap() = json!(5);
            let before = doc.clone();
            assert!(OpenAPI::deserialize(&doc).is_err());
            assert!(read(&mut doc).is_none());
            assert_eq!(doc, before);
        }
        let mut no_paths = document();
        no_paths["paths"] = json!([]);
        assert!(read(&mut no_paths).is_none());
    }
}
