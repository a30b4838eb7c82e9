//! The pagination scenarios of `runtime/conformance/pagination.json`, played
//! against a real server on 127.0.0.1: the requests each page sends, the
//! items in order, and where the walk stops.

use std::sync::{Arc, Mutex};

use sdkgen_runtime::{
    CallOptions, Config, Error, Method, Operation, PageStyle, Pager, Pagination, RandomSource,
    Request, RetryClass, Runtime,
};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

static OP: Operation = Operation::new("listItems", Method::GET, RetryClass::Safe);

struct Zero;

impl RandomSource for Zero {
    fn next_f64(&self) -> f64 {
        0.0
    }
}

fn scenarios() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../conformance/pagination.json"
    );
    let text = std::fs::read_to_string(path).expect("pagination.json");
    let doc: Value = serde_json::from_str(&text).expect("pagination.json is JSON");
    doc["scenarios"].as_array().expect("scenarios").clone()
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_string().into_boxed_str())
}

fn leak_path(value: &Value) -> &'static [&'static str] {
    let names: Vec<&'static str> = value
        .as_array()
        .map(|a| a.iter().map(|v| leak(v.as_str().unwrap())).collect())
        .unwrap_or_default();
    Box::leak(names.into_boxed_slice())
}

fn plan_of(raw: &Value) -> Pagination {
    Pagination {
        style: match raw["style"].as_str().unwrap() {
            "cursor" => PageStyle::Cursor,
            "item_id" => PageStyle::ItemId,
            "offset" => PageStyle::Offset,
            "page" => PageStyle::Page,
            "next_url" => PageStyle::NextUrl,
            "link_header" => PageStyle::LinkHeader,
            other => panic!("unknown style {other}"),
        },
        param: raw["param"].as_str().map(leak),
        size_param: raw["size_param"].as_str().map(leak),
        items: leak_path(&raw["items"]),
        next: leak_path(&raw["next"]),
        has_more: leak_path(&raw["has_more"]),
        item_field: raw["item_field"].as_str().map(leak),
    }
}

/// Answers each request with the first unused exchange for its target (else
/// the last one for it) and records every target; one request per connection.
async fn page_server(exchanges: Vec<Value>) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let targets = Arc::new(Mutex::new(Vec::new()));
    let seen = targets.clone();
    let fill_base = base.clone();
    tokio::spawn(async move {
        let mut used = vec![false; exchanges.len()];
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let mut head = Vec::new();
            let mut buf = [0u8; 4096];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match socket.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let text = String::from_utf8_lossy(&head);
            let target = text.split(' ').nth(1).unwrap_or("").to_string();
            seen.lock().unwrap().push(target.clone());
            let matching: Vec<usize> = (0..exchanges.len())
                .filter(|&i| exchanges[i]["target"] == target.as_str())
                .collect();
            let chosen = matching
                .iter()
                .copied()
                .find(|&i| !used[i])
                .or(matching.last().copied());
            let response = match chosen {
                None => {
                    "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .to_string()
                }
                Some(i) => {
                    used[i] = true;
                    let ex = &exchanges[i];
                    let body = ex["body"].to_string().replace("{base}", &fill_base);
                    let mut out = format!(
                        "HTTP/1.1 {} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
                        ex["status"],
                        body.len()
                    );
                    if let Some(headers) = ex["headers"].as_object() {
                        for (k, v) in headers {
                            let v = v.as_str().unwrap().replace("{base}", &fill_base);
                            out.push_str(&format!("{k}: {v}\r\n"));
                        }
                    }
                    out.push_str("\r\n");
                    out.push_str(&body);
                    out
                }
            };
            let _ = socket.write_all(response.as_bytes()).await;
            let _ = socket.shutdown().await;
        }
    });
    (base, targets)
}

fn pager_for(scenario: &Value, base: &str) -> Pager<Value> {
    let base_path = scenario["base_path"].as_str().unwrap_or("");
    let runtime = Runtime::new(Config::new(format!("{base}{base_path}")))
        .unwrap()
        .with_random(Arc::new(Zero));
    let mut request = Request::new(Method::GET, scenario["request"]["path"].as_str().unwrap());
    for pair in scenario["request"]["query"].as_array().unwrap() {
        request = request.query_encoded(format!(
            "{}={}",
            pair[0].as_str().unwrap(),
            pair[1].as_str().unwrap()
        ));
    }
    Pager::new(
        runtime,
        &OP,
        request,
        CallOptions::new(),
        plan_of(&scenario["plan"]),
    )
}

fn kind_of(e: &Error) -> String {
    match e {
        Error::Pagination { .. } => "pagination".to_string(),
        Error::Api(api) => format!("api_{}", api.status.as_u16()),
        other => other.kind().to_string(),
    }
}

#[tokio::test]
async fn every_pagination_scenario() {
    for scenario in scenarios() {
        let name = scenario["name"].as_str().unwrap().to_string();
        let exchanges = scenario["exchanges"].as_array().unwrap().clone();
        let (base, targets) = page_server(exchanges.clone()).await;
        let mut pager = pager_for(&scenario, &base);
        let mut seen = Vec::new();
        let mut error = None;
        while let Some(item) = pager.next().await {
            match item {
                Ok(item) => seen.push(item["id"].as_str().unwrap().to_string()),
                Err(e) => {
                    error = Some(kind_of(&e));
                    break;
                }
            }
        }
        let expected: Vec<String> =
            serde_json::from_value(scenario["expect"]["items"].clone()).expect("expected items");
        assert_eq!(seen, expected, "{name}: items");
        assert_eq!(
            error.as_deref(),
            scenario["expect"]["error"].as_str(),
            "{name}: error"
        );
        let wanted: Vec<String> = exchanges
            .iter()
            .map(|ex| ex["target"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(*targets.lock().unwrap(), wanted, "{name}: requests");
        assert!(pager.next().await.is_none(), "{name}: the walk has ended");
    }
}

#[tokio::test]
async fn pages_are_fetched_only_when_needed() {
    let scenario = scenarios()
        .into_iter()
        .find(|s| s["name"] == "cursor_until_no_cursor")
        .unwrap();
    let (base, targets) = page_server(scenario["exchanges"].as_array().unwrap().clone()).await;
    let mut pager = pager_for(&scenario, &base);
    let first = pager.next_page().await.unwrap().unwrap();
    assert_eq!(first.items.len(), 2);
    assert!(first.has_next_page());
    assert_eq!(first.body["next_cursor"], "c2");
    assert_eq!(targets.lock().unwrap().len(), 1);
    let rest = pager.collect_all().await.unwrap();
    let ids: Vec<&str> = rest.iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["c", "d"]);
    assert_eq!(targets.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn a_request_that_could_not_be_built_is_the_walks_only_error() {
    let (base, targets) = page_server(Vec::new()).await;
    let runtime = Runtime::new(Config::new(base)).unwrap();
    let plan = Pagination {
        style: PageStyle::Offset,
        param: Some("offset"),
        size_param: None,
        items: &[],
        next: &[],
        has_more: &[],
        item_field: None,
    };
    let mut pager: Pager<Value> = Pager::from_request(
        runtime,
        &OP,
        Err(Error::Build {
            message: "a parameter could not be written".to_string(),
        }),
        CallOptions::new(),
        plan,
    );
    match pager.next().await {
        Some(Err(Error::Build { message })) => {
            assert_eq!(message, "a parameter could not be written")
        }
        other => panic!("expected the build error, got {other:?}"),
    }
    assert!(pager.next().await.is_none(), "the walk has ended");
    assert!(targets.lock().unwrap().is_empty(), "nothing was sent");
}
