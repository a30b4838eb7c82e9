//! The duplicate gates of the generated Rust SDK (generated/payments/rust).
//!
//! Each gate starts its own `sdkgen mock specs/payments.yaml --port 0` process
//! on 127.0.0.1, installs its faults through `POST /__sdkgen/faults`, drives
//! the SDK's real API against it, and judges the outcome from what the caller
//! got and from `GET /__sdkgen/stats` (side effects, replays, conflicts,
//! duplicates). The process is killed when the gate ends, pass or fail.
//!
//! The SDK runs with its defaults (3 attempts, full jitter with base 500 ms,
//! attempt timeout 3 x 400 ms, 60 s deadline, 500-token budget): no gate
//! changes a retry knob. Every call is bounded by the harness instead
//! (`bounded`), so a hung call fails its gate rather than the whole run.
//!
//! `SDKGEN_BIN` names the sdkgen binary; the default is the repository's
//! `target/debug/sdkgen` (scripts/test-gates builds it).

use std::collections::BTreeSet;
use std::future::Future;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use payments::models::{CreateTransfer, Transfer, VendorUpdate};
use payments::{Error, StopReason};
use serde_json::Value;

/// How long the mock may take to print its address.
const STARTUP: Duration = Duration::from_secs(30);
/// The harness's bound on one logical call (the SDK's own deadline is 60 s).
const CALL_BOUND: Duration = Duration::from_secs(30);
/// The bound on one control request.
const CONTROL_BOUND: Duration = Duration::from_secs(10);

/// Gate 1: how many concurrent calls share one key.
const CALLS: usize = 50;
/// Gate 1: at most this many rounds to get one where a call meets the
/// in-flight 409 (see `gate1_concurrency`).
const GATE1_ROUNDS: u32 = 5;

/// Gate 1's fault: the execution that wins the key is slow, so the calls
/// arriving meanwhile meet the in-flight 409 and must resolve it by retrying.
///
/// Why 20 ms and not more: under full jitter a call's retries can come
/// arbitrarily soon (sleeps uniform in [0, 500 ms] and [0, 1000 ms]), so a call
/// whose first attempt met the 409 at once runs out of its 3 attempts while the
/// first execution is still in flight with probability P(S1 + S2 < L) =
/// L^2 / 1 000 000 (L in ms, L <= 500). Over 49 calls that bounds the failing
/// runs by 12 % at 50 ms and 2 % at 20 ms; measured with the Node SDK on a
/// loaded 2-core machine: 3 failing calls in 10 runs at 300 ms, 1 failing run
/// in 400 at 50 ms, none in 200 at 20 ms. A call that meets the 409 later in
/// the window, or pays a round trip per retry, has less time to lose. Most
/// rounds still see many 409s at 20 ms; a round that sees none is run again
/// (see `gate1_concurrency`).
///
/// `first=1`: the mock counts `first=` among the attempts that claim the key,
/// so whichever of the 50 wins the claim is the one slowed, and the others
/// stop at the claim with the 409 or a replay. `faults_injected == 1` checks
/// that exactly one execution was slowed.
const GATE1_FAULT: &str = "latency=20ms,op=createTransfer,first=1";

/// Gate 2: the first attempt is processed, then the connection is reset
/// instead of answering.
const GATE2_FAULT: &str = "reset=after,op=createTransfer,first=1";

