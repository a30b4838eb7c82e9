"""What the sync and async runtimes share: call preparation, the request of
each attempt, the classification of httpx errors and the errors raised."""

from __future__ import annotations

import json
import logging
import random as _random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Callable, Union

import httpx

from .auth import Auth
from .budget import TokenBucket
from .clock import Clock, SystemClock
from .config import CallOptions, Operation, Request, RetryClass, RetryConfig
from .encoding import encode_query, form_query
from .errors import (
    APIConnectionError,
    APITimeoutError,
    SDKError,
    StopReason,
    api_error_for,
)
from .keys import new_idempotency_key, validate_idempotency_key
from .policy import (
    AttemptOutcome,
    CallPolicy,
    Decision,
    FailureKind,
    ResponseOutcome,
    TransportFailure,
)
from .response import Response

__all__ = ["DEFAULT_LOGGER_NAME", "PreparedCall", "RuntimeCore", "classify_exception"]

DEFAULT_LOGGER_NAME = "sdkgen_runtime"

AuthArg = Union[Auth, Sequence[Auth], None]
HTTPClient = Union[httpx.Client, httpx.AsyncClient]
_TIMEOUT_PHASES = ("connect", "read", "write", "pool")
"""The keys of ``httpx.Timeout.as_dict()``: the request extension an attempt's timeout goes in."""


def classify_exception(exc: Exception) -> TransportFailure:
    """Map an httpx error raised while sending to what retrying needs to know."""
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    if isinstance(exc, (httpx.ConnectTimeout, httpx.PoolTimeout)):
        kind = FailureKind.CONNECT_TIMEOUT
    elif isinstance(exc, httpx.TimeoutException):
        kind = FailureKind.TIMEOUT
    elif isinstance(exc, httpx.ConnectError):
        kind = FailureKind.REFUSED
    elif isinstance(
        exc,
        (httpx.ReadError, httpx.WriteError, httpx.CloseError, httpx.RemoteProtocolError),
    ):
        kind = FailureKind.RESET
    else:
        kind = FailureKind.FATAL
    return TransportFailure(kind, detail, cause=exc)


SEND_ERRORS = (httpx.TransportError, httpx.DecodingError, httpx.TooManyRedirects)
"""httpx errors an attempt can raise once the request is built."""


@dataclass
class PreparedCall:
    """One logical call, ready for its attempts."""

    operation: Operation
    policy: CallPolicy
    method: str
    url: httpx.URL
    headers: httpx.Headers
    content: bytes | None
    merged: bool
    """``headers`` already hold the HTTP client's default headers, so an
    attempt can build its ``httpx.Request`` without ``build_request``."""
    last: AttemptOutcome | None = None


