//! The `sdkgen` command line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};

use sdkgen::check::Severity;
use sdkgen::config::Config;
use sdkgen::emit::{self, Lang, PackageInfo};
use sdkgen::error::Diagnostic;
use sdkgen::inert::inert;
use sdkgen::ir::Api;

// Generating a big SDK makes millions of short-lived strings; mimalloc
// serves them markedly faster than the system allocator (bench/generate).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its place in the C enum, the same in
/// mimalloc 2 and 3; the Rust bindings name no constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// While the spec is read and the IR built, freed memory stays with mimalloc
/// for a moment to be reused: the YAML pieces, the document and the typed
/// model are made and freed one after another, and handing each page back to
/// the system at once made the kernel zero it again for the next (on Stripe's
/// spec, 16 000 page faults and a quarter of the reading's CPU time; 20 ms
/// leaves about 6 000 and raises the peak of `check` from 73 to about 81 MB,
/// where 1 s would leave 300 faults but a 110 MB peak).
const READING_PURGE_DELAY_MS: std::ffi::c_long = 20;

fn tune_allocator() {
    set_purge_delay(READING_PURGE_DELAY_MS);
}

fn set_purge_delay(ms: std::ffi::c_long) {
    // SAFETY: sets one documented option to a documented value; mimalloc
    // reads options atomically, so this is sound at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, ms) };
}

