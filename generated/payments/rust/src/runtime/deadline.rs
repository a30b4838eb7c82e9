//! Deadline propagation: turning an incoming `Request-Timeout-Ms` header into
//! a deadline for the calls a server makes while handling that request.

use std::time::{Duration, Instant};

use reqwest::header::HeaderMap;

/// Default name of the header carrying the time left, in milliseconds.
pub const REQUEST_TIMEOUT_HEADER: &str = "Request-Timeout-Ms";

/// The deadline an incoming request's `Request-Timeout-Ms` header gives, from
/// now. `None` when the header is absent or not a whole number of milliseconds.
/// Pass it on with [`CallOptions::deadline`](super::CallOptions::deadline).
pub fn deadline_from_headers(headers: &HeaderMap) -> Option<Instant> {
    deadline_from_header(headers, REQUEST_TIMEOUT_HEADER)
}

/// As [`deadline_from_headers`], for a server whose header has another name.
pub fn deadline_from_header(headers: &HeaderMap, name: &str) -> Option<Instant> {
    deadline_from_header_at(headers, name, Instant::now())
}

/// As [`deadline_from_header`], counting from `now` (the moment the incoming
/// request arrived, or a test's instant).
pub fn deadline_from_header_at(headers: &HeaderMap, name: &str, now: Instant) -> Option<Instant> {
    let value = headers.get(name)?.to_str().ok()?.trim();
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms = value.parse::<u64>().ok()?;
    now.checked_add(Duration::from_millis(ms))
}

#[cfg(test)]
mod tests {
    use reqwest::header::HeaderValue;

    use super::*;

    #[test]
    fn reads_the_time_left() {
        let now = Instant::now();
        let mut headers = HeaderMap::new();
        headers.insert("request-timeout-ms", HeaderValue::from_static("1500"));
        assert_eq!(
            deadline_from_header_at(&headers, REQUEST_TIMEOUT_HEADER, now),
            Some(now + Duration::from_millis(1500))
        );
        let deadline = deadline_from_headers(&headers).expect("deadline");
        assert!(deadline > now && deadline <= Instant::now() + Duration::from_millis(1500));
    }

    #[test]
    fn ignores_absent_or_malformed_values() {
        let now = Instant::now();
        let mut headers = HeaderMap::new();
        assert_eq!(deadline_from_header_at(&headers, "x-budget-ms", now), None);
        for bad in ["", "-5", "1.5", "soon", "99999999999999999999999"] {
            headers.insert("x-budget-ms", HeaderValue::from_str(bad).expect("value"));
            assert_eq!(
                deadline_from_header_at(&headers, "x-budget-ms", now),
                None,
                "{bad:?}"
            );
        }
        headers.insert("x-budget-ms", HeaderValue::from_static(" 20 "));
        assert_eq!(
            deadline_from_header_at(&headers, "x-budget-ms", now),
            Some(now + Duration::from_millis(20))
        );
    }
}
