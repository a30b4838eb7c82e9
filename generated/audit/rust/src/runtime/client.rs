//! The runtime: one HTTP client, its retry budget and its settings, and the
//! retry loop every generated operation goes through.

use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant, SystemTime};

use bytes::Bytes;
use reqwest::header::{
    HeaderMap, HeaderName, HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE, COOKIE, USER_AGENT,
};
use reqwest::{Method, StatusCode, Url};

use super::budget::{TokenBucket, SUCCESS_REFUND};
use super::clock::{Clock, RandomSource, ThreadRandom, TokioClock};
use super::config::{Auth, Config, ATTEMPT_TIMEOUT_P99_MULTIPLIER};
use super::download::BinaryResponse;
use super::encode::{base64_encode, cookie_param, encode_query, encode_query_component};
use super::error::{ApiError, Error, StopReason};
use super::key::{generate_idempotency_key, validate_idempotency_key, DEFAULT_KEY_HEADER};
use super::operation::{KeyContract, Operation, RetryClass};
use super::policy::{decide, CallState, Decision, Failure, Policy, TransportFailure};
use super::request::{Body, CallOptions, Request, Response};
use super::streaming::{EventStream, Opened};

/// The shared runtime of a generated SDK client.
///
/// Cheap to clone (one reference count); clones share the HTTP connection
/// pool, the settings and the retry budget.
#[derive(Clone)]
pub struct Runtime {
    inner: Arc<Inner>,
}

/// Everything a runtime holds, prepared once at construction so a call only
/// reads it.
#[derive(Clone)]
struct Inner {
    http: reqwest::Client,
    config: Config,
    /// The base URL without its trailing slashes.
    base_url: String,
    /// The same, parsed.
    base: Url,
    /// The replacements of operations' own servers (`Config::server_urls`):
    /// the spec's URL, the replacement without its trailing slashes, parsed.
    server_bases: Vec<(String, String, Url)>,
    timeout_header: Option<HeaderName>,
    /// The credentials held and what each security sends, picked once.
    held: Arc<Held>,
    budget: TokenBucket,
    clock: Arc<dyn Clock>,
    random: Arc<dyn RandomSource>,
}

/// The request of OAuth2's client-credentials flow: a logical call of its
/// own, retried as an idempotent one (another token costs nothing).
static TOKEN_OPERATION: Operation =
    Operation::new("oauth2 token", Method::POST, RetryClass::Idempotent).without_auth();

/// A credential held, ready to send.
enum Prepared {
    Header(HeaderName, HeaderValue),
    Query(String, String),
    /// The cookie's pairs, percent-encoded, joined with `; `.
    Cookie(String),
    Token(Arc<TokenSource>),
}

/// What a call sends for one security alternative, made once: the starting
/// headers with its constant credentials merged last, its query pairs
/// (encoded), its cookie pairs and its client-credentials scheme, whose token
/// each call adds.
struct Picked {
    headers: HeaderMap,
    query: String,
    cookie: String,
    oauth: Option<Arc<TokenSource>>,
}

/// The outcome of picking for one security: what to send, or the first
/// alternative's schemes and the error message's end.
#[derive(Clone)]
enum Pick {
    Send(Arc<Picked>),
    Missing(Arc<(Vec<String>, String)>),
}

/// The credentials a runtime holds, by scheme name, and what it picked for
/// the securities met so far.
struct Held {
    schemes: BTreeMap<String, Prepared>,
    /// Names in `schemes` of `Config::auth`, sent together first.
    legacy: Vec<String>,
    help: fn(&str) -> Option<&'static str>,
    /// For operations without credentials (`security: []`).
    public: Arc<Picked>,
    /// For operations without security of their own.
    default: Pick,
    /// For operations with their own, by the address and length of their
    /// (static) security.
    own: RwLock<HashMap<(usize, usize), Pick>>,
}

/// The token of a client-credentials scheme: fetched when needed, one
/// request at a time, kept until shortly before it expires.
struct TokenSource {
    url: Url,
    /// `Basic base64(form(id):form(secret))`.
    basic: HeaderValue,
    /// `Bearer <token>` and when to stop using it (`None`: until a 401).
    current: Mutex<Option<(HeaderValue, Option<Instant>)>>,
    /// Held while a token is fetched: calls that need one wait for it.
    fetching: tokio::sync::Mutex<()>,
}

impl TokenSource {
    fn current(&self, now: Instant) -> Option<HeaderValue> {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        match &*current {
            Some((token, expires)) if expires.is_none_or(|at| now < at) => Some(token.clone()),
            _ => None,
        }
    }

    /// Forgets `token` after a 401, unless a newer one replaced it.
    fn drop_token(&self, token: &HeaderValue) {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if current.as_ref().is_some_and(|(t, _)| t == token) {
            *current = None;
        }
    }
}

/// `application/x-www-form-urlencoded` text of one value (RFC 6749's client
/// id and secret): unreserved characters kept, spaces as `+`.
fn form_encode(value: &str) -> String {
    encode_query_component(value).replace("%20", "+")
}

/// A token response's `access_token` and `expires_in` (seconds).
fn read_token(body: &[u8]) -> Result<(String, Option<f64>), &'static str> {
    let Ok(serde_json::Value::Object(root)) = serde_json::from_slice(body) else {
        return Err("the token response is not a JSON object");
    };
    let token = match root.get("access_token") {
        Some(serde_json::Value::String(t)) if !t.is_empty() => t.clone(),
        _ => return Err("the token response has no access_token"),
    };
    match root.get("token_type") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::String(t)) if t.eq_ignore_ascii_case("bearer") => {}
        _ => return Err("the token response's token_type is not Bearer"),
    }
    let lifetime = match root.get("expires_in") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::Number(n)) => match n.as_f64() {
            Some(secs) if secs.is_finite() && secs >= 0.0 => Some(secs),
            _ => return Err("the token response's expires_in is not a number of seconds"),
        },
        _ => return Err("the token response's expires_in is not a number"),
    };
    Ok((token, lifetime))
}

/// How long a token of `lifetime` seconds is used: until 30 s before it
/// expires, or half its lifetime when that is under a minute.
fn token_use(lifetime: f64) -> Duration {
    let margin = if lifetime >= 60.0 {
        30.0
    } else {
        lifetime / 2.0
    };
    Duration::try_from_secs_f64(lifetime - margin).unwrap_or(Duration::MAX)
}

impl Held {
    fn new(config: &Config, public_headers: HeaderMap, base: &Url) -> Result<Held, Error> {
        let mut schemes = BTreeMap::new();
        let mut legacy = Vec::new();
        let given = config.credentials.iter().map(|(n, a)| (n.clone(), a));
        let old = config.auth.iter().enumerate().map(|(i, a)| {
            let name = format!("auth {i}");
            legacy.push(name.clone());
            (name, a)
        });
        for (name, auth) in given.chain(old).collect::<Vec<_>>() {
            schemes.insert(name, Self::prepare(auth, base)?);
        }
        let public = Arc::new(Picked {
            headers: public_headers,
            query: String::new(),
            cookie: String::new(),
            oauth: None,
        });
        let mut held = Held {
            schemes,
            legacy,
            help: config.credential_help,
            public,
            default: Pick::Missing(Arc::new((Vec::new(), String::new()))),
            own: RwLock::new(HashMap::new()),
        };
        let mut alternatives: Vec<Vec<&str>> = Vec::new();
        if !held.legacy.is_empty() {
            alternatives.push(held.legacy.iter().map(String::as_str).collect());
        }
        alternatives.extend(config.security.iter().map(|alt| alt.to_vec()));
        held.default = held.pick(&alternatives);
        Ok(held)
    }