/// Generate Rust, Python and Node SDKs from an OpenAPI 3.0/3.1 spec, with
/// retries that are on, jittered, deadline-bound, budgeted and keyed by default.
#[derive(Parser)]
#[command(name = "sdkgen", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The folder external `$ref`s must stay in (default: the spec's folder).
    #[arg(long, global = true, value_name = "DIR")]
    ref_root: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Audit a spec's retry safety: exit 0 when clean, 1 on errors, 2 when unreadable.
    Check {
        /// The OpenAPI document (YAML or JSON).
        spec: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Also fail (exit 1) on warnings.
        #[arg(long)]
        strict: bool,
        /// Write an overlay with one action per fixable finding to FILE, for
        /// you to complete and apply with `--overlay`.
        #[arg(long, value_name = "FILE")]
        suggest_overlay: Option<PathBuf>,
        /// An overlay (Overlay Specification 1.0) to apply to the spec first;
        /// repeat it to apply several in order, after any in sdkgen.toml.
        #[arg(long = "overlay", value_name = "FILE")]
        overlays: Vec<PathBuf>,
    },
    /// Generate SDKs: one complete package per language under OUT/<lang>.
    Build {
        /// The OpenAPI document (YAML or JSON).
        spec: PathBuf,
        /// Where to write the packages.
        #[arg(long, short, default_value = "sdks")]
        out: PathBuf,
        /// Languages to generate, comma-separated.
        #[arg(long, value_enum, value_delimiter = ',', default_values_t = Lang::ALL.to_vec())]
        lang: Vec<Lang>,
        /// Package metadata (default: sdkgen.toml beside the spec, if any).
        #[arg(long)]
        config: Option<PathBuf>,
        /// An overlay (Overlay Specification 1.0) to apply to the spec first;
        /// repeat it to apply several in order, after any in sdkgen.toml.
        #[arg(long = "overlay", value_name = "FILE")]
        overlays: Vec<PathBuf>,
    },
    /// Print the intermediate representation sdkgen builds from a spec (YAML).
    Ir {
        /// The OpenAPI document (YAML or JSON).
        spec: PathBuf,
        /// An overlay (Overlay Specification 1.0) to apply to the spec first;
        /// repeat it to apply several in order, after any in sdkgen.toml.
        #[arg(long = "overlay", value_name = "FILE")]
        overlays: Vec<PathBuf>,
        /// Print only where each operation sits in the SDKs, a line each:
        /// HTTP method, path, `group.method` (snake_case words, which each
        /// language cases) and the rule that named it, tab-separated.
        #[arg(long)]
        names: bool,
    },
    /// Write the API's public pages on retries and idempotency keys, for
    /// integrators who call it over raw HTTP: OUT/retries and
    /// OUT/idempotency-keys.
    Docs {
        /// The OpenAPI document (YAML or JSON).
        spec: PathBuf,
        /// Where to write the pages.
        #[arg(long, short, default_value = "docs-out")]
        out: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = sdkgen::docs::Format::Markdown)]
        format: sdkgen::docs::Format,
        /// An overlay (Overlay Specification 1.0) to apply to the spec first;
        /// repeat it to apply several in order, after any in sdkgen.toml.
        #[arg(long = "overlay", value_name = "FILE")]
        overlays: Vec<PathBuf>,
    },
    /// Serve a mock of the spec's API over HTTP, with the server half of the
    /// idempotency-key contract and fault injection. Prints `listening on
    /// http://ADDR` first; Ctrl-C stops it.
    Mock {
        /// The OpenAPI document (YAML or JSON).
        spec: PathBuf,
        /// The port to listen on; 0 picks a free one.
        #[arg(long, default_value_t = 0)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Faults to inject, e.g. `status=503,op=createTransfer,first=2`,
        /// `reset=after,first=1`, `latency=300ms`, `outage=30s`.
        #[arg(long, num_args = 1..)]
        faults: Vec<sdkgen::mock::Fault>,
        /// Seed for the draws of `p=` faults.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Replay window for idempotency keys (default: the spec's, else 24h).
        #[arg(long, value_parser = sdkgen::mock::parse_duration)]
        replay_window: Option<std::time::Duration>,
        /// Do not log requests to stderr.
        #[arg(long)]
        quiet: bool,
        /// An overlay (Overlay Specification 1.0) to apply to the spec first;
        /// repeat it to apply several in order, after any in sdkgen.toml.
        #[arg(long = "overlay", value_name = "FILE")]
        overlays: Vec<PathBuf>,
        /// Accept only this credential (a token, basic credentials as sent,
        /// an API key); repeat for several. Default: any non-empty one.
        #[arg(long = "credential", value_name = "VALUE")]
        credentials: Vec<String>,
    },
    /// Check a live server (a staging one) keeps the idempotency-key
    /// contract: honoured, concurrency, mismatch, scope, stored failures and
    /// deadline gates for every keyed operation. It creates real resources.
    /// Exit 0 when every gate that ran passed, 1 when one failed, 2 when it
    /// cannot run.
    Verify {
        /// The OpenAPI document (YAML or JSON).
        spec: PathBuf,
        /// The server's URL with its base path, e.g. https://staging.example.com/v2.
        #[arg(long)]
        base_url: String,
        /// Go ahead and create resources on the server (required).
        #[arg(long)]
        allow_writes: bool,
        /// Only this keyed operation (operationId); repeat for several.
        #[arg(long = "operation", value_name = "ID")]
        operations: Vec<String>,
        /// YAML or JSON: per operationId, {path, query, headers, body, other_body, failure}.
        #[arg(long)]
        requests: Option<PathBuf>,
        /// A credential for the operation's security scheme (`env:NAME` reads
        /// it from the environment); twice for the scope gate. Default: the
        /// SDKGEN_VERIFY_CREDENTIAL and SDKGEN_VERIFY_CREDENTIAL_2 variables.
        #[arg(long = "credential", value_name = "VALUE")]
        credentials: Vec<String>,
        /// Simultaneous requests with one key in the concurrency gate.
        #[arg(long, default_value_t = 20)]
        concurrency: usize,
        /// No more requests than this in all.
        #[arg(long, default_value_t = 400)]
        max_requests: usize,
        /// The whole run stops after this.
        #[arg(long, default_value = "120s", value_parser = sdkgen::mock::parse_duration)]
        time_limit: std::time::Duration,
        /// Each request gives up after this.
        #[arg(long, default_value = "10s", value_parser = sdkgen::mock::parse_duration)]
        request_timeout: std::time::Duration,
        /// Run the deadline gate where the spec does not declare Request-Timeout-Ms.
        #[arg(long)]
        assume_timeout_header: bool,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// An overlay (Overlay Specification 1.0) to apply to the spec first;
        /// repeat it to apply several in order, after any in sdkgen.toml.
        #[arg(long = "overlay", value_name = "FILE")]
        overlays: Vec<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Table,
    Json,
}

