//! The server half of the idempotency-key contract: one entry per (caller,
//! key), claimed atomically, in one of two states (in flight, complete), with
//! the request's fingerprint beside it and the replay window counted from the
//! claim.
//!
//! Every state change happens inside one lock section, never across an
//! `.await`: a claim is a single insert-if-absent, so two requests with one
//! key cannot both execute, whatever the timing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bytes::Bytes;

/// (caller, key): a key is unique per credential.
pub(crate) type Scope = (String, String);

/// A response kept for replay.
#[derive(Debug, Clone)]
pub(crate) struct Stored {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Bytes,
}

#[derive(Debug)]
enum State {
    /// Claimed by the request holding this token.
    InFlight(u64),
    Complete(Arc<Stored>),
}

#[derive(Debug)]
struct Entry {
    fingerprint: [u8; 32],
    state: State,
    claimed_at: Instant,
}

/// What a claim found.
#[derive(Debug)]
pub(crate) enum Claim {
    /// The key is this request's now: execute, then complete or release.
    Fresh { token: u64, claimed_at: Instant },
    /// Another request with this key is still executing.
    InFlight,
    /// The key was used with another request (method, path or body).
    Mismatch,
    /// The same request completed before: send this back.
    Replay(Arc<Stored>),
}

struct Inner {
    entries: HashMap<Scope, Entry>,
    next_token: u64,
    /// When the last committed execution of each (caller, key) claimed it:
    /// the ledger that counts duplicates, kept apart from the entries.
    commits: HashMap<Scope, Instant>,
    claims_since_sweep: u32,
}

pub(crate) struct KeyStore {
    window: Duration,
    inner: Mutex<Inner>,
}

/// Expired entries are swept every this many claims.
const SWEEP_EVERY: u32 = 1024;

impl KeyStore {
    pub fn new(window: Duration) -> KeyStore {
        KeyStore {
            window,
            inner: Mutex::new(Inner {
                entries: HashMap::new(),
                next_token: 1,
                commits: HashMap::new(),
                claims_since_sweep: 0,
            }),
        }
    }

