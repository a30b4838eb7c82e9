//! A short run of the spec mutator (`tests/mutator`) through everything a
//! user runs: read, IR, check and its table, and all three emitters. Every
//! mutant must end in a spec or a diagnostic; a panic fails the test with
//! the mutant's name, and the mutant is left in the target folder to become
//! a regression fixture (`scripts/fuzz` runs the same mutants for longer,
//! each in its own process with time and memory caps).

mod mutator;

use std::path::{Path, PathBuf};

/// Mutants per seed spec in this short run (about a minute in a debug build).
const PER_SEED: u64 = 500;

fn run(path: &Path, text: String) {
    let Ok(loaded) = sdkgen::load::load_text(path, text) else {
        return;
    };
    let Ok(api) = sdkgen::ir::build(&loaded) else {
        return;
    };
    let report = sdkgen::check::audit(&api);
    let _ = report.to_table();
    let config = sdkgen::config::Config::default();
    for lang in sdkgen::emit::Lang::ALL {
        let mut package = sdkgen::emit::PackageInfo::new(&api, &config, lang);
        if sdkgen::emit::registry::check(lang, &mut package, false).is_ok() {
            let _ = sdkgen::emit::emit(lang, &api, &package);
        }
    }
}

#[test]
fn mutants_end_in_a_spec_or_a_diagnostic() {
    // Each mutant is read from a folder of its own, so that its relative
    // references find nothing of the project's.
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutants/spec");
    std::fs::create_dir_all(&dir).unwrap();
    let mut failed = Vec::new();
    for seed in 0..mutator::SEEDS.len() {
        for index in 0..PER_SEED {
            let m = mutator::mutant(seed, index);
            let path = dir.join(&m.name);
            let text = m.text.clone();
            let outcome = std::panic::catch_unwind(|| run(&path, text));
            if outcome.is_err() {
                std::fs::write(&path, &m.text).unwrap();
                failed.push(path.display().to_string());
            }
        }
    }
    assert!(failed.is_empty(), "panicked on {failed:?}");
}

/// Mutants that once crashed sdkgen (found by `scripts/fuzz`, copied from
/// target/fuzz-crashes/), each read from its own folder as the fuzzer did.
#[test]
fn crashes_the_fuzzer_found_stay_fixed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let mut failed = Vec::new();
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("the fixtures folder") {
        let path = entry.unwrap().path();
        if !matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "json")
        ) {
            continue;
        }
        seen += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        if std::panic::catch_unwind(|| run(&path, text)).is_err() {
            failed.push(path.display().to_string());
        }
    }
    assert!(seen > 0, "no fixtures in {}", dir.display());
    assert!(failed.is_empty(), "panicked on {failed:?}");
}
