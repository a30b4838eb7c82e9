"""The shared arithmetic, Retry-After parsing and the decision order."""

from __future__ import annotations

import email.utils
import logging

import pytest

from sdkgen_runtime import (
    CallOptions,
    FailurePolicy,
    Jitter,
    Operation,
    RetryClass,
    RetryConfig,
    RetryOverrides,
    StopReason,
    TokenBucket,
    parse_retry_after_ms,
)
from sdkgen_runtime.policy import (
    Action,
    CallPolicy,
    FailureKind,
    ResponseOutcome,
    TransportFailure,
    decorrelated_jitter_ms,
    full_jitter_ms,
)

# -- arithmetic ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("u", "n", "expected"),
    [
        (0.0, 0, 0),
        (0.5, 0, 250),
        (0.999999, 0, 499),
        (0.5, 1, 500),
        (0.5, 2, 1000),
        (0.5, 5, 8000),
        (0.5, 6, 10000),  # 500 * 64 = 32000 is capped at 20000
        (0.999, 10, 19980),
        (0.3, 1, 300),
    ],
)
def test_full_jitter(u: float, n: int, expected: int) -> None:
    assert full_jitter_ms(u, n, 500, 20_000) == expected


def test_full_jitter_floors_the_ieee_product() -> None:
    # 0.57 * 100 is 56.99999999999999 in doubles: the floor is 56, not 57.
    assert 0.57 * 100 < 57
    assert full_jitter_ms(0.57, 0, 100, 20_000) == 56
    assert decorrelated_jitter_ms(0.57, 100, 0, 20_000) == 170  # 0.57 * 300 = 170.99999999999997


def test_full_jitter_large_n_stays_at_cap() -> None:
    assert full_jitter_ms(0.5, 2000, 500, 20_000) == 10_000


@pytest.mark.parametrize(
    ("u", "prev", "expected"),
    [
        (0.0, 500, 500),
        (0.5, 500, 1000),
        (0.999, 500, 1499),
        (0.5, 1000, 1750),
        (0.5, 10_000, 15_250),
        (0.9, 10_000, 20_000),  # capped
        (0.5, 0, 250),  # after a Retry-After of 0 the range reaches below base
    ],
)
def test_decorrelated_jitter(u: float, prev: int, expected: int) -> None:
    assert decorrelated_jitter_ms(u, prev, 500, 20_000) == expected


# -- Retry-After ------------------------------------------------------------------


def test_retry_after_ms_first() -> None:
    assert parse_retry_after_ms({"retry-after-ms": "1500", "Retry-After": "9"}, 0.0) == 1500


def test_retry_after_seconds() -> None:
    assert parse_retry_after_ms({"Retry-After": "3"}, 0.0) == 3000
    assert parse_retry_after_ms({"Retry-After": " 0 "}, 0.0) == 0


def test_retry_after_header_names_are_case_insensitive() -> None:
    assert parse_retry_after_ms({"RETRY-AFTER-MS": "7"}, 0.0) == 7
    assert parse_retry_after_ms({"retry-after": "2"}, 0.0) == 2000


def test_retry_after_http_date() -> None:
    now = 1_800_000_000.25
    date = email.utils.formatdate(1_800_000_004, usegmt=True)
    assert parse_retry_after_ms({"Retry-After": date}, now) == 3750


def test_retry_after_http_date_in_the_past_is_zero() -> None:
    date = email.utils.formatdate(1_800_000_000, usegmt=True)
    assert parse_retry_after_ms({"Retry-After": date}, 1_800_000_100.0) == 0


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Retry-After": "soon"},
        {"Retry-After": "-1"},
        {"Retry-After": "1.5"},
        {"Retry-After": ""},
        {"retry-after-ms": "abc"},
    ],
)
def test_retry_after_absent_or_invalid(headers: dict[str, str]) -> None:
    assert parse_retry_after_ms(headers, 0.0) is None


def test_invalid_retry_after_ms_falls_back_to_retry_after() -> None:
    assert parse_retry_after_ms({"retry-after-ms": "x", "Retry-After": "4"}, 0.0) == 4000


