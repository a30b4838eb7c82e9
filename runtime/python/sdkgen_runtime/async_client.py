"""The asyncio runtime."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, Callable, TypeVar, overload

import httpx

from .auth import Auth, ClientCredentials
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
    declared_too_large,
    too_large,
)
from .errors import AuthenticationError, StopReason
from .files import AsyncBinaryResponse
from .policy import Action, AttemptOutcome, FailureKind, ResponseOutcome, TransportFailure
from .response import Response
from .streaming import (
    AsyncEventStream,
    ServerSentEvent,
    asking_for_events,
    bound_reads,
    idle_seconds,
)

__all__ = ["AsyncRuntime"]

T = TypeVar("T")

_Opened = tuple[AttemptOutcome, "httpx.Response | None"]


async def _exchange(http: httpx.AsyncClient, request: httpx.Request, limit: int) -> AttemptOutcome:
    """Sends ``request`` and reads its response's body no further than
    ``limit`` bytes; closing a body left unread closes its connection."""
    response = await http.send(request, stream=True)
    try:
        refused = declared_too_large(response, limit)
        if refused is not None:
            return refused
        chunks: list[bytes] = []
        read = 0
        # Decoded bytes are counted: they are what memory holds.
        async for chunk in response.aiter_bytes():
            read += len(chunk)
            if read > limit:
                return too_large(response.status_code, limit)
            chunks.append(chunk)
    finally:
        await response.aclose()
    return ResponseOutcome(response.status_code, response.headers, b"".join(chunks))


if sys.version_info >= (3, 11):

    async def _send_within(
        http: httpx.AsyncClient, request: httpx.Request, timeout: float, limit: int
    ) -> AttemptOutcome:
        """``_exchange``, cancelled after ``timeout`` seconds
        (``asyncio.TimeoutError``): a timer on the running task, where
        ``wait_for`` would start a task per attempt."""
        async with asyncio.timeout(timeout):
            return await _exchange(http, request, limit)

else:

    async def _send_within(
        http: httpx.AsyncClient, request: httpx.Request, timeout: float, limit: int
    ) -> AttemptOutcome:
        """``_exchange``, cancelled after ``timeout`` seconds
        (``asyncio.TimeoutError``)."""
        return await asyncio.wait_for(_exchange(http, request, limit), timeout)


async def _open_exchange(
    http: httpx.AsyncClient, request: httpx.Request, limit: int, idle: float
) -> _Opened:
    """Sends a stream call's ``request``: a 2xx comes back open, its body
    unread and each later read bounded by ``idle`` seconds; any other
    response is read as ``_exchange`` reads it."""
    response = await http.send(request, stream=True)
    if 200 <= response.status_code < 300:
        try:
            bound_reads(request, idle)
        except BaseException:
            await response.aclose()
            raise
        return ResponseOutcome(response.status_code, response.headers, b""), response
    try:
        refused = declared_too_large(response, limit)
        if refused is not None:
            return refused, None
        chunks: list[bytes] = []
        read = 0
        async for chunk in response.aiter_bytes():
            read += len(chunk)
            if read > limit:
                return too_large(response.status_code, limit), None
            chunks.append(chunk)
    finally:
        await response.aclose()
    return ResponseOutcome(response.status_code, response.headers, b"".join(chunks)), None


async def _open_within(
    http: httpx.AsyncClient, request: httpx.Request, timeout: float, limit: int, idle: float
) -> _Opened:
    """``_open_exchange``, cancelled after ``timeout`` seconds
    (``asyncio.TimeoutError``): the attempt's timeout ends with the headers."""
    return await asyncio.wait_for(_open_exchange(http, request, limit, idle), timeout)


