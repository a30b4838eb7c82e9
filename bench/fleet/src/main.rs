//! Fleet benchmark: K sdkgen runtime clients, each with its own retry
//! budget, call the keyed `createTransfer` of the payments spec against the
//! in-process sdkgen mock through (a) a sustained outage, (b) 10% transient
//! 503s and (c) a 30 s outage followed by recovery, for three retry policies
//! side by side. See README.md for what is measured and how.

mod fleet;
mod measure;
mod report;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use sdkgen::mock::{Fault, MockConfig, MockServer};
use sdkgen_runtime::{Bytes, FailurePolicy, Method, Operation, RetryClass};

use crate::fleet::{failure_tally, Fleet, FleetPlan, Policy};
use crate::measure::{CallStats, Rates, Recovery, Sampler};

/// The operation every client calls: keyed, so retries are safe only
/// because every attempt of a logical call carries the same key.
const OPERATION_ID: &str = "createTransfer";
/// The body of every logical call (a fresh key makes each one a new transfer).
const TRANSFER: &str = r#"{"amount":1250,"currency":"eur","vendor_id":"acme-supplies"}"#;
/// Left out of the request rates of (a) and (b).
const WARMUP: Duration = Duration::from_secs(1);

#[derive(Parser, Debug)]
#[command(
    name = "fleet",
    about = "Many sdkgen runtime clients against the sdkgen mock: outage, transient 503s, recovery"
)]
struct Args {
    /// Client instances, each with its own runtime and retry budget [default: 200; quick: 50].
    #[arg(long)]
    clients: Option<usize>,
    /// (a) Length of the sustained outage, in seconds [default: 60; quick: 3].
    #[arg(long)]
    outage_secs: Option<u64>,
    /// (b) Length of the 10%-transient-503 run, in seconds [default: 20; quick: 3].
    #[arg(long)]
    duration_secs: Option<u64>,
    /// (c) Length of the outage before recovery, in seconds [default: 30; quick: 4].
    #[arg(long)]
    recovery_outage_secs: Option<u64>,
    /// Think time between a client's logical calls in (a) and (b), in milliseconds [default: 100].
    #[arg(long)]
    think_ms: Option<u64>,
    /// Think time between a client's logical calls in (c), in milliseconds [default: 1000].
    /// It must be well above the 100 ms window of the peak rate: a fleet in lockstep whose
    /// cycle fits in one window fills every window alike, and no peak can show.
    #[arg(long)]
    recovery_think_ms: Option<u64>,
    /// Which conditions to run, e.g. `ac` or `a,c` [default: abc].
    #[arg(long, default_value = "abc")]
    conditions: String,
    /// Smoke run: fewer clients and shorter windows (under a minute).
    #[arg(long)]
    quick: bool,
    /// The spec the mock serves [default: specs/payments.yaml of this repository].
    #[arg(long)]
    spec: Option<PathBuf>,
}

/// Everything a run needs, with the quick or full defaults applied.
#[derive(Debug, Clone)]
pub struct Settings {
    pub quick: bool,
    pub clients: usize,
    pub think: Duration,
    /// The think time of (c).
    pub recovery_think: Duration,
    /// (a)
    pub outage: Duration,
    /// (b)
    pub transient: Duration,
    pub transient_p: f64,
    /// (c): the outage, the least time measured after it, and the bound.
    pub recovery_outage: Duration,
    pub settle: Duration,
    pub recovery_bound: Duration,
}

impl Settings {
    fn from_args(args: &Args) -> Settings {
        let secs = |v: Option<u64>, full: u64, quick: u64| {
            Duration::from_secs(v.unwrap_or(if args.quick { quick } else { full }))
        };
        Settings {
            quick: args.quick,
            clients: args
                .clients
                .unwrap_or(if args.quick { 50 } else { 200 })
                .max(1),
            think: Duration::from_millis(args.think_ms.unwrap_or(100)),
            recovery_think: Duration::from_millis(args.recovery_think_ms.unwrap_or(1000)),
            outage: secs(args.outage_secs, 60, 3),
            transient: secs(args.duration_secs, 20, 3),
            transient_p: 0.1,
            recovery_outage: secs(args.recovery_outage_secs, 30, 4),
            settle: secs(None, 10, 2),
            recovery_bound: secs(None, 60, 10),
        }
    }
}

