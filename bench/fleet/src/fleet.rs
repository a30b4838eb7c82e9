//! The client side: K independent clients, each with its own runtime (its
//! own connection pool and its own retry budget), calling `createTransfer`
//! in a loop with a fixed think time between logical calls.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sdkgen_runtime::{
    generate_idempotency_key, Auth, Bytes, CallOptions, Config, Error, HeaderValue, Method,
    Operation, Request, Runtime, StopReason,
};

/// The retry policy a fleet runs with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// The contract defaults: 3 attempts, full jitter (500 ms base, 20 s
    /// cap), 60 s deadline, a 500-token bucket per client with refunds.
    Defaults,
    /// The same with a bucket too large to ever run dry.
    NoBucket,
    /// 3 attempts with a fixed 500 ms sleep and no bucket: the runtime's own
    /// retries are off and the bench loops around it.
    FixedDelay,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::Defaults, Policy::NoBucket, Policy::FixedDelay];

    pub fn label(self) -> &'static str {
        match self {
            Policy::Defaults => "(1) sdkgen defaults",
            Policy::NoBucket => "(2) defaults, no bucket",
            Policy::FixedDelay => "(3) fixed 500 ms, no jitter",
        }
    }

    /// Full jitter between attempts (policies 1 and 2).
    pub fn jittered(self) -> bool {
        !matches!(self, Policy::FixedDelay)
    }

    fn config(self, base_url: &str, client: usize) -> Config {
        let config =
            Config::new(base_url).with_auth(Auth::bearer(format!("sk_test_fleet_{client}")));
        match self {
            Policy::Defaults => config,
            Policy::NoBucket => config.with_budget_capacity(u32::MAX),
            Policy::FixedDelay => config.with_retries(false).with_budget_capacity(u32::MAX),
        }
    }
}

/// Attempts and the fixed sleep of policy (3).
const FIXED_ATTEMPTS: u32 = 3;
const FIXED_SLEEP: Duration = Duration::from_millis(500);
/// The contract's deadline for a whole logical call, applied to policy (3)'s loop.
const CALL_DEADLINE: Duration = Duration::from_secs(60);

/// One logical call, timed from the fleet's start.
#[derive(Debug, Clone, Copy)]
pub struct CallRecord {
    pub client: usize,
    pub start: Duration,
    pub end: Duration,
    /// `None` on success, else why the call stopped.
    pub failure: Option<&'static str>,
    /// Requests the call sent (as the client counted them).
    pub attempts: u32,
}

impl CallRecord {
    pub fn ok(&self) -> bool {
        self.failure.is_none()
    }

    pub fn latency(&self) -> Duration {
        self.end.saturating_sub(self.start)
    }
}

/// What the clients share while a fleet runs: the stop flag, and for the
/// recovery condition the outage's end and how many clients succeeded since.
pub struct Shared {
    stop: AtomicBool,
    /// Milliseconds from the start to the outage's end; `u64::MAX` until known.
    outage_end_ms: AtomicU64,
    /// Clients that finished a successful call after the outage's end.
    back: AtomicUsize,
}

impl Shared {
    pub fn new() -> Arc<Shared> {
        Arc::new(Shared {
            stop: AtomicBool::new(false),
            outage_end_ms: AtomicU64::new(u64::MAX),
            back: AtomicUsize::new(0),
        })
    }

    /// Clients start no new call after this.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    pub fn set_outage_end(&self, since_start: Duration) {
        let ms = u64::try_from(since_start.as_millis()).unwrap_or(u64::MAX - 1);
        self.outage_end_ms.store(ms, Ordering::Release);
    }

    pub fn clients_back(&self) -> usize {
        self.back.load(Ordering::Acquire)
    }
}

/// How a fleet runs.
pub struct FleetPlan {
    pub policy: Policy,
    pub clients: usize,
    pub think: Duration,
    pub base_url: String,
    pub operation: Arc<Operation>,
    pub body: Bytes,
    /// A bound no client loop outlives, whatever the controller does.
    pub hard_stop: Duration,
}

/// A fleet whose clients wait for `start` and then loop.
pub struct Fleet {
    pub start: Instant,
    pub shared: Arc<Shared>,
    tasks: Vec<tokio::task::JoinHandle<Vec<CallRecord>>>,
}

impl Fleet {
    /// Builds every client's runtime, then spawns the clients; they all begin
    /// their first call together, `lead` from now.
    pub fn launch(plan: &FleetPlan, lead: Duration) -> Result<Fleet, Error> {
        let runtimes = (0..plan.clients)
            .map(|i| Runtime::new(plan.policy.config(&plan.base_url, i)))
            .collect::<Result<Vec<_>, _>>()?;
        let start = Instant::now() + lead;
        let shared = Shared::new();
        let tasks = runtimes
            .into_iter()
            .enumerate()
            .map(|(client, runtime)| {
                let ctx = ClientCtx {
                    client,
                    runtime,
                    policy: plan.policy,
                    operation: plan.operation.clone(),
                    body: plan.body.clone(),
                    think: plan.think,
                    start,
                    hard_stop: start + plan.hard_stop,
                    shared: shared.clone(),
                };
                tokio::spawn(ctx.run())
            })
            .collect();
        Ok(Fleet {
            start,
            shared,
            tasks,
        })
    }

