"""Server-sent event streams (CONTRACT.md section 12).

:class:`EventParser` turns the bytes of a ``text/event-stream`` body into
events by the WHATWG rules, piece by piece as they arrive. The runtimes'
``stream`` methods open the response (retrying as any call until its
headers arrive) and hand it to :class:`SyncEventStream` or
:class:`AsyncEventStream`, which the caller iterates.
"""

from __future__ import annotations

import codecs
import dataclasses
import re
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from types import TracebackType
from typing import Any, Generic, TypeVar

import httpx

from .config import DEFAULT_STREAM_IDLE_TIMEOUT_MS, Request
from .errors import APIConnectionError, StopReason
from .response import loads_json, request_id_of

__all__ = [
    "DEFAULT_STREAM_IDLE_TIMEOUT_MS",
    "DONE_DATA",
    "AsyncEventStream",
    "EventParser",
    "ServerSentEvent",
    "StreamError",
    "SyncEventStream",
]

DONE_DATA = "[DONE]"
"""An event whose data is exactly this ends the stream and is not delivered."""

T = TypeVar("T")

_LINE_END = re.compile(r"\r\n|\r|\n")


def idle_seconds(idle_timeout: float | None, config_ms: int) -> float:
    """A stream call's idle timeout in seconds: its own (``idle_timeout``,
    seconds), else the client's ``stream_idle_timeout_ms``."""
    if idle_timeout is None:
        return config_ms / 1000
    if idle_timeout <= 0:
        raise ValueError("idle_timeout must be positive")
    return float(idle_timeout)


def bound_reads(request: httpx.Request, idle: float) -> None:
    """From now on, each read of ``request``'s response body waits at most
    ``idle`` seconds. httpx's HTTP/1.1 connection reads the read timeout
    from the request when the body is first read, after the headers: until
    then the attempt's own timeout bounded the wait."""
    timeouts = request.extensions.get("timeout")
    if isinstance(timeouts, dict):
        timeouts["read"] = idle
    else:
        request.extensions["timeout"] = {**httpx.Timeout(None).as_dict(), "read": idle}


class ServerSentEvent:
    """One event of a stream: its name (``message`` unless the server named
    it), its data (lines joined with ``\\n``), the last event id the stream
    has set (empty before any) and its ``retry`` field in milliseconds,
    where its block had one."""

    __slots__ = ("data", "event", "id", "retry")

    def __init__(self, *, event: str, data: str, id: str, retry: int | None = None) -> None:
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry

    def json(self) -> Any:
        """The data decoded as JSON; ``ValueError`` when it is not JSON."""
        return loads_json(self.data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ServerSentEvent):
            return NotImplemented
        return (self.event, self.data, self.id, self.retry) == (
            other.event,
            other.data,
            other.id,
            other.retry,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ServerSentEvent(event={self.event!r}, data={self.data!r}, id={self.id!r})"


class EventParser:
    """The WHATWG event-stream parser, fed the body's bytes as they come.

    Lines end at CRLF, LF or CR (a CR at the end of one piece and an LF at
    the start of the next are one line end); the text is UTF-8, a character
    split between pieces included, with one byte order mark at the start
    ignored. :meth:`feed` returns the events its bytes completed; what is
    pending at the end of the body is dropped, never dispatched.
    """

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._started = False
        self._after_cr = False
        self._rest = ""
        self._data: list[str] = []
        self._event = ""
        self._retry: int | None = None
        self.last_id = ""
        """The last event id the stream set (the WHATWG "last event ID")."""

    @property
    def pending(self) -> int:
        """Characters held for an event not complete yet."""
        return len(self._rest) + sum(len(d) for d in self._data)

    def feed(self, chunk: bytes) -> list[ServerSentEvent]:
        text = self._decoder.decode(chunk)
        if not text:
            return []
        if not self._started:
            self._started = True
            if text[0] == "\ufeff":
                text = text[1:]
        if self._after_cr and text.startswith("\n"):
            text = text[1:]
        self._after_cr = False
        if not text:
            return []
        buffer = self._rest + text if self._rest else text
        events: list[ServerSentEvent] = []
        at = 0
        for end in _LINE_END.finditer(buffer):
            self._line(buffer[at : end.start()], events)
            at = end.end()
        self._rest = buffer[at:]
        self._after_cr = at == len(buffer) and buffer.endswith("\r")
        return events

    def _line(self, line: str, events: list[ServerSentEvent]) -> None:
        if not line:
            self._dispatch(events)
            return
        if line[0] == ":":
            return
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "data":
            self._data.append(value)
        elif field == "event":
            self._event = value
        elif field == "id":
            if "\0" not in value:
                self.last_id = value
        elif field == "retry" and value.isascii() and value.isdigit():
            self._retry = int(value)

    def _dispatch(self, events: list[ServerSentEvent]) -> None:
        data, event, retry = self._data, self._event, self._retry
        self._data, self._event, self._retry = [], "", None
        if data:
            events.append(
                ServerSentEvent(
                    event=event or "message", data="\n".join(data), id=self.last_id, retry=retry
                )
            )


class StreamError(APIConnectionError):
    """An event stream or a download's body ended badly after its headers
    arrived: the connection was lost (``reason`` ``connection_lost``), no
    bytes came for the idle timeout (``idle_timeout``), or one event, or a
    body read whole, grew past the client's ``max_response_bytes``
    (``too_large``). Never retried: what was already delivered would be
    delivered again. ``events_delivered`` counts a stream's events,
    ``bytes_delivered`` a download's bytes (0 for event streams)."""

    def __init__(
        self,
        message: str,
        *,
        reason: str,
        events_delivered: int = 0,
        status: int,
        headers: Mapping[str, str],
        attempts: int,
        request_id_header: str | None = None,
        bytes_delivered: int | None = None,
    ) -> None:
        super().__init__(message, attempts=attempts, stop_reason=StopReason.NOT_RETRYABLE)
        self.reason = reason
        self.events_delivered = events_delivered
        self.bytes_delivered = bytes_delivered if bytes_delivered is not None else 0
        self._download = bytes_delivered is not None
        self.status = status
        self.headers = headers
        self.request_id_header = request_id_header

    @property
    def request_id(self) -> str | None:
        """The server's id of the request, where a response header gives one."""
        return request_id_of(self.headers, self.request_id_header)

    def __str__(self) -> str:
        rid = self.request_id
        said = f", request id: {rid}" if rid is not None else ""
        delivered = (
            f"{self.bytes_delivered} bytes delivered"
            if self._download
            else f"{self.events_delivered} events delivered"
        )
        return (
            f"{self.message} ({delivered}, "
            f"attempts: {self.attempts}, stop reason: {self.stop_reason.value}{said})"
        )


class _EventStreamBase(Generic[T]):
    def __init__(
        self,
        response: httpx.Response,
        *,
        operation: str,
        attempts: int,
        decoder: Callable[[ServerSentEvent], T] | None,
        max_event_bytes: int,
        request_id_header: str | None = None,
    ) -> None:
        self.response = response
        self.request_id_header = request_id_header
        """The response header the API's spec declares for the request id."""
        self.status = response.status_code
        self.headers: Mapping[str, str] = response.headers
        """Case-insensitive (an ``httpx.Headers``)."""
        self.attempts = attempts
        self.events_delivered = 0
        self._operation = operation
        self._decoder = decoder
        self._limit = max_event_bytes
        self._parser = EventParser()
        self._closed = False

    @property
    def request_id(self) -> str | None:
        """The server's id of the request, where a response header gives one."""
        return request_id_of(self.headers, self.request_id_header)

    @property
    def last_event_id(self) -> str:
        """The last event id the server set (empty before any)."""
        return self._parser.last_id

    @property
    def closed(self) -> bool:
        return self._closed

    def _events(self, chunk: bytes) -> list[ServerSentEvent]:
        events = self._parser.feed(chunk)
        if self._parser.pending > self._limit:
            raise self._error(
                "too_large",
                f"an event grew past the limit of {self._limit} bytes (max_response_bytes)",
            )
        return events

    def _error(self, reason: str, detail: str) -> StreamError:
        return StreamError(
            f"{self._operation}: the event stream {detail}",
            reason=reason,
            events_delivered=self.events_delivered,
            status=self.status,
            headers=self.headers,
            attempts=self.attempts,
            request_id_header=self.request_id_header,
        )

    def _failure(self, exc: httpx.HTTPError) -> StreamError:
        if isinstance(exc, httpx.TimeoutException):
            error = self._error("idle_timeout", "sent nothing for the idle timeout")
        else:
            detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            error = self._error("connection_lost", f"was cut off ({detail})")
        error.__cause__ = exc
        return error

    def _deliver(self, event: ServerSentEvent) -> T:
        self.events_delivered += 1
        if self._decoder is None:
            return event  # type: ignore[return-value]
        return self._decoder(event)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status}, attempts={self.attempts}, "
            f"events_delivered={self.events_delivered}, closed={self._closed})"
        )


