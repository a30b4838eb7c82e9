//! `sdkgen mock` over real HTTP on 127.0.0.1, in-process, against the
//! bundled payments spec.

use std::path::Path;
use std::time::Duration;

use reqwest::{Client, Response, StatusCode};
use sdkgen::ir::{Api, FailurePolicy, StatusSpec};
use sdkgen::mock::{Fault, MockConfig, MockServer, Phase, Stats};
use serde_json::{json, Value};

fn payments() -> Api {
    spec("payments")
}

fn spec(name: &str) -> Api {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../specs/{name}.yaml"));
    let loaded = sdkgen::load::load(&path).unwrap_or_else(|d| panic!("{d}"));
    sdkgen::ir::build(&loaded).unwrap_or_else(|d| panic!("{d}"))
}

async fn start(config: MockConfig) -> (String, MockServer) {
    start_api(payments(), config).await
}

async fn start_api(api: Api, config: MockConfig) -> (String, MockServer) {
    let (addr, server) = MockServer::start(api, config).await.expect("binds");
    assert!(addr.ip().is_loopback(), "binds 127.0.0.1 by default");
    (format!("http://{addr}"), server)
}

/// The credential every request sends unless it sets its own.
const TOKEN: &str = "Bearer sk_test_mock";

fn client() -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::AUTHORIZATION,
        reqwest::header::HeaderValue::from_static(TOKEN),
    );
    // pets.yaml's scheme: an API key header.
    headers.insert(
        "x-api-key",
        reqwest::header::HeaderValue::from_static("pk_test_mock"),
    );
    Client::builder()
        .default_headers(headers)
        .no_proxy()
        .timeout(Duration::from_secs(5))
        .build()
        .expect("client")
}

const TRANSFER: &str = r#"{"amount":1250,"currency":"eur","vendor_id":"acme-supplies","description":"Invoice 2024-117"}"#;

async fn create_transfer(
    c: &Client,
    base: &str,
    key: Option<&str>,
    token: &str,
    body: &str,
) -> reqwest::Result<Response> {
    let mut req = c
        .post(format!("{base}/transfers"))
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {token}"))
        .body(body.to_string());
    if let Some(key) = key {
        req = req.header("Idempotency-Key", key);
    }
    req.send().await
}

async fn json_of(res: Response) -> Value {
    let bytes = res.bytes().await.expect("body");
    serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&bytes)))
}

fn replayed(res: &Response) -> bool {
    res.headers()
        .get("idempotent-replayed")
        .is_some_and(|v| v == "true")
}

/// The error's code: at the top, as the spec's `Error` schema has it, or
/// under `error` where the spec declares no shape.
async fn error_code(res: Response) -> String {
    let body = json_of(res).await;
    body["code"]
        .as_str()
        .or(body["error"]["code"].as_str())
        .unwrap_or_else(|| panic!("no code in {body}"))
        .to_string()
}

/// `latency=MS,op=createTransfer,first=1`: the first execution of a key is slow.
fn slow_first_transfer(ms: u64) -> Fault {
    Fault::latency(Duration::from_millis(ms))
        .op("createTransfer")
        .first(1)
}

/// Sends a keyed createTransfer from a task of its own and returns once the
/// server holds the key and sleeps its injected latency (the first fault).
async fn slowed_transfer(
    server: &MockServer,
    c: &Client,
    base: &str,
    key: &'static str,
) -> tokio::task::JoinHandle<reqwest::Result<Response>> {
    let (c, base) = (c.clone(), base.to_string());
    let task =
        tokio::spawn(async move { create_transfer(&c, &base, Some(key), "t", TRANSFER).await });
    wait_until(server, "the slowed execution", |s| s.faults_injected == 1).await;
    task
}

