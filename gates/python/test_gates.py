"""The duplicate gates of the generated Python SDK (generated/payments/python).

Each gate starts its own ``sdkgen mock specs/payments.yaml --port 0`` process on
127.0.0.1, installs its faults through ``POST /__sdkgen/faults``, drives the
SDK's real API against it (``Payments`` with threads, ``AsyncPayments`` with
asyncio), and judges the outcome from what the caller got and from
``GET /__sdkgen/stats``. The process is killed when the gate ends.

The SDK runs with its defaults (3 attempts, full jitter with base 500 ms,
attempt timeout 3 x 400 ms, 60 s deadline, 500-token budget): no gate changes
a retry knob. The harness bounds every call instead, so a hung call fails its
gate rather than the run.

``SDKGEN_BIN`` names the sdkgen binary; the default is the repository's
``target/debug/sdkgen`` (scripts/test-gates builds it). Run with
``python3 -m pytest gates/python``; needs httpx and pytest.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

REPO = Path(__file__).resolve().parents[2]
# Import the generated package in place, leaving no bytecode in generated/.
sys.dont_write_bytecode = True
sys.path.insert(0, str(REPO / "generated" / "payments" / "python"))

import payments  # noqa: E402
from payments import models  # noqa: E402

T = TypeVar("T")

STARTUP_S = 30.0
"""How long the mock may take to print its address."""
CALL_BOUND_S = 30.0
"""The harness's bound on one logical call (the SDK's own deadline is 60 s)."""
CONTROL_BOUND_S = 10.0
"""The bound on one control request."""

CALLS = 50
"""Gate 1: how many concurrent calls share one key."""
GATE1_ROUNDS = 5
"""Gate 1: at most this many rounds to get one where a call meets the in-flight
409 (see the gate)."""

GATE1_FAULT = "latency=20ms,op=createTransfer,first=1"
"""Gate 1: the execution that wins the key is slow, so the calls arriving
meanwhile meet the in-flight 409 and must resolve it by retrying.

Why 20 ms: under full jitter a call's retries can come arbitrarily soon
(sleeps uniform in [0, 500 ms], then [0, 1000 ms]), so a call that met the 409
at once uses up its 3 attempts while the first execution is still in flight
with probability P(S1 + S2 < L) = L^2 / 1e6 (L in ms, L <= 500). Over 49 calls
that bounds the failing runs by 12 % at 50 ms and 2 % at 20 ms; measured with
the Node SDK on a loaded 2-core machine: 3 failing calls in 10 runs at 300 ms,
1 failing run in 400 at 50 ms, none in 200 at 20 ms. A call that meets the 409
later in the window, or pays a round trip per retry, has less time to lose.
A round that sees no 409 at all is run again (see the gate).

``first=1``: the mock counts ``first=`` among the attempts that claim the key,
so whichever of the 50 wins the claim is the one slowed, and the others stop at
the claim with the 409 or a replay.
"""

GATE2_FAULT = "reset=after,op=createTransfer,first=1"
"""Gate 2: the first attempt is processed, then its connection is reset."""

GATE3_FAULT = "latency=1250ms,op=createTransfer,first=1"
"""Gate 3: the first attempt outlives the attempt timeout, min(3 x p99, time
left) = 1200 ms for payments (x-latency-p99-ms 400). The mock keeps executing
it after the SDK gives up, as a careful server does: the key is in flight until
1250 ms, then the transfer is stored for replay.

