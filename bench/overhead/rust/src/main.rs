//! The overhead benchmark, Rust side: the generated payments SDK against a
//! bare `reqwest::Client` making the same request to the same local server.
//!
//! For each operation, after a warm-up of both sides, it runs blocks of
//! sequential calls alternately with the SDK and with the bare client (SDK
//! block, bare block, SDK block, ...), times every call on its own, and
//! prints one tab-separated line on stdout:
//!
//! `row  rust  sdkgen  <operation>  <get|post>  <SDK median µs>  reqwest  <bare median µs>  <ratio>  <pair p25>  <pair p75>  target  -  <pair median>`
//!
//! where the pair quartiles are those of the per-pair ratios (an SDK block's
//! median over the next bare block's median): a measure of how steady the
//! ratio was during the run. Details go to stderr.
//!
//! Settings, from the environment (`run` sets them):
//! `OVERHEAD_BASE_URL` (required, e.g. `http://127.0.0.1:PORT/v2`),
//! `OVERHEAD_TOKEN` (required), `OVERHEAD_CALLS` (timed calls per side and
//! operation, default 2000), `OVERHEAD_WARMUP` (untimed calls per side first,
//! default 200), `OVERHEAD_BLOCK` (calls per block, default 100).
//!
//! `OVERHEAD_SIDE=sdk` or `OVERHEAD_SIDE=bare` (not set by `run`) makes
//! `OVERHEAD_CALLS` untimed calls of each operation (or only of
//! `OVERHEAD_OPERATION`, `getTransfer` or `createTransfer`) with that side
//! only and prints no row: for a profiler, e.g. `valgrind --tool=callgrind` run twice
//! with different call counts, the difference divided by the difference in
//! calls being one side's instructions per call, whatever the machine's load.

use std::future::Future;
use std::process::ExitCode;
use std::time::Instant;

use payments::models::{CreateTransfer, Transfer};
use reqwest::header::{HeaderMap, HeaderValue, AUTHORIZATION, CONTENT_TYPE, USER_AGENT};
use reqwest::StatusCode;

/// The id the server's fixed Transfer carries.
const TRANSFER_ID: &str = "tr_1NqF8a2eZvKYlo2C";

struct Settings {
    base_url: String,
    token: String,
    calls: usize,
    warmup: usize,
    block: usize,
    side: Option<Side>,
    get: bool,
    create: bool,
}

/// The one side a profiling run makes calls with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Sdk,
    Bare,
}

fn env_count(name: &str, default: usize) -> Result<usize, String> {
    match std::env::var(name) {
        Ok(text) => match text.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!(
                "{name} must be a positive whole number, got {text:?}"
            )),
        },
        Err(_) => Ok(default),
    }
}

fn settings() -> Result<Settings, String> {
    let required = |name: &str| {
        std::env::var(name).map_err(|_| format!("{name} is not set (bench/overhead/run sets it)"))
    };
    let operation = std::env::var("OVERHEAD_OPERATION").ok();
    if let Some(op) = operation.as_deref() {
        if op != "getTransfer" && op != "createTransfer" {
            return Err(format!(
                "OVERHEAD_OPERATION must be getTransfer or createTransfer, got {op:?}"
            ));
        }
    }
    Ok(Settings {
        base_url: required("OVERHEAD_BASE_URL")?,
        token: required("OVERHEAD_TOKEN")?,
        calls: env_count("OVERHEAD_CALLS", 2000)?,
        warmup: env_count("OVERHEAD_WARMUP", 200)?,
        block: env_count("OVERHEAD_BLOCK", 100)?,
        side: match std::env::var("OVERHEAD_SIDE").as_deref() {
            Err(_) => None,
            Ok("sdk") => Some(Side::Sdk),
            Ok("bare") => Some(Side::Bare),
            Ok(other) => return Err(format!("OVERHEAD_SIDE must be sdk or bare, got {other:?}")),
        },
        get: operation.as_deref().is_none_or(|op| op == "getTransfer"),
        create: operation.as_deref().is_none_or(|op| op == "createTransfer"),
    })
}

/// The body both sides send to createTransfer.
fn create_body() -> CreateTransfer {
    CreateTransfer {
        amount: 1250,
        currency: "eur".to_string(),
        vendor_id: "acme-supplies".to_string(),
        description: Some(Some("Invoice 2024-0042".to_string())),
        metadata: None,
    }
}

fn check(transfer: &Transfer) -> Result<(), String> {
    if transfer.id == TRANSFER_ID {
        Ok(())
    } else {
        Err(format!("unexpected transfer id {:?}", transfer.id))
    }
}

