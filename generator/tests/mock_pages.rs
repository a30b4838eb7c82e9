//! Lists from `sdkgen mock` come from its store, a page at a time, as the
//! pagination pass reads each operation: walking the pages of a collection
//! yields every item made in it, once, oldest first.

use std::path::Path;
use std::time::Duration;

use reqwest::Client;
use sdkgen::ir::paginate::PageStyle;
use sdkgen::ir::Api;
use sdkgen::mock::{MockConfig, MockServer};
use serde_json::{json, Value};

fn load(path: &str) -> Api {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let loaded = sdkgen::load::load(&path).unwrap_or_else(|d| panic!("{d}"));
    sdkgen::ir::build(&loaded).unwrap_or_else(|d| panic!("{d}"))
}

fn pages_api() -> Api {
    load("tests/fixtures/pages.yaml")
}

fn style_of(api: &Api, op: &str) -> Option<PageStyle> {
    let op = api
        .operations
        .iter()
        .find(|o| o.id == op)
        .expect("operation");
    op.plan.pagination.as_ref().map(|p| p.style)
}

#[test]
fn the_pass_reads_each_style() {
    let api = pages_api();
    assert_eq!(style_of(&api, "listCursored"), Some(PageStyle::Cursor));
    assert_eq!(style_of(&api, "listOffsets"), Some(PageStyle::Offset));
    assert_eq!(style_of(&api, "listNumbered"), Some(PageStyle::NextUrl));
    assert_eq!(style_of(&api, "listLinked"), Some(PageStyle::LinkHeader));
    assert_eq!(style_of(&api, "listAfter"), Some(PageStyle::Cursor));
    // A page size alone positions nothing.
    assert_eq!(style_of(&api, "listUnpaged"), None);
    assert_eq!(style_of(&api, "getCursored"), None);

    let payments = load("../specs/payments.yaml");
    let transfers = payments
        .operations
        .iter()
        .find(|o| o.id == "listTransfers")
        .and_then(|o| o.plan.pagination.clone())
        .expect("listTransfers pages");
    assert_eq!(transfers.style, PageStyle::ItemId);
    assert_eq!(transfers.param.as_deref(), Some("starting_after"));
    assert_eq!(transfers.size_param.as_deref(), Some("limit"));
    assert_eq!(transfers.items, vec!["data".to_string()]);
    assert_eq!(transfers.has_more, vec!["has_more".to_string()]);
    assert_eq!(transfers.item_field.as_deref(), Some("id"));
    let audit = load("../specs/audit.yaml");
    assert_eq!(style_of(&audit, "listAccounts"), Some(PageStyle::Page));
}

fn client() -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::AUTHORIZATION,
        reqwest::header::HeaderValue::from_static("Bearer sk_test_pages"),
    );
    Client::builder()
        .default_headers(headers)
        .no_proxy()
        .timeout(Duration::from_secs(5))
        .build()
        .expect("client")
}

async fn get(c: &Client, url: &str) -> (Value, Option<String>) {
    let res = c.get(url).send().await.expect("sent");
    assert!(res.status().is_success(), "{url}: {}", res.status());
    let link = res
        .headers()
        .get("link")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    (res.json().await.expect("json"), link)
}

async fn make(c: &Client, url: &str, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for i in 0..n {
        let res = c
            .post(url)
            .json(&json!({"name": format!("thing {i}")}))
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 201);
        let made: Value = res.json().await.expect("json");
        ids.push(made["id"].as_str().expect("id").to_string());
    }
    ids
}

fn ids(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap_or_else(|| panic!("an array of items: {items}"))
        .iter()
        .map(|t| t["id"].as_str().expect("id").to_string())
        .collect()
}

