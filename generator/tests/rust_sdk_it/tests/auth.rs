//! The SDK of `generator/tests/fixtures/auth.yaml` (the crate `vault`)
//! against an HTTP/1.1 server on 127.0.0.1 answering by path
//! (runtime/CONTRACT.md section 10): one security alternative per call,
//! credentials and the base URL from the environment, the missing-credential
//! error before sending, cookie keys after the call's cookie parameters, and
//! OAuth2 client credentials (one token for many calls, renewed before it
//! expires, one fetch at a time, retried like any call, and a refused token
//! renewed once).

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use vault::runtime::{Clock, SleepFuture};

/// The tests change the process's environment, which `build()` reads:
/// one at a time.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Every variable the SDK reads.
const ENV: [&str; 9] = [
    "VAULT_BASE_URL",
    "VAULT_BEARER_TOKEN",
    "VAULT_USERNAME",
    "VAULT_PASSWORD",
    "VAULT_COOKIE_KEY",
    "VAULT_QUERY_KEY",
    "VAULT_CLIENT_ID",
    "VAULT_CLIENT_SECRET",
    "VAULT_ACCESS_TOKEN",
];

fn clear_env() {
    for name in ENV {
        std::env::remove_var(name);
    }
}

/// One request as the server read it.
#[derive(Clone, Debug)]
struct Seen {
    /// Path and query.
    target: String,
    headers: BTreeMap<String, String>,
    body: String,
}

impl Seen {
    fn path(&self) -> &str {
        self.target.split('?').next().unwrap_or("")
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

#[derive(Default)]
struct State {
    seen: Vec<Seen>,
    /// Tokens issued so far (`tok-1`, `tok-2`, ...).
    issued: u32,
    /// The token endpoint's next answers are this many 503s.
    token_failures: u32,
    /// `expires_in` of the tokens issued; `None` leaves it out.
    expires_in: Option<u64>,
    /// How long the token endpoint takes.
    token_delay: Duration,
    /// Tokens the API refuses with a 401.
    revoked: HashSet<String>,
    /// Every bearer token is refused.
    refuse_all: bool,
}

struct Server {
    origin: String,
    state: Arc<Mutex<State>>,
}

impl Server {
    async fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let origin = format!("http://{}", listener.local_addr().expect("addr"));
        let state = Arc::new(Mutex::new(State {
            expires_in: Some(3600),
            ..State::default()
        }));
        let shared = state.clone();
        tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                tokio::spawn(serve(stream, shared.clone()));
            }
        });
        Server { origin, state }
    }

    fn builder(&self) -> vault::ClientBuilder {
        vault::Client::builder()
            .base_url(format!("{}/api", self.origin))
            .backoff(Duration::from_millis(1), Duration::from_millis(5))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().expect("lock")
    }

    fn seen(&self) -> Vec<Seen> {
        self.state().seen.clone()
    }

    fn seen_at(&self, path: &str) -> Vec<Seen> {
        self.seen()
            .into_iter()
            .filter(|s| s.path() == path)
            .collect()
    }
}