// -- the SDK side -------------------------------------------------------------

async fn sdk_get(client: &payments::Client) -> Result<(), String> {
    let transfer = client
        .transfers()
        .get_transfer(TRANSFER_ID)
        .send()
        .await
        .map_err(|e| format!("SDK getTransfer: {e}"))?;
    check(&transfer)
}

async fn sdk_create(client: &payments::Client, body: &CreateTransfer) -> Result<(), String> {
    let transfer = client
        .transfers()
        .create_transfer(body)
        .send()
        .await
        .map_err(|e| format!("SDK createTransfer: {e}"))?;
    check(&transfer)
}

// -- the bare side ------------------------------------------------------------
//
// What a careful hand-written client does: one reqwest::Client whose default
// headers carry what the SDK sends on every call (User-Agent, the bearer
// token, the time-left header with the SDK's default 60 s), the URL formatted
// per call, the status checked, the body read and decoded into the same
// struct. createTransfer serialises the same struct and sends a fresh UUID v4
// key, as the SDK does; the bare side has no deadline, attempt timeout, retry
// loop or budget: those are what the SDK adds, and what is measured.

fn bare_client(token: &str) -> Result<reqwest::Client, String> {
    let mut headers = HeaderMap::new();
    let mut authorization = HeaderValue::from_str(&format!("Bearer {token}"))
        .map_err(|_| "the token is not a valid header value".to_string())?;
    authorization.set_sensitive(true);
    headers.insert(AUTHORIZATION, authorization);
    headers.insert(USER_AGENT, HeaderValue::from_static("payments/2.3.0"));
    headers.insert("request-timeout-ms", HeaderValue::from_static("60000"));
    reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .map_err(|e| format!("cannot build the bare reqwest client: {e}"))
}

async fn bare_get(http: &reqwest::Client, base_url: &str) -> Result<(), String> {
    let response = http
        .get(format!("{base_url}/transfers/{TRANSFER_ID}"))
        .send()
        .await
        .map_err(|e| format!("bare getTransfer: {e}"))?;
    if response.status() != StatusCode::OK {
        return Err(format!("bare getTransfer: HTTP {}", response.status()));
    }
    let bytes = response
        .bytes()
        .await
        .map_err(|e| format!("bare getTransfer: {e}"))?;
    let transfer: Transfer =
        serde_json::from_slice(&bytes).map_err(|e| format!("bare getTransfer: {e}"))?;
    check(&transfer)
}

async fn bare_create(
    http: &reqwest::Client,
    base_url: &str,
    body: &CreateTransfer,
) -> Result<(), String> {
    let bytes = serde_json::to_vec(body).map_err(|e| format!("bare createTransfer: {e}"))?;
    let response = http
        .post(format!("{base_url}/transfers"))
        .header(CONTENT_TYPE, HeaderValue::from_static("application/json"))
        .header("idempotency-key", uuid::Uuid::new_v4().to_string())
        .body(bytes)
        .send()
        .await
        .map_err(|e| format!("bare createTransfer: {e}"))?;
    if response.status() != StatusCode::CREATED {
        return Err(format!("bare createTransfer: HTTP {}", response.status()));
    }
    let bytes = response
        .bytes()
        .await
        .map_err(|e| format!("bare createTransfer: {e}"))?;
    let transfer: Transfer =
        serde_json::from_slice(&bytes).map_err(|e| format!("bare createTransfer: {e}"))?;
    check(&transfer)
}

// -- measuring ----------------------------------------------------------------

/// Nanoseconds per call of each side, in the order they ran.
struct Samples {
    sdk: Vec<u64>,
    bare: Vec<u64>,
    block: usize,
}

fn median(values: &[u64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        sorted[n / 2] as f64
    } else {
        (sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0
    }
}

fn quantile(values: &[f64], q: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    if sorted.is_empty() {
        return f64::NAN;
    }
    let position = q * (sorted.len() - 1) as f64;
    let low = position.floor() as usize;
    let high = position.ceil() as usize;
    sorted[low] + (sorted[high] - sorted[low]) * (position - low as f64)
}

async fn timed_block<F, Fut>(calls: usize, call: &mut F, into: &mut Vec<u64>) -> Result<(), String>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<(), String>>,
{
    for _ in 0..calls {
        let started = Instant::now();
        call().await?;
        into.push(u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX));
    }
    Ok(())
}

