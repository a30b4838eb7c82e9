"""The Python retry loop of the generated retry page, run against a real mock.

``sdkgen docs specs/payments.yaml`` writes the page; the test takes the loop
out of it (the ``python`` code block that defines ``class Client``), runs it
as a module, and calls a real ``sdkgen mock specs/payments.yaml`` process on
127.0.0.1 started with ``--faults``. Every expectation comes from the page:
the operations' classes and numbers from its table, the waits from its
worked schedule. Waits go to a recorder instead of the clock, so nothing here
depends on timing.

``SDKGEN_BIN`` names the sdkgen binary (default: target/debug/sdkgen).
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import threading
import time
import types
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SPEC = REPO / "specs" / "payments.yaml"
BIN = Path(os.environ.get("SDKGEN_BIN", REPO / "target" / "debug" / "sdkgen"))
TOKEN = "sk_test_docs"
STARTUP_S = 30.0

_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _ms(number: str, unit: str) -> float:
    value = float(number.replace(",", ""))
    return value if unit == "ms" else value * 1000


class Page:
    """The generated retry page, and what it promises."""

    def __init__(self, text: str) -> None:
        self.text = text
        blocks = re.findall(r"^```python\n(.*?)^```$", text, re.S | re.M)
        loops = [b for b in blocks if "\nclass Client:" in b]
        assert len(loops) == 1, "the page has one Python retry loop"
        self.loop = loops[0]
        # The worked schedule: retry n waits uniform(0, window n).
        self.windows_s = [
            _ms(number, unit) / 1000
            for number, unit in re.findall(
                r"^\| \d+ \| \d+ \| \d+ \| 0 to ([\d.,]+) (ms|s)", text, re.M
            )
        ]
        assert self.windows_s, "the page has a worked schedule"
        # The operations table.
        self.ops: dict[str, dict[str, Any]] = {}
        for m in re.finditer(
            r"^\| `(\w+)` \| (\w+) `([^`]+)` \| (\w+) \| (\d+) \| ([\d.,]+) s \| [^|]+ \| "
            r"(?:the time left|([\d.,]+) (ms|s)) \|$",
            text,
            re.M,
        ):
            op, method, path, cls, attempts, deadline, timeout, unit = m.groups()
            self.ops[op] = {
                "method": method,
                "path": path,
                "retry_class": cls,
                "max_attempts": int(attempts),
                "deadline_s": float(deadline.replace(",", "")),
                "attempt_timeout_s": _ms(timeout, unit) / 1000 if timeout else None,
            }
        assert self.ops, "the page has a table of operations"
        m = re.search(r"The window reaches the cap of ([\d.,]+) (ms|s)", text)
        assert m
        self.cap_s = _ms(*m.groups()) / 1000

    def max_attempts(self) -> int:
        m = re.search(r"A call makes at most (\d+) attempts in all", self.text)
        assert m
        return int(m.group(1))

    def budget(self) -> tuple[int, int, int]:
        m = re.search(
            r"it holds at most (\d+) tokens.*?costs (\d+) tokens, any other\s+retry (\d+)",
            self.text,
            re.S,
        )
        assert m
        capacity, throttle, other = (int(g) for g in m.groups())
        return capacity, throttle, other


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Page:
    out = tmp_path_factory.mktemp("docs")
    subprocess.run([str(BIN), "docs", str(SPEC), "--out", str(out)], check=True)
    return Page((out / "retries.md").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def loop(page: Page) -> types.ModuleType:
    module = types.ModuleType("page_retry_loop")
    exec(compile(page.loop, "retries.md (python)", "exec"), module.__dict__)
    return module


class Mock:
    def __init__(self, *faults: str) -> None:
        args = [str(BIN), "mock", str(SPEC), "--port", "0", "--quiet"]
        if faults:
            args += ["--faults", *faults]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self._first_line()
        m = re.match(r"listening on (http://127\.0\.0\.1:\d+)", line)
        assert m, f"unexpected first line from the mock: {line!r}"
        self.url = m.group(1)

    def _first_line(self) -> str:
        result: list[str] = []
        reader = threading.Thread(
            target=lambda: result.append(self.process.stdout.readline()),  # type: ignore[union-attr]
            daemon=True,
        )
        reader.start()
        reader.join(STARTUP_S)
        if not result:
            self.process.kill()
            raise AssertionError("the mock printed no address")
        return result[0]

    def stats(self) -> dict[str, Any]:
        with _DIRECT.open(self.url + "/__sdkgen/stats", timeout=10) as r:
            return json.loads(r.read())

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(10)


@pytest.fixture
def mock(request: pytest.FixtureRequest) -> Iterator[Mock]:
    m = Mock(*request.param)
    yield m
    m.stop()


def faults(*specs: str) -> Any:
    return pytest.mark.parametrize("mock", [specs], indirect=True)


class Recorder:
    """Stands in for the clock, the sleep, the random draws and the wire."""

    def __init__(self, draws: list[float]) -> None:
        self.draws = list(draws)
        self.sleeps: list[float] = []
        self.now = 1000.0
        self.requests: list[dict[str, str]] = []
        self.responses: list[Any] = []
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        recorder = self

        class Opener:
            def open(self, req: urllib.request.Request, timeout: float) -> Any:
                recorder.requests.append({k.lower(): v for k, v in req.header_items()})
                recorder.timeouts.append(timeout)
                response = opener.open(req, timeout=timeout)
                recorder.responses.append(response)
                return response

        self.timeouts: list[float] = []
        self.opener = Opener()

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now

    def rand(self) -> float:
        return self.draws.pop(0)


class Logs(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def logs(loop: types.ModuleType) -> Iterator[Logs]:
    handler = Logs()
    loop.log.addHandler(handler)
    loop.log.setLevel(logging.INFO)
    yield handler
    loop.log.removeHandler(handler)


def client(loop: types.ModuleType, mock: Mock, rec: Recorder) -> Any:
    return loop.Client(
        mock.url,
        {"Authorization": f"Bearer {TOKEN}"},
        opener=rec.opener,
        sleep=rec.sleep,
        clock=rec.clock,
        rand=rec.rand,
    )


TRANSFER = {"amount": 1250, "currency": "eur", "vendor_id": "acme-supplies"}
VENDOR = {"name": "Acme"}


def call(c: Any, page: Page, op: str, body: Any = None, path: str | None = None, **kw: Any) -> Any:
    spec = dict(page.ops[op])
    method = spec.pop("method")
    template = spec.pop("path")
    spec.update(kw)
    return c.call(op, method, path or template, body, **spec)


@faults("status=503,op=createTransfer,first=2")
def test_503s_are_retried_with_the_waits_of_the_schedule_and_one_key(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    rec = Recorder([0.5, 0.25])
    c = client(loop, mock, rec)
    status, _, body = call(c, page, "createTransfer", TRANSFER)
    assert status == 201 and json.loads(body)["amount"] == 1250
    assert page.ops["createTransfer"]["retry_class"] == "keyed"
    assert len(rec.requests) == 3
    keys = {r["idempotency-key"] for r in rec.requests}
    assert len(keys) == 1, "one key per logical call, reused by every retry"
    assert rec.sleeps == pytest.approx([0.5 * page.windows_s[0], 0.25 * page.windows_s[1]])
    # Every attempt carries the time left, and gets the page's attempt timeout.
    left = [int(r["request-timeout-ms"]) for r in rec.requests]
    assert left[0] == page.ops["createTransfer"]["deadline_s"] * 1000
    assert left == sorted(left, reverse=True)
    assert rec.timeouts == [page.ops["createTransfer"]["attempt_timeout_s"]] * 3
    capacity, _, cost = page.budget()
    assert c.budget.tokens == capacity - 2 * cost + cost
    assert len(logs.lines) == 2
    for n, line in enumerate(logs.lines, start=1):
        assert f"createTransfer: attempt {n} of {page.max_attempts()} failed (HTTP 503)" in line
        assert f"retrying in {rec.sleeps[n - 1]:.3f} s" in line
        assert "retry tokens left" in line
    stats = mock.stats()
    assert stats["side_effects"]["createTransfer"] == 1
    assert stats["duplicates"] == 0


@faults("status=429,retry-after=1,op=createTransfer,first=1")
def test_429_waits_what_retry_after_asks_and_costs_the_throttle_price(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    rec = Recorder([])  # no draw: the hint replaces the jittered wait
    c = client(loop, mock, rec)
    status, _, _ = call(c, page, "createTransfer", TRANSFER)
    assert status == 201
    assert rec.sleeps == [1.0]
    assert len(rec.requests) == 2
    assert rec.requests[0]["idempotency-key"] == rec.requests[1]["idempotency-key"]
    capacity, throttle, _ = page.budget()
    assert c.budget.tokens == capacity  # 5 taken, 5 refunded on success
    assert "(HTTP 429)" in logs.lines[0] and f"{capacity - throttle} retry tokens left" in logs.lines[0]


@faults("reset=after,op=createTransfer,first=1")
def test_a_reset_after_processing_is_retried_with_the_same_key_and_replayed(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    rec = Recorder([0.5])
    c = client(loop, mock, rec)
    status, headers, _ = call(c, page, "createTransfer", TRANSFER)
    assert status == 201
    assert len(rec.requests) == 2
    assert rec.requests[0]["idempotency-key"] == rec.requests[1]["idempotency-key"]
    assert headers.get("Idempotent-Replayed") == "true"
    assert rec.sleeps == pytest.approx([0.5 * page.windows_s[0]])
    stats = mock.stats()
    assert stats["side_effects"]["createTransfer"] == 1
    assert stats["replays"] == 1
    assert stats["duplicates"] == 0


@faults("reset=after,op=updateVendor,first=1")
def test_an_unsafe_operation_is_not_retried_after_a_reset(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    assert "| `updateVendor` | PATCH `/vendors/{vendor_id}` |" in page.text
    assert page.ops["updateVendor"]["retry_class"] == "unsafe"
    rec = Recorder([0.5])
    c = client(loop, mock, rec)
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "updateVendor", VENDOR, path="/vendors/acme-supplies")
    assert raised.value.reason == "unsafe_to_retry"
    assert raised.value.attempts == 1
    assert "idempotency-key" not in rec.requests[0]
    assert rec.sleeps == [] and logs.lines == []
    assert mock.stats()["side_effects"]["updateVendor"] == 1


@faults("status=500,op=getTransfer")
def test_a_500_is_retried_once(page: Page, loop: types.ModuleType, mock: Mock, logs: Logs) -> None:
    rec = Recorder([0.5, 0.5])
    c = client(loop, mock, rec)
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "getTransfer", path="/transfers/tr_1")
    assert raised.value.reason == "not_retryable"
    assert raised.value.status == 500
    assert raised.value.attempts == 2
    assert len(rec.sleeps) == 1


@faults("status=500,op=createTransfer")
def test_a_500_of_a_keyed_operation_is_not_retried_when_failures_are_replayed(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    assert "answers a retry with\nthe same key with the same `500`" in page.text
    rec = Recorder([0.5])
    c = client(loop, mock, rec)
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "createTransfer", TRANSFER)
    assert (raised.value.reason, raised.value.attempts) == ("not_retryable", 1)


@faults("status=503,op=getTransfer")
def test_attempts_run_out(page: Page, loop: types.ModuleType, mock: Mock, logs: Logs) -> None:
    rec = Recorder([1.0, 1.0])
    c = client(loop, mock, rec)
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "getTransfer", path="/transfers/tr_1")
    assert raised.value.reason == "attempts_exhausted"
    assert raised.value.attempts == page.max_attempts() == len(rec.requests)
    assert rec.sleeps == pytest.approx(page.windows_s)


@faults("status=503,op=getTransfer")
def test_no_wait_runs_past_the_deadline(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    rec = Recorder([0.99, 0.99])
    c = client(loop, mock, rec)
    deadline = page.windows_s[0] * 0.99 + page.windows_s[1] * 0.5
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "getTransfer", path="/transfers/tr_1", deadline_s=deadline)
    # The first wait fits; the second would end past the deadline.
    assert raised.value.reason == "deadline_exceeded"
    assert raised.value.attempts == 2
    assert len(rec.sleeps) == 1


@faults("status=503,op=getTransfer,first=1")
def test_an_empty_budget_stops_retrying(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    rec = Recorder([0.5])
    c = client(loop, mock, rec)
    _, _, cost = page.budget()
    c.budget.tokens = cost - 1
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "getTransfer", path="/transfers/tr_1")
    assert (raised.value.reason, raised.value.attempts) == ("budget_exhausted", 1)


@faults("status=503,op=createTransfer,first=1")
def test_the_callers_own_key_is_sent_on_every_attempt_and_a_bad_one_never(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    rec = Recorder([0.5])
    c = client(loop, mock, rec)
    call(c, page, "createTransfer", TRANSFER, idempotency_key="order-8812-payout")
    assert [r["idempotency-key"] for r in rec.requests] == ["order-8812-payout"] * 2
    with pytest.raises(ValueError):
        call(c, page, "createTransfer", TRANSFER, idempotency_key="has a space")
    assert len(rec.requests) == 2


@faults("latency=3s,op=createTransfer,first=1")
def test_the_in_flight_409_is_retried_with_the_same_key(
    page: Page, loop: types.ModuleType, mock: Mock, logs: Logs
) -> None:
    first = Recorder([])
    sent = threading.Event()

    class Signalling:
        def open(self, req: urllib.request.Request, timeout: float) -> Any:
            opened = first.opener.open
            sent.set()
            return opened(req, timeout)

    slow = loop.Client(mock.url, {"Authorization": f"Bearer {TOKEN}"}, opener=Signalling())
    worker = threading.Thread(
        target=lambda: call(slow, page, "createTransfer", TRANSFER, idempotency_key="k-1",
                            attempt_timeout_s=None)
    )
    worker.start()
    assert sent.wait(10)
    time.sleep(0.2)  # let the first request claim the key; the mock holds it 3 s
    rec = Recorder([0.1, 0.1])
    c = client(loop, mock, rec)
    with pytest.raises(loop.RetryError) as raised:
        call(c, page, "createTransfer", TRANSFER, idempotency_key="k-1")
    worker.join(30)
    assert raised.value.reason == "attempts_exhausted"
    assert raised.value.status == 409
    assert all("(HTTP 409)" in line for line in logs.lines[-2:])
    capacity, throttle, _ = page.budget()
    assert c.budget.tokens == capacity - 2 * throttle
    assert mock.stats()["side_effects"]["createTransfer"] == 1