/// Follows every style's pages with a page size of 2 over 5 things.
#[tokio::test]
async fn walking_the_pages_yields_every_item_once() {
    let (addr, server) = MockServer::start(pages_api(), MockConfig::default())
        .await
        .expect("binds");
    let base = format!("http://{addr}/api");
    let c = client();

    // Cursor in a nested field.
    let made = make(&c, &format!("{base}/cursored"), 5).await;
    let (mut seen, mut pages, mut cursor) = (Vec::new(), 0, None::<String>);
    loop {
        let url = match &cursor {
            Some(cur) => format!("{base}/cursored?limit=2&cursor={cur}"),
            None => format!("{base}/cursored?limit=2"),
        };
        let (page, _) = get(&c, &url).await;
        pages += 1;
        seen.extend(ids(&page["items"]));
        match page["meta"]["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
        assert!(pages < 10, "the cursors never end");
    }
    assert_eq!((seen, pages), (made, 3));

    // Offsets over a bare array: a short page is the last.
    let made = make(&c, &format!("{base}/offsets"), 5).await;
    let mut seen = Vec::new();
    for offset in [0, 2, 4] {
        let (page, _) = get(&c, &format!("{base}/offsets?limit=2&offset={offset}")).await;
        seen.extend(ids(&page));
    }
    assert_eq!(seen, made);
    let (past, _) = get(&c, &format!("{base}/offsets?limit=2&offset=6")).await;
    assert_eq!(past, json!([]));

    // Next-page URLs in the body.
    let made = make(&c, &format!("{base}/numbered"), 5).await;
    let (mut seen, mut url, mut pages) = (Vec::new(), format!("{base}/numbered?per_page=2"), 0);
    loop {
        let (page, _) = get(&c, &url).await;
        pages += 1;
        seen.extend(ids(&page["things"]));
        match page["links"]["next"].as_str() {
            Some(next) => url = next.to_string(),
            None => break,
        }
        assert!(pages < 10, "the next links never end");
    }
    assert_eq!((seen, pages), (made, 3));

    // Next-page URLs in the Link header.
    let made = make(&c, &format!("{base}/linked"), 5).await;
    let (mut seen, mut url, mut pages) = (Vec::new(), format!("{base}/linked?per_page=2"), 0);
    loop {
        let (page, link) = get(&c, &url).await;
        pages += 1;
        seen.extend(ids(&page));
        let Some(link) = link else { break };
        let next = link
            .strip_prefix('<')
            .and_then(|l| l.split_once(">; rel=\"next\""))
            .map(|(u, _)| u.to_string())
            .expect("a next link");
        url = next;
        assert!(pages < 10, "the Link headers never end");
    }
    assert_eq!((seen, pages), (made, 3));

    // `after` the last id, while `has_more`.
    let made = make(&c, &format!("{base}/after"), 5).await;
    let (mut seen, mut after, mut pages) = (Vec::new(), None::<String>, 0);
    loop {
        let url = match &after {
            Some(last) => format!("{base}/after?limit=2&after={last}"),
            None => format!("{base}/after?limit=2"),
        };
        let (page, _) = get(&c, &url).await;
        pages += 1;
        let got = ids(&page["data"]);
        assert_eq!(page["last_id"].as_str(), got.last().map(String::as_str));
        seen.extend(got);
        if page["has_more"] != json!(true) {
            break;
        }
        after = page["last_id"].as_str().map(str::to_string);
        assert!(pages < 10, "has_more never ends");
    }
    assert_eq!((seen, pages), (made, 3));
    server.shutdown().await;
}

/// A collection with nothing made in it answers made data as its only
/// page, so a client that follows pages stops.
#[tokio::test]
async fn made_data_is_the_last_page() {
    let (addr, server) = MockServer::start(load("../specs/payments.yaml"), MockConfig::default())
        .await
        .expect("binds");
    let c = client();
    let (page, _) = get(&c, &format!("http://{addr}/v2/transfers?limit=2")).await;
    assert_eq!(page["has_more"], json!(false), "{page}");
    let (page, _) = get(&c, &format!("http://{addr}/v2/transfers")).await;
    assert_eq!(page["has_more"], json!(false), "{page}");
    server.shutdown().await;
}

/// Stripe-style lists: `starting_after` the last id, while `has_more`; a
/// deleted item leaves the list.
#[tokio::test]
async fn payments_transfers_page_by_last_id() {
    let (addr, server) = MockServer::start(load("../specs/payments.yaml"), MockConfig::default())
        .await
        .expect("binds");
    let base = format!("http://{addr}/v2");
    let c = client();
    let mut made = Vec::new();
    for i in 0..3 {
        let res = c
            .post(format!("{base}/transfers"))
            .header("Idempotency-Key", format!("page-{i}"))
            .json(&json!({"amount": 100 + i, "currency": "usd", "vendor_id": "v_1"}))
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 201);
        let t: Value = res.json().await.expect("json");
        made.push(t["id"].as_str().expect("id").to_string());
    }
    let (first, _) = get(&c, &format!("{base}/transfers?limit=2")).await;
    assert_eq!(ids(&first["data"]), made[..2].to_vec());
    assert_eq!(first["has_more"], json!(true));
    let (second, _) = get(
        &c,
        &format!("{base}/transfers?limit=2&starting_after={}", made[1]),
    )
    .await;
    assert_eq!(ids(&second["data"]), made[2..].to_vec());
    assert_eq!(second["has_more"], json!(false));
    server.shutdown().await;
}
