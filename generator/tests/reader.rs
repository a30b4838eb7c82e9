//! The reader on documents that other generators trip over.

use std::path::Path;

use sdkgen::ir::{HintSource, RetryClass, TypeKind, TypeRef};

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn multi_file_refs_are_bundled_with_readable_names() {
    let loaded = sdkgen::load::load(&fixture("multi/root.yaml")).expect("loads");
    assert_eq!(
        loaded.files.len(),
        5,
        "root, path, params and two model files: {:?}",
        loaded.files
    );
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let ids: Vec<&str> = api.operations.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["listDroplets", "getDroplet"]);
    let droplet = api.type_by_name("Droplet").expect("hoisted by file name");
    let TypeKind::Object { fields, .. } = &droplet.kind else {
        panic!("object")
    };
    let name = fields.iter().find(|f| f.name == "name").unwrap();
    assert_eq!(
        name.ty,
        TypeRef::Nullable(Box::new(TypeRef::Primitive(sdkgen::ir::Primitive::String))),
        "3.1 type array with null"
    );
    let next = fields.iter().find(|f| f.name == "next").unwrap();
    assert_eq!(
        next.ty,
        TypeRef::Named("Droplet".into()),
        "a self-reference across files stays a name"
    );
    assert!(api.type_by_name("Region").is_some());
    assert!(
        api.warnings.iter().any(|w| w.kind == "integer-bound"),
        "a bound beyond 64 bits is reported"
    );
}

#[test]
fn recursion_through_optional_fields_is_fine() {
    let loaded = sdkgen::load::load(&fixture("recursive-ok.yaml")).expect("loads");
    sdkgen::ir::build(&loaded).expect("optional self-reference builds");
}

#[test]
fn payments_spec_classes() {
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../specs/payments.yaml");
    let api = sdkgen::ir::build(&sdkgen::load::load(&spec).unwrap()).unwrap();
    let class = |id: &str| {
        api.operations
            .iter()
            .find(|o| o.id == id)
            .unwrap()
            .retry
            .class
    };
    assert_eq!(class("createTransfer"), RetryClass::Keyed);
    assert_eq!(class("createRefund"), RetryClass::Keyed);
    assert_eq!(class("listTransfers"), RetryClass::Safe);
    assert_eq!(class("generateReport"), RetryClass::Idempotent);
    assert_eq!(class("updateVendor"), RetryClass::Unsafe);
    let sub = api
        .operations
        .iter()
        .find(|o| o.id == "createSubscription")
        .unwrap();
    let hint = sub.plan.retry.p99.expect("a latency hint");
    assert_eq!((hint.ms, hint.from), (1500, HintSource::Operation));
    assert_eq!(sub.plan.retry.attempt_timeout_ms, Some(4500));
    assert_eq!(sub.plan.retry.own.max_attempts, Some(4));
    assert_eq!(sub.plan.retry.effective.max_attempts, 4);
    let list = api
        .operations
        .iter()
        .find(|o| o.id == "listTransfers")
        .unwrap();
    let hint = list.plan.retry.p99.expect("the root's hint");
    assert_eq!((hint.ms, hint.from), (400, HintSource::Root));
    assert_eq!(list.plan.retry.own, Default::default());
    assert_eq!(api.key_contract.replay_window.as_deref(), Some("24h"));
    // oneOf with a discriminator keeps its tags.
    let pm = api.type_by_name("PaymentMethod").expect("PaymentMethod");
    let TypeKind::Union {
        discriminator,
        variants,
        ..
    } = &pm.kind
    else {
        panic!("union")
    };
    assert_eq!(discriminator.as_deref(), Some("type"));
    assert!(variants.iter().all(|v| !v.tags.is_empty()));
}

#[test]
fn webhooks_only_document_loads() {
    let text = "openapi: 3.1.0\ninfo: {title: Hooks, version: 1.0.0}\nwebhooks:\n  newPet:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema:\n              type: object\n              properties:\n                id: {type: integer}\n      responses:\n        '200': {description: ok}\n";
    let loaded = sdkgen::load::load_text(Path::new("hooks.yaml"), text.to_string()).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    assert_eq!(api.webhooks.len(), 1);
    assert_eq!(
        api.webhooks[0].payload,
        Some(TypeRef::Named("NewPetWebhook".into()))
    );
}

#[test]
fn annotation_only_members_add_no_shape() {
    let text = r#"
openapi: 3.0.3
info: {title: Annotations, version: 1.0.0}
paths: {}
components:
  schemas:
    Meta:
      type: object
      properties:
        total: {type: integer}
        page: {type: integer}
    Page:
      type: object
      properties:
        described:
          allOf:
            - description: The current page's metadata.
            - $ref: '#/components/schemas/Meta'
        required_total:
          allOf:
            - $ref: '#/components/schemas/Meta'
            - required: [total]
    Batch:
      type: object
      properties:
        file_ids: {type: array, items: {type: string}}
        files: {type: array, items: {type: string}}
      anyOf:
        - required: [file_ids]
        - required: [files]
"#;
    let loaded =
        sdkgen::load::load_text(Path::new("annotations.yaml"), text.to_string()).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let page = api.type_by_name("Page").unwrap();
    let TypeKind::Object { fields, .. } = &page.kind else {
        panic!("object")
    };
    assert_eq!(
        fields[0].ty,
        TypeRef::Named("Meta".into()),
        "a description member leaves the reference as it is"
    );
    let TypeRef::Named(merged) = &fields[1].ty else {
        panic!("a merged type")
    };
    let TypeKind::Object {
        fields: merged_fields,
        ..
    } = &api.type_by_name(merged).unwrap().kind
    else {
        panic!("object")
    };
    let total = merged_fields.iter().find(|f| f.name == "total").unwrap();
    assert!(
        total.required,
        "a `required` member makes the field required"
    );
    let batch = api.type_by_name("Batch").unwrap();
    assert!(
        matches!(batch.kind, TypeKind::Object { .. }),
        "anyOf of required lists is a rule, not a union"
    );
    assert!(api.warnings.is_empty(), "{:?}", api.warnings);
}

