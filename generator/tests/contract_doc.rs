//! runtime/CONTRACT.md's table of defaults says what runtime/defaults.json
//! says, entry by entry, and names every entry of the file.

use std::path::Path;

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The rows of the table under "## 2. Defaults": (setting, default, entry).
fn table_rows(doc: &str) -> Vec<(String, String, String)> {
    let section = doc
        .split("## 2. Defaults")
        .nth(1)
        .expect("CONTRACT.md has a section 2. Defaults");
    section
        .lines()
        .skip_while(|l| {
            l.trim_start_matches('|')
                .split('|')
                .next()
                .is_none_or(|c| c.trim() != "setting")
        })
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            assert_eq!(cells.len(), 3, "a row of three cells: {l}");
            (
                cells[0].clone(),
                cells[1].clone(),
                cells[2].trim_matches('`').to_string(),
            )
        })
        .collect()
}

/// The leaves of the file, as dotted paths.
fn leaves(prefix: &str, value: &Value, out: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                leaves(&path, v, out);
            }
        }
        other => out.push((prefix.to_string(), other.clone())),
    }
}

/// Whether the table's wording of a default is the file's value.
fn says(default: &str, value: &Value) -> bool {
    match value {
        Value::Bool(true) => default == "on",
        Value::Bool(false) => default == "off",
        Value::Number(n) => {
            let leading: String = default.chars().take_while(|c| c.is_ascii_digit()).collect();
            leading == n.to_string()
        }
        Value::String(s) => default.trim_matches('`') == s || default.starts_with(s.as_str()),
        // A list: the cell's code spans, in order (`a`, then `b`).
        Value::Array(items) => {
            let spans: Vec<&str> = default.split('`').skip(1).step_by(2).collect();
            spans.len() == items.len()
                && items
                    .iter()
                    .zip(&spans)
                    .all(|(v, s)| v.as_str() == Some(*s))
        }
        _ => false,
    }
}

#[test]
fn the_contract_table_is_the_defaults_file() {
    let doc = std::fs::read_to_string(root().join("runtime/CONTRACT.md")).unwrap();
    let file: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("runtime/defaults.json")).unwrap(),
    )
    .unwrap();
    let mut entries = Vec::new();
    leaves("", &file, &mut entries);
    entries.retain(|(k, _)| k != "comment");

    let rows = table_rows(&doc);
    assert!(!rows.is_empty());
    for (setting, default, entry) in &rows {
        let value = entries
            .iter()
            .find(|(k, _)| k == entry)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("`{entry}` (row `{setting}`) is not in defaults.json"));
        assert!(
            says(default, value),
            "row `{setting}` says `{default}`, defaults.json `{entry}` is {value}"
        );
    }
    for (k, _) in &entries {
        assert!(
            rows.iter().any(|(_, _, e)| e == k),
            "defaults.json `{k}` has no row in CONTRACT.md's table"
        );
    }
}

#[test]
fn a_changed_value_is_caught() {
    // The comparison itself can fail: a row whose figure differs is refused.
    assert!(!says("4", &Value::from(3)));
    let list = serde_json::json!(["x-request-id", "request-id"]);
    assert!(says("`x-request-id`, then `request-id`", &list));
    assert!(!says("`request-id`, then `x-request-id`", &list));
    assert!(!says("`x-request-id`", &list));
    assert!(!says("on", &Value::Bool(false)));
    assert!(!says("`Other-Key`", &Value::from("Idempotency-Key")));
    assert!(says("500 ms", &Value::from(500)));
}

#[test]
fn every_package_carries_the_contract_its_readme_links() {
    let spec = root().join("specs/payments.yaml");
    let loaded = sdkgen::load::load(&spec).expect("payments loads");
    let api = sdkgen::ir::build(&loaded).expect("payments builds");
    let contract = std::fs::read_to_string(root().join("runtime/CONTRACT.md")).unwrap();
    let config = sdkgen::config::Config::default();
    for lang in sdkgen::emit::Lang::ALL {
        let package = sdkgen::emit::PackageInfo::new(&api, &config, lang);
        let files = sdkgen::emit::emit(lang, &api, &package).expect("emits");
        let carried = files
            .iter()
            .find(|f| f.path == Path::new("CONTRACT.md"))
            .unwrap_or_else(|| panic!("{} package has no CONTRACT.md", lang.as_str()));
        assert_eq!(carried.contents, contract, "{}", lang.as_str());
        let readme = files
            .iter()
            .find(|f| f.path == Path::new("README.md"))
            .expect("a README");
        assert!(
            readme.contents.contains("[CONTRACT.md](CONTRACT.md)"),
            "{} README links the contract",
            lang.as_str()
        );
    }
}