    fn prepare(auth: &Auth, base: &Url) -> Result<Prepared, Error> {
        Ok(match auth {
            Auth::Bearer { token } => {
                let value = HeaderValue::from_str(&format!("Bearer {token}"))
                    .map_err(|_| Error::build("the bearer token is not a valid header value"))?;
                Prepared::Header(AUTHORIZATION, sensitive(value))
            }
            Auth::Basic { username, password } => {
                let pair = format!("{username}:{}", password.as_deref().unwrap_or(""));
                let value =
                    HeaderValue::from_str(&format!("Basic {}", base64_encode(pair.as_bytes())))
                        .map_err(|_| Error::build("invalid basic credentials"))?;
                Prepared::Header(AUTHORIZATION, sensitive(value))
            }
            Auth::ApiKeyHeader { name, key } => {
                let header = HeaderName::from_bytes(name.as_bytes())
                    .map_err(|_| Error::build(format!("invalid API key header name {name:?}")))?;
                let value = HeaderValue::from_str(key)
                    .map_err(|_| Error::build("the API key is not a valid header value"))?;
                Prepared::Header(header, sensitive(value))
            }
            Auth::ApiKeyQuery { name, key } => Prepared::Query(name.clone(), key.clone()),
            Auth::ApiKeyCookie { name, key } => {
                let pairs = cookie_param(name, &serde_json::Value::String(key.clone()), false)?
                    .unwrap_or_default();
                HeaderValue::from_str(&pairs)
                    .map_err(|_| Error::build("the API key is not a valid cookie value"))?;
                Prepared::Cookie(pairs)
            }
            Auth::ClientCredentials {
                token_url,
                client_id,
                client_secret,
            } => {
                let url = Url::parse(&format!("{}/", base.as_str().trim_end_matches('/')))
                    .and_then(|b| b.join(token_url))
                    .map_err(|e| Error::build(format!("invalid token URL {token_url:?}: {e}")))?;
                let pair = format!("{}:{}", form_encode(client_id), form_encode(client_secret));
                let basic =
                    HeaderValue::from_str(&format!("Basic {}", base64_encode(pair.as_bytes())))
                        .map_err(|_| Error::build("invalid client credentials"))?;
                Prepared::Token(Arc::new(TokenSource {
                    url,
                    basic: sensitive(basic),
                    current: Mutex::new(None),
                    fetching: tokio::sync::Mutex::new(()),
                }))
            }
        })
    }

    /// The first alternative whose schemes are all held; an empty one only
    /// when no other is; none for no security.
    fn pick<S: AsRef<[A]>, A: AsRef<str>>(&self, alternatives: &[S]) -> Pick {
        let held = |alt: &[A]| {
            !alt.is_empty() && alt.iter().all(|n| self.schemes.contains_key(n.as_ref()))
        };
        if let Some(alt) = alternatives.iter().map(AsRef::as_ref).find(|a| held(a)) {
            let mut auth_headers = HeaderMap::new();
            let mut query = Vec::new();
            let mut cookies: Vec<&str> = Vec::new();
            let mut oauth = None;
            for name in alt {
                match &self.schemes[name.as_ref()] {
                    Prepared::Header(header, value) => {
                        auth_headers.insert(header.clone(), value.clone());
                    }
                    Prepared::Query(n, v) => query.push((n.clone(), v.clone())),
                    Prepared::Cookie(pairs) => cookies.push(pairs),
                    Prepared::Token(source) => oauth = Some(source.clone()),
                }
            }
            let mut headers = self.public.headers.clone();
            merge_headers(&mut headers, &auth_headers);
            return Pick::Send(Arc::new(Picked {
                headers,
                query: encode_query(&query),
                cookie: cookies.join("; "),
                oauth,
            }));
        }
        if alternatives.is_empty() || alternatives.iter().any(|a| a.as_ref().is_empty()) {
            return Pick::Send(self.public.clone());
        }
        let first: Vec<String> = alternatives[0]
            .as_ref()
            .iter()
            .map(|n| n.as_ref().to_string())
            .collect();
        let wanted: Vec<String> = first
            .iter()
            .map(|name| match (self.help)(name) {
                Some(help) => format!("{name} ({help})"),
                None => name.clone(),
            })
            .collect();
        Pick::Missing(Arc::new((first, wanted.join("; "))))
    }
}

impl fmt::Debug for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Runtime")
            .field("config", &self.inner.config)
            .field("budget", &self.inner.budget)
            .finish_non_exhaustive()
    }
}

/// A response as one attempt read it: status, headers, whole body.
type Exchanged = (StatusCode, HeaderMap, Bytes);

/// What an attempt does with a response's body. A plain call
/// (`Infallible`) reads every body whole; a stream call
/// (`reqwest::Response`) hands a success over unread, its headers in, and
/// reads any other response whole like a plain call.
trait Reading: Sized + Send {
    /// `Ok`: the response handed over with its body unread; `Err`: the
    /// response back, to be read whole (moved either way, never copied).
    #[allow(clippy::result_large_err)]
    fn open(resp: reqwest::Response) -> Result<Self, reqwest::Response>;
}

impl Reading for Infallible {
    fn open(resp: reqwest::Response) -> Result<Self, reqwest::Response> {
        Err(resp)
    }
}

impl Reading for reqwest::Response {
    fn open(resp: reqwest::Response) -> Result<Self, reqwest::Response> {
        if resp.status().is_success() {
            Ok(resp)
        } else {
            Err(resp)
        }
    }
}

/// A response an attempt got: read whole, or opened unread.
enum Got<S> {
    Whole(Exchanged),
    Open(S),
}

/// What an attempt's result is for the retry loop: an outcome to judge,
/// or a stream call's success, opened.
enum Step<S> {
    Judge(Outcome),
    Open(S),
}

/// A call's success: the whole response, or (a stream call) the response
/// opened with its body unread and the attempts it took.
enum Done<S> {
    Whole(Response),
    Open(S, u32),
}

impl Done<Infallible> {
    fn whole(self) -> Response {
        match self {
            Done::Whole(response) => response,
            Done::Open(never, _) => match never {},
        }
    }
}

/// A call ready to send: the request and options with the caller's
/// additions applied, its URL, its idempotency key and its credentials.
struct Call {
    request: Request,
    options: CallOptions,
    url: Url,
    key: Option<(HeaderName, HeaderValue)>,
    picked: Arc<Picked>,
}

/// Why an attempt's exchange did not give a whole response.
#[derive(Debug)]
enum ExchangeError {
    Http(reqwest::Error),
    /// The body went past `max_response_bytes` (by its `Content-Length` or
    /// as it was read); the rest was not read.
    TooLarge(StatusCode),
}

impl From<reqwest::Error> for ExchangeError {
    fn from(e: reqwest::Error) -> Self {
        ExchangeError::Http(e)
    }
}

/// What one attempt ended with.
enum Outcome {
    Response {
        status: StatusCode,
        headers: HeaderMap,
        body: Bytes,
        code: Option<String>,
        message: Option<String>,
    },
    Transport {
        failure: TransportFailure,
        source: Option<reqwest::Error>,
    },
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// `start + d`, saturating far in the future instead of overflowing.
fn instant_after(start: Instant, d: Duration) -> Instant {
    const FAR: Duration = Duration::from_secs(100 * 365 * 24 * 3600);
    start
        .checked_add(d.min(FAR))
        .or_else(|| start.checked_add(Duration::from_secs(24 * 3600)))
        .unwrap_or(start)
}

/// A response's body, read chunk by chunk and no further than `limit` bytes:
/// a `Content-Length` over the limit is refused before any of it is read.
/// Dropping the response unread closes its connection.
async fn read_body(mut resp: reqwest::Response, limit: u64) -> Result<Bytes, ExchangeError> {
    let too_large = ExchangeError::TooLarge(StatusCode::OK);
    let declared = resp.content_length();
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large);
    }
    // One chunk (the usual small body) is kept as it came; more are joined.
    let mut first: Option<Bytes> = None;
    let mut body: Vec<u8> = Vec::new();
    let mut read: u64 = 0;
    while let Some(chunk) = resp.chunk().await? {
        read = read.saturating_add(u64::try_from(chunk.len()).unwrap_or(u64::MAX));
        if read > limit {
            return Err(too_large);
        }
        if let Some(head) = first.take() {
            let capacity = declared.map_or(0, |n| usize::try_from(n).unwrap_or(0));
            body.reserve(capacity.max(head.len() + chunk.len()));
            body.extend_from_slice(&head);
            body.extend_from_slice(&chunk);
        } else if body.is_empty() {
            first = Some(chunk);
        } else {
            body.extend_from_slice(&chunk);
        }
    }
    Ok(first.unwrap_or_else(|| Bytes::from(body)))
}