/// Reads one request (head and `Content-Length` body), records it and
/// answers by its path.
async fn serve(mut stream: TcpStream, state: Arc<Mutex<State>>) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let target = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .unwrap_or("")
        .to_string();
    let headers: BTreeMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let body = String::from_utf8_lossy(&buf[head_end..head_end + length]).into_owned();
    let seen = Seen {
        target,
        headers,
        body,
    };
    let (status, reply, delay) = {
        let mut s = state.lock().expect("lock");
        s.seen.push(seen.clone());
        if seen.path() == "/oauth/token" {
            if s.token_failures > 0 {
                s.token_failures -= 1;
                (503, r#"{"message":"busy"}"#.to_string(), Duration::ZERO)
            } else {
                s.issued += 1;
                let mut reply = serde_json::json!({
                    "access_token": format!("tok-{}", s.issued),
                    "token_type": "bearer",
                });
                if let Some(secs) = s.expires_in {
                    reply["expires_in"] = secs.into();
                }
                (200, reply.to_string(), s.token_delay)
            }
        } else {
            let token = seen
                .header("authorization")
                .and_then(|a| a.strip_prefix("Bearer "));
            let refused = token.is_some_and(|t| s.refuse_all || s.revoked.contains(t));
            if refused {
                (
                    401,
                    r#"{"message":"bad token"}"#.to_string(),
                    Duration::ZERO,
                )
            } else if seen.path() == "/api/machine" {
                (201, r#"{"ok":true}"#.to_string(), Duration::ZERO)
            } else {
                (200, r#"{"ok":true}"#.to_string(), Duration::ZERO)
            }
        }
    };
    tokio::time::sleep(delay).await;
    let head = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        reply.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(reply.as_bytes()).await;
    let _ = stream.shutdown().await;
}

fn basic(user: &str, password: &str) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let input = format!("{user}:{password}").into_bytes();
    let mut out = String::new();
    for chunk in input.chunks(3) {
        let b = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let n = (b(0) << 16) | (b(1) << 8) | b(2);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    format!("Basic {out}")
}

fn secret() -> vault::models::CreateMachineSecretRequest {
    vault::models::CreateMachineSecretRequest { name: "db".into() }
}

/// A clock the test moves forward; sleeps are tokio's.
struct TestClock {
    start: Instant,
    ahead: Mutex<Duration>,
}

impl TestClock {
    fn advance(&self, by: Duration) {
        *self.ahead.lock().expect("lock") += by;
    }
}

impl Clock for TestClock {
    fn now(&self) -> Instant {
        self.start + *self.ahead.lock().expect("lock")
    }

    fn sleep(&self, duration: Duration) -> SleepFuture<'_> {
        Box::pin(tokio::time::sleep(duration))
    }
}

#[tokio::test]
async fn each_call_sends_one_alternative_and_nothing_else() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let bearer = server.builder().bearer_token("t1").build().expect("client");
    bearer.vault().list_secrets().send().await.expect("bearer");
    let basic_only = server
        .builder()
        .username("ann")
        .password("pw")
        .build()
        .expect("client");
    basic_only
        .vault()
        .list_secrets()
        .send()
        .await
        .expect("basic");
    let both = server
        .builder()
        .username("ann")
        .bearer_token("t1")
        .build()
        .expect("client");
    both.vault().list_secrets().send().await.expect("both");
    let auth: Vec<Option<String>> = server
        .seen()
        .iter()
        .map(|s| s.header("authorization").map(str::to_string))
        .collect();
    assert_eq!(
        auth,
        [
            Some("Bearer t1".to_string()),
            Some(basic("ann", "pw")),
            Some("Bearer t1".to_string()),
        ]
    );
}

#[tokio::test]
async fn schemes_required_together_go_together_and_cookies_follow_parameters() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let keys = server
        .builder()
        .cookie_key("c k;1")
        .query_key("q&k")
        .username("ann")
        .build()
        .expect("client");
    keys.vault()
        .get_keyed()
        .session_hint("h")
        .send()
        .await
        .expect("keys");
    let one_key = server
        .builder()
        .cookie_key("c")
        .username("ann")
        .build()
        .expect("client");
    one_key
        .vault()
        .get_keyed()
        .session_hint("h")
        .send()
        .await
        .expect("basic");
    let seen = server.seen();
    assert_eq!(seen[0].target, "/api/keyed?api_key=q%26k");
    assert_eq!(
        seen[0].header("cookie"),
        Some("session_hint=h; vault_session=c%20k%3B1")
    );
    assert_eq!(seen[0].header("authorization"), None);
    assert_eq!(seen[1].target, "/api/keyed");
    assert_eq!(seen[1].header("cookie"), Some("session_hint=h"));
    assert_eq!(
        seen[1].header("authorization"),
        Some(basic("ann", "").as_str())
    );
}

