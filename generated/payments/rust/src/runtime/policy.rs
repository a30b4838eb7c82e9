//! The decision order for a failed attempt (conformance README, "Decision
//! order"), as one pure function of the outcome and the call's state.

use std::time::{Duration, SystemTime};

use reqwest::header::HeaderMap;
use reqwest::StatusCode;

use super::backoff::{
    decorrelated_jitter_ms, full_jitter_ms, retry_after_ms, Jitter, MAX_RETRY_AFTER_MS,
};
use super::budget::{TokenBucket, RETRY_COST, THROTTLE_RETRY_COST};
use super::clock::RandomSource;
use super::error::StopReason;
use super::operation::{FailurePolicy, RetryClass};

/// How many 500s one logical call may retry.
pub const INTERNAL_SERVER_ERROR_RETRIES: u32 = 1;

/// A failure below HTTP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TransportFailure {
    /// The connection was never made (refused, DNS, TLS handshake): clean.
    Connect,
    /// The connection broke after the request may have been sent (reset,
    /// incomplete response, body read failure): ambiguous.
    Broken,
    /// The attempt timeout (3 x p99) fired: ambiguous.
    Timeout,
    /// The attempt ran until the call's deadline: the deadline is exhausted.
    DeadlineReached,
}

impl TransportFailure {
    pub(super) fn describe(self) -> &'static str {
        match self {
            TransportFailure::Connect => "connection failed",
            TransportFailure::Broken => "connection broken",
            TransportFailure::Timeout => "attempt timeout",
            TransportFailure::DeadlineReached => "deadline reached",
        }
    }
}

/// A failed attempt as the decision sees it.
pub(super) enum Failure<'a> {
    Response {
        status: StatusCode,
        headers: &'a HeaderMap,
        /// A 409 carrying the in-flight code of a keyed operation's key
        /// contract (never set for other operations).
        in_flight: bool,
    },
    Transport(TransportFailure),
}

/// The retry settings in force for one logical call.
#[derive(Clone, Copy, Debug)]
pub(super) struct Policy {
    pub class: RetryClass,
    pub failures: FailurePolicy,
    pub jitter: Jitter,
    pub base_ms: u64,
    pub cap_ms: u64,
    /// 1 when retries are off.
    pub max_attempts: u32,
}

/// What the call has done so far.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CallState {
    /// Attempts made, the failed one included.
    pub attempts: u32,
    /// The 500s already retried in this call.
    pub retried_500: u32,
    /// The previous sleep taken in this call.
    pub prev_sleep_ms: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decision {
    Stop(StopReason),
    /// Retry after `sleep_ms`; `cost` tokens were already taken from the bucket.
    Retry {
        sleep_ms: u64,
        cost: u32,
    },
}

/// `x-should-retry: true|false`, anything else ignored.
fn should_retry_header(headers: &HeaderMap) -> Option<bool> {
    let value = headers.get("x-should-retry")?.to_str().ok()?.trim();
    if value.eq_ignore_ascii_case("true") {
        Some(true)
    } else if value.eq_ignore_ascii_case("false") {
        Some(false)
    } else {
        None
    }
}

