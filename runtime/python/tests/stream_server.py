"""The event-stream server of the streaming runner (runtime/conformance/
README.md, "Event stream scenarios"): step *i* of the script answers the
*i*-th connection, a stream as chunked HTTP/1.1 whose chunks go out one by
one, each after its delay."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time
from http import HTTPStatus
from typing import Any

HANG_LIMIT_S = 10.0
"""A ``hang`` step waits at most this long for the client to close."""


def chunk_bytes(chunk: dict[str, Any]) -> bytes:
    if "hex" in chunk:
        return bytes.fromhex(chunk["hex"])
    return str(chunk["text"]).encode("utf-8")


class StreamServer:
    def __init__(self, script: list[dict[str, Any]]) -> None:
        self.script = script
        self.requests: list[dict[str, str]] = []
        """The headers of each request that reached the server, lower-cased names."""
        self.closed_by_client = threading.Event()
        """Set when a ``hang`` step saw the client close its connection."""
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(16)
        self._sock.settimeout(0.05)
        self.port: int = self._sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._accept = threading.Thread(target=self._loop, daemon=True)
        self._accept.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except (socket.timeout, OSError):
                continue
            with self._lock:
                index = len(self.requests)
                self.requests.append({})
            thread = threading.Thread(target=self._serve, args=(conn, index), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _read_request(self, conn: socket.socket) -> dict[str, str]:
        data = b""
        while b"\r\n\r\n" not in data:
            part = conn.recv(65536)
            if not part:
                break
            data += part
        head, _, body = data.partition(b"\r\n\r\n")
        headers: dict[str, str] = {}
        for line in head.decode("latin-1").split("\r\n")[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0") or 0)
        while len(body) < length:
            part = conn.recv(65536)
            if not part:
                break
            body += part
        return headers

    def _serve(self, conn: socket.socket, index: int) -> None:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            self.requests[index] = self._read_request(conn)
            if index >= len(self.script):
                self._respond(conn, {"status": 500, "body": "no step left"})
                return
            step = self.script[index]
            if step.get("reset"):
                # RST, not FIN: the request went out and no response came.
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                return
            if "chunks" in step:
                self._stream(conn, step)
            else:
                self._respond(conn, step)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                conn.close()

    def _head(
        self, status: int, headers: dict[str, str], extra: list[str], close: bool = True
    ) -> bytes:
        reason = HTTPStatus(status).phrase
        lines = [f"HTTP/1.1 {status} {reason}", *(["Connection: close"] if close else []), *extra]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    def _respond(self, conn: socket.socket, step: dict[str, Any]) -> None:
        body = str(step.get("body", "")).encode("utf-8")
        headers = {"Content-Type": "text/plain", **step.get("headers", {})}
        conn.sendall(self._head(step["status"], headers, [f"Content-Length: {len(body)}"]) + body)

    def _stream(self, conn: socket.socket, step: dict[str, Any]) -> None:
        headers = {"Content-Type": "text/event-stream", **step.get("headers", {})}
        # Without Connection: close, as a streaming server usually answers (the
        # Node runner's README note says why it matters there).
        conn.sendall(self._head(step["status"], headers, ["Transfer-Encoding: chunked"], False))
        for chunk in step["chunks"]:
            delay = chunk.get("delay_ms", 0)
            if delay:
                time.sleep(delay / 1000)
            data = chunk_bytes(chunk)
            if data:
                conn.sendall(b"%x\r\n%s\r\n" % (len(data), data))
        end = step.get("end", "complete")
        if end == "complete":
            conn.sendall(b"0\r\n\r\n")
        elif end == "hang":
            conn.settimeout(HANG_LIMIT_S)
            with contextlib.suppress(OSError):
                while conn.recv(4096):
                    pass
                self.closed_by_client.set()
        # "drop": closed without the last chunk, the body cut off.

    def close(self) -> None:
        self._stop.set()
        self._accept.join()
        self._sock.close()
        for thread in self._threads:
            thread.join(timeout=HANG_LIMIT_S + 1)