#[tokio::test]
async fn public_and_optional_operations() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let holder = server.builder().bearer_token("t1").build().expect("client");
    holder.vault().get_public().send().await.expect("public");
    holder
        .vault()
        .get_optional()
        .send()
        .await
        .expect("optional");
    let empty = server.builder().build().expect("client");
    empty.vault().get_optional().send().await.expect("optional");
    empty.vault().get_public().send().await.expect("public");
    let auth: Vec<Option<&str>> = server
        .seen()
        .iter()
        .map(|s| s.header("authorization").map(|_| "sent"))
        .collect();
    assert_eq!(auth, [None, Some("sent"), None, None]);
    assert_eq!(
        server.seen()[1].header("authorization"),
        Some("Bearer t1"),
        "{:?}",
        server.seen()
    );
}

#[tokio::test]
async fn a_missing_credential_fails_before_sending() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let client = server.builder().cookie_key("c").build().expect("client");
    let err = client
        .vault()
        .list_secrets()
        .send()
        .await
        .expect_err("no credentials");
    assert_eq!(err.kind(), "missing_credential");
    assert_eq!(err.attempts(), 0);
    let text = err.to_string();
    assert!(text.contains("bearerAuth"), "{text}");
    assert!(text.contains("`.bearer_token(..)`"), "{text}");
    assert!(text.contains("VAULT_BEARER_TOKEN"), "{text}");
    match &err {
        vault::Error::MissingCredential { schemes, .. } => assert_eq!(schemes, &["bearerAuth"]),
        other => panic!("expected a missing credential, got {other:?}"),
    }
    let err = client
        .vault()
        .create_machine_secret(&secret())
        .send()
        .await
        .expect_err("no oauth");
    assert!(err.to_string().contains("VAULT_CLIENT_ID"), "{err}");
    let budget = client.runtime().budget();
    assert_eq!(
        budget.level(),
        budget.capacity(),
        "nothing taken from the budget"
    );
    assert!(server.seen().is_empty(), "nothing was sent");
}

#[tokio::test]
async fn credentials_and_the_base_url_come_from_the_environment() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    std::env::set_var("VAULT_BASE_URL", format!("{}/api", server.origin));
    std::env::set_var("VAULT_BEARER_TOKEN", "env-token");
    let from_env = vault::Client::builder().build().expect("client");
    from_env.vault().list_secrets().send().await.expect("env");
    let given = vault::Client::builder()
        .bearer_token("given")
        .build()
        .expect("client");
    given.vault().list_secrets().send().await.expect("given");
    std::env::set_var("VAULT_BEARER_TOKEN", "");
    std::env::set_var("VAULT_USERNAME", "env-user");
    let empty = vault::Client::builder().build().expect("client");
    empty.vault().list_secrets().send().await.expect("basic");
    clear_env();
    let auth: Vec<String> = server
        .seen()
        .iter()
        .map(|s| s.header("authorization").unwrap_or("").to_string())
        .collect();
    assert_eq!(
        auth,
        [
            "Bearer env-token".to_string(),
            "Bearer given".to_string(),
            basic("env-user", ""),
        ]
    );
}

#[tokio::test]
async fn a_client_credentials_token_is_fetched_once_and_kept() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let client = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .build()
        .expect("client");
    for _ in 0..2 {
        client
            .vault()
            .create_machine_secret(&secret())
            .send()
            .await
            .expect("call");
    }
    let tokens = server.seen_at("/oauth/token");
    assert_eq!(tokens.len(), 1);
    let request = &tokens[0];
    assert_eq!(request.body, "grant_type=client_credentials");
    assert!(!request.body.contains("scope"));
    assert_eq!(
        request.header("content-type"),
        Some("application/x-www-form-urlencoded")
    );
    assert_eq!(
        request.header("authorization"),
        Some(basic("machine", "s3cret").as_str())
    );
    let calls = server.seen_at("/api/machine");
    assert_eq!(calls.len(), 2);
    for call in calls {
        assert_eq!(call.header("authorization"), Some("Bearer tok-1"));
    }
}

