//! Generated SDKs walking their lists with `into_pager` against a scripted
//! HTTP/1.1 server on 127.0.0.1: the SDK of
//! `generator/tests/fixtures/pages.yaml` (cursor, offset, next URL, `Link`
//! header), payments (item id) and audit (page number, the crate `accounts`). Every item of every
//! page in order, and exactly the requests (paths and queries) each page
//! sends.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A response the server sends, in order; after the last, a 500.
#[derive(Clone)]
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: String,
}

fn page(body: serde_json::Value) -> Reply {
    Reply {
        status: 200,
        headers: Vec::new(),
        body: body.to_string(),
    }
}

fn linked(body: serde_json::Value, link: String) -> Reply {
    Reply {
        status: 200,
        headers: vec![("link", link)],
        body: body.to_string(),
    }
}

fn things(ids: &[&str]) -> serde_json::Value {
    ids.iter()
        .map(|id| serde_json::json!({"id": id, "name": format!("thing {id}")}))
        .collect()
}

struct Server {
    /// `http://127.0.0.1:<port>`, without the API's base path.
    origin: String,
    targets: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// A server answering with `script(origin)`'s replies, one per request.
    async fn start(script: impl FnOnce(&str) -> Vec<Reply>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let origin = format!("http://{}", listener.local_addr().expect("addr"));
        let queue = Arc::new(Mutex::new(VecDeque::from(script(&origin))));
        let targets = Arc::new(Mutex::new(Vec::new()));
        let seen = targets.clone();
        tokio::spawn(async move {
            // Bounded: a test makes a handful of requests.
            for _ in 0..32 {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let reply = serve_head(stream, &seen).await;
                let Some((mut stream, _)) = reply else {
                    continue;
                };
                let reply = queue.lock().expect("lock").pop_front();
                let reply = reply.unwrap_or(Reply {
                    status: 500,
                    headers: Vec::new(),
                    body: "{\"message\":\"no page scripted\"}".to_string(),
                });
                let mut head = format!(
                    "HTTP/1.1 {} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
                    reply.status,
                    reply.body.len()
                );
                for (name, value) in &reply.headers {
                    head.push_str(&format!("{name}: {value}\r\n"));
                }
                head.push_str("\r\n");
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(reply.body.as_bytes()).await;
                let _ = stream.shutdown().await;
            }
        });
        Server { origin, targets }
    }

    fn client(&self) -> pages::Client {
        pages::Client::builder()
            .base_url(format!("{}/api", self.origin))
            .backoff(Duration::from_millis(1), Duration::from_millis(5))
            .build()
            .expect("client")
    }

    fn targets(&self) -> Vec<String> {
        self.targets.lock().expect("lock").clone()
    }
}

/// Reads a request's head (these are GETs without a body) and records its
/// target.
async fn serve_head(
    mut stream: TcpStream,
    seen: &Arc<Mutex<Vec<String>>>,
) -> Option<(TcpStream, String)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let head = String::from_utf8_lossy(&buf).into_owned();
    let target = head.split(' ').nth(1).unwrap_or("").to_string();
    seen.lock().expect("lock").push(target.clone());
    Some((stream, target))
}

fn ids(items: &[pages::models::Thing]) -> Vec<&str> {
    items.iter().map(|t| t.id.as_str()).collect()
}

#[tokio::test]
async fn a_cursor_list_passes_each_cursor_back_and_retries_a_page_on_its_own() {
    let server = Server::start(|_| {
        vec![
            page(serde_json::json!({"items": things(&["a", "b"]), "meta": {"next_cursor": "c2"}})),
            // The second page's first attempt fails; its retry gets it.
            Reply {
                status: 503,
                headers: Vec::new(),
                body: "{\"message\":\"busy\"}".to_string(),
            },
            page(
                serde_json::json!({"items": things(&["c", "d"]), "meta": {"next_cursor": "c 3/+"}}),
            ),
            page(serde_json::json!({"items": things(&["e"]), "meta": {"next_cursor": null}})),
        ]
    })
    .await;
    let mut pager = server
        .client()
        .cursored()
        .list_cursored()
        .limit(2)
        .into_pager();
    let mut seen = Vec::new();
    while let Some(item) = pager.next().await {
        seen.push(item.expect("an item").id);
    }
    assert_eq!(seen, ["a", "b", "c", "d", "e"]);
    assert_eq!(
        server.targets(),
        [
            "/api/cursored?limit=2",
            "/api/cursored?limit=2&cursor=c2",
            "/api/cursored?limit=2&cursor=c2",
            "/api/cursored?limit=2&cursor=c%203%2F%2B",
        ]
    );
    assert!(pager.next().await.is_none(), "the walk has ended");
}

