//! The credentials of each security scheme and their names, decided once for
//! the three SDKs (runtime/CONTRACT.md section 10): every language only
//! cases them (`api_key`, `apiKey`), and the environment variable that
//! provides one is `<PREFIX>_<NAME>` in capitals everywhere.

use serde::Serialize;

use super::{AuthKind, AuthScheme};

/// What a credential is to its scheme.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A bearer token, an OAuth2 access token, or an API key: the one secret.
    Secret,
    Username,
    Password,
    ClientId,
    ClientSecret,
}

/// One value a client takes for a scheme.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Credential {
    /// Lower-case words joined by `_`: `api_key`, `client_id`.
    pub name: String,
    pub role: Role,
}

/// Names given to nothing: the client's own options that read the
/// environment the same way.
const RESERVED: &[&str] = &["base_url"];

/// Words a scheme's name carries that say nothing about its credential.
const NOISE: &[&str] = &[
    "auth",
    "authentication",
    "authorization",
    "security",
    "scheme",
    "http",
];

/// Fills each scheme's `credentials`, the names unique across the API.
pub fn name_credentials(schemes: &mut [AuthScheme]) {
    let mut taken: Vec<String> = RESERVED.iter().map(|s| s.to_string()).collect();
    for scheme in schemes.iter_mut() {
        let words = scheme_words(&scheme.name);
        let wanted = wanted(&scheme.kind, &words);
        // Prefixed by the whole scheme name where a name is already taken
        // (two bearer schemes, or a key scheme named `base_url`).
        let clash = wanted.iter().any(|(name, _)| taken.contains(name));
        let mut credentials = Vec::with_capacity(wanted.len());
        for (name, role) in wanted {
            let mut name = if clash {
                prefixed(&crate::case::snake(&scheme.name), &name)
            } else {
                name
            };
            let stem = name.clone();
            let mut n = 2;
            while taken.contains(&name) {
                name = format!("{stem}_{n}");
                n += 1;
            }
            taken.push(name.clone());
            credentials.push(Credential { name, role });
        }
        scheme.credentials = credentials;
    }
}

/// The scheme name's words, lower case, without the ones that only say
/// "this is an auth scheme".
fn scheme_words(name: &str) -> Vec<String> {
    crate::case::snake(name)
        .split('_')
        .filter(|w| !w.is_empty() && !NOISE.contains(w))
        .map(str::to_string)
        .collect()
}

fn prefixed(prefix: &str, name: &str) -> String {
    if prefix.is_empty() || name.starts_with(&format!("{prefix}_")) {
        name.to_string()
    } else {
        format!("{prefix}_{name}")
    }
}

/// The names a scheme would like, before clashes.
fn wanted(kind: &AuthKind, words: &[String]) -> Vec<(String, Role)> {
    let without = |drop: &[&str]| -> Vec<&str> {
        words
            .iter()
            .map(String::as_str)
            .filter(|w| !drop.contains(w))
            .collect()
    };
    match kind {
        AuthKind::Bearer { .. } => {
            let rest = without(&["bearer"]);
            vec![(secret_name(&rest, "bearer_token", "token"), Role::Secret)]
        }
        AuthKind::ApiKey { .. } => {
            let rest = without(&[]);
            vec![(secret_name(&rest, "api_key", "key"), Role::Secret)]
        }
        AuthKind::Basic => {
            let prefix = without(&["basic"]).join("_");
            vec![
                (prefixed(&prefix, "username"), Role::Username),
                (prefixed(&prefix, "password"), Role::Password),
            ]
        }
        AuthKind::OAuth2 { token_url, .. } => {
            let prefix = without(&[
                "oauth", "oauth2", "o", "2", "open", "id", "openid", "connect", "oidc",
            ])
            .join("_");
            let mut out = Vec::new();
            if token_url.is_some() {
                out.push((prefixed(&prefix, "client_id"), Role::ClientId));
                out.push((prefixed(&prefix, "client_secret"), Role::ClientSecret));
            }
            out.push((prefixed(&prefix, "access_token"), Role::Secret));
            out
        }
    }
}