    /// Stops the clients (each finishes its current call) and gathers their records.
    pub async fn finish(self) -> Vec<CallRecord> {
        self.shared.stop();
        let mut records = Vec::new();
        for task in self.tasks {
            match task.await {
                Ok(mut r) => records.append(&mut r),
                Err(e) => eprintln!("fleet: a client task failed: {e}"),
            }
        }
        records.sort_by_key(|r| r.start);
        records
    }
}

struct ClientCtx {
    client: usize,
    runtime: Runtime,
    policy: Policy,
    operation: Arc<Operation>,
    body: Bytes,
    think: Duration,
    start: Instant,
    hard_stop: Instant,
    shared: Arc<Shared>,
}

impl ClientCtx {
    async fn run(self) -> Vec<CallRecord> {
        tokio::time::sleep_until(self.start.into()).await;
        let mut records = Vec::new();
        let mut back = false;
        while !self.shared.stop.load(Ordering::Acquire) && Instant::now() < self.hard_stop {
            let begun = Instant::now();
            let (failure, attempts) = match self.policy {
                Policy::FixedDelay => self.fixed_delay_call().await,
                Policy::Defaults | Policy::NoBucket => self.runtime_call().await,
            };
            let record = CallRecord {
                client: self.client,
                start: begun - self.start,
                end: Instant::now() - self.start,
                failure,
                attempts,
            };
            if !back && record.ok() {
                let outage_end = self.shared.outage_end_ms.load(Ordering::Acquire);
                if outage_end != u64::MAX && record.end >= Duration::from_millis(outage_end) {
                    back = true;
                    self.shared.back.fetch_add(1, Ordering::AcqRel);
                }
            }
            records.push(record);
            tokio::time::sleep(self.think).await;
        }
        records
    }

    fn request(&self) -> Request {
        Request::new(Method::POST, "/transfers").body(
            self.body.clone(),
            HeaderValue::from_static("application/json"),
        )
    }

    /// Policies (1) and (2): one `execute`, the runtime retries.
    async fn runtime_call(&self) -> (Option<&'static str>, u32) {
        match self
            .runtime
            .execute(&self.operation, self.request(), CallOptions::new())
            .await
        {
            Ok(response) => (None, response.attempts),
            Err(e) => (Some(failure_name(&e)), e.attempts()),
        }
    }

    /// Policy (3): up to 3 single-attempt `execute`s with one key, a fixed
    /// sleep between them, inside the contract's 60 s deadline.
    async fn fixed_delay_call(&self) -> (Option<&'static str>, u32) {
        let key = generate_idempotency_key();
        let deadline = Instant::now() + CALL_DEADLINE;
        let mut attempts = 0;
        let mut attempt = 0;
        loop {
            attempt += 1;
            let options = CallOptions::new()
                .retries(false)
                .idempotency_key(key.clone())
                .deadline(deadline);
            let error = match self
                .runtime
                .execute(&self.operation, self.request(), options)
                .await
            {
                Ok(response) => return (None, attempts + response.attempts),
                Err(e) => e,
            };
            attempts += error.attempts();
            if !retryable(&error) {
                return (Some(failure_name(&error)), attempts);
            }
            if attempt >= FIXED_ATTEMPTS {
                return (Some(StopReason::AttemptsExhausted.as_str()), attempts);
            }
            if Instant::now() + FIXED_SLEEP >= deadline {
                return (Some(StopReason::DeadlineExceeded.as_str()), attempts);
            }
            tokio::time::sleep(FIXED_SLEEP).await;
        }
    }
}

/// Why a call failed, for the tallies: the runtime's stop reason, else the error kind.
fn failure_name(e: &Error) -> &'static str {
    match e.stop_reason() {
        Some(reason) => reason.as_str(),
        None => e.kind(),
    }
}

/// The contract's allowlist as it applies to `createTransfer` (keyed, failures
/// replayed, so a 500 is not retried): 429, 502, 503, 504, the in-flight 409,
/// connection errors and attempt timeouts.
fn retryable(e: &Error) -> bool {
    match e {
        Error::IdempotencyInFlight(_) => true,
        Error::Api(api) => matches!(api.status.as_u16(), 429 | 502 | 503 | 504),
        Error::Connection { .. } => true,
        Error::Timeout { stop_reason, .. } => *stop_reason != StopReason::DeadlineExceeded,
        _ => false,
    }
}

/// Failed calls by reason, for the notes under a table.
pub fn failure_tally(records: &[CallRecord]) -> BTreeMap<&'static str, usize> {
    let mut tally = BTreeMap::new();
    for r in records {
        if let Some(reason) = r.failure {
            *tally.entry(reason).or_insert(0) += 1;
        }
    }
    tally
}