#[tokio::test]
async fn a_callers_cursor_keeps_its_place_and_send_returns_the_first_page_alone() {
    let server = Server::start(|_| {
        vec![
            page(serde_json::json!({"items": things(&["a"]), "meta": {"next_cursor": "c1"}})),
            page(serde_json::json!({"items": things(&["b"]), "meta": {"next_cursor": "c2"}})),
            page(serde_json::json!({"items": things(&["c"]), "meta": {}})),
        ]
    })
    .await;
    let client = server.client();
    let first = client
        .cursored()
        .list_cursored()
        .cursor("c0")
        .limit(1)
        .send()
        .await
        .expect("the first page");
    assert_eq!(ids(&first.items), ["a"]);
    let all = client
        .cursored()
        .list_cursored()
        .cursor("c0")
        .limit(1)
        .into_pager()
        .collect_all()
        .await
        .expect("every item");
    // The script's first page went to `send`; the pager starts over.
    assert_eq!(ids(&all), ["b", "c"]);
    assert_eq!(
        server.targets(),
        [
            "/api/cursored?cursor=c0&limit=1",
            "/api/cursored?cursor=c0&limit=1",
            "/api/cursored?cursor=c2&limit=1",
        ]
    );
}

#[tokio::test]
async fn an_offset_list_skips_what_it_has_seen_until_a_page_is_empty() {
    let server = Server::start(|_| {
        vec![
            page(things(&["a", "b"])),
            page(things(&["c"])),
            page(things(&[])),
        ]
    })
    .await;
    let items = server
        .client()
        .offsets()
        .list_offsets()
        .limit(2)
        .into_pager()
        .collect_all()
        .await
        .expect("every item");
    assert_eq!(ids(&items), ["a", "b", "c"]);
    assert_eq!(
        server.targets(),
        [
            "/api/offsets?limit=2",
            "/api/offsets?limit=2&offset=2",
            "/api/offsets?limit=2&offset=3",
        ]
    );
}

#[tokio::test]
async fn a_link_header_list_follows_rel_next_and_pages_say_what_follows() {
    let server = Server::start(|origin| {
        vec![
            linked(
                things(&["a", "b"]),
                format!(
                    "<{origin}/api/linked?page=1&per_page=2>; rel=\"first\", <{origin}/api/linked?page=2&per_page=2>; rel=\"next last\""
                ),
            ),
            linked(
                things(&["c"]),
                format!("<{origin}/api/linked?page=1&per_page=2>; rel=\"prev first\""),
            ),
        ]
    })
    .await;
    let mut pager = server
        .client()
        .linked()
        .list_linked()
        .per_page(2)
        .into_pager();
    let first = pager.next_page().await.expect("a page").expect("page 1");
    assert_eq!(ids(&first.items), ["a", "b"]);
    assert!(first.has_next_page());
    assert_eq!(first.response.status.as_u16(), 200);
    assert_eq!(server.targets().len(), 1, "one page fetched so far");
    let second = pager.next_page().await.expect("a page").expect("page 2");
    assert_eq!(ids(&second.items), ["c"]);
    assert!(!second.has_next_page());
    assert!(pager.next_page().await.is_none());
    assert_eq!(
        server.targets(),
        ["/api/linked?per_page=2", "/api/linked?page=2&per_page=2"]
    );
}

#[tokio::test]
async fn a_next_url_list_follows_the_bodys_url_relative_to_the_page() {
    let server = Server::start(|_| {
        vec![
            page(serde_json::json!({"things": things(&["a", "b"]), "links": {"next": "numbered?page=2&per_page=2"}})),
            page(serde_json::json!({"things": things(&["c"]), "links": {"next": "/api/numbered?page=3&per_page=2"}})),
            page(serde_json::json!({"things": things(&["d"]), "links": {}})),
        ]
    })
    .await;
    let items = server
        .client()
        .numbered()
        .list_numbered()
        .per_page(2)
        .into_pager()
        .collect_all()
        .await
        .expect("every item");
    assert_eq!(ids(&items), ["a", "b", "c", "d"]);
    assert_eq!(
        server.targets(),
        [
            "/api/numbered?per_page=2",
            "/api/numbered?page=2&per_page=2",
            "/api/numbered?page=3&per_page=2",
        ]
    );
}

#[tokio::test]
async fn a_last_id_cursor_is_passed_back_while_has_more() {
    let server = Server::start(|_| {
        vec![
            page(
                serde_json::json!({"data": things(&["a", "b"]), "last_id": "b", "has_more": true}),
            ),
            page(
                serde_json::json!({"data": things(&["c", "d"]), "last_id": "d", "has_more": true}),
            ),
            // `has_more: false` ends the list, whatever the cursor says.
            page(serde_json::json!({"data": things(&["e"]), "last_id": "e", "has_more": false})),
        ]
    })
    .await;
    let items = server
        .client()
        .after()
        .list_after()
        .limit(2)
        .into_pager()
        .collect_all()
        .await
        .expect("every item");
    assert_eq!(ids(&items), ["a", "b", "c", "d", "e"]);
    assert_eq!(
        server.targets(),
        [
            "/api/after?limit=2",
            "/api/after?limit=2&after=b",
            "/api/after?limit=2&after=d",
        ]
    );
}

