//! The SDK of `generator/tests/fixtures/streams.yaml` against a scripted
//! HTTP/1.1 server on 127.0.0.1: `send_stream` asks for the stream
//! (`Accept`, `stream: true`) and decodes each event; a text feed is retried
//! until its headers arrive.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// What the server received: the request head and body.
type Seen = Arc<Mutex<Vec<String>>>;

/// A server answering each request with the next of `replies` (status,
/// content type, body), recording each request.
async fn serve(replies: Vec<(u16, &'static str, String)>) -> (String, Seen) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}/v1", listener.local_addr().expect("addr"));
    let seen: Seen = Arc::default();
    let record = seen.clone();
    tokio::spawn(async move {
        for (status, content_type, body) in replies {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            let mut buf = Vec::new();
            let mut chunk = [0u8; 4096];
            // The head, then the body its Content-Length announces.
            loop {
                let n = stream.read(&mut chunk).await.unwrap_or(0);
                if n == 0 {
                    break;
                }
                buf.extend_from_slice(&chunk[..n]);
                let text = String::from_utf8_lossy(&buf).to_string();
                if let Some(end) = text.find("\r\n\r\n") {
                    let length = text
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length: ")
                                .map(str::to_string)
                        })
                        .and_then(|v| v.trim().parse::<usize>().ok())
                        .unwrap_or(0);
                    if buf.len() >= end + 4 + length {
                        break;
                    }
                }
            }
            record
                .lock()
                .expect("lock")
                .push(String::from_utf8_lossy(&buf).to_string());
            let head = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(body.as_bytes()).await;
            let _ = stream.shutdown().await;
        }
    });
    (url, seen)
}

fn client(url: &str) -> streams::Client {
    streams::Client::builder()
        .base_url(url)
        .backoff(
            std::time::Duration::from_millis(1),
            std::time::Duration::from_millis(5),
        )
        .build()
        .expect("client")
}

#[tokio::test]
async fn send_stream_asks_for_the_stream_and_decodes_each_event() {
    let events = "data: {\"id\":\"c1\",\"delta\":\"Hel\"}\n\ndata: {\"id\":\"c2\",\"delta\":\"lo\"}\n\ndata: [DONE]\n\n";
    let (url, seen) = serve(vec![(200, "text/event-stream", events.to_string())]).await;
    let body = streams::models::CreateCompletionRequest {
        model: "m".into(),
        prompt: "hi".into(),
        ..Default::default()
    };
    let mut stream = client(&url)
        .chat()
        .create_completion(&body)
        .send_stream()
        .await
        .expect("the stream opens");
    let mut deltas = Vec::new();
    while let Some(chunk) = stream.next().await {
        deltas.push(chunk.expect("a chunk").delta);
    }
    assert_eq!(deltas, ["Hel", "lo"]);
    assert_eq!(stream.events().events_delivered(), 2);
    let sent = seen.lock().expect("lock")[0].to_ascii_lowercase();
    assert!(sent.contains("accept: text/event-stream"), "{sent}");
    assert!(
        sent.ends_with("{\"model\":\"m\",\"prompt\":\"hi\",\"stream\":true}"),
        "{sent}"
    );
}

#[tokio::test]
async fn a_text_feed_is_retried_until_its_headers_then_hands_out_each_line() {
    let (url, seen) = serve(vec![
        (
            503,
            "application/json",
            "{\"message\":\"busy\"}".to_string(),
        ),
        (
            200,
            "text/event-stream",
            "data: one\n\ndata: two\n\n".to_string(),
        ),
    ])
    .await;
    let mut stream = client(&url)
        .feed()
        .watch_feed("news")
        .send_stream()
        .await
        .expect("the stream opens");
    assert_eq!(stream.events().attempts(), 2);
    let mut lines = Vec::new();
    while let Some(line) = stream.next().await {
        lines.push(line.expect("a line"));
    }
    assert_eq!(lines, ["one", "two"]);
    assert_eq!(seen.lock().expect("lock").len(), 2);
}
