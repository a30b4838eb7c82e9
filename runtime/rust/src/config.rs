//! Client-wide settings and authentication.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use reqwest::header::HeaderMap;

use super::backoff::Jitter;
use super::budget::DEFAULT_BUDGET_CAPACITY;
use super::deadline::REQUEST_TIMEOUT_HEADER;

/// Default attempt cap: the first attempt and two retries.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;
/// Default backoff base.
pub const DEFAULT_BASE: Duration = Duration::from_millis(500);
/// Default backoff cap.
pub const DEFAULT_CAP: Duration = Duration::from_secs(20);
/// Default deadline of a whole logical call.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(60);
/// The attempt timeout is this many times the p99 latency (then capped by
/// the time left).
pub const ATTEMPT_TIMEOUT_P99_MULTIPLIER: u32 = 3;
/// Default longest response body read: 32 MiB. A body past it is read no
/// further and the call fails with [`Error::ResponseTooLarge`](super::Error).
pub const DEFAULT_MAX_RESPONSE_BYTES: u64 = 32 * 1024 * 1024;
/// Default longest wait for an event stream's next bytes: 60 s
/// (CONTRACT.md section 12).
pub const DEFAULT_STREAM_IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// How the client authenticates. The generated code picks the variant from
/// the spec's security scheme; secrets never appear in `Debug` output or logs.
#[derive(Clone, PartialEq, Eq)]
pub enum Auth {
    /// `Authorization: Bearer <token>`.
    Bearer { token: String },
    /// `Authorization: Basic base64(username:password)`.
    Basic {
        username: String,
        password: Option<String>,
    },
    /// An API key in a request header.
    ApiKeyHeader { name: String, key: String },
    /// An API key in a query parameter.
    ApiKeyQuery { name: String, key: String },
    /// An API key in the `Cookie` header, after the call's own cookie
    /// parameters (its value percent-encoded as a cookie parameter's).
    ApiKeyCookie { name: String, key: String },
    /// OAuth2's client-credentials flow (CONTRACT.md section 10): the runtime
    /// gets a token from `token_url` (relative: resolved against the base
    /// URL) with the client's id and secret, keeps it until shortly before
    /// it expires and sends it as `Authorization: Bearer <token>`.
    ClientCredentials {
        token_url: String,
        client_id: String,
        client_secret: String,
    },
}

impl Auth {
    pub fn bearer(token: impl Into<String>) -> Self {
        Auth::Bearer {
            token: token.into(),
        }
    }

    pub fn basic(username: impl Into<String>, password: Option<String>) -> Self {
        Auth::Basic {
            username: username.into(),
            password,
        }
    }

    pub fn api_key_header(name: impl Into<String>, key: impl Into<String>) -> Self {
        Auth::ApiKeyHeader {
            name: name.into(),
            key: key.into(),
        }
    }

    pub fn api_key_query(name: impl Into<String>, key: impl Into<String>) -> Self {
        Auth::ApiKeyQuery {
            name: name.into(),
            key: key.into(),
        }
    }

    pub fn api_key_cookie(name: impl Into<String>, key: impl Into<String>) -> Self {
        Auth::ApiKeyCookie {
            name: name.into(),
            key: key.into(),
        }
    }

    pub fn client_credentials(
        token_url: impl Into<String>,
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
    ) -> Self {
        Auth::ClientCredentials {
            token_url: token_url.into(),
            client_id: client_id.into(),
            client_secret: client_secret.into(),
        }
    }
}

impl fmt::Debug for Auth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Auth::Bearer { .. } => f.write_str("Bearer(<redacted>)"),
            Auth::Basic { username, .. } => write!(f, "Basic({username:?}, <redacted>)"),
            Auth::ApiKeyHeader { name, .. } => write!(f, "ApiKeyHeader({name:?}, <redacted>)"),
            Auth::ApiKeyQuery { name, .. } => write!(f, "ApiKeyQuery({name:?}, <redacted>)"),
            Auth::ApiKeyCookie { name, .. } => write!(f, "ApiKeyCookie({name:?}, <redacted>)"),
            Auth::ClientCredentials { token_url, .. } => {
                write!(f, "ClientCredentials({token_url:?}, <redacted>)")
            }
        }
    }
}

