//! The SDK of `generator/tests/fixtures/files.yaml` against a scripted
//! HTTP/1.1 server on 127.0.0.1: a multipart upload of a file on disk with
//! the caller's file name and type, a raw binary body from a stream, and
//! downloads read into a file and whole.

use std::sync::{Arc, Mutex};

use files::runtime::{Bytes, Upload};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// What the server received: each request's head and body.
type Seen = Arc<Mutex<Vec<(String, Vec<u8>)>>>;

fn header(head: &str, name: &str) -> Option<String> {
    head.split("\r\n").skip(1).find_map(|line| {
        let (k, v) = line.split_once(':')?;
        k.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_string())
    })
}

/// A server answering each request with the next of `replies` (status,
/// content type, body), recording each request; bodies come by
/// `Content-Length` or chunked.
async fn serve(replies: Vec<(u16, &'static str, Vec<u8>)>) -> (String, Seen) {
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
            let mut chunk = [0u8; 65536];
            let (head, received) = loop {
                let n = stream.read(&mut chunk).await.unwrap_or(0);
                if n == 0 {
                    return;
                }
                buf.extend_from_slice(&chunk[..n]);
                let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
                    continue;
                };
                let head = String::from_utf8_lossy(&buf[..end]).into_owned();
                let rest = &buf[end + 4..];
                if let Some(length) = header(&head, "content-length") {
                    let length: usize = length.parse().expect("length");
                    if rest.len() >= length {
                        break (head, rest[..length].to_vec());
                    }
                } else if header(&head, "transfer-encoding").is_some() {
                    if rest.ends_with(b"0\r\n\r\n") {
                        break (head, dechunk(rest));
                    }
                } else {
                    break (head, Vec::new());
                }
            };
            record.lock().expect("lock").push((head, received));
            let head = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(&body).await;
            let _ = stream.shutdown().await;
        }
    });
    (url, seen)
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let at = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("size line");
        let size = usize::from_str_radix(std::str::from_utf8(&rest[..at]).expect("hex"), 16)
            .expect("size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&rest[at + 2..at + 2 + size]);
        rest = &rest[at + 2 + size + 2..];
    }
}

fn client(url: &str) -> files::Client {
    files::Client::builder()
        .base_url(url)
        .backoff(
            std::time::Duration::from_millis(1),
            std::time::Duration::from_millis(5),
        )
        .build()
        .expect("client")
}

const STORED: &str = r#"{"id":"file_1","filename":"notes.jsonl","bytes":11}"#;

#[tokio::test]
async fn a_file_from_disk_goes_with_the_callers_name_and_type() {
    let dir = std::env::temp_dir().join(format!("sdkgen-it-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("upload.bin");
    std::fs::write(&path, b"{\"a\": 1}\n").expect("write");
    let (url, seen) = serve(vec![(200, "application/json", STORED.as_bytes().to_vec())]).await;
    let body = files::models::UploadFileRequest {
        file: Upload::path(&path)
            .file_name("notes.jsonl")
            .content_type("application/jsonl"),
        purpose: "fine-tune".into(),
    };
    let stored = client(&url)
        .files()
        .upload_file(&body)
        .send()
        .await
        .expect("stored");
    assert_eq!(stored.id, "file_1");
    let seen = seen.lock().expect("lock").clone();
    let text = String::from_utf8_lossy(&seen[0].1).into_owned();
    assert!(
        text.contains(
            "name=\"file\"; filename=\"notes.jsonl\"\r\nContent-Type: application/jsonl\r\n\r\n{\"a\": 1}\n\r\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("name=\"purpose\"\r\n\r\nfine-tune\r\n"),
        "{text}"
    );
    assert_eq!(
        header(&seen[0].0, "content-length"),
        Some(seen[0].1.len().to_string())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_file_from_disk_is_read_again_for_a_retry() {
    let dir = std::env::temp_dir().join(format!("sdkgen-it-blob-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("blob.bin");
    let content: Vec<u8> = (0..150_000u32).map(|i| (i % 241) as u8).collect();
    std::fs::write(&path, &content).expect("write");
    let (url, seen) = serve(vec![
        (503, "application/json", b"{}".to_vec()),
        (201, "application/json", STORED.as_bytes().to_vec()),
    ])
    .await;
    client(&url)
        .blobs()
        .put_blob("b1", Upload::path(&path).content_type("image/png"))
        .send()
        .await
        .expect("stored after a retry");
    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 2, "the 503 was retried");
    assert_eq!(seen[0].1, content);
    assert_eq!(seen[1].1, content, "the file was read again");
    assert_eq!(
        header(&seen[1].0, "content-type").as_deref(),
        Some("image/png")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_stream_body_is_sent_once() {
    let (url, seen) = serve(vec![
        (503, "application/json", b"{}".to_vec()),
        (201, "application/json", STORED.as_bytes().to_vec()),
    ])
    .await;
    struct Two(u8);
    impl futures_core::Stream for Two {
        type Item = Result<Bytes, std::io::Error>;
        fn poll_next(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Self::Item>> {
            self.0 += 1;
            std::task::Poll::Ready(match self.0 {
                1 => Some(Ok(Bytes::from_static(b"part one, "))),
                2 => Some(Ok(Bytes::from_static(b"part two"))),
                _ => None,
            })
        }
    }
    let err = client(&url)
        .blobs()
        .put_blob("log", Upload::stream(Two(0)))
        .send()
        .await
        .expect_err("a stream is not sent twice");
    assert_eq!(err.status().map(|s| s.as_u16()), Some(503));
    assert_eq!(err.stop_reason().map(|r| r.as_str()), Some("not_retryable"));
    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].1, b"part one, part two");
    assert_eq!(
        header(&seen[0].0, "content-type").as_deref(),
        Some("application/octet-stream")
    );
}

#[tokio::test]
async fn downloads_are_read_into_a_file_or_whole() {
    let content: Vec<u8> = (0..200_000u32).map(|i| (i % 253) as u8).collect();
    let (url, seen) = serve(vec![
        (502, "application/json", b"{}".to_vec()),
        (200, "application/octet-stream", content.clone()),
        (200, "audio/mpeg", b"ID3-audio".to_vec()),
    ])
    .await;
    let client = client(&url);
    let response = client
        .files()
        .download_file("file_1")
        .send()
        .await
        .expect("opens after a retry");
    assert_eq!(response.attempts(), 2);
    assert_eq!(response.content_length(), Some(content.len() as u64));
    let dir = std::env::temp_dir().join(format!("sdkgen-it-dl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("file_1.bin");
    let written = response.write_to_file(&path).await.expect("written");
    assert_eq!(written, content.len() as u64);
    assert_eq!(std::fs::read(&path).expect("read"), content);

    let audio = client
        .speech()
        .read_aloud("hello")
        .send()
        .await
        .expect("opens");
    assert_eq!(audio.content_type(), Some("audio/mpeg"));
    assert_eq!(&audio.bytes().await.expect("whole")[..], b"ID3-audio");
    let seen = seen.lock().expect("lock").clone();
    assert!(
        seen[2].0.starts_with("GET /v1/speech?text=hello "),
        "{}",
        seen[2].0
    );
    let _ = std::fs::remove_dir_all(&dir);
}
