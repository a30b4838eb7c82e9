//! Package names and metadata as each registry accepts them, checked before
//! anything is emitted.
//!
//! A name given in `sdkgen.toml` for one language (`[rust] name = ...`) is
//! used as written, so it must already be valid: otherwise it is an error
//! with the registry's rule. A name made from the spec's title is lower-case
//! ASCII words joined by `-` (see [`super::kebab`]), valid everywhere but
//! possibly too long: it is cut at a `-` to [`MAX_DERIVED_NAME`] characters,
//! with a warning naming the result. Control characters in the description
//! become spaces, also with a warning.

use super::{Lang, PackageInfo};

/// crates.io's limit on a crate name, the strictest of the three; names
/// made from the title are cut to it for every language.
pub const MAX_DERIVED_NAME: usize = 64;
/// PyPI documents no limit; sdkgen keeps names to this many characters, as
/// the import package made from the name is a folder name.
pub const MAX_PYPI_NAME: usize = 100;
/// npm's limit, scope included.
pub const MAX_NPM_NAME: usize = 214;

/// Why a name given for `lang` is not valid there, with the rule.
fn invalid(lang: Lang, name: &str) -> Option<String> {
    let alnum = |c: char| c.is_ascii_alphanumeric();
    match lang {
        Lang::Rust => {
            if name.len() > MAX_DERIVED_NAME {
                Some(format!(
                    "crates.io takes at most {MAX_DERIVED_NAME} characters"
                ))
            } else if !name.starts_with(|c: char| c.is_ascii_alphabetic())
                || !name.chars().all(|c| alnum(c) || c == '-' || c == '_')
            {
                Some("a crate name starts with an ASCII letter and holds only ASCII letters, digits, `-` and `_`".into())
            } else {
                None
            }
        }
        Lang::Python => {
            if name.len() > MAX_PYPI_NAME {
                Some(format!(
                    "sdkgen takes PyPI names of at most {MAX_PYPI_NAME} characters"
                ))
            } else if !name.starts_with(alnum)
                || !name.ends_with(alnum)
                || !name
                    .chars()
                    .all(|c| alnum(c) || matches!(c, '-' | '_' | '.'))
            {
                Some("a PyPI name (PEP 508) starts and ends with an ASCII letter or digit and holds only those, `-`, `_` and `.`".into())
            } else {
                None
            }
        }
        Lang::Node => {
            let bare = match name.strip_prefix('@') {
                Some(scoped) => match scoped.split_once('/') {
                    Some((scope, bare)) if !scope.is_empty() && npm_part(scope) => bare,
                    _ => return Some("a scoped npm name is `@scope/name`".into()),
                },
                None => name,
            };
            if name.len() > MAX_NPM_NAME {
                Some(format!("npm takes at most {MAX_NPM_NAME} characters"))
            } else if bare.is_empty() || bare.starts_with(['.', '_']) || !npm_part(bare) {
                Some("an npm name is lower-case, does not start with `.` or `_`, and holds only ASCII letters, digits, `-`, `.`, `_` and `~`".into())
            } else {
                None
            }
        }
    }
}

fn npm_part(part: &str) -> bool {
    part.chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '.' | '_' | '~'))
}

/// `name` cut at a `-` to at most [`MAX_DERIVED_NAME`] characters (ASCII:
/// names made by `kebab` are).
fn shortened(name: &str) -> String {
    if name.len() <= MAX_DERIVED_NAME {
        return name.to_string();
    }
    let head = &name[..MAX_DERIVED_NAME];
    let cut = match head.rfind('-') {
        Some(at) if at > 0 => &head[..at],
        _ => head,
    };
    cut.trim_end_matches('-').to_string()
}

/// Checks `package` for `lang`. `given` says whether its name was given for
/// that language in the config (and so is used as written). Returns the
/// warnings for what was substituted, or the error for a given name that the
/// registry refuses.
pub fn check(lang: Lang, package: &mut PackageInfo, given: bool) -> Result<Vec<String>, String> {
    let mut warnings = Vec::new();
    if given {
        if let Some(rule) = invalid(lang, &package.name) {
            return Err(format!(
                "the {} package name {:?} is not valid: {rule}",
                lang.as_str(),
                package.name
            ));
        }
    } else {
        let short = shortened(&package.name);
        if short != package.name {
            warnings.push(format!(
                "the {} package name made from the title is {} characters long; using `{short}` (set [package] name in sdkgen.toml to choose)",
                lang.as_str(),
                package.name.len()
            ));
            package.name = short;
        }
    }
    if package.description.chars().any(char::is_control) {
        package.description = package
            .description
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        warnings.push(format!(
            "the {} package description held control characters; each is a space in it",
            lang.as_str()
        ));
    }
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(name: &str) -> PackageInfo {
        PackageInfo {
            name: name.to_string(),
            version: "1.0.0".into(),
            license: "MIT".into(),
            repository: None,
            description: "Client for the T API".into(),
            authors: Vec::new(),
            env_prefix: "T".into(),
            license_text: None,
        }
    }

    #[test]
    fn given_names_follow_each_registry() {
        for (lang, good, bad) in [
            (Lang::Rust, "acme_payments-2", "2acme"),
            (Lang::Rust, "a", "acme.payments"),
            (Lang::Python, "Acme.Payments_2", "acme-"),
            (Lang::Python, "a", "acme payments"),
            (Lang::Node, "@acme/payments.js", "Acme"),
            (Lang::Node, "payments~1", "@acme"),
            (Lang::Node, "p", "_private"),
        ] {
            assert_eq!(check(lang, &mut package(good), true), Ok(vec![]), "{good}");
            let err = check(lang, &mut package(bad), true).expect_err(bad);
            assert!(err.contains(&format!("{bad:?}")), "{err}");
        }
        let long = "a".repeat(65);
        assert!(check(Lang::Rust, &mut package(&long), true).is_err());
        assert!(check(Lang::Python, &mut package(&long), true).is_ok());
        assert!(check(Lang::Node, &mut package(&"a".repeat(215)), true).is_err());
    }

    #[test]
    fn long_derived_names_are_cut_at_a_word() {
        let mut p = package(&format!("evil-2j-{}", "a".repeat(250)));
        let warnings = check(Lang::Python, &mut p, false).unwrap();
        assert_eq!(p.name, "evil-2j");
        assert!(warnings[0].contains("using `evil-2j`"), "{warnings:?}");
        let mut p = package(&"a".repeat(100));
        check(Lang::Rust, &mut p, false).unwrap();
        assert_eq!(p.name.len(), MAX_DERIVED_NAME);
        let mut p = package("payments");
        assert_eq!(check(Lang::Node, &mut p, false), Ok(vec![]));
        assert_eq!(p.name, "payments");
    }

    #[test]
    fn control_characters_leave_the_description() {
        let mut p = package("t");
        p.description = "Client for the Evil\0\u{1b}[2J API".into();
        let warnings = check(Lang::Rust, &mut p, false).unwrap();
        assert_eq!(p.description, "Client for the Evil  [2J API");
        assert_eq!(warnings.len(), 1);
    }
}
