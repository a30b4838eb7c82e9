//! The overhead benchmark's server.
//!
//! One HTTP/1.1 server on 127.0.0.1 (a free port, written to `--port-file`)
//! with keep-alive on, serving the payments API's two benchmarked routes:
//!
//! - `GET /v2/transfers/{id}`: 200 with a fixed, small `Transfer` body;
//! - `POST /v2/transfers`: reads the JSON body, then 201 with the same body;
//!
//! and, for the peer rows (the OpenAI SDKs against their own bare clients),
//! two small calls of OpenAI's API:
//!
//! - `GET /v1/models/{id}` (`models.retrieve`): 200 with a fixed `Model`;
//! - `POST /v1/chat/completions` (`chat.completions.create`, not streamed):
//!   reads the JSON body, then 200 with a fixed, small `ChatCompletion`.
//!
//! Every answer is prepared once at start-up and cloned per request (a
//! reference count, no copy), so the server does the same small, constant
//! work for every client: the SDKs and the bare clients alike. A request
//! without `Authorization: Bearer <token>` gets 401, and a POST without a
//! JSON body or an `Idempotency-Key` gets 400, so a client that does not send
//! what the SDK sends fails loudly instead of being measured (the OpenAI POST
//! needs the token and a JSON body; the OpenAI SDKs send no key).
//!
//! It runs on one thread (a current-thread tokio runtime) so that `run` can
//! pin it to one core, and it stops by itself after `--max-seconds` (default
//! 600) whatever happens to its parent, or at once on SIGTERM or SIGINT.

use std::convert::Infallible;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::{HeaderValue, AUTHORIZATION, CONTENT_TYPE};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio::signal::unix::{signal, SignalKind};

/// The base path of the API on this server (the SDKs' base URL ends with it).
const BASE_PATH: &str = "/v2";

/// The base path of the OpenAI routes (the OpenAI SDKs' base URL ends with it).
const OPENAI_BASE_PATH: &str = "/v1";

/// The `Transfer` every call gets back: the spec's example, 221 bytes.
const TRANSFER: &[u8] = br#"{"id":"tr_1NqF8a2eZvKYlo2C","object":"transfer","amount":1250,"currency":"eur","vendor_id":"acme-supplies","status":"paid","created":"2024-05-14T09:30:00Z","description":"Invoice 2024-0042","metadata":{"order_id":"6735"}}"#;

/// The `Model` every `GET /v1/models/{id}` gets back, 78 bytes.
const MODEL: &[u8] =
    br#"{"id":"gpt-4o-mini","object":"model","created":1721172741,"owned_by":"system"}"#;

/// The `ChatCompletion` every `POST /v1/chat/completions` gets back: one
/// choice of a few words and its usage, as OpenAI answers a small request.
const CHAT_COMPLETION: &[u8] = br#"{"id":"chatcmpl-overhead","object":"chat.completion","created":1721172741,"model":"gpt-4o-mini","choices":[{"index":0,"message":{"role":"assistant","content":"Paid.","refusal":null},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":2,"total_tokens":14},"system_fingerprint":"fp_overhead"}"#;

struct Settings {
    port_file: String,
    token: String,
    max_seconds: u64,
}

fn usage() -> String {
    "usage: overhead-server --port-file PATH --token TOKEN [--max-seconds N]".to_string()
}

fn parse_args() -> Result<Settings, String> {
    let mut port_file = None;
    let mut token = None;
    let mut max_seconds = 600;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{arg} needs a value\n{}", usage()))
        };
        match arg.as_str() {
            "--port-file" => port_file = Some(value()?),
            "--token" => token = Some(value()?),
            "--max-seconds" => {
                max_seconds = value()?
                    .parse()
                    .map_err(|_| format!("--max-seconds needs a whole number\n{}", usage()))?;
            }
            _ => return Err(format!("unknown argument {arg:?}\n{}", usage())),
        }
    }
    Ok(Settings {
        port_file: port_file.ok_or_else(usage)?,
        token: token.ok_or_else(usage)?,
        max_seconds,
    })
}

/// What every handler shares: the expected credentials and the prepared bodies.
struct Answers {
    authorization: HeaderValue,
    transfer: Bytes,
    model: Bytes,
    chat_completion: Bytes,
    unauthorized: Bytes,
    bad_request: Bytes,
    not_found: Bytes,
}

fn respond(status: StatusCode, body: &Bytes) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body.clone()));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Route {
    GetTransfer,
    CreateTransfer,
    RetrieveModel,
    CreateChatCompletion,
    Unknown,
}

