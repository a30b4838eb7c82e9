//! Every case of `runtime/wire-vectors.json`, the serialisation rules of
//! `runtime/WIRE.md` as data, run against the runtime's serialisers. A
//! failing case is reported by section, index and what differed; any
//! failure fails the test.

use std::path::PathBuf;

use sdkgen_runtime::{
    content_value, cookie_param, form_body, header_param, path_param, query_param, value_text,
    Error, FormField, Style,
};
use serde_json::Value;

fn vectors() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../wire-vectors.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn style(case: &Value) -> Style {
    match case["style"].as_str() {
        Some("simple") | None => Style::Simple,
        Some("label") => Style::Label,
        Some("matrix") => Style::Matrix,
        Some("form") => Style::Form,
        Some("spaceDelimited") => Style::SpaceDelimited,
        Some("pipeDelimited") => Style::PipeDelimited,
        Some("deepObject") => Style::DeepObject,
        Some(other) => panic!("unknown style {other}"),
    }
}

fn flag(case: &Value, key: &str) -> bool {
    case[key].as_bool().unwrap_or(false)
}

/// What a case expects: `Ok(Some(text))`, `Ok(None)` (nothing sent) or an
/// error.
fn expected(case: &Value) -> Result<Option<String>, ()> {
    if flag(case, "error") {
        return Err(());
    }
    Ok(case["out"].as_str().map(str::to_string))
}

fn got<T>(
    result: Result<T, Error>,
    f: impl FnOnce(T) -> Option<String>,
) -> Result<Option<String>, ()> {
    result.map(f).map_err(|_| ())
}

fn run_case(section: &str, case: &Value) -> Result<Option<String>, ()> {
    let name = case["name"].as_str().unwrap_or("");
    let value = &case["value"];
    let explode = flag(case, "explode");
    match section {
        "text" => got(value_text(value), |t| t),
        "query" => {
            let value = match case["content"].as_str() {
                Some(media) => match content_value(value, media) {
                    Ok(v) => v,
                    Err(_) => return Err(()),
                },
                None => value.clone(),
            };
            got(
                query_param(
                    name,
                    &value,
                    style(case),
                    explode,
                    flag(case, "allow_reserved"),
                ),
                Some,
            )
        }
        "path" => got(path_param(name, value, style(case), explode), Some),
        "header" => got(header_param("X-Test", value, explode), |t| t),
        "cookie" => got(cookie_param(name, value, explode), |t| t),
        "form" => {
            let fields: Vec<FormField> = case["fields"]
                .as_array()
                .expect("fields")
                .iter()
                .map(|f| {
                    // The serialiser takes 'static names, as generated code
                    // writes them; a test may leak its few.
                    let name: &'static str = Box::leak(
                        f["name"]
                            .as_str()
                            .expect("name")
                            .to_string()
                            .into_boxed_str(),
                    );
                    FormField::new(
                        name,
                        style(f),
                        flag(f, "explode"),
                        flag(f, "allow_reserved"),
                    )
                })
                .collect();
            got(form_body(&fields, value), Some)
        }
        other => panic!("unknown section {other}"),
    }
}

#[test]
fn every_wire_vector_passes() {
    let vectors = vectors();
    let sections = ["text", "query", "path", "header", "cookie", "form"];
    let object = vectors.as_object().expect("an object");
    for key in object.keys() {
        assert!(
            key == "about" || sections.contains(&key.as_str()),
            "a section this test does not run: {key}"
        );
    }
    let mut failures = Vec::new();
    let mut ran = 0;
    for section in sections {
        let cases = vectors[section]
            .as_array()
            .unwrap_or_else(|| panic!("section {section}"));
        assert!(!cases.is_empty(), "section {section} has no case");
        for (i, case) in cases.iter().enumerate() {
            ran += 1;
            let want = expected(case);
            let have = run_case(section, case);
            if want != have {
                failures.push(format!(
                    "{section}[{i}] {}: expected {want:?}, got {have:?}",
                    serde_json::to_string(case).unwrap_or_default()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} wire vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{ran} wire vectors passed");
}

#[test]
fn object_members_keep_the_order_of_the_file() {
    // The vectors' objects must reach the serialisers in the order written
    // (serde_json's preserve_order), or the deepObject cases would pass by
    // luck of sorting.
    let v: Value = serde_json::from_str(r#"{"z": 1, "a": 2}"#).expect("json");
    assert_eq!(
        query_param("f", &v, Style::DeepObject, true, false).expect("ok"),
        "f%5Bz%5D=1&f%5Ba%5D=2"
    );
}