/// Sends a keyed createTransfer that must meet the in-flight 409.
async fn expect_in_flight(c: &Client, base: &str, key: &str) {
    let res = create_transfer(c, base, Some(key), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(error_code(res).await, "concurrent_idempotent_requests");
}

/// Polls the stats until `done` holds; panics after 10 s (a bound on a hung
/// server, not a measure of speed).
async fn wait_until(server: &MockServer, what: &str, done: impl Fn(&Stats) -> bool) -> Stats {
    let give_up = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let stats = server.stats();
        if done(&stats) {
            return stats;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "{what} never happened; stats {stats:?}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn unknown_paths_are_404_and_wrong_methods_405() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let res = c.get(format!("{base}/nope")).send().await.expect("sent");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(error_code(res).await, "not_found");
    let res = c
        .get(format!("{base}/transfers/a/b"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let res = c
        .delete(format!("{base}/transfers"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.headers()["allow"], "GET, POST");
    // The servers' base path (/v2) may be sent too.
    let res = c
        .get(format!("{base}/v2/transfers/tr_1"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(server.stats().requests, 4);
}

/// The API without its declared 400 and `default` responses: its bad
/// requests get the mock's own problem details.
fn without_declared_400(mut api: Api) -> Api {
    for op in &mut api.operations {
        op.responses.retain(|r| {
            !matches!(
                r.status,
                StatusSpec::Code(400) | StatusSpec::Range(4) | StatusSpec::Default
            )
        });
    }
    api
}

#[tokio::test]
async fn a_bad_request_is_answered_in_the_specs_error_shape() {
    // payments.yaml declares its 400 as `Error` ({code, message}) in application/json.
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let res = create_transfer(
        &c,
        &base,
        None,
        "t",
        r#"{"amount":"12.50","currency":"eur"}"#,
    )
    .await
    .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(res.headers()["content-type"], "application/json");
    let body = json_of(res).await;
    assert_eq!(body["code"], "invalid_request", "{body}");
    let message = body["message"].as_str().expect("message");
    assert!(
        message.contains("body /amount: expected an integer, got a string")
            && message.contains("body /vendor_id: is required"),
        "{message}"
    );
    assert_eq!(
        body.as_object().map(|m| m.len()),
        Some(2),
        "only the schema's fields: {body}"
    );
    assert_eq!(server.stats().rejected, 1);
}

#[tokio::test]
async fn a_bad_body_is_a_400_problem_with_pointers() {
    let (base, server) = start_api(without_declared_400(payments()), MockConfig::new()).await;
    let c = client();
    let res = create_transfer(
        &c,
        &base,
        None,
        "t",
        r#"{"amount":"12.50","currency":"eur","metadata":{"order":7}}"#,
    )
    .await
    .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(res.headers()["content-type"], "application/problem+json");
    let problem = json_of(res).await;
    for field in ["type", "title", "detail"] {
        assert!(problem[field].is_string(), "{field}: {problem}");
    }
    let errors = problem["errors"].as_array().expect("errors");
    let at = |pointer: &str| {
        errors
            .iter()
            .find(|e| e["pointer"] == pointer)
            .unwrap_or_else(|| panic!("no error at {pointer}: {problem}"))["message"]
            .as_str()
            .expect("message")
            .to_string()
    };
    assert_eq!(at("/amount"), "expected an integer, got a string");
    assert_eq!(at("/vendor_id"), "is required");
    assert_eq!(at("/metadata/order"), "expected a string, got an integer");
    assert!(problem["detail"]
        .as_str()
        .expect("detail")
        .contains("createTransfer"));

    // Not JSON at all; a wrong enum value; a bad query parameter.
    let res = create_transfer(&c, &base, None, "t", "{")
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let problem = json_of(res).await;
    assert_eq!(problem["errors"][0]["pointer"], "");
    let res = c
        .post(format!("{base}/reports"))
        .json(&json!({"kind": "weekly", "from": "2024-05-01", "to": "2024-02-30"}))
        .send()
        .await
        .expect("sent");
    let problem = json_of(res).await;
    assert_eq!(problem["errors"][0]["pointer"], "/kind");
    assert_eq!(problem["errors"][1]["pointer"], "/to");
    let res = c
        .get(format!("{base}/transfers?limit=ten"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let problem = json_of(res).await;
    assert_eq!(problem["errors"][0]["in"], "query");
    assert_eq!(problem["errors"][0]["pointer"], "/limit");

    let stats = server.stats();
    assert_eq!(stats.rejected, 4);
    assert_eq!(stats.side_effects_of("createTransfer"), 0);
}

#[tokio::test]
async fn get_transfer_answers_the_transfer_shape() {
    let (base, _server) = start(MockConfig::new()).await;
    let res = client()
        .get(format!("{base}/transfers/tr_1NqF8a2eZvKYlo2C"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/json");
    let t = json_of(res).await;
    assert_eq!(
        t,
        json!({
            "id": "tr_1NqF8a2eZvKYlo2C",
            "object": "transfer",
            "amount": 1,
            "currency": "usd",
            "vendor_id": "vendor_1",
            "status": "pending",
            "created": "2024-01-01T00:00:00Z",
            "description": null,
            "metadata": {}
        })
    );
    // Lists hold one item; unions take their first variant, tagged.
    let list = json_of(
        client()
            .get(format!("{base}/transfers?limit=5"))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(list["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(list["has_more"], false);
    let sub = json_of(
        client()
            .delete(format!("{base}/subscriptions/sub_9"))
            .send()
            .await
            .expect("sent"),
    )
    .await;
    assert_eq!(sub["id"], "sub_9");
    assert_eq!(sub["payment_method"]["type"], "card");
}

#[tokio::test]
async fn a_repeated_key_replays_and_another_payload_conflicts() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let first = create_transfer(&c, &base, Some("order-8812"), "sk_test_a", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(first.status(), StatusCode::CREATED);
    assert!(!replayed(&first));
    let first = json_of(first).await;
    assert_eq!(first["amount"], 1250, "the amount sent is echoed");
    assert_eq!(first["currency"], "eur");
    assert_eq!(first["description"], "Invoice 2024-117");

    // The same body with its keys in another order is the same request.
    let same = r#"{"description":"Invoice 2024-117","vendor_id":"acme-supplies","currency":"eur","amount":1250}"#;
    let second = create_transfer(&c, &base, Some("order-8812"), "sk_test_a", same)
        .await
        .expect("sent");
    assert_eq!(second.status(), StatusCode::CREATED);
    assert!(replayed(&second));
    assert_eq!(json_of(second).await, first, "replayed verbatim");

    let other = TRANSFER.replace("1250", "1251");
    let third = create_transfer(&c, &base, Some("order-8812"), "sk_test_a", &other)
        .await
        .expect("sent");
    assert_eq!(third.status(), StatusCode::CONFLICT);
    assert_eq!(error_code(third).await, "invalid_idempotent_request");

    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.replays, 1);
    assert_eq!(stats.conflicts.mismatch, 1);
    assert_eq!(stats.duplicates, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_concurrent_retry_gets_the_in_flight_conflict() {
    let (base, server) = start(MockConfig::new().with_fault(slow_first_transfer(400))).await;
    let c = client();
    let slow = slowed_transfer(&server, &c, &base, "k-concurrent").await;
    expect_in_flight(&c, &base, "k-concurrent").await;
    let slow = slow.await.expect("task").expect("sent");
    assert_eq!(slow.status(), StatusCode::CREATED);
    assert!(!replayed(&slow));
    // Once it is complete, the retry gets the stored answer.
    let later = create_transfer(&c, &base, Some("k-concurrent"), "t", TRANSFER)
        .await
        .expect("sent");
    assert!(replayed(&later));
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.conflicts.in_flight, 1);
    assert_eq!(stats.faults_injected, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_requests_with_one_key_execute_once() {
    let fault = Fault::latency(Duration::from_millis(150)).first(1);
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..50 {
        let (c, base) = (c.clone(), base.clone());
        tasks.spawn(async move {
            let res = create_transfer(&c, &base, Some("k-fifty"), "t", TRANSFER)
                .await
                .expect("sent");
            (res.status(), replayed(&res))
        });
    }
    let mut executed = 0;
    let mut replays = 0;
    let mut in_flight = 0;
    while let Some(done) = tasks.join_next().await {
        match done.expect("task") {
            (StatusCode::CREATED, false) => executed += 1,
            (StatusCode::CREATED, true) => replays += 1,
            (StatusCode::CONFLICT, _) => in_flight += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(executed, 1);
    assert_eq!(executed + replays + in_flight, 50);
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.duplicates, 0);
    assert_eq!(stats.replays, replays);
    assert_eq!(stats.conflicts.in_flight, in_flight);
}

#[tokio::test]
async fn keys_are_scoped_per_caller() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let a = create_transfer(&c, &base, Some("shared-key"), "sk_test_alice", TRANSFER)
        .await
        .expect("sent");
    let b = create_transfer(&c, &base, Some("shared-key"), "sk_test_bob", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(
        (a.status(), b.status()),
        (StatusCode::CREATED, StatusCode::CREATED)
    );
    assert!(!replayed(&a) && !replayed(&b));
    assert_ne!(json_of(a).await["id"], json_of(b).await["id"]);
    // No credential at all is one more caller: "anonymous".
    let anon = c
        .post(format!("{base}/transfers"))
        .header("content-type", "application/json")
        .header("Idempotency-Key", "shared-key")
        .body(TRANSFER)
        .send()
        .await
        .expect("sent");
    assert!(!replayed(&anon));
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 3);
    assert_eq!(stats.replays, 0);
    assert_eq!(stats.duplicates, 0);
}

#[tokio::test]
async fn a_key_reused_after_the_replay_window_is_a_new_request() {
    let config = MockConfig::new().with_replay_window(Duration::from_millis(400));
    let (base, server) = start(config).await;
    assert_eq!(server.replay_window(), Duration::from_millis(400));
    let c = client();
    let first = create_transfer(&c, &base, Some("k-window"), "t", TRANSFER)
        .await
        .expect("sent");
    assert!(!replayed(&first));
    let again = create_transfer(&c, &base, Some("k-window"), "t", TRANSFER)
        .await
        .expect("sent");
    assert!(replayed(&again));
    tokio::time::sleep(Duration::from_millis(450)).await;
    let other = TRANSFER.replace("1250", "99");
    let later = create_transfer(&c, &base, Some("k-window"), "t", &other)
        .await
        .expect("sent");
    assert_eq!(later.status(), StatusCode::CREATED, "no mismatch either");
    assert!(!replayed(&later));
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 2);
    assert_eq!(stats.duplicates, 0);
}

#[tokio::test]
async fn reset_after_commits_and_the_retry_replays() {
    let fault = Fault::reset(Phase::After).op("createTransfer").first(1);
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    let err = create_transfer(&c, &base, Some("k-reset"), "t", TRANSFER)
        .await
        .expect_err("the connection is reset, not answered");
    assert!(err.status().is_none(), "{err:?}");
    assert_eq!(server.stats().side_effects_of("createTransfer"), 1);
    let retry = create_transfer(&c, &base, Some("k-reset"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(retry.status(), StatusCode::CREATED);
    assert!(replayed(&retry));
    assert_eq!(json_of(retry).await["amount"], 1250);
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.replays, 1);
    assert_eq!(stats.faults_injected, 1);
}

#[tokio::test]
async fn reset_after_on_an_unsafe_operation_still_has_its_side_effect() {
    let fault = Fault::reset(Phase::After).op("updateVendor").first(1);
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    let patch = || {
        c.patch(format!("{base}/vendors/acme-supplies"))
            .header("content-type", "application/json")
            .header("Idempotency-Key", "ignored-here")
            .body(r#"{"name":"Acme Supplies Ltd"}"#)
            .send()
    };
    let err = patch().await.expect_err("reset");
    assert!(err.status().is_none(), "{err:?}");
    assert_eq!(server.stats().side_effects_of("updateVendor"), 1);
    // Nothing collapses a repeat of an unsafe operation: a blind retry runs it again.
    let again = patch().await.expect("sent");
    assert_eq!(again.status(), StatusCode::OK);
    assert!(!replayed(&again));
    let vendor = json_of(again).await;
    assert_eq!(vendor["id"], "acme-supplies");
    assert_eq!(vendor["name"], "Acme Supplies Ltd");
    assert_eq!(server.stats().side_effects_of("updateVendor"), 2);
}

#[tokio::test]
async fn reset_before_does_nothing_and_leaves_the_key_free() {
    let fault = Fault::reset(Phase::Before).op("createTransfer").first(1);
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    assert!(create_transfer(&c, &base, Some("k-rb"), "t", TRANSFER)
        .await
        .is_err());
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);
    let retry = create_transfer(&c, &base, Some("k-rb"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(retry.status(), StatusCode::CREATED);
    assert!(!replayed(&retry));
    assert_eq!(server.stats().side_effects_of("createTransfer"), 1);
}

#[tokio::test]
async fn no_time_left_means_not_started() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    for left in ["1", "0", "-20"] {
        let res = c
            .post(format!("{base}/transfers"))
            .header("content-type", "application/json")
            .header("Idempotency-Key", "k-deadline")
            .header("Request-Timeout-Ms", left)
            .body(TRANSFER)
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), StatusCode::GATEWAY_TIMEOUT);
        assert_eq!(res.headers()["x-should-retry"], "false");
        assert_eq!(error_code(res).await, "deadline_exceeded");
    }
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);
    // Less time left than the work takes: not started either.
    server.set_faults(vec![Fault::latency(Duration::from_millis(500))]);
    let res = c
        .post(format!("{base}/transfers"))
        .header("content-type", "application/json")
        .header("Idempotency-Key", "k-deadline")
        .header("Request-Timeout-Ms", "200")
        .body(TRANSFER)
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);
    server.clear_faults();
    // The key was never claimed: with time left, it executes.
    let res = c
        .post(format!("{base}/transfers"))
        .header("content-type", "application/json")
        .header("Idempotency-Key", "k-deadline")
        .header("Request-Timeout-Ms", "5000")
        .body(TRANSFER)
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(!replayed(&res));
    assert_eq!(server.stats().side_effects_of("createTransfer"), 1);
}

#[tokio::test]
async fn status_faults_count_attempts_per_key() {
    let faults = vec![
        Fault::status(503).op("createTransfer").first(2),
        Fault::status(429).retry_after(1).op("getTransfer").first(1),
    ];
    let (base, server) = start(MockConfig::new().with_faults(faults)).await;
    let c = client();
    for expected in [503, 503, 201] {
        let res = create_transfer(&c, &base, Some("k-503"), "t", TRANSFER)
            .await
            .expect("sent");
        assert_eq!(res.status().as_u16(), expected);
    }
    // Another key has its own count.
    let res = create_transfer(&c, &base, Some("k-503-b"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status().as_u16(), 503);
    // Without a key, attempts count per operation.
    let res = c
        .get(format!("{base}/transfers/tr_1"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(res.headers()["retry-after"], "1");
    assert_eq!(error_code(res).await, "rate_limited");
    let res = c
        .get(format!("{base}/transfers/tr_1"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.faults_injected, 4);
}

#[tokio::test]
async fn failures_replay_or_release_the_key_as_the_spec_says() {
    let fault = || {
        Fault::status(500)
            .at(Phase::After)
            .op("createTransfer")
            .first(1)
    };
    // payments.yaml declares `failures: replay`: the stored 500 comes back.
    let (base, server) = start(MockConfig::new().with_fault(fault())).await;
    let c = client();
    let res = create_transfer(&c, &base, Some("k-500"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let res = create_transfer(&c, &base, Some("k-500"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert!(replayed(&res));
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);

    // With `failures: reattempt` the key is released and the retry runs.
    let mut api = payments();
    api.key_contract.failures = Some(FailurePolicy::Reattempt);
    let (base, server) = start_api(api, MockConfig::new().with_fault(fault())).await;
    let res = create_transfer(&c, &base, Some("k-500"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let res = create_transfer(&c, &base, Some("k-500"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(!replayed(&res));
    assert_eq!(server.stats().side_effects_of("createTransfer"), 1);
    assert_eq!(server.stats().duplicates, 0);
}

#[tokio::test]
async fn an_outage_answers_503_for_its_window() {
    let fault = Fault::outage(Duration::from_millis(600));
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    let res = c
        .get(format!("{base}/transfers/tr_1"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.headers()["retry-after"], "1");
    let res = create_transfer(&c, &base, Some("k-outage"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    tokio::time::sleep(Duration::from_millis(650)).await;
    let res = create_transfer(&c, &base, Some("k-outage"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(!replayed(&res));
    assert_eq!(server.stats().faults_injected, 2);
}

#[tokio::test]
async fn control_endpoints_set_faults_read_stats_and_reset() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let res = c
        .post(format!("{base}/__sdkgen/faults"))
        .json(&json!([
            "status=503,op=createTransfer,first=1",
            {"latency": "10ms", "op": "getTransfer"}
        ]))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(res).await,
        json!([
            "status=503,op=createTransfer,first=1",
            "latency=10ms,op=getTransfer"
        ])
    );
    assert_eq!(server.faults().len(), 2);
    let res = create_transfer(&c, &base, Some("k-ctl"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let res = create_transfer(&c, &base, Some("k-ctl"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);

    let res = c
        .get(format!("{base}/__sdkgen/stats"))
        .send()
        .await
        .expect("sent");
    let stats: Stats = serde_json::from_value(json_of(res).await).expect("stats shape");
    assert_eq!(stats, server.stats());
    assert_eq!(stats.requests, 2);
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.faults_injected, 1);
    assert!(stats.side_effects.contains_key("updateVendor"));
    assert!(!stats.side_effects.contains_key("getTransfer"));

    let res = c
        .post(format!("{base}/__sdkgen/faults"))
        .json(&json!(["status=abc"]))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(server.faults().len(), 2, "a bad list changes nothing");

    let res = c
        .post(format!("{base}/__sdkgen/reset"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    assert_eq!(server.stats().requests, 0);
    // The key is forgotten, and the fault counters start again.
    let res = create_transfer(&c, &base, Some("k-ctl"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);

    let res = c
        .delete(format!("{base}/__sdkgen/faults"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = c
        .get(format!("{base}/__sdkgen/faults"))
        .send()
        .await
        .expect("sent");
    assert_eq!(json_of(res).await, json!([]));
    let res = create_transfer(&c, &base, Some("k-ctl"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);
    assert!(!replayed(&res));
    server.shutdown().await;
}

#[tokio::test]
async fn bad_keys_are_refused() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let long = "k".repeat(256);
    for key in ["has space", long.as_str()] {
        let res = create_transfer(&c, &base, Some(key), "t", TRANSFER)
            .await
            .expect("sent");
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        let body = json_of(res).await;
        assert_eq!(body["code"], "invalid_request");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.contains("header /Idempotency-Key: ")),
            "{body}"
        );
    }
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);
}

#[tokio::test]
async fn an_operation_keyed_by_extension_is_deduplicated_too() {
    // createRefund takes the key through `x-idempotency: true`, not a parameter.
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let refund = || {
        c.post(format!("{base}/transfers/tr_42/refunds"))
            .header("content-type", "application/json")
            .header("Idempotency-Key", "refund-42")
            .body(r#"{"amount":500,"reason":"duplicate"}"#)
            .send()
    };
    let first = refund().await.expect("sent");
    assert_eq!(first.status(), StatusCode::CREATED);
    let first = json_of(first).await;
    assert_eq!(first["transfer_id"], "tr_42", "path parameters are echoed");
    assert_eq!(first["amount"], 500);
    assert_eq!(first["reason"], "duplicate");
    let second = refund().await.expect("sent");
    assert!(replayed(&second));
    assert_eq!(json_of(second).await, first);
    assert_eq!(server.stats().side_effects_of("createRefund"), 1);
}

#[tokio::test]
async fn an_addressed_id_takes_the_type_of_the_field() {
    // pets.yaml: `petId` is an integer path parameter and `Pet.id` an integer.
    let (base, _server) = start_api(spec("pets"), MockConfig::new()).await;
    let c = client();
    let pet = json_of(c.get(format!("{base}/pets/12")).send().await.expect("sent")).await;
    assert_eq!(pet["id"], 12);
    let res = c
        .get(format!("{base}/pets/twelve"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert!(
        body.to_string().contains("path /petId"),
        "the message names the parameter: {body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_counts_only_the_attempts_that_claim_the_key() {
    // The first execution is slowed and fails, and so does the second: an
    // attempt that meets the in-flight 409 in between runs nothing and is not
    // one of the "first 2".
    let mut api = payments();
    api.key_contract.failures = Some(FailurePolicy::Reattempt);
    let faults = vec![
        slow_first_transfer(1000),
        Fault::status(500)
            .at(Phase::After)
            .op("createTransfer")
            .first(2),
    ];
    let (base, server) = start_api(api, MockConfig::new().with_faults(faults)).await;
    let c = client();
    let slow = slowed_transfer(&server, &c, &base, "k-first").await;
    expect_in_flight(&c, &base, "k-first").await;
    let slow = slow.await.expect("task").expect("sent");
    assert_eq!(slow.status(), StatusCode::INTERNAL_SERVER_ERROR);
    // The key was released; the second execution is the second attempt of
    // the key that claimed it, so it fails too.
    let second = create_transfer(&c, &base, Some("k-first"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(second.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert!(!replayed(&second));
    let third = create_transfer(&c, &base, Some("k-first"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(third.status(), StatusCode::CREATED);
    assert!(!replayed(&third));
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.conflicts.in_flight, 1);
    assert_eq!(stats.faults_injected, 3, "one latency and two failures");
    assert_eq!(stats.duplicates, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_whose_client_went_away_runs_to_its_end() {
    let (base, server) = start(MockConfig::new().with_fault(slow_first_transfer(1000))).await;
    let c = client();
    // The server has accepted the work (the key is claimed, the latency
    // started); then the client gives up and its connection closes.
    let gone = slowed_transfer(&server, &c, &base, "k-gone").await;
    gone.abort();
    assert!(gone.await.expect_err("aborted").is_cancelled());

    // The work still holds the key.
    expect_in_flight(&c, &base, "k-gone").await;

    // It ends with its side effect, stored for the key.
    wait_until(&server, "the abandoned execution", |s| {
        s.side_effects_of("createTransfer") == 1
    })
    .await;
    let later = create_transfer(&c, &base, Some("k-gone"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(later.status(), StatusCode::CREATED);
    assert!(replayed(&later), "the stored outcome of the abandoned work");
    assert_eq!(json_of(later).await["amount"], 1250);
    let stats = server.stats();
    assert_eq!(stats.side_effects_of("createTransfer"), 1);
    assert_eq!(stats.replays, 1);
    assert_eq!(stats.conflicts.in_flight, 1);
    assert_eq!(stats.duplicates, 0);
    assert_eq!(stats.requests, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unkeyed_request_whose_client_went_away_still_has_its_side_effect() {
    let fault = Fault::latency(Duration::from_millis(300))
        .op("updateVendor")
        .first(1);
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    let gone = {
        let url = format!("{base}/vendors/acme-supplies");
        let c = c.clone();
        tokio::spawn(async move {
            c.patch(url)
                .header("content-type", "application/json")
                .body(r#"{"name":"Acme Supplies Ltd"}"#)
                .send()
                .await
        })
    };
    wait_until(&server, "the slowed execution", |s| s.faults_injected == 1).await;
    gone.abort();
    assert!(gone.await.expect_err("aborted").is_cancelled());
    let stats = wait_until(&server, "the abandoned execution", |s| {
        s.side_effects_of("updateVendor") == 1
    })
    .await;
    assert_eq!(stats.requests, 1);
}

#[tokio::test]
async fn auth_is_enforced_per_operation() {
    let (base, server) = start(MockConfig::new()).await;
    let bare = Client::builder().no_proxy().build().expect("client");
    for auth in [None, Some(""), Some("Bearer "), Some("Basic dXNlcjpwYXNz")] {
        let mut req = bare
            .post(format!("{base}/transfers"))
            .header("content-type", "application/json")
            .body(TRANSFER);
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        let res = req.send().await.expect("sent");
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{auth:?}");
        assert_eq!(res.headers()["www-authenticate"], "Bearer");
        assert_eq!(res.headers()["content-type"], "application/json");
        let body = json_of(res).await;
        assert_eq!(body["code"], "unauthorized", "{body}");
        assert!(body["message"].is_string(), "{body}");
    }
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);
    // Any non-empty bearer token is a credential.
    let res = bare
        .post(format!("{base}/transfers"))
        .header("content-type", "application/json")
        .header("authorization", "Bearer anything")
        .body(TRANSFER)
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CREATED);
    // With credentials given, only those are accepted.
    let (base_only, _only) = start(MockConfig::new().with_credential("sk_known")).await;
    for (auth, want) in [
        ("Bearer anything", StatusCode::UNAUTHORIZED),
        ("Bearer sk_known", StatusCode::CREATED),
    ] {
        let res = bare
            .post(format!("{base_only}/transfers"))
            .header("content-type", "application/json")
            .header("authorization", auth)
            .body(TRANSFER)
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), want, "{auth}");
    }
    // An operation with `security: []` needs none.
    let mut api = payments();
    api.operations
        .iter_mut()
        .find(|op| op.id == "getTransfer")
        .expect("getTransfer")
        .security = Some(vec![]);
    let (base, _open) = start_api(api, MockConfig::new()).await;
    let res = bare
        .get(format!("{base}/transfers/tr_1"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn conflicts_keep_their_codes_inside_the_specs_error_shape() {
    let fault = slow_first_transfer(1000);
    let (base, server) = start(MockConfig::new().with_fault(fault)).await;
    let c = client();
    let first = slowed_transfer(&server, &c, &base, "k-shape").await;
    let busy = create_transfer(&c, &base, Some("k-shape"), "t", TRANSFER)
        .await
        .expect("sent");
    assert_eq!(busy.status(), StatusCode::CONFLICT);
    let body = json_of(busy).await;
    assert_eq!(body["code"], "concurrent_idempotent_requests", "{body}");
    assert!(
        body["message"].is_string() && body.get("error").is_none(),
        "{body}"
    );
    assert_eq!(
        first.await.expect("joined").expect("sent").status(),
        StatusCode::CREATED
    );
    let other = r#"{"amount":99,"currency":"eur","vendor_id":"acme-supplies"}"#;
    let res = create_transfer(&c, &base, Some("k-shape"), "t", other)
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(json_of(res).await["code"], "invalid_idempotent_request");
}

#[tokio::test]
async fn every_schema_constraint_is_checked() {
    let (base, server) = start(MockConfig::new()).await;
    let c = client();
    let status_of = |res: Response| res.status();
    // Query bounds (limit is 1..100) and a closed deepObject.
    for (query, want) in [
        ("limit=0", StatusCode::BAD_REQUEST),
        ("limit=500", StatusCode::BAD_REQUEST),
        ("limit=100", StatusCode::OK),
        ("created[foo]=x", StatusCode::BAD_REQUEST),
        ("created[gte]=2024-05-01T00:00:00Z", StatusCode::OK),
    ] {
        let res = c
            .get(format!("{base}/transfers?{query}"))
            .send()
            .await
            .expect("sent");
        assert_eq!(status_of(res), want, "{query}");
    }
    // Body: a pattern, a maximum length, a minimum, an additional field's length.
    let long = "x".repeat(351);
    for (body, pointer) in [
        (
            json!({"amount": 5, "currency": "<currency>", "vendor_id": "v"}),
            "body /currency: does not match the pattern ^[a-z]{3}$",
        ),
        (
            json!({"amount": 5, "currency": "eur", "vendor_id": "v", "description": long}),
            "body /description: is 351 characters long; the longest allowed is 350",
        ),
        (
            json!({"amount": 0, "currency": "eur", "vendor_id": "v"}),
            "body /amount: is 0; it must be at least 1",
        ),
        (
            json!({"amount": 5, "currency": "eur", "vendor_id": "v", "metadata": {"k".repeat(41): "v"}}),
            "names a key that is 41 characters long; the longest allowed is 40",
        ),
    ] {
        let res = create_transfer(&c, &base, None, "t", &body.to_string())
            .await
            .expect("sent");
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{body}");
        let answer = json_of(res).await;
        let message = answer["message"].as_str().unwrap_or_default();
        assert!(message.contains(pointer), "{pointer:?} in {answer}");
    }
    // minProperties: 1, and a path parameter's pattern.
    let res = c
        .patch(format!("{base}/vendors/acme"))
        .json(&json!({}))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(res)
        .await
        .to_string()
        .contains("the fewest allowed is 1"));
    let res = c
        .put(format!("{base}/vendors/no%20spaces"))
        .json(&json!({"name": "A", "email": "a@b.co", "country": "FR", "payout_currency": "eur"}))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(res)
        .await
        .to_string()
        .contains("path /vendor_id: does not match"));
    // format: email, which the IR has no primitive for.
    let res = c
        .put(format!("{base}/vendors/acme"))
        .json(
            &json!({"name": "A", "email": "no-at-sign", "country": "FR", "payout_currency": "eur"}),
        )
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(res)
        .await
        .to_string()
        .contains("body /email: is not an email address"));
    assert_eq!(server.stats().side_effects_of("createTransfer"), 0);
    assert_eq!(server.stats().side_effects_of("updateVendor"), 0);
}

#[tokio::test]
async fn what_is_created_can_be_read_and_what_is_deleted_is_gone() {
    let (base, _server) = start_api(spec("pets"), MockConfig::new()).await;
    let c = client();
    let created = c
        .post(format!("{base}/pets"))
        .json(&json!({"name": "Rex", "tag": "dog"}))
        .send()
        .await
        .expect("sent");
    assert_eq!(created.status(), StatusCode::CREATED);
    let created = json_of(created).await;
    let id = created["id"].clone();
    assert_eq!(created["name"], "Rex");
    let url = format!("{base}/pets/{id}");
    let read = json_of(c.get(&url).send().await.expect("sent")).await;
    assert_eq!(read, created, "GET answers the created resource");
    let deleted = c.delete(&url).send().await.expect("sent");
    assert!(deleted.status().is_success(), "{}", deleted.status());
    for _ in 0..2 {
        let res = c.get(&url).send().await.expect("sent");
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        // pets.yaml's Error has an integer code: the status goes there.
        let body = json_of(res).await;
        assert_eq!(body["code"], 404, "{body}");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.contains("deleted")),
            "{body}"
        );
    }
    let res = c.delete(&url).send().await.expect("sent");
    assert_eq!(res.status(), StatusCode::NOT_FOUND, "deleted twice");
    let res = c.get(format!("{url}/photo")).send().await.expect("sent");
    assert_eq!(
        res.status(),
        StatusCode::NOT_FOUND,
        "what is under it is gone too"
    );
    // PUT makes it again, and GET then answers what PUT stored.
    let put = c
        .put(&url)
        .json(&json!({"name": "Rex II"}))
        .send()
        .await
        .expect("sent");
    assert!(put.status().is_success(), "{}", put.status());
    let put = json_of(put).await;
    let read = json_of(c.get(&url).send().await.expect("sent")).await;
    assert_eq!(read, put);
    assert_eq!(read["name"], "Rex II");
    // An id never created is still answered with made data.
    let res = c
        .get(format!("{base}/pets/999"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn multipart_parts_are_checked_like_fields() {
    let (base, _server) = start_api(spec("pets"), MockConfig::new()).await;
    let c = client();
    let upload = |parts: &[(&str, Option<&str>, &str)]| {
        let mut body = String::new();
        for (name, filename, data) in parts {
            body.push_str("--b0undary\r\nContent-Disposition: form-data; name=\"");
            body.push_str(name);
            body.push('"');
            if let Some(f) = filename {
                body.push_str(&format!("; filename=\"{f}\"\r\nContent-Type: image/png"));
            }
            body.push_str("\r\n\r\n");
            body.push_str(data);
            body.push_str("\r\n");
        }
        body.push_str("--b0undary--\r\n");
        c.put(format!("{base}/pets/3/photo"))
            .header("content-type", "multipart/form-data; boundary=b0undary")
            .body(body)
            .send()
    };
    let ok = upload(&[("file", Some("rex.png"), "PNG"), ("caption", None, "Rex")])
        .await
        .expect("sent");
    assert!(ok.status().is_success(), "{}", ok.status());
    let long = "c".repeat(201);
    for (parts, says) in [
        (vec![("caption", None, "Rex")], "body /file: is required"),
        (
            vec![
                ("file", Some("rex.png"), "PNG"),
                ("caption", None, long.as_str()),
            ],
            "body /caption: is 201 characters long",
        ),
    ] {
        let res = upload(&parts).await.expect("sent");
        assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{says}");
        let body = json_of(res).await.to_string();
        assert!(body.contains(says), "{says:?} in {body}");
    }
    let res = c
        .put(format!("{base}/pets/3/photo"))
        .header("content-type", "multipart/form-data")
        .body("x")
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}