/// Decides whether a failed attempt is retried. `remaining` is the time left
/// before the deadline now; `wall_now` is used for an HTTP-date Retry-After.
/// On `Retry` the cost has been taken from `bucket`.
pub(super) fn decide(
    failure: &Failure<'_>,
    policy: &Policy,
    state: &CallState,
    remaining: Duration,
    wall_now: SystemTime,
    random: &dyn RandomSource,
    bucket: &TokenBucket,
) -> Decision {
    use Decision::Stop;

    // An attempt cut by the call's deadline: the deadline is exhausted, and
    // an exhausted deadline is never retried (contract section 3), so this
    // stops before the decision order (and consumes no draw).
    if let Failure::Transport(TransportFailure::DeadlineReached) = failure {
        return Stop(StopReason::DeadlineExceeded);
    }

    // 1. The allowlist.
    if let Failure::Response {
        status,
        headers,
        in_flight,
    } = failure
    {
        match should_retry_header(headers) {
            Some(false) => return Stop(StopReason::NotRetryable),
            Some(true) => {}
            None => match status.as_u16() {
                429 | 502..=504 => {}
                500 => {
                    if policy.class == RetryClass::Unsafe {
                        return Stop(StopReason::UnsafeToRetry);
                    }
                    if state.retried_500 >= INTERNAL_SERVER_ERROR_RETRIES {
                        return Stop(StopReason::NotRetryable);
                    }
                    if policy.class == RetryClass::Keyed && policy.failures == FailurePolicy::Replay
                    {
                        return Stop(StopReason::NotRetryable);
                    }
                }
                409 if *in_flight => {}
                _ => return Stop(StopReason::NotRetryable),
            },
        }
    }

    // 2. Ambiguity.
    let ambiguous = match failure {
        Failure::Response { status, .. } => status.as_u16() >= 500,
        Failure::Transport(t) => *t != TransportFailure::Connect,
    };
    if ambiguous && policy.class == RetryClass::Unsafe {
        return Stop(StopReason::UnsafeToRetry);
    }

    // 3. Attempts left.
    if state.attempts >= policy.max_attempts.max(1) {
        return Stop(StopReason::AttemptsExhausted);
    }

    // 4. The sleep, and room for it before the deadline.
    let hint = match failure {
        Failure::Response {
            status, headers, ..
        } if matches!(status.as_u16(), 429 | 503) => retry_after_ms(headers, wall_now),
        _ => None,
    };
    let sleep_ms = match hint {
        Some(hint) => {
            if hint > MAX_RETRY_AFTER_MS {
                return Stop(StopReason::NotRetryable);
            }
            hint
        }
        None => {
            let u = random.next_f64();
            match policy.jitter {
                Jitter::Full => full_jitter_ms(
                    u,
                    policy.base_ms,
                    policy.cap_ms,
                    state.attempts.saturating_sub(1),
                ),
                Jitter::Decorrelated => decorrelated_jitter_ms(
                    u,
                    policy.base_ms,
                    policy.cap_ms,
                    state.prev_sleep_ms.unwrap_or(policy.base_ms),
                ),
            }
        }
    };
    if Duration::from_millis(sleep_ms) >= remaining {
        return Stop(StopReason::DeadlineExceeded);
    }

    // 5. The budget.
    let throttled = match failure {
        Failure::Response {
            status, in_flight, ..
        } => status.as_u16() == 429 || (status.as_u16() == 409 && *in_flight),
        Failure::Transport(_) => false,
    };
    let cost = if throttled {
        THROTTLE_RETRY_COST
    } else {
        RETRY_COST
    };
    if !bucket.try_take(cost) {
        return Stop(StopReason::BudgetExhausted);
    }
    Decision::Retry { sleep_ms, cost }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use reqwest::header::HeaderValue;

    use super::*;

    struct Draws(Mutex<Vec<f64>>);

    impl Draws {
        fn new(draws: &[f64]) -> Self {
            let mut v = draws.to_vec();
            v.reverse();
            Draws(Mutex::new(v))
        }
        fn left(&self) -> usize {
            self.0.lock().map(|v| v.len()).unwrap_or(0)
        }
    }

    impl RandomSource for Draws {
        fn next_f64(&self) -> f64 {
            self.0
                .lock()
                .ok()
                .and_then(|mut v| v.pop())
                .expect("a draw beyond the list")
        }
    }

    fn policy(class: RetryClass) -> Policy {
        Policy {
            class,
            failures: FailurePolicy::Reattempt,
            jitter: Jitter::Full,
            base_ms: 500,
            cap_ms: 20_000,
            max_attempts: 3,
        }
    }

    fn first() -> CallState {
        CallState {
            attempts: 1,
            ..CallState::default()
        }
    }

    const MINUTE: Duration = Duration::from_secs(60);

    fn status_decision(status: u16, headers: &HeaderMap, class: RetryClass) -> Decision {
        let failure = Failure::Response {
            status: StatusCode::from_u16(status).expect("status"),
            headers,
            in_flight: false,
        };
        decide(
            &failure,
            &policy(class),
            &first(),
            MINUTE,
            SystemTime::now(),
            &Draws::new(&[0.5]),
            &TokenBucket::default(),
        )
    }

    #[test]
    fn the_allowlist() {
        let none = HeaderMap::new();
        for status in [429, 502, 503, 504, 500] {
            assert!(
                matches!(
                    status_decision(status, &none, RetryClass::Safe),
                    Decision::Retry { .. }
                ),
                "{status}"
            );
        }
        for status in [400, 401, 403, 404, 409, 422, 501, 505, 599, 302] {
            assert_eq!(
                status_decision(status, &none, RetryClass::Safe),
                Decision::Stop(StopReason::NotRetryable),
                "{status}"
            );
        }
        assert_eq!(
            status_decision(500, &none, RetryClass::Unsafe),
            Decision::Stop(StopReason::UnsafeToRetry)
        );
        assert_eq!(
            status_decision(503, &none, RetryClass::Unsafe),
            Decision::Stop(StopReason::UnsafeToRetry)
        );
        assert!(matches!(
            status_decision(429, &none, RetryClass::Unsafe),
            Decision::Retry { cost: 5, .. }
        ));
    }

    #[test]
    fn x_should_retry_overrides_the_list() {
        let mut yes = HeaderMap::new();
        yes.insert("x-should-retry", HeaderValue::from_static("true"));
        let mut no = HeaderMap::new();
        no.insert("x-should-retry", HeaderValue::from_static("FALSE"));
        assert_eq!(
            status_decision(400, &yes, RetryClass::Safe),
            Decision::Retry {
                sleep_ms: 250,
                cost: 14
            }
        );
        assert_eq!(
            status_decision(503, &no, RetryClass::Safe),
            Decision::Stop(StopReason::NotRetryable)
        );
        // On the list, but still ambiguous for an unsafe operation.
        assert_eq!(
            status_decision(500, &yes, RetryClass::Unsafe),
            Decision::Stop(StopReason::UnsafeToRetry)
        );
        assert!(matches!(
            status_decision(409, &yes, RetryClass::Unsafe),
            Decision::Retry { .. }
        ));
    }

    #[test]
    fn five_hundred_at_most_once_and_not_for_replay() {
        let none = HeaderMap::new();
        let failure = Failure::Response {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            headers: &none,
            in_flight: false,
        };
        let state = CallState {
            attempts: 2,
            retried_500: 1,
            prev_sleep_ms: Some(100),
        };
        let draws = Draws::new(&[]);
        let bucket = TokenBucket::default();
        let now = SystemTime::now();
        assert_eq!(
            decide(
                &failure,
                &policy(RetryClass::Idempotent),
                &state,
                MINUTE,
                now,
                &draws,
                &bucket
            ),
            Decision::Stop(StopReason::NotRetryable)
        );
        let replay = Policy {
            failures: FailurePolicy::Replay,
            ..policy(RetryClass::Keyed)
        };
        assert_eq!(
            decide(&failure, &replay, &first(), MINUTE, now, &draws, &bucket),
            Decision::Stop(StopReason::NotRetryable)
        );
        let reattempt = policy(RetryClass::Keyed);
        let draws = Draws::new(&[0.0]);
        assert_eq!(
            decide(&failure, &reattempt, &first(), MINUTE, now, &draws, &bucket),
            Decision::Retry {
                sleep_ms: 0,
                cost: 14
            }
        );
    }

    #[test]
    fn transport_failures_clean_or_ambiguous() {
        let bucket = TokenBucket::default();
        let now = SystemTime::now();
        for (t, unsafe_outcome) in [
            (TransportFailure::Connect, None),
            (TransportFailure::Broken, Some(StopReason::UnsafeToRetry)),
            (TransportFailure::Timeout, Some(StopReason::UnsafeToRetry)),
            (
                TransportFailure::DeadlineReached,
                Some(StopReason::DeadlineExceeded),
            ),
        ] {
            let failure = Failure::Transport(t);
            let draws = Draws::new(&[0.5]);
            let d = decide(
                &failure,
                &policy(RetryClass::Unsafe),
                &first(),
                MINUTE,
                now,
                &draws,
                &bucket,
            );
            match unsafe_outcome {
                Some(reason) => assert_eq!(d, Decision::Stop(reason)),
                None => assert_eq!(
                    d,
                    Decision::Retry {
                        sleep_ms: 250,
                        cost: 14
                    }
                ),
            }
        }
    }

    #[test]
    fn an_attempt_cut_by_the_deadline_stops_without_a_draw() {
        let failure = Failure::Transport(TransportFailure::DeadlineReached);
        let draws = Draws::new(&[]);
        let bucket = TokenBucket::default();
        for class in [RetryClass::Safe, RetryClass::Unsafe] {
            assert_eq!(
                decide(
                    &failure,
                    &policy(class),
                    &first(),
                    Duration::ZERO,
                    SystemTime::now(),
                    &draws,
                    &bucket
                ),
                Decision::Stop(StopReason::DeadlineExceeded)
            );
        }
        assert_eq!(bucket.level(), 500);
    }

    #[test]
    fn attempts_then_deadline_then_budget() {
        let none = HeaderMap::new();
        let failure = Failure::Response {
            status: StatusCode::SERVICE_UNAVAILABLE,
            headers: &none,
            in_flight: false,
        };
        let now = SystemTime::now();
        let bucket = TokenBucket::default();
        let last = CallState {
            attempts: 3,
            ..CallState::default()
        };
        let draws = Draws::new(&[]);
        assert_eq!(
            decide(
                &failure,
                &policy(RetryClass::Safe),
                &last,
                MINUTE,
                now,
                &draws,
                &bucket
            ),
            Decision::Stop(StopReason::AttemptsExhausted)
        );
        let off = Policy {
            max_attempts: 1,
            ..policy(RetryClass::Safe)
        };
        assert_eq!(
            decide(&failure, &off, &first(), MINUTE, now, &draws, &bucket),
            Decision::Stop(StopReason::AttemptsExhausted)
        );
        // The draw is consumed, then the deadline has no room: 250 >= 250.
        let draws = Draws::new(&[0.5]);
        assert_eq!(
            decide(
                &failure,
                &policy(RetryClass::Safe),
                &first(),
                Duration::from_millis(250),
                now,
                &draws,
                &bucket
            ),
            Decision::Stop(StopReason::DeadlineExceeded)
        );
        assert_eq!(draws.left(), 0);
        assert_eq!(
            bucket.level(),
            500,
            "no tokens taken when the deadline stops"
        );
        bucket.set_level(13);
        let draws = Draws::new(&[0.5]);
        assert_eq!(
            decide(
                &failure,
                &policy(RetryClass::Safe),
                &first(),
                MINUTE,
                now,
                &draws,
                &bucket
            ),
            Decision::Stop(StopReason::BudgetExhausted)
        );
        assert_eq!(bucket.level(), 13);
        bucket.set_level(14);
        let draws = Draws::new(&[0.5]);
        assert!(matches!(
            decide(
                &failure,
                &policy(RetryClass::Safe),
                &first(),
                MINUTE,
                now,
                &draws,
                &bucket
            ),
            Decision::Retry { cost: 14, .. }
        ));
        assert_eq!(bucket.level(), 0);
    }

    #[test]
    fn throttling_costs_five() {
        let none = HeaderMap::new();
        let bucket = TokenBucket::default();
        let now = SystemTime::now();
        let in_flight = Failure::Response {
            status: StatusCode::CONFLICT,
            headers: &none,
            in_flight: true,
        };
        let draws = Draws::new(&[0.5]);
        assert_eq!(
            decide(
                &in_flight,
                &policy(RetryClass::Keyed),
                &first(),
                MINUTE,
                now,
                &draws,
                &bucket
            ),
            Decision::Retry {
                sleep_ms: 250,
                cost: 5
            }
        );
        assert_eq!(bucket.level(), 495);
    }

    #[test]
    fn retry_after_replaces_the_draw() {
        let mut h = HeaderMap::new();
        h.insert("retry-after", HeaderValue::from_static("2"));
        let now = SystemTime::now();
        let bucket = TokenBucket::default();
        let draws = Draws::new(&[]);
        for status in [
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::SERVICE_UNAVAILABLE,
        ] {
            let f = Failure::Response {
                status,
                headers: &h,
                in_flight: false,
            };
            assert!(matches!(
                decide(
                    &f,
                    &policy(RetryClass::Safe),
                    &first(),
                    MINUTE,
                    now,
                    &draws,
                    &bucket
                ),
                Decision::Retry { sleep_ms: 2000, .. }
            ));
        }
        // Not honoured on a 502: a draw is used.
        let f = Failure::Response {
            status: StatusCode::BAD_GATEWAY,
            headers: &h,
            in_flight: false,
        };
        let draws = Draws::new(&[0.1]);
        assert!(matches!(
            decide(
                &f,
                &policy(RetryClass::Safe),
                &first(),
                MINUTE,
                now,
                &draws,
                &bucket
            ),
            Decision::Retry { sleep_ms: 50, .. }
        ));
        // Too long, or not shorter than the time left.
        let mut long = HeaderMap::new();
        long.insert("retry-after-ms", HeaderValue::from_static("60001"));
        let f = Failure::Response {
            status: StatusCode::TOO_MANY_REQUESTS,
            headers: &long,
            in_flight: false,
        };
        let draws = Draws::new(&[]);
        assert_eq!(
            decide(
                &f,
                &policy(RetryClass::Safe),
                &first(),
                Duration::from_secs(600),
                now,
                &draws,
                &bucket
            ),
            Decision::Stop(StopReason::NotRetryable)
        );
        let f = Failure::Response {
            status: StatusCode::TOO_MANY_REQUESTS,
            headers: &h,
            in_flight: false,
        };
        assert_eq!(
            decide(
                &f,
                &policy(RetryClass::Safe),
                &first(),
                Duration::from_millis(2000),
                now,
                &draws,
                &bucket
            ),
            Decision::Stop(StopReason::DeadlineExceeded)
        );
    }

    #[test]
    fn backoff_exponent_and_decorrelated_memory() {
        let bucket = TokenBucket::default();
        let now = SystemTime::now();
        let f = Failure::Transport(TransportFailure::Connect);
        let p = Policy {
            max_attempts: 10,
            ..policy(RetryClass::Safe)
        };
        let third = CallState {
            attempts: 3,
            ..CallState::default()
        };
        let draws = Draws::new(&[0.5]);
        assert_eq!(
            decide(&f, &p, &third, MINUTE, now, &draws, &bucket),
            Decision::Retry {
                sleep_ms: 1000,
                cost: 14
            }
        );
        let d = Policy {
            jitter: Jitter::Decorrelated,
            ..p
        };
        let draws = Draws::new(&[0.5, 0.5]);
        assert_eq!(
            decide(&f, &d, &first(), MINUTE, now, &draws, &bucket),
            Decision::Retry {
                sleep_ms: 1000,
                cost: 14
            }
        );
        let second = CallState {
            attempts: 2,
            retried_500: 0,
            prev_sleep_ms: Some(1000),
        };
        assert_eq!(
            decide(&f, &d, &second, MINUTE, now, &draws, &bucket),
            Decision::Retry {
                sleep_ms: 1750,
                cost: 14
            }
        );
    }
}