# -- the decision order -------------------------------------------------------------


class Draws:
    def __init__(self, *values: float) -> None:
        self.values = list(values)

    def __call__(self) -> float:
        return self.values.pop(0)


def make_policy(
    retry_class: RetryClass = RetryClass.IDEMPOTENT,
    *,
    draws: Draws | None = None,
    bucket: TokenBucket | None = None,
    config: RetryConfig | None = None,
    options: CallOptions | None = None,
    **op: object,
) -> CallPolicy:
    operation = Operation(name="op", method="PUT", retry_class=retry_class, **op)  # type: ignore[arg-type]
    return CallPolicy(
        operation=operation,
        config=config or RetryConfig(),
        options=options,
        bucket=bucket or TokenBucket(),
        random=draws or Draws(0.5, 0.5, 0.5, 0.5),
        start=0.0,
        logger=logging.getLogger("test"),
    )


def response(status: int, body: bytes = b"", **headers: str) -> ResponseOutcome:
    return ResponseOutcome(status, {k.replace("_", "-"): v for k, v in headers.items()}, body)


def test_success_without_retry_refunds_one() -> None:
    bucket = TokenBucket(500, 100)
    policy = make_policy(bucket=bucket)
    assert policy.begin_attempt(0.0) == 60.0
    assert policy.after_response(response(200), 0.1, 0.0).action is Action.RETURN
    assert bucket.level == 101


def test_retry_then_success_refunds_the_last_cost() -> None:
    bucket = TokenBucket(500, 100)
    policy = make_policy(bucket=bucket)
    policy.begin_attempt(0.0)
    decision = policy.after_response(response(429), 0.0, 0.0)
    assert decision.action is Action.RETRY and decision.sleep_ms == 250
    assert bucket.level == 95
    policy.begin_attempt(0.3)
    decision = policy.after_response(response(503), 0.3, 0.0)
    assert decision.sleep_ms == 500  # n = 1
    assert bucket.level == 81
    policy.begin_attempt(1.0)
    assert policy.after_response(response(200), 1.0, 0.0).action is Action.RETURN
    assert bucket.level == 95


@pytest.mark.parametrize("status", [400, 401, 403, 404, 408, 418, 422, 501, 505, 507])
def test_never_retried_statuses(status: int) -> None:
    policy = make_policy()
    policy.begin_attempt(0.0)
    decision = policy.after_response(response(status), 0.0, 0.0)
    assert decision.stop_reason is StopReason.NOT_RETRYABLE


def test_500_once_then_not_retryable() -> None:
    policy = make_policy(RetryClass.SAFE)
    policy.begin_attempt(0.0)
    assert policy.after_response(response(500), 0.0, 0.0).action is Action.RETRY
    policy.begin_attempt(1.0)
    assert policy.after_response(response(500), 1.0, 0.0).stop_reason is StopReason.NOT_RETRYABLE


def test_500_unsafe_and_keyed_replay() -> None:
    unsafe = make_policy(RetryClass.UNSAFE)
    unsafe.begin_attempt(0.0)
    assert unsafe.after_response(response(500), 0.0, 0.0).stop_reason is StopReason.UNSAFE_TO_RETRY
    replay = make_policy(RetryClass.KEYED, failures=FailurePolicy.REPLAY)
    replay.begin_attempt(0.0)
    assert replay.after_response(response(500), 0.0, 0.0).stop_reason is StopReason.NOT_RETRYABLE
    replay.begin_attempt(0.0)
    assert replay.after_response(response(503), 0.0, 0.0).action is Action.RETRY


def test_ambiguous_unsafe_stops_before_attempts() -> None:
    policy = make_policy(RetryClass.UNSAFE, config=RetryConfig(max_attempts=1))
    policy.begin_attempt(0.0)
    assert policy.after_response(response(503), 0.0, 0.0).stop_reason is StopReason.UNSAFE_TO_RETRY


