"""The generated payments SDK against a loopback server whose answers are
malformed, truncated, huge or slow: bad status lines, lying
``Content-Length``, invalid JSON and UTF-8, chunked garbage, 100,000-deep
JSON. Every call must end, within its deadline, in an ``SDKError`` (or a
value), never in a raw ``RecursionError``, ``UnicodeDecodeError`` or other
language error. Seeded and bounded: the same answers on every run."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

import payments
from payments import Payments, RetryConfig

SEED = 20240514
ROUNDS = 60
LIMIT = 1024 * 1024
DEADLINE_MS = 400

Answer = Callable[[random.Random], bytes]


def _head(status: str, *headers: str) -> bytes:
    return (
        "\r\n".join([f"HTTP/1.1 {status}", *headers, "Connection: close"]) + "\r\n\r\n"
    ).encode()


def _json(body: bytes, status: str = "200 OK") -> bytes:
    return _head(status, "Content-Type: application/json", f"Content-Length: {len(body)}") + body


ANSWERS: dict[str, Answer] = {
    "bad status line": lambda r: b"HTTP/1.1 two hundred\r\n\r\n",
    "not HTTP": lambda r: bytes(r.randrange(256) for _ in range(r.randrange(1, 200))),
    "headers cut short": lambda r: b"HTTP/1.1 200 OK\r\nContent-Ty",
    "lying Content-Length": lambda r: (
        _head("200 OK", "Content-Type: application/json", "Content-Length: 5000") + b'{"id": "tr_1"'
    ),
    "negative Content-Length": lambda r: _head("200 OK", "Content-Length: -4") + b"{}",
    "invalid JSON": lambda r: _json(b'{"id": "tr_1", "amount": 12,,}'),
    "invalid UTF-8": lambda r: _json(b'{"id": "\xff\xfe\xc3\x28", "amount": 1}'),
    "invalid UTF-8 in an error": lambda r: _json(b'{"code": "\xff\xfe"}', "500 Oops"),
    "chunked garbage": lambda r: (
        _head("200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked")
        + b"zz\r\nnot a chunk\r\n"
    ),
    "deep JSON": lambda r: _json(b"[" * 100_000 + b"]" * 100_000),
    "deep JSON object": lambda r: _json(b'{"a":' * 100_000 + b"1" + b"}" * 100_000),
    "deep JSON error": lambda r: _json(b"[" * 100_000 + b"]" * 100_000, "400 Bad"),
    "huge body": lambda r: _json(b'"' + b"x" * (LIMIT * 2) + b'"'),
    "random JSON-ish": lambda r: _json(
        bytes(r.choice(b'{}[]",:0123456789.eE-tfnul \\') for _ in range(300))
    ),
    "wrong types": lambda r: _json(b'{"id": 1, "amount": "x", "status": [], "created": {}}'),
}
SLOW = "slow"


class HostileServer:
    """Answers each connection with the next scripted answer, then closes."""

    def __init__(self) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.2)
        self.answers: list[bytes | str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                try:
                    conn.recv(65536)
                    answer = self.answers.pop(0) if self.answers else b""
                    if answer == SLOW:
                        # One byte a tenth of a second: past any deadline here.
                        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
                        for _ in range(50):
                            if self.stop.is_set():
                                break
                            conn.sendall(b" ")
                            time.sleep(0.1)
                    elif isinstance(answer, bytes):
                        conn.sendall(answer)
                except OSError:
                    pass

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        self.listener.close()


@pytest.fixture()
def server() -> Iterator[HostileServer]:
    s = HostileServer()
    yield s
    s.close()


def test_every_hostile_answer_is_an_sdk_error(server: HostileServer) -> None:
    rng = random.Random(SEED)
    names = [*ANSWERS, SLOW]
    seen: dict[str, str] = {}
    for round_ in range(ROUNDS):
        # Every answer once, then a seeded draw.
        name = names[round_] if round_ < len(names) else rng.choice(names)
        answer = ANSWERS[name](rng) if name != SLOW else SLOW
        # Retries off: one answer, one attempt.
        server.answers = [answer]
        client = Payments(
            base_url=server.url,
            bearer_token="sk_test_1",
            retry_config=RetryConfig(
                retries=False, deadline_ms=DEADLINE_MS, max_response_bytes=LIMIT
            ),
        )
        try:
            client.transfers.get_transfer(transfer_id="tr_1")
            seen[name] = "value"
        except payments.SDKError as exc:
            seen[name] = type(exc).__name__
        except Exception as exc:  # the failure this test exists to find
            pytest.fail(f"{name}: a raw {type(exc).__name__} reached the caller: {exc!r}"[:500])
        finally:
            client.close()
    assert set(seen) == set(names)
    # The deep JSON and the huge body are errors, not values.
    for name in ("deep JSON", "deep JSON object", "huge body", "invalid JSON", SLOW):
        assert seen[name] != "value", (name, seen[name])
