"""A recording HTTP/1.1 server on 127.0.0.1 for the equivalence test.

It keeps every request exactly as it arrived (the request line's path and
query undecoded, the header lines in order, the body bytes after
de-chunking) and answers from a script: the driver announces each call with
``POST /__recorder/begin?language=L&call=C``, and every request until the
next announcement belongs to that call. The n-th request of a call gets the
n-th reply of the call's ``replies`` in the call table (the last one again
once they run out), so a retried request is answered as the script says and
its attempts are all recorded.

Run alone, for debugging: ``python3 recorder.py calls.json [SECONDS]``
prints the URL, then every request as one JSON line, and stops after
SECONDS (default 600) or at Ctrl-C.
"""

from __future__ import annotations

import contextlib
import io
import json
import socketserver
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

CONTROL_PREFIX = "/__recorder/"

# Reason phrases for the statuses a script may use; others get "Status".
REASONS = {
    200: "OK",
    201: "Created",
    204: "No Content",
    400: "Bad Request",
    404: "Not Found",
    409: "Conflict",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
}


@dataclass
class Captured:
    """One request as it arrived."""

    language: str
    call: str
    attempt: int
    method: str
    target: str
    version: str
    # (name as sent, value), in the order the lines came.
    headers: list[tuple[str, str]]
    body: bytes
    # How the body was framed: "length", "chunked" or "none".
    framing: str

    def to_json(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "call": self.call,
            "attempt": self.attempt,
            "method": self.method,
            "target": self.target,
            "version": self.version,
            "headers": [list(h) for h in self.headers],
            "body_hex": self.body.hex(),
            "framing": self.framing,
        }


@dataclass
class Recorder:
    """The script (call name to replies) and what was recorded."""

    replies: dict[str, list[dict[str, Any]]]
    captured: list[Captured] = field(default_factory=list)
    current: tuple[str, str] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    # Per (language, call): requests seen so far.
    counts: dict[tuple[str, str], int] = field(default_factory=dict)
    on_capture: Any = None

    def begin(self, language: str, call: str) -> str | None:
        """Starts recording a call; an error message when it is unknown."""
        if call not in self.replies:
            return f"no call named {call!r} in the call table"
        with self.lock:
            self.current = (language, call)
            self.counts[(language, call)] = 0
        return None

    def take(
        self,
        method: str,
        target: str,
        version: str,
        headers: list[tuple[str, str]],
        body: bytes,
        framing: str,
    ) -> dict[str, Any]:
        """Records a request and returns the scripted reply for it."""
        with self.lock:
            if self.current is None:
                language, call = "-", "-"
                attempt = 0
                reply: dict[str, Any] = {
                    "status": 500,
                    "json": {"error": {"code": "unannounced_request"}},
                }
            else:
                language, call = self.current
                attempt = self.counts[self.current]
                self.counts[self.current] = attempt + 1
                script = self.replies[call]
                reply = script[min(attempt, len(script) - 1)]
            captured = Captured(
                language, call, attempt + 1, method, target, version, headers, body, framing
            )
            self.captured.append(captured)
        if self.on_capture is not None:
            self.on_capture(captured)
        return reply

    def of(self, language: str, call: str) -> list[Captured]:
        with self.lock:
            return [c for c in self.captured if c.language == language and c.call == call]


class BadRequest(Exception):
    pass


def _read_line(rfile: io.BufferedIOBase) -> bytes:
    line = rfile.readline(65537)
    if len(line) > 65536:
        raise BadRequest("line too long")
    return line


def _read_chunked(rfile: io.BufferedIOBase) -> bytes:
    out = bytearray()
    while True:
        size_line = _read_line(rfile).split(b";", 1)[0].strip()
        if not size_line:
            raise BadRequest("missing chunk size")
        size = int(size_line, 16)
        if size == 0:
            # Trailers, up to the blank line.
            while _read_line(rfile) not in (b"\r\n", b"\n", b""):
                pass
            return bytes(out)
        out += rfile.read(size)
        if rfile.read(2) != b"\r\n":
            raise BadRequest("chunk not followed by CRLF")


