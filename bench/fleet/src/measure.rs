//! The server side and the arithmetic: a sampler that reads the mock's
//! request counter every 10 ms, the 100 ms request histogram made from those
//! samples, and the per-run figures (amplification, success, latency
//! percentiles, peak and mean request rates, recovery).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sdkgen::mock::MockServer;

use crate::fleet::CallRecord;

/// The histogram's window.
pub const WINDOW: Duration = Duration::from_millis(100);
/// How often the sampler reads the server's request counter.
const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// Reads the mock's request counter (`Stats::requests`, every API request the
/// server received) on its own OS thread, so that a busy async runtime does
/// not delay the readings.
pub struct Sampler {
    samples: Arc<Mutex<Vec<(Instant, u64)>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Sampler {
    pub fn start(server: Arc<MockServer>) -> Sampler {
        let samples = Arc::new(Mutex::new(Vec::with_capacity(16_384)));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let samples = samples.clone();
            let stop = stop.clone();
            std::thread::spawn(move || {
                while !stop.load(Ordering::Acquire) {
                    let reading = (Instant::now(), server.stats().requests);
                    samples
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(reading);
                    std::thread::sleep(SAMPLE_EVERY);
                }
            })
        };
        Sampler {
            samples,
            stop,
            thread: Some(thread),
        }
    }

    /// Stops the sampler and returns the counter as a function of time.
    pub fn finish(mut self) -> Counter {
        self.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        let samples =
            std::mem::take(&mut *self.samples.lock().unwrap_or_else(PoisonError::into_inner));
        Counter { samples }
    }
}

impl Drop for Sampler {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
    }
}

/// The server's request counter, read every ~10 ms and interpolated
/// linearly in between.
pub struct Counter {
    samples: Vec<(Instant, u64)>,
}

impl Counter {
    /// Requests received by `t` (interpolated; clamped to the first and last readings).
    pub fn at(&self, t: Instant) -> f64 {
        let Some(&(first_t, first_n)) = self.samples.first() else {
            return 0.0;
        };
        if t <= first_t {
            return first_n as f64;
        }
        let i = self.samples.partition_point(|&(at, _)| at <= t);
        let Some(&(t1, n1)) = self.samples.get(i) else {
            return self.samples.last().map_or(0.0, |&(_, n)| n as f64);
        };
        let (t0, n0) = self.samples[i - 1];
        let span = (t1 - t0).as_secs_f64();
        if span <= 0.0 {
            return n1 as f64;
        }
        let f = (t - t0).as_secs_f64() / span;
        n0 as f64 + f * (n1 as f64 - n0 as f64)
    }

    /// Requests in each whole 100 ms window of `[from, to)`.
    pub fn windows(&self, from: Instant, to: Instant) -> Vec<f64> {
        let n = whole_windows(to.saturating_duration_since(from));
        (0..n)
            .map(|k| {
                let a = from + WINDOW * k;
                self.at(a + WINDOW) - self.at(a)
            })
            .collect()
    }
}

fn whole_windows(span: Duration) -> u32 {
    u32::try_from(span.as_nanos() / WINDOW.as_nanos()).unwrap_or(u32::MAX)
}

/// Peak and mean request rate (per second) over some 100 ms windows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rates {
    pub peak: f64,
    pub mean: f64,
}

impl Rates {
    pub fn of(windows: &[f64]) -> Rates {
        if windows.is_empty() {
            return Rates::default();
        }
        let per_second = 1.0 / WINDOW.as_secs_f64();
        let peak = windows.iter().copied().fold(0.0, f64::max) * per_second;
        let mean = windows.iter().sum::<f64>() / windows.len() as f64 * per_second;
        Rates { peak, mean }
    }

    pub fn peak_to_mean(&self) -> f64 {
        if self.mean > 0.0 {
            self.peak / self.mean
        } else {
            0.0
        }
    }
}

/// Nearest-rank percentile of already sorted values.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The client-side figures of one run.
#[derive(Debug, Clone, Copy, Default)]
pub struct CallStats {
    pub calls: usize,
    pub ok: usize,
    /// Requests the clients say they sent (a check on the server's count).
    pub client_attempts: u64,
    pub p50: Duration,
    pub p99: Duration,
}

impl CallStats {
    pub fn of(records: &[CallRecord]) -> CallStats {
        let mut latencies: Vec<Duration> = records.iter().map(CallRecord::latency).collect();
        latencies.sort_unstable();
        CallStats {
            calls: records.len(),
            ok: records.iter().filter(|r| r.ok()).count(),
            client_attempts: records.iter().map(|r| u64::from(r.attempts)).sum(),
            p50: percentile(&latencies, 50.0),
            p99: percentile(&latencies, 99.0),
        }
    }

