//! Snapshots of `sdkgen check` and of the IR for every example spec and
//! every focused spec of `tests/fixtures/focus/` (one per feature, named
//! `focus-<feature>`).

use std::path::{Path, PathBuf};

fn example_specs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../specs");
    let mut specs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("specs/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("yaml" | "yml" | "json")
            )
        })
        .collect();
    specs.sort();
    assert!(
        specs.len() >= 3,
        "expected the three example specs in specs/"
    );
    let focus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/focus");
    let mut focused: Vec<PathBuf> = std::fs::read_dir(&focus)
        .expect("tests/fixtures/focus/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("yaml"))
        .collect();
    focused.sort();
    specs.extend(focused);
    specs
}

fn stem(p: &Path) -> String {
    let name = p.file_stem().and_then(|s| s.to_str()).expect("utf-8 name");
    if p.parent().and_then(Path::file_name) == Some("focus".as_ref()) {
        format!("focus-{name}")
    } else {
        name.to_string()
    }
}

#[test]
fn check_reports_of_example_specs() {
    for spec in example_specs() {
        let loaded = sdkgen::load::load(&spec).expect("example spec loads");
        let api = sdkgen::ir::build(&loaded).expect("example spec builds");
        let report = sdkgen::check::audit(&api);
        insta::with_settings!({snapshot_path => "../../snapshots/check", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("check-{}", stem(&spec)), report.to_table());
        });
    }
}

#[test]
fn ir_of_example_specs() {
    for spec in example_specs() {
        let loaded = sdkgen::load::load(&spec).expect("example spec loads");
        let api = sdkgen::ir::build(&loaded).expect("example spec builds");
        insta::with_settings!({snapshot_path => "../../snapshots/ir", prepend_module_to_snapshot => false}, {
            insta::assert_yaml_snapshot!(format!("ir-{}", stem(&spec)), api);
        });
    }
}