fn transfers(ids: &[&str]) -> serde_json::Value {
    ids.iter()
        .map(|id| {
            serde_json::json!({
                "id": id, "object": "transfer", "amount": 100, "currency": "eur",
                "vendor_id": "v_9", "status": "paid", "created": "2024-05-14T09:30:00Z",
                "description": null, "metadata": {}
            })
        })
        .collect()
}

#[tokio::test]
async fn an_item_id_list_starts_after_the_last_item_while_has_more() {
    let server = Server::start(|_| {
        vec![
            page(serde_json::json!({"object": "list", "data": transfers(&["tr_1", "tr_2"]), "has_more": true})),
            page(serde_json::json!({"object": "list", "data": transfers(&["tr_3"]), "has_more": false})),
        ]
    })
    .await;
    let client = payments::Client::builder()
        .base_url(format!("{}/v2", server.origin))
        .bearer_token("sk_test_123")
        .build()
        .expect("client");
    let items = client
        .transfers()
        .list_transfers()
        .limit(2)
        .into_pager()
        .collect_all()
        .await
        .expect("every transfer");
    let ids: Vec<&str> = items.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["tr_1", "tr_2", "tr_3"]);
    assert_eq!(
        server.targets(),
        [
            "/v2/transfers?limit=2",
            "/v2/transfers?limit=2&starting_after=tr_2",
        ]
    );
}

fn accounts(ids: &[&str]) -> serde_json::Value {
    ids.iter()
        .map(|id| {
            serde_json::json!({
                "id": id, "email": format!("{id}@example.com"), "name": id,
                "credits": 0, "created_at": "2024-05-14T09:30:00Z"
            })
        })
        .collect()
}

#[tokio::test]
async fn a_page_number_list_counts_from_the_callers_page_until_a_page_is_empty() {
    let server = Server::start(|_| {
        vec![
            page(serde_json::json!({"accounts": accounts(&["a", "b"])})),
            page(serde_json::json!({"accounts": accounts(&["c"])})),
            page(serde_json::json!({"accounts": []})),
        ]
    })
    .await;
    let client = accounts::Client::builder()
        .base_url(format!("{}/api/v1", server.origin))
        .bearer_token("t")
        .build()
        .expect("client");
    let items = client
        .accounts()
        .list_accounts()
        .page(3)
        .per_page(2)
        .into_pager()
        .collect_all()
        .await
        .expect("every account");
    let ids: Vec<&str> = items.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "c"]);
    assert_eq!(
        server.targets(),
        [
            "/api/v1/accounts?page=3&per_page=2",
            "/api/v1/accounts?page=4&per_page=2",
            "/api/v1/accounts?page=5&per_page=2",
        ]
    );
}

#[tokio::test]
async fn a_next_page_elsewhere_is_refused_after_the_items_before_it() {
    let server = Server::start(|_| {
        vec![linked(
            things(&["a"]),
            "<http://elsewhere.example/api/linked?page=2>; rel=\"next\"".to_string(),
        )]
    })
    .await;
    let mut pager = server.client().linked().list_linked().into_pager();
    assert_eq!(pager.next().await.expect("an item").expect("a").id, "a");
    let error = pager
        .next()
        .await
        .expect("the walk's error")
        .expect_err("another origin");
    assert!(
        matches!(error, pages::Error::Pagination { .. }),
        "{error:?}"
    );
    assert!(pager.next().await.is_none(), "the error ended the walk");
    assert_eq!(server.targets(), ["/api/linked"]);
}

#[tokio::test]
async fn a_page_that_fails_ends_the_walk_with_its_error() {
    let server = Server::start(|_| {
        vec![
            page(serde_json::json!({"items": things(&["a"]), "meta": {"next_cursor": "c2"}})),
            Reply {
                status: 404,
                headers: Vec::new(),
                body: "{\"message\":\"gone\"}".to_string(),
            },
        ]
    })
    .await;
    let error = server
        .client()
        .cursored()
        .list_cursored()
        .into_pager()
        .collect_all()
        .await
        .expect_err("the second page failed");
    assert_eq!(error.api().map(|api| api.status.as_u16()), Some(404));
    assert_eq!(
        server.targets(),
        ["/api/cursored", "/api/cursored?cursor=c2"]
    );
}

#[tokio::test]
async fn the_request_id_comes_from_the_header_the_spec_declares() {
    let headers = vec![
        ("x-pages-request-id", "pr_1".to_string()),
        ("x-request-id", "req_1".to_string()),
    ];
    let server = Server::start(|_| {
        vec![
            Reply {
                status: 200,
                headers: headers.clone(),
                body: serde_json::json!({"id": "a", "name": "thing a"}).to_string(),
            },
            Reply {
                status: 404,
                headers: headers.clone(),
                body: "{\"message\":\"gone\"}".to_string(),
            },
        ]
    })
    .await;
    let client = server.client();
    let ok = client
        .cursored()
        .get_cursored("a")
        .send_with_response()
        .await
        .expect("a thing");
    assert_eq!(ok.request_id(), Some("pr_1"));
    let err = client
        .cursored()
        .get_cursored("b")
        .send()
        .await
        .expect_err("a 404");
    assert_eq!(err.request_id(), Some("pr_1"));
}