/// Gate 3: the first attempt outlives the attempt timeout, min(3 x p99, time
/// left) = 1200 ms for payments (x-latency-p99-ms 400). The mock keeps
/// executing it after the SDK gives up, as a careful server does: the key is
/// in flight until 1250 ms, then the transfer is stored for replay.
///
/// Why 1250 ms, just above the attempt timeout: the retries come at about
/// 1200 + S1 and 1200 + S1 + S2 ms (full jitter: S1 uniform in [0, 500 ms],
/// S2 in [0, 1000 ms]). A retry before 1250 ms meets the in-flight 409; the
/// call fails only when both retries do, P(S1 + S2 < 50 ms) = 50^2 / (2 x 500
/// x 1000) = 0.25 % (at 2000 ms it would be P(S1 + S2 < 800 ms) = 55 %).
/// The retry meets the 409 when S1 < 50 ms (10 % of runs), else it gets the
/// replay at once: the gate accepts both (gate 1 meets the 409 in every run).
/// The 50 ms also keep the slowed answer from reaching the SDK before its
/// attempt timeout fires on a loaded machine.
const GATE3_FAULT: &str = "latency=1250ms,op=createTransfer,first=1";
const GATE3_LATENCY: Duration = Duration::from_millis(1250);
const ATTEMPT_TIMEOUT: Duration = Duration::from_millis(1200);

/// Gate 4: the unsafe PATCH is processed, then its connection is reset.
const GATE4_FAULT: &str = "reset=after,op=updateVendor,first=1";

/// The bearer token the SDK sends; the mock scopes keys by it.
const TOKEN: &str = "sk_test_gates";

/// One `sdkgen mock specs/payments.yaml` process, killed on drop.
struct Mock {
    child: Child,
    addr: String,
    control: reqwest::Client,
    stderr: Arc<Mutex<String>>,
}

fn repo_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("..").join("..");
    root.canonicalize().unwrap_or(root)
}

impl Mock {
    async fn start() -> Mock {
        let root = repo_root();
        let bin = std::env::var_os("SDKGEN_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target").join("debug").join("sdkgen"));
        let spec = root.join("specs").join("payments.yaml");
        let mut child = Command::new(&bin)
            .arg("mock")
            .arg(&spec)
            .args(["--port", "0", "--host", "127.0.0.1", "--quiet"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run {} ({e}): build it with `cargo build -p sdkgen` or set SDKGEN_BIN",
                    bin.display()
                )
            });

        // Both pipes are drained for the process's whole life, so it never
        // blocks on a full pipe; stderr is kept for failure messages.
        let stderr = Arc::new(Mutex::new(String::new()));
        if let Some(mut pipe) = child.stderr.take() {
            let sink = stderr.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut text) = sink.lock() {
                        text.push_str(&String::from_utf8_lossy(&buf[..n]));
                    }
                }
            });
        }
        let stdout = child.stdout.take().expect("the mock's stdout is piped");
        let (tx, rx) = tokio::sync::oneshot::channel::<Option<String>>();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            let first = lines.next().and_then(Result::ok);
            let _ = tx.send(first);
            for _ in lines {}
        });

        let control = reqwest::Client::builder()
            .no_proxy()
            .timeout(CONTROL_BOUND)
            .build()
            .expect("the control client");
        // From here on a panic drops `mock`, which kills the process.
        let mut mock = Mock {
            child,
            addr: String::new(),
            control,
            stderr,
        };
        let first = match tokio::time::timeout(STARTUP, rx).await {
            Ok(Ok(Some(line))) => line,
            Ok(_) => panic!(
                "the mock exited before printing its address; stderr:\n{}",
                mock.stderr_text()
            ),
            Err(_) => panic!(
                "the mock printed no address within {STARTUP:?}; stderr:\n{}",
                mock.stderr_text()
            ),
        };
        let addr = first
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line from the mock: {first:?}"));
        assert!(
            addr.starts_with("127.0.0.1:"),
            "the mock must listen on 127.0.0.1, it said {first:?}"
        );
        mock.addr = addr.to_string();
        mock
    }

    fn stderr_text(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// The SDK's base URL: the mock, under the spec's base path (`/v2`).
    fn base_url(&self) -> String {
        self.url("/v2")
    }

    async fn set_faults(&self, faults: &[&str]) {
        let response = self
            .control
            .post(self.url("/__sdkgen/faults"))
            .json(&faults)
            .send()
            .await
            .expect("POST /__sdkgen/faults");
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        assert_eq!(status.as_u16(), 200, "POST /__sdkgen/faults: {body}");
        let installed: Value = serde_json::from_str(&body).expect("the faults as JSON");
        assert_eq!(
            installed.as_array().map(Vec::len),
            Some(faults.len()),
            "installed faults: {body}"
        );
    }

    async fn reset(&self) {
        let response = self
            .control
            .post(self.url("/__sdkgen/reset"))
            .send()
            .await
            .expect("POST /__sdkgen/reset");
        assert_eq!(response.status().as_u16(), 204, "POST /__sdkgen/reset");
    }

    async fn stats(&self) -> Stats {
        let response = self
            .control
            .get(self.url("/__sdkgen/stats"))
            .send()
            .await
            .expect("GET /__sdkgen/stats");
        assert_eq!(response.status().as_u16(), 200, "GET /__sdkgen/stats");
        Stats(response.json().await.expect("the stats as JSON"))
    }
}

