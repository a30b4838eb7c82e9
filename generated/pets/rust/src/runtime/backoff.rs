//! The shared backoff arithmetic and the Retry-After hint.
//!
//! Every runtime evaluates these formulas with IEEE 754 doubles in the same
//! order, so the same draws give the same sleeps in every language.

use std::time::SystemTime;

use reqwest::header::HeaderMap;

/// The jitter strategy between attempts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Jitter {
    /// `sleep = floor(u * min(cap, base * 2^n))`, n = 0 for the first retry.
    #[default]
    Full,
    /// `sleep = min(cap, floor(base + u * (prev * 3 - base)))`, `prev` the
    /// previous sleep of the call (`base` before the first).
    Decorrelated,
}

/// Retry-After hints above this stop the call with `not_retryable`.
pub const MAX_RETRY_AFTER_MS: u64 = 60_000;
/// Decorrelated jitter draws up to this many times the previous sleep.
pub const DECORRELATED_MULTIPLIER: u32 = 3;

/// A random draw clamped into `[0, 1)`; NaN counts as 0.
fn unit(u: f64) -> f64 {
    if u.is_nan() || u < 0.0 {
        0.0
    } else if u >= 1.0 {
        // The largest double below 1.
        1.0 - f64::EPSILON / 2.0
    } else {
        u
    }
}

/// Converts a non-negative, finite double to whole milliseconds (floor),
/// saturating at `u64::MAX`.
fn floor_ms(value: f64) -> u64 {
    if value.is_nan() || value <= 0.0 {
        0
    } else if value >= u64::MAX as f64 {
        u64::MAX
    } else {
        value.floor() as u64
    }
}

/// Full jitter for retry `n` (0 for the first retry):
/// `floor(u * min(cap_ms, base_ms * 2^n))`.
pub fn full_jitter_ms(u: f64, base_ms: u64, cap_ms: u64, n: u32) -> u64 {
    let exponent = i32::try_from(n).unwrap_or(i32::MAX);
    let ceiling = (cap_ms as f64).min(base_ms as f64 * 2f64.powi(exponent));
    floor_ms(unit(u) * ceiling)
}

/// Decorrelated jitter: `min(cap_ms, floor(base_ms + u * (prev_ms * 3 - base_ms)))`.
pub fn decorrelated_jitter_ms(u: f64, base_ms: u64, cap_ms: u64, prev_ms: u64) -> u64 {
    let base = base_ms as f64;
    let multiplier = f64::from(DECORRELATED_MULTIPLIER);
    let value = floor_ms(base + unit(u) * (prev_ms as f64 * multiplier - base));
    value.min(cap_ms)
}

/// The server's Retry-After hint in milliseconds: `retry-after-ms` first,
/// else `Retry-After` as whole seconds or an HTTP date (`date - wall_now`,
/// at least 0). `None` when neither header holds a value that parses.
pub fn retry_after_ms(headers: &HeaderMap, wall_now: SystemTime) -> Option<u64> {
    if let Some(ms) = headers
        .get("retry-after-ms")
        .and_then(|v| v.to_str().ok())
        .and_then(parse_millis)
    {
        return Some(ms);
    }
    let value = headers.get("retry-after")?.to_str().ok()?.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        // Digits only: whole seconds. Overlong values saturate (and stop the call).
        let seconds = value.parse::<u64>().unwrap_or(u64::MAX);
        return Some(seconds.saturating_mul(1000));
    }
    let date = httpdate::parse_http_date(value).ok()?;
    Some(match date.duration_since(wall_now) {
        Ok(ahead) => u64::try_from(ahead.as_millis()).unwrap_or(u64::MAX),
        Err(_) => 0,
    })
}

