"""The blocking runtime.

httpx's timeouts apply to each read, write and connect on its own: a server
that sends its response headers one byte per second never lets a read time
out (a 5 s call once ended after 72 s). So the network backend of the
client's connection pool is wrapped to clamp each socket operation's timeout
to the time left in the current attempt, which bounds connect, headers and
body alike. The bound applies to clients whose transport is httpx's own
``HTTPTransport`` (the runtime's default client, and most clients given to
it); another transport keeps httpx's per-phase timeouts, and the body is
then bounded between its chunks only.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Callable, TypeVar, overload

import httpcore
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
from .files import BinaryResponse
from .policy import Action, AttemptOutcome, FailureKind, ResponseOutcome, TransportFailure
from .response import Response
from .streaming import (
    ServerSentEvent,
    SyncEventStream,
    asking_for_events,
    bound_reads,
    idle_seconds,
)

__all__ = ["SyncRuntime"]

T = TypeVar("T")

_ENDS: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "sdkgen_attempt_ends", default=None
)


@contextmanager
def _attempt_ends(seconds: float) -> Iterator[None]:
    """Bounds the socket operations made inside the block by ``seconds`` from now."""
    token = _ENDS.set(time.monotonic() + seconds)
    try:
        yield
    finally:
        _ENDS.reset(token)


def _clamp(timeout: float | None, error: type[Exception]) -> float | None:
    ends = _ENDS.get()
    if ends is None:
        return timeout
    left = ends - time.monotonic()
    if left <= 0:
        raise error("the attempt timed out")
    return left if timeout is None else min(timeout, left)


class _Stream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _clamp(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _clamp(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self,
        ssl_context: Any,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        inner = self._inner.start_tls(
            ssl_context, server_hostname, _clamp(timeout, httpcore.ConnectTimeout)
        )
        return _Stream(inner)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        stream = self._inner.connect_tcp(
            host,
            port,
            _clamp(timeout, httpcore.ConnectTimeout),
            local_address,
            socket_options,
        )
        return _Stream(stream)

    def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        stream = self._inner.connect_unix_socket(
            path, _clamp(timeout, httpcore.ConnectTimeout), socket_options
        )
        return _Stream(stream)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def _wrap(transport: object) -> bool:
    pool = getattr(transport, "_pool", None) if isinstance(transport, httpx.HTTPTransport) else None
    backend = getattr(pool, "_network_backend", None)
    if backend is None:
        return False
    if not isinstance(backend, _Backend):
        pool._network_backend = _Backend(backend)  # type: ignore[union-attr]
    return True


def _bound_client(client: httpx.Client) -> bool:
    """Wraps the connection pools of ``client``'s transports (its own and
    those mounted for proxies); whether its main transport could be wrapped."""
    for mounted in getattr(client, "_mounts", {}).values():
        if mounted is not None:
            _wrap(mounted)
    return _wrap(getattr(client, "_transport", None))


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
        self._owns_client = http_client is None
        self._http = http_client if http_client is not None else httpx.Client(timeout=None)
        _bound_client(self._http)

    def request(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
    ) -> Response:
        """Run one logical call: attempts, sleeps and the final outcome.

        Returns the 2xx :class:`Response`; raises an ``SDKError`` subclass.
        """
        picked = self.pick(operation)
        scheme = self.client_credentials(picked) if picked else None
        if scheme is None:
            return self._run(self.prepare(operation, request, options, self._http, picked))
        token = self._token(scheme)
        call = self.prepare(operation, request, options, self._http, picked)
        try:
            return self._run(call)
        except AuthenticationError:
            if not self.can_send_again(call):
                raise
        # The token was refused: a new one, and the call once more as a new
        # logical call with the same idempotency key (CONTRACT.md section 10).
        scheme.drop(token)
        self._token(scheme)
        return self._run(
            self.prepare(operation, request, self.same_key(call, options), self._http, picked)
        )

    @overload
    def stream(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
        decoder: None = None,
    ) -> SyncEventStream[ServerSentEvent]: ...

    @overload
    def stream(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
        decoder: Callable[[ServerSentEvent], T],
    ) -> SyncEventStream[T]: ...

    def stream(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
        decoder: Callable[[ServerSentEvent], Any] | None = None,
    ) -> SyncEventStream[Any]:
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
        call, response = self._opened(operation, asking_for_events(request), options, idle)
        return SyncEventStream(
            response,
            operation=call.operation.name,
            attempts=call.policy.attempts,
            decoder=decoder,
            request_id_header=self.request_id_header,
            max_event_bytes=self.config.max_response_bytes,
        )

    def download(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None = None,
        *,
        idle_timeout: float | None = None,
    ) -> BinaryResponse:
        """Open a download: attempts and sleeps as :meth:`request` makes
        them, until a 2xx response's headers arrive; then the body, unread,
        in a :class:`BinaryResponse` to read whole, in chunks or into a
        file, never retried.

        ``idle_timeout`` (seconds) bounds each wait for the body's next
        bytes, over the client's ``stream_idle_timeout_ms``. Raises an
        ``SDKError`` subclass as :meth:`request` does; reading the body
        raises ``StreamError``.
        """
        idle = idle_seconds(idle_timeout, self.config.stream_idle_timeout_ms)
        call, response = self._opened(operation, request, options, idle)
        return BinaryResponse(
            response,
            operation=call.operation.name,
            attempts=call.policy.attempts,
            max_bytes=self.config.max_response_bytes,
            request_id_header=self.request_id_header,
        )

    def _opened(
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
            return call, self._open(call, idle)
        token = self._token(scheme)
        call = self.prepare(operation, request, options, self._http, picked)
        try:
            return call, self._open(call, idle)
        except AuthenticationError:
            if not self.can_send_again(call):
                raise
        scheme.drop(token)
        self._token(scheme)
        call = self.prepare(operation, request, self.same_key(call, options), self._http, picked)
        return call, self._open(call, idle)

    def _open(self, call: PreparedCall, idle: float) -> httpx.Response:
        policy = call.policy
        while True:
            now = self.clock.now()
            timeout = policy.begin_attempt(now)
            if timeout is None:
                raise self.error(call, StopReason.DEADLINE_EXCEEDED)
            outcome, response = self._open_attempt(call, now, timeout, idle)
            try:
                decision = self.decide(call, outcome)
            except BaseException:
                if response is not None:
                    response.close()
                raise
            if decision.action is Action.RETURN and response is not None:
                return response
            if response is not None:
                response.close()
            if decision.action is Action.STOP:
                raise self.error(call, decision.stop_reason)
            self.clock.sleep(decision.sleep_seconds)

    def _open_attempt(
        self, call: PreparedCall, now: float, timeout: float, idle: float
    ) -> tuple[AttemptOutcome, httpx.Response | None]:
        """One attempt of a stream or download call: a 2xx comes back open,
        its body unread, the rest as :meth:`_attempt` reads it."""
        request = self.attempt_request(self._http, call, now, timeout)
        ends = now + timeout
        with _attempt_ends(timeout):
            try:
                response = self._http.send(request, stream=True)
            except SEND_ERRORS as exc:
                return classify_exception(exc), None
            if 200 <= response.status_code < 300:
                bound_reads(request, idle)
                return ResponseOutcome(response.status_code, response.headers, b""), response
            try:
                limit = self.config.max_response_bytes
                refused = declared_too_large(response, limit)
                if refused is not None:
                    return refused, None
                chunks: list[bytes] = []
                read = 0
                for chunk in response.iter_bytes():
                    read += len(chunk)
                    if read > limit:
                        return too_large(response.status_code, limit), None
                    chunks.append(chunk)
                    if self.clock.now() >= ends:
                        return TransportFailure(
                            FailureKind.TIMEOUT, "the attempt timed out while reading the response"
                        ), None
            except SEND_ERRORS as exc:
                return classify_exception(exc), None
            finally:
                response.close()
        return ResponseOutcome(response.status_code, response.headers, b"".join(chunks)), None

    def _token(self, scheme: ClientCredentials) -> str:
        """The scheme's token: the kept one while it is good, else a new one
        from its token URL (one fetch at a time per client)."""
        token = scheme.current(self.clock.now())
        if token is not None:
            return token
        with scheme.lock:
            token = scheme.current(self.clock.now())
            if token is not None:
                return token
            request, options = self.token_call(scheme)
            response = self._run(
                self.prepare(self.token_operation(scheme), request, options, self._http)
            )
            return self.accept_token(scheme, response)

    def _run(self, call: PreparedCall) -> Response:
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
        with _attempt_ends(timeout):
            try:
                response = self._http.send(request, stream=True)
            except SEND_ERRORS as exc:
                return classify_exception(exc)
            try:
                limit = self.config.max_response_bytes
                refused = declared_too_large(response, limit)
                if refused is not None:
                    return refused
                chunks: list[bytes] = []
                read = 0
                # Decoded bytes are counted: they are what memory holds.
                for chunk in response.iter_bytes():
                    read += len(chunk)
                    if read > limit:
                        return too_large(response.status_code, limit)
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