class RuntimeCore:
    """Configuration and helpers shared by :class:`SyncRuntime` and
    :class:`AsyncRuntime`; not used directly."""

    def __init__(
        self,
        base_url: str,
        *,
        config: RetryConfig | None = None,
        auth: AuthArg = None,
        default_headers: Mapping[str, str] | None = None,
        user_agent: str | None = None,
        logger_name: str = DEFAULT_LOGGER_NAME,
        clock: Clock | None = None,
        random: Callable[[], float] | None = None,
        bucket: TokenBucket | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.config = config if config is not None else RetryConfig()
        if auth is None:
            self._auth: list[Auth] = []
        elif isinstance(auth, Auth):
            self._auth = [auth]
        else:
            self._auth = list(auth)
        self._default_headers = dict(default_headers or {})
        self._user_agent = user_agent
        # The headers every call starts from, made once: the defaults and the
        # User-Agent, over the HTTP client's own default headers (see
        # ``_base_headers``).
        self._constant_headers = httpx.Headers(self._default_headers)
        if user_agent is not None:
            self._constant_headers["User-Agent"] = user_agent
        self._base: tuple[list[tuple[bytes, bytes]], httpx.Headers | None] | None = None
        self.logger = logging.getLogger(logger_name)
        self.clock = clock if clock is not None else SystemClock()
        self._random = random if random is not None else _random.random
        self.bucket = bucket if bucket is not None else TokenBucket(self.config.budget_capacity)

    def _base_headers(self, http: HTTPClient) -> httpx.Headers | None:
        """The HTTP client's default headers with the runtime's constant ones
        over them, merged as ``build_request`` would merge them; made again
        only when the client's headers change. ``None`` when the client has a
        default ``Content-Type``, which the call's own must not see."""
        raw = http.headers.raw
        base = self._base
        if base is None or base[0] != raw:
            merged: httpx.Headers | None = None
            if "Content-Type" not in http.headers:
                merged = httpx.Headers(http.headers)
                merged.update(self._constant_headers)
            base = (raw, merged)
            self._base = base
        return base[1]

    def prepare(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None,
        http: HTTPClient,
    ) -> PreparedCall:
        """Check everything that can fail before sending, once per logical call."""
        if request.method != operation.method:
            raise SDKError(
                f"{operation.name}: request method {request.method} does not match "
                f"the operation's {operation.method}"
            )
        opts = options if options is not None else CallOptions()

        base = self._base_headers(http)
        headers = (base if base is not None else self._constant_headers).copy()
        auth_query: list[tuple[str, str]] = []
        if operation.authenticated:
            for scheme in self._auth:
                scheme.apply(headers, auth_query)
        headers.update(request.headers)
        if opts.extra_headers:
            headers.update(opts.extra_headers)

        if operation.retry_class is RetryClass.KEYED:
            key = (
                validate_idempotency_key(opts.idempotency_key, operation.key_max_length)
                if opts.idempotency_key is not None
                else new_idempotency_key()
            )
            headers[operation.key_header] = key

        content = request.content
        if request.json is not None:
            try:
                content = json.dumps(
                    request.json, separators=(",", ":"), ensure_ascii=False
                ).encode("utf-8")
            except (TypeError, ValueError) as exc:
                raise SDKError(
                    f"{operation.name}: the request body cannot be encoded as JSON: {exc}"
                ) from exc
            headers.setdefault("Content-Type", request.content_type or "application/json")
        elif request.content_type is not None:
            headers.setdefault("Content-Type", request.content_type)

        query = list(request.query)
        for name, value in auth_query:
            query.extend(form_query(name, value))
        target = self.base_url + request.path
        if query:
            target += "?" + encode_query(query)
        try:
            url = httpx.URL(target)
        except httpx.InvalidURL as exc:
            raise SDKError(f"{operation.name}: invalid URL: {exc}") from exc
        merged = base is not None and url.is_absolute_url

        policy = CallPolicy(
            operation=operation,
            config=self.config,
            options=opts,
            bucket=self.bucket,
            random=self._random,
            start=self.clock.now(),
            logger=self.logger,
        )
        return PreparedCall(
            operation=operation,
            policy=policy,
            method=request.method,
            url=url,
            headers=headers,
            content=content,
            merged=merged,
        )

    def attempt_headers(self, call: PreparedCall, now: float) -> httpx.Headers:
        headers = call.headers.copy()
        name = self.config.request_timeout_header
        if name is not None:
            headers[name] = str(call.policy.request_timeout_ms(now))
        return headers

    def attempt_request(
        self, http: HTTPClient, call: PreparedCall, now: float, timeout: float
    ) -> httpx.Request:
        """The ``httpx.Request`` of one attempt, as ``http.build_request`` makes it.

        When the call's headers already hold the client's defaults and the
        client has no cookies or default query parameters (the usual case),
        the request is made directly: ``build_request`` would merge the
        client's headers, cookies and parameters into it again on every
        attempt, which costs more than the rest of the runtime's work.
        """
        headers = self.attempt_headers(call, now)
        if call.merged and not http.cookies and not http.params:
            return httpx.Request(
                call.method,
                call.url,
                headers=headers,
                content=call.content,
                extensions={"timeout": dict.fromkeys(_TIMEOUT_PHASES, timeout)},
            )
        return http.build_request(
            call.method,
            call.url,
            headers=headers,
            content=call.content,
            timeout=httpx.Timeout(timeout),
        )

    def decide(self, call: PreparedCall, outcome: AttemptOutcome) -> Decision:
        """Record an attempt's outcome and ask the policy what follows."""
        call.last = outcome
        now = self.clock.now()
        if isinstance(outcome, ResponseOutcome):
            return call.policy.after_response(outcome, now, self.clock.wall())
        return call.policy.after_failure(outcome, now)

    @staticmethod
    def success(call: PreparedCall) -> Response:
        """The response of a call whose last attempt succeeded."""
        last = call.last
        if not isinstance(last, ResponseOutcome):
            raise RuntimeError("success() called without a response")
        return Response(
            status=last.status,
            headers=last.headers,
            content=last.content,
            attempts=call.policy.attempts,
        )

    @staticmethod
    def error(call: PreparedCall, stop_reason: StopReason | None) -> SDKError:
        """The error for the call's last outcome."""
        if stop_reason is None:
            raise RuntimeError("error() called without a stop reason")
        op = call.operation
        attempts = call.policy.attempts
        last = call.last
        if isinstance(last, ResponseOutcome):
            keyed = op.retry_class is RetryClass.KEYED
            return api_error_for(
                status=last.status,
                headers=last.headers,
                content=last.content,
                attempts=attempts,
                stop_reason=stop_reason,
                in_flight_code=op.in_flight_code if keyed else None,
                mismatch_code=op.mismatch_code if keyed else None,
            )
        if last is None:
            return APITimeoutError(
                f"{op.name}: the deadline passed before the first attempt",
                attempts=attempts,
                stop_reason=stop_reason,
            )
        cls = APITimeoutError if last.kind.is_timeout else APIConnectionError
        error = cls(f"{op.name}: {last.detail}", attempts=attempts, stop_reason=stop_reason)
        error.__cause__ = last.cause
        return error