    pub fn success(&self) -> f64 {
        if self.calls == 0 {
            0.0
        } else {
            self.ok as f64 / self.calls as f64
        }
    }
}

/// Recovery after an outage that ended `outage_end` after the fleet's start.
#[derive(Debug, Clone, Copy, Default)]
pub struct Recovery {
    /// The end of the first 100 ms window (from the outage's end) in which
    /// at least 95% of the logical calls that finished succeeded.
    pub recovered: Option<Duration>,
    /// When the last client finished its first successful call after the end.
    pub all_back: Option<Duration>,
}

/// The share of calls that must succeed in a window for it to count as recovered.
pub const RECOVERED_SHARE: f64 = 0.95;

impl Recovery {
    pub fn of(records: &[CallRecord], clients: usize, outage_end: Duration) -> Recovery {
        let after: Vec<&CallRecord> = records.iter().filter(|r| r.end >= outage_end).collect();
        let last_end = after.iter().map(|r| r.end).max().unwrap_or(outage_end);
        let windows = whole_windows(last_end - outage_end) + 1;
        let mut recovered = None;
        for k in 0..windows {
            let lo = outage_end + WINDOW * k;
            let hi = lo + WINDOW;
            let (done, ok) = after
                .iter()
                .filter(|r| r.end >= lo && r.end < hi)
                .fold((0usize, 0usize), |(d, o), r| {
                    (d + 1, o + usize::from(r.ok()))
                });
            if done > 0 && ok as f64 >= RECOVERED_SHARE * done as f64 {
                recovered = Some(WINDOW * (k + 1));
                break;
            }
        }
        let mut first_success = vec![None::<Duration>; clients];
        for r in after.iter().filter(|r| r.ok()) {
            if let Some(slot) = first_success.get_mut(r.client) {
                let since = r.end - outage_end;
                if slot.is_none_or(|s| since < s) {
                    *slot = Some(since);
                }
            }
        }
        let all_back = first_success
            .iter()
            .try_fold(Duration::ZERO, |latest, s| s.map(|s| latest.max(s)));
        Recovery {
            recovered,
            all_back,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(client: usize, start_ms: u64, end_ms: u64, ok: bool, attempts: u32) -> CallRecord {
        CallRecord {
            client,
            start: Duration::from_millis(start_ms),
            end: Duration::from_millis(end_ms),
            failure: if ok { None } else { Some("attempts_exhausted") },
            attempts,
        }
    }

    #[test]
    fn counter_interpolates_between_readings() {
        let t0 = Instant::now();
        let c = Counter {
            samples: vec![
                (t0, 0),
                (t0 + Duration::from_millis(100), 100),
                (t0 + Duration::from_millis(200), 100),
            ],
        };
        assert_eq!(c.at(t0 - Duration::from_millis(5)), 0.0);
        assert!((c.at(t0 + Duration::from_millis(50)) - 50.0).abs() < 1e-6);
        assert_eq!(c.at(t0 + Duration::from_secs(9)), 100.0);
        let w = c.windows(t0, t0 + Duration::from_millis(250));
        assert_eq!(w.len(), 2, "only whole windows");
        assert!((w[0] - 100.0).abs() < 1e-6 && w[1].abs() < 1e-6);
        let r = Rates::of(&w);
        assert!((r.peak - 1000.0).abs() < 1e-6 && (r.mean - 500.0).abs() < 1e-6);
        assert!((r.peak_to_mean() - 2.0).abs() < 1e-9);
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile(&v, 50.0), Duration::from_millis(50));
        assert_eq!(percentile(&v, 99.0), Duration::from_millis(99));
        assert_eq!(percentile(&v[..1], 99.0), Duration::from_millis(1));
        assert_eq!(percentile(&[], 50.0), Duration::ZERO);
    }

    #[test]
    fn recovery_finds_the_first_good_window_and_the_last_client_back() {
        let end = Duration::from_millis(1000);
        let records = [
            record(0, 900, 1010, false, 3),
            record(1, 950, 1050, false, 3),
            record(0, 1020, 1120, true, 1),
            record(1, 1060, 1130, true, 2),
            record(1, 1140, 1150, false, 1),
            record(1, 1150, 1210, true, 1),
            record(0, 1130, 1250, true, 1),
        ];
        let r = Recovery::of(&records, 2, end);
        assert_eq!(r.recovered, Some(Duration::from_millis(300)));
        assert_eq!(r.all_back, Some(Duration::from_millis(130)));
        let missing = Recovery::of(&records, 3, end);
        assert_eq!(missing.all_back, None, "client 2 never came back");
    }
}
