"""A loopback HTTP/1.1 server for the file tests: connection *i* plays step
*i* of the script. It reads each request whole (by ``Content-Length`` or
chunked), then answers with a body sent piece by piece, each after its
delay, and may cut the body off. It can stop listening, so that a connect
is refused, and listen again on the same port."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    """Names lower-cased."""
    body: bytes


@dataclass
class Step:
    status: int = 200
    pieces: list[tuple[bytes, float]] = field(default_factory=list)
    """The body: each piece after its delay in seconds."""
    headers: dict[str, str] = field(default_factory=dict)
    length: int | None = -1
    """``Content-Length``: -1 for the pieces' total, ``None`` for chunked."""
    cut: bool = False
    """Close the connection after the pieces, the body unfinished."""

    @staticmethod
    def of(status: int, body: bytes = b"", **kwargs: Any) -> Step:
        return Step(status, [(body, 0.0)] if body else [], **kwargs)


class FilesServer:
    def __init__(self, script: list[Step]) -> None:
        self.script = script
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        self._sock: socket.socket | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.port = 0
        self.listen()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def listen(self) -> None:
        if self._sock is not None:
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        sock.listen(16)
        sock.settimeout(0.02)
        self.port = sock.getsockname()[1]
        self._sock = sock
        self._stop.clear()
        thread = threading.Thread(target=self._accept, args=(sock,), daemon=True)
        self._threads.append(thread)
        thread.start()

    def unlisten(self) -> None:
        sock = self._sock
        if sock is None:
            return
        self._sock = None
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads = []
        sock.close()

    close = unlisten

    def _accept(self, sock: socket.socket) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            thread.start()

    def _serve(self, conn: socket.socket) -> None:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        conn.settimeout(10)
        try:
            seen = _read_request(conn)
            with self._lock:
                index = len(self.seen)
                self.seen.append(seen)
            step = self.script[index] if index < len(self.script) else Step.of(500, b"no step")
            self._answer(conn, step)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                conn.close()

    def _answer(self, conn: socket.socket, step: Step) -> None:
        total = sum(len(p) for p, _ in step.pieces)
        lines = [f"HTTP/1.1 {step.status} {HTTPStatus(step.status).phrase}", "Connection: close"]
        lines += [f"{k}: {v}" for k, v in step.headers.items()]
        chunked = step.length is None
        if chunked:
            lines.append("Transfer-Encoding: chunked")
        else:
            lines.append(f"Content-Length: {total if step.length == -1 else step.length}")
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        for piece, delay in step.pieces:
            if delay:
                time.sleep(delay)
            if chunked:
                conn.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
            else:
                conn.sendall(piece)
        if step.cut:
            return
        if chunked:
            conn.sendall(b"0\r\n\r\n")


def _read_request(conn: socket.socket) -> Seen:
    data = b""
    while b"\r\n\r\n" not in data:
        part = conn.recv(65536)
        if not part:
            raise OSError("closed before the headers")
        data += part
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    buffer = bytearray(rest)

    def more() -> None:
        part = conn.recv(65536)
        if not part:
            raise OSError("closed in the body")
        buffer.extend(part)

    body = bytearray()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            while b"\r\n" not in buffer:
                more()
            size_line, _, _ = bytes(buffer).partition(b"\r\n")
            del buffer[: len(size_line) + 2]
            size = int(size_line.split(b";")[0], 16)
            while len(buffer) < size + 2:
                more()
            body += buffer[:size]
            del buffer[: size + 2]
            if size == 0:
                break
    else:
        length = int(headers.get("content-length", "0") or 0)
        while len(buffer) < length:
            more()
        body = buffer[:length]
    return Seen(method, path, headers, bytes(body))