#[test]
fn closed_objects_stay_closed() {
    let text = "openapi: 3.1.0\ninfo: {title: Closed, version: 1.0.0}\npaths: {}\ncomponents:\n  schemas:\n    Range:\n      type: object\n      additionalProperties: false\n      properties:\n        gte: {type: integer}\n    Open:\n      type: object\n      additionalProperties: true\n      properties:\n        a: {type: string}\n";
    let loaded =
        sdkgen::load::load_text(Path::new("closed.yaml"), text.to_string()).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let TypeKind::Object { additional, .. } = &api.type_by_name("Range").unwrap().kind else {
        panic!("object")
    };
    assert_eq!(
        *additional, None,
        "additionalProperties: false allows no extra fields"
    );
    let TypeKind::Object { additional, .. } = &api.type_by_name("Open").unwrap().kind else {
        panic!("object")
    };
    assert_eq!(*additional, Some(TypeRef::Any));
}

#[test]
fn a_schema_inside_another_component_is_found() {
    // `#/components/parameters/Limit/schema` is a schema, though not under
    // components/schemas: it must be read, not reported missing.
    let loaded = sdkgen::load::load(&fixture("component-inner-ref.yaml")).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let response = api
        .types
        .iter()
        .find(|t| matches!(&t.kind, TypeKind::Object { fields, .. } if fields.iter().any(|f| f.name == "limit")))
        .expect("the response object");
    let TypeKind::Object { fields, .. } = &response.kind else {
        unreachable!()
    };
    let TypeRef::Named(name) = &fields[0].ty else {
        panic!("the field names the lifted schema: {:?}", fields[0].ty)
    };
    // Named after the parameter that holds it, not the pointer's last segment.
    assert_eq!(name, "Limit");
    let lifted = api.type_by_name(name).expect("the lifted schema is a type");
    assert!(
        matches!(
            &lifted.kind,
            TypeKind::Alias {
                target: TypeRef::Primitive(sdkgen::ir::Primitive::Integer64)
            }
        ),
        "{:?}",
        lifted.kind
    );
}

#[test]
fn a_fragment_in_a_spec_path_is_dropped_from_the_request_with_a_warning() {
    let text = r#"
openapi: 3.0.3
info: {title: Files, version: 1.0.0}
paths:
  /files/{file_id}:
    put:
      operationId: updateFile
      parameters:
        - {name: file_id, in: path, required: true, schema: {type: string}}
      responses: {'200': {description: ok}}
  /files/{file_id}#add_shared_link:
    put:
      operationId: addSharedLink
      parameters:
        - {name: file_id, in: path, required: true, schema: {type: string}}
        - {name: fields, in: query, required: true, schema: {type: string}}
      responses: {'200': {description: ok}}
"#;
    let loaded = sdkgen::load::load_text(Path::new("files.yaml"), text.to_string()).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let op = api
        .operations
        .iter()
        .find(|o| o.id == "addSharedLink")
        .unwrap();
    assert_eq!(op.path, "/files/{file_id}");
    assert_eq!(op.pointer, "/paths/~1files~1{file_id}#add_shared_link/put");
    let warning = api
        .warnings
        .iter()
        .find(|w| w.kind == "path-fragment")
        .expect("a path-fragment warning");
    assert!(
        warning.message.contains("addSharedLink"),
        "{}",
        warning.message
    );
    assert!(
        warning.message.contains("#add_shared_link"),
        "{}",
        warning.message
    );
    assert_eq!(
        api.warnings
            .iter()
            .filter(|w| w.kind == "path-fragment")
            .count(),
        1
    );
}

#[test]
fn a_query_in_a_spec_path_becomes_the_plans_fixed_query() {
    let text = r#"
openapi: 3.1.0
info: {title: Responses, version: 1.0.0}
paths:
  /responses:
    post:
      operationId: createResponse
      responses: {'200': {description: ok}}
  /responses?beta=true&mode=a%20b:
    post:
      operationId: createResponseBeta
      parameters:
        - {name: mode, in: query, schema: {type: string}}
      responses: {'200': {description: ok}}
"#;
    let loaded =
        sdkgen::load::load_text(Path::new("responses.yaml"), text.to_string()).expect("loads");
    let api = sdkgen::ir::build(&loaded).expect("builds");
    let op = |id: &str| api.operations.iter().find(|o| o.id == id).unwrap();
    let beta = op("createResponseBeta");
    assert_eq!(beta.path, "/responses");
    // `mode` is a declared parameter: the caller's value says it, once.
    assert_eq!(
        beta.plan.query,
        vec![("beta".to_string(), "true".to_string())]
    );
    assert!(op("createResponse").plan.query.is_empty());
    assert_eq!(op("createResponse").path, "/responses");
}
