//! The Rust driver of the wire suite's Tic Tac Toe calls: every call of
//! tictactoe.calls.json, made through the Rust SDK generated from
//! the corpus's tictactoe.yaml, one fresh client per call. The driver protocol is the
//! equivalence test's (tests_generated/equivalence/README.md); this file
//! repeats its argument parsing and outcome lines.
//!
//! Usage: wire-tictactoe-driver --calls CALLS.json [--control URL]
//!        [--base-url URL] [--token TOKEN] [--only NAME,NAME]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;

use serde_json::{json, Value};
use tic_tac_toe::{models, ApiResponse, Client, Error};

struct Args {
    calls: String,
    control: Option<String>,
    base_url: Option<String>,
    token: String,
    only: Option<Vec<String>>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        calls: String::new(),
        control: None,
        base_url: None,
        token: "eqv-token".to_string(),
        only: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--calls" => args.calls = value()?,
            "--control" => args.control = Some(value()?),
            "--base-url" => args.base_url = Some(value()?),
            "--token" => args.token = value()?,
            "--only" => args.only = Some(value()?.split(',').map(str::to_string).collect()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if args.calls.is_empty() {
        return Err("--calls CALLS.json is required".to_string());
    }
    Ok(args)
}

/// Tells the recording server which call the next requests belong to.
fn announce(control: &str, call: &str) -> Result<(), String> {
    let authority = control
        .strip_prefix("http://")
        .ok_or_else(|| format!("--control {control}: only http:// URLs"))?
        .trim_end_matches('/');
    let mut stream =
        TcpStream::connect(authority).map_err(|e| format!("control {authority}: {e}"))?;
    let request = format!(
        "POST /__recorder/begin?language=rust&call={call} HTTP/1.1\r\nHost: {authority}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("control {authority}: {e}"))?;
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .map_err(|e| format!("control {authority}: {e}"))?;
    if answer.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(format!(
            "the recorder refused call {call}: {}",
            answer.lines().last().unwrap_or("")
        ))
    }
}

fn ok<T>(response: ApiResponse<T>) -> Value {
    json!({
        "result": "ok",
        "status": response.status.as_u16(),
        "attempts": response.attempts,
    })
}

fn failed(error: &Error) -> Value {
    // `build` (nothing sent: a bad argument) has the name Node gives it.
    let kind = match error.kind() {
        "build" => "invalid_argument",
        other => other,
    };
    json!({
        "result": "error",
        "kind": kind,
        "status": error.status().map(|s| s.as_u16()),
        "code": error.code(),
        "attempts": error.attempts(),
        "stop_reason": error.stop_reason().map(|r| r.as_str()),
        "detail": error.to_string(),
    })
}

fn outcome<T>(result: Result<ApiResponse<T>, Error>) -> Value {
    match result {
        Ok(response) => ok(response),
        Err(error) => failed(&error),
    }
}

/// Makes one call; `None` when this driver does not know it.
async fn call(client: &Client, name: &str) -> Option<Value> {
    let value = match name {
        "getBoard" => outcome(client.gameplay().get_board().send_with_response().await),
        "getSquare" => outcome(
            client
                .gameplay()
                .get_square(2, 3)
                .send_with_response()
                .await,
        ),
        "putSquare" => outcome(
            client
                .gameplay()
                .put_square(1, 1, &models::Mark::X)
                .send_with_response()
                .await,
        ),
        // `.`, the empty square, is the variant the SDK names `Value`.
        "putSquareWithProgress" => outcome(
            client
                .gameplay()
                .put_square(3, 2, &models::Mark::Value)
                .progress_url("http://127.0.0.1:9/progress?game=7")
                .send_with_response()
                .await,
        ),
        _ => return None,
    };
    Some(value)
}

fn client(args: &Args) -> Result<Client, Error> {
    let mut builder = Client::builder()
        .default_api_key(args.token.clone())
        .bearer_token(args.token.clone());
    if let Some(url) = &args.base_url {
        builder = builder.base_url(url.clone());
    }
    builder.build()
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("wire-tictactoe-driver: {message}");
            return ExitCode::from(2);
        }
    };
    let table: Value = match std::fs::read_to_string(&args.calls)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(table) => table,
        Err(message) => {
            eprintln!("wire-tictactoe-driver: {}: {message}", args.calls);
            return ExitCode::from(2);
        }
    };
    let names: Vec<&str> = table["calls"]
        .as_array()
        .map(|calls| calls.iter().filter_map(|c| c["call"].as_str()).collect())
        .unwrap_or_default();
    let mut status = ExitCode::SUCCESS;
    for name in names {
        if let Some(only) = &args.only {
            if !only.iter().any(|o| o == name) {
                continue;
            }
        }
        if let Some(control) = &args.control {
            if let Err(message) = announce(control, name) {
                eprintln!("wire-tictactoe-driver: {message}");
                return ExitCode::from(2);
            }
        }
        let outcome = match client(&args) {
            Ok(client) => call(&client, name).await,
            Err(error) => Some(failed(&error)),
        };
        let mut line = match outcome {
            Some(value) => value,
            None => {
                status = ExitCode::FAILURE;
                json!({"result": "not_implemented"})
            }
        };
        line["call"] = json!(name);
        println!("{line}");
    }
    status
}