/// The three conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Condition {
    Outage,
    Transient,
    Recovery,
}

impl Condition {
    pub const ALL: [Condition; 3] = [Condition::Outage, Condition::Transient, Condition::Recovery];

    /// `a`, `b`, `c` in any order, commas and spaces ignored.
    fn parse_list(text: &str) -> Result<Vec<Condition>, String> {
        let mut chosen = Vec::new();
        for c in text.chars().filter(|c| !matches!(c, ',' | ' ')) {
            let condition = match c.to_ascii_lowercase() {
                'a' => Condition::Outage,
                'b' => Condition::Transient,
                'c' => Condition::Recovery,
                other => {
                    return Err(format!(
                        "--conditions: unknown condition {other:?} (use a, b, c)"
                    ))
                }
            };
            if !chosen.contains(&condition) {
                chosen.push(condition);
            }
        }
        if chosen.is_empty() {
            return Err("--conditions: name at least one of a, b, c".to_string());
        }
        chosen.sort();
        Ok(chosen)
    }

    fn faults(self, s: &Settings) -> Vec<Fault> {
        match self {
            Condition::Outage | Condition::Recovery => vec![Fault::status(503).op(OPERATION_ID)],
            Condition::Transient => vec![Fault::status(503).op(OPERATION_ID).p(s.transient_p)],
        }
    }
}

/// What one (condition, policy) run measured.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub policy: Policy,
    pub calls: CallStats,
    /// API requests the server received during the run.
    pub server_requests: u64,
    /// Request rates over the condition's rate window: while the clients
    /// ran for (a) and (b), after the first second; the `settle` seconds
    /// after the outage's end for (c).
    pub rates: Rates,
    /// (c)
    pub recovery: Option<Recovery>,
    pub failures: BTreeMap<&'static str, usize>,
}

impl RunResult {
    pub fn amplification(&self) -> f64 {
        if self.calls.calls == 0 {
            0.0
        } else {
            self.server_requests as f64 / self.calls.calls as f64
        }
    }
}

struct Bench {
    settings: Settings,
    server: Arc<MockServer>,
    operation: Arc<Operation>,
}

impl Bench {
    async fn run(&self, condition: Condition, policy: Policy) -> Result<RunResult, String> {
        let s = &self.settings;
        let server = &self.server;
        server.set_faults(condition.faults(s));
        server.reset();
        let active = match condition {
            Condition::Outage => s.outage,
            Condition::Transient => s.transient,
            Condition::Recovery => s.recovery_outage,
        };
        let plan = FleetPlan {
            policy,
            clients: s.clients,
            think: match condition {
                Condition::Recovery => s.recovery_think,
                Condition::Outage | Condition::Transient => s.think,
            },
            base_url: server.url(),
            operation: self.operation.clone(),
            body: Bytes::from_static(TRANSFER.as_bytes()),
            hard_stop: active + s.recovery_bound + Duration::from_secs(5),
        };
        let sampler = Sampler::start(server.clone());
        let fleet = Fleet::launch(&plan, Duration::from_millis(200))
            .map_err(|e| format!("cannot build the clients: {e}"))?;
        let start = fleet.start;
        tokio::time::sleep_until((start + active).into()).await;
        let mut outage_end = None;
        if condition == Condition::Recovery {
            server.clear_faults();
            let end = Instant::now();
            fleet.shared.set_outage_end(end - start);
            outage_end = Some(end);
            loop {
                tokio::time::sleep(Duration::from_millis(50)).await;
                let since = end.elapsed();
                let all_back = fleet.shared.clients_back() >= s.clients;
                if (all_back && since >= s.settle) || since >= s.recovery_bound {
                    break;
                }
            }
        }
        let records = fleet.finish().await;
        // Let the sampler read the counter once more after the last answer.
        tokio::time::sleep(Duration::from_millis(30)).await;
        let counter = sampler.finish();
        let server_requests = server.stats().requests;
        server.clear_faults();

        let (rates, recovery) = match outage_end {
            Some(end) => (
                Rates::of(&counter.windows(end, end + s.settle)),
                Some(Recovery::of(&records, s.clients, end - start)),
            ),
            None => {
                // Every client sends its first request in the first window, by
                // construction, whatever its policy: leave the first second out.
                let from = if active >= WARMUP * 2 {
                    start + WARMUP
                } else {
                    start
                };
                (Rates::of(&counter.windows(from, start + active)), None)
            }
        };
        Ok(RunResult {
            policy,
            calls: CallStats::of(&records),
            server_requests,
            rates,
            recovery,
            failures: failure_tally(&records),
        })
    }
}