/// A closed pipe on stdout or stderr (`sdkgen check ... | head -1`) ends
/// the program as it ends `cat`: by SIGPIPE, quietly. Rust ignores the
/// signal by default, and a failed `print!` then panics. `mock` keeps it
/// ignored: its connections' writes must fail, not end the server.
fn die_quietly_on_closed_pipes() {
    #[cfg(unix)]
    {
        /// `SIGPIPE` and `SIG_DFL` from `<signal.h>` (the same on Linux and macOS).
        const SIGPIPE: std::os::raw::c_int = 13;
        const SIG_DFL: usize = 0;
        extern "C" {
            fn signal(signum: std::os::raw::c_int, handler: usize) -> usize;
        }
        // SAFETY: restores the default action of one signal, before any
        // thread is started; nothing in this process relies on ignoring it.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

fn main() -> ExitCode {
    tune_allocator();
    let cli = Cli::parse();
    let _ = REF_ROOT.set(cli.ref_root.clone());
    if !matches!(cli.command, Command::Mock { .. }) {
        die_quietly_on_closed_pipes();
    }
    match cli.command {
        Command::Check {
            spec,
            format,
            strict,
            suggest_overlay,
            overlays,
        } => check(&spec, format, strict, suggest_overlay.as_deref(), &overlays),
        Command::Build {
            spec,
            out,
            lang,
            config,
            overlays,
        } => build(&spec, &out, &lang, config.as_deref(), &overlays),
        Command::Ir {
            spec,
            overlays,
            names: true,
        } => match read(&spec, &overlays) {
            Ok(api) => {
                let mut out = String::new();
                for op in &api.operations {
                    let source = serde_json::to_value(op.name_source).unwrap_or_default();
                    out.push_str(&format!(
                        "{}\t{}\t{}.{}\t{}\n",
                        op.method.as_str(),
                        sdkgen::inert::inert(&op.path),
                        sdkgen::inert::inert(&sdkgen::case::snake(&op.group)),
                        op.method_name,
                        source.as_str().unwrap_or_default()
                    ));
                }
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(d) => unreadable(&d),
        },
        Command::Ir { spec, overlays, .. } => match read(&spec, &overlays) {
            Ok(api) => match serde_yaml::to_string(&api) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: cannot print the IR: {e}");
                    ExitCode::from(1)
                }
            },
            Err(d) => unreadable(&d),
        },
        Command::Docs {
            spec,
            out,
            format,
            overlays,
        } => docs(&spec, &out, format, &overlays),
        Command::Mock {
            spec,
            port,
            host,
            faults,
            seed,
            replay_window,
            quiet,
            credentials,
            overlays,
        } => match read(&spec, &overlays) {
            Ok(api) => sdkgen::mock::run(
                api,
                sdkgen::mock::MockConfig {
                    host,
                    port,
                    faults,
                    seed,
                    replay_window,
                    log: !quiet,
                    credentials,
                },
            ),
            Err(d) => unreadable(&d),
        },
        Command::Verify {
            spec,
            base_url,
            allow_writes,
            operations,
            requests,
            credentials,
            concurrency,
            max_requests,
            time_limit,
            request_timeout,
            assume_timeout_header,
            format,
            overlays,
        } => match read(&spec, &overlays) {
            Ok(api) => sdkgen::verify::main(
                &api,
                sdkgen::verify::Options {
                    base_url,
                    allow_writes,
                    operations,
                    requests,
                    credentials,
                    concurrency,
                    max_requests,
                    time_limit,
                    request_timeout,
                    assume_timeout_header,
                },
                matches!(format, Format::Json),
            ),
            Err(d) => unreadable(&d),
        },
    }
}

/// `--ref-root`, set once at the start.
static REF_ROOT: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();

/// The overlays to apply: those of the spec's sdkgen.toml, then those given
/// on the command line, each read and checked.
fn overlays(
    config: &Config,
    given: &[PathBuf],
) -> Result<Vec<sdkgen::load::overlay::Overlay>, Diagnostic> {
    config
        .overlays
        .iter()
        .chain(given)
        .map(|p| sdkgen::load::overlay::read(p))
        .collect()
}

fn load(
    spec: &std::path::Path,
    overlays: &[sdkgen::load::overlay::Overlay],
) -> Result<sdkgen::load::Loaded, Diagnostic> {
    sdkgen::load::load_with(
        spec,
        sdkgen::load::Options {
            ref_root: REF_ROOT.get().and_then(|r| r.as_deref()),
            overlays,
        },
    )
}

/// The spec with the overlays of its sdkgen.toml and the command line.
fn load_spec(
    spec: &std::path::Path,
    given: &[PathBuf],
) -> Result<(sdkgen::load::Loaded, Config, Option<PathBuf>), Diagnostic> {
    let (config, path) = Config::find(spec, None)?;
    let overlays = overlays(&config, given)?;
    Ok((load(spec, &overlays)?, config, path))
}

/// The IR of `loaded` with the provider's settings from `config` (found at
/// `config_path`, which errors name) applied.
fn api_of(
    loaded: &sdkgen::load::Loaded,
    config: &Config,
    config_path: Option<&std::path::Path>,
) -> Result<Api, Diagnostic> {
    let mut api = sdkgen::ir::build(loaded)?;
    sdkgen::ir::settings::apply(&mut api, config).map_err(|message| {
        let file = config_path.unwrap_or(std::path::Path::new("sdkgen.toml"));
        Diagnostic::new(file, "", message).with_hint(
            "name a group as `sdkgen ir --names` shows it, an operation by its operationId",
        )
    })?;
    Ok(api)
}

fn read(spec: &std::path::Path, given: &[PathBuf]) -> Result<Api, Diagnostic> {
    let (loaded, config, path) = load_spec(spec, given)?;
    let api = api_of(&loaded, &config, path.as_deref());
    sdkgen::load::drop_in_background(loaded);
    api
}

fn unreadable(d: &Diagnostic) -> ExitCode {
    eprintln!("error: {d}");
    ExitCode::from(2)
}

fn check(
    spec: &std::path::Path,
    format: Format,
    strict: bool,
    suggest: Option<&std::path::Path>,
    given: &[PathBuf],
) -> ExitCode {
    let (loaded, config, config_path) = match load_spec(spec, given) {
        Ok(loaded) => loaded,
        Err(d) => return unreadable(&d),
    };
    let api = match api_of(&loaded, &config, config_path.as_deref()) {
        Ok(api) => api,
        Err(d) => return unreadable(&d),
    };
    let mut report = sdkgen::check::audit(&api);
    report.locate(&spec.display().to_string(), &loaded.operation_lines());
    sdkgen::load::drop_in_background(loaded);
    if let Some(file) = suggest {
        if let Err(e) = std::fs::write(file, sdkgen::suggest::overlay(&api, &report)) {
            eprintln!("error: {}: cannot write the overlay: {e}", file.display());
            return ExitCode::from(2);
        }
        eprintln!("overlay: {}", file.display());
    }
    match format {
        Format::Table => print!("{}", report.to_table()),
        Format::Json => match serde_json::to_string_pretty(&report) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                eprintln!("error: cannot print the report: {e}");
                return ExitCode::from(1);
            }
        },
    }
    let failing = report
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error || (strict && f.severity == Severity::Warning));
    if failing {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `sdkgen docs`: writes the pages, then prints the findings of `check` about
/// what the spec leaves undeclared (the pages say what the SDKs assume).
fn docs(
    spec: &std::path::Path,
    out: &std::path::Path,
    format: sdkgen::docs::Format,
    given: &[PathBuf],
) -> ExitCode {
    let api = match read(spec, given) {
        Ok(api) => api,
        Err(d) => return unreadable(&d),
    };
    let files = match sdkgen::docs::pages(&api, format) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {}: {message}", spec.display());
            return ExitCode::from(1);
        }
    };
    match sdkgen::docs::write(out, &files) {
        Ok(paths) => {
            for p in paths {
                eprintln!("wrote {}", p.display());
            }
        }
        Err(e) => {
            eprintln!("error: {}: cannot write the pages: {e}", out.display());
            return ExitCode::from(1);
        }
    }
    let undeclared = sdkgen::docs::undeclared(&api);
    // Every finding about the whole spec; those about one operation each,
    // the first ones only.
    let (whole, per_op): (Vec<_>, Vec<_>) = undeclared.iter().partition(|f| f.target.is_empty());
    for f in per_op.iter().take(WARNINGS_LISTED).chain(&whole) {
        let target = if f.target.is_empty() {
            String::new()
        } else {
            format!(" {}", f.target)
        };
        eprintln!(
            "{}: {}: {}{target}: {}",
            f.severity.as_str(),
            spec.display(),
            f.rule,
            f.message
        );
    }
    if per_op.len() > WARNINGS_LISTED {
        eprintln!(
            "... and {} more operations: `sdkgen check {}` lists them all",
            per_op.len() - WARNINGS_LISTED,
            spec.display()
        );
    }
    if !undeclared.is_empty() {
        eprintln!("note: until the spec declares these, the pages say what the SDKs assume");
    }
    ExitCode::SUCCESS
}