impl Drop for Mock {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `GET /__sdkgen/stats`.
struct Stats(Value);

impl Stats {
    fn count(&self, pointer: &str) -> u64 {
        self.0
            .pointer(pointer)
            .and_then(Value::as_u64)
            .unwrap_or_else(|| panic!("no count at {pointer} in the stats: {}", self.0))
    }
    fn requests(&self) -> u64 {
        self.count("/requests")
    }
    fn side_effects(&self, op: &str) -> u64 {
        self.count(&format!("/side_effects/{op}"))
    }
    fn replays(&self) -> u64 {
        self.count("/replays")
    }
    fn in_flight(&self) -> u64 {
        self.count("/conflicts/in_flight")
    }
    fn mismatch(&self) -> u64 {
        self.count("/conflicts/mismatch")
    }
    fn rejected(&self) -> u64 {
        self.count("/rejected")
    }
    fn duplicates(&self) -> u64 {
        self.count("/duplicates")
    }
    fn faults_injected(&self) -> u64 {
        self.count("/faults_injected")
    }
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

fn client(mock: &Mock) -> payments::Client {
    payments::Client::builder()
        .base_url(mock.base_url())
        .bearer_token(TOKEN)
        .build()
        .expect("a client of the mock")
}

/// Runs one logical call under the harness's bound.
async fn bounded<T>(what: &str, call: impl Future<Output = T>) -> T {
    match tokio::time::timeout(CALL_BOUND, call).await {
        Ok(outcome) => outcome,
        Err(_) => panic!("{what}: no outcome within {CALL_BOUND:?}"),
    }
}

/// A caller-derived key, unique to this run of this gate.
fn caller_key(gate: &str) -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!("{gate}-order-{}-{nanos}", std::process::id())
}

fn transfer_body(note: &str) -> CreateTransfer {
    CreateTransfer {
        amount: 1250,
        currency: "eur".into(),
        vendor_id: "acme-supplies".into(),
        description: Some(Some(note.into())),
        metadata: Some([("order_id".to_string(), "8812".to_string())].into()),
    }
}

fn describe(error: &Error) -> String {
    format!(
        "{error} [kind {}, stop reason {}, attempts {}]",
        error.kind(),
        error.stop_reason().map_or("none", StopReason::as_str),
        error.attempts()
    )
}

fn replayed(headers: &payments::HeaderMap) -> bool {
    headers
        .get("idempotent-replayed")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("true"))
}

/// What one successful createTransfer call gave its caller.
#[derive(Debug)]
struct Created {
    transfer: Transfer,
    replayed: bool,
    attempts: u32,
}

async fn create(
    client: &payments::Client,
    body: &CreateTransfer,
    key: Option<&str>,
) -> Result<Created, Error> {
    let mut request = client.transfers().create_transfer(body);
    if let Some(key) = key {
        request = request.idempotency_key(key);
    }
    let response = bounded("createTransfer", request.send_with_response()).await?;
    Ok(Created {
        replayed: replayed(&response.headers),
        attempts: response.attempts,
        transfer: response.data,
    })
}

