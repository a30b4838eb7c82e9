"""The scripted HTTP/1.1 server of the conformance runner.

It answers attempt *i* of the current call with step *i* of the call's
script (``runtime/conformance/README.md``), always with ``Connection: close``,
and can close its listening socket so that an attempt is refused by the
kernel, then listen again on the same port.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import re
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

_HTTP_DATE = re.compile(r"^@http-date\+(\d+)$")
_POLL = 0.02


@dataclass
class Received:
    """One request that reached the server."""

    step: int
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    slept_ms: int
    """Total of the injected sleeps of the call when the request arrived."""


@dataclass
class _Listener:
    sock: socket.socket
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None


class ScriptedServer:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listener: _Listener | None = None
        self._closing = threading.Event()
        self._handlers: list[threading.Thread] = []
        self.port = 0
        self.script: list[dict[str, Any]] = []
        self.step = 0
        self.slept_ms = 0
        self.received: list[Received] = []
        self.problems: list[str] = []

    # -- lifecycle -----------------------------------------------------------

    def start(self) -> None:
        self._listen()

    def stop(self) -> None:
        self._closing.set()
        self._unlisten()
        for thread in self._handlers:
            thread.join(timeout=5)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- what the runner drives ------------------------------------------------

    def begin_call(self, script: list[dict[str, Any]]) -> None:
        """Reset for a new call and set the listener for its first attempt."""
        with self._lock:
            self.script = script
            self.step = 0
            self.slept_ms = 0
            self.received = []
        self._match_listener()

    def advance(self, slept_ms: int) -> None:
        """Called by the injected sleep: the next attempt plays the next step."""
        with self._lock:
            self.step += 1
            self.slept_ms += slept_ms
        self._match_listener()

    def _match_listener(self) -> None:
        with self._lock:
            step = self.script[self.step] if self.step < len(self.script) else None
        if step is not None and "refuse" in step:
            self._unlisten()
        else:
            self._listen()

    # -- listening socket ------------------------------------------------------

    def _listen(self) -> None:
        if self._listener is not None:
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        sock.listen(16)
        sock.settimeout(_POLL)
        self.port = sock.getsockname()[1]
        listener = _Listener(sock)
        listener.thread = threading.Thread(
            target=self._accept_loop, args=(listener,), name="scripted-accept", daemon=True
        )
        self._listener = listener
        listener.thread.start()

    def _unlisten(self) -> None:
        listener = self._listener
        if listener is None:
            return
        self._listener = None
        listener.stop.set()
        if listener.thread is not None:
            listener.thread.join()
        listener.sock.close()

    def _accept_loop(self, listener: _Listener) -> None:
        while not listener.stop.is_set():
            try:
                conn, _ = listener.sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            thread = threading.Thread(
                target=self._handle, args=(conn,), name="scripted-conn", daemon=True
            )
            self._handlers.append(thread)
            thread.start()

    # -- one exchange ------------------------------------------------------------

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(5)
            try:
                request = _read_request(conn)
            except (OSError, ValueError) as exc:
                self.problems.append(f"could not read a request: {exc}")
                return
            if request is None:
                return
            method, path, headers, body = request
            with self._lock:
                index = self.step
                step = self.script[index] if index < len(self.script) else None
                self.received.append(
                    Received(index, method, path, headers, body, slept_ms=self.slept_ms)
                )
            if step is None:
                self.problems.append(f"attempt {index + 1} has no step in the script")
                return
            if "refuse" in step:
                self.problems.append(f"attempt {index + 1} reached a refusing server")
                return
            if "reset" in step:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                return
            if "hang" in step:
                self._hang(conn)
                return
            conn.sendall(_response_bytes(step["respond"]))
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_WR)

    def _hang(self, conn: socket.socket) -> None:
        """Never answer; return when the client closes the connection."""
        conn.settimeout(_POLL)
        while not self._closing.is_set():
            try:
                if conn.recv(4096) == b"":
                    return
            except socket.timeout:
                continue
            except OSError:
                return


def _read_request(conn: socket.socket) -> tuple[str, str, dict[str, str], bytes] | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _version = lines[0].split(" ", 2)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            raise ValueError("connection closed inside the body")
        rest += chunk
    return method, path, headers, rest[:length]


def _response_bytes(spec: dict[str, Any]) -> bytes:
    status = int(spec["status"])
    body: bytes = b""
    content_type: str | None = None
    if "body" in spec:
        if isinstance(spec["body"], str):
            body = spec["body"].encode("utf-8")
            content_type = "text/plain; charset=utf-8"
        else:
            body = json.dumps(spec["body"]).encode("utf-8")
            content_type = "application/json"
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = "Status"
    lines = [f"HTTP/1.1 {status} {reason}"]
    for name, value in spec.get("headers", {}).items():
        match = _HTTP_DATE.match(value)
        if match:
            value = email.utils.formatdate(time.time() + int(match.group(1)), usegmt=True)
        lines.append(f"{name}: {value}")
    if content_type is not None:
        lines.append(f"Content-Type: {content_type}")
    lines.append(f"Content-Length: {len(body)}")
    lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