/// Warm-up, then SDK and bare blocks alternately until each side has made
/// `calls` timed calls.
async fn compare<S, SF, B, BF>(
    settings: &Settings,
    mut sdk: S,
    mut bare: B,
) -> Result<Samples, String>
where
    S: FnMut() -> SF,
    SF: Future<Output = Result<(), String>>,
    B: FnMut() -> BF,
    BF: Future<Output = Result<(), String>>,
{
    for _ in 0..settings.warmup {
        sdk().await?;
        bare().await?;
    }
    let mut samples = Samples {
        sdk: Vec::with_capacity(settings.calls),
        bare: Vec::with_capacity(settings.calls),
        block: settings.block,
    };
    while samples.bare.len() < settings.calls {
        let n = settings.block.min(settings.calls - samples.sdk.len());
        timed_block(n, &mut sdk, &mut samples.sdk).await?;
        timed_block(n, &mut bare, &mut samples.bare).await?;
    }
    Ok(samples)
}

fn report(operation: &str, samples: &Samples) {
    let sdk = median(&samples.sdk) / 1000.0;
    let bare = median(&samples.bare) / 1000.0;
    let pairs: Vec<f64> = samples
        .sdk
        .chunks(samples.block)
        .zip(samples.bare.chunks(samples.block))
        .map(|(s, b)| median(s) / median(b))
        .collect();
    let to_us = |v: &[u64]| v.iter().map(|&ns| ns as f64 / 1000.0).collect::<Vec<_>>();
    let (sdk_us, bare_us) = (to_us(&samples.sdk), to_us(&samples.bare));
    eprintln!(
        "rust {operation}: SDK p10/p50/p90 {:.1}/{:.1}/{:.1} µs, bare {:.1}/{:.1}/{:.1} µs, {} calls a side in {} pairs of blocks",
        quantile(&sdk_us, 0.1),
        sdk,
        quantile(&sdk_us, 0.9),
        quantile(&bare_us, 0.1),
        bare,
        quantile(&bare_us, 0.9),
        samples.sdk.len(),
        pairs.len(),
    );
    // The row format `run` reads (see there): language, client, call, kind of
    // call, its µs, baseline, the baseline's µs, ratio, pair p25, p75, role,
    // CPU ratio (not measured here: "-"), pair median.
    let kind = if operation == "getTransfer" {
        "get"
    } else {
        "post"
    };
    println!(
        "row\trust\tsdkgen\t{operation}\t{kind}\t{sdk:.1}\treqwest\t{bare:.1}\t{:.3}\t{:.3}\t{:.3}\ttarget\t-\t{:.3}",
        sdk / bare,
        quantile(&pairs, 0.25),
        quantile(&pairs, 0.75),
        quantile(&pairs, 0.5),
    );
}

async fn run(settings: Settings) -> Result<(), String> {
    let client = payments::Client::builder()
        .base_url(settings.base_url.as_str())
        .bearer_token(settings.token.as_str())
        .build()
        .map_err(|e| format!("cannot build the SDK client: {e}"))?;
    let http = bare_client(&settings.token)?;
    let base_url = settings.base_url.trim_end_matches('/').to_string();
    let body = create_body();

    // One call with the response, to prove the happy path: one attempt.
    let first = client
        .transfers()
        .get_transfer(TRANSFER_ID)
        .send_with_response()
        .await
        .map_err(|e| format!("SDK getTransfer: {e}"))?;
    if first.attempts != 1 {
        return Err(format!(
            "SDK getTransfer made {} attempts, not 1",
            first.attempts
        ));
    }

    match settings.side {
        Some(Side::Sdk) => {
            for _ in 0..settings.calls {
                if settings.get {
                    sdk_get(&client).await?;
                }
                if settings.create {
                    sdk_create(&client, &body).await?;
                }
            }
            return Ok(());
        }
        Some(Side::Bare) => {
            for _ in 0..settings.calls {
                if settings.get {
                    bare_get(&http, &base_url).await?;
                }
                if settings.create {
                    bare_create(&http, &base_url, &body).await?;
                }
            }
            return Ok(());
        }
        None => {}
    }

    let samples = compare(
        &settings,
        || sdk_get(&client),
        || bare_get(&http, &base_url),
    )
    .await?;
    report("getTransfer", &samples);
    let samples = compare(
        &settings,
        || sdk_create(&client, &body),
        || bare_create(&http, &base_url, &body),
    )
    .await?;
    report("createTransfer", &samples);
    Ok(())
}

fn main() -> ExitCode {
    let settings = match settings() {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("overhead-rust: {message}");
            return ExitCode::from(2);
        }
    };
    // One thread: the calls are sequential, and `run` pins this process to
    // one core, the server to the other.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("overhead-rust: cannot start tokio: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("overhead-rust: {message}");
            ExitCode::FAILURE
        }
    }
}
