"""The per-client retry budget: a token bucket."""

from __future__ import annotations

import threading

__all__ = [
    "DEFAULT_BUDGET_CAPACITY",
    "NO_RETRY_REFUND",
    "RETRY_COST",
    "THROTTLE_RETRY_COST",
    "TokenBucket",
]

DEFAULT_BUDGET_CAPACITY = 500
"""Tokens in a client's retry bucket (it starts full)."""

THROTTLE_RETRY_COST = 5
"""Cost of a retry after a 429 or an in-flight 409."""
RETRY_COST = 14
"""Cost of any other retry."""
NO_RETRY_REFUND = 1
"""Tokens a call that succeeded without retrying adds back."""


class TokenBucket:
    """Retry token bucket shared by every call of one client instance.

    Every operation takes a :class:`threading.Lock` for a few instructions and
    never blocks otherwise, so one instance is safe to share between threads
    and between the tasks of an event loop.
    """

    def __init__(self, capacity: int = DEFAULT_BUDGET_CAPACITY, level: int | None = None) -> None:
        if capacity < 0:
            raise ValueError("capacity must not be negative")
        self._capacity = capacity
        self._level = capacity if level is None else self._clamp(level)
        self._lock = threading.Lock()

    @property
    def capacity(self) -> int:
        return self._capacity

    @property
    def level(self) -> int:
        with self._lock:
            return self._level

    def try_take(self, cost: int) -> bool:
        """Take ``cost`` tokens if the bucket holds that many; else take none."""
        with self._lock:
            if self._level < cost:
                return False
            self._level -= cost
            return True

    def refund(self, amount: int) -> None:
        """Add ``amount`` tokens, never above the capacity."""
        with self._lock:
            self._level = min(self._capacity, self._level + amount)

    def set_level(self, level: int) -> None:
        """Set the level directly (for tests and conformance runners)."""
        with self._lock:
            self._level = self._clamp(level)

    def _clamp(self, level: int) -> int:
        if level < 0:
            raise ValueError("level must not be negative")
        return min(self._capacity, level)