fn assert_matches_body(transfer: &Transfer, body: &CreateTransfer) {
    assert_eq!(transfer.amount, body.amount, "amount of {transfer:?}");
    assert_eq!(transfer.currency, body.currency, "currency of {transfer:?}");
    assert_eq!(transfer.vendor_id, body.vendor_id, "vendor of {transfer:?}");
    assert_eq!(
        transfer.description,
        body.description.clone().flatten(),
        "description of {transfer:?}"
    );
    assert!(
        !transfer.id.is_empty(),
        "a transfer without an id: {transfer:?}"
    );
}

/// Gate 1: 50 concurrent createTransfer calls with one caller key and one
/// body, the winning execution slowed so the others meet the in-flight 409.
/// Exactly one transfer is made and every caller gets it.
///
/// A round whose calls all arrived after the slowed execution finished (no
/// in-flight 409 at all) proves nothing about the 409 and is run again, up to
/// `GATE1_ROUNDS` times, each round with its own mock process (so no straggling
/// request of a round can land in the next one's counts) and its own key; every
/// round's outcome must hold the gate's invariants all the same, so a duplicate
/// in any round fails the gate.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn gate1_concurrency() {
    for round in 1..=GATE1_ROUNDS {
        let mock = Mock::start().await;
        mock.set_faults(&[GATE1_FAULT]).await;
        let client = client(&mock);
        if gate1_round(&mock, &client, round).await {
            return;
        }
        eprintln!("gate 1, round {round}: no call met the in-flight 409; running another round");
    }
    panic!(
        "in {GATE1_ROUNDS} rounds no call met the in-flight 409: the gate could not test its scenario"
    );
}