/// A one-secret scheme's name: its words when they end in a word for a
/// secret (`api_key`, `github_token`), else its words and `suffix`
/// (`partner` gives `partner_key`); `fallback` when it has none.
fn secret_name(words: &[&str], fallback: &str, suffix: &str) -> String {
    const SECRET_WORDS: &[&str] = &["key", "token", "secret", "jwt", "pat", "apikey"];
    match words.last() {
        None => fallback.to_string(),
        Some(last) if SECRET_WORDS.contains(last) => words.join("_"),
        Some(_) => format!("{}_{suffix}", words.join("_")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::ParamLocation;

    fn scheme(name: &str, kind: AuthKind) -> AuthScheme {
        AuthScheme {
            name: name.to_string(),
            kind,
            description: None,
            credentials: Vec::new(),
        }
    }

    fn bearer() -> AuthKind {
        AuthKind::Bearer { format: None }
    }

    fn key(location: ParamLocation) -> AuthKind {
        AuthKind::ApiKey {
            location,
            param: "X-Key".to_string(),
        }
    }

    fn names(schemes: &mut [AuthScheme]) -> Vec<Vec<String>> {
        name_credentials(schemes);
        schemes
            .iter()
            .map(|s| s.credentials.iter().map(|c| c.name.clone()).collect())
            .collect()
    }

    #[test]
    fn the_scheme_name_gives_the_words() {
        let mut schemes = vec![
            scheme("ApiKeyAuth", bearer()),
            scheme("bearerAuth", key(ParamLocation::Header)),
            scheme("partner", key(ParamLocation::Query)),
            scheme("basicAuth", AuthKind::Basic),
            scheme("GitHubToken", bearer()),
        ];
        // bearerAuth as an API key scheme keeps its words: `bearer_key`.
        assert_eq!(
            names(&mut schemes),
            [
                vec!["api_key"],
                vec!["bearer_key"],
                vec!["partner_key"],
                vec!["username", "password"],
                vec!["git_hub_token"],
            ]
        );
    }

    #[test]
    fn schemes_named_for_their_kind_get_the_kind_s_name() {
        let mut schemes = vec![
            scheme("bearerAuth", bearer()),
            scheme("api_key", key(ParamLocation::Cookie)),
            scheme(
                "oauth2",
                AuthKind::OAuth2 {
                    token_url: Some("/oauth/token".into()),
                    scopes: vec![],
                },
            ),
        ];
        assert_eq!(
            names(&mut schemes),
            [
                vec!["bearer_token"],
                vec!["api_key"],
                vec!["client_id", "client_secret", "access_token"],
            ]
        );
    }

    #[test]
    fn a_clash_is_prefixed_by_the_later_scheme_s_name() {
        let mut schemes = vec![
            scheme("bearer", bearer()),
            scheme("adminBearer", bearer()),
            scheme("Bearer", bearer()),
            scheme("base_url", key(ParamLocation::Header)),
            scheme("basicAuth", AuthKind::Basic),
            scheme("legacyBasic", AuthKind::Basic),
        ];
        assert_eq!(
            names(&mut schemes),
            [
                vec!["bearer_token"],
                vec!["admin_token"],
                vec!["bearer_token_2"],
                vec!["base_url_key"],
                vec!["username", "password"],
                vec!["legacy_username", "legacy_password"],
            ]
        );
    }

    #[test]
    fn openid_connect_has_only_an_access_token() {
        let mut schemes = vec![scheme(
            "openIdConnect",
            AuthKind::OAuth2 {
                token_url: None,
                scopes: vec![],
            },
        )];
        assert_eq!(names(&mut schemes), [vec!["access_token"]]);
    }
}
