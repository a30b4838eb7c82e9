//! The Rust driver of bench/files: one download of file `big` written to a
//! file, or one upload of a file from disk, through the SDK of
//! generator/tests/fixtures/files.yaml; prints one JSON line with the
//! process's memory before the call and its peak during it.
//!
//! Usage: rust_driver --base-url URL (--out PATH | --upload PATH | --whole)
//!
//! `--whole` reads the download whole instead (the limit on whole reads
//! raised past it): the control row, which shows the measure sees a body
//! held in memory.

use files::runtime::{Config, Runtime, Upload};

/// A `kB` field of /proc/self/status.
fn status_kb(field: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let base = value("--base-url").expect("--base-url");
    let whole = args.iter().any(|a| a == "--whole");
    let client = if whole {
        let config = Config::new(base.as_str()).with_max_response_bytes(1 << 30);
        files::Client::from_runtime(Runtime::new(config).expect("runtime"))
    } else {
        files::Client::builder()
            .base_url(base)
            .build()
            .expect("client")
    };
    // A first small call: what the client costs once is not the big call's.
    let warm = client
        .files()
        .download_file("small")
        .send()
        .await
        .expect("opens");
    warm.bytes().await.expect("the small body");
    // The peak so far is set back to what the process holds now (Linux 4.0+).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = status_kb("VmRSS:");
    let (op, bytes) = if whole {
        let body = client
            .files()
            .download_file("big")
            .send()
            .await
            .expect("opens")
            .bytes()
            .await
            .expect("the body");
        ("whole", body.len() as u64)
    } else if let Some(out) = value("--out") {
        let response = client
            .files()
            .download_file("big")
            .send()
            .await
            .expect("opens");
        let written = response.write_to_file(&out).await.expect("written");
        ("download", written)
    } else {
        let path = value("--upload").expect("--out or --upload");
        let size = std::fs::metadata(&path).expect("the file").len();
        let body = files::models::UploadFileRequest {
            file: Upload::path(&path),
            purpose: "bench".into(),
        };
        let stored = client
            .files()
            .upload_file(&body)
            .send()
            .await
            .expect("uploaded");
        assert!(stored.bytes >= size as i64, "the server got the whole file");
        ("upload", size)
    };
    let peak = status_kb("VmHWM:");
    println!(
        "{{\"lang\":\"rust\",\"op\":\"{op}\",\"bytes\":{bytes},\"rss_before_kb\":{before},\"peak_kb\":{peak},\"extra_mb\":{:.1}}}",
        peak.saturating_sub(before) as f64 / 1024.0
    );
}
