//! The Rust driver of the equivalence test: every call of calls.json, made
//! through the generated Rust SDK as an integrator would write it, one fresh
//! client per call. Prints one JSON line per call with what the call
//! returned (see ../../README.md for the driver protocol).
//!
//! Usage: equivalence-driver --calls CALLS.json [--control URL]
//!        [--base-url URL] [--token TOKEN] [--only NAME,NAME]

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;

use chrono::NaiveDate;
use equivalence::runtime::Upload;
use equivalence::{models, ApiResponse, Client, Error};
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

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("a date of the call table")
}

/// Makes one call; `None` when this driver does not know it.
async fn call(client: &Client, name: &str) -> Option<Value> {
    let value = match name {
        "createNote" => {
            let body = models::NoteInput {
                title: "Groceries & more".to_string(),
                pinned: Some(true),
                tags: Some(vec!["a b".to_string(), "c/d".to_string()]),
            };
            outcome(client.notes().create_note(&body).send_with_response().await)
        }
        "replaceNote" => {
            let body = models::NoteInput {
                title: "Plans".to_string(),
                pinned: None,
                tags: Some(vec!["x".to_string()]),
            };
            outcome(
                client
                    .notes()
                    .replace_note("n 1/2", &body)
                    .send_with_response()
                    .await,
            )
        }
        "submitForm" => {
            let body = models::Survey {
                name: "Zoë & co=1+1".to_string(),
                count: 3,
                ratio: Some(2.0),
                agree: Some(false),
                colors: Some(vec!["red".to_string(), "dark green".to_string()]),
                // `comment: null`: an explicit null, which a form leaves out.
                comment: Some(None),
                labels: Some(HashMap::from([("size".to_string(), "x l".to_string())])),
            };
            outcome(client.notes().submit_form(&body).send_with_response().await)
        }
        "uploadAttachment" => {
            let body = models::UploadAttachmentRequest {
                label: "scan".to_string(),
                file: vec![0x00, 0x01, 0x50, 0x44, 0x46, 0xff, 0x0d, 0x0a].into(),
                page_count: Some(2),
            };
            outcome(
                client
                    .files()
                    .upload_attachment(&body)
                    .send_with_response()
                    .await,
            )
        }
        "uploadAttachmentNamed" => {
            let body = models::UploadAttachmentRequest {
                label: "scan".to_string(),
                file: Upload::bytes(vec![0x00, 0x01, 0x50, 0x44, 0x46, 0xff, 0x0d, 0x0a])
                    .file_name("scan \"2\".pdf")
                    .content_type("application/pdf"),
                page_count: None,
            };
            outcome(
                client
                    .files()
                    .upload_attachment(&body)
                    .send_with_response()
                    .await,
            )
        }
        "getStatus" => outcome(client.files().get_status().send_with_response().await),
        "searchItems" => outcome(
            client
                .search()
                .items()
                .tag(vec!["a b".to_string(), "c&d".to_string()])
                .ids(vec![1, 2, 3])
                .words(vec!["hello".to_string(), "big world".to_string()])
                .codes(vec!["x|y".to_string(), "z".to_string()])
                .filter(models::Filter {
                    price: Some(models::FilterPrice {
                        gte: Some(10),
                        lte: Some(20),
                    }),
                    color: Some("red".to_string()),
                    in_stock: Some(true),
                })
                .point(models::Point { x: 1, y: 2 })
                .bbox(models::Point { x: 3, y: 4 })
                .q("café & crème/50%+")
                .exact(true)
                .min_score(2.0)
                .send_with_response()
                .await,
        ),
        "searchItemsEmpty" => outcome(
            client
                .search()
                .items()
                .tag(vec![])
                .ids(vec![])
                .words(vec![])
                .filter(models::Filter {
                    price: None,
                    color: None,
                    in_stock: None,
                })
                .exact(false)
                .min_score(0.0)
                .send_with_response()
                .await,
        ),
        "listMessages" => outcome(
            client
                .search()
                .list_messages()
                // DateSent<, DateSent> and DateSent: the signs are words
                // of the names.
                .date_sent_before(date("2024-01-31"))
                .date_sent_after(date("2024-01-01"))
                .date_sent(date("2024-01-15"))
                .r#type("sms")
                .class("bulk")
                .self_("me")
                .from("+15551234567")
                .page_size(50)
                .send_with_response()
                .await,
        ),
        "getCell" => outcome(
            client
                .search()
                .get_cell(
                    vec![1, 2, 3],
                    vec!["a".to_string(), "b c".to_string()],
                    models::Point { x: 1, y: 2 },
                    "cell 1/2",
                )
                .send_with_response()
                .await,
        ),
        "getSpot" => outcome(
            client
                .search()
                .get_spot(models::Point { x: 5, y: 6 }, models::Point { x: 7, y: 8 })
                .send_with_response()
                .await,
        ),
        "getSession" => outcome(
            client
                .items()
                .get_session("trace-1", "s=1; x")
                .x_tags(vec!["a".to_string(), "b".to_string()])
                .x_window(models::Window {
                    start_at: 1,
                    end_at: 2,
                })
                .theme("dark")
                .send_with_response()
                .await,
        ),
        "createPayment" => {
            let body = models::PaymentInput {
                amount: 1200,
                currency: "eur".to_string(),
                memo: None,
                reference: None,
                due_on: None,
                tip: None,
                metadata: None,
            };
            outcome(
                client
                    .payments()
                    .create_payment(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentExtras" => {
            let body = models::PaymentInput {
                amount: 1200,
                currency: "eur".to_string(),
                memo: None,
                reference: None,
                due_on: None,
                tip: None,
                metadata: None,
            };
            outcome(
                client
                    .payments()
                    .create_payment(&body)
                    .extra_header("X-Beta", "on")
                    .extra_query("beta", "true")
                    .extra_query("tag", json!(["a b", "c"]))
                    .extra_body("added_later", json!({"x": [1, 2]}))
                    .extra_body("amount", 1300)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentCallerKey" => {
            let body = models::PaymentInput {
                amount: 1200,
                currency: "eur".to_string(),
                memo: Some("rent".to_string()),
                reference: Some("ref-1".to_string()),
                due_on: Some(date("2024-02-29")),
                // `tip: null`: an explicit null.
                tip: Some(None),
                metadata: Some(HashMap::from([("order".to_string(), "8812".to_string())])),
            };
            outcome(
                client
                    .payments()
                    .create_payment(&body)
                    .idempotency_key("order-8812")
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentInFlight" => {
            let body = models::PaymentInput {
                amount: 5,
                currency: "usd".to_string(),
                memo: Some("tip jar".to_string()),
                reference: None,
                due_on: None,
                tip: None,
                metadata: None,
            };
            outcome(
                client
                    .payments()
                    .create_payment(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentMismatch" => {
            let body = models::PaymentInput {
                amount: 6,
                currency: "usd".to_string(),
                memo: None,
                reference: None,
                due_on: None,
                tip: None,
                metadata: None,
            };
            outcome(
                client
                    .payments()
                    .create_payment(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createPaymentBadKey" => {
            let body = models::PaymentInput {
                amount: 7,
                currency: "usd".to_string(),
                memo: None,
                reference: None,
                due_on: None,
                tip: None,
                metadata: None,
            };
            outcome(
                client
                    .payments()
                    .create_payment(&body)
                    .idempotency_key("k".repeat(65))
                    .send_with_response()
                    .await,
            )
        }
        "putItemInFlightCode" => {
            let body = models::ItemInput {
                name: "lamp".to_string(),
                size: Some(3),
            };
            outcome(
                client
                    .items()
                    .put_item("i_1", &body)
                    .send_with_response()
                    .await,
            )
        }
        "putItemMismatchCode" => {
            let body = models::ItemInput {
                name: "lamp".to_string(),
                size: None,
            };
            outcome(
                client
                    .items()
                    .put_item("i_1", &body)
                    .send_with_response()
                    .await,
            )
        }
        "getItemNotFound" => outcome(
            client
                .items()
                .get_item("missing")
                .send_with_response()
                .await,
        ),
        // Success bodies read against their schema (CONTRACT.md section 6).
        "getRecordNewerFields" => {
            outcome(client.items().get_record("r_1").send_with_response().await)
        }
        "getRecordMissingProperty" => {
            outcome(client.items().get_record("r_2").send_with_response().await)
        }
        "getRecordItemWrongType" => {
            outcome(client.items().get_record("r_3").send_with_response().await)
        }
        "getRecordNull" => outcome(client.items().get_record("r_4").send_with_response().await),
        "getRecordWrongVariant" => {
            outcome(client.items().get_record("r_5").send_with_response().await)
        }
        "getRecordNotAnObject" => {
            outcome(client.items().get_record("r_6").send_with_response().await)
        }
        "getRecordWrongScalar" => {
            outcome(client.items().get_record("r_7").send_with_response().await)
        }
        "getRecordIntegerAsString" => {
            outcome(client.items().get_record("r_8").send_with_response().await)
        }
        "getRecordBooleanAsInteger" => {
            outcome(client.items().get_record("r_9").send_with_response().await)
        }
        "getRecordNullString" => {
            outcome(client.items().get_record("r_10").send_with_response().await)
        }
        "getRecordNoZone" => outcome(client.items().get_record("r_12").send_with_response().await),
        "getRecordUnknownTag" => {
            outcome(client.items().get_record("r_13").send_with_response().await)
        }
        "getItemServerErrors" => outcome(client.items().get_item("i_2").send_with_response().await),
        "getItemThrottled" => outcome(client.items().get_item("i_3").send_with_response().await),
        "patchItemNulls" => {
            let body = models::ItemPatch {
                // `name: null`: an explicit null.
                name: Some(None),
                size: None,
                note: Some("n".to_string()),
            };
            outcome(
                client
                    .items()
                    .patch_item("i_4", &body)
                    .send_with_response()
                    .await,
            )
        }
        "putBlob" => outcome(
            client
                .files()
                .put_blob("ré:sumé.pdf", vec![0x25, 0x50, 0x44, 0x46, 0x00, 0xff])
                .send_with_response()
                .await,
        ),
        "putBlobFromFile" => {
            let folder = std::env::temp_dir().join(format!("equivalence-{}", std::process::id()));
            std::fs::create_dir_all(&folder).expect("a temporary folder");
            let path = folder.join("report.pdf");
            std::fs::write(&path, [0x25, 0x50, 0x44, 0x46, 0x00, 0xff]).expect("the file");
            let result = client
                .files()
                .put_blob("report.pdf", Upload::path(&path))
                .send_with_response()
                .await;
            let _ = std::fs::remove_dir_all(&folder);
            outcome(result)
        }
        "mergeNote" => {
            let body = models::NotePatch {
                // `title: null`: an explicit null.
                title: Some(None),
                pinned: Some(false),
            };
            outcome(
                client
                    .notes()
                    .merge_note("n_1", &body)
                    .send_with_response()
                    .await,
            )
        }
        "getSlow" => outcome(client.items().get_slow().send_with_response().await),
        "getSlowRoot" => outcome(client.items().get_slow_root().send_with_response().await),
        _ => return None,
    };
    Some(value)
}

fn client(args: &Args) -> Result<Client, Error> {
    let mut builder = Client::builder().bearer_token(args.token.clone());
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
            eprintln!("equivalence-driver: {message}");
            return ExitCode::from(2);
        }
    };
    let table: Value = match std::fs::read_to_string(&args.calls)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(table) => table,
        Err(message) => {
            eprintln!("equivalence-driver: {}: {message}", args.calls);
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
                eprintln!("equivalence-driver: {message}");
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
