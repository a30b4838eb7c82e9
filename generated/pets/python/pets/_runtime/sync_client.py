"""The blocking runtime."""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import Callable

import httpx

from .budget import TokenBucket
from .clock import Clock
from .config import CallOptions, Operation, Request, RetryConfig
from .core import (
    DEFAULT_LOGGER_NAME,
    SEND_ERRORS,
    AuthArg,
    PreparedCall,
    RuntimeCore,
    classify_exception,
)
from .errors import StopReason
from .policy import Action, AttemptOutcome, FailureKind, ResponseOutcome, TransportFailure
from .response import Response

__all__ = ["SyncRuntime"]


class SyncRuntime(RuntimeCore):
    """Sends the requests of generated code with ``httpx.Client``, retrying by
    the contract. Thread-safe: share one instance (and its retry budget)."""

    def __init__(
        self,
        base_url: str,
        *,
        config: RetryConfig | None = None,
        auth: AuthArg = None,
        default_headers: Mapping[str, str] | None = None,
        user_agent: str | None = None,
        logger_name: str = DEFAULT_LOGGER_NAME,
        http_client: httpx.Client | None = None,
        clock: Clock | None = None,
        random: Callable[[], float] | None = None,
        bucket: TokenBucket | None = None,
        server_urls: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(
            base_url,
            config=config,
            auth=auth,
            default_headers=default_headers,
            user_agent=user_agent,
            logger_name=logger_name,
            clock=clock,
            random=random,
            bucket=bucket,
            server_urls=server_urls,
        )
        self._owns_client = http_client is None
        self._http = http_client if http_client is not None else httpx.Client(timeout=None)

    def request(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
    ) -> Response:
        """Run one logical call: attempts, sleeps and the final outcome.

        Returns the 2xx :class:`Response`; raises an ``SDKError`` subclass.
        """
        call = self.prepare(operation, request, options, self._http)
        policy = call.policy
        while True:
            now = self.clock.now()
            timeout = policy.begin_attempt(now)
            if timeout is None:
                raise self.error(call, StopReason.DEADLINE_EXCEEDED)
            decision = self.decide(call, self._attempt(call, now, timeout))
            if decision.action is Action.RETURN:
                return self.success(call)
            if decision.action is Action.STOP:
                raise self.error(call, decision.stop_reason)
            self.clock.sleep(decision.sleep_seconds)

    def _attempt(self, call: PreparedCall, now: float, timeout: float) -> AttemptOutcome:
        request = self.attempt_request(self._http, call, now, timeout)
        # httpx's timeouts apply per phase; the attempt as a whole is bounded
        # by checking the clock between the chunks of the body.
        ends = now + timeout
        try:
            response = self._http.send(request, stream=True)
        except SEND_ERRORS as exc:
            return classify_exception(exc)
        try:
            chunks: list[bytes] = []
            for chunk in response.iter_bytes():
                chunks.append(chunk)
                if self.clock.now() >= ends:
                    return TransportFailure(
                        FailureKind.TIMEOUT, "the attempt timed out while reading the response"
                    )
        except SEND_ERRORS as exc:
            return classify_exception(exc)
        finally:
            response.close()
        return ResponseOutcome(response.status_code, response.headers, b"".join(chunks))

    def close(self) -> None:
        """Close the HTTP client if the runtime created it."""
        if self._owns_client:
            self._http.close()

    def __enter__(self) -> SyncRuntime:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