def test_clean_failures_of_unsafe_are_retried() -> None:
    policy = make_policy(RetryClass.UNSAFE)
    policy.begin_attempt(0.0)
    assert policy.after_response(response(429), 0.0, 0.0).action is Action.RETRY
    policy.begin_attempt(0.0)
    refused = TransportFailure(FailureKind.REFUSED, "refused")
    assert policy.after_failure(refused, 0.0).action is Action.RETRY
    policy.begin_attempt(0.0)
    assert policy.after_failure(refused, 0.0).stop_reason is StopReason.ATTEMPTS_EXHAUSTED


@pytest.mark.parametrize(
    ("kind", "unsafe_reason"),
    [
        (FailureKind.RESET, StopReason.UNSAFE_TO_RETRY),
        (FailureKind.TIMEOUT, StopReason.UNSAFE_TO_RETRY),
        (FailureKind.CONNECT_TIMEOUT, None),
        (FailureKind.REFUSED, None),
        (FailureKind.FATAL, StopReason.NOT_RETRYABLE),
    ],
)
def test_transport_failures_by_class(kind: FailureKind, unsafe_reason: StopReason | None) -> None:
    policy = make_policy(RetryClass.UNSAFE, p99_ms=100)
    policy.begin_attempt(0.0)
    decision = policy.after_failure(TransportFailure(kind, "x"), 0.3)
    assert decision.stop_reason is unsafe_reason


def test_timeout_at_the_deadline_stops_without_a_draw() -> None:
    draws = Draws()
    bucket = TokenBucket()
    policy = make_policy(RetryClass.SAFE, draws=draws, bucket=bucket)
    assert policy.begin_attempt(0.0) == 60.0
    decision = policy.after_failure(TransportFailure(FailureKind.TIMEOUT, "x"), 60.0)
    assert decision.stop_reason is StopReason.DEADLINE_EXCEEDED
    assert bucket.level == 500


def test_p99_attempt_timeout() -> None:
    policy = make_policy(p99_ms=200)
    assert policy.begin_attempt(0.0) == pytest.approx(0.6)
    assert policy.begin_attempt(59.7) == pytest.approx(0.3)


def test_in_flight_409_is_a_throttling_retry() -> None:
    bucket = TokenBucket()
    policy = make_policy(RetryClass.KEYED, bucket=bucket)
    policy.begin_attempt(0.0)
    body = b'{"error": {"code": "concurrent_idempotent_requests"}}'
    assert policy.after_response(response(409, body), 0.0, 0.0).action is Action.RETRY
    assert bucket.level == 495
    policy.begin_attempt(0.0)
    other = b'{"code": "invalid_idempotent_request"}'
    decision = policy.after_response(response(409, other), 0.0, 0.0)
    assert decision.stop_reason is StopReason.NOT_RETRYABLE


def test_x_should_retry() -> None:
    policy = make_policy()
    policy.begin_attempt(0.0)
    assert policy.after_response(response(400, x_should_retry="true"), 0.0, 0.0).action is (
        Action.RETRY
    )
    policy.begin_attempt(0.0)
    decision = policy.after_response(response(503, x_should_retry="false"), 0.0, 0.0)
    assert decision.stop_reason is StopReason.NOT_RETRYABLE


def test_retry_after_replaces_the_draw_and_counts_as_a_retry() -> None:
    draws = Draws(0.5)
    policy = make_policy(draws=draws, config=RetryConfig(max_attempts=5))
    policy.begin_attempt(0.0)
    assert policy.after_response(response(503, retry_after="2"), 0.0, 0.0).sleep_ms == 2000
    assert draws.values == [0.5]
    policy.begin_attempt(2.0)
    # n = 1: the Retry-After retry counts.
    assert policy.after_response(response(502, retry_after="2"), 2.0, 0.0).sleep_ms == 500


def test_retry_after_limits() -> None:
    policy = make_policy(config=RetryConfig(max_attempts=5, deadline_ms=10_000))
    policy.begin_attempt(0.0)
    over = policy.after_response(response(429, retry_after_ms="60001"), 0.0, 0.0)
    assert over.stop_reason is StopReason.NOT_RETRYABLE
    policy = make_policy(config=RetryConfig(max_attempts=5, deadline_ms=10_000))
    policy.begin_attempt(0.0)
    late = policy.after_response(response(429, retry_after_ms="10000"), 0.0, 0.0)
    assert late.stop_reason is StopReason.DEADLINE_EXCEEDED


