"""Plays every scenario of runtime/conformance/scenarios.json against the sync
and the async runtime, as runtime/conformance/README.md describes."""

from __future__ import annotations

import asyncio
import json
import re
import ssl
import time
from pathlib import Path
from typing import Any, Callable

import httpx
import pytest
from scripted_server import ScriptedServer

from sdkgen_runtime import (
    APIConnectionError,
    APIError,
    APITimeoutError,
    AsyncRuntime,
    CallOptions,
    Clock,
    FailurePolicy,
    IdempotencyInFlightError,
    IdempotencyMismatchError,
    InvalidIdempotencyKeyError,
    Jitter,
    Operation,
    Request,
    Response,
    RetryClass,
    RetryConfig,
    SDKError,
    SyncRuntime,
    TokenBucket,
)

SCENARIOS_FILE = Path(__file__).resolve().parent / ".." / ".." / "conformance" / "scenarios.json"
UUID_V4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
DEFAULT_KEY_HEADER = "Idempotency-Key"
DEFAULT_RT_HEADER = "Request-Timeout-Ms"
# One TLS context for every client: building one per client costs more than a
# whole scenario (the server is plain HTTP; the context is never used).
_TLS = ssl.create_default_context()


def _load() -> list[dict[str, Any]]:
    data = json.loads(SCENARIOS_FILE.read_text(encoding="utf-8"))
    assert data["version"] == 1
    scenarios: list[dict[str, Any]] = data["scenarios"]
    return scenarios


SCENARIOS = _load()


class ScenarioClock(Clock):
    """now() is real monotonic time plus every injected sleep; sleep() records,
    advances and moves the scripted server to its next step."""

    def __init__(self, server: ScriptedServer) -> None:
        self._server = server
        self._offset = 0.0
        self.sleeps_ms: list[int] = []

    def now(self) -> float:
        return time.monotonic() + self._offset

    def sleep(self, seconds: float) -> None:
        ms = round(seconds * 1000)
        self.sleeps_ms.append(ms)
        self._offset += seconds
        self._server.advance(ms)

    async def async_sleep(self, seconds: float) -> None:
        self.sleep(seconds)


class Draws:
    def __init__(self) -> None:
        self.values: list[float] = []

    def __call__(self) -> float:
        if not self.values:
            raise AssertionError("the runtime asked for a random draw beyond the scenario's list")
        return self.values.pop(0)


def _operation(scenario: dict[str, Any]) -> Operation:
    op = scenario["operation"]
    return Operation(
        name=scenario["name"],
        method=op["method"],
        retry_class=RetryClass(op["class"]),
        key_header=op.get("key_header", DEFAULT_KEY_HEADER),
        key_max_length=op.get("key_max_length", 255),
        failures=FailurePolicy(op.get("failures", "reattempt")),
        in_flight_code=op.get("in_flight_code", "concurrent_idempotent_requests"),
        mismatch_code=op.get("mismatch_code", "invalid_idempotent_request"),
        p99_ms=op.get("p99_ms"),
    )


def _request(scenario: dict[str, Any]) -> Request:
    op = scenario["operation"]
    return Request(method=op["method"], path=op.get("path", "/op"), json=op.get("body"))


def _config(client: dict[str, Any]) -> RetryConfig:
    return RetryConfig(
        retries=client.get("retries", True),
        max_attempts=client.get("max_attempts", 3),
        jitter=Jitter(client.get("jitter", "full")),
        base_ms=client.get("base_ms", 500),
        cap_ms=client.get("cap_ms", 20000),
        deadline_ms=client.get("deadline_ms", 60000),
        request_timeout_header=client.get("request_timeout_header", DEFAULT_RT_HEADER),
        budget_capacity=client.get("budget_capacity", 500),
    )


def _options(call: dict[str, Any]) -> CallOptions:
    opts = call.get("options", {})
    deadline_ms = opts.get("deadline_ms")
    return CallOptions(
        idempotency_key=opts.get("idempotency_key"),
        max_attempts=opts.get("max_attempts"),
        timeout=deadline_ms / 1000 if deadline_ms is not None else None,
        retries=opts.get("retries"),
    )