    pub fn window(&self) -> Duration {
        self.window
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic elsewhere while holding the lock leaves the map consistent
        // (every change is one statement), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Claims `scope` for a request with this fingerprint, or says why not.
    pub fn claim(&self, scope: &Scope, fingerprint: [u8; 32], now: Instant) -> Claim {
        let window = self.window;
        let mut inner = self.lock();
        inner.claims_since_sweep += 1;
        if inner.claims_since_sweep >= SWEEP_EVERY {
            inner.claims_since_sweep = 0;
            inner.entries.retain(|_, e| {
                matches!(e.state, State::InFlight(_)) || now.duration_since(e.claimed_at) < window
            });
            inner.commits.retain(|_, t| now.duration_since(*t) < window);
        }
        let token = inner.next_token;
        if let Some(entry) = inner.entries.get(scope) {
            // An in-flight entry is never taken over, however old: the
            // request holding it may still commit.
            let expired = matches!(entry.state, State::Complete(_))
                && now.duration_since(entry.claimed_at) >= window;
            if !expired {
                return if entry.fingerprint != fingerprint {
                    Claim::Mismatch
                } else {
                    match &entry.state {
                        State::InFlight(_) => Claim::InFlight,
                        State::Complete(stored) => Claim::Replay(stored.clone()),
                    }
                };
            }
        }
        inner.next_token += 1;
        inner.entries.insert(
            scope.clone(),
            Entry {
                fingerprint,
                state: State::InFlight(token),
                claimed_at: now,
            },
        );
        Claim::Fresh {
            token,
            claimed_at: now,
        }
    }

    /// Stores the response of the claim `token` for replay.
    pub fn complete(&self, scope: &Scope, token: u64, stored: Stored) {
        let mut inner = self.lock();
        if let Some(entry) = inner.entries.get_mut(scope) {
            if matches!(entry.state, State::InFlight(t) if t == token) {
                entry.state = State::Complete(Arc::new(stored));
            }
        }
    }

    /// Gives the key back (the request did not run, or failed without a
    /// stored result): the next request with it executes.
    pub fn release(&self, scope: &Scope, token: u64) {
        let mut inner = self.lock();
        if inner
            .entries
            .get(scope)
            .is_some_and(|e| matches!(e.state, State::InFlight(t) if t == token))
        {
            inner.entries.remove(scope);
        }
    }

    /// Records a committed execution of the claim made at `claimed_at`;
    /// `true` when it duplicates one whose window was still open then.
    pub fn record_commit(&self, scope: &Scope, claimed_at: Instant) -> bool {
        let window = self.window;
        let mut inner = self.lock();
        let duplicate = inner.commits.get(scope).is_some_and(|prev| {
            claimed_at
                .checked_duration_since(*prev)
                .unwrap_or(Duration::ZERO)
                < window
        });
        inner.commits.insert(scope.clone(), claimed_at);
        duplicate
    }

    /// Forgets every key (a reset).
    pub fn clear(&self) {
        let mut inner = self.lock();
        inner.entries.clear();
        inner.commits.clear();
        inner.claims_since_sweep = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope(k: &str) -> Scope {
        ("caller".to_string(), k.to_string())
    }

    fn stored(status: u16) -> Stored {
        Stored {
            status,
            headers: vec![],
            body: Bytes::from_static(b"{}"),
        }
    }

    #[test]
    fn three_states() {
        let store = KeyStore::new(Duration::from_secs(60));
        let now = Instant::now();
        let Claim::Fresh { token, .. } = store.claim(&scope("k"), [1; 32], now) else {
            panic!("first claim")
        };
        assert!(matches!(
            store.claim(&scope("k"), [1; 32], now),
            Claim::InFlight
        ));
        assert!(matches!(
            store.claim(&scope("k"), [2; 32], now),
            Claim::Mismatch
        ));
        store.complete(&scope("k"), token, stored(201));
        match store.claim(&scope("k"), [1; 32], now) {
            Claim::Replay(s) => assert_eq!(s.status, 201),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            store.claim(&scope("k"), [2; 32], now),
            Claim::Mismatch
        ));
        // Another caller's key of the same name is another key.
        let other = ("someone else".to_string(), "k".to_string());
        assert!(matches!(
            store.claim(&other, [1; 32], now),
            Claim::Fresh { .. }
        ));
    }

    #[test]
    fn release_and_expiry() {
        let store = KeyStore::new(Duration::from_millis(100));
        let t0 = Instant::now();
        let Claim::Fresh { token, .. } = store.claim(&scope("k"), [1; 32], t0) else {
            panic!()
        };
        store.release(&scope("k"), token);
        let Claim::Fresh { token, claimed_at } = store.claim(&scope("k"), [1; 32], t0) else {
            panic!("released keys are free")
        };
        assert!(!store.record_commit(&scope("k"), claimed_at));
        store.complete(&scope("k"), token, stored(200));
        let later = t0 + Duration::from_millis(100);
        let Claim::Fresh { claimed_at, .. } = store.claim(&scope("k"), [2; 32], later) else {
            panic!("an expired key is a new request")
        };
        assert!(!store.record_commit(&scope("k"), claimed_at));
        // A second commit inside the window is a duplicate.
        assert!(store.record_commit(&scope("k"), claimed_at));
    }

    #[test]
    fn a_stale_token_changes_nothing() {
        let store = KeyStore::new(Duration::from_secs(60));
        let now = Instant::now();
        let Claim::Fresh { token, .. } = store.claim(&scope("k"), [1; 32], now) else {
            panic!()
        };
        store.clear();
        let Claim::Fresh { token: t2, .. } = store.claim(&scope("k"), [1; 32], now) else {
            panic!()
        };
        store.complete(&scope("k"), token, stored(500));
        store.release(&scope("k"), token);
        assert!(matches!(
            store.claim(&scope("k"), [1; 32], now),
            Claim::InFlight
        ));
        store.complete(&scope("k"), t2, stored(201));
        assert!(matches!(
            store.claim(&scope("k"), [1; 32], now),
            Claim::Replay(_)
        ));
    }
}
