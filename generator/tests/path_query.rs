//! A query written into a spec path (`/responses?beta=true`, as OpenAI's
//! spec has) reaches every SDK: each language's generated call sends the
//! pair, first, through its runtime's query serialiser, and the path it
//! requests has no `?`.

use std::path::Path;

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, PackageInfo};

const SPEC: &str = r#"
openapi: 3.1.0
info: {title: Responses, version: 1.0.0}
servers: [{url: 'https://api.example.com/v1'}]
paths:
  /responses:
    post:
      operationId: createResponse
      responses: {'200': {description: ok}}
  /responses?beta=true:
    post:
      operationId: createResponseBeta
      parameters:
        - {name: stream, in: query, schema: {type: boolean}}
      responses: {'200': {description: ok}}
"#;

fn files(lang: Lang) -> String {
    let path = Path::new("responses.yaml");
    let loaded = sdkgen::load::load_text(path, SPEC.to_string()).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let package = PackageInfo::new(&api, &Config::default(), lang);
    let files = emit::emit(lang, &api, &package).expect("emits");
    files
        .into_iter()
        .filter(|f| !f.path.to_string_lossy().contains("runtime"))
        .map(|f| f.contents)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_language_sends_the_paths_query_first() {
    let python = files(Lang::Python);
    assert!(
        python.contains("*_runtime.query_param(\"beta\", \"true\")"),
        "python"
    );
    assert!(!python.contains("?beta"), "python: the path has no query");
    let node = files(Lang::Node);
    assert!(node.contains("queryParam(\"beta\", \"true\")"), "node");
    assert!(!node.contains("?beta"), "node: the path has no query");
    let rust = files(Lang::Rust);
    assert!(rust.contains("runtime::query_param(\n"), "rust");
    assert!(rust.contains("\"beta\","), "rust");
    assert!(!rust.contains("?beta"), "rust: the path has no query");
}
