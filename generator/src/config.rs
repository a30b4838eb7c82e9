//! `sdkgen.toml`: package metadata for the generated SDKs.

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
                .with_hint("known keys: overlays = [...]; tables: [package] (name, version, license, repository, description, authors, env-prefix), [rust], [python], [node] (name, version)")
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
        let dir = path.parent().unwrap_or(Path::new("."));
        for overlay in &mut config.overlays {
            if overlay.is_relative() {
                *overlay = dir.join(&*overlay);
            }
        }
        Ok((config, Some(path)))
    }
}
