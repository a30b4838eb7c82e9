"""Configuration, operation descriptors, per-call options and requests."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .budget import DEFAULT_BUDGET_CAPACITY

if TYPE_CHECKING:
    from .files import UploadBody

__all__ = [
    "ATTEMPT_TIMEOUT_P99_MULTIPLIER",
    "DECORRELATED_MULTIPLIER",
    "DEFAULT_BASE_MS",
    "DEFAULT_CAP_MS",
    "DEFAULT_DEADLINE_MS",
    "DEFAULT_IN_FLIGHT_CODE",
    "DEFAULT_KEY_HEADER",
    "DEFAULT_KEY_MAX_LENGTH",
    "DEFAULT_MAX_ATTEMPTS",
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_MISMATCH_CODE",
    "DEFAULT_REQUEST_TIMEOUT_HEADER",
    "DEFAULT_STREAM_IDLE_TIMEOUT_MS",
    "CallOptions",
    "FailurePolicy",
    "Jitter",
    "Operation",
    "Request",
    "RetryClass",
    "RetryConfig",
    "RetryOverrides",
    "call_options",
]

DEFAULT_MAX_ATTEMPTS = 3
"""Attempts per call in all, the first one included."""
DEFAULT_BASE_MS = 500
"""Backoff base: the first retry sleeps up to this long."""
DEFAULT_CAP_MS = 20_000
"""No backoff sleep is longer than this."""
DEFAULT_DEADLINE_MS = 60_000
"""The whole call's deadline: every attempt and every sleep."""
ATTEMPT_TIMEOUT_P99_MULTIPLIER = 3
"""An attempt times out after this many times the latency hint (p99)."""
DECORRELATED_MULTIPLIER = 3
"""Decorrelated jitter draws the next sleep up to this many times the last."""
DEFAULT_KEY_HEADER = "Idempotency-Key"
DEFAULT_KEY_MAX_LENGTH = 255
DEFAULT_IN_FLIGHT_CODE = "concurrent_idempotent_requests"
DEFAULT_MISMATCH_CODE = "invalid_idempotent_request"
DEFAULT_REQUEST_TIMEOUT_HEADER = "Request-Timeout-Ms"
DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024
"""The longest response body read: past it the call raises
``ResponseTooLargeError`` and the rest is never read."""
DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000
"""The longest wait for the next bytes of an event stream once its headers
have arrived (a keep-alive comment counts); past it the stream raises
``StreamError``."""


class Jitter(str, enum.Enum):
    """Backoff shape."""

    FULL = "full"
    """``sleep = floor(u * min(cap, base * 2^n))``; the default."""
    DECORRELATED = "decorrelated"
    """``sleep = min(cap, floor(base + u * (prev * 3 - base)))`` (3 is
    ``DECORRELATED_MULTIPLIER``); opt-in."""


class RetryClass(str, enum.Enum):
    """Retry safety of an operation, fixed at generation time."""

    SAFE = "safe"
    IDEMPOTENT = "idempotent"
    KEYED = "keyed"
    UNSAFE = "unsafe"


class FailurePolicy(str, enum.Enum):
    """What the server does when a key whose first attempt failed comes back."""

    REATTEMPT = "reattempt"
    """The server runs the request again."""
    REPLAY = "replay"
    """The server replays the stored failure (so a retried 500 is pointless)."""


@dataclass(frozen=True)
class RetryConfig:
    """Client-wide retry settings. The defaults are the contract's."""

    retries: bool = True
    """Turn automatic retries on or off."""
    max_attempts: int = DEFAULT_MAX_ATTEMPTS
    """Attempts in total, the first one included."""
    jitter: Jitter = Jitter.FULL
    base_ms: int = DEFAULT_BASE_MS
    cap_ms: int = DEFAULT_CAP_MS
    deadline_ms: int = DEFAULT_DEADLINE_MS
    """Overall deadline of a logical call: every attempt and every sleep."""
    p99_ms: int | None = None
    """Latency hint: attempts time out after ``min(3 * p99_ms, remaining)``
    (3 is ``ATTEMPT_TIMEOUT_P99_MULTIPLIER``)."""
    request_timeout_header: str | None = DEFAULT_REQUEST_TIMEOUT_HEADER
    """Header carrying the time left in ms on every attempt; ``None`` turns it off."""
    budget_capacity: int = DEFAULT_BUDGET_CAPACITY
    """Capacity of the client's retry token bucket (it starts full)."""
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES
    """The longest response body read, in bytes: past it the body is read no
    further, the connection is closed and the call raises
    ``ResponseTooLargeError``, without retrying. An event stream holds one
    event at a time, and no event may grow past it."""
    stream_idle_timeout_ms: int = DEFAULT_STREAM_IDLE_TIMEOUT_MS
    """Event streams: the longest wait for the next bytes once the response
    headers have arrived (a stream call's ``idle_timeout`` overrides it)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "jitter", Jitter(self.jitter))
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.base_ms < 0 or self.cap_ms < 0:
            raise ValueError("base_ms and cap_ms must not be negative")
        if self.deadline_ms <= 0:
            raise ValueError("deadline_ms must be positive")
        if self.p99_ms is not None and self.p99_ms <= 0:
            raise ValueError("p99_ms must be positive")
        if self.max_response_bytes < 0:
            raise ValueError("max_response_bytes must not be negative")
        if self.stream_idle_timeout_ms <= 0:
            raise ValueError("stream_idle_timeout_ms must be positive")
        if self.budget_capacity < 0:
            raise ValueError("budget_capacity must not be negative")


@dataclass(frozen=True)
class RetryOverrides:
    """Per-operation overrides from the spec's operation-level ``x-retries``."""

    max_attempts: int | None = None
    base_ms: int | None = None
    cap_ms: int | None = None
    deadline_ms: int | None = None


