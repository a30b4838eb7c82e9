//! `sdkgen.toml`: package metadata for the generated SDKs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::Diagnostic;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Overlay files (Overlay Specification 1.0) applied to the spec, in
    /// order, before any given with `--overlay`; relative to this file.
    #[serde(default)]
    pub overlays: Vec<PathBuf>,
    #[serde(default)]
    pub package: Package,
    #[serde(default)]
    pub rust: LangPackage,
    #[serde(default)]
    pub python: LangPackage,
    #[serde(default)]
    pub node: LangPackage,
    /// Retry settings and the latency hint of every operation, over the
    /// spec's root `x-retries` and `x-latency-p99-ms`.
    #[serde(default)]
    pub retries: Timing,
    /// The same per group (`[groups.files]`, the SDK's group name as
    /// `sdkgen ir --names` shows it), over the spec's and `[retries]`.
    #[serde(default)]
    pub groups: BTreeMap<String, Timing>,
    /// The same per operation (`[operations.createFineTuningJob]`, by
    /// operationId), over everything else.
    #[serde(default)]
    pub operations: BTreeMap<String, Timing>,
    /// Headers every request of every SDK carries (an API version pin such
    /// as `Stripe-Version`); a caller's own default headers replace them.
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
}

/// Headers the SDK's own machinery sets, which `[headers]` may not.
const MANAGED_HEADERS: &[&str] = &[
    "authorization",
    "content-type",
    "content-length",
    "host",
    "cookie",
    "user-agent",
    "transfer-encoding",
    "connection",
    "idempotency-key",
    "request-timeout-ms",
];

/// Retry settings and a latency hint, each optional: the spec's
/// `x-retries` and `x-latency-p99-ms` in sdkgen.toml.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Timing {
    pub max_attempts: Option<u32>,
    pub base_ms: Option<u64>,
    pub cap_ms: Option<u64>,
    pub deadline_ms: Option<u64>,
    pub latency_p99_ms: Option<u64>,
}

impl Timing {
    /// What is wrong with these values, if anything.
    pub fn problem(&self) -> Option<&'static str> {
        if self.max_attempts == Some(0) {
            return Some("max-attempts must be at least 1");
        }
        if [
            self.base_ms,
            self.cap_ms,
            self.deadline_ms,
            self.latency_p99_ms,
        ]
        .contains(&Some(0))
        {
            return Some("base-ms, cap-ms, deadline-ms and latency-p99-ms must be above 0");
        }
        if let (Some(base), Some(cap)) = (self.base_ms, self.cap_ms) {
            if base > cap {
                return Some("base-ms must not be above cap-ms");
            }
        }
        None
    }
}

/// Settings shared by every language.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Package {
    /// Base package name; defaults to the spec's title.
    pub name: Option<String>,
    /// SDK version; defaults to the spec's `info.version` when it is a semantic version, else 0.1.0.
    pub version: Option<String>,
    /// SPDX licence expression.
    pub license: Option<String>,
    pub repository: Option<String>,
    pub description: Option<String>,
    #[serde(default)]
    pub authors: Vec<String>,
    /// What the environment variables the SDKs read start with
    /// (`PAYMENTS` reads `PAYMENTS_API_KEY`); defaults to the package name
    /// in capitals.
    #[serde(rename = "env-prefix")]
    pub env_prefix: Option<String>,
    /// A licence text copied into every package as `LICENSE`, relative to
    /// sdkgen.toml and inside its folder.
    #[serde(rename = "license-file")]
    pub license_file: Option<PathBuf>,
    /// That file's text, read with the config.
    #[serde(skip)]
    pub license_text: Option<String>,
}

/// The largest licence file read: licences are a few kilobytes.
const MAX_LICENSE_BYTES: u64 = 256 * 1024;

