"""The retry policy: one decision object shared by the sync and async loops.

A :class:`CallPolicy` lives for one logical call. The loop asks it how long the
next attempt may take, reports what the attempt gave, and gets back a
:class:`Decision`: return the response, sleep and retry, or stop with a
:class:`StopReason`. All arithmetic follows ``runtime/conformance/README.md``
so that every runtime sleeps the same for the same random draws.
"""

from __future__ import annotations

import enum
import logging
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timezone
from email.utils import parsedate_to_datetime
from typing import Callable, Union

from .budget import NO_RETRY_REFUND, RETRY_COST, THROTTLE_RETRY_COST, TokenBucket
from .config import (
    ATTEMPT_TIMEOUT_P99_MULTIPLIER,
    DECORRELATED_MULTIPLIER,
    CallOptions,
    FailurePolicy,
    Jitter,
    Operation,
    RetryClass,
    RetryConfig,
)
from .errors import StopReason, error_code_and_message

__all__ = [
    "INTERNAL_SERVER_ERROR_RETRIES",
    "MAX_RETRY_AFTER_MS",
    "Action",
    "CallPolicy",
    "Decision",
    "FailureKind",
    "ResponseOutcome",
    "TransportFailure",
    "decorrelated_jitter_ms",
    "full_jitter_ms",
    "get_header",
    "parse_retry_after_ms",
]

MAX_RETRY_AFTER_MS = 60_000
"""A Retry-After hint longer than this stops the retries at once."""
INTERNAL_SERVER_ERROR_RETRIES = 1
"""How many 500s one call retries (none for ``unsafe`` operations, nor for
``keyed`` ones whose server replays stored failures)."""

_DIGITS = re.compile(r"[0-9]+")
_RETRY_AFTER_STATUSES = (429, 503)
_TRANSIENT_STATUSES = (429, 502, 503, 504)


class FailureKind(enum.Enum):
    """What went wrong below HTTP, as far as retrying is concerned."""

    REFUSED = "connection refused"
    """Connect failed (refused, DNS, TLS handshake): clean, never sent."""
    CONNECT_TIMEOUT = "connect timeout"
    """No connection within the attempt timeout: clean, never sent."""
    RESET = "connection reset"
    """Connection lost after the request went out: ambiguous."""
    TIMEOUT = "attempt timeout"
    """No complete response within the attempt timeout: ambiguous."""
    FATAL = "transport error"
    """Anything else (bad URL, protocol misuse, proxy, decoding): not retried."""
    TOO_LARGE = "response too large"
    """The body went past ``max_response_bytes``: not retried."""

    @property
    def is_timeout(self) -> bool:
        return self in (FailureKind.CONNECT_TIMEOUT, FailureKind.TIMEOUT)

    @property
    def is_ambiguous(self) -> bool:
        return self in (FailureKind.RESET, FailureKind.TIMEOUT)


@dataclass(frozen=True)
class TransportFailure:
    """An attempt that got no HTTP response."""

    kind: FailureKind
    detail: str
    cause: BaseException | None = field(default=None, compare=False)
    """The httpx exception, chained to the error the caller sees."""
    status: int | None = None
    """The response's status, when the failure came after it (``TOO_LARGE``)."""
    limit: int | None = None
    """The limit a ``TOO_LARGE`` body went past."""


@dataclass(frozen=True)
class ResponseOutcome:
    """An attempt that got an HTTP response."""

    status: int
    headers: Mapping[str, str]
    content: bytes


AttemptOutcome = Union[ResponseOutcome, TransportFailure]


class Action(enum.Enum):
    RETURN = "return"
    """The attempt succeeded: hand the response to the caller."""
    RETRY = "retry"
    """Sleep ``sleep_ms``, then make another attempt."""
    STOP = "stop"
    """Raise the error for the last outcome with ``stop_reason``."""


@dataclass(frozen=True)
class Decision:
    action: Action
    sleep_ms: int = 0
    stop_reason: StopReason | None = None

    @property
    def sleep_seconds(self) -> float:
        return self.sleep_ms / 1000


_RETURN = Decision(Action.RETURN)


def full_jitter_ms(u: float, n: int, base_ms: int, cap_ms: int) -> int:
    """Full jitter for retry ``n`` (0 for the first): ``floor(u * min(cap, base * 2^n))``."""
    return math.floor(u * float(min(cap_ms, base_ms * 2**n)))


def decorrelated_jitter_ms(u: float, prev_ms: int, base_ms: int, cap_ms: int) -> int:
    """Decorrelated jitter: ``min(cap, floor(base + u * (prev * 3 - base)))``."""
    spread = prev_ms * DECORRELATED_MULTIPLIER - base_ms
    return min(cap_ms, math.floor(base_ms + u * float(spread)))