/// Specs with more operations than this get a progress line per phase.
const PROGRESS_OPERATIONS: usize = 100;

/// How many warnings `build` prints one by one after its summary.
const WARNINGS_LISTED: usize = 20;

/// What one language's thread did: the files written, or why not.
struct Emitted {
    lang: Lang,
    result: Result<usize, String>,
    emit: std::time::Duration,
    write: std::time::Duration,
}

fn build(
    spec: &std::path::Path,
    out: &std::path::Path,
    langs: &[Lang],
    config: Option<&std::path::Path>,
    given: &[PathBuf],
) -> ExitCode {
    let started = Instant::now();
    let (config, config_path) = match Config::find(spec, config) {
        Ok(c) => c,
        Err(d) => return unreadable(&d),
    };
    let overlays = match overlays(&config, given) {
        Ok(o) => o,
        Err(d) => return unreadable(&d),
    };
    let loaded = match load(spec, &overlays) {
        Ok(l) => l,
        Err(d) => return unreadable(&d),
    };
    let read_time = started.elapsed();
    let api = match api_of(&loaded, &config, config_path.as_deref()) {
        Ok(api) => api,
        Err(d) => return unreadable(&d),
    };
    let files_read = loaded.files.len().max(1);
    // The document is not needed any more: free it before emitting.
    drop(loaded);
    let ir_time = started.elapsed() - read_time;
    if let Some(p) = &config_path {
        eprintln!("config: {}", p.display());
    }
    let progress = api.operations.len() > PROGRESS_OPERATIONS;
    if progress {
        eprintln!(
            "read: {} file{} in {:.2} s",
            files_read,
            if files_read == 1 { "" } else { "s" },
            read_time.as_secs_f64()
        );
        eprintln!(
            "ir: {} operations, {} types in {:.2} s",
            api.operations.len(),
            api.types.len(),
            ir_time.as_secs_f64()
        );
    }
    tune_allocator_for_emission();
    let mut langs = langs.to_vec();
    langs.sort();
    langs.dedup();
    if config.package.name.is_none() {
        if let (name, Some(why)) = emit::default_base_name(&api) {
            eprintln!(
                "warning: package name {} guessed {}; set [package] name in sdkgen.toml to choose it",
                inert(&name),
                inert(&why)
            );
        }
    }
    // Package names and metadata are checked for every language first.
    let mut packages = Vec::with_capacity(langs.len());
    for &lang in &langs {
        let mut package = PackageInfo::new(&api, &config, lang);
        let given = match lang {
            Lang::Rust => config.rust.name.is_some(),
            Lang::Python => config.python.name.is_some(),
            Lang::Node => config.node.name.is_some(),
        };
        match emit::registry::check(lang, &mut package, given) {
            Ok(warnings) => {
                for w in warnings {
                    eprintln!("warning: {}", inert(&w));
                }
            }
            Err(e) => {
                let file = config_path.as_deref().unwrap_or(spec);
                eprintln!(
                    "error: {}: {}\n  hint: set [{}] name in sdkgen.toml to a valid name",
                    inert(&file.display().to_string()),
                    inert(&e),
                    lang.as_str()
                );
                return ExitCode::from(2);
            }
        }
        packages.push(package);
    }
    // One thread per language: the emitters share only the IR.
    let emitted: Vec<Emitted> = std::thread::scope(|scope| {
        let handles: Vec<_> = langs
            .iter()
            .zip(packages)
            .map(|(&lang, package)| {
                let api = &api;
                let handle = scope.spawn(move || emit_one(api, package, lang, out));
                (lang, handle)
            })
            .collect();
        handles
            .into_iter()
            .map(|(lang, handle)| {
                handle.join().unwrap_or_else(|_| Emitted {
                    lang,
                    result: Err("internal error: the emitter panicked".to_string()),
                    emit: Default::default(),
                    write: Default::default(),
                })
            })
            .collect()
    });
    let mut failed = false;
    for e in &emitted {
        let dir = out.join(e.lang.as_str());
        match &e.result {
            Ok(count) if progress => eprintln!(
                "{}: {count} files in {} (emit {:.2} s, write {:.2} s)",
                e.lang.as_str(),
                dir.display(),
                e.emit.as_secs_f64(),
                e.write.as_secs_f64()
            ),
            Ok(count) => eprintln!("{}: {count} files in {}", e.lang.as_str(), dir.display()),
            Err(message) => {
                eprintln!("{message}");
                failed = true;
            }
        }
    }
    let mut by_kind: std::collections::BTreeMap<&str, usize> = Default::default();
    for w in &api.warnings {
        *by_kind.entry(w.kind).or_default() += 1;
    }
    let warnings: Vec<String> = by_kind.iter().map(|(k, n)| format!("{n} {k}")).collect();
    eprintln!(
        "{} operations, {} types, warnings: {}; {:.2} s",
        api.operations.len(),
        api.types.len(),
        if warnings.is_empty() {
            "none".to_string()
        } else {
            warnings.join(", ")
        },
        started.elapsed().as_secs_f64()
    );
    let mut by_style: std::collections::BTreeMap<&str, usize> = Default::default();
    for op in &api.operations {
        if let Some(p) = &op.plan.pagination {
            *by_style.entry(p.style.as_str()).or_default() += 1;
        }
    }
    if !by_style.is_empty() {
        let styles: Vec<String> = by_style.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let paged: usize = by_style.values().sum();
        eprintln!(
            "pagination: {paged} list operation{} hand out their results a page at a time ({}); `sdkgen ir` shows each plan",
            if paged == 1 { "" } else { "s" },
            styles.join(", ")
        );
    }
    let streams: Vec<&sdkgen::ir::StreamPlan> = api
        .operations
        .iter()
        .filter_map(|op| op.plan.stream.as_ref())
        .collect();
    if !streams.is_empty() {
        let switched = streams.iter().filter(|s| s.switch.is_some()).count();
        eprintln!(
            "streams: {} operation{} answer with server-sent events ({switched} when the body asks); each gets a stream method in all three SDKs",
            streams.len(),
            if streams.len() == 1 { "" } else { "s" },
        );
    }
    for w in api.warnings.iter().take(WARNINGS_LISTED) {
        eprintln!(
            "warning: {} at {}: {}: {}",
            inert(&spec.display().to_string()),
            inert(&w.pointer),
            w.kind,
            inert(&w.message)
        );
    }
    let doubted: Vec<String> = api
        .operations
        .iter()
        .filter_map(|op| op.retry.doubted.map(|verb| (op, verb)))
        .map(|(op, verb)| format!("{} ({} {}: `{verb}`)", op.id, op.method.as_str(), op.path))
        .collect();
    if !doubted.is_empty() {
        eprintln!(
            "note: {} PUT/DELETE operation{} generated as unsafe or keyed, not idempotent, because {} own text or path says each call acts again; confirm one with `x-idempotent: true` if repeating it changes nothing: {}",
            doubted.len(),
            if doubted.len() == 1 { "" } else { "s" },
            if doubted.len() == 1 { "its" } else { "their" },
            inert(&doubted.join(", "))
        );
    }
    if api.warnings.len() > WARNINGS_LISTED {
        eprintln!(
            "... and {} more warnings: `sdkgen check {}` lists them all",
            api.warnings.len() - WARNINGS_LISTED,
            spec.display()
        );
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// How long mimalloc keeps memory freed during emission before returning it:
/// the emitters free and reuse many small blocks, and returning their pages
/// at once only to fault them back (zeroed) costs more time than the few
/// megabytes held for 10 ms add to the peak (measured on stripe.yaml).
const EMIT_PURGE_DELAY_MS: std::ffi::c_long = 10;

/// Prepares the allocator for emission: what the reading left free goes back
/// to the system now (the document, the IR and three emitters' output peak one
/// after the other, and returning each before the next keeps a stripe-sized
/// build's peak low); no transparent huge pages (a fault in a purged
/// huge-page region zeroes and maps 2 MB however little of it the emitters
/// touch: on stripe.yaml that was about a tenth of the emit time and 20 MB of
/// the peak); and a short purge delay.
fn tune_allocator_for_emission() {
    #[cfg(target_os = "linux")]
    {
        /// `PR_SET_THP_DISABLE` from `<linux/prctl.h>`.
        const PR_SET_THP_DISABLE: std::os::raw::c_int = 41;
        extern "C" {
            fn prctl(option: std::os::raw::c_int, ...) -> std::os::raw::c_int;
        }
        // SAFETY: prctl with PR_SET_THP_DISABLE takes one integer argument
        // (the rest must be zero) and only sets a flag of this process; on
        // failure (an old kernel) nothing changes, which is harmless.
        unsafe {
            prctl(
                PR_SET_THP_DISABLE,
                1 as std::os::raw::c_ulong,
                0 as std::os::raw::c_ulong,
                0 as std::os::raw::c_ulong,
                0 as std::os::raw::c_ulong,
            );
        }
    }
    // SAFETY: a documented call with no preconditions.
    unsafe { libmimalloc_sys::mi_collect(true) };
    set_purge_delay(EMIT_PURGE_DELAY_MS);
}

/// Emits and writes one language's package.
fn emit_one(api: &Api, package: PackageInfo, lang: Lang, out: &std::path::Path) -> Emitted {
    let started = Instant::now();
    let files = match emit::emit(lang, api, &package) {
        Ok(files) => files,
        Err(message) => {
            return Emitted {
                lang,
                result: Err(format!("{}: {message}", lang.as_str())),
                emit: started.elapsed(),
                write: Default::default(),
            }
        }
    };
    let emit_time = started.elapsed();
    let dir = out.join(lang.as_str());
    let result = match emit::write_package(&dir, &files) {
        Ok(()) => Ok(files.len()),
        Err(e) => Err(format!(
            "error: {}: cannot write the {} package: {e}",
            dir.display(),
            lang.as_str()
        )),
    };
    drop(files);
    Emitted {
        lang,
        result,
        emit: emit_time,
        write: started.elapsed() - emit_time,
    }
}