/// One round of gate 1; false when no call met the in-flight 409.
async fn gate1_round(mock: &Mock, client: &payments::Client, round: u32) -> bool {
    // Warm connections, as a client in steady state has them, so the 50
    // calls reach the server together; then forget these requests.
    let warm: Vec<_> = (0..CALLS)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move {
                bounded("listTransfers", client.transfers().list_transfers().send()).await
            })
        })
        .collect();
    for task in warm {
        task.await
            .expect("a warm-up task")
            .unwrap_or_else(|e| panic!("warm-up listTransfers failed: {}", describe(&e)));
    }
    mock.reset().await;

    let key = caller_key(&format!("gate1-round{round}"));
    let body = transfer_body("gate 1: one key, 50 callers");
    let start = Arc::new(tokio::sync::Barrier::new(CALLS));
    let tasks: Vec<_> = (0..CALLS)
        .map(|_| {
            let client = client.clone();
            let key = key.clone();
            let body = body.clone();
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                create(&client, &body, Some(&key)).await
            })
        })
        .collect();
    let mut created = Vec::new();
    let mut failed = Vec::new();
    for task in tasks {
        match task.await.expect("a gate-1 task") {
            Ok(c) => created.push(c),
            Err(e) => failed.push(describe(&e)),
        }
    }
    let stats = mock.stats().await;

    assert!(
        failed.is_empty(),
        "round {round}: {} of {CALLS} calls failed, e.g. {:?}; stats {stats}",
        failed.len(),
        &failed[..failed.len().min(3)]
    );
    // Every caller gets the one transfer, byte for byte the same.
    let first = &created[0].transfer;
    assert_matches_body(first, &body);
    let ids: BTreeSet<&str> = created.iter().map(|c| c.transfer.id.as_str()).collect();
    assert_eq!(
        ids.len(),
        1,
        "round {round}: one transfer id for every caller, got {ids:?}"
    );
    for c in &created {
        assert_eq!(
            &c.transfer, first,
            "round {round}: every caller gets the original body"
        );
    }
    // One caller gets the executed response, the others replays of it. (The
    // executing call may itself end with a replay, when its attempt timed out
    // on a loaded machine after the server had executed: then none is
    // original, and the retry that followed shows in the attempts below.)
    let originals = created.iter().filter(|c| !c.replayed).count();
    assert!(
        originals <= 1,
        "round {round}: {originals} calls got an executed (not replayed) response; stats {stats}"
    );

    assert_eq!(
        stats.side_effects("createTransfer"),
        1,
        "round {round}: side effects; stats {stats}"
    );
    assert_eq!(
        stats.duplicates(),
        0,
        "round {round}: duplicates; stats {stats}"
    );
    assert_eq!(
        stats.mismatch(),
        0,
        "round {round}: mismatch conflicts; stats {stats}"
    );
    assert_eq!(
        stats.faults_injected(),
        1,
        "round {round}: exactly one execution slowed; stats {stats}"
    );
    // Every request was valid; an attempt the SDK gave up on (its attempt
    // timeout, on a loaded machine) may reach the server and be dropped there
    // unanswered, so requests = 1 + in-flight 409s + replays only without them.
    assert_eq!(
        stats.rejected(),
        0,
        "round {round}: rejected requests; stats {stats}"
    );
    // Every in-flight 409 was answered by the SDK's own retry: a call's last
    // attempt succeeded, so each 409 was followed by another attempt. Without
    // attempt timeouts the two sides are equal.
    let attempts: u64 = created.iter().map(|c| u64::from(c.attempts)).sum();
    assert!(
        attempts >= CALLS as u64 + stats.in_flight() && attempts >= stats.requests(),
        "round {round}: {attempts} attempts for {CALLS} calls, {} in-flight 409s, {} requests; stats {stats}",
        stats.in_flight(),
        stats.requests()
    );
    if originals == 0 {
        assert!(
            attempts > CALLS as u64 + stats.in_flight(),
            "round {round}: no caller got the executed response, yet no attempt was retried for a reason other than the 409; stats {stats}"
        );
    }
    if stats.in_flight() == 0 {
        return false;
    }

    // No second transfer ever: the same request again is a replay of the first.
    let again = create(client, &body, Some(&key))
        .await
        .unwrap_or_else(|e| panic!("round {round}: the repeat failed: {}", describe(&e)));
    assert!(again.replayed, "round {round}: the repeat is a replay");
    assert_eq!(
        &again.transfer, first,
        "round {round}: the repeat gets the original transfer"
    );
    let stats = mock.stats().await;
    assert_eq!(
        stats.side_effects("createTransfer"),
        1,
        "round {round}: after the repeat; stats {stats}"
    );
    assert_eq!(
        stats.duplicates(),
        0,
        "round {round}: after the repeat; stats {stats}"
    );
    true
}

/// Gate 2: the first attempt is processed but its response is lost (the
/// connection is reset). The SDK retries with the same (automatic) key and
/// returns the stored original.
#[tokio::test]
async fn gate2_lost_response() {
    let mock = Mock::start().await;
    mock.set_faults(&[GATE2_FAULT]).await;
    let client = client(&mock);
    let body = transfer_body("gate 2: lost response");

    let created = create(&client, &body, None)
        .await
        .unwrap_or_else(|e| panic!("the call failed: {}", describe(&e)));
    let stats = mock.stats().await;

    assert_matches_body(&created.transfer, &body);
    assert_eq!(
        created.attempts, 2,
        "the lost attempt and its retry; stats {stats}"
    );
    assert!(
        created.replayed,
        "the retry gets the stored original (Idempotent-Replayed)"
    );
    assert_eq!(
        stats.faults_injected(),
        1,
        "the reset happened; stats {stats}"
    );
    assert_eq!(
        stats.side_effects("createTransfer"),
        1,
        "side effects; stats {stats}"
    );
    assert_eq!(stats.replays(), 1, "replays; stats {stats}");
    assert_eq!(stats.duplicates(), 0, "duplicates; stats {stats}");
    assert_eq!(stats.requests(), 2, "requests; stats {stats}");
}

