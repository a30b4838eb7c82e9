"""The runtime's built-in defaults are the contract's: every one is checked
against the one table of defaults, ``runtime/defaults.json``, which the
generator reads too."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from sdkgen_runtime import budget, config, policy
from sdkgen_runtime.budget import TokenBucket
from sdkgen_runtime.config import FailurePolicy, Jitter, Operation, RetryClass, RetryConfig

TABLE = Path(__file__).resolve().parent.parent.parent / "defaults.json"


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
    return data


def field_default(cls: type, name: str) -> object:
    for f in dataclasses.fields(cls):
        if f.name == name:
            return f.default
    raise AssertionError(f"{cls.__name__} has no field {name}")


def test_client_defaults(table: dict[str, Any]) -> None:
    cfg = RetryConfig()
    assert cfg.retries is table["retries"]
    assert cfg.max_attempts == config.DEFAULT_MAX_ATTEMPTS == table["max_attempts"]
    assert cfg.jitter is Jitter(table["jitter"])
    assert cfg.base_ms == config.DEFAULT_BASE_MS == table["base_ms"]
    assert cfg.cap_ms == config.DEFAULT_CAP_MS == table["cap_ms"]
    assert cfg.deadline_ms == config.DEFAULT_DEADLINE_MS == table["deadline_ms"]
    assert cfg.p99_ms is None
    assert cfg.request_timeout_header == config.DEFAULT_REQUEST_TIMEOUT_HEADER
    assert cfg.request_timeout_header == table["request_timeout_header"]
    assert (
        cfg.max_response_bytes == config.DEFAULT_MAX_RESPONSE_BYTES == table["max_response_bytes"]
    )
    assert (
        cfg.stream_idle_timeout_ms
        == config.DEFAULT_STREAM_IDLE_TIMEOUT_MS
        == table["stream_idle_timeout_ms"]
    )


def test_multipliers(table: dict[str, Any]) -> None:
    assert table["attempt_timeout_p99_multiplier"] == config.ATTEMPT_TIMEOUT_P99_MULTIPLIER
    assert table["decorrelated_multiplier"] == config.DECORRELATED_MULTIPLIER
    # The constants are the ones the policy computes with.
    assert policy.decorrelated_jitter_ms(1.0, 1_000, 0, 10**9) == (
        1_000 * table["decorrelated_multiplier"]
    )


def test_budget(table: dict[str, Any]) -> None:
    b = table["budget"]
    assert RetryConfig().budget_capacity == budget.DEFAULT_BUDGET_CAPACITY == b["capacity"]
    assert TokenBucket().capacity == b["capacity"]
    assert b["throttle_cost"] == budget.THROTTLE_RETRY_COST
    assert b["retry_cost"] == budget.RETRY_COST
    assert b["success_refund"] == budget.NO_RETRY_REFUND


def test_retry_after_and_500s(table: dict[str, Any]) -> None:
    assert table["max_retry_after_ms"] == policy.MAX_RETRY_AFTER_MS
    assert table["internal_server_error_retries"] == policy.INTERNAL_SERVER_ERROR_RETRIES


def test_key_defaults(table: dict[str, Any]) -> None:
    k = table["key"]
    assert k["header"] == config.DEFAULT_KEY_HEADER
    assert k["max_length"] == config.DEFAULT_KEY_MAX_LENGTH
    assert k["in_flight_code"] == config.DEFAULT_IN_FLIGHT_CODE
    assert k["mismatch_code"] == config.DEFAULT_MISMATCH_CODE
    op = Operation(name="create", method="POST", retry_class=RetryClass.KEYED)
    assert op.key_header == k["header"]
    assert op.key_max_length == k["max_length"]
    assert op.in_flight_code == k["in_flight_code"]
    assert op.mismatch_code == k["mismatch_code"]
    assert op.failures is FailurePolicy(k["failures"])
    assert field_default(Operation, "failures") is FailurePolicy(k["failures"])


def test_request_id_headers(table: dict[str, Any]) -> None:
    from sdkgen_runtime.response import REQUEST_ID_HEADERS

    assert list(REQUEST_ID_HEADERS) == table["request_id_headers"]