def get_header(headers: Mapping[str, str], name: str) -> str | None:
    """Case-insensitive header lookup on any mapping."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return None


def parse_retry_after_ms(headers: Mapping[str, str], wall_now: float) -> int | None:
    """The server's wait hint in milliseconds, or ``None`` when it gave none.

    ``retry-after-ms`` (integer milliseconds) first, else ``Retry-After`` as
    integer seconds or an HTTP date (``date - wall_now``, at least 0).
    """
    millis = get_header(headers, "retry-after-ms")
    if millis is not None and _DIGITS.fullmatch(millis.strip()):
        return int(millis.strip())
    value = get_header(headers, "retry-after")
    if value is None:
        return None
    value = value.strip()
    if _DIGITS.fullmatch(value):
        return int(value) * 1000
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        # An HTTP date is always GMT, even when the zone was written oddly.
        when = when.replace(tzinfo=timezone.utc)
    return max(0, math.floor((when.timestamp() - wall_now) * 1000))


class CallPolicy:
    """The retry state machine of one logical call.

    It is used the same way by the sync and the async runtime::

        policy = CallPolicy(...)
        while True:
            timeout = policy.begin_attempt(clock.now())   # None: no time left
            ... send with that timeout, carrying policy.request_timeout_ms(now) ...
            decision = policy.after_response(...) or policy.after_failure(...)
            if decision.action is Action.RETRY: sleep(decision.sleep_seconds)

    It takes retry tokens from the client's bucket when it decides to retry and
    refunds them on success; it also logs every retry.
    """

    def __init__(
        self,
        *,
        operation: Operation,
        config: RetryConfig,
        options: CallOptions | None,
        bucket: TokenBucket,
        random: Callable[[], float],
        start: float,
        logger: logging.Logger,
    ) -> None:
        opts = options if options is not None else CallOptions()
        overrides = operation.retry
        self.operation = operation
        self._bucket = bucket
        self._random = random
        self._logger = logger

        retries = config.retries if opts.retries is None else opts.retries
        max_attempts = config.max_attempts
        if overrides is not None and overrides.max_attempts is not None:
            max_attempts = overrides.max_attempts
        if opts.max_attempts is not None:
            max_attempts = opts.max_attempts
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.max_attempts = max_attempts if retries else 1

        self._jitter = config.jitter
        self._base_ms = config.base_ms
        self._cap_ms = config.cap_ms
        deadline_ms = config.deadline_ms
        if overrides is not None:
            if overrides.base_ms is not None:
                self._base_ms = overrides.base_ms
            if overrides.cap_ms is not None:
                self._cap_ms = overrides.cap_ms
            if overrides.deadline_ms is not None:
                deadline_ms = overrides.deadline_ms

        if opts.timeout is None and opts.deadline is None:
            self.deadline = start + deadline_ms / 1000
        else:
            candidates = []
            if opts.timeout is not None:
                candidates.append(start + opts.timeout)
            if opts.deadline is not None:
                candidates.append(opts.deadline)
            self.deadline = min(candidates)

        self._p99_ms = operation.p99_ms if operation.p99_ms is not None else config.p99_ms

        self.attempts = 0
        self.retries_done = 0
        self._last_cost: int | None = None
        self._prev_sleep_ms: int | None = None
        self._retried_500s = 0
        self._attempt_ends_at_deadline = False
        self.body_spent = False
        """The request's one-shot body (a stream, an iterator, a file that
        cannot seek) was read by an attempt: no retry can send it again."""
        self.stopped_for_body = False
        """A retry was due but not made, for ``body_spent``."""

    # -- before an attempt -------------------------------------------------

    def remaining(self, now: float) -> float:
        """Seconds left before the deadline (may be negative)."""
        return self.deadline - now

    def begin_attempt(self, now: float) -> float | None:
        """Count a new attempt and return its timeout in seconds.

        Returns ``None`` (and counts nothing) when the deadline has passed.
        """
        remaining = self.remaining(now)
        if remaining <= 0:
            return None
        self.attempts += 1
        if self._p99_ms is not None:
            timeout = ATTEMPT_TIMEOUT_P99_MULTIPLIER * self._p99_ms / 1000
            if timeout < remaining:
                self._attempt_ends_at_deadline = False
                return timeout
        self._attempt_ends_at_deadline = True
        return remaining

    def request_timeout_ms(self, now: float) -> int:
        """Value of the request-timeout header: ``floor(deadline - now)`` in ms."""
        return max(0, math.floor((self.deadline - now) * 1000))

    # -- after an attempt --------------------------------------------------

    def after_response(self, outcome: ResponseOutcome, now: float, wall_now: float) -> Decision:
        """Decide what follows an attempt that got an HTTP response."""
        status = outcome.status
        if 200 <= status < 300:
            self._bucket.refund(self._last_cost if self._last_cost is not None else NO_RETRY_REFUND)
            return _RETURN

        op = self.operation
        # Only a keyed operation sends a key, so only its 409 can be the
        # key's conflict; anywhere else a 409 is a plain conflict.
        in_flight = False
        if status == 409 and op.retry_class is RetryClass.KEYED:
            code, _ = error_code_and_message(outcome.content)
            in_flight = code is not None and code == op.in_flight_code

        # 1. Allowlist.
        should_retry = get_header(outcome.headers, "x-should-retry")
        verdict = should_retry.strip().lower() if should_retry is not None else None
        if verdict == "false":
            return self._stop(StopReason.NOT_RETRYABLE)
        if verdict != "true":
            if status == 500:
                if op.retry_class is RetryClass.UNSAFE:
                    return self._stop(StopReason.UNSAFE_TO_RETRY)
                if self._retried_500s >= INTERNAL_SERVER_ERROR_RETRIES or (
                    op.retry_class is RetryClass.KEYED and op.failures is FailurePolicy.REPLAY
                ):
                    return self._stop(StopReason.NOT_RETRYABLE)
            elif status not in _TRANSIENT_STATUSES and not in_flight:
                return self._stop(StopReason.NOT_RETRYABLE)

        # 2. Ambiguity: a 5xx may have been processed.
        if status >= 500 and op.retry_class is RetryClass.UNSAFE:
            return self._stop(StopReason.UNSAFE_TO_RETRY)

        # 3. Attempts left.
        if self.attempts >= self.max_attempts:
            return self._stop(StopReason.ATTEMPTS_EXHAUSTED)

        # 4. The sleep, and room for it before the deadline.
        hint = (
            parse_retry_after_ms(outcome.headers, wall_now)
            if status in _RETRY_AFTER_STATUSES
            else None
        )
        if hint is not None:
            if hint > MAX_RETRY_AFTER_MS:
                return self._stop(StopReason.NOT_RETRYABLE)
            sleep_ms = hint
        else:
            sleep_ms = self._jittered_sleep_ms()
        if not now + sleep_ms / 1000 < self.deadline:
            return self._stop(StopReason.DEADLINE_EXCEEDED)

        # 5. Budget.
        cost = THROTTLE_RETRY_COST if status == 429 or in_flight else RETRY_COST
        decision = self._take_and_retry(cost, sleep_ms, f"status {status}")
        if decision.action is Action.RETRY and status == 500:
            self._retried_500s += 1
        return decision

    def after_failure(self, failure: TransportFailure, now: float) -> Decision:
        """Decide what follows an attempt that got no HTTP response."""
        # An attempt whose timeout was the time left ran into the call's
        # deadline: the deadline is exhausted, nothing else is considered.
        if failure.kind.is_timeout and self._attempt_ends_at_deadline:
            return self._stop(StopReason.DEADLINE_EXCEEDED)
        # 1. Allowlist.
        if failure.kind is FailureKind.FATAL or failure.kind is FailureKind.TOO_LARGE:
            return self._stop(StopReason.NOT_RETRYABLE)
        # 2. Ambiguity.
        if failure.kind.is_ambiguous and self.operation.retry_class is RetryClass.UNSAFE:
            return self._stop(StopReason.UNSAFE_TO_RETRY)
        # 3. Attempts left.
        if self.attempts >= self.max_attempts:
            return self._stop(StopReason.ATTEMPTS_EXHAUSTED)
        # 4. The sleep and the deadline.
        sleep_ms = self._jittered_sleep_ms()
        if not now + sleep_ms / 1000 < self.deadline:
            return self._stop(StopReason.DEADLINE_EXCEEDED)
        # 5. Budget.
        return self._take_and_retry(RETRY_COST, sleep_ms, failure.kind.value)

    # -- internals ---------------------------------------------------------

    def _jittered_sleep_ms(self) -> int:
        u = self._random()
        if self._jitter is Jitter.DECORRELATED:
            prev = self._prev_sleep_ms if self._prev_sleep_ms is not None else self._base_ms
            return decorrelated_jitter_ms(u, prev, self._base_ms, self._cap_ms)
        return full_jitter_ms(u, self.retries_done, self._base_ms, self._cap_ms)

    def _take_and_retry(self, cost: int, sleep_ms: int, reason: str) -> Decision:
        if self.body_spent:
            self.stopped_for_body = True
            return self._stop(StopReason.NOT_RETRYABLE)
        if not self._bucket.try_take(cost):
            return self._stop(StopReason.BUDGET_EXHAUSTED)
        self._last_cost = cost
        self._prev_sleep_ms = sleep_ms
        self.retries_done += 1
        self._logger.info(
            "retrying %s: attempt %d of %d failed (%s); next attempt in %d ms; "
            "retry budget: %d tokens left",
            self.operation.name,
            self.attempts,
            self.max_attempts,
            reason,
            sleep_ms,
            self._bucket.level,
        )
        return Decision(Action.RETRY, sleep_ms=sleep_ms)

    @staticmethod
    def _stop(reason: StopReason) -> Decision:
        return Decision(Action.STOP, stop_reason=reason)
