"""The retry token bucket."""

from __future__ import annotations

import threading

import pytest

from sdkgen_runtime import RETRY_COST, THROTTLE_RETRY_COST, TokenBucket


def test_starts_full() -> None:
    bucket = TokenBucket()
    assert bucket.capacity == 500
    assert bucket.level == 500


def test_costs() -> None:
    assert THROTTLE_RETRY_COST == 5
    assert RETRY_COST == 14


def test_take_only_when_enough() -> None:
    bucket = TokenBucket(500, 19)
    assert bucket.try_take(14)
    assert bucket.level == 5
    assert not bucket.try_take(14)
    assert bucket.level == 5
    assert bucket.try_take(5)
    assert bucket.level == 0
    assert not bucket.try_take(5)


def test_refund_never_above_capacity() -> None:
    bucket = TokenBucket(500, 495)
    bucket.refund(14)
    assert bucket.level == 500
    bucket.refund(1)
    assert bucket.level == 500


def test_set_level() -> None:
    bucket = TokenBucket(100)
    bucket.set_level(7)
    assert bucket.level == 7
    bucket.set_level(1000)
    assert bucket.level == 100
    with pytest.raises(ValueError):
        bucket.set_level(-1)


def test_threads_never_overdraw() -> None:
    """50 threads race for 10 retries each; exactly floor(500 / 14) succeed."""
    bucket = TokenBucket(500)
    wins: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(50)

    def worker() -> None:
        start.wait()
        mine = sum(1 for _ in range(10) if bucket.try_take(RETRY_COST))
        with lock:
            wins.append(mine)

    threads = [threading.Thread(target=worker) for _ in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(wins) == 500 // RETRY_COST
    assert bucket.level == 500 - (500 // RETRY_COST) * RETRY_COST


def test_threads_take_and_refund_balance() -> None:
    bucket = TokenBucket(10_000, 5_000)
    start = threading.Barrier(8)

    def worker() -> None:
        start.wait()
        for _ in range(2_000):
            if bucket.try_take(THROTTLE_RETRY_COST):
                bucket.refund(THROTTLE_RETRY_COST)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert bucket.level == 5_000
