//! Reading the files of a spec within bounds: each referenced file must be a
//! regular file under the spec's root folder, and no file, nor all of them
//! together, may be larger than the limits below.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file sdkgen reads (Stripe's spec, the corpus's largest, is 4.2 MB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The most bytes all the files of one spec may hold together.
pub const MAX_TOTAL_BYTES: u64 = 256 << 20;
/// The most files one spec may be made of (DigitalOcean's has 2,907).
pub const MAX_FILES: usize = 10_000;

/// Why a file was not read, as a message and a hint.
pub struct Refusal {
    pub message: String,
    pub hint: String,
}

fn refusal(message: String, hint: &str) -> Refusal {
    Refusal {
        message,
        hint: hint.to_string(),
    }
}

/// The folder references must stay in: `given` (the `--ref-root` option),
/// else the folder of the entry file, both with symlinks resolved.
pub fn ref_root(entry: &Path, given: Option<&Path>) -> PathBuf {
    let folder = match given {
        Some(dir) => dir.to_path_buf(),
        None => {
            let canonical = std::fs::canonicalize(entry).unwrap_or_else(|_| entry.to_path_buf());
            match canonical.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            }
        }
    };
    std::fs::canonicalize(&folder).unwrap_or(folder)
}

/// Checks that `canonical`, a referenced file with symlinks resolved, lies
/// under `root` and is a regular file of at most [`MAX_FILE_BYTES`], without
/// opening it (opening a FIFO waits for a writer).
pub fn check_referenced(canonical: &Path, root: &Path) -> Result<(), Refusal> {
    if !canonical.starts_with(root) {
        return Err(refusal(
            format!(
                "the referenced file {} is outside the spec's root folder {}",
                canonical.display(),
                root.display()
            ),
            "keep every file of the spec under the folder of its entry file, or name a folder that holds them all with --ref-root DIR",
        ));
    }
    let meta = std::fs::metadata(canonical).map_err(|e| {
        refusal(
            format!("cannot read the referenced file {}: {e}", canonical.display()),
            "check the relative path in this $ref; it is resolved against the folder of the file that holds it",
        )
    })?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device, a FIFO or a socket)"
        };
        return Err(refusal(
            format!("the referenced path {} is {what}", canonical.display()),
            "point the $ref at a YAML, JSON or text file",
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(canonical, meta.len()));
    }
    Ok(())
}

fn too_big(path: &Path, len: u64) -> Refusal {
    refusal(
        format!(
            "{} holds {len} bytes or more, over the limit of {MAX_FILE_BYTES} bytes for one file",
            path.display()
        ),
        "split the document into smaller files that refer to each other",
    )
}

/// Reads `path` as UTF-8 text, at most [`MAX_FILE_BYTES`] of it: a file that
/// grows, or a pipe given as the entry, cannot fill the memory. `what` names
/// the file in the message (`the spec`, `the referenced file x.yaml`).
pub fn read_bounded(path: &Path, what: &str) -> Result<String, Refusal> {
    let hint = "check the path; sdkgen reads an OpenAPI 3.0 or 3.1 document in YAML or JSON";
    let failed = |e: std::io::Error| refusal(format!("cannot read {what}: {e}"), hint);
    let file = std::fs::File::open(path).map_err(failed)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(refusal(
            format!("cannot read {what}: {} is a folder", path.display()),
            "name the spec's entry file, not its folder",
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(failed)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(path, bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| {
        failed(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}
