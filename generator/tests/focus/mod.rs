//! The focused specs of `generator/tests/fixtures/focus/`, one per feature,
//! and their snapshots: for each spec and language, one snapshot holding the
//! files where that feature shows (the resource or operations files and the
//! models, the client where servers or security are the feature, the README
//! where the key contract is), so a snapshot diff shows a reviewer what a
//! change did to each feature. `generated/` holds whole SDKs, and
//! `generated_fresh` keeps it current; these snapshots do not repeat it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, PackageInfo};

/// Where a file of a generated package sits, for choosing what to snapshot.
pub enum Part {
    /// Operations or resources, and models: always snapshotted.
    Core,
    /// The client: its servers and credentials.
    Client,
    /// The README: the key contract as integrators read it.
    Readme,
    /// Everything else (runtime, metadata, package plumbing).
    Other,
}

/// The focused specs, by feature name.
pub fn specs() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/focus");
    let mut specs: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/focus/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("yaml"))
        .map(|p| {
            let name = p.file_stem().and_then(|s| s.to_str()).expect("name");
            (name.to_string(), p.clone())
        })
        .collect();
    specs.sort();
    assert!(specs.len() >= 7, "{specs:?}");
    specs
}

fn generate(spec: &Path, lang: Lang) -> BTreeMap<String, String> {
    let loaded = sdkgen::load::load(spec).expect("spec loads");
    let api = sdkgen::ir::build(&loaded).expect("spec builds");
    let (config, _) = Config::find(spec, None).expect("config");
    let package = PackageInfo::new(&api, &config, lang);
    emit::emit(lang, &api, &package)
        .expect("the emitter succeeds")
        .into_iter()
        .map(|f| (f.path.to_string_lossy().replace('\\', "/"), f.contents))
        .collect()
}

/// Which parts each feature shows beyond [`Part::Core`].
fn shows(feature: &str, part: &Part) -> bool {
    match part {
        Part::Core => true,
        Part::Client => matches!(feature, "servers" | "security"),
        Part::Readme => feature == "keyed",
        Part::Other => false,
    }
}

/// Snapshots, for every focused spec, the files of `lang`'s package that
/// `part` puts in the spec's feature, under `snapshots/<dir>/focus-<feature>`.
pub fn assert_snapshots(lang: Lang, dir: &str, part: impl Fn(&str) -> Part) {
    for (feature, spec) in specs() {
        let files = generate(&spec, lang);
        let mut text = String::new();
        for (path, contents) in &files {
            if shows(&feature, &part(path)) {
                text.push_str(&format!("=== {path}\n{contents}"));
                if !contents.ends_with('\n') {
                    text.push('\n');
                }
            }
        }
        assert!(!text.is_empty(), "{feature}: no file shows it");
        insta::with_settings!({
            snapshot_path => format!("../../../snapshots/{dir}"),
            prepend_module_to_snapshot => false,
            description => format!("the {dir} files of generator/tests/fixtures/focus/{feature}.yaml"),
        }, {
            insta::assert_snapshot!(format!("focus-{feature}"), text);
        });
    }
}
