//! Emitters: from the IR to complete packages, one per language. Each language
//! lives in its own module; this one holds what they share: the package
//! metadata and the atomic writing of a package to disk.

use std::path::{Path, PathBuf};

pub(crate) mod hash;
pub(crate) mod layout;
mod node;
mod python;
pub mod registry;
mod rust;

use crate::config::Config;
use crate::ir::Api;

/// A target language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub enum Lang {
    Rust,
    Python,
    Node,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::Rust, Lang::Python, Lang::Node];

    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Rust => "rust",
            Lang::Python => "python",
            Lang::Node => "node",
        }
    }
}

/// One generated file, relative to the package root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    pub path: PathBuf,
    pub contents: String,
}

/// Package metadata for one language, from `sdkgen.toml` and the spec.
#[derive(Debug, Clone)]
pub struct PackageInfo {
    /// The name on the registry.
    pub name: String,
    pub version: String,
    pub license: String,
    pub repository: Option<String>,
    pub description: String,
    pub authors: Vec<String>,
    /// The start of the environment variables the SDK reads (`PAYMENTS`:
    /// `PAYMENTS_BEARER_TOKEN`, `PAYMENTS_BASE_URL`), the same in every
    /// language.
    pub env_prefix: String,
    /// The provider's licence text, copied into the package as `LICENSE`.
    pub license_text: Option<String>,
}

impl PackageInfo {
    /// The environment variable of the credential or setting `name`
    /// (`bearer_token` gives `PAYMENTS_BEARER_TOKEN`).
    pub fn env_var(&self, name: &str) -> String {
        format!("{}_{}", self.env_prefix, crate::case::shouty_snake(name))
    }
}

impl PackageInfo {
    pub fn new(api: &Api, config: &Config, lang: Lang) -> PackageInfo {
        let per_lang = match lang {
            Lang::Rust => &config.rust,
            Lang::Python => &config.python,
            Lang::Node => &config.node,
        };
        let base = config
            .package
            .name
            .clone()
            .unwrap_or_else(|| default_base_name(api).0);
        let name = per_lang.name.clone().unwrap_or_else(|| kebab(&base));
        let spec_version = if is_semver(&api.version) {
            Some(api.version.clone())
        } else {
            None
        };
        PackageInfo {
            name,
            version: per_lang
                .version
                .clone()
                .or_else(|| config.package.version.clone())
                .or(spec_version)
                .unwrap_or_else(|| "0.1.0".to_string()),
            license: config
                .package
                .license
                .clone()
                .unwrap_or_else(|| "Apache-2.0".to_string()),
            repository: config.package.repository.clone(),
            description: config
                .package
                .description
                .clone()
                .unwrap_or_else(|| client_description(&api.title)),
            authors: config.package.authors.clone(),
            env_prefix: config
                .package
                .env_prefix
                .clone()
                .unwrap_or_else(|| crate::case::shouty_snake(&kebab(&base))),
            license_text: config.package.license_text.clone(),
        }
    }
}

/// "Client for the Payments API", without saying "API" twice.
fn client_description(title: &str) -> String {
    let trimmed = title.trim();
    if trimmed.to_ascii_lowercase().ends_with("api") {
        format!("Client for the {trimmed}")
    } else {
        format!("Client for the {trimmed} API")
    }
}

/// Titles whose kebab form has more words or characters than these give
/// no package name a publisher would keep.
const NAME_WORDS: usize = 3;
const NAME_CHARS: usize = 24;

/// The base package name when sdkgen.toml gives none, and, when it is a
/// guess rather than the spec's short title, how it was made (for a `build`
/// warning): the title without "API" when short; else the API host's own
/// label (`api.github.com` gives `github`); else the title's first words.
pub fn default_base_name(api: &Api) -> (String, Option<String>) {
    let title = without_api_suffix(&api.title);
    let kebab_title = kebab(&title);
    if kebab_title.split('-').count() <= NAME_WORDS && kebab_title.len() <= NAME_CHARS {
        return (title, None);
    }
    if let Some((label, host)) = api.servers.first().and_then(|s| host_label(&s.url)) {
        let why = format!("from the server host {host} (the title is too long for a name)");
        return (label, Some(why));
    }
    let words: Vec<&str> = kebab_title.split('-').take(2).collect();
    let name = words.join("-");
    let why = "from the title's first words (the title is too long for a name)".to_string();
    (name, Some(why))
}