/// Client-wide settings. `Config::new(base_url)` gives the contract defaults;
/// the generated code applies the spec's root-level `x-retries` and
/// `x-latency-p99-ms` on top, and callers change any knob with the `with_*`
/// methods (or the public fields).
#[derive(Clone, Debug)]
pub struct Config {
    /// Scheme, host and optional base path, e.g. `https://api.example.com/v1`.
    pub base_url: String,
    /// Retries on (the default) or off (every call makes one attempt).
    pub retries: bool,
    /// Attempts per logical call, the first included (default 3).
    pub max_attempts: u32,
    /// Full jitter (default) or decorrelated jitter.
    pub jitter: Jitter,
    /// Backoff base (default 500 ms).
    pub base: Duration,
    /// Backoff cap (default 20 s).
    pub cap: Duration,
    /// Deadline of a whole logical call, attempts and sleeps (default 60 s).
    pub deadline: Duration,
    /// p99 latency for operations that declare none: the attempt timeout is
    /// `min(3 * p99, time left)`. `None`: the attempt may use all the time left.
    pub p99: Option<Duration>,
    /// Header carrying the time left to the server (default
    /// `Request-Timeout-Ms`); `None` turns it off.
    pub request_timeout_header: Option<String>,
    /// Capacity of the retry budget (default 500 tokens; it starts full).
    pub budget_capacity: u32,
    /// The longest response body read, in bytes (default 32 MiB): past it the
    /// body is read no further, the connection is dropped and the call fails
    /// with `Error::ResponseTooLarge`, without retrying.
    pub max_response_bytes: u64,
    /// The longest wait for an event stream's next bytes (default 60 s); a
    /// stream call may set its own
    /// ([`EventStream::with_idle_timeout`](super::EventStream::with_idle_timeout)).
    pub stream_idle_timeout: Duration,
    /// The credentials the client holds, by security scheme name. A call
    /// sends those of the first alternative of its operation's security
    /// whose schemes are all held (CONTRACT.md section 10).
    pub credentials: BTreeMap<String, Auth>,
    /// The security of operations that state none of their own (the spec's
    /// root `security`): alternatives, each the schemes sent together.
    pub security: &'static [&'static [&'static str]],
    /// How a caller gives a scheme's credentials (builder methods,
    /// environment variables), by scheme name, for the `MissingCredential`
    /// error.
    pub credential_help: fn(&str) -> Option<&'static str>,
    /// Credentials sent together, as the first alternative of the client's
    /// default security (`with_auth`, before credentials were held by scheme).
    pub auth: Vec<Auth>,
    /// Headers sent on every request (a request's own headers win).
    pub default_headers: HeaderMap,
    /// The `User-Agent` header.
    pub user_agent: Option<String>,
    /// Replacements of the servers operations name of their own (operation
    /// or path-item `servers`), by the URL the spec gives (variables at their
    /// defaults): such an operation goes to the replacement instead.
    pub server_urls: BTreeMap<String, String>,
    /// The response header that carries the request's id when the API's
    /// spec declares one: looked up before `x-request-id` and `request-id`.
    pub request_id_header: Option<&'static str>,
}

impl Config {
    pub fn new(base_url: impl Into<String>) -> Self {
        Config {
            base_url: base_url.into(),
            retries: true,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            jitter: Jitter::Full,
            base: DEFAULT_BASE,
            cap: DEFAULT_CAP,
            deadline: DEFAULT_DEADLINE,
            p99: None,
            request_timeout_header: Some(REQUEST_TIMEOUT_HEADER.to_string()),
            budget_capacity: DEFAULT_BUDGET_CAPACITY,
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
            stream_idle_timeout: DEFAULT_STREAM_IDLE_TIMEOUT,
            credentials: BTreeMap::new(),
            security: &[],
            credential_help: |_| None,
            auth: Vec::new(),
            default_headers: HeaderMap::new(),
            user_agent: None,
            server_urls: BTreeMap::new(),
            request_id_header: None,
        }
    }

    pub fn with_retries(mut self, on: bool) -> Self {
        self.retries = on;
        self
    }

