//! Loading a spec: files to one normalised document to the typed 3.0 model.

mod bundle;
mod events;
pub mod files;
mod guard;
mod kind;
pub mod normalize;
mod number;
pub mod overlay;
mod parallel;
pub use parallel::drop_in_background;
pub mod source;
mod split;
mod typed;

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::error::{Diagnostic, Warning};
pub use bundle::percent_decode;
pub use kind::Kind;

/// A spec read, bundled, normalised and parsed into the typed model.
pub struct Loaded {
    /// The root file as given.
    pub path: PathBuf,
    /// The `openapi` version the document declared.
    pub declared_version: String,
    /// The typed document (3.0 shape).
    pub document: openapiv3::OpenAPI,
    /// `webhooks` of a 3.1 document, which the typed model has no field for.
    pub webhooks: indexmap::IndexMap<String, openapiv3::ReferenceOr<openapiv3::PathItem>>,
    /// Every file read.
    pub files: Vec<PathBuf>,
    /// What was coped with.
    pub warnings: Vec<Warning>,
    /// Schema pointers from other files, for error messages.
    root_text: String,
}

impl Loaded {
    /// The lines of the root document's path items and operations, by
    /// pointer (`source::operation_lines`).
    pub fn operation_lines(&self) -> std::collections::HashMap<String, usize> {
        source::operation_lines(&self.root_text)
    }

    /// A diagnostic at `pointer` of the root document, with its line where known.
    pub fn diagnostic(&self, pointer: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.path, pointer, message)
            .with_line(source::line_of(&self.root_text, pointer))
    }
}

/// How many schemas may be read as "any value" before the spec is refused.
const MAX_DEGRADED: usize = 500;

/// Reads the spec at `path` and everything it refers to.
pub fn load(path: &Path) -> Result<Loaded, Diagnostic> {
    load_with(path, Options::default())
}

/// How a spec is read: where its references may lead, and the overlays
/// applied to its root document first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// The folder references must stay in (default: the folder of the spec).
    pub ref_root: Option<&'a Path>,
    /// Overlays applied in order to the root document as read.
    pub overlays: &'a [overlay::Overlay],
}

/// Reads the spec at `path` and everything it refers to, which must lie
/// under `ref_root` (default: the folder of `path`).
pub fn load_rooted(path: &Path, ref_root: Option<&Path>) -> Result<Loaded, Diagnostic> {
    load_with(
        path,
        Options {
            ref_root,
            ..Options::default()
        },
    )
}

/// Reads the spec at `path` as `options` say.
pub fn load_with(path: &Path, options: Options<'_>) -> Result<Loaded, Diagnostic> {
    let text = files::read_bounded(path, "the spec")
        .map_err(|r| Diagnostic::new(path, "", r.message).with_hint(r.hint))?;
    load_text_with(path, text, options)
}

/// Reads a spec whose root text is already in memory; `path` names it in
/// errors and anchors relative references.
pub fn load_text(path: &Path, text: String) -> Result<Loaded, Diagnostic> {
    load_text_with(path, text, Options::default())
}

/// [`load_text`], with references confined to `ref_root` (default: the
/// folder of `path`).
pub fn load_text_rooted(
    path: &Path,
    text: String,
    ref_root: Option<&Path>,
) -> Result<Loaded, Diagnostic> {
    load_text_with(
        path,
        text,
        Options {
            ref_root,
            ..Options::default()
        },
    )
}

