"""A real HTTP server on 127.0.0.1 for the generated SDKs: each test scripts
the responses and reads back the requests the SDK sent."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Seen:
    """One request as the server received it."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> object:
        return json.loads(self.body)

    def header(self, name: str) -> str | None:
        for key, value in self.headers.items():
            if key.lower() == name.lower():
                return value
        return None


@dataclass
class Reply:
    status: int
    body: object = None
    headers: dict[str, str] = field(default_factory=dict)
    raw: bytes | None = None
    content_type: str = "application/json"


class Server:
    """Answers with the scripted replies in order, then with 500s."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.seen: list[Seen] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _handle(self) -> None:
                if (self.headers.get("Transfer-Encoding") or "").lower() == "chunked":
                    body = self._chunked()
                else:
                    body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with server._lock:
                    server.seen.append(Seen(self.command, self.path, dict(self.headers), body))
                    reply = (
                        server.replies.pop(0)
                        if server.replies
                        else Reply(500, {"code": "unscripted"})
                    )
                if reply.raw is not None:
                    out = reply.raw
                elif reply.body is None:
                    out = b""
                else:
                    out = json.dumps(reply.body).encode()
                self.send_response(reply.status)
                if out:
                    self.send_header("Content-Type", reply.content_type)
                for key, value in reply.headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

            def _chunked(self) -> bytes:
                """A body sent with chunked transfer encoding, its chunks joined."""
                body = b""
                while True:
                    size = int(self.rfile.readline().split(b";")[0], 16)
                    body += self.rfile.read(size)
                    self.rfile.readline()
                    if size == 0:
                        return body

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    def script(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.close()
