//! Files (CONTRACT.md section 13) against a server on 127.0.0.1: downloads
//! read whole, in chunks and into a file, retried only until the headers,
//! broken bodies reported with the bytes delivered; uploads from bytes, a
//! file on disk (sent again on a retry) and a stream (never sent twice).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use sdkgen_runtime::{
    Bytes, CallOptions, Config, Error, Method, Multipart, Operation, RandomSource, Request,
    RetryClass, Runtime, StopReason, StreamFailure, Upload,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the server does with the n-th request.
#[derive(Clone)]
enum Step {
    /// A whole response.
    Reply(u16, Vec<u8>),
    /// Declares `declared` bytes, sends `body`, then closes.
    Cut(usize, Vec<u8>),
    /// Sends `body` of a longer declared one, then sends nothing more.
    Stall(Vec<u8>),
}

/// One request as the server read it.
#[derive(Clone, Debug)]
struct Seen {
    head: String,
    body: Vec<u8>,
}

impl Seen {
    fn header(&self, name: &str) -> Option<String> {
        self.head.split("\r\n").skip(1).find_map(|line| {
            let (k, v) = line.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    }
}

struct Server {
    base: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Server {
    async fn start(script: Vec<Step>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let record = Arc::clone(&seen);
        tokio::spawn(async move {
            let mut index = 0;
            while let Ok((conn, _)) = listener.accept().await {
                let step = script
                    .get(index)
                    .cloned()
                    .unwrap_or(Step::Reply(500, b"no step left".to_vec()));
                index += 1;
                let record = Arc::clone(&record);
                tokio::spawn(async move {
                    let _ = serve(conn, step, record).await;
                });
            }
        });
        Server { base, seen }
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("lock").clone()
    }
}

async fn fill(conn: &mut TcpStream, buf: &mut Vec<u8>) -> std::io::Result<()> {
    let mut piece = [0u8; 65536];
    let n = conn.read(&mut piece).await?;
    if n == 0 {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    buf.extend_from_slice(&piece[..n]);
    Ok(())
}

/// Reads one request: its head, and its body by `Content-Length` or chunked.
async fn read_request(conn: &mut TcpStream) -> std::io::Result<Seen> {
    let mut buf = Vec::new();
    let end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        fill(conn, &mut buf).await?;
    };
    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
    let mut rest = buf.split_off(end + 4);
    let seen = Seen {
        head,
        body: Vec::new(),
    };
    let mut body = Vec::new();
    if let Some(length) = seen.header("content-length") {
        let length: usize = length.parse().expect("length");
        while rest.len() < length {
            fill(conn, &mut rest).await?;
        }
        body = rest;
    } else if seen.header("transfer-encoding").as_deref() == Some("chunked") {
        loop {
            let line_end = loop {
                if let Some(at) = rest.windows(2).position(|w| w == b"\r\n") {
                    break at;
                }
                fill(conn, &mut rest).await?;
            };
            let size = usize::from_str_radix(String::from_utf8_lossy(&rest[..line_end]).trim(), 16)
                .expect("chunk size");
            while rest.len() < line_end + 2 + size + 2 {
                fill(conn, &mut rest).await?;
            }
            body.extend_from_slice(&rest[line_end + 2..line_end + 2 + size]);
            rest.drain(..line_end + 2 + size + 2);
            if size == 0 {
                break;
            }
        }
    }
    Ok(Seen { body, ..seen })
}

async fn serve(
    mut conn: TcpStream,
    step: Step,
    record: Arc<Mutex<Vec<Seen>>>,
) -> std::io::Result<()> {
    let seen = read_request(&mut conn).await?;
    record.lock().expect("lock").push(seen);
    let (status, declared, body, stall) = match step {
        Step::Reply(status, body) => (status, body.len(), body, false),
        Step::Cut(declared, body) => (200, declared, body, false),
        Step::Stall(body) => (200, body.len() + 10, body, true),
    };
    let head = format!(
        "HTTP/1.1 {status} Status\r\nContent-Type: application/octet-stream\r\n\
         Content-Length: {declared}\r\nX-Request-Id: req_7\r\nConnection: close\r\n\r\n"
    );
    conn.write_all(head.as_bytes()).await?;
    conn.write_all(&body).await?;
    conn.flush().await?;
    if stall {
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    Ok(())
}

struct Zero;

impl RandomSource for Zero {
    fn next_f64(&self) -> f64 {
        0.0
    }
}

fn runtime(config: Config) -> Runtime {
    Runtime::new(config.with_base(Duration::from_millis(1)))
        .expect("runtime")
        .with_random(Arc::new(Zero))
}

fn get() -> (Operation, Request) {
    (
        Operation::new("downloadFile", Method::GET, RetryClass::Safe),
        Request::new(Method::GET, "/files/f/content"),
    )
}

/// Bytes that tell where they are in the body.
fn pattern(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

#[tokio::test]
async fn a_download_is_read_in_chunks_or_whole_after_a_retry_before_the_headers() {
    let body = pattern(1 << 20);
    let server = Server::start(vec![
        Step::Reply(503, b"busy".to_vec()),
        Step::Reply(200, body.clone()),
        Step::Reply(200, body.clone()),
    ])
    .await;
    let rt = runtime(Config::new(&server.base));
    let (op, request) = get();
    let mut response = rt
        .download(&op, request.clone(), CallOptions::new())
        .await
        .expect("opens");
    assert_eq!(response.attempts(), 2, "the 503 was retried");
    assert_eq!(response.content_length(), Some(body.len() as u64));
    assert_eq!(response.content_type(), Some("application/octet-stream"));
    assert_eq!(response.request_id(), Some("req_7"));
    let mut got = Vec::new();
    let mut chunks = 0;
    while let Some(chunk) = response.chunk().await.expect("a chunk") {
        got.extend_from_slice(&chunk);
        chunks += 1;
    }
    assert_eq!(got, body);
    assert!(chunks > 1, "a megabyte comes in more than one chunk");
    assert!(response.is_closed(), "the end of the body closes it");

    let whole = rt
        .download(&op, request, CallOptions::new())
        .await
        .expect("opens")
        .bytes()
        .await
        .expect("the body");
    assert_eq!(whole, Bytes::from(body));
}

#[tokio::test]
async fn a_whole_read_keeps_the_response_limit_and_says_what_to_do() {
    let server = Server::start(vec![Step::Reply(200, pattern(4096))]).await;
    let rt = runtime(Config::new(&server.base).with_max_response_bytes(1000));
    let (op, request) = get();
    let err = rt
        .download(&op, request, CallOptions::new())
        .await
        .expect("opens: the limit bounds whole reads only")
        .bytes()
        .await
        .expect_err("too large");
    let Error::Stream(s) = &err else {
        panic!("{err}")
    };
    assert_eq!(s.reason, StreamFailure::TooLarge);
    assert_eq!(err.stop_reason(), Some(StopReason::NotRetryable));
    assert!(err.to_string().contains("write_to_file()"), "{err}");
}

#[tokio::test]
async fn a_download_written_to_a_file_and_one_cut_off_leaves_no_file() {
    let body = pattern(300_000);
    let server = Server::start(vec![
        Step::Reply(200, body.clone()),
        Step::Cut(1_000_000, body.clone()),
    ])
    .await;
    let rt = runtime(Config::new(&server.base));
    let dir = std::env::temp_dir().join(format!("sdkgen-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let (op, request) = get();

    let path = dir.join("whole.bin");
    let written = rt
        .download(&op, request.clone(), CallOptions::new())
        .await
        .expect("opens")
        .write_to_file(&path)
        .await
        .expect("written");
    assert_eq!(written, body.len() as u64);
    assert_eq!(std::fs::read(&path).expect("the file"), body);

    let cut = dir.join("cut.bin");
    let err = rt
        .download(&op, request, CallOptions::new())
        .await
        .expect("opens")
        .write_to_file(&cut)
        .await
        .expect_err("cut off");
    let Error::Stream(s) = &err else {
        panic!("{err}")
    };
    assert_eq!(s.reason, StreamFailure::ConnectionLost);
    assert_eq!(s.bytes_delivered, Some(body.len() as u64));
    assert!(!cut.exists(), "the partial file was removed");
    assert!(err.to_string().contains("byte(s) delivered"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_stalled_download_ends_at_the_idle_timeout() {
    let server = Server::start(vec![Step::Stall(pattern(100))]).await;
    let rt = runtime(Config::new(&server.base));
    let (op, request) = get();
    let mut response = rt
        .download(&op, request, CallOptions::new())
        .await
        .expect("opens")
        .with_idle_timeout(Duration::from_millis(200));
    let first = response.chunk().await.expect("the first bytes");
    assert_eq!(first.map(|c| c.len()), Some(100));
    let err = response.chunk().await.expect_err("idle");
    let Error::Stream(s) = &err else {
        panic!("{err}")
    };
    assert_eq!(s.reason, StreamFailure::IdleTimeout);
    assert_eq!(s.bytes_delivered, Some(100));
    assert!(response.chunk().await.expect("closed").is_none());
}

fn upload_op() -> Operation {
    Operation::new("uploadFile", Method::PUT, RetryClass::Idempotent)
}

#[tokio::test]
async fn a_file_from_disk_is_streamed_and_sent_again_on_a_retry() {
    let content = pattern(200_000);
    let dir = std::env::temp_dir().join(format!("sdkgen-upload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("report.pdf");
    std::fs::write(&path, &content).expect("write");
    let server = Server::start(vec![
        Step::Reply(503, b"busy".to_vec()),
        Step::Reply(200, b"{}".to_vec()),
    ])
    .await;
    let rt = runtime(Config::new(&server.base));
    let mut form = Multipart::with_boundary("b0");
    form.upload("file", None, &Upload::path(&path));
    form.upload(
        "thumb",
        Some("image/png, image/*"),
        &Upload::bytes(b"PNG".to_vec()).file_name("t.png"),
    );
    form.value("purpose", &serde_json::json!("assistants"), None)
        .expect("a text part");
    let request = Request::new(Method::PUT, "/files").with_body(form.into_body().expect("body"));
    rt.execute(&upload_op(), request, CallOptions::new())
        .await
        .expect("the retry succeeds");
    let seen = server.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].body, seen[1].body, "the retry sent the same bytes");
    let mut expected = b"--b0\r\nContent-Disposition: form-data; name=\"file\"; filename=\"report.pdf\"\r\nContent-Type: application/octet-stream\r\n\r\n".to_vec();
    expected.extend_from_slice(&content);
    expected.extend_from_slice(b"\r\n--b0\r\nContent-Disposition: form-data; name=\"thumb\"; filename=\"t.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b0\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nassistants\r\n--b0--\r\n");
    assert_eq!(seen[1].body, expected);
    assert_eq!(
        seen[1].header("content-length"),
        Some(expected.len().to_string()),
        "every size is known: the length is sent"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_stream_is_sent_chunked_and_never_twice() {
    let chunks: Vec<Result<Bytes, std::io::Error>> = vec![
        Ok(Bytes::from_static(b"first ")),
        Ok(Bytes::from_static(b"second")),
    ];
    let server = Server::start(vec![
        Step::Reply(503, b"busy".to_vec()),
        Step::Reply(200, b"{}".to_vec()),
    ])
    .await;
    let rt = runtime(Config::new(&server.base));
    let upload = Upload::stream(tokio_stream_of(chunks)).content_type("text/csv");
    let request = Request::new(Method::PUT, "/blobs/b")
        .upload(&upload, "application/octet-stream")
        .expect("a body");
    let err = rt
        .execute(&upload_op(), request, CallOptions::new())
        .await
        .expect_err("the 503 is not retried");
    assert_eq!(err.stop_reason(), Some(StopReason::NotRetryable));
    assert_eq!(err.status().map(|s| s.as_u16()), Some(503));
    let seen = server.seen();
    assert_eq!(seen.len(), 1, "one attempt");
    assert_eq!(seen[0].body, b"first second");
    assert_eq!(seen[0].header("content-type").as_deref(), Some("text/csv"));
    assert_eq!(
        seen[0].header("transfer-encoding").as_deref(),
        Some("chunked")
    );
    assert_eq!(seen[0].header("content-length"), None);
}

#[tokio::test]
async fn a_missing_file_fails_before_anything_is_sent() {
    let server = Server::start(vec![]).await;
    let rt = runtime(Config::new(&server.base));
    let request = Request::new(Method::PUT, "/blobs/b")
        .upload(
            &Upload::path("/nonexistent/sdkgen/file.bin"),
            "application/octet-stream",
        )
        .expect("a body");
    let err = rt
        .execute(&upload_op(), request, CallOptions::new())
        .await
        .expect_err("no file");
    assert_eq!(err.kind(), "build");
    assert!(err.to_string().contains("file.bin"), "{err}");
    assert!(server.seen().is_empty());
}

/// A stream of the given items, polled one at a time.
fn tokio_stream_of<T: Send + Unpin + 'static>(
    items: Vec<T>,
) -> impl futures_core::Stream<Item = T> + Send + 'static {
    struct Items<T>(std::collections::VecDeque<T>);
    impl<T: Unpin> futures_core::Stream for Items<T> {
        type Item = T;
        fn poll_next(
            mut self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<T>> {
            std::task::Poll::Ready(self.0.pop_front())
        }
    }
    Items(items.into())
}