Why 1250 ms, just above the attempt timeout: the retries come at about
1200 + S1 and 1200 + S1 + S2 ms (full jitter: S1 uniform in [0, 500 ms], S2 in
[0, 1000 ms]). A retry before 1250 ms meets the in-flight 409; the call fails
only when both retries do, P(S1 + S2 < 50 ms) = 50^2 / (2 x 500 x 1000) =
0.25 % (at 2000 ms it would be P(S1 + S2 < 800 ms) = 55 %). The retry meets
the 409 when S1 < 50 ms (10 % of runs), else it gets the replay at once: the
gate accepts both (gate 1 meets the 409 in every run). The 50 ms also keep
the slowed answer from reaching the SDK before its attempt timeout fires on a
loaded machine.
"""
GATE3_LATENCY_S = 1.25
ATTEMPT_TIMEOUT_S = 1.2

GATE4_FAULT = "reset=after,op=updateVendor,first=1"
"""Gate 4: the unsafe PATCH is processed, then its connection is reset."""

TOKEN = "sk_test_gates"
"""The bearer token the SDK sends; the mock scopes keys by it."""

# The control requests go straight to 127.0.0.1, whatever proxy the
# environment names.
_CONTROL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Stats:
    """``GET /__sdkgen/stats``."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw

    def _count(self, *path: str) -> int:
        value: Any = self.raw
        for part in path:
            if not isinstance(value, dict) or part not in value:
                raise AssertionError(f"no count at {'/'.join(path)} in the stats: {self.raw}")
            value = value[part]
        if not isinstance(value, int):
            raise AssertionError(f"no count at {'/'.join(path)} in the stats: {self.raw}")
        return value

    @property
    def requests(self) -> int:
        return self._count("requests")

    def side_effects(self, op: str) -> int:
        return self._count("side_effects", op)

    @property
    def replays(self) -> int:
        return self._count("replays")

    @property
    def in_flight(self) -> int:
        return self._count("conflicts", "in_flight")

    @property
    def mismatch(self) -> int:
        return self._count("conflicts", "mismatch")

    @property
    def rejected(self) -> int:
        return self._count("rejected")

    @property
    def duplicates(self) -> int:
        return self._count("duplicates")

    @property
    def faults_injected(self) -> int:
        return self._count("faults_injected")

    def __str__(self) -> str:
        return json.dumps(self.raw)


