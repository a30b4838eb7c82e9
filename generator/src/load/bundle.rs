//! Resolves references to other files into one self-contained document.
//!
//! A reference to a schema in another file hoists that schema into
//! `components/schemas` under a readable name and points at it there, so
//! named types keep their names and recursive schemas stay finite. Any other
//! reference to another file (a path item, an operation, a parameter, a
//! description kept in a Markdown file, ...) is replaced by its target.
//! References inside the root document are left for the IR builder.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::files;
use super::kind::Kind;
use super::source;
use crate::error::{join_pointer, Diagnostic};

pub struct Bundler {
    root: PathBuf,
    /// The folder every referenced file must be in (symlinks resolved).
    ref_root: PathBuf,
    /// Bytes read from referenced files so far.
    bytes_read: u64,
    /// Parsed files, by canonical path.
    files: HashMap<PathBuf, Value>,
    /// (file, pointer) of every hoisted schema and the name it got.
    hoisted: HashMap<(PathBuf, String), String>,
    /// Hoisted schemas, in the order they were found.
    pub new_schemas: Vec<(String, Value)>,
    used_names: HashSet<String>,
    /// (file, pointer) of the references being inlined, to catch cycles.
    inlining: Vec<(PathBuf, String)>,
    /// Every file read, root first.
    pub file_list: Vec<PathBuf>,
    /// The canonical form of every path a reference named, as joined to the
    /// folder of the file holding it: a multi-file spec names the same few
    /// files thousands of times, and each canonicalisation asks the system
    /// about every folder on the way.
    canonical: HashMap<PathBuf, PathBuf>,
}

impl Bundler {
    pub fn new(root: PathBuf, ref_root: PathBuf, root_doc: &Value) -> Self {
        let used_names = root_doc
            .pointer("/components/schemas")
            .and_then(Value::as_object)
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        Bundler {
            file_list: vec![root.clone()],
            root,
            ref_root,
            bytes_read: 0,
            files: HashMap::new(),
            hoisted: HashMap::new(),
            new_schemas: Vec::new(),
            used_names,
            inlining: Vec::new(),
            canonical: HashMap::new(),
        }
    }