/// The machine-readable code and message of an error body: `code`, else
/// `error.code`; `message`, else `error.message`.
fn error_code_and_message(body: &[u8]) -> (Option<String>, Option<String>) {
    let Ok(serde_json::Value::Object(root)) = serde_json::from_slice::<serde_json::Value>(body)
    else {
        return (None, None);
    };
    let text = |v: Option<&serde_json::Value>| match v {
        Some(serde_json::Value::String(s)) => Some(s.clone()),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let nested = root.get("error").and_then(|e| e.as_object());
    let code = text(root.get("code")).or_else(|| text(nested.and_then(|e| e.get("code"))));
    let message = text(root.get("message")).or_else(|| text(nested.and_then(|e| e.get("message"))));
    (code, message)
}

/// The key contract of a keyed operation; `None` for every other class.
fn key_contract(op: &Operation) -> Option<&KeyContract> {
    op.key.as_ref().filter(|_| op.class == RetryClass::Keyed)
}

/// A base URL without its trailing slashes, parsed and checked: http(s), no
/// query, no fragment. `what` names it in the error.
fn parse_base(url: &str, what: &str) -> Result<(String, Url), Error> {
    let text = url.trim_end_matches('/').to_string();
    let parsed =
        Url::parse(&text).map_err(|e| Error::build(format!("invalid {what} {url:?}: {e}")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(Error::build(format!(
            "the {what} {url:?} must use http or https"
        )));
    }
    if parsed.query().is_some() || parsed.fragment().is_some() {
        return Err(Error::build(format!(
            "the {what} {url:?} must not have a query or a fragment"
        )));
    }
    Ok((text, parsed))
}

fn sensitive(mut value: HeaderValue) -> HeaderValue {
    value.set_sensitive(true);
    value
}

/// Replaces every value of each name in `from` into `into` (keeping
/// multi-valued headers whole).
fn merge_headers(into: &mut HeaderMap, from: &HeaderMap) {
    for name in from.keys() {
        into.remove(name);
        for value in from.get_all(name) {
            into.append(name.clone(), value.clone());
        }
    }
}

impl Runtime {
    /// A runtime with its own `reqwest` client (rustls, no pooled-connection
    /// surprises: attempts time out through the runtime, not reqwest).
    /// Redirects are not followed, as in the Python and Node runtimes: a 3xx
    /// comes back as an API error carrying its `Location` header, so a body is
    /// never re-sent somewhere the caller did not choose.
    pub fn new(config: Config) -> Result<Self, Error> {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| Error::build(format!("could not create the HTTP client: {e}")))?;
        Self::with_http_client(config, http)
    }

    /// A runtime over a `reqwest::Client` the caller configured (proxies,
    /// certificates, ...). Do not set reqwest timeouts on it: the runtime
    /// applies the attempt timeout and the deadline itself. Build it with
    /// `redirect(reqwest::redirect::Policy::none())`: a followed redirect turns
    /// a 3xx into whatever the other location answers, which the retry policy
    /// would then judge instead.
    pub fn with_http_client(config: Config, http: reqwest::Client) -> Result<Self, Error> {
        let (base, parsed) = parse_base(&config.base_url, "base URL")?;
        let mut server_bases = Vec::with_capacity(config.server_urls.len());
        for (spec_url, url) in &config.server_urls {
            let (text, parsed) = parse_base(url, &format!("replacement of server {spec_url:?}"))?;
            server_bases.push((spec_url.clone(), text, parsed));
        }
        let timeout_header = match &config.request_timeout_header {
            Some(name) => Some(HeaderName::from_bytes(name.as_bytes()).map_err(|_| {
                Error::build(format!("invalid request timeout header name {name:?}"))
            })?),
            None => None,
        };
        let mut public_headers = HeaderMap::new();
        if let Some(ua) = &config.user_agent {
            let value =
                HeaderValue::from_str(ua).map_err(|_| Error::build("invalid User-Agent value"))?;
            public_headers.insert(USER_AGENT, value);
        }
        merge_headers(&mut public_headers, &config.default_headers);
        let held = Held::new(&config, public_headers, &parsed)?;
        let budget = TokenBucket::new(config.budget_capacity);
        Ok(Runtime {
            inner: Arc::new(Inner {
                http,
                config,
                base_url: base,
                base: parsed,
                server_bases,
                timeout_header,
                held: Arc::new(held),
                budget,
                clock: Arc::new(TokioClock),
                random: Arc::new(ThreadRandom),
            }),
        })
    }

    /// Replaces the clock (tests). Runtimes cloned before keep theirs; the
    /// retry budget stays shared.
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        Arc::make_mut(&mut self.inner).clock = clock;
        self
    }

    /// Replaces the random source of the jitter (tests). Runtimes cloned
    /// before keep theirs; the retry budget stays shared.
    pub fn with_random(mut self, random: Arc<dyn RandomSource>) -> Self {
        Arc::make_mut(&mut self.inner).random = random;
        self
    }

    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The retry budget shared by this runtime and its clones
    /// (`budget().set_level(n)` is the test hook).
    pub fn budget(&self) -> &TokenBucket {
        &self.inner.budget
    }

    /// The base URL an operation's calls go to: its own server (or the
    /// client's replacement of it, `with_server_url`), else the client's.
    pub fn base_url_of(&self, op: &Operation) -> Result<Url, Error> {
        let mut own = None;
        self.base_of(op, &mut own).map(|(_, url)| url.clone())
    }

    /// The base URL of `op` as text and parsed; `own` holds it when it is
    /// parsed for this call alone (a server the client has no replacement of).
    fn base_of<'a>(
        &'a self,
        op: &Operation,
        own: &'a mut Option<(String, Url)>,
    ) -> Result<(&'a str, &'a Url), Error> {
        let inner = &*self.inner;
        // An operation with a server of its own goes there (or to the
        // client's replacement of it), any other to the client's base URL.
        Ok(match op.base_url {
            None => (inner.base_url.as_str(), &inner.base),
            // The spec's URL matches with or without its trailing slashes.
            Some(spec_url) => match inner
                .server_bases
                .iter()
                .find(|(s, _, _)| s.trim_end_matches('/') == spec_url.trim_end_matches('/'))
            {
                Some((_, text, url)) => (text.as_str(), url),
                None => {
                    let parsed = parse_base(spec_url, "server URL").map_err(|e| {
                        Error::build(format!(
                            "operation {}: {e}; give a replacement with `with_server_url({spec_url:?}, ...)`",
                            op.name
                        ))
                    })?;
                    let (text, url) = own.insert(parsed);
                    (text.as_str(), &*url)
                }
            },
        })
    }

    /// Runs one logical call: validates, sends, retries by the contract and
    /// returns the 2xx response or the typed error of the last attempt.
    pub async fn execute(
        &self,
        op: &Operation,
        request: Request,
        options: CallOptions,
    ) -> Result<Response, Error> {
        // Not a wrapper around a shared async fn: its arguments would stay
        // in this future beside the inner one's (the call's future would grow
        // by a request and its options).
        let Call {
            request,
            options,
            url,
            key,
            picked,
        } = self.prepare(op, request, options)?;
        let (request, options, key) = (&request, &options, key.as_ref());
        if picked.oauth.is_some() {
            // Boxed: the common call's future holds one logical call only.
            return Box::pin(
                self.with_token::<Infallible>(op, request, options, &url, key, &picked),
            )
            .await
            .map(Done::whole);
        }
        self.run::<Infallible>(op, request, options, &url, key, &picked, None)
            .await
            .map(Done::whole)
    }

    /// Opens an event stream (`text/event-stream`, CONTRACT.md section 12):
    /// attempts, sleeps, retry budget, idempotency key and deadline as
    /// [`execute`](Self::execute) makes them, until a 2xx response's headers
    /// arrive; then the events, read as the caller asks for them and never
    /// retried. A response that is not a success is the usual error, its
    /// body read whole. Each wait for the stream's next bytes is bounded by
    /// `Config::stream_idle_timeout`, or the call's own
    /// ([`EventStream::with_idle_timeout`]).
    pub async fn stream(
        &self,
        op: &Operation,
        request: Request,
        options: CallOptions,
    ) -> Result<EventStream, Error> {
        // The stream is asked for, unless the request names what it accepts.
        let mut request = request;
        if !request.headers.contains_key(reqwest::header::ACCEPT) {
            request.headers.insert(
                reqwest::header::ACCEPT,
                reqwest::header::HeaderValue::from_static("text/event-stream"),
            );
        }
        let (response, head) = self.open(op, request, options).await?;
        Ok(EventStream::open(response, head))
    }

    /// Opens a download (a binary response body, CONTRACT.md section 13):
    /// attempts, sleeps, retry budget, idempotency key and deadline as
    /// [`execute`](Self::execute) makes them, until a 2xx response's headers
    /// arrive; then a [`BinaryResponse`] whose body the caller reads whole,
    /// in chunks or into a file, never retried. A response that is not a
    /// success is the usual error, its body read whole. Each wait for the
    /// body's next bytes is bounded by `Config::stream_idle_timeout`, or the
    /// call's own ([`BinaryResponse::with_idle_timeout`]).
    pub async fn download(
        &self,
        op: &Operation,
        request: Request,
        options: CallOptions,
    ) -> Result<BinaryResponse, Error> {
        let (response, head) = self.open(op, request, options).await?;
        Ok(BinaryResponse::open(response, head))
    }

    /// A call whose success is handed over with its body unread (streams
    /// and downloads), its status and headers taken out with what the
    /// client's settings say of reading it.
    async fn open(
        &self,
        op: &Operation,
        request: Request,
        options: CallOptions,
    ) -> Result<(reqwest::Response, Opened), Error> {
        let Call {
            request,
            options,
            url,
            key,
            picked,
        } = self.prepare(op, request, options)?;
        let (request, options, key) = (&request, &options, key.as_ref());
        let opened = if picked.oauth.is_some() {
            Box::pin(self.with_token::<reqwest::Response>(op, request, options, &url, key, &picked))
                .await?
        } else {
            self.run::<reqwest::Response>(op, request, options, &url, key, &picked, None)
                .await?
        };
        match opened {
            Done::Open(mut response, attempts) => {
                let head = Opened::new(&mut response, op.name, attempts, &self.inner.config);
                Ok((response, head))
            }
            // An opening call hands every success over unread.
            Done::Whole(response) => Err(Error::build(format!(
                "{}: the HTTP {} response was read whole, not opened",
                op.name,
                response.status.as_u16()
            ))),
        }
    }

    /// Everything that can fail before sending: the caller's additions, the
    /// credentials, the caller's key, the URL.
    fn prepare(
        &self,
        op: &Operation,
        request: Request,
        options: CallOptions,
    ) -> Result<Call, Error> {
        let (options, request) = if options.has_extras() {
            options.apply_extras(request)?
        } else {
            (options, request)
        };
        if let Some(streamed) = request.body.as_ref().and_then(|b| b.streamed.as_ref()) {
            streamed.check()?;
        }
        let picked = self.pick(op)?;
        let key = self.resolve_key(op, &options)?;
        let url = self.url_with(op, &request, &picked.query)?;
        Ok(Call {
            request,
            options,
            url,
            key,
            picked,
        })
    }

    /// A call whose credentials are a fetched token: the token first, then
    /// the call; after a 401, a new token and the call once more as a new
    /// logical call with the same key (CONTRACT.md section 10).
    async fn with_token<S: Reading>(
        &self,
        op: &Operation,
        request: &Request,
        options: &CallOptions,
        url: &Url,
        key: Option<&(HeaderName, HeaderValue)>,
        picked: &Picked,
    ) -> Result<Done<S>, Error> {
        let Some(source) = &picked.oauth else {
            return self.run(op, request, options, url, key, picked, None).await;
        };
        let token = self.token(source).await?;
        match self
            .run(op, request, options, url, key, picked, Some(&token))
            .await
        {
            Err(Error::Api(e)) if e.status == StatusCode::UNAUTHORIZED => {
                source.drop_token(&token);
                let token = self.token(source).await?;
                self.run(op, request, options, url, key, picked, Some(&token))
                    .await
            }
            other => other,
        }
    }

    /// What a call of `op` sends for its security (cached per security), or
    /// the `MissingCredential` error.
    fn pick(&self, op: &Operation) -> Result<Arc<Picked>, Error> {
        let held = &*self.inner.held;
        if !op.authenticated {
            return Ok(held.public.clone());
        }
        let pick = match op.security {
            None => held.default.clone(),
            Some(security) => {
                let id = (security.as_ptr() as usize, security.len());
                let cached = held
                    .own
                    .read()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(&id)
                    .cloned();
                match cached {
                    Some(pick) => pick,
                    None => {
                        let pick = held.pick(security);
                        held.own
                            .write()
                            .unwrap_or_else(|e| e.into_inner())
                            .insert(id, pick.clone());
                        pick
                    }
                }
            }
        };
        match pick {
            Pick::Send(picked) => Ok(picked),
            Pick::Missing(missing) => Err(Error::MissingCredential {
                operation: op.name,
                schemes: missing.0.clone(),
                message: format!(
                    "{}: the client has no credentials for it; it needs {}",
                    op.name, missing.1
                ),
            }),
        }
    }

    /// The token of a client-credentials scheme: the kept one while it is
    /// good, else a new one from its token URL, fetched by one call at a time.
    async fn token(&self, source: &TokenSource) -> Result<HeaderValue, Error> {
        if let Some(token) = source.current(self.inner.clock.now()) {
            return Ok(token);
        }
        let _fetching = source.fetching.lock().await;
        if let Some(token) = source.current(self.inner.clock.now()) {
            return Ok(token);
        }
        let mut request = Request::new(Method::POST, "").body(
            Bytes::from_static(b"grant_type=client_credentials"),
            HeaderValue::from_static("application/x-www-form-urlencoded"),
        );
        request.headers.insert(AUTHORIZATION, source.basic.clone());
        request
            .headers
            .insert(ACCEPT, HeaderValue::from_static("application/json"));
        let public = self.inner.held.public.clone();
        let response = self
            .run::<Infallible>(
                &TOKEN_OPERATION,
                &request,
                &CallOptions::new(),
                &source.url,
                None,
                &public,
                None,
            )
            .await?
            .whole();
        let (token, lifetime) = read_token(&response.body)
            .map_err(|m| response.decode_error(format!("{}: {m}", TOKEN_OPERATION.name)))?;
        let value = HeaderValue::from_str(&format!("Bearer {token}")).map_err(|_| {
            response.decode_error("the access token is not a valid header value".to_string())
        })?;
        let value = sensitive(value);
        let now = self.inner.clock.now();
        let expires = lifetime.map(|secs| instant_after(now, token_use(secs)));
        *source.current.lock().unwrap_or_else(|e| e.into_inner()) = Some((value.clone(), expires));
        Ok(value)
    }

    /// One logical call: sends, retries by the contract and returns the 2xx
    /// response or the typed error of the last attempt.
    #[allow(clippy::too_many_arguments)]
    async fn run<S: Reading>(
        &self,
        op: &Operation,
        request: &Request,
        options: &CallOptions,
        url: &Url,
        key: Option<&(HeaderName, HeaderValue)>,
        picked: &Picked,
        token: Option<&HeaderValue>,
    ) -> Result<Done<S>, Error> {
        let inner = &*self.inner;
        let config = &inner.config;
        let start = inner.clock.now();
        let deadline = self.deadline(op, options, start);

        let retries = options.retries.unwrap_or(config.retries);
        let max_attempts = if retries {
            options
                .max_attempts
                .or(op.retry.max_attempts)
                .unwrap_or(config.max_attempts)
                .max(1)
        } else {
            1
        };
        let policy = Policy {
            class: op.class,
            failures: op.failures(),
            jitter: config.jitter,
            base_ms: millis(op.retry.base.unwrap_or(config.base)),
            cap_ms: millis(op.retry.cap.unwrap_or(config.cap)),
            max_attempts,
        };
        let p99 = op.p99.or(config.p99);

        let mut state = CallState::default();
        let mut last_cost: Option<u32> = None;
        // Boxed: only a retried call has one, and the call's future stays small.
        let mut last: Option<Box<Outcome>> = None;
        loop {
            let now = inner.clock.now();
            let remaining = deadline.saturating_duration_since(now);
            if remaining.is_zero() {
                return Err(match last {
                    Some(outcome) => Self::error(
                        *outcome,
                        op,
                        config,
                        state.attempts,
                        StopReason::DeadlineExceeded,
                    ),
                    None => Error::Timeout {
                        attempts: state.attempts,
                        stop_reason: StopReason::DeadlineExceeded,
                    },
                });
            }
            // min(3 x p99, time left); `cut_by_deadline` when the time left is the bound.
            let (attempt_timeout, cut_by_deadline) = match p99 {
                Some(p99) if p99.saturating_mul(ATTEMPT_TIMEOUT_P99_MULTIPLIER) < remaining => {
                    (p99.saturating_mul(ATTEMPT_TIMEOUT_P99_MULTIPLIER), false)
                }
                _ => (remaining, true),
            };
            // Built afresh from the prepared headers for each attempt: one
            // clone, then what this call and this attempt add.
            let mut attempt_headers = Self::headers(picked, request, options, key, token);
            if let Some(name) = &inner.timeout_header {
                attempt_headers.insert(name.clone(), HeaderValue::from(millis(remaining)));
            }

            state.attempts += 1;
            let result = self
                .attempt(
                    &request.method,
                    url,
                    attempt_headers,
                    request.body.as_ref(),
                    attempt_timeout,
                )
                .await;
            let outcome = match Self::outcome(result, config.max_response_bytes, state.attempts)? {
                Step::Judge(outcome) => outcome,
                Step::Open(opened) => {
                    inner.budget.refund(last_cost.unwrap_or(SUCCESS_REFUND));
                    return Ok(Done::Open(opened, state.attempts));
                }
            };
            let outcome = match outcome {
                Outcome::Transport {
                    failure: TransportFailure::Timeout,
                    source: None,
                } if cut_by_deadline => Outcome::Transport {
                    failure: TransportFailure::DeadlineReached,
                    source: None,
                },
                other => other,
            };

            let failed = match outcome {
                Outcome::Response {
                    status,
                    headers,
                    body,
                    ..
                } => {
                    if status.is_success() {
                        inner.budget.refund(last_cost.unwrap_or(SUCCESS_REFUND));
                        return Ok(Done::Whole(Response {
                            status,
                            headers,
                            body,
                            attempts: state.attempts,
                            request_id_header: config.request_id_header,
                        }));
                    }
                    let (code, message) = error_code_and_message(&body);
                    Outcome::Response {
                        status,
                        headers,
                        body,
                        code,
                        message,
                    }
                }
                transport => transport,
            };

            let (decision, reason, was_500) = {
                let (failure, reason) = match &failed {
                    Outcome::Response {
                        status,
                        headers,
                        code,
                        ..
                    } => (
                        Failure::Response {
                            status: *status,
                            headers,
                            in_flight: status.as_u16() == 409
                                && key_contract(op)
                                    .is_some_and(|k| code.as_deref() == Some(k.in_flight_code)),
                        },
                        format!("HTTP {}", status.as_u16()),
                    ),
                    Outcome::Transport { failure, .. } => {
                        (Failure::Transport(*failure), failure.describe().to_string())
                    }
                };
                let was_500 = matches!(
                    failure,
                    Failure::Response { status, .. } if status == StatusCode::INTERNAL_SERVER_ERROR
                );
                let remaining = deadline.saturating_duration_since(inner.clock.now());
                let decision = decide(
                    &failure,
                    &policy,
                    &state,
                    remaining,
                    SystemTime::now(),
                    inner.random.as_ref(),
                    &inner.budget,
                );
                (decision, reason, was_500)
            };
            match decision {
                Decision::Stop(stop_reason) => {
                    tracing::debug!(
                        operation = op.name,
                        attempt = state.attempts,
                        max_attempts = policy.max_attempts,
                        reason = %reason,
                        stop_reason = stop_reason.as_str(),
                        "sdkgen runtime: giving up"
                    );
                    return Err(Self::error(failed, op, config, state.attempts, stop_reason));
                }
                Decision::Retry { cost, .. } if request.body.as_ref().is_some_and(Body::spent) => {
                    // A stream read once cannot be sent again (CONTRACT.md section 13).
                    inner.budget.refund(cost);
                    tracing::debug!(
                        operation = op.name,
                        attempt = state.attempts,
                        reason = %reason,
                        "sdkgen runtime: not retrying, the body was a stream and cannot be sent again"
                    );
                    return Err(Self::error(
                        failed,
                        op,
                        config,
                        state.attempts,
                        StopReason::NotRetryable,
                    )
                    .with_unsent_body());
                }
                Decision::Retry { sleep_ms, cost } => {
                    tracing::warn!(
                        operation = op.name,
                        attempt = state.attempts,
                        max_attempts = policy.max_attempts,
                        reason = %reason,
                        sleep_ms,
                        tokens_left = inner.budget.level(),
                        "sdkgen runtime: retrying"
                    );
                    state.retried_500 += u32::from(was_500);
                    state.prev_sleep_ms = Some(sleep_ms);
                    last_cost = Some(cost);
                    last = Some(Box::new(failed));
                    inner.clock.sleep(Duration::from_millis(sleep_ms)).await;
                }
            }
        }
    }

    /// The key header of a `keyed` operation: the caller's key (validated),
    /// else a UUID v4 made once, before the first attempt. Other operations
    /// carry no key (a caller's key is ignored for them).
    fn resolve_key(
        &self,
        op: &Operation,
        options: &CallOptions,
    ) -> Result<Option<(HeaderName, HeaderValue)>, Error> {
        let Some(contract) = key_contract(op) else {
            // Only keyed operations carry a key, as in the Python and Node runtimes.
            return Ok(None);
        };
        let key = match &options.idempotency_key {
            Some(key) => {
                validate_idempotency_key(key, contract.max_length)?;
                key.clone()
            }
            None => generate_idempotency_key(),
        };
        let name = if contract.header.eq_ignore_ascii_case(DEFAULT_KEY_HEADER) {
            // The usual name, without parsing and lower-casing it per call.
            HeaderName::from_static("idempotency-key")
        } else {
            HeaderName::from_bytes(contract.header.as_bytes()).map_err(|_| {
                Error::build(format!(
                    "invalid idempotency key header {:?}",
                    contract.header
                ))
            })?
        };
        // The key's own bytes, not a copy.
        let value = HeaderValue::from_maybe_shared(Bytes::from(key)).map_err(|_| {
            Error::InvalidIdempotencyKey {
                reason: "the key is not a valid header value".to_string(),
            }
        })?;
        Ok(Some((name, sensitive(value))))
    }

    /// The URL of a call of `op` with the credentials it picks (tests).
    #[cfg(test)]
    fn url(&self, op: &Operation, request: &Request) -> Result<Url, Error> {
        let picked = self.pick(op)?;
        self.url_with(op, request, &picked.query)
    }

    /// The URL of a call, `auth` (encoded query pairs) after its own query.
    fn url_with(&self, op: &Operation, request: &Request, auth: &str) -> Result<Url, Error> {
        let query =
            if !request.query.is_empty() || !request.encoded_query.is_empty() || !auth.is_empty() {
                let mut text = encode_query(&request.query);
                for piece in request.encoded_query.iter().filter(|p| !p.is_empty()) {
                    if !text.is_empty() {
                        text.push('&');
                    }
                    text.push_str(piece);
                }
                if !auth.is_empty() {
                    if !text.is_empty() {
                        text.push('&');
                    }
                    text.push_str(auth);
                }
                Some(text)
            } else {
                None
            };
        let mut own = None;
        let (base_text, base) = self.base_of(op, &mut own)?;
        if request.path.contains(['?', '#']) {
            // Rare (generated paths encode both): the whole URL as text, parsed.
            let mut text = String::with_capacity(base_text.len() + request.path.len() + 1);
            text.push_str(base_text);
            if !request.path.starts_with('/') {
                text.push('/');
            }
            text.push_str(&request.path);
            if let Some(query) = &query {
                text.push('?');
                text.push_str(query);
            }
            // The parse error never contains the URL (which may hold an API key).
            return Url::parse(&text)
                .map_err(|e| Error::build(format!("invalid request URL: {e}")));
        }
        // The base URL parsed once, its path extended: the same URL as
        // parsing the text above, without parsing the scheme and host again.
        let mut url = base.clone();
        // A parsed path ends with `/` only for the root or after a dot
        // segment (`/a/.` is `/a/`), where the text had no slash to add.
        let base_path = url.path();
        let base_path = base_path.strip_suffix('/').unwrap_or(base_path);
        let mut path = String::with_capacity(base_path.len() + request.path.len() + 1);
        path.push_str(base_path);
        if !request.path.starts_with('/') {
            path.push('/');
        }
        path.push_str(&request.path);
        url.set_path(&path);
        url.set_query(query.as_deref());
        Ok(url)
    }

    /// The headers of one attempt but the time left, lowest precedence
    /// first: User-Agent, client defaults, auth (those three prepared once
    /// per security), the request's own (its cookie parameters, then the
    /// cookie credentials), a fetched token, its content type, the call's
    /// extra headers, the idempotency key.
    fn headers(
        picked: &Picked,
        request: &Request,
        options: &CallOptions,
        key: Option<&(HeaderName, HeaderValue)>,
        token: Option<&HeaderValue>,
    ) -> HeaderMap {
        let mut headers = picked.headers.clone();
        merge_headers(&mut headers, &request.headers);
        if !picked.cookie.is_empty() {
            let value = match headers.get(COOKIE).and_then(|c| c.to_str().ok()) {
                Some(own) if !own.is_empty() => format!("{own}; {}", picked.cookie),
                _ => picked.cookie.clone(),
            };
            // Checked when the credentials were prepared.
            if let Ok(value) = HeaderValue::from_str(&value) {
                headers.insert(COOKIE, sensitive(value));
            }
        }
        if let Some(token) = token {
            headers.insert(AUTHORIZATION, token.clone());
        }
        if let Some(body) = &request.body {
            headers.insert(CONTENT_TYPE, body.content_type.clone());
        }
        merge_headers(&mut headers, &options.headers);
        if let Some((name, value)) = key {
            headers.insert(name.clone(), value.clone());
        }
        headers
    }

    fn deadline(&self, op: &Operation, options: &CallOptions, start: Instant) -> Instant {
        let from_timeout = options.timeout.map(|t| instant_after(start, t));
        match (options.deadline, from_timeout) {
            (Some(d), Some(t)) => d.min(t),
            (Some(d), None) => d,
            (None, Some(t)) => t,
            (None, None) => instant_after(
                start,
                op.retry.deadline.unwrap_or(self.inner.config.deadline),
            ),
        }
    }

    /// One HTTP exchange, response body included, bounded by `timeout`.
    ///
    /// A plain function returning the timed exchange, and reqwest's request
    /// handed over before the exchange's future is made: the call's future
    /// (which every SDK method's future contains, and moves) then holds
    /// neither the request nor the arguments a second time.
    ///
    /// A stream call's success (`S`) comes back as soon as its headers
    /// arrive, its body unread: the timeout bounds the wait for them only.
    fn attempt<S: Reading>(
        &self,
        method: &Method,
        url: &Url,
        headers: HeaderMap,
        body: Option<&Body>,
        timeout: Duration,
    ) -> tokio::time::Timeout<impl Future<Output = Result<Got<S>, ExchangeError>> + Send> {
        let mut req = reqwest::Request::new(method.clone(), url.clone());
        *req.headers_mut() = headers;
        if let Some(body) = body {
            *req.body_mut() = Some(match &body.streamed {
                None => reqwest::Body::from(body.bytes.clone()),
                Some(streamed) => streamed.attempt_body(),
            });
        }
        let pending = self.inner.http.execute(req);
        let limit = self.inner.config.max_response_bytes;
        tokio::time::timeout(timeout, async move {
            let mut resp = match S::open(pending.await?) {
                Ok(opened) => return Ok(Got::Open(opened)),
                Err(resp) => resp,
            };
            let status = resp.status();
            // Taken, not cloned: reading the body does not need them.
            let headers = std::mem::take(resp.headers_mut());
            let body = read_body(resp, limit).await.map_err(|e| match e {
                ExchangeError::TooLarge(_) => ExchangeError::TooLarge(status),
                other => other,
            })?;
            Ok(Got::Whole((status, headers, body)))
        })
    }

    /// What an attempt ended with, or a stream call's success opened; `Err`
    /// only for a request that could not be built (nothing was sent).
    fn outcome<S>(
        result: Result<Result<Got<S>, ExchangeError>, tokio::time::error::Elapsed>,
        limit: u64,
        attempts: u32,
    ) -> Result<Step<S>, Error> {
        Ok(Step::Judge(match result {
            Err(_) => Outcome::Transport {
                failure: TransportFailure::Timeout,
                source: None,
            },
            Ok(Err(ExchangeError::TooLarge(status))) => {
                return Err(Error::ResponseTooLarge {
                    limit,
                    status,
                    attempts,
                })
            }
            Ok(Err(ExchangeError::Http(e))) => {
                // Never keep the URL: its query may carry an API key.
                let e = e.without_url();
                if e.is_builder() {
                    return Err(Error::build(format!("could not build the request: {e}")));
                }
                let failure = if e.is_connect() {
                    TransportFailure::Connect
                } else if e.is_timeout() {
                    TransportFailure::Timeout
                } else {
                    TransportFailure::Broken
                };
                Outcome::Transport {
                    failure,
                    source: Some(e),
                }
            }
            Ok(Ok(Got::Open(opened))) => return Ok(Step::Open(opened)),
            Ok(Ok(Got::Whole((status, headers, body)))) => Outcome::Response {
                status,
                headers,
                body,
                code: None,
                message: None,
            },
        }))
    }

    fn error(
        outcome: Outcome,
        op: &Operation,
        config: &Config,
        attempts: u32,
        stop_reason: StopReason,
    ) -> Error {
        match outcome {
            Outcome::Response {
                status,
                headers,
                body,
                code,
                message,
            } => {
                // Only a keyed operation's 409 is the key's conflict; any
                // other 409 is a plain API error.
                let contract = key_contract(op).filter(|_| status.as_u16() == 409);
                let in_flight = contract.is_some_and(|k| code.as_deref() == Some(k.in_flight_code));
                let mismatch = contract.is_some_and(|k| code.as_deref() == Some(k.mismatch_code));
                let api = Box::new(ApiError {
                    status,
                    headers,
                    body,
                    code,
                    message,
                    attempts,
                    stop_reason,
                    request_id_header: config.request_id_header,
                });
                if in_flight {
                    Error::IdempotencyInFlight(api)
                } else if mismatch {
                    Error::IdempotencyMismatch(api)
                } else {
                    Error::Api(api)
                }
            }
            Outcome::Transport {
                failure: TransportFailure::Timeout | TransportFailure::DeadlineReached,
                ..
            } => Error::Timeout {
                attempts,
                stop_reason,
            },
            Outcome::Transport { failure, source } => {
                let message = match &source {
                    Some(e) => format!("{}: {e}", failure.describe()),
                    None => failure.describe().to_string(),
                };
                Error::Connection {
                    message,
                    source,
                    attempts,
                    stop_reason,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Runtime {
        /// The headers of a call of `op` with the credentials it picks.
        fn test_headers(
            &self,
            op: &Operation,
            request: &Request,
            options: &CallOptions,
            key: Option<&(HeaderName, HeaderValue)>,
        ) -> HeaderMap {
            let picked = self.pick(op).expect("credentials");
            Self::headers(&picked, request, options, key, None)
        }
    }

    /// The Vault spec's schemes (generator/tests/fixtures/auth.yaml).
    static ROOT: &[&[&str]] = &[&["bearerAuth"], &["basicAuth"]];
    static KEYED: &[&[&str]] = &[&["cookieKey", "queryKey"], &["basicAuth"]];
    static OPTIONAL: &[&[&str]] = &[&["bearerAuth"], &[]];
    static MACHINE: &[&[&str]] = &[&["oauth"]];
    fn help(scheme: &str) -> Option<&'static str> {
        match scheme {
            "bearerAuth" => Some("`.bearer_token(..)` or VAULT_BEARER_TOKEN"),
            "basicAuth" => Some("`.username(..)` or VAULT_USERNAME"),
            _ => None,
        }
    }

    fn vault(held: &[(&str, Auth)]) -> Runtime {
        let mut config = Config::new("http://127.0.0.1:9/api").with_security(ROOT);
        config.credential_help = help;
        for (name, auth) in held {
            config = config.with_credential(*name, auth.clone());
        }
        Runtime::new(config).expect("runtime")
    }

    fn sent(rt: &Runtime, op: &Operation, request: &Request) -> (Option<String>, String) {
        let h = rt.test_headers(op, request, &CallOptions::new(), None);
        let url = rt.url(op, request).expect("url");
        let auth = h
            .get(AUTHORIZATION)
            .map(|v| v.to_str().expect("text").to_string());
        let cookie = h.get(COOKIE).map(|v| v.to_str().expect("text").to_string());
        (
            auth,
            format!(
                "{} {}",
                url.query().unwrap_or(""),
                cookie.unwrap_or_default()
            ),
        )
    }

    #[test]
    fn a_call_sends_the_first_alternative_held_and_nothing_else() {
        let bearer = ("bearerAuth", Auth::bearer("tok"));
        let basic = ("basicAuth", Auth::basic("ann", None));
        let list = Operation::new("listSecrets", Method::GET, RetryClass::Safe);
        let get = Request::new(Method::GET, "/secrets");
        let (auth, _) = sent(&vault(std::slice::from_ref(&bearer)), &list, &get);
        assert_eq!(auth.as_deref(), Some("Bearer tok"));
        let (auth, _) = sent(&vault(std::slice::from_ref(&basic)), &list, &get);
        assert_eq!(
            auth.as_deref(),
            Some("Basic YW5uOg=="),
            "no password: empty"
        );
        let (auth, _) = sent(&vault(&[basic.clone(), bearer.clone()]), &list, &get);
        assert_eq!(auth.as_deref(), Some("Bearer tok"), "the first alternative");

        let keyed = list.clone().with_security(KEYED);
        let cookie = ("cookieKey", Auth::api_key_cookie("vault_session", "c k;"));
        let query = ("queryKey", Auth::api_key_query("api_key", "q&k"));
        let rt = vault(&[cookie.clone(), query.clone(), basic.clone(), bearer.clone()]);
        let request = Request::new(Method::GET, "/keyed")
            .header("cookie", "session_hint=h")
            .expect("request");
        let (auth, rest) = sent(&rt, &keyed, &request);
        assert_eq!(auth, None, "both keys, no Authorization");
        assert_eq!(rest, "api_key=q%26k session_hint=h; vault_session=c%20k%3B");
        let (auth, rest) = sent(&vault(&[cookie, basic]), &keyed, &request);
        assert_eq!(auth.as_deref(), Some("Basic YW5uOg=="));
        assert_eq!(rest, " session_hint=h");
        let (_, rest) = sent(
            &vault(&[query]),
            &keyed.clone().with_security(&[&["queryKey"]]),
            &get,
        );
        assert_eq!(rest, "api_key=q%26k ");

        let optional = list.clone().with_security(OPTIONAL);
        assert_eq!(sent(&vault(&[]), &optional, &get).0, None);
        assert_eq!(
            sent(&vault(std::slice::from_ref(&bearer)), &optional, &get)
                .0
                .as_deref(),
            Some("Bearer tok")
        );
        let public = list.clone().without_auth();
        assert_eq!(sent(&vault(&[bearer]), &public, &get).0, None);
    }

    #[test]
    fn a_missing_credential_names_the_first_alternative() {
        let rt = vault(&[("cookieKey", Auth::api_key_cookie("s", "k"))]);
        let list = Operation::new("listSecrets", Method::GET, RetryClass::Safe);
        match rt.pick(&list) {
            Err(e @ Error::MissingCredential { .. }) => {
                assert_eq!(e.kind(), "missing_credential");
                assert_eq!(e.attempts(), 0);
                let text = e.to_string();
                assert!(text.starts_with("listSecrets: "), "{text}");
                assert!(text.contains("bearerAuth (`.bearer_token(..)` or VAULT_BEARER_TOKEN)"));
                assert!(!text.contains("basicAuth"), "{text}");
                let Error::MissingCredential { schemes, .. } = e else {
                    unreachable!()
                };
                assert_eq!(schemes, ["bearerAuth"]);
            }
            other => panic!("expected a missing credential, got {:?}", other.map(|_| ())),
        }
        let machine = list.clone().with_security(MACHINE);
        assert!(matches!(
            rt.pick(&machine),
            Err(Error::MissingCredential { .. })
        ));
        // Picked once per security: the same prepared headers again.
        let rt = vault(&[(
            "oauth",
            Auth::client_credentials("/oauth/token", "a b", "s"),
        )]);
        let first = rt.pick(&machine).expect("held");
        let again = rt.pick(&machine).expect("held");
        assert!(Arc::ptr_eq(&first, &again));
        let source = first.oauth.as_ref().expect("a token source");
        assert_eq!(source.url.as_str(), "http://127.0.0.1:9/oauth/token");
        assert_eq!(source.basic, format!("Basic {}", base64_encode(b"a+b:s")));
    }

    #[test]
    fn token_responses_are_read_strictly() {
        assert_eq!(
            read_token(br#"{"access_token":"t","token_type":"bearer","expires_in":120}"#),
            Ok(("t".to_string(), Some(120.0)))
        );
        assert_eq!(
            read_token(br#"{"access_token":"t"}"#),
            Ok(("t".to_string(), None))
        );
        for bad in [
            &br#"{"token_type":"Bearer"}"#[..],
            br#"{"access_token":""}"#,
            br#"{"access_token":"t","token_type":"mac"}"#,
            br#"{"access_token":"t","expires_in":"60"}"#,
            b"not json",
        ] {
            assert!(read_token(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
        assert_eq!(token_use(3600.0), Duration::from_secs(3570));
        assert_eq!(token_use(60.0), Duration::from_secs(30));
        assert_eq!(token_use(20.0), Duration::from_secs(10));
    }

    #[test]
    fn reads_error_codes() {
        assert_eq!(
            error_code_and_message(br#"{"code":"c","message":"m"}"#),
            (Some("c".into()), Some("m".into()))
        );
        assert_eq!(
            error_code_and_message(br#"{"error":{"code":"c2","message":"m2"}}"#),
            (Some("c2".into()), Some("m2".into()))
        );
        assert_eq!(
            error_code_and_message(br#"{"code":"top","error":{"code":"inner","message":"m2"}}"#),
            (Some("top".into()), Some("m2".into()))
        );
        assert_eq!(error_code_and_message(b"not json"), (None, None));
        assert_eq!(error_code_and_message(b"[1]"), (None, None));
        assert_eq!(
            error_code_and_message(br#"{"code":42}"#),
            (Some("42".into()), None)
        );
    }

    #[test]
    fn builds_urls_and_rejects_bad_bases() {
        let rt = Runtime::new(
            Config::new("http://127.0.0.1:9/v1/").with_auth(Auth::api_key_query("key", "s e")),
        )
        .expect("runtime");
        let op = Operation::new("op", Method::GET, RetryClass::Safe);
        let url = rt
            .url(
                &op,
                &Request::new(Method::GET, "/users/a%2Fb").query("q", "x&y"),
            )
            .expect("url");
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:9/v1/users/a%2Fb?q=x%26y&key=s%20e"
        );
        let url = rt
            .url(&op, &Request::new(Method::GET, "items"))
            .expect("url");
        assert_eq!(url.as_str(), "http://127.0.0.1:9/v1/items?key=s%20e");
        let public = op.without_auth();
        let url = rt
            .url(&public, &Request::new(Method::GET, "items"))
            .expect("url");
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:9/v1/items",
            "no credentials for `security: []`"
        );
        for bad in ["not a url", "ftp://h", "http://h/?q=1"] {
            assert!(
                matches!(Runtime::new(Config::new(bad)), Err(Error::Build { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            Runtime::new(Config::new("http://h").with_auth(Auth::bearer("bad\ntoken"))),
            Err(Error::Build { .. })
        ));
    }

    #[test]
    fn server_urls_match_with_or_without_a_trailing_slash() {
        let rt = Runtime::new(
            Config::new("http://127.0.0.1:9/v1")
                .with_server_url("https://files.example.com", "http://127.0.0.1:10/a"),
        )
        .expect("runtime");
        let upload = Operation::new("upload", Method::POST, RetryClass::Unsafe)
            .with_base_url("https://files.example.com/");
        let request = Request::new(Method::POST, "/files");
        assert_eq!(
            rt.url(&upload, &request).expect("url").to_string(),
            "http://127.0.0.1:10/a/files"
        );
    }

    #[test]
    fn operations_with_a_server_of_their_own_go_there() {
        let config = Config::new("http://127.0.0.1:9/v1")
            .with_server_url("https://upload.example.com/", "http://127.0.0.1:10/up/");
        let rt = Runtime::new(config).expect("runtime");
        let root = Operation::new("list", Method::GET, RetryClass::Safe);
        let upload = Operation::new("upload", Method::POST, RetryClass::Unsafe)
            .with_base_url("https://upload.example.com/");
        let other = Operation::new("other", Method::GET, RetryClass::Safe)
            .with_base_url("https://files.example.com/v2");
        let request = Request::new(Method::GET, "/files").query("q", "1");
        let url = |op: &Operation| rt.url(op, &request).map(|u| u.to_string());
        assert_eq!(url(&root).expect("url"), "http://127.0.0.1:9/v1/files?q=1");
        assert_eq!(
            url(&upload).expect("url"),
            "http://127.0.0.1:10/up/files?q=1",
            "the client's replacement of the spec's server"
        );
        assert_eq!(
            url(&other).expect("url"),
            "https://files.example.com/v2/files?q=1",
            "the spec's own server where the client replaces none"
        );
        let broken =
            Operation::new("agent", Method::POST, RetryClass::Unsafe).with_base_url("https://");
        match rt.url(&broken, &request) {
            Err(Error::Build { message }) => {
                assert!(message.contains("with_server_url"), "{message}");
                assert!(message.contains("agent"), "{message}");
            }
            other => panic!("expected a build error, got {other:?}"),
        }
        assert!(matches!(
            Runtime::new(Config::new("http://h").with_server_url("https://a", "ftp://b")),
            Err(Error::Build { .. })
        ));
    }

    #[test]
    fn request_urls_are_the_concatenated_text_parsed() {
        // The runtime extends the parsed base URL's path instead of parsing
        // the whole text again: the result must be what parsing gives.
        let bases = [
            "http://h",
            "http://h/",
            "https://h:8443/v1",
            "http://h/v1///",
            "http://h/a/.",
            "http://h/a/..",
            "http://h/a/.//.",
            "http://h/a%2Fb/c d",
            "http://h/%2e%2e/x",
            "http://[::1]:9/api\\v2",
        ];
        let paths = [
            "/users/a%2Fb",
            "items",
            "/",
            "",
            "//double",
            "/a/../../b",
            "/./c/%2E/d",
            "/sp ace/\\back/é",
            "/q?x=1",
            "/frag#f",
            "/both?x=1#f",
        ];
        for base in bases {
            for auth in [None, Some(Auth::api_key_query("key", "s e&"))] {
                let mut config = Config::new(base);
                if let Some(auth) = auth.clone() {
                    config = config.with_auth(auth);
                }
                let rt = Runtime::new(config).expect("runtime");
                let op = Operation::new("op", Method::GET, RetryClass::Safe);
                for path in paths {
                    for query in [false, true] {
                        let mut request = Request::new(Method::GET, path);
                        if query {
                            request = request.query("q", "x y/z");
                        }
                        let mut text = base.trim_end_matches('/').to_string();
                        if !path.starts_with('/') {
                            text.push('/');
                        }
                        text.push_str(path);
                        let mut pairs = request.query.clone();
                        if auth.is_some() {
                            pairs.push(("key".into(), "s e&".into()));
                        }
                        if !pairs.is_empty() {
                            text.push('?');
                            text.push_str(&encode_query(&pairs));
                        }
                        let expected = Url::parse(&text).expect("parses");
                        let got = rt.url(&op, &request).expect("url");
                        assert_eq!(got, expected, "base {base:?}, path {path:?}, query {query}");
                        assert_eq!(got.as_str(), expected.as_str());
                    }
                }
            }
        }
    }

    #[test]
    fn header_precedence_and_secrets() {
        let mut defaults = HeaderMap::new();
        defaults.insert("x-a", HeaderValue::from_static("default"));
        defaults.insert("x-b", HeaderValue::from_static("default"));
        let rt = Runtime::new(
            Config::new("http://h")
                .with_default_headers(defaults)
                .with_user_agent("sdk/1.0")
                .with_auth(Auth::basic("Aladdin", Some("open sesame".into())))
                .with_auth(Auth::api_key_header("X-Api-Key", "k1")),
        )
        .expect("runtime");
        let request = Request::new(Method::POST, "/")
            .header("x-b", "request")
            .and_then(|r| r.header("x-c", "request"))
            .and_then(|r| r.json(&1))
            .expect("request");
        let options = CallOptions::new().header("x-c", "call").expect("options");
        let op = Operation::new("op", Method::POST, RetryClass::Keyed);
        let key = rt.resolve_key(&op, &options).expect("key");
        let h = rt.test_headers(&op, &request, &options, key.as_ref());
        assert_eq!(h["x-a"], "default");
        assert_eq!(h["x-b"], "request");
        assert_eq!(h["x-c"], "call");
        assert_eq!(h["user-agent"], "sdk/1.0");
        assert_eq!(h["content-type"], "application/json");
        assert_eq!(h["authorization"], "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
        assert!(h["authorization"].is_sensitive());
        assert!(h["x-api-key"].is_sensitive());
        assert_eq!(h["idempotency-key"].len(), 36);
        assert!(!format!("{rt:?}").contains("open sesame"));
        let public = op.without_auth();
        let h = rt.test_headers(&public, &request, &options, key.as_ref());
        assert!(
            h.get("authorization").is_none(),
            "no credentials for `security: []`"
        );
        assert!(h.get("x-api-key").is_none());
        assert_eq!(h["x-a"], "default");
    }

    #[test]
    fn keys_are_checked_and_only_sent_for_keyed_operations() {
        let rt = Runtime::new(Config::new("http://h")).expect("runtime");
        let keyed = Operation::new("k", Method::POST, RetryClass::Keyed).with_key_max_length(4);
        let safe = Operation::new("s", Method::GET, RetryClass::Safe);
        assert!(rt
            .resolve_key(&safe, &CallOptions::new())
            .expect("ok")
            .is_none());
        assert!(rt
            .resolve_key(&safe, &CallOptions::new().idempotency_key("abc"))
            .expect("ok")
            .is_none());
        let caller = rt
            .resolve_key(&keyed, &CallOptions::new().idempotency_key("abcd"))
            .expect("ok")
            .expect("key");
        assert_eq!(caller.1, "abcd");
        assert!(matches!(
            rt.resolve_key(&keyed, &CallOptions::new().idempotency_key("abcde")),
            Err(Error::InvalidIdempotencyKey { .. })
        ));
        let generated = rt
            .resolve_key(&keyed, &CallOptions::new())
            .expect("ok")
            .expect("key");
        assert_eq!(generated.0.as_str(), "idempotency-key");
        assert_eq!(generated.1.len(), 36);
    }

    #[test]
    fn deadlines_take_the_earliest() {
        let rt = Runtime::new(Config::new("http://h")).expect("runtime");
        let op = Operation::new("o", Method::GET, RetryClass::Safe);
        let start = Instant::now();
        assert_eq!(
            rt.deadline(&op, &CallOptions::new(), start),
            start + Duration::from_secs(60)
        );
        let op5 = op
            .clone()
            .with_retry(super::super::operation::RetryOverrides {
                deadline: Some(Duration::from_secs(5)),
                ..Default::default()
            });
        assert_eq!(
            rt.deadline(&op5, &CallOptions::new(), start),
            start + Duration::from_secs(5)
        );
        let options = CallOptions::new()
            .timeout(Duration::from_secs(3))
            .deadline(start + Duration::from_secs(2));
        assert_eq!(
            rt.deadline(&op5, &options, start),
            start + Duration::from_secs(2)
        );
        let options = CallOptions::new().timeout(Duration::MAX);
        assert!(rt.deadline(&op, &options, start) > start);
    }
}
