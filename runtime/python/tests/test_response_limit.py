"""A server whose body never ends: both runtimes read it no further than the
client's ``max_response_bytes``, close the connection and raise
``ResponseTooLargeError`` without retrying."""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import dataclass, field

import pytest

from sdkgen_runtime import (
    AsyncRuntime,
    Operation,
    Request,
    ResponseTooLargeError,
    RetryClass,
    RetryConfig,
    StopReason,
    SyncRuntime,
)

LIMIT = 256 * 1024
GET = Operation(name="list_cards", method="GET", retry_class=RetryClass.SAFE)
PIECE = b"0," * 8192


@dataclass
class Endless:
    """Answers every connection with an endless 200 body until its writes fail."""

    framing: bytes
    listener: socket.socket = field(default_factory=socket.socket)
    connections: int = 0
    sent: list[int] = field(default_factory=list)
    """What each connection wrote before the client closed it."""
    done: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.listener.settimeout(10)
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def _serve(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        self.connections += 1
        chunked = b"chunked" in self.framing
        piece = b"%x\r\n%s\r\n" % (len(PIECE), PIECE) if chunked else PIECE
        sent = 0
        with conn:
            conn.settimeout(10)
            conn.recv(65536)
            try:
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
                conn.sendall(self.framing + b"\r\n\r\n")
                # Bounded so a client that never stops reading fails the
                # test instead of hanging it: 1 GiB.
                while sent < 1 << 30:
                    conn.sendall(piece)
                    sent += len(piece)
            except OSError:
                pass
        self.sent.append(sent)
        self.done.set()


FRAMINGS = [
    b"Transfer-Encoding: chunked",
    b"Content-Length: %d" % (LIMIT + 1),
    b"Content-Length: 99999999999999999999",
]


def _check(error: ResponseTooLargeError, server: Endless) -> None:
    assert error.limit == LIMIT
    assert error.status == 200
    assert error.attempts == 1, "a safe GET, yet not retried"
    assert error.stop_reason is StopReason.NOT_RETRYABLE
    assert str(LIMIT) in str(error)
    # The client closed the connection: the server's writes failed, well
    # short of its 1 GiB.
    assert server.done.wait(10)
    assert server.connections == 1
    assert server.sent[0] < 64 * 1024 * 1024


@pytest.mark.parametrize("framing", FRAMINGS)
def test_sync_stops_at_the_limit(framing: bytes) -> None:
    server = Endless(framing)
    runtime = SyncRuntime(server.url, config=RetryConfig(max_response_bytes=LIMIT))
    with runtime, pytest.raises(ResponseTooLargeError) as caught:
        runtime.request(GET, Request("GET", "/cards"))
    _check(caught.value, server)


@pytest.mark.parametrize("framing", FRAMINGS)
def test_async_stops_at_the_limit(framing: bytes) -> None:
    server = Endless(framing)

    async def call() -> None:
        async with AsyncRuntime(
            server.url, config=RetryConfig(max_response_bytes=LIMIT)
        ) as runtime:
            await runtime.request(GET, Request("GET", "/cards"))

    with pytest.raises(ResponseTooLargeError) as caught:
        asyncio.run(call())
    _check(caught.value, server)


def test_a_body_of_exactly_the_limit_is_read() -> None:
    body = b"x" * 1024
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)

    def serve() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1024\r\n\r\n" + body)

    threading.Thread(target=serve, daemon=True).start()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    with SyncRuntime(url, config=RetryConfig(max_response_bytes=1024)) as runtime:
        assert runtime.request(GET, Request("GET", "/cards")).content == body
    listener.close()


def test_the_limit_is_checked() -> None:
    with pytest.raises(ValueError):
        RetryConfig(max_response_bytes=-1)