/// `retry-after-ms`: non-negative milliseconds, integer (or decimal, floored).
fn parse_millis(text: &str) -> Option<u64> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if text.bytes().all(|b| b.is_ascii_digit()) {
        return Some(text.parse::<u64>().unwrap_or(u64::MAX));
    }
    let valid = text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && text.bytes().filter(|&b| b == b'.').count() == 1;
    if !valid {
        return None;
    }
    let value = text.parse::<f64>().ok()?;
    value.is_finite().then(|| floor_ms(value))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use reqwest::header::{HeaderMap, HeaderValue};

    use super::*;

    #[test]
    fn full_jitter_follows_the_shared_formula() {
        assert_eq!(full_jitter_ms(0.5, 500, 20_000, 0), 250);
        assert_eq!(full_jitter_ms(0.5, 500, 20_000, 1), 500);
        assert_eq!(full_jitter_ms(0.999, 500, 20_000, 2), 1998);
        assert_eq!(full_jitter_ms(0.0, 500, 20_000, 3), 0);
        // Capped: 500 * 2^6 = 32000 > 20000.
        assert_eq!(full_jitter_ms(0.5, 500, 20_000, 6), 10_000);
        // A huge n saturates at the cap instead of overflowing.
        assert_eq!(full_jitter_ms(0.25, 500, 20_000, 5000), 5000);
        assert_eq!(full_jitter_ms(0.1, 500, 20_000, u32::MAX), 2000);
        // floor, not round.
        assert_eq!(full_jitter_ms(0.123_456, 500, 20_000, 0), 61);
    }

    #[test]
    fn decorrelated_jitter_follows_the_shared_formula() {
        // First retry: prev = base, so the range is [base, 3 * base).
        assert_eq!(decorrelated_jitter_ms(0.0, 500, 20_000, 500), 500);
        assert_eq!(decorrelated_jitter_ms(0.5, 500, 20_000, 500), 1000);
        assert_eq!(decorrelated_jitter_ms(0.5, 500, 20_000, 1000), 1750);
        assert_eq!(decorrelated_jitter_ms(0.999, 500, 20_000, 10_000), 20_000);
        assert_eq!(decorrelated_jitter_ms(0.3, 100, 20_000, 100), 160);
    }

    #[test]
    fn draws_outside_the_unit_interval_are_clamped() {
        assert_eq!(full_jitter_ms(f64::NAN, 500, 20_000, 0), 0);
        assert_eq!(full_jitter_ms(-1.0, 500, 20_000, 0), 0);
        assert_eq!(full_jitter_ms(7.0, 500, 20_000, 0), 499);
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).expect("test header"));
        }
        map
    }

    #[test]
    fn retry_after_ms_wins_over_retry_after() {
        let now = SystemTime::now();
        let h = headers(&[("retry-after-ms", "1500"), ("retry-after", "9")]);
        assert_eq!(retry_after_ms(&h, now), Some(1500));
        let h = headers(&[("retry-after-ms", "12.9")]);
        assert_eq!(retry_after_ms(&h, now), Some(12));
        // An unparseable retry-after-ms falls through to Retry-After.
        let h = headers(&[("retry-after-ms", "soon"), ("retry-after", "2")]);
        assert_eq!(retry_after_ms(&h, now), Some(2000));
    }

    #[test]
    fn retry_after_seconds_and_dates() {
        let now = SystemTime::now();
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", "3")]), now),
            Some(3000)
        );
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", " 0 ")]), now),
            Some(0)
        );
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", "99999999999999999999999")]), now),
            Some(u64::MAX)
        );
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", "-3")]), now),
            None
        );
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", "1.5")]), now),
            None
        );
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", "soon")]), now),
            None
        );
        assert_eq!(retry_after_ms(&HeaderMap::new(), now), None);

        let base = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let later = httpdate::fmt_http_date(base + Duration::from_secs(5));
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", &later)]), base),
            Some(5000)
        );
        let earlier = httpdate::fmt_http_date(base - Duration::from_secs(5));
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", &earlier)]), base),
            Some(0)
        );
        // The date is whole seconds: a wall clock mid-second floors the difference.
        let mid = base + Duration::from_millis(250);
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", &later)]), mid),
            Some(4750)
        );
    }
}