/// [`load_text`] as `options` say.
pub fn load_text_with(
    path: &Path,
    text: String,
    options: Options<'_>,
) -> Result<Loaded, Diagnostic> {
    let mut doc = source::parse(path, &text)?;
    let mut overlay_warnings = Vec::new();
    for o in options.overlays {
        o.apply(&mut doc, &mut overlay_warnings)?;
    }
    let declared_version = check_version(path, &doc)?;

    let root = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut bundler =
        bundle::Bundler::new(root.clone(), files::ref_root(path, options.ref_root), &doc);
    // An overlay may add references the text did not have.
    if bundle::needs_bundling(&text) || !options.overlays.is_empty() {
        bundler
            .walk(&mut doc, Kind::Document, &root, "")
            .map_err(|d| relabel(d, &root, path, &text))?;
    }
    if !bundler.new_schemas.is_empty() {
        let components = doc
            .as_object_mut()
            .expect("checked to be an object")
            .entry("components")
            .or_insert_with(|| json!({}));
        if !components.is_object() {
            *components = json!({});
        }
        let schemas = components
            .as_object_mut()
            .expect("made an object above")
            .entry("schemas")
            .or_insert_with(|| json!({}));
        if let Value::Object(schemas) = schemas {
            for (name, schema) in std::mem::take(&mut bundler.new_schemas) {
                schemas.insert(name, schema);
            }
        }
    }

    let mut warnings = overlay_warnings;
    warnings.extend(normalize::document(&mut doc));
    warnings.extend(normalize::walk_document(&mut doc));
    warnings.extend(guard::degrade_deep_failures(&mut doc));

    let webhooks_value = doc.as_object_mut().and_then(|m| m.remove("webhooks"));
    let mut degraded = 0usize;
    let document: openapiv3::OpenAPI = match typed::read(&mut doc) {
        Some(document) => document,
        None => loop {
            match serde_path_to_error::deserialize(&doc) {
                Ok(d) => break d,
                Err(e) => {
                    let pointer = path_to_pointer(e.path());
                    let message = e.inner().to_string();
                    match schema_prefix(&doc, &pointer) {
                        Some(schema_pointer) if degraded < MAX_DEGRADED => {
                            degraded += 1;
                            if let Some(node) = doc.pointer_mut(&schema_pointer) {
                                *node = json!({});
                            }
                            warnings.push(Warning {
                                kind: "degraded-schema",
                                pointer: schema_pointer,
                                message: format!(
                                    "schema not understood ({message}); read as any JSON value"
                                ),
                            });
                        }
                        _ => {
                            return Err(Diagnostic::new(path, pointer.clone(), format!("not a valid OpenAPI document: {message}"))
                            .with_line(source::line_of(&text, &pointer))
                            .with_hint("fix the value at this location so it matches the OpenAPI specification"));
                        }
                    }
                }
            }
        },
    };
    let webhooks = match webhooks_value {
        Some(v) => serde_path_to_error::deserialize(&v).map_err(|e| {
            let pointer = format!("/webhooks{}", path_to_pointer(e.path()));
            Diagnostic::new(
                path,
                pointer.clone(),
                format!("invalid webhook: {}", e.inner()),
            )
            .with_line(source::line_of(&text, &pointer))
        })?,
        None => Default::default(),
    };

    let files = bundler.file_list;
    drop_in_background(doc);
    Ok(Loaded {
        path: path.to_path_buf(),
        declared_version,
        document,
        webhooks,
        files,
        warnings,
        root_text: text,
    })
}

fn check_version(path: &Path, doc: &Value) -> Result<String, Diagnostic> {
    let Value::Object(map) = doc else {
        return Err(
            Diagnostic::new(path, "", "the document is not a mapping of fields").with_hint(
                "an OpenAPI document is a YAML or JSON object with `openapi`, `info` and `paths`",
            ),
        );
    };
    if map.contains_key("swagger") {
        return Err(Diagnostic::new(path, "/swagger", "Swagger 2.0 is not supported")
            .with_line(Some(1))
            .with_hint("convert it to OpenAPI 3 first, for example with `npx swagger2openapi spec.yaml -o spec3.yaml`, then run sdkgen on the result"));
    }
    let version =
        match map.get("openapi") {
            Some(Value::String(v)) => v.clone(),
            Some(other) => other.to_string(),
            None => return Err(
                Diagnostic::new(path, "/openapi", "no `openapi` version field").with_hint(
                    "add `openapi: 3.1.0` (or the 3.0.x version the document follows) at the top",
                ),
            ),
        };
    if !(version.starts_with("3.0") || version.starts_with("3.1")) {
        return Err(Diagnostic::new(
            path,
            "/openapi",
            format!("OpenAPI version {version} is not supported"),
        )
        .with_hint("sdkgen reads OpenAPI 3.0.x and 3.1.x documents"));
    }
    Ok(version)
}

/// Errors raised in other files already name them; errors in the root use the
/// path as the user typed it.
fn relabel(mut d: Diagnostic, canonical_root: &Path, given: &Path, text: &str) -> Diagnostic {
    if d.file == canonical_root {
        d.file = given.to_path_buf();
        d = d.clone().with_line(source::line_of(text, &d.pointer));
    }
    d
}

fn path_to_pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("/{index}")),
            Segment::Map { key } => out.push_str(&format!("/{}", crate::error::escape_token(key))),
            Segment::Enum { variant } => {
                out.push_str(&format!("/{}", crate::error::escape_token(variant)))
            }
            Segment::Unknown => {}
        }
    }
    out
}

/// The pointer of the deepest schema that contains `pointer`, if any.
fn schema_prefix(doc: &Value, pointer: &str) -> Option<String> {
    let mut kind = Kind::Document;
    let mut node = doc;
    let mut current = String::new();
    let mut best = None;
    for token in pointer.split('/').skip(1) {
        let key = crate::error::unescape_token(token);
        let (next_kind, next_node) = match node {
            Value::Object(map) => (kind.child(&key), map.get(&key)?),
            Value::Array(items) => (kind.element(), items.get(key.parse::<usize>().ok()?)?),
            _ => return best,
        };
        current.push('/');
        current.push_str(token);
        kind = next_kind;
        node = next_node;
        if kind == Kind::Schema {
            best = Some(current.clone());
        }
    }
    best
}