/// The label that names an API's own host: `api.github.com` gives
/// `github`. `None` for addresses, local and documentation hosts.
fn host_label(url: &str) -> Option<(String, String)> {
    let rest = url.split_once("://")?.1;
    let host = rest
        .split(['/', ':', '?', '#'])
        .next()?
        .to_ascii_lowercase();
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 || labels.iter().all(|l| l.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let own = labels[labels.len() - 2];
    const PLACEHOLDERS: &[&str] = &["example", "localhost", "test", "invalid", "local"];
    let valid = own.len() >= 2 && own.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !valid || PLACEHOLDERS.contains(&own) || labels.contains(&"localhost") {
        return None;
    }
    Some((own.to_string(), host.clone()))
}

/// "Payments API" names a package `payments`, not `payments-api`.
fn without_api_suffix(title: &str) -> String {
    let trimmed = title.trim();
    let lower = trimmed.to_ascii_lowercase();
    for suffix in [" api", " rest api", " http api"] {
        if lower.ends_with(suffix) && lower.len() > suffix.len() {
            return trimmed[..trimmed.len() - suffix.len()].to_string();
        }
    }
    trimmed.to_string()
}

fn is_semver(v: &str) -> bool {
    let core = v.split(['-', '+']).next().unwrap_or("");
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// Lower-case words joined by `-`, ASCII only: a name every registry accepts.
pub fn kebab(text: &str) -> String {
    use heck::ToKebabCase;
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
        .collect();
    let name = cleaned.to_kebab_case();
    if name.is_empty() {
        "api-client".to_string()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("api-{name}")
    } else {
        name
    }
}

/// Generates the files of one language's package, or says why it cannot.
pub fn emit(lang: Lang, api: &Api, package: &PackageInfo) -> Result<Vec<OutputFile>, String> {
    let mut files = match lang {
        Lang::Rust => rust::emit(api, package),
        Lang::Python => python::emit(api, package),
        Lang::Node => node::emit(api, package),
    }?;
    // Every package carries the contract its runtime implements, which its
    // README links to: a package stands alone on its registry.
    files.push(OutputFile {
        path: PathBuf::from(CONTRACT_FILE),
        contents: CONTRACT.to_string(),
    });
    if let Some(text) = &package.license_text {
        files.push(OutputFile {
            path: PathBuf::from("LICENSE"),
            contents: text.clone(),
        });
    }
    Ok(files)
}

/// The runtime contract (runtime/CONTRACT.md), as each package carries it.
pub const CONTRACT: &str = include_str!("../../../runtime/CONTRACT.md");
/// Its name in a package, beside the README.
pub const CONTRACT_FILE: &str = "CONTRACT.md";

/// Room a file's text still has when a piece is added without looking ahead.
const SLACK: usize = 64 * 1024;

/// Makes room in `text`, which holds the first `done` of `count` similar
/// pieces of a file, for the rest when it is nearly full: as much as the
/// pieces so far project, rather than doubling it over and over. Each growth
/// of a large buffer copies it to fresh pages, which the kernel zeroes first.
pub(crate) fn reserve_projected(text: &mut String, done: usize, count: usize) {
    if done == 0 || text.capacity() - text.len() >= SLACK {
        return;
    }
    let projected = text.len() / done * count + SLACK;
    text.reserve(projected.saturating_sub(text.len()));
}

/// Writes a package so that `dir` holds either the complete new package or
/// what it held before: files go to a sibling temporary folder first, which
/// then replaces `dir`.
pub fn write_package(dir: &Path, files: &[OutputFile]) -> std::io::Result<()> {
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)?;
    let name = dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("package");
    let staging = parent.join(format!(".{name}.sdkgen-tmp-{}", std::process::id()));
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    let result = (|| {
        for f in files {
            let path = staging.join(&f.path);
            if let Some(p) = path.parent() {
                std::fs::create_dir_all(p)?;
            }
            std::fs::write(&path, &f.contents)?;
        }
        let old = parent.join(format!(".{name}.sdkgen-old-{}", std::process::id()));
        if dir.exists() {
            std::fs::rename(dir, &old)?;
        }
        std::fs::rename(&staging, dir)?;
        if old.exists() {
            std::fs::remove_dir_all(&old)?;
        }
        Ok(())
    })();
    if result.is_err() && staging.exists() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(title: &str, server: Option<&str>) -> Api {
        let servers = server
            .map(|url| format!("servers:\n  - url: {url}\n"))
            .unwrap_or_default();
        let text = format!(
            "openapi: 3.0.3\ninfo: {{title: \"{title}\", version: '1'}}\n{servers}paths: {{}}\n"
        );
        let loaded = crate::load::load_text(std::path::Path::new("t.yaml"), text).unwrap();
        crate::ir::build(&loaded).unwrap()
    }

    #[test]
    fn a_short_title_is_the_name_and_no_guess() {
        assert_eq!(
            default_base_name(&api("Payments API", Some("https://api.example.com"))),
            ("Payments".into(), None)
        );
        assert_eq!(default_base_name(&api("OpenAI API", None)).0, "OpenAI");
    }

    #[test]
    fn a_long_title_gives_way_to_the_host_then_to_its_first_words() {
        let title = "GitHub's official OpenAPI spec + Octokit extension";
        let (name, why) = default_base_name(&api(title, Some("https://api.github.com")));
        assert_eq!(name, "github");
        assert!(why.unwrap().contains("api.github.com"));
        for placeholder in [
            "https://api.payments.example.com/v2",
            "http://127.0.0.1:8080",
            "http://localhost/api",
            "/v1",
        ] {
            let (name, why) = default_base_name(&api(title, Some(placeholder)));
            assert_eq!(name, "git-hub", "{placeholder}");
            assert!(why.unwrap().contains("first words"));
        }
    }
}
