//! The Python runtime, embedded so that the `sdkgen` binary is
//! self-contained: `runtime/python/sdkgen_runtime/`, copied verbatim into
//! every generated package as `<package>/_runtime/`.

/// `(file name, contents)` of every file of `sdkgen_runtime/`.
pub const FILES: &[(&str, &str)] = &[
    (
        "__init__.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/__init__.py"),
    ),
    (
        "async_client.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/async_client.py"),
    ),
    (
        "auth.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/auth.py"),
    ),
    (
        "budget.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/budget.py"),
    ),
    (
        "clock.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/clock.py"),
    ),
    (
        "config.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/config.py"),
    ),
    (
        "core.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/core.py"),
    ),
    (
        "deadline.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/deadline.py"),
    ),
    (
        "encoding.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/encoding.py"),
    ),
    (
        "errors.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/errors.py"),
    ),
    (
        "files.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/files.py"),
    ),
    (
        "keys.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/keys.py"),
    ),
    (
        "pagination.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/pagination.py"),
    ),
    (
        "policy.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/policy.py"),
    ),
    (
        "py.typed",
        include_str!("../../../../runtime/python/sdkgen_runtime/py.typed"),
    ),
    (
        "redact.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/redact.py"),
    ),
    (
        "response.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/response.py"),
    ),
    (
        "streaming.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/streaming.py"),
    ),
    (
        "sync_client.py",
        include_str!("../../../../runtime/python/sdkgen_runtime/sync_client.py"),
    ),
];

#[cfg(test)]
mod tests {
    use super::FILES;

    /// A file added to or removed from the runtime must be added to or
    /// removed from `FILES` too.
    #[test]
    fn every_runtime_file_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../runtime/python/sdkgen_runtime");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("runtime/python/sdkgen_runtime")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n != "__pycache__")
            .collect();
        on_disk.sort();
        let embedded: Vec<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(embedded, on_disk);
    }
}
