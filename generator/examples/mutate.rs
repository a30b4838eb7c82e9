//! Writes spec mutants for `scripts/fuzz`:
//! `cargo run --example mutate -- --out DIR --count N [--start I]`.
//! Mutant `i` is `tests/mutator`'s mutant `i / seeds` of seed `i % seeds`,
//! so a run is repeatable and a name says how to make its mutant again.

#[path = "../tests/mutator/mod.rs"]
mod mutator;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut out = None;
    let mut count = 0u64;
    let mut start = 0u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--out", Some(v)) => out = Some(PathBuf::from(v)),
            ("--count", Some(v)) => count = v.parse().unwrap_or(0),
            ("--start", Some(v)) => start = v.parse().unwrap_or(0),
            _ => {
                eprintln!("usage: mutate --out DIR --count N [--start I]");
                return ExitCode::from(2);
            }
        }
    }
    let Some(out) = out else {
        eprintln!("usage: mutate --out DIR --count N [--start I]");
        return ExitCode::from(2);
    };
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("error: cannot make {}: {e}", out.display());
        return ExitCode::from(1);
    }
    let seeds = mutator::SEEDS.len() as u64;
    for i in start..start + count {
        let m = mutator::mutant((i % seeds) as usize, i / seeds);
        if let Err(e) = std::fs::write(out.join(&m.name), &m.text) {
            eprintln!("error: cannot write {}: {e}", m.name);
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}