class Harness:
    """What one scenario run needs: server, clock, draws, bucket."""

    def __init__(self, scenario: dict[str, Any]) -> None:
        self.scenario = scenario
        self.server = ScriptedServer()
        self.clock = ScenarioClock(self.server)
        self.draws = Draws()
        client = scenario["client"]
        self.config = _config(client)
        self.bucket = TokenBucket(self.config.budget_capacity)
        self.bucket.set_level(client.get("budget_initial", self.config.budget_capacity))
        self.operation = _operation(scenario)
        self.request = _request(scenario)

    def begin(self, call: dict[str, Any]) -> None:
        self.clock.sleeps_ms = []
        self.draws.values = list(call["random"])
        self.server.begin_call(call["server"])

    def check(self, index: int, call: dict[str, Any], outcome: Response | SDKError) -> None:
        where = f"{self.scenario['name']} call {index}"
        expect = call["expect"]
        server = self.server
        assert not server.problems, f"{where}: server: {server.problems}"

        # outcome
        want = expect["outcome"]
        if "ok" in want:
            assert isinstance(outcome, Response), f"{where}: expected success, got {outcome!r}"
            assert outcome.status == want["ok"]["status"], where
            assert outcome.json() == want["ok"]["body"], where
        else:
            err = want["error"]
            assert isinstance(outcome, SDKError), f"{where}: expected an error, got {outcome!r}"
            assert _kind(outcome) == err["kind"], f"{where}: {outcome!r}"
            assert outcome.stop_reason.value == err["stop_reason"], f"{where}: {outcome}"
            if "status" in err:
                assert isinstance(outcome, APIError), where
                assert outcome.status == err["status"], where
            if "code" in err:
                assert isinstance(outcome, APIError), where
                assert outcome.code == err["code"], where

        # counts, sleeps, budget
        assert outcome.attempts == expect["attempts"], f"{where}: attempts"
        _check_sleeps(where, self.clock.sleeps_ms, expect["sleeps_ms"])
        assert len(server.received) == expect["server_requests"], f"{where}: server_requests"
        assert self.bucket.level == expect["tokens_left"], f"{where}: tokens_left"

        # idempotency key
        key_header = self.operation.key_header.lower()
        keys = [r.headers.get(key_header) for r in server.received]
        if expect["key"] == "absent":
            assert all(k is None for k in keys), f"{where}: key sent: {keys}"
        elif expect["key"] == "caller":
            given = call["options"]["idempotency_key"]
            assert all(k == given for k in keys), f"{where}: keys {keys}"
        elif keys:  # "generated"; with no request at all, nothing to check
            assert all(k == keys[0] for k in keys), f"{where}: keys differ: {keys}"
            assert keys[0] is not None and UUID_V4.match(keys[0]), f"{where}: {keys[0]!r}"

        # request timeout header (only requests that reached the server count)
        rt_name = self.config.request_timeout_header
        if expect["request_timeout"] == "absent":
            name = (rt_name or DEFAULT_RT_HEADER).lower()
            assert all(name not in r.headers for r in server.received), where
        else:
            assert rt_name is not None, where
            deadline = call.get("options", {}).get("deadline_ms", self.config.deadline_ms)
            for r in server.received:
                value = int(r.headers[rt_name.lower()])
                low, high = deadline - r.slept_ms - 2000, deadline - r.slept_ms
                assert low <= value <= high, f"{where}: {rt_name} {value} not in [{low}, {high}]"


def _kind(err: SDKError) -> str:
    if isinstance(err, InvalidIdempotencyKeyError):
        return "invalid_idempotency_key"
    if isinstance(err, IdempotencyInFlightError):
        return "idempotency_in_flight"
    if isinstance(err, IdempotencyMismatchError):
        return "idempotency_mismatch"
    if isinstance(err, APIError):
        return "api_error"
    if isinstance(err, APITimeoutError):
        return "timeout"
    if isinstance(err, APIConnectionError):
        return "connection"
    return f"unexpected {type(err).__name__}"


def _check_sleeps(where: str, got: list[int], want: list[Any]) -> None:
    assert len(got) == len(want), f"{where}: sleeps {got}, expected {want}"
    for g, w in zip(got, want):
        if isinstance(w, dict):
            assert w["min"] <= g <= w["max"], f"{where}: sleeps {got}, expected {want}"
        else:
            assert g == w, f"{where}: sleeps {got}, expected {want}"


def _names() -> list[str]:
    return [s["name"] for s in SCENARIOS]


def _by_name(name: str) -> dict[str, Any]:
    return next(s for s in SCENARIOS if s["name"] == name)


def _run_sync(harness: Harness) -> None:
    with httpx.Client(trust_env=False, verify=_TLS) as http:
        runtime = SyncRuntime(
            harness.server.base_url,
            config=harness.config,
            http_client=http,
            clock=harness.clock,
            random=harness.draws,
            bucket=harness.bucket,
        )
        for index, call in enumerate(harness.scenario["calls"]):
            harness.begin(call)
            outcome: Response | SDKError
            try:
                outcome = runtime.request(harness.operation, harness.request, _options(call))
            except SDKError as exc:
                outcome = exc
            harness.check(index, call, outcome)


async def _run_async(harness: Harness) -> None:
    async with httpx.AsyncClient(trust_env=False, verify=_TLS) as http:
        runtime = AsyncRuntime(
            harness.server.base_url,
            config=harness.config,
            http_client=http,
            clock=harness.clock,
            random=harness.draws,
            bucket=harness.bucket,
        )
        for index, call in enumerate(harness.scenario["calls"]):
            harness.begin(call)
            outcome: Response | SDKError
            try:
                outcome = await runtime.request(harness.operation, harness.request, _options(call))
            except SDKError as exc:
                outcome = exc
            harness.check(index, call, outcome)


def _play(name: str, run: Callable[[Harness], None]) -> None:
    harness = Harness(_by_name(name))
    harness.server.start()
    try:
        run(harness)
    finally:
        harness.server.stop()


@pytest.mark.parametrize("name", _names())
def test_sync(name: str) -> None:
    _play(name, _run_sync)


@pytest.mark.parametrize("name", _names())
def test_async(name: str) -> None:
    _play(name, lambda harness: asyncio.run(_run_async(harness)))