/// The text of `[package] license-file`, `given` relative to `dir`: a
/// regular UTF-8 file inside `dir` (symlinks resolved) of at most
/// [`MAX_LICENSE_BYTES`].
fn license_text(config: &Path, dir: &Path, given: &Path) -> Result<String, Diagnostic> {
    let fail = |message: String| {
        Diagnostic::new(config, "", message).with_hint(
            "set [package] license-file to a text file in the folder of sdkgen.toml, e.g. license-file = \"LICENSE\"",
        )
    };
    let shown = crate::inert::inert(&given.display().to_string()).into_owned();
    let root = dir
        .canonicalize()
        .map_err(|e| fail(format!("cannot resolve the folder of the config: {e}")))?;
    let file = root
        .join(given)
        .canonicalize()
        .map_err(|e| fail(format!("[package] license-file {shown}: {e}")))?;
    if !file.starts_with(&root) {
        return Err(fail(format!(
            "[package] license-file {shown} is outside the folder of sdkgen.toml"
        )));
    }
    let meta = std::fs::metadata(&file)
        .map_err(|e| fail(format!("[package] license-file {shown}: {e}")))?;
    if !meta.is_file() {
        return Err(fail(format!(
            "[package] license-file {shown} is not a regular file"
        )));
    }
    if meta.len() > MAX_LICENSE_BYTES {
        return Err(fail(format!(
            "[package] license-file {shown} is over {MAX_LICENSE_BYTES} bytes"
        )));
    }
    let bytes =
        std::fs::read(&file).map_err(|e| fail(format!("[package] license-file {shown}: {e}")))?;
    String::from_utf8(bytes)
        .map_err(|_| fail(format!("[package] license-file {shown} is not UTF-8 text")))
}

/// Per-language overrides.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LangPackage {
    /// The name on the language's registry (crate, PyPI distribution, npm package).
    pub name: Option<String>,
    pub version: Option<String>,
}

impl Config {
    /// Reads `explicit`, else `sdkgen.toml` beside the spec, else defaults.
    pub fn find(
        spec: &Path,
        explicit: Option<&Path>,
    ) -> Result<(Config, Option<PathBuf>), Diagnostic> {
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => {
                let beside = spec.parent().unwrap_or(Path::new(".")).join("sdkgen.toml");
                beside.exists().then_some(beside)
            }
        };
        let Some(path) = path else {
            return Ok((Config::default(), None));
        };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| Diagnostic::new(&path, "", format!("cannot read the config: {e}")))?;
        let mut config: Config = toml::from_str(&text).map_err(|e| {
            let line = e.span().map(|s| text[..s.start].lines().count().max(1));
            Diagnostic::new(&path, "", format!("invalid sdkgen.toml: {}", e.message()))
                .with_line(line)
                .with_hint("known keys: overlays = [...]; tables: [package] (name, version, license, repository, description, authors, env-prefix, license-file), [rust], [python], [node] (name, version), [retries], [groups.NAME], [operations.ID] (max-attempts, base-ms, cap-ms, deadline-ms, latency-p99-ms), [headers] (NAME = VALUE)")
        })?;
        if let Some(prefix) = &config.package.env_prefix {
            let valid = prefix.starts_with(|c: char| c.is_ascii_uppercase())
                && prefix
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
            if !valid {
                return Err(Diagnostic::new(
                    &path,
                    "",
                    format!(
                        "[package] env-prefix {} is not an environment variable name",
                        crate::inert::inert(prefix)
                    ),
                )
                .with_hint("use capital letters, digits and `_`, starting with a letter: env-prefix = \"PAYMENTS\""));
            }
        }
        let timings = std::iter::once(("[retries]".to_string(), &config.retries))
            .chain(
                config
                    .groups
                    .iter()
                    .map(|(k, t)| (format!("[groups.{k}]"), t)),
            )
            .chain(
                config
                    .operations
                    .iter()
                    .map(|(k, t)| (format!("[operations.{k}]"), t)),
            );
        for (table, timing) in timings {
            if let Some(problem) = timing.problem() {
                return Err(Diagnostic::new(
                    &path,
                    "",
                    format!("{}: {problem}", crate::inert::inert(&table)),
                ));
            }
        }
        for (name, value) in &config.headers {
            let problem = if !crate::ir::limits::is_token(name) {
                Some(
                    "is not a header name (an HTTP token: no spaces, quotes or control characters)",
                )
            } else if MANAGED_HEADERS.contains(&name.to_ascii_lowercase().as_str()) {
                Some("is set by the SDKs themselves")
            } else if !value
                .chars()
                .all(|c| c == ' ' || c == '\t' || c.is_ascii_graphic())
            {
                Some("has a value that is not visible ASCII, spaces and tabs")
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(Diagnostic::new(
                    &path,
                    "",
                    format!("[headers] {} {problem}", crate::inert::inert(name)),
                )
                .with_hint(
                    "[headers] holds constant headers such as Stripe-Version = \"2023-08-16\"",
                ));
            }
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        if let Some(given) = &config.package.license_file {
            config.package.license_text = Some(license_text(&path, dir, given)?);
        }
        for overlay in &mut config.overlays {
            if overlay.is_relative() {
                *overlay = dir.join(&*overlay);
            }
        }
        Ok((config, Some(path)))
    }
}