class Mock:
    """One ``sdkgen mock specs/payments.yaml`` process."""

    def __init__(self) -> None:
        binary = os.environ.get("SDKGEN_BIN") or str(REPO / "target" / "debug" / "sdkgen")
        spec = REPO / "specs" / "payments.yaml"
        # Open for the life of the process, closed in stop().
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self._process = subprocess.Popen(
                [binary, "mock", str(spec), "--port", "0", "--host", "127.0.0.1", "--quiet"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
            )
        except OSError as exc:
            self._stderr.close()
            raise RuntimeError(
                f"cannot run {binary} ({exc}): build it with `cargo build -p sdkgen` "
                "or set SDKGEN_BIN"
            ) from exc
        try:
            self.addr = self._read_address()
        except BaseException:
            self.stop()
            raise

    def _read_address(self) -> str:
        stdout = self._process.stdout
        assert stdout is not None
        first: list[bytes] = []

        def read() -> None:
            first.append(stdout.readline())
            # Keep draining, so the process never blocks on a full pipe.
            for _ in stdout:
                pass

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        deadline = time.monotonic() + STARTUP_S
        while not first and time.monotonic() < deadline:
            time.sleep(0.01)
        if not first or not first[0]:
            raise RuntimeError(
                f"the mock printed no address within {STARTUP_S} s "
                f"(exit code {self._process.poll()}); stderr:\n{self.stderr_text()}"
            )
        line = first[0].decode("utf-8", "replace").strip()
        prefix = "listening on http://"
        if not line.startswith(prefix):
            raise RuntimeError(f"unexpected first line from the mock: {line!r}")
        addr = line[len(prefix) :]
        if not addr.startswith("127.0.0.1:"):
            raise RuntimeError(f"the mock must listen on 127.0.0.1, it said {line!r}")
        return addr

    def stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
        try:
            self._process.wait(timeout=10)
        finally:
            self._stderr.close()

    def url(self, path: str) -> str:
        return f"http://{self.addr}{path}"

    @property
    def base_url(self) -> str:
        """The SDK's base URL: the mock, under the spec's base path (``/v2``)."""
        return self.url("/v2")

    def _control(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url(path), data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with _CONTROL.open(request, timeout=CONTROL_BOUND_S) as response:
            return response.status, response.read()

    def set_faults(self, *faults: str) -> None:
        status, body = self._control("POST", "/__sdkgen/faults", list(faults))
        assert status == 200, f"POST /__sdkgen/faults: {status} {body!r}"
        assert len(json.loads(body)) == len(faults), f"installed faults: {body!r}"

    def reset(self) -> None:
        status, body = self._control("POST", "/__sdkgen/reset")
        assert status == 204, f"POST /__sdkgen/reset: {status} {body!r}"

    def stats(self) -> Stats:
        status, body = self._control("GET", "/__sdkgen/stats")
        assert status == 200, f"GET /__sdkgen/stats: {status} {body!r}"
        return Stats(json.loads(body))


@pytest.fixture
def mock() -> Iterator[Mock]:
    server = Mock()
    try:
        yield server
    finally:
        server.stop()


def sync_client(mock: Mock) -> payments.Payments:
    return payments.Payments(bearer_token=TOKEN, base_url=mock.base_url)


def async_client(mock: Mock) -> payments.AsyncPayments:
    return payments.AsyncPayments(bearer_token=TOKEN, base_url=mock.base_url)


def bounded(call: Callable[[], T]) -> T:
    """Runs one blocking call under the harness's bound."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(call).result(timeout=CALL_BOUND_S)
    except concurrent.futures.TimeoutError:
        pytest.fail(f"no outcome within {CALL_BOUND_S} s")
    finally:
        pool.shutdown(wait=False)


async def abounded(call: Coroutine[Any, Any, T]) -> T:
    """Awaits one asyncio call under the harness's bound."""
    try:
        return await asyncio.wait_for(call, CALL_BOUND_S)
    except asyncio.TimeoutError:
        pytest.fail(f"no outcome within {CALL_BOUND_S} s")


def caller_key(gate: str) -> str:
    """A caller-derived key, unique to this run of this gate."""
    return f"{gate}-order-{os.getpid()}-{time.time_ns()}"


TRANSFER = {
    "amount": 1250,
    "currency": "eur",
    "vendor_id": "acme-supplies",
    "metadata": {"order_id": "8812"},
}


def describe(error: BaseException) -> str:
    if isinstance(error, payments.SDKError):
        return (
            f"{type(error).__name__}: {error} "
            f"[stop reason {error.stop_reason.value}, attempts {error.attempts}]"
        )
    return f"{type(error).__name__}: {error}"


@dataclass
class Created:
    """What one successful createTransfer call gave its caller."""

    transfer: models.Transfer
    replayed: bool
    attempts: int


def created(raw: payments.RawResponse[models.Transfer]) -> Created:
    return Created(
        transfer=raw.parse(),
        replayed=raw.headers.get("idempotent-replayed", "").lower() == "true",
        attempts=raw.attempts,
    )


def create_sync(client: payments.Payments, description: str, key: str | None = None) -> Created:
    raw = client.transfers.with_raw_response.create_transfer(
        **TRANSFER, description=description, idempotency_key=key
    )
    return created(raw)


async def create_async(
    client: payments.AsyncPayments, description: str, key: str | None = None
) -> Created:
    raw = await client.transfers.with_raw_response.create_transfer(
        **TRANSFER, description=description, idempotency_key=key
    )
    return created(raw)


def assert_matches_body(transfer: models.Transfer, description: str) -> None:
    assert transfer.amount == TRANSFER["amount"], transfer
    assert transfer.currency == TRANSFER["currency"], transfer
    assert transfer.vendor_id == TRANSFER["vendor_id"], transfer
    assert transfer.description == description, transfer
    assert transfer.id, transfer


# Gate 1: 50 concurrent createTransfer calls with one caller key and one body.
#
# A round whose calls all arrived after the slowed execution finished (no
# in-flight 409 at all) proves nothing about the 409 and is run again, up to
# GATE1_ROUNDS times, each with its own mock process and key; every round's
# outcome must hold the gate's invariants all the same, so a duplicate in any
# round fails the gate. Threads released together still reach the server over
# tens of milliseconds under the GIL on a loaded machine, so such rounds happen
# (a few in a hundred).


def judge_gate1(
    round_: int, outcomes: list[Created | BaseException], stats: Stats, description: str
) -> Created:
    """The gate-1 invariants of one round; returns the transfer every caller got."""
    failed = [describe(o) for o in outcomes if isinstance(o, BaseException)]
    assert not failed, (
        f"round {round_}: {len(failed)} of {CALLS} calls failed, e.g. {failed[:3]}; stats {stats}"
    )
    done = [o for o in outcomes if isinstance(o, Created)]
    assert len(done) == CALLS
    # Every caller gets the one transfer, field for field the same.
    first = done[0]
    assert_matches_body(first.transfer, description)
    ids = {c.transfer.id for c in done}
    assert len(ids) == 1, f"round {round_}: one transfer id for every caller, got {ids}"
    for c in done:
        assert c.transfer == first.transfer, f"round {round_}: every caller gets the original body"
    # One caller gets the executed response, the others replays of it. (The
    # executing call may itself end with a replay, when its attempt timed out on
    # a loaded machine after the server had executed: then none is original, and
    # the retry that followed shows in the attempts below.)
    originals = sum(1 for c in done if not c.replayed)
    assert originals <= 1, (
        f"round {round_}: {originals} calls got an executed (not replayed) response; stats {stats}"
    )

    assert stats.side_effects("createTransfer") == 1, f"round {round_}: side effects; stats {stats}"
    assert stats.duplicates == 0, f"round {round_}: duplicates; stats {stats}"
    assert stats.mismatch == 0, f"round {round_}: mismatch conflicts; stats {stats}"
    assert stats.faults_injected == 1, (
        f"round {round_}: exactly one execution slowed; stats {stats}"
    )
    # Every request was valid; an attempt the SDK gave up on (its attempt timeout,
    # on a loaded machine) may reach the server and be dropped there unanswered,
    # so requests = 1 + in-flight 409s + replays only without them.
    assert stats.rejected == 0, f"round {round_}: rejected requests; stats {stats}"
    # Every in-flight 409 was answered by the SDK's own retry: a call's last
    # attempt succeeded, so each 409 was followed by another attempt. Without
    # attempt timeouts the two sides are equal.
    attempts = sum(c.attempts for c in done)
    assert attempts >= CALLS + stats.in_flight and attempts >= stats.requests, (
        f"round {round_}: {attempts} attempts for {CALLS} calls, {stats.in_flight} in-flight "
        f"409s, {stats.requests} requests; stats {stats}"
    )
    if originals == 0:
        assert attempts > CALLS + stats.in_flight, (
            f"round {round_}: no caller got the executed response, yet no attempt was retried "
            f"for a reason other than the 409; stats {stats}"
        )
    return first


def judge_repeat(round_: int, again: Created, first: Created, stats: Stats) -> None:
    """No second transfer ever: the same request again is a replay of the first."""
    assert again.replayed, f"round {round_}: the repeat is a replay"
    assert again.transfer == first.transfer, f"round {round_}: the repeat gets the original"
    assert stats.side_effects("createTransfer") == 1, (
        f"round {round_}: after the repeat; stats {stats}"
    )
    assert stats.duplicates == 0, f"round {round_}: after the repeat; stats {stats}"


def gate1_round_sync(mock: Mock, round_: int) -> bool:
    """One round of the threaded gate 1; False when no call met the in-flight 409."""
    description = "gate 1: one key, 50 threads"
    # Not a `with` block: a hung call must not keep the test waiting on exit.
    pool = concurrent.futures.ThreadPoolExecutor(CALLS)
    client = sync_client(mock)
    try:
        # Warm connections, as a client in steady state has them, so the 50
        # calls reach the server together; then forget these requests.
        # (A list is a pager: its first page is the one call.)
        warm = [
            pool.submit(lambda: client.transfers.list_transfers().first_page())
            for _ in range(CALLS)
        ]
        for future in warm:
            future.result(timeout=CALL_BOUND_S)
        mock.reset()

        key = caller_key(f"gate1-sync-round{round_}")
        start = threading.Barrier(CALLS, timeout=CALL_BOUND_S)

        def call() -> Created | BaseException:
            start.wait()
            try:
                return create_sync(client, description, key)
            except payments.SDKError as exc:
                return exc

        futures = [pool.submit(call) for _ in range(CALLS)]
        outcomes = [f.result(timeout=CALL_BOUND_S) for f in futures]
        stats = mock.stats()
        first = judge_gate1(round_, outcomes, stats, description)
        if stats.in_flight == 0:
            return False
        again = bounded(lambda: create_sync(client, description, key))
        judge_repeat(round_, again, first, mock.stats())
        return True
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        client.close()


def gate1_round_async(mock: Mock, round_: int) -> bool:
    """One round of the asyncio gate 1; False when no call met the in-flight 409."""
    description = "gate 1: one key, 50 tasks"

    async def main() -> bool:
        async with async_client(mock) as client:
            # Warm connections first (see the threaded round), then forget them.
            await abounded(
                asyncio.gather(
                    *(client.transfers.list_transfers().first_page() for _ in range(CALLS))
                )
            )
            mock.reset()
            key = caller_key(f"gate1-async-round{round_}")
            outcomes = await abounded(
                asyncio.gather(
                    *(create_async(client, description, key) for _ in range(CALLS)),
                    return_exceptions=True,
                )
            )
            stats = mock.stats()
            first = judge_gate1(round_, list(outcomes), stats, description)
            if stats.in_flight == 0:
                return False
            again = await abounded(create_async(client, description, key))
            judge_repeat(round_, again, first, mock.stats())
            return True

    return asyncio.run(main())


def run_gate1(round_once: Callable[[Mock, int], bool]) -> None:
    """Rounds of gate 1, each with its own mock process (so no straggling
    request of a round can land in the next one's counts), until one sees an
    in-flight 409."""
    for round_ in range(1, GATE1_ROUNDS + 1):
        server = Mock()
        try:
            server.set_faults(GATE1_FAULT)
            if round_once(server, round_):
                return
        finally:
            server.stop()
        print(f"gate 1, round {round_}: no call met the in-flight 409; running another round")
    pytest.fail(
        f"in {GATE1_ROUNDS} rounds no call met the in-flight 409: "
        "the gate could not test its scenario"
    )


def test_gate1_concurrency_sync() -> None:
    run_gate1(gate1_round_sync)


def test_gate1_concurrency_async() -> None:
    run_gate1(gate1_round_async)


# Gate 2: the first attempt is processed but its response is lost.


def judge_gate2(outcome: Created, stats: Stats, description: str) -> None:
    assert_matches_body(outcome.transfer, description)
    assert outcome.attempts == 2, f"the lost attempt and its retry; stats {stats}"
    assert outcome.replayed, "the retry gets the stored original (Idempotent-Replayed)"
    assert stats.faults_injected == 1, f"the reset happened; stats {stats}"
    assert stats.side_effects("createTransfer") == 1, f"side effects; stats {stats}"
    assert stats.replays == 1, f"replays; stats {stats}"
    assert stats.duplicates == 0, f"duplicates; stats {stats}"
    assert stats.requests == 2, f"requests; stats {stats}"


def test_gate2_lost_response_sync(mock: Mock) -> None:
    mock.set_faults(GATE2_FAULT)
    description = "gate 2: lost response (sync)"
    with sync_client(mock) as client:
        try:
            outcome = bounded(lambda: create_sync(client, description))
        except payments.SDKError as exc:
            pytest.fail(f"the call failed: {describe(exc)}; stats {mock.stats()}")
    judge_gate2(outcome, mock.stats(), description)


def test_gate2_lost_response_async(mock: Mock) -> None:
    mock.set_faults(GATE2_FAULT)
    description = "gate 2: lost response (async)"

    async def main() -> Created:
        async with async_client(mock) as client:
            return await abounded(create_async(client, description))

    try:
        outcome = asyncio.run(main())
    except payments.SDKError as exc:
        pytest.fail(f"the call failed: {describe(exc)}; stats {mock.stats()}")
    judge_gate2(outcome, mock.stats(), description)


# Gate 3: the first attempt outlives the attempt timeout.


def settle_gate3(started: float) -> None:
    """Waits until the slowed first execution would have finished too, so a
    late second execution could not go unseen."""
    time.sleep(max(0.0, started + GATE3_LATENCY_S + 0.5 - time.monotonic()))


def judge_gate3(
    outcome: Created | BaseException, took: float, stats: Stats, description: str
) -> None:
    if isinstance(outcome, BaseException):
        pytest.fail(f"the call failed: {describe(outcome)}; stats {stats}")
    assert_matches_body(outcome.transfer, description)
    assert outcome.attempts >= 2, (
        f"the first attempt timed out, so at least 2 attempts; got {outcome.attempts}; "
        f"stats {stats}"
    )
    assert took >= ATTEMPT_TIMEOUT_S - 0.05, (
        f"the call took {took:.3f} s, less than the first attempt's timeout"
    )
    assert outcome.replayed, (
        "the call gets the stored result of the first execution (Idempotent-Replayed); "
        f"stats {stats}"
    )
    assert stats.replays == 1, f"replays; stats {stats}"
    # Every attempt reached the server: the slowed first, the retries that met
    # the in-flight 409, and the last, answered with the replay.
    assert stats.requests == outcome.attempts, f"requests; stats {stats}"
    assert stats.in_flight + 2 == outcome.attempts, (
        f"every attempt between the first and the last met the in-flight 409; stats {stats}"
    )
    assert stats.faults_injected == 1, f"the first attempt was slowed; stats {stats}"
    assert stats.side_effects("createTransfer") == 1, f"side effects; stats {stats}"
    assert stats.duplicates == 0, f"duplicates; stats {stats}"
    assert stats.mismatch == 0, f"mismatch conflicts; stats {stats}"


def test_gate3_slow_first_attempt_sync(mock: Mock) -> None:
    mock.set_faults(GATE3_FAULT)
    description = "gate 3: slow first attempt (sync)"
    with sync_client(mock) as client:
        started = time.monotonic()
        outcome: Created | BaseException
        try:
            outcome = bounded(lambda: create_sync(client, description))
        except payments.SDKError as exc:
            outcome = exc
        took = time.monotonic() - started
    settle_gate3(started)
    judge_gate3(outcome, took, mock.stats(), description)


def test_gate3_slow_first_attempt_async(mock: Mock) -> None:
    mock.set_faults(GATE3_FAULT)
    description = "gate 3: slow first attempt (async)"

    async def main() -> Created | BaseException:
        async with async_client(mock) as client:
            try:
                return await abounded(create_async(client, description))
            except payments.SDKError as exc:
                return exc

    started = time.monotonic()
    outcome = asyncio.run(main())
    took = time.monotonic() - started
    settle_gate3(started)
    judge_gate3(outcome, took, mock.stats(), description)


# Gate 4: the unsafe PATCH whose response is lost is not retried.


def judge_gate4(outcome: object, stats: Stats) -> None:
    if not isinstance(outcome, BaseException):
        pytest.fail(f"the call succeeded after a lost response: {outcome!r}; stats {stats}")
    text = describe(outcome)
    assert isinstance(outcome, payments.APIConnectionError), (
        f"a connection error (no response: the outcome is unknown), got {text}"
    )
    assert not isinstance(outcome, payments.APITimeoutError), f"not a timeout: {text}"
    assert not isinstance(outcome, payments.APIError), f"no response, so no status: {text}"
    assert outcome.stop_reason is payments.StopReason.UNSAFE_TO_RETRY, text
    assert outcome.attempts == 1, text
    assert "unsafe_to_retry" in str(outcome), f"the message says why it was not retried: {text}"
    assert stats.faults_injected == 1, f"the reset happened; stats {stats}"
    assert stats.side_effects("updateVendor") == 1, f"side effects; stats {stats}"
    assert stats.requests == 1, f"one request reached the server; stats {stats}"


def test_gate4_unsafe_not_retried_sync(mock: Mock) -> None:
    mock.set_faults(GATE4_FAULT)
    outcome: object
    with sync_client(mock) as client:
        try:
            outcome = bounded(
                lambda: client.vendors.update_vendor(
                    vendor_id="acme-supplies", name="Acme Supplies Ltd"
                )
            )
        except payments.SDKError as exc:
            outcome = exc
    judge_gate4(outcome, mock.stats())


def test_gate4_unsafe_not_retried_async(mock: Mock) -> None:
    mock.set_faults(GATE4_FAULT)

    async def main() -> object:
        async with async_client(mock) as client:
            try:
                return await abounded(
                    client.vendors.update_vendor(
                        vendor_id="acme-supplies", name="Acme Supplies Ltd"
                    )
                )
            except payments.SDKError as exc:
                return exc

    judge_gate4(asyncio.run(main()), mock.stats())