    pub fn with_max_attempts(mut self, attempts: u32) -> Self {
        self.max_attempts = attempts;
        self
    }

    pub fn with_jitter(mut self, jitter: Jitter) -> Self {
        self.jitter = jitter;
        self
    }

    pub fn with_base(mut self, base: Duration) -> Self {
        self.base = base;
        self
    }

    pub fn with_cap(mut self, cap: Duration) -> Self {
        self.cap = cap;
        self
    }

    pub fn with_deadline(mut self, deadline: Duration) -> Self {
        self.deadline = deadline;
        self
    }

    pub fn with_p99(mut self, p99: Option<Duration>) -> Self {
        self.p99 = p99;
        self
    }

    pub fn with_request_timeout_header(mut self, name: Option<&str>) -> Self {
        self.request_timeout_header = name.map(str::to_string);
        self
    }

    pub fn with_budget_capacity(mut self, capacity: u32) -> Self {
        self.budget_capacity = capacity;
        self
    }

    pub fn with_max_response_bytes(mut self, bytes: u64) -> Self {
        self.max_response_bytes = bytes;
        self
    }

    pub fn with_stream_idle_timeout(mut self, idle: Duration) -> Self {
        self.stream_idle_timeout = idle;
        self
    }

    /// Credentials sent together on every call of an operation without
    /// security of its own, before the client's default security.
    pub fn with_auth(mut self, auth: Auth) -> Self {
        self.auth.push(auth);
        self
    }

    /// Holds `auth` as the credentials of the security scheme `scheme`.
    pub fn with_credential(mut self, scheme: impl Into<String>, auth: Auth) -> Self {
        self.credentials.insert(scheme.into(), auth);
        self
    }

    /// Holds `auth` as the credentials of the security scheme `scheme`, in place.
    pub fn hold(&mut self, scheme: impl Into<String>, auth: Auth) {
        self.credentials.insert(scheme.into(), auth);
    }

    /// The security of operations that state none of their own.
    pub fn with_security(mut self, security: &'static [&'static [&'static str]]) -> Self {
        self.security = security;
        self
    }

    pub fn with_default_headers(mut self, headers: HeaderMap) -> Self {
        self.default_headers = headers;
        self
    }

    pub fn with_user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = Some(user_agent.into());
        self
    }

    /// Sends the operations whose own server is `spec_url` (as the spec
    /// gives it, variables at their defaults) to `url` instead.
    pub fn with_server_url(mut self, spec_url: impl Into<String>, url: impl Into<String>) -> Self {
        self.server_urls.insert(spec_url.into(), url.into());
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_contract() {
        let c = Config::new("http://localhost");
        assert!(c.retries);
        assert_eq!(c.max_attempts, 3);
        assert_eq!(c.jitter, Jitter::Full);
        assert_eq!(c.base, Duration::from_millis(500));
        assert_eq!(c.cap, Duration::from_secs(20));
        assert_eq!(c.deadline, Duration::from_secs(60));
        assert_eq!(c.p99, None);
        assert_eq!(
            c.request_timeout_header.as_deref(),
            Some("Request-Timeout-Ms")
        );
        assert_eq!(c.budget_capacity, 500);
        assert_eq!(c.max_response_bytes, 32 * 1024 * 1024);
        assert_eq!(c.stream_idle_timeout, Duration::from_secs(60));
    }

    #[test]
    fn debug_output_hides_secrets() {
        let c = Config::new("http://localhost")
            .with_auth(Auth::bearer("sekrit-token"))
            .with_auth(Auth::basic("ann", Some("sekrit-pw".into())))
            .with_auth(Auth::api_key_header("X-Api-Key", "sekrit-key"))
            .with_auth(Auth::api_key_query("api_key", "sekrit-q"))
            .with_credential("c", Auth::api_key_cookie("sid", "sekrit-c"))
            .with_credential("o", Auth::client_credentials("/t", "id", "sekrit-s"));
        let text = format!("{c:?}");
        assert!(!text.contains("sekrit"), "{text}");
        assert!(text.contains("X-Api-Key") && text.contains("ann"));
    }
}
