//! The Rust driver of the wire suite's Pets calls: every call of
//! pets.calls.json, made through the Rust SDK generated from
//! specs/pets.yaml, one fresh client per call. The driver protocol is the
//! equivalence test's (tests_generated/equivalence/README.md); this file
//! repeats its argument parsing and outcome lines.
//!
//! Usage: wire-pets-driver --calls CALLS.json [--control URL]
//!        [--base-url URL] [--token TOKEN] [--only NAME,NAME]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;

use pets::{models, ApiResponse, Client, Error};
use serde_json::{json, Value};

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

/// A PNG of one transparent pixel: the photo the upload sends.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00,
    0x00, 0x05, 0x00, 0x01, 0x7a, 0x5e, 0xab, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
    0xae, 0x42, 0x60, 0x82,
];

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Makes one call; `None` when this driver does not know it.
async fn call(client: &Client, name: &str) -> Option<Value> {
    let value = match name {
        "listPets" => outcome(
            client
                .pets()
                .list_pets()
                .limit(10)
                .tags(strings(&["dog", "small"]))
                .status(models::PetStatus::Available)
                .send_with_response()
                .await,
        ),
        "createPet" => {
            let body = models::NewPet {
                name: "Rex".to_string(),
                tags: Some(strings(&["dog"])),
                status: Some(models::PetStatus::Available),
            };
            outcome(client.pets().create_pet(&body).send_with_response().await)
        }
        "getPet" => outcome(client.pets().get_pet(42).send_with_response().await),
        "updatePet" => {
            let body = models::NewPet {
                name: "Rex".to_string(),
                tags: Some(strings(&["dog", "old"])),
                status: Some(models::PetStatus::Sold),
            };
            outcome(
                client
                    .pets()
                    .update_pet(42, &body)
                    .send_with_response()
                    .await,
            )
        }
        "deletePet" => outcome(client.pets().delete_pet(42).send_with_response().await),
        "uploadPetPhoto" => {
            let body = models::UploadPetPhotoRequest {
                file: PNG.to_vec().into(),
                caption: Some("Rex in the garden".to_string()),
            };
            outcome(
                client
                    .photos()
                    .upload_pet_photo(42, &body)
                    .send_with_response()
                    .await,
            )
        }
        "downloadPetPhoto" => match client.photos().download_pet_photo(42).send().await {
            // The body read to its end, as the other drivers read it.
            Ok(response) => {
                let (status, attempts) = (response.status().as_u16(), response.attempts());
                match response.bytes().await {
                    Ok(_) => json!({"result": "ok", "status": status, "attempts": attempts}),
                    Err(error) => failed(&error),
                }
            }
            Err(error) => failed(&error),
        },
        _ => return None,
    };
    Some(value)
}

fn client(args: &Args) -> Result<Client, Error> {
    let mut builder = Client::builder().api_key(args.token.clone());
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
            eprintln!("wire-pets-driver: {message}");
            return ExitCode::from(2);
        }
    };
    let table: Value = match std::fs::read_to_string(&args.calls)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(table) => table,
        Err(message) => {
            eprintln!("wire-pets-driver: {}: {message}", args.calls);
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
                eprintln!("wire-pets-driver: {message}");
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
