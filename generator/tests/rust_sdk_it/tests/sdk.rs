//! The generated SDKs against a scripted HTTP/1.1 server on 127.0.0.1: the
//! retry contract end to end (one key for every attempt, typed success and
//! error bodies, path parameters that cannot leave their segment).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One request the server received.
#[derive(Clone, Debug)]
struct Seen {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Seen {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A response the server sends, in order; the last one repeats.
#[derive(Clone)]
struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
}

fn json(status: u16, body: serde_json::Value) -> Reply {
    Reply {
        status,
        content_type: "application/json",
        body: body.to_string().into_bytes(),
    }
}

struct Server {
    base_url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Server {
    async fn start(replies: Vec<Reply>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let queue = Arc::new(Mutex::new(VecDeque::from(replies)));
        let seen_in = seen.clone();
        tokio::spawn(async move {
            // Bounded: a test makes a handful of requests.
            for _ in 0..64 {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let seen = seen_in.clone();
                let queue = queue.clone();
                tokio::spawn(async move { serve(stream, seen, queue).await });
            }
        });
        Server {
            base_url: format!("http://{addr}/v2"),
            seen,
        }
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("lock").clone()
    }
}

async fn serve(
    mut stream: TcpStream,
    seen: Arc<Mutex<Vec<Seen>>>,
    queue: Arc<Mutex<VecDeque<Reply>>>,
) {
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
    let mut request_line = lines.next().unwrap_or("").split(' ');
    let method = request_line.next().unwrap_or("").to_string();
    let target = request_line.next().unwrap_or("").to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let body = buf[head_end..head_end + length].to_vec();
    seen.lock().expect("lock").push(Seen {
        method,
        target,
        headers,
        body,
    });
    let reply = {
        let mut q = queue.lock().expect("lock");
        if q.len() > 1 {
            q.pop_front().expect("reply")
        } else {
            q.front().cloned().expect("a scripted reply")
        }
    };
    let head = format!(
        "HTTP/1.1 {} X\r\ncontent-type: {}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(&reply.body).await;
    let _ = stream.shutdown().await;
}

fn payments_client(server: &Server) -> payments::Client {
    payments::Client::builder()
        .base_url(&server.base_url)
        .bearer_token("sk_test_123")
        .backoff(Duration::from_millis(1), Duration::from_millis(5))
        .build()
        .expect("client")
}

fn transfer_json() -> serde_json::Value {
    serde_json::json!({
        "id": "tr_1", "object": "transfer", "amount": 1200, "currency": "eur",
        "vendor_id": "v_9", "status": "paid", "created": "2024-05-14T09:30:00Z",
        "description": null, "metadata": {"order_id": "8812"}
    })
}

fn new_transfer() -> payments::models::CreateTransfer {
    payments::models::CreateTransfer {
        amount: 1200,
        currency: "eur".into(),
        vendor_id: "v_9".into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn keyed_post_retries_with_one_key_and_returns_the_typed_body() {
    let unavailable = json(
        503,
        serde_json::json!({"code": "unavailable", "message": "busy"}),
    );
    let server = Server::start(vec![
        unavailable.clone(),
        unavailable,
        json(201, transfer_json()),
    ])
    .await;
    let client = payments_client(&server);
    let response = client
        .transfers()
        .create_transfer(&new_transfer())
        .send_with_response()
        .await
        .expect("created after two 503s");
    assert_eq!(response.attempts, 3);
    assert_eq!(response.status.as_u16(), 201);
    let transfer = response.data;
    assert_eq!(transfer.id, "tr_1");
    assert_eq!(transfer.amount, 1200);
    assert_eq!(transfer.status, payments::models::TransferStatus::Paid);
    assert_eq!(transfer.description, None);
    assert_eq!(transfer.created.to_rfc3339(), "2024-05-14T09:30:00+00:00");

    let seen = server.seen();
    assert_eq!(seen.len(), 3);
    let key = seen[0]
        .header("idempotency-key")
        .expect("a key")
        .to_string();
    assert_eq!(key.len(), 36, "a UUID v4: {key}");
    for s in &seen {
        assert_eq!(s.method, "POST");
        assert_eq!(s.target, "/v2/transfers");
        assert_eq!(s.header("idempotency-key"), Some(key.as_str()));
        assert_eq!(s.header("authorization"), Some("Bearer sk_test_123"));
        assert_eq!(s.header("content-type"), Some("application/json"));
        assert!(s.header("request-timeout-ms").is_some());
        let sent: serde_json::Value = serde_json::from_slice(&s.body).expect("json body");
        assert_eq!(
            sent,
            serde_json::json!({"amount": 1200, "currency": "eur", "vendor_id": "v_9"})
        );
    }
}

#[tokio::test]
async fn a_callers_key_is_sent_and_a_bad_one_is_refused_before_sending() {
    let server = Server::start(vec![json(201, transfer_json())]).await;
    let client = payments_client(&server);
    let transfer = client
        .transfers()
        .create_transfer(&new_transfer())
        .idempotency_key("payout-8812")
        .send()
        .await
        .expect("created");
    assert_eq!(transfer.vendor_id, "v_9");
    assert_eq!(
        server.seen()[0].header("idempotency-key"),
        Some("payout-8812")
    );

    let error = client
        .transfers()
        .create_transfer(&new_transfer())
        .idempotency_key("has space")
        .send()
        .await
        .expect_err("refused");
    assert_eq!(error.kind(), "invalid_idempotency_key");
    assert_eq!(server.seen().len(), 1, "nothing sent for a bad key");
}

#[tokio::test]
async fn path_parameters_stay_one_segment() {
    let server = Server::start(vec![json(200, transfer_json())]).await;
    let client = payments_client(&server);
    client
        .transfers()
        .get_transfer("../x")
        .send()
        .await
        .expect("fetched");
    client
        .transfers()
        .get_transfer("a/b?c#d")
        .send()
        .await
        .expect("fetched");
    let seen = server.seen();
    assert_eq!(seen[0].target, "/v2/transfers/..%2Fx");
    assert_eq!(seen[1].target, "/v2/transfers/a%2Fb%3Fc%23d");
    let error = client
        .transfers()
        .get_transfer("..")
        .send()
        .await
        .expect_err("refused");
    assert_eq!(error.kind(), "build");
    assert_eq!(server.seen().len(), 2);
}

#[tokio::test]
async fn documented_errors_decode_to_their_type() {
    let server = Server::start(vec![json(
        404,
        serde_json::json!({"code": "not_found", "message": "No transfer tr_9."}),
    )])
    .await;
    let client = payments_client(&server);
    let error = client
        .transfers()
        .get_transfer("tr_9")
        .send()
        .await
        .expect_err("404");
    assert_eq!(error.attempts(), 1, "a 404 is not retried");
    assert_eq!(error.status().map(|s| s.as_u16()), Some(404));
    assert_eq!(error.code(), Some("not_found"));
    match payments::transfers::GetTransferError::from_error(&error) {
        Some(payments::transfers::GetTransferError::NotFound(body)) => {
            assert_eq!(body.code, "not_found");
            assert_eq!(body.message, "No transfer tr_9.");
        }
        other => panic!("expected NotFound, got {other:?}"),
    }
}

#[tokio::test]
async fn unsafe_operations_are_not_retried_after_an_ambiguous_failure() {
    let server = Server::start(vec![json(503, serde_json::json!({"code": "busy"}))]).await;
    let client = payments_client(&server);
    let error = client
        .vendors()
        .update_vendor("acme", &payments::models::VendorUpdate::default())
        .send()
        .await
        .expect_err("503");
    assert_eq!(error.attempts(), 1);
    assert_eq!(
        error.stop_reason(),
        Some(payments::StopReason::UnsafeToRetry)
    );
    assert_eq!(server.seen()[0].method, "PATCH");
    assert_eq!(server.seen()[0].header("idempotency-key"), None);

    let error = client
        .transfers()
        .list_transfers()
        .retries(false)
        .send()
        .await
        .expect_err("503");
    assert_eq!(error.attempts(), 1, "retries off: one attempt");
}

#[tokio::test]
async fn query_parameters_follow_their_style() {
    let list = serde_json::json!({"object": "list", "data": [transfer_json()], "has_more": false});
    let server = Server::start(vec![json(200, list)]).await;
    let client = payments_client(&server);
    let page = client
        .transfers()
        .list_transfers()
        .limit(2)
        .created(payments::models::ListTransfersCreated {
            gte: Some("2024-05-01T00:00:00Z".parse().expect("date-time")),
            ..Default::default()
        })
        .send()
        .await
        .expect("listed");
    assert_eq!(page.data.len(), 1);
    assert!(!page.has_more);
    assert_eq!(
        server.seen()[0].target,
        "/v2/transfers?limit=2&created%5Bgte%5D=2024-05-01T00%3A00%3A00Z"
    );
}

fn pets_client(server: &Server) -> pets::Client {
    pets::Client::builder()
        .base_url(&server.base_url)
        .api_key("shop-key")
        .backoff(Duration::from_millis(1), Duration::from_millis(5))
        .build()
        .expect("client")
}

#[tokio::test]
async fn pets_sends_its_api_key_and_exploded_arrays() {
    let server = Server::start(vec![json(
        200,
        serde_json::json!([{"id": 7, "name": "Rex", "status": "adopted"}]),
    )])
    .await;
    let client = pets_client(&server);
    let pets = client
        .pets()
        .list_pets()
        .tags(vec!["dog".into(), "small dog".into()])
        .status(pets::models::PetStatus::Available)
        .send()
        .await
        .expect("listed");
    assert_eq!(pets[0].id, 7);
    // A status this SDK does not know is kept, not an error.
    assert_eq!(
        pets[0].status,
        Some(pets::models::PetStatus::Other("adopted".into()))
    );
    let seen = server.seen();
    assert_eq!(seen[0].header("x-api-key"), Some("shop-key"));
    assert_eq!(
        seen[0].target,
        "/v2/pets?tags=dog&tags=small%20dog&status=available"
    );
}

#[tokio::test]
async fn pets_uploads_multipart_and_downloads_bytes() {
    let server = Server::start(vec![
        Reply {
            status: 204,
            content_type: "text/plain",
            body: Vec::new(),
        },
        Reply {
            status: 200,
            content_type: "image/png",
            body: b"\x89PNG-bytes".to_vec(),
        },
    ])
    .await;
    let client = pets_client(&server);
    let upload = pets::models::UploadPetPhotoRequest {
        file: b"\x89PNG-bytes".to_vec().into(),
        caption: Some("Rex \"the dog\"".into()),
    };
    client
        .photos()
        .upload_pet_photo(42, &upload)
        .send()
        .await
        .expect("uploaded");
    let photo = client
        .photos()
        .download_pet_photo(42)
        .send()
        .await
        .expect("downloaded")
        .bytes()
        .await
        .expect("the photo");
    assert_eq!(&photo[..], b"\x89PNG-bytes");

    let seen = server.seen();
    assert_eq!(seen[0].method, "PUT");
    assert_eq!(seen[0].target, "/v2/pets/42/photo");
    let content_type = seen[0].header("content-type").expect("content type");
    let boundary = content_type
        .strip_prefix("multipart/form-data; boundary=")
        .expect("multipart");
    let body = String::from_utf8_lossy(&seen[0].body).into_owned();
    assert!(body.starts_with(&format!("--{boundary}\r\n")));
    // The file part: named by its property, typed by the first concrete
    // type its encoding lists (`image/png, image/jpeg`).
    assert!(body.contains("Content-Disposition: form-data; name=\"file\"; filename=\"file\"\r\nContent-Type: image/png\r\n\r\n"));
    assert!(body.contains("name=\"caption\"\r\n\r\nRex \"the dog\"\r\n"));
    assert!(body.ends_with(&format!("--{boundary}--\r\n")));
}

#[tokio::test]
async fn the_two_key_conflicts_are_told_apart() {
    // In flight: the same key is still being processed; retried with that key.
    let in_flight = json(
        409,
        serde_json::json!({"code": "concurrent_idempotent_requests", "message": "busy"}),
    );
    let server = Server::start(vec![in_flight, json(201, transfer_json())]).await;
    let client = payments_client(&server);
    let response = client
        .transfers()
        .create_transfer(&new_transfer())
        .send_with_response()
        .await
        .expect("created after the in-flight 409");
    assert_eq!(response.attempts, 2);
    let seen = server.seen();
    assert_eq!(
        seen[0].header("idempotency-key"),
        seen[1].header("idempotency-key")
    );

    // Mismatch: the key was used with another body; never retried.
    let mismatch = json(
        409,
        serde_json::json!({"code": "invalid_idempotent_request", "message": "other body"}),
    );
    let server = Server::start(vec![mismatch]).await;
    let client = payments_client(&server);
    let error = client
        .transfers()
        .create_transfer(&new_transfer())
        .idempotency_key("order-1")
        .send()
        .await
        .expect_err("mismatch");
    assert_eq!(error.kind(), "idempotency_mismatch");
    assert_eq!(error.attempts(), 1);
    assert!(matches!(
        payments::transfers::CreateTransferError::from_error(&error),
        Some(payments::transfers::CreateTransferError::Conflict(body))
            if body.code == "invalid_idempotent_request"
    ));
}

#[tokio::test]
async fn a_call_deadline_bounds_every_attempt_and_sleep() {
    let unavailable = json(503, serde_json::json!({"code": "unavailable"}));
    let server = Server::start(vec![unavailable]).await;
    let client = payments::Client::builder()
        .base_url(&server.base_url)
        .bearer_token("sk_test_123")
        .backoff(Duration::from_millis(200), Duration::from_millis(200))
        .build()
        .expect("client");
    let started = std::time::Instant::now();
    let error = client
        .transfers()
        .get_transfer("tr_1")
        .max_attempts(10)
        .timeout(Duration::from_millis(300))
        .send()
        .await
        .expect_err("503 until the deadline");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(error.attempts() >= 1 && error.attempts() < 10);
    assert_eq!(error.status().map(|s| s.as_u16()), Some(503));
}

#[tokio::test]
async fn a_409_with_the_key_codes_is_a_plain_conflict_without_a_key() {
    // Only keyed operations send a key, so only their 409s are the key's
    // conflicts: on a safe GET and an unsafe PATCH the same bodies are an
    // ordinary API error, not retried.
    for code in [
        "concurrent_idempotent_requests",
        "invalid_idempotent_request",
    ] {
        let conflict = json(
            409,
            serde_json::json!({"code": code, "message": "conflict"}),
        );
        // The last reply repeats: both calls get the 409.
        let server = Server::start(vec![conflict]).await;
        let client = payments_client(&server);
        let error = client
            .transfers()
            .get_transfer("tr_1")
            .send()
            .await
            .expect_err("409");
        assert_eq!(error.kind(), "api_error", "{code} on a GET");
        assert_eq!(error.attempts(), 1, "{code} on a GET is not retried");
        assert_eq!(error.code(), Some(code));
        let error = client
            .vendors()
            .update_vendor("acme", &payments::models::VendorUpdate::default())
            .send()
            .await
            .expect_err("409");
        assert_eq!(error.kind(), "api_error", "{code} on a PATCH");
        assert_eq!(error.attempts(), 1);
        assert_eq!(server.seen().len(), 2, "one request per call");
        assert!(server
            .seen()
            .iter()
            .all(|s| s.header("idempotency-key").is_none()));
    }
}

#[test]
fn explicit_nulls_are_said_with_some_none() {
    // `description` is optional and nullable: left out, sent as null, or a value.
    let mut body = new_transfer();
    let absent = serde_json::to_value(&body).expect("json");
    assert!(absent.get("description").is_none(), "{absent}");
    body.description = Some(None);
    let null = serde_json::to_string(&body).expect("json");
    assert_eq!(
        null,
        r#"{"amount":1200,"currency":"eur","vendor_id":"v_9","description":null}"#
    );
    body.description = Some(Some("rent".into()));
    let value = serde_json::to_value(&body).expect("json");
    assert_eq!(value["description"], "rent");
    // Read back: null is Some(None), a missing field None.
    let read: payments::models::CreateTransfer = serde_json::from_str(&null).expect("read");
    assert_eq!(read.description, Some(None));
    let read: payments::models::CreateTransfer = serde_json::from_value(absent).expect("read");
    assert_eq!(read.description, None);
}

#[tokio::test]
async fn an_explicit_null_reaches_the_wire() {
    let server = Server::start(vec![json(201, transfer_json())]).await;
    let client = payments_client(&server);
    let body = payments::models::CreateTransfer {
        description: Some(None),
        ..new_transfer()
    };
    client
        .transfers()
        .create_transfer(&body)
        .send()
        .await
        .expect("created");
    assert_eq!(
        String::from_utf8_lossy(&server.seen()[0].body),
        r#"{"amount":1200,"currency":"eur","vendor_id":"v_9","description":null}"#
    );
}

#[test]
fn keyword_properties_keep_their_wire_names() {
    let card: payments::models::Card = serde_json::from_value(serde_json::json!({
        "type": "card", "brand": "visa", "last4": "4242", "exp_month": 4, "exp_year": 2030
    }))
    .expect("a card");
    let back = serde_json::to_value(&card).expect("json");
    assert_eq!(back["type"], "card");
    assert!(back.get("r#type").is_none());
}

#[tokio::test]
async fn a_json_operation_never_parses_a_body_that_is_not_json() {
    // The spec says JSON; the server sends the same bytes as a download.
    let server = Server::start(vec![Reply {
        status: 200,
        content_type: "application/octet-stream",
        body: transfer_json().to_string().into_bytes(),
    }])
    .await;
    let client = payments_client(&server);
    let error = client
        .transfers()
        .get_transfer("tr_1")
        .send()
        .await
        .expect_err("not JSON");
    assert_eq!(error.kind(), "decode");
    assert!(
        error.to_string().contains("application/octet-stream"),
        "{error}"
    );
}

#[tokio::test]
async fn a_success_body_of_the_wrong_shape_is_a_decode_error_with_its_body() {
    // Every field of the documented Transfer, each of the wrong type.
    let wrong = serde_json::json!({
        "id": 1, "object": 2, "amount": "twelve", "currency": false,
        "vendor_id": [], "status": {}, "created": 3, "metadata": "m"
    });
    let server = Server::start(vec![json(200, wrong.clone())]).await;
    let client = payments_client(&server);
    let error = client
        .transfers()
        .get_transfer("tr_1")
        .send()
        .await
        .expect_err("the wrong shape");
    assert_eq!(error.kind(), "decode", "{error}");
    assert_eq!(error.status().map(|s| s.as_u16()), Some(200));
    assert_eq!(error.attempts(), 1, "not retried");
    let body: serde_json::Value =
        serde_json::from_slice(error.body().expect("the raw body")).expect("JSON");
    assert_eq!(body, wrong);
}