@dataclass(frozen=True)
class Operation:
    """What the generator knows about one API operation."""

    name: str
    method: str
    retry_class: RetryClass
    key_header: str = DEFAULT_KEY_HEADER
    key_max_length: int = DEFAULT_KEY_MAX_LENGTH
    failures: FailurePolicy = FailurePolicy.REATTEMPT
    in_flight_code: str = DEFAULT_IN_FLIGHT_CODE
    mismatch_code: str = DEFAULT_MISMATCH_CODE
    p99_ms: int | None = None
    retry: RetryOverrides | None = None
    authenticated: bool = True
    """Whether the client's auth is applied (``security: []`` turns it off)."""
    security: tuple[tuple[str, ...], ...] | None = None
    """The operation's own security alternatives (scheme names), where they
    differ from the client's; ``None``: the client's."""
    base_url: str | None = None
    """The spec's own server for this operation (from its ``servers`` or its
    path item's), where it does not go to the client's base URL. A client's
    ``server_urls`` can send it elsewhere."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", self.method.upper())
        object.__setattr__(self, "retry_class", RetryClass(self.retry_class))
        object.__setattr__(self, "failures", FailurePolicy(self.failures))
        if self.key_max_length < 1:
            raise ValueError("key_max_length must be at least 1")


@dataclass(frozen=True)
class CallOptions:
    """Per-call overrides. ``None`` means: use the client's setting."""

    idempotency_key: str | None = None
    """Key for a ``keyed`` operation; a UUID v4 is made when absent."""
    timeout: float | None = None
    """Deadline of this call in seconds from now."""
    deadline: float | None = None
    """Absolute deadline on the runtime clock (see ``deadline_from_headers``)."""
    max_attempts: int | None = None
    retries: bool | None = None
    extra_headers: Mapping[str, str] | None = None
    extra_query: Mapping[str, object] | None = None
    """Query parameters sent after the operation's own, each value written
    as a form-style query value (a list repeats the name); for a parameter
    the API added after the SDK was made."""
    extra_body: Mapping[str, object] | None = None
    """Properties merged into the top level of a JSON object body, over the
    SDK's own of the same name (CONTRACT.md section 11)."""


def call_options(
    *,
    idempotency_key: str | None = None,
    timeout: float | None = None,
    deadline: float | None = None,
    max_attempts: int | None = None,
    retries: bool | None = None,
    extra_headers: Mapping[str, str] | None = None,
    extra_query: Mapping[str, object] | None = None,
    extra_body: Mapping[str, object] | None = None,
) -> CallOptions | None:
    """The :class:`CallOptions` of a generated method's arguments, or ``None``
    (the client's settings, as an empty ``CallOptions`` would say) when the
    caller gave none of them: the usual call makes no options object."""
    if (
        idempotency_key is None
        and timeout is None
        and deadline is None
        and max_attempts is None
        and retries is None
        and extra_headers is None
        and extra_query is None
        and extra_body is None
    ):
        return None
    return CallOptions(
        idempotency_key=idempotency_key,
        timeout=timeout,
        deadline=deadline,
        max_attempts=max_attempts,
        retries=retries,
        extra_headers=extra_headers,
        extra_query=extra_query,
        extra_body=extra_body,
    )


@dataclass(frozen=True)
class Request:
    """One HTTP request as generated code describes it.

    ``path`` is already encoded (see ``encode_path``); ``query`` holds pairs
    already encoded by the ``*_query`` helpers. Give ``content`` (bytes, or
    an ``UploadBody`` holding files read while it is sent) or ``json`` (any
    JSON-serialisable value), not both.
    """

    method: str
    path: str
    query: Sequence[tuple[str, str]] = ()
    headers: Mapping[str, str] = field(default_factory=dict)
    content: bytes | UploadBody | None = None
    json: Any = None
    content_type: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", self.method.upper())
        if self.content is not None and self.json is not None:
            raise ValueError("give content or json, not both")