    /// Walks `node` (of role `kind`, found in `file` at `pointer`) and resolves
    /// every reference to another file in it.
    pub fn walk(
        &mut self,
        node: &mut Value,
        kind: Kind,
        file: &Path,
        pointer: &str,
    ) -> Result<(), Diagnostic> {
        if kind == Kind::Data {
            return Ok(());
        }
        match node {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref") {
                    let reference = reference.clone();
                    return self.resolve(node, &reference, kind, file, pointer);
                }
                for (key, child) in map.iter_mut() {
                    let child_pointer = join_pointer(pointer, key);
                    self.walk(child, kind.child(key), file, &child_pointer)?;
                }
            }
            Value::Array(items) => {
                let element = kind.element();
                for (i, child) in items.iter_mut().enumerate() {
                    let child_pointer = format!("{pointer}/{i}");
                    self.walk(child, element, file, &child_pointer)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn resolve(
        &mut self,
        node: &mut Value,
        reference: &str,
        kind: Kind,
        file: &Path,
        pointer: &str,
    ) -> Result<(), Diagnostic> {
        let (file_part, fragment) = match reference.split_once('#') {
            Some((f, frag)) => (f, percent_decode(frag)),
            None => (reference, String::new()),
        };
        if file_part.is_empty() && file == self.root {
            // A reference inside the root document: the IR builder follows it,
            // except a schema found somewhere other than components/schemas,
            // which is hoisted there so every schema reference has one form.
            let component = fragment
                .strip_prefix("/components/schemas/")
                .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'));
            if !kind.is_schema() || component {
                return Ok(());
            }
            let root = self.root.clone();
            let name = self.hoist(&root, &fragment, file, pointer)?;
            set_ref(
                node,
                format!("#/components/schemas/{}", crate::error::escape_token(&name)),
            );
            return Ok(());
        }
        let target_file = if file_part.is_empty() {
            file.to_path_buf()
        } else {
            if file_part.contains("://") {
                return Err(Diagnostic::new(
                    file,
                    pointer,
                    format!("reference to a remote document `{reference}`"),
                )
                .with_hint("sdkgen reads local files only: download the document and refer to it by a relative path"));
            }
            let base = file.parent().unwrap_or(Path::new("."));
            let joined = base.join(percent_decode(file_part));
            match self.canonical.get(&joined) {
                Some(canonical) => canonical.clone(),
                None => {
                    let canonical = std::fs::canonicalize(&joined).map_err(|e| {
                        Diagnostic::new(
                            file,
                            join_pointer(pointer, "$ref"),
                            format!("cannot read the referenced file {}: {e}", joined.display()),
                        )
                        .with_hint("check the relative path in this $ref; it is resolved against the folder of the file that holds it")
                    })?;
                    self.canonical.insert(joined, canonical.clone());
                    canonical
                }
            }
        };

        if target_file == self.root {
            // A file pointing back into the root document: make it a local reference.
            if kind.is_schema() || fragment.starts_with("/components/") {
                set_ref(node, format!("#{fragment}"));
                return Ok(());
            }
        }

        if kind.is_schema() {
            let name = self.hoist(&target_file, &fragment, file, pointer)?;
            set_ref(
                node,
                format!("#/components/schemas/{}", crate::error::escape_token(&name)),
            );
            return Ok(());
        }

        let key = (target_file.clone(), fragment.clone());
        if self.inlining.contains(&key) {
            return Err(Diagnostic::new(
                file,
                join_pointer(pointer, "$ref"),
                format!("reference cycle: `{reference}` leads back to itself"),
            )
            .with_hint("break the cycle; only schemas may refer to themselves"));
        }
        let mut target = self.target(&target_file, &fragment, file, pointer, reference)?;
        self.inlining.push(key);
        let result = self.walk(&mut target, kind, &target_file, &fragment);
        self.inlining.pop();
        result?;
        // Siblings of `$ref` (a description, say) are kept over the target.
        if let (Value::Object(siblings), Value::Object(target_map)) = (&*node, &mut target) {
            for (k, v) in siblings {
                if k != "$ref" {
                    target_map.insert(k.clone(), v.clone());
                }
            }
        }
        *node = target;
        Ok(())
    }

    fn hoist(
        &mut self,
        target_file: &Path,
        fragment: &str,
        from_file: &Path,
        from_pointer: &str,
    ) -> Result<String, Diagnostic> {
        let key = (target_file.to_path_buf(), fragment.to_string());
        if let Some(name) = self.hoisted.get(&key) {
            return Ok(name.clone());
        }
        let base = lifted_name(fragment).unwrap_or_else(|| {
            target_file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("Schema")
                .to_string()
        });
        let mut name = base.clone();
        let mut n = 2;
        while self.used_names.contains(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.used_names.insert(name.clone());
        self.hoisted.insert(key, name.clone());
        let reference = format!("{}#{fragment}", target_file.display());
        let mut target = self.target(target_file, fragment, from_file, from_pointer, &reference)?;
        let slot = self.new_schemas.len();
        self.new_schemas.push((name.clone(), Value::Null));
        self.walk(&mut target, Kind::Schema, target_file, fragment)?;
        self.new_schemas[slot].1 = target;
        Ok(name)
    }

    fn target(
        &mut self,
        target_file: &Path,
        fragment: &str,
        from_file: &Path,
        from_pointer: &str,
        reference: &str,
    ) -> Result<Value, Diagnostic> {
        if !self.files.contains_key(target_file) {
            let refused = |r: files::Refusal| {
                Diagnostic::new(from_file, join_pointer(from_pointer, "$ref"), r.message)
                    .with_hint(r.hint)
            };
            files::check_referenced(target_file, &self.ref_root).map_err(refused)?;
            if self.file_list.len() >= files::MAX_FILES {
                return Err(refused(files::Refusal {
                    message: format!("the spec refers to more than {} files", files::MAX_FILES),
                    hint: "bundle some of its files into one".to_string(),
                }));
            }
            let what = format!("the referenced file {}", target_file.display());
            let text = files::read_bounded(target_file, &what).map_err(refused)?;
            self.bytes_read += text.len() as u64;
            if self.bytes_read > files::MAX_TOTAL_BYTES {
                return Err(refused(files::Refusal {
                    message: format!(
                        "the spec's files hold more than {} bytes together",
                        files::MAX_TOTAL_BYTES
                    ),
                    hint: "split the API into smaller specs".to_string(),
                }));
            }
            let is_text = target_file
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| matches!(e, "md" | "markdown" | "txt"));
            let value = if is_text {
                Value::String(text)
            } else {
                source::parse(target_file, &text)?
            };
            self.files.insert(target_file.to_path_buf(), value);
            self.file_list.push(target_file.to_path_buf());
        }
        let doc = &self.files[target_file];
        let found = if fragment.is_empty() {
            Some(doc)
        } else {
            doc.pointer(fragment)
        };
        found.cloned().ok_or_else(|| {
            Diagnostic::new(
                from_file,
                join_pointer(from_pointer, "$ref"),
                format!(
                    "dangling reference `{reference}`: nothing at `{fragment}` in {}",
                    target_file.display()
                ),
            )
            .with_hint("point the $ref at an existing node, or add the missing definition")
        })
    }
}

/// Whether a document's text has any reference the bundler must act on: one
/// to another file, or one to a schema outside `#/components/schemas`. Most
/// single-file specs have none, and skipping the walk saves time on big ones.
pub fn needs_bundling(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find("$ref") {
        rest = &rest[at + 4..];
        let value = rest
            .trim_start_matches(['"', '\'', ' ', '\t'])
            .strip_prefix(':')
            .map(|v| v.trim_start_matches([' ', '\t', '"', '\'']));
        match value {
            Some(v) if v.starts_with(['>', '|']) => {
                let key_at = text.len() - rest.len() - 4;
                let column = key_at - text[..key_at].rfind('\n').map_or(0, |i| i + 1);
                if !block_ref_is_component_schema(v, column) {
                    return true;
                }
            }
            Some(v) if v.starts_with("#/components/") => {
                // `#/components/SECTION/NAME` is read where it stands; a
                // pointer deeper than that (a parameter's schema, a
                // property of a schema) is a schema the bundler must lift.
                let pointer = &v["#/components/".len()..];
                let end = pointer
                    .find(['"', '\'', '\n', '\r', ',', '}', ' '])
                    .unwrap_or(pointer.len());
                if pointer[..end].split('/').count() > 2 || pointer[..end].contains('%') {
                    return true;
                }
            }
            Some(_) => return true,
            // `$ref` as a word in a description, not a key.
            None => {}
        }
    }
    false
}

/// Whether a `$ref` given as a block scalar (`$ref: >-` and the reference on
/// the next line, as long names are written) is certainly a plain reference
/// to a component schema, which the bundler leaves alone: one line of
/// `#/components/schemas/NAME` with nothing in NAME that could make it point
/// deeper (`/`, or `%` that could decode to one) or fold with more text.
/// `v` starts at the block indicator; `column` is where `$ref` stands.
fn block_ref_is_component_schema(v: &str, column: usize) -> bool {
    let Some((header, rest)) = v.split_once('\n') else {
        return false;
    };
    if !matches!(header.trim_end(), ">" | ">-" | ">+" | "|" | "|-" | "|+") {
        return false;
    }
    let mut lines = rest.split('\n');
    let Some(line) = lines.next() else {
        return false;
    };
    let indent = line.len() - line.trim_start_matches(' ').len();
    let content = line.trim_matches([' ', '\r']);
    // The scalar must end with this line: the next is less indented.
    let next = lines.next().unwrap_or("");
    let next_indent = next.len() - next.trim_start_matches(' ').len();
    let ends = next.trim_matches([' ', '\r']).is_empty() && lines.next().is_none()
        || !next.trim_matches([' ', '\r']).is_empty() && next_indent < indent;
    ends && indent > column
        && content
            .strip_prefix("#/components/schemas/")
            .is_some_and(|name| {
                !name.is_empty()
                    && !name.contains(['/', '%', ' ', '\t', '#', '"', '\'', ',', '}', '\\'])
            })
}

fn set_ref(node: &mut Value, reference: String) {
    if let Value::Object(map) = node {
        map.insert("$ref".to_string(), Value::String(reference));
    } else {
        let mut map = Map::new();
        map.insert("$ref".to_string(), Value::String(reference));
        *node = Value::Object(map);
    }
}

/// Decodes `%XX` escapes (URI fragments and paths may carry them).
pub fn percent_decode(text: &str) -> String {
    if !text.contains('%') {
        return text.to_string();
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The name a schema lifted from `fragment` takes: its pointer's last segment
/// that names something, passing over the structural ones. A schema at
/// `/components/parameters/Limit/schema` is called `Limit`, one at
/// `/components/responses/Error/content/application~1json/schema` `Error`,
/// one at `/properties/owner` `owner`. `None` when no segment names anything.
fn lifted_name(fragment: &str) -> Option<String> {
    const STRUCTURAL: [&str; 9] = [
        "schema",
        "content",
        "items",
        "additionalProperties",
        "not",
        "allOf",
        "anyOf",
        "oneOf",
        "prefixItems",
    ];
    let segments: Vec<String> = fragment
        .split('/')
        .map(crate::error::unescape_token)
        .collect();
    (0..segments.len()).rev().find_map(|i| {
        let segment = &segments[i];
        let media_type = i > 0 && segments[i - 1] == "content";
        let position = segment.bytes().all(|b| b.is_ascii_digit());
        let names = !segment.is_empty()
            && !media_type
            && !position
            && !STRUCTURAL.contains(&segment.as_str());
        names.then(|| segment.clone())
    })
}

#[cfg(test)]
mod tests {
    use super::{lifted_name, needs_bundling};

    #[test]
    fn spots_references_that_need_work() {
        assert!(!needs_bundling("a:\n  $ref: '#/components/schemas/Pet'\n"));
        assert!(!needs_bundling(
            "{\"$ref\": \"#/components/parameters/Limit\"}"
        ));
        assert!(!needs_bundling(
            "description: use $ref to point at things\n"
        ));
        assert!(needs_bundling("a:\n  $ref: 'models/pet.yml'\n"));
        assert!(needs_bundling(
            "a:\n  $ref: \"#/components/schemas/Pet/properties/id\"\n"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: '#/paths/~1pets/get/responses/200/content/application~1json/schema'\n"
        ));
        // A schema inside another component, written inline.
        assert!(needs_bundling(
            "a:\n  $ref: '#/components/parameters/Limit/schema'\n"
        ));
        assert!(needs_bundling(
            "{\"$ref\": \"#/components/responses/Err/content/application~1json/schema\"}"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: '#/components/schemas/Pet%2Fid'\n"
        ));
        // Long references written as block scalars.
        assert!(!needs_bundling(
            "a:\n  $ref: >-\n    #/components/schemas/a_very_long_name\nb: 1\n"
        ));
        assert!(!needs_bundling(
            "a:\n  $ref: |\n    #/components/schemas/Name\n"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: >-\n    #/components/schemas/Pet/properties/id\nb: 1\n"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: >-\n    #/components/parameters/P/schema\nb: 1\n"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: >-\n    #/components/schemas/Pet\n    /properties/id\n"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: >-\n    #/components/schemas/Pet\n\n    more\n"
        ));
        assert!(needs_bundling("a:\n  $ref: >-\n    models/pet.yml\nb: 1\n"));
        // Not indented under the key: a comment, and the reference is empty.
        assert!(needs_bundling(
            "a:\n  $ref: >-\n  #/components/schemas/Pet\nb: 1\n"
        ));
        assert!(needs_bundling(
            "a:\n  $ref: >-\n    #/components/schemas/Pet%2Fx\nb: 1\n"
        ));
    }

    #[test]
    fn lifted_schemas_are_named_after_what_holds_them() {
        assert_eq!(
            lifted_name("/components/parameters/Limit/schema").as_deref(),
            Some("Limit")
        );
        assert_eq!(
            lifted_name("/components/responses/Error/content/application~1json/schema").as_deref(),
            Some("Error")
        );
        assert_eq!(lifted_name("/properties/owner").as_deref(), Some("owner"));
        assert_eq!(
            lifted_name("/definitions/a~1b/items/0").as_deref(),
            Some("a/b")
        );
        assert_eq!(lifted_name("/schema/items"), None);
        assert_eq!(lifted_name(""), None);
    }
}