#[tokio::test]
async fn an_access_token_given_wins_over_fetching_one() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let client = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .access_token("given")
        .build()
        .expect("client");
    client
        .vault()
        .create_machine_secret(&secret())
        .send()
        .await
        .expect("call");
    assert!(server.seen_at("/oauth/token").is_empty());
    assert_eq!(
        server.seen_at("/api/machine")[0].header("authorization"),
        Some("Bearer given")
    );
}

#[tokio::test]
async fn a_token_is_renewed_before_it_expires() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    let built = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .build()
        .expect("client");
    let clock = Arc::new(TestClock {
        start: Instant::now(),
        ahead: Mutex::new(Duration::ZERO),
    });
    let client = vault::Client::from_runtime(built.runtime().clone().with_clock(clock.clone()));
    let call = || async {
        client
            .vault()
            .create_machine_secret(&secret())
            .send()
            .await
            .expect("call");
    };
    call().await;
    // Kept until 30 s before its hour is up.
    clock.advance(Duration::from_secs(3569));
    call().await;
    clock.advance(Duration::from_secs(2));
    call().await;
    let used: Vec<String> = server
        .seen_at("/api/machine")
        .iter()
        .map(|s| s.header("authorization").unwrap_or("").to_string())
        .collect();
    assert_eq!(used, ["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"]);
    assert_eq!(server.seen_at("/oauth/token").len(), 2);
}

#[tokio::test]
async fn the_token_request_is_retried_under_the_contract() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    server.state().token_failures = 1;
    let client = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .build()
        .expect("client");
    client
        .vault()
        .create_machine_secret(&secret())
        .send()
        .await
        .expect("call");
    assert_eq!(server.seen_at("/oauth/token").len(), 2, "503, then 200");
    assert_eq!(
        server.seen_at("/api/machine")[0].header("authorization"),
        Some("Bearer tok-1")
    );
}

#[tokio::test]
async fn a_refused_token_is_renewed_and_the_call_sent_once_more() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    server.state().revoked.insert("tok-1".to_string());
    let client = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .build()
        .expect("client");
    client
        .vault()
        .create_machine_secret(&secret())
        .idempotency_key("order-1")
        .send()
        .await
        .expect("sent again with a new token");
    let calls = server.seen_at("/api/machine");
    let used: Vec<(&str, &str)> = calls
        .iter()
        .map(|s| {
            (
                s.header("authorization").unwrap_or(""),
                s.header("idempotency-key").unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        used,
        [("Bearer tok-1", "order-1"), ("Bearer tok-2", "order-1")]
    );

    // A second 401 is the caller's; a generated key is the same on both.
    let server = Server::start().await;
    server.state().refuse_all = true;
    let client = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .build()
        .expect("client");
    let err = client
        .vault()
        .create_machine_secret(&secret())
        .send()
        .await
        .expect_err("refused twice");
    assert_eq!(err.status().map(|s| s.as_u16()), Some(401));
    let calls = server.seen_at("/api/machine");
    assert_eq!(calls.len(), 2);
    assert_eq!(server.seen_at("/oauth/token").len(), 2);
    let key = calls[0].header("idempotency-key").expect("a key");
    assert_eq!(calls[1].header("idempotency-key"), Some(key));
}

#[tokio::test]
async fn concurrent_calls_share_one_token_request() {
    let _serial = SERIAL.lock().await;
    clear_env();
    let server = Server::start().await;
    server.state().token_delay = Duration::from_millis(200);
    let client = server
        .builder()
        .client_id("machine")
        .client_secret("s3cret")
        .build()
        .expect("client");
    let mut calls = Vec::new();
    for _ in 0..5 {
        let client = client.clone();
        calls.push(tokio::spawn(async move {
            client.vault().create_machine_secret(&secret()).send().await
        }));
    }
    for call in calls {
        call.await.expect("joined").expect("call");
    }
    assert_eq!(server.seen_at("/oauth/token").len(), 1);
    assert_eq!(server.seen_at("/api/machine").len(), 5);
}