class AsyncRuntime(RuntimeCore):
    """Sends the requests of generated code with ``httpx.AsyncClient``,
    retrying by the contract. Share one instance (and its retry budget)
    between the tasks of an event loop."""

    def __init__(
        self,
        base_url: str,
        *,
        config: RetryConfig | None = None,
        auth: AuthArg = None,
        default_headers: Mapping[str, str] | None = None,
        user_agent: str | None = None,
        logger_name: str = DEFAULT_LOGGER_NAME,
        http_client: httpx.AsyncClient | None = None,
        clock: Clock | None = None,
        random: Callable[[], float] | None = None,
        bucket: TokenBucket | None = None,
        server_urls: Mapping[str, str] | None = None,
        credentials: Mapping[str, Auth | None] | None = None,
        security: Sequence[Sequence[str]] | None = None,
        credential_help: Mapping[str, str] | None = None,
        request_id_header: str | None = None,
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
            credentials=credentials,
            security=security,
            credential_help=credential_help,
            request_id_header=request_id_header,
        )
        self._token_locks: dict[int, asyncio.Lock] = {}
        self._owns_client = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient(timeout=None)

    async def request(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
    ) -> Response:
        """Run one logical call: attempts, sleeps and the final outcome.

        Returns the 2xx :class:`Response`; raises an ``SDKError`` subclass.
        Cancelling the task cancels the call at once; nothing is retried.
        """
        picked = self.pick(operation)
        scheme = self.client_credentials(picked) if picked else None
        if scheme is None:
            return await self._run(self.prepare(operation, request, options, self._http, picked))
        token = await self._token(scheme)
        call = self.prepare(operation, request, options, self._http, picked)
        try:
            return await self._run(call)
        except AuthenticationError:
            if not self.can_send_again(call):
                raise
        # The token was refused: a new one, and the call once more as a new
        # logical call with the same idempotency key (CONTRACT.md section 10).
        scheme.drop(token)
        await self._token(scheme)
        return await self._run(
            self.prepare(operation, request, self.same_key(call, options), self._http, picked)
        )

    @overload
    async def stream(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
        decoder: None = None,
    ) -> AsyncEventStream[ServerSentEvent]: ...

    @overload
    async def stream(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
        decoder: Callable[[ServerSentEvent], T],
    ) -> AsyncEventStream[T]: ...

    async def stream(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
        decoder: Callable[[ServerSentEvent], Any] | None = None,
    ) -> AsyncEventStream[Any]:
        """Open an event stream (``text/event-stream``): attempts and sleeps
        as :meth:`request` makes them, until a 2xx response's headers arrive;
        then the events, read as the caller iterates, never retried.

        ``idle_timeout`` (seconds) bounds each wait for the stream's next
        bytes, over the client's ``stream_idle_timeout_ms``; ``decoder``
        turns each event into what the iteration yields (the event itself
        without one). Raises an ``SDKError`` subclass as :meth:`request`
        does; the iteration raises ``StreamError``.
        """
        idle = idle_seconds(idle_timeout, self.config.stream_idle_timeout_ms)
        call, response = await self._opened(operation, asking_for_events(request), options, idle)
        return AsyncEventStream(
            response,
            operation=call.operation.name,
            attempts=call.policy.attempts,
            decoder=decoder,
            request_id_header=self.request_id_header,
            max_event_bytes=self.config.max_response_bytes,
        )

    async def download(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
    ) -> AsyncBinaryResponse:
        """Open a download: attempts and sleeps as :meth:`request` makes
        them, until a 2xx response's headers arrive; then the body, unread,
        in an :class:`AsyncBinaryResponse` to read whole, in chunks or into
        a file, never retried.

        ``idle_timeout`` (seconds) bounds each wait for the body's next
        bytes, over the client's ``stream_idle_timeout_ms``. Raises an
        ``SDKError`` subclass as :meth:`request` does; reading the body
        raises ``StreamError``.
        """
        idle = idle_seconds(idle_timeout, self.config.stream_idle_timeout_ms)
        call, response = await self._opened(operation, request, options, idle)
        return AsyncBinaryResponse(
            response,
            operation=call.operation.name,
            attempts=call.policy.attempts,
            max_bytes=self.config.max_response_bytes,
            request_id_header=self.request_id_header,
        )

    async def _opened(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None,
        idle: float,
    ) -> tuple[PreparedCall, httpx.Response]:
        """A call whose 2xx response comes back open, its body unread (event
        streams and downloads), with the credentials as :meth:`request`
        sends them."""
        picked = self.pick(operation)
        scheme = self.client_credentials(picked) if picked else None
        if scheme is None:
            call = self.prepare(operation, request, options, self._http, picked)
            return call, await self._open(call, idle)
        token = await self._token(scheme)
        call = self.prepare(operation, request, options, self._http, picked)
        try:
            return call, await self._open(call, idle)
        except AuthenticationError:
            if not self.can_send_again(call):
                raise
        scheme.drop(token)
        await self._token(scheme)
        call = self.prepare(operation, request, self.same_key(call, options), self._http, picked)
        return call, await self._open(call, idle)

    async def _open(self, call: PreparedCall, idle: float) -> httpx.Response:
        policy = call.policy
        limit = self.config.max_response_bytes
        while True:
            now = self.clock.now()
            timeout = policy.begin_attempt(now)
            if timeout is None:
                raise self.error(call, StopReason.DEADLINE_EXCEEDED)
            request = self.attempt_request(self._http, call, now, timeout)
            response: httpx.Response | None = None
            try:
                outcome, response = await _open_within(self._http, request, timeout, limit, idle)
            except asyncio.TimeoutError:
                outcome = TransportFailure(FailureKind.TIMEOUT, "the attempt timed out")
            except SEND_ERRORS as exc:
                outcome = classify_exception(exc)
            try:
                decision = self.decide(call, outcome)
            except BaseException:
                if response is not None:
                    await response.aclose()
                raise
            if decision.action is Action.RETURN and response is not None:
                return response
            if response is not None:
                await response.aclose()
            if decision.action is Action.STOP:
                raise self.error(call, decision.stop_reason)
            await self.clock.async_sleep(decision.sleep_seconds)

    def _token_lock(self, scheme: ClientCredentials) -> asyncio.Lock:
        """The lock that makes this client's token fetches for ``scheme``
        one at a time (a task waits for the fetch under way)."""
        lock = self._token_locks.get(id(scheme))
        if lock is None:
            lock = self._token_locks[id(scheme)] = asyncio.Lock()
        return lock

    async def _token(self, scheme: ClientCredentials) -> str:
        """The scheme's token: the kept one while it is good, else a new one
        from its token URL (one fetch at a time per client)."""
        token = scheme.current(self.clock.now())
        if token is not None:
            return token
        async with self._token_lock(scheme):
            token = scheme.current(self.clock.now())
            if token is not None:
                return token
            request, options = self.token_call(scheme)
            response = await self._run(
                self.prepare(self.token_operation(scheme), request, options, self._http)
            )
            return self.accept_token(scheme, response)

    async def _run(self, call: PreparedCall) -> Response:
        policy = call.policy
        while True:
            now = self.clock.now()
            timeout = policy.begin_attempt(now)
            if timeout is None:
                raise self.error(call, StopReason.DEADLINE_EXCEEDED)
            decision = self.decide(call, await self._attempt(call, now, timeout))
            if decision.action is Action.RETURN:
                return self.success(call)
            if decision.action is Action.STOP:
                raise self.error(call, decision.stop_reason)
            await self.clock.async_sleep(decision.sleep_seconds)

    async def _attempt(self, call: PreparedCall, now: float, timeout: float) -> AttemptOutcome:
        request = self.attempt_request(self._http, call, now, timeout)
        # httpx's timeouts apply per phase; _send_within bounds the whole attempt.
        try:
            return await _send_within(self._http, request, timeout, self.config.max_response_bytes)
        except asyncio.TimeoutError:
            return TransportFailure(FailureKind.TIMEOUT, "the attempt timed out")
        except SEND_ERRORS as exc:
            return classify_exception(exc)

    async def aclose(self) -> None:
        """Close the HTTP client if the runtime created it."""
        if self._owns_client:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncRuntime:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