fn route(method: &Method, path: &str) -> Route {
    if let Some(rest) = path.strip_prefix(OPENAI_BASE_PATH) {
        if method == Method::POST && rest == "/chat/completions" {
            return Route::CreateChatCompletion;
        }
        return match rest.strip_prefix("/models/") {
            Some(id) if method == Method::GET && !id.is_empty() && !id.contains('/') => {
                Route::RetrieveModel
            }
            _ => Route::Unknown,
        };
    }
    let Some(rest) = path.strip_prefix(BASE_PATH) else {
        return Route::Unknown;
    };
    if method == Method::POST && rest == "/transfers" {
        return Route::CreateTransfer;
    }
    match rest.strip_prefix("/transfers/") {
        Some(id) if method == Method::GET && !id.is_empty() && !id.contains('/') => {
            Route::GetTransfer
        }
        _ => Route::Unknown,
    }
}

async fn handle(
    request: Request<Incoming>,
    answers: Arc<Answers>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let route = route(request.method(), request.uri().path());
    let authorized = request.headers().get(AUTHORIZATION) == Some(&answers.authorization);
    let json_body = request
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let keyed = request.headers().contains_key("idempotency-key");
    // Read the whole body whatever the route, so the connection stays usable.
    let body = match request.into_body().collect().await {
        Ok(collected) => collected.to_bytes(),
        Err(_) => return Ok(respond(StatusCode::BAD_REQUEST, &answers.bad_request)),
    };
    Ok(match route {
        Route::Unknown => respond(StatusCode::NOT_FOUND, &answers.not_found),
        _ if !authorized => respond(StatusCode::UNAUTHORIZED, &answers.unauthorized),
        Route::GetTransfer => respond(StatusCode::OK, &answers.transfer),
        Route::CreateTransfer if json_body && keyed && body.first() == Some(&b'{') => {
            respond(StatusCode::CREATED, &answers.transfer)
        }
        Route::CreateTransfer => respond(StatusCode::BAD_REQUEST, &answers.bad_request),
        Route::RetrieveModel => respond(StatusCode::OK, &answers.model),
        Route::CreateChatCompletion if json_body && body.first() == Some(&b'{') => {
            respond(StatusCode::OK, &answers.chat_completion)
        }
        Route::CreateChatCompletion => respond(StatusCode::BAD_REQUEST, &answers.bad_request),
    })
}

async fn serve(settings: Settings) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .await
        .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
    let port = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?
        .port();
    // Written whole, then renamed, so a reader never sees half a number.
    let partial = format!("{}.partial", settings.port_file);
    std::fs::write(&partial, format!("{port}\n"))
        .and_then(|()| std::fs::rename(&partial, &settings.port_file))
        .map_err(|e| format!("cannot write {}: {e}", settings.port_file))?;

    let authorization = HeaderValue::from_str(&format!("Bearer {}", settings.token))
        .map_err(|_| "the token is not a valid header value".to_string())?;
    let error = |code: &str, message: &str| {
        Bytes::from(format!(r#"{{"code":"{code}","message":"{message}"}}"#))
    };
    let answers = Arc::new(Answers {
        authorization,
        transfer: Bytes::from_static(TRANSFER),
        model: Bytes::from_static(MODEL),
        chat_completion: Bytes::from_static(CHAT_COMPLETION),
        unauthorized: error("unauthorized", "missing or wrong bearer token"),
        bad_request: error(
            "bad_request",
            "a JSON body and an Idempotency-Key are required",
        ),
        not_found: error("not_found", "no such route on the overhead server"),
    });

    let mut terminate =
        signal(SignalKind::terminate()).map_err(|e| format!("cannot catch SIGTERM: {e}"))?;
    let mut interrupt =
        signal(SignalKind::interrupt()).map_err(|e| format!("cannot catch SIGINT: {e}"))?;
    let lifetime = tokio::time::sleep(Duration::from_secs(settings.max_seconds));
    tokio::pin!(lifetime);
    eprintln!("overhead-server: listening on 127.0.0.1:{port}");
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, _) = match accepted {
                    Ok(pair) => pair,
                    Err(e) => {
                        eprintln!("overhead-server: accept failed: {e}");
                        continue;
                    }
                };
                // Small request, small answer: no Nagle delay on either side.
                let _ = stream.set_nodelay(true);
                let answers = answers.clone();
                tokio::spawn(async move {
                    let service = service_fn(move |request| handle(request, answers.clone()));
                    let connection = http1::Builder::new()
                        .keep_alive(true)
                        .serve_connection(TokioIo::new(stream), service);
                    // A client closing its pooled connection at exit is normal.
                    let _ = connection.await;
                });
            }
            () = &mut lifetime => {
                eprintln!("overhead-server: stopping after {} s (--max-seconds)", settings.max_seconds);
                break;
            }
            _ = terminate.recv() => break,
            _ = interrupt.recv() => break,
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let settings = match parse_args() {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("overhead-server: cannot start tokio: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("overhead-server: {message}");
            ExitCode::FAILURE
        }
    }
}