def test_deadline_checked_before_budget() -> None:
    bucket = TokenBucket(500, 0)
    policy = make_policy(bucket=bucket, options=CallOptions(timeout=0.2), draws=Draws(0.9))
    policy.begin_attempt(0.0)
    decision = policy.after_response(response(503), 0.0, 0.0)
    assert decision.stop_reason is StopReason.DEADLINE_EXCEEDED


def test_budget_exhausted_takes_nothing() -> None:
    bucket = TokenBucket(500, 13)
    policy = make_policy(bucket=bucket)
    policy.begin_attempt(0.0)
    assert policy.after_response(response(503), 0.0, 0.0).stop_reason is (
        StopReason.BUDGET_EXHAUSTED
    )
    assert bucket.level == 13


def test_retries_off_caps_attempts_at_one() -> None:
    policy = make_policy(config=RetryConfig(retries=False, max_attempts=5))
    policy.begin_attempt(0.0)
    assert policy.after_response(response(503), 0.0, 0.0).stop_reason is (
        StopReason.ATTEMPTS_EXHAUSTED
    )
    on_again = make_policy(
        config=RetryConfig(retries=False), options=CallOptions(retries=True, max_attempts=2)
    )
    assert on_again.max_attempts == 2


def test_overrides_precedence() -> None:
    policy = make_policy(
        retry=RetryOverrides(max_attempts=4, base_ms=100, cap_ms=300, deadline_ms=5000),
    )
    assert policy.max_attempts == 4
    assert policy.deadline == 5.0
    policy.begin_attempt(0.0)
    assert policy.after_response(response(503), 0.0, 0.0).sleep_ms == 50
    per_call = make_policy(
        retry=RetryOverrides(max_attempts=4, deadline_ms=5000),
        options=CallOptions(max_attempts=2, timeout=1.5),
    )
    assert per_call.max_attempts == 2
    assert per_call.deadline == 1.5


def test_earliest_of_timeout_and_deadline() -> None:
    assert make_policy(options=CallOptions(timeout=5, deadline=3.0)).deadline == 3.0
    assert make_policy(options=CallOptions(timeout=2, deadline=3.0)).deadline == 2.0


def test_request_timeout_ms_floors() -> None:
    policy = make_policy(options=CallOptions(timeout=1.5))
    assert policy.request_timeout_ms(0.0) == 1500
    assert policy.request_timeout_ms(0.0004) == 1499
    assert policy.request_timeout_ms(2.0) == 0


def test_deadline_passed_before_an_attempt() -> None:
    policy = make_policy(options=CallOptions(timeout=1))
    assert policy.begin_attempt(1.0) is None
    assert policy.attempts == 0


def test_decorrelated_prev_is_the_previous_sleep() -> None:
    policy = make_policy(
        config=RetryConfig(jitter=Jitter.DECORRELATED, max_attempts=5), draws=Draws(0.5, 0.5)
    )
    policy.begin_attempt(0.0)
    assert policy.after_response(response(503), 0.0, 0.0).sleep_ms == 1000
    policy.begin_attempt(1.0)
    assert policy.after_response(response(503, retry_after_ms="100"), 1.0, 0.0).sleep_ms == 100
    policy.begin_attempt(1.1)
    # prev = 100: 500 + 0.5 * (300 - 500) = 400
    assert policy.after_response(response(503), 1.1, 0.0).sleep_ms == 400


def test_every_retry_is_logged_without_secrets(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="test")
    policy = make_policy()
    policy.begin_attempt(0.0)
    policy.after_response(response(503, b'{"secret": "body"}'), 0.0, 0.0)
    assert len(caplog.records) == 1
    message = caplog.records[0].getMessage()
    assert "retrying op" in message
    assert "attempt 1 of 3" in message
    assert "status 503" in message
    assert "250 ms" in message
    assert "486 tokens left" in message
    assert "secret" not in message
