"""A loopback server speaking OpenAI's wire format for two calls: chat
completions answered as server-sent events (`data: {chunk}` lines, then
`data: [DONE]`) when the body asks for `stream: true`, and `GET /v1/files`
answered a page at a time (`after` is the previous page's `last_id`). It
prints `listening on http://ADDR` first and records each request as a JSON
line on stderr. Shared by test_openai.py and openai.test.js."""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

WIRE = json.loads((Path(__file__).parent / "openai_wire.json").read_text())


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("x-request-id", "req_openai_1")
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        self._record(body)
        if urlsplit(self.path).path != "/v1/chat/completions" or body.get("stream") is not True:
            self._send(400, "application/json", b'{"error": {"message": "stream only"}}')
            return
        events = "".join(f"data: {json.dumps(c)}\n\n" for c in WIRE["chunks"]) + "data: [DONE]\n\n"
        self._send(200, "text/event-stream", events.encode())

    def do_GET(self) -> None:
        self._record(None)
        url = urlsplit(self.path)
        if url.path != "/v1/files":
            self._send(404, "application/json", b'{"error": {"message": "not found"}}')
            return
        after = parse_qs(url.query).get("after", [None])[0]
        page = WIRE["pages"][0] if after is None else WIRE["pages"][1]
        self._send(200, "application/json", json.dumps(page).encode())

    def _record(self, body: object) -> None:
        accept = self.headers.get("Accept")
        seen = {"method": self.command, "path": self.path, "accept": accept, "body": body}
        print(json.dumps(seen), file=sys.stderr, flush=True)

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    host, port = httpd.server_address[:2]
    print(f"listening on http://{host}:{port}", flush=True)
    httpd.serve_forever()


if __name__ == "__main__":
    main()
