"""deadline_from_headers."""

from __future__ import annotations

from sdkgen_runtime import Clock, deadline_from_headers


class FixedClock(Clock):
    def now(self) -> float:
        return 100.0


def test_mapping() -> None:
    assert deadline_from_headers({"Request-Timeout-Ms": "1500"}, clock=FixedClock()) == 101.5


def test_case_insensitive_and_custom_name() -> None:
    headers = {"x-deadline-ms": "250"}
    assert deadline_from_headers(headers, "X-Deadline-Ms", clock=FixedClock()) == 100.25


def test_pairs_text_and_bytes() -> None:
    assert deadline_from_headers([("request-timeout-ms", "0")], clock=FixedClock()) == 100.0
    asgi = [(b"host", b"x"), (b"request-timeout-ms", b"2000")]
    assert deadline_from_headers(asgi, clock=FixedClock()) == 102.0


def test_absent_or_invalid() -> None:
    clock = FixedClock()
    assert deadline_from_headers({}, clock=clock) is None
    for bad in ("", "-5", "1.5", "soon", "1e3"):
        assert deadline_from_headers({"Request-Timeout-Ms": bad}, clock=clock) is None


def test_system_clock_by_default() -> None:
    import time

    before = time.monotonic()
    deadline = deadline_from_headers({"Request-Timeout-Ms": "1000"})
    assert deadline is not None
    assert before + 1.0 <= deadline <= time.monotonic() + 1.0