/// Gate 3: the first attempt outlives the attempt timeout; the SDK retries
/// with the same key, meets the in-flight 409 while the first execution
/// still runs (or not, if it came later), and gets the replay of that
/// execution: one side effect.
#[tokio::test]
async fn gate3_slow_first_attempt() {
    let mock = Mock::start().await;
    mock.set_faults(&[GATE3_FAULT]).await;
    let client = client(&mock);
    let body = transfer_body("gate 3: slow first attempt");

    let started = Instant::now();
    let outcome = create(&client, &body, None).await;
    let took = started.elapsed();
    // Judge the side effects only once the slowed first execution would have
    // finished too, so a late second execution could not go unseen.
    let settle = (started + GATE3_LATENCY + Duration::from_millis(500))
        .saturating_duration_since(Instant::now());
    tokio::time::sleep(settle).await;
    let stats = mock.stats().await;

    let created =
        outcome.unwrap_or_else(|e| panic!("the call failed: {}; stats {stats}", describe(&e)));
    assert_matches_body(&created.transfer, &body);
    assert!(
        created.attempts >= 2,
        "the first attempt timed out, so at least 2 attempts; got {}; stats {stats}",
        created.attempts
    );
    assert!(
        took >= ATTEMPT_TIMEOUT - Duration::from_millis(50),
        "the call took {took:?}, less than the first attempt's timeout"
    );
    assert!(
        created.replayed,
        "the call gets the stored result of the first execution (Idempotent-Replayed); stats {stats}"
    );
    assert_eq!(stats.replays(), 1, "replays; stats {stats}");
    // Every attempt reached the server: the slowed first, the retries that met
    // the in-flight 409, and the last, answered with the replay.
    assert_eq!(
        stats.requests(),
        u64::from(created.attempts),
        "requests; stats {stats}"
    );
    assert_eq!(
        stats.in_flight() + 2,
        u64::from(created.attempts),
        "every attempt between the first and the last met the in-flight 409; stats {stats}"
    );
    assert_eq!(
        stats.faults_injected(),
        1,
        "the first attempt was slowed; stats {stats}"
    );
    assert_eq!(
        stats.side_effects("createTransfer"),
        1,
        "side effects; stats {stats}"
    );
    assert_eq!(stats.duplicates(), 0, "duplicates; stats {stats}");
    assert_eq!(stats.mismatch(), 0, "mismatch conflicts; stats {stats}");
}

/// Gate 4: the unsafe PATCH updateVendor (no key support) is processed and
/// its response lost; the SDK must not send it again, and must say the
/// outcome is unknown.
#[tokio::test]
async fn gate4_unsafe_not_retried() {
    let mock = Mock::start().await;
    mock.set_faults(&[GATE4_FAULT]).await;
    let client = client(&mock);
    let update = VendorUpdate {
        name: Some("Acme Supplies Ltd".into()),
        ..Default::default()
    };

    let outcome = bounded(
        "updateVendor",
        client
            .vendors()
            .update_vendor("acme-supplies", &update)
            .send(),
    )
    .await;
    let stats = mock.stats().await;

    let error = match outcome {
        Ok(vendor) => panic!("the call succeeded after a lost response: {vendor:?}; stats {stats}"),
        Err(e) => e,
    };
    let text = describe(&error);
    assert!(
        matches!(error, Error::Connection { .. }),
        "a connection error (no response: the outcome is unknown), got {text}"
    );
    assert_eq!(error.kind(), "connection", "{text}");
    assert_eq!(
        error.stop_reason(),
        Some(StopReason::UnsafeToRetry),
        "{text}"
    );
    assert_eq!(error.attempts(), 1, "{text}");
    assert!(
        error.status().is_none(),
        "no response, so no status: {text}"
    );
    assert!(
        error.to_string().contains("unsafe to retry"),
        "the message says why it was not retried: {text}"
    );
    assert_eq!(
        stats.faults_injected(),
        1,
        "the reset happened; stats {stats}"
    );
    assert_eq!(
        stats.side_effects("updateVendor"),
        1,
        "side effects; stats {stats}"
    );
    assert_eq!(
        stats.requests(),
        1,
        "one request reached the server; stats {stats}"
    );
}