class Handler(socketserver.StreamRequestHandler):
    recorder: Recorder

    def handle(self) -> None:
        try:
            while self._one():
                pass
        except (ConnectionError, BadRequest, ValueError, TimeoutError):
            pass

    def _one(self) -> bool:
        """Serves one request; whether the connection stays open."""
        line = _read_line(self.rfile)
        if not line:
            return False
        parts = line.decode("latin-1").rstrip("\r\n").split(" ")
        if len(parts) != 3:
            raise BadRequest(f"bad request line {line!r}")
        method, target, version = parts
        headers: list[tuple[str, str]] = []
        while True:
            h = _read_line(self.rfile)
            if h in (b"\r\n", b"\n", b""):
                break
            name, _, value = h.decode("latin-1").rstrip("\r\n").partition(":")
            headers.append((name, value.strip()))
        lower = {n.lower(): v for n, v in headers}
        if lower.get("expect", "").lower() == "100-continue":
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            self.wfile.flush()
        if "chunked" in lower.get("transfer-encoding", "").lower():
            body, framing = _read_chunked(self.rfile), "chunked"
        elif "content-length" in lower:
            body, framing = self.rfile.read(int(lower["content-length"])), "length"
        else:
            body, framing = b"", "none"
        keep = lower.get("connection", "").lower() != "close" and version == "HTTP/1.1"

        if target.startswith(CONTROL_PREFIX):
            status, payload = self._control(method, target)
            self._send(status, {}, json.dumps(payload).encode(), keep)
            return keep

        reply = self.recorder.take(method, target, version, headers, body, framing)
        delay = reply.get("delay_ms", 0)
        if delay:
            time.sleep(delay / 1000)
        out = b"" if "json" not in reply else json.dumps(reply["json"]).encode()
        extra = dict(reply.get("headers", {}))
        if out:
            extra.setdefault("Content-Type", "application/json")
        try:
            self._send(reply["status"], extra, out, keep)
        except OSError:
            # The client gave up (an attempt timeout) while the reply waited.
            return False
        return keep

    def _control(self, method: str, target: str) -> tuple[int, object]:
        url = urlsplit(target)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if method == "POST" and url.path == CONTROL_PREFIX + "begin":
            problem = self.recorder.begin(query.get("language", "?"), query.get("call", ""))
            if problem:
                return 404, {"error": problem}
            return 200, {"ok": True}
        return 404, {"error": f"unknown control request {method} {url.path}"}

    def _send(self, status: int, headers: dict[str, str], body: bytes, keep: bool) -> None:
        head = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
        for name, value in headers.items():
            head.append(f"{name}: {value}")
        head.append(f"Content-Length: {len(body)}")
        head.append("Connection: " + ("keep-alive" if keep else "close"))
        self.wfile.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        self.wfile.flush()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def start(replies: dict[str, list[dict[str, Any]]]) -> tuple[Server, Recorder, int]:
    """Starts a recorder on 127.0.0.1 on a free port, in a daemon thread."""
    recorder = Recorder(replies)
    handler = type("BoundHandler", (Handler,), {"recorder": recorder})
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, recorder, server.server_address[1]


def replies_of(table: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Call name to its replies, from a call table."""
    return {c["call"]: c["replies"] for c in table["calls"]}


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: recorder.py CALLS.json [SECONDS]")
    seconds = float(sys.argv[2]) if len(sys.argv) == 3 else 600.0
    with open(sys.argv[1], encoding="utf-8") as f:
        table = json.load(f)
    server, recorder, port = start(replies_of(table))
    recorder.on_capture = lambda c: print(json.dumps(c.to_json()), flush=True)
    print(f"listening on http://127.0.0.1:{port}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        time.sleep(seconds)
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    main()
