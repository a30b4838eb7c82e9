//! Injectable time and randomness. Production uses tokio's clock and the
//! thread-local generator of `rand`; tests inject exact values.

use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

/// The future returned by [`Clock::sleep`].
pub type SleepFuture<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Monotonic time and sleeping between attempts.
///
/// Attempt timeouts always run on tokio's real timer; only the deadline
/// arithmetic (`now`) and the backoff sleeps go through this trait.
pub trait Clock: Send + Sync {
    fn now(&self) -> Instant;
    fn sleep(&self, duration: Duration) -> SleepFuture<'_>;
}

/// A source of uniform draws in `[0, 1)` for the jitter.
pub trait RandomSource: Send + Sync {
    fn next_f64(&self) -> f64;
}

/// The production clock: tokio's `Instant::now` (so tokio's paused test time
/// works too) and `tokio::time::sleep`.
#[derive(Clone, Copy, Debug, Default)]
pub struct TokioClock;

impl Clock for TokioClock {
    fn now(&self) -> Instant {
        tokio::time::Instant::now().into_std()
    }

    fn sleep(&self, duration: Duration) -> SleepFuture<'_> {
        Box::pin(tokio::time::sleep(duration))
    }
}

/// The production random source: `rand`'s thread-local generator.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreadRandom;

impl RandomSource for ThreadRandom {
    fn next_f64(&self) -> f64 {
        rand::random::<f64>()
    }
}
