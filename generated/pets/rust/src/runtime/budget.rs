//! The per-client retry budget: a token bucket shared by every clone of a
//! runtime and safe to use from any thread or task.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Default capacity of the bucket; it starts full.
pub const DEFAULT_BUDGET_CAPACITY: u32 = 500;
/// Cost of a throttling retry (429, in-flight 409).
pub const THROTTLE_RETRY_COST: u32 = 5;
/// Cost of any other retry.
pub const RETRY_COST: u32 = 14;
/// Added back by a call that succeeded without retrying.
pub const SUCCESS_REFUND: u32 = 1;

/// A token bucket of retry credits. Cloning shares the same level.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    capacity: u32,
    level: Arc<AtomicU32>,
}

impl TokenBucket {
    /// A full bucket holding `capacity` tokens.
    pub fn new(capacity: u32) -> Self {
        TokenBucket {
            capacity,
            level: Arc::new(AtomicU32::new(capacity)),
        }
    }

    pub fn capacity(&self) -> u32 {
        self.capacity
    }

    /// Tokens left now.
    pub fn level(&self) -> u32 {
        self.level.load(Ordering::Acquire)
    }

    /// Sets the level directly (clamped to the capacity). Meant for tests.
    pub fn set_level(&self, level: u32) {
        self.level
            .store(level.min(self.capacity), Ordering::Release);
    }

    /// Takes `cost` tokens if the bucket holds at least that many; otherwise
    /// takes nothing and returns `false`.
    pub fn try_take(&self, cost: u32) -> bool {
        self.level
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |level| {
                level.checked_sub(cost)
            })
            .is_ok()
    }

    /// Adds `amount` tokens, never above the capacity.
    pub fn refund(&self, amount: u32) {
        let capacity = self.capacity;
        // The closure always returns Some, so the update cannot fail.
        let _ = self
            .level
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |level| {
                Some(level.saturating_add(amount).min(capacity))
            });
    }
}

impl Default for TokenBucket {
    fn default() -> Self {
        TokenBucket::new(DEFAULT_BUDGET_CAPACITY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_full_and_takes_only_what_it_holds() {
        let bucket = TokenBucket::default();
        assert_eq!(bucket.level(), 500);
        assert!(bucket.try_take(RETRY_COST));
        assert_eq!(bucket.level(), 486);
        bucket.set_level(13);
        assert!(!bucket.try_take(RETRY_COST));
        assert_eq!(bucket.level(), 13, "a refused take takes nothing");
        assert!(bucket.try_take(THROTTLE_RETRY_COST));
        assert_eq!(bucket.level(), 8);
        assert!(bucket.try_take(8));
        assert_eq!(bucket.level(), 0);
        assert!(!bucket.try_take(1));
    }

    #[test]
    fn refunds_never_exceed_capacity() {
        let bucket = TokenBucket::new(20);
        bucket.refund(SUCCESS_REFUND);
        assert_eq!(bucket.level(), 20);
        bucket.set_level(10);
        bucket.refund(RETRY_COST);
        assert_eq!(bucket.level(), 20);
        bucket.set_level(1000);
        assert_eq!(bucket.level(), 20, "set_level clamps to capacity");
        bucket.set_level(3);
        bucket.refund(u32::MAX);
        assert_eq!(bucket.level(), 20);
    }

    #[test]
    fn clones_share_the_level_across_threads() {
        let bucket = TokenBucket::new(500);
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let b = bucket.clone();
                std::thread::spawn(move || (0..100).filter(|_| b.try_take(1)).count())
            })
            .collect();
        let taken: usize = handles.into_iter().map(|h| h.join().expect("thread")).sum();
        assert_eq!(taken, 500);
        assert_eq!(bucket.level(), 0);
    }
}