/// The operation as the generator would emit it, read from the IR.
fn operation_from_ir(api: &sdkgen::ir::Api) -> Result<Operation, String> {
    let op = api
        .operations
        .iter()
        .find(|op| op.id == OPERATION_ID)
        .ok_or_else(|| format!("the spec has no operation {OPERATION_ID}"))?;
    if op.retry.class != sdkgen::ir::RetryClass::Keyed {
        return Err(format!(
            "{OPERATION_ID} is {}, not keyed",
            op.retry.class.as_str()
        ));
    }
    let contract = &api.key_contract;
    if let Some(header) = &contract.header {
        if !header.eq_ignore_ascii_case(sdkgen_runtime::DEFAULT_KEY_HEADER) {
            return Err(format!(
                "the spec's key header is {header}, the bench sends {}",
                sdkgen_runtime::DEFAULT_KEY_HEADER
            ));
        }
    }
    let failures = match contract.failures {
        Some(sdkgen::ir::FailurePolicy::Replay) => FailurePolicy::Replay,
        _ => FailurePolicy::Reattempt,
    };
    let mut operation =
        Operation::new(OPERATION_ID, Method::POST, RetryClass::Keyed).with_failures(failures);
    if let Some(ms) = op.plan.retry.effective.p99_ms {
        operation = operation.with_p99(Duration::from_millis(ms));
    }
    Ok(operation)
}

fn default_spec() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../specs/payments.yaml")
}

async fn bench(args: Args) -> Result<(), String> {
    let settings = Settings::from_args(&args);
    let conditions = Condition::parse_list(&args.conditions)?;
    let spec = args.spec.clone().unwrap_or_else(default_spec);
    let loaded = sdkgen::load::load(&spec).map_err(|d| format!("{}: {d}", spec.display()))?;
    let api = sdkgen::ir::build(&loaded).map_err(|d| format!("{}: {d}", spec.display()))?;
    let operation = Arc::new(operation_from_ir(&api)?);
    let (addr, server) = MockServer::start(api, MockConfig::new())
        .await
        .map_err(|e| format!("cannot start the mock: {e}"))?;
    if !addr.ip().is_loopback() {
        return Err(format!("the mock bound {addr}, not a loopback address"));
    }
    let bench = Bench {
        settings: settings.clone(),
        server: Arc::new(server),
        operation,
    };
    report::header(&settings, &addr.to_string());

    let began = Instant::now();
    let mut results: BTreeMap<Condition, Vec<RunResult>> = BTreeMap::new();
    for condition in conditions {
        for policy in Policy::ALL {
            eprintln!(
                "[{:>5.1}s] {} / {}",
                began.elapsed().as_secs_f64(),
                report::condition_title(condition),
                policy.label()
            );
            let result = bench.run(condition, policy).await?;
            results.entry(condition).or_default().push(result);
        }
        report::table(condition, &settings, &results[&condition]);
    }
    report::targets(&settings, &results);
    println!("total time {:.0} s", began.elapsed().as_secs_f64());
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(bench(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