class SyncEventStream(_EventStreamBase[T]):
    """The events of a blocking call: ``for event in stream``. Iterate it
    once; breaking out of the loop, :meth:`close` or leaving a ``with``
    block closes the connection."""

    def __iter__(self) -> Iterator[T]:
        # A generator: the loop that leaves it early drops it, which closes
        # the connection through ``finally``.
        if self._closed:
            return
        try:
            for chunk in self.response.iter_bytes():
                for event in self._events(chunk):
                    if event.data == DONE_DATA:
                        return
                    yield self._deliver(event)
        except httpx.HTTPError as exc:
            raise self._failure(exc) from exc
        finally:
            self.close()

    def close(self) -> None:
        """Closes the connection; the stream delivers nothing more."""
        if not self._closed:
            self._closed = True
            self.response.close()

    def __enter__(self) -> SyncEventStream[T]:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncEventStream(_EventStreamBase[T]):
    """The events of an asyncio call: ``async for event in stream``. Iterate
    it once; :meth:`aclose`, leaving an ``async with`` block or cancelling
    the task closes the connection (a loop left early closes it when the
    event loop finalises the iteration; ``async with`` closes it at once)."""

    async def __aiter__(self) -> AsyncIterator[T]:
        if self._closed:
            return
        try:
            async for chunk in self.response.aiter_bytes():
                for event in self._events(chunk):
                    if event.data == DONE_DATA:
                        return
                    yield self._deliver(event)
        except httpx.HTTPError as exc:
            raise self._failure(exc) from exc
        finally:
            await self.aclose()

    async def aclose(self) -> None:
        """Closes the connection; the stream delivers nothing more."""
        if not self._closed:
            self._closed = True
            await self.response.aclose()

    async def __aenter__(self) -> AsyncEventStream[T]:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()


def asking_for_events(request: Request) -> Request:
    """``request`` with ``Accept: text/event-stream``, unless it names what
    it accepts already (CONTRACT.md section 12)."""
    if any(name.lower() == "accept" for name in request.headers):
        return request
    return dataclasses.replace(request, headers={**request.headers, "Accept": "text/event-stream"})
