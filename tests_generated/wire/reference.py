"""The reference requests: each call of a table written as Stripe reads it,
without any SDK, and a forwarding server that puts them in front of a
validator.

`run.py --reference-requests` points the drivers at `Forwarder` instead of
the validator. A driver announces each call (the equivalence test's
`--control` protocol); the forwarder drops what the SDK sent and forwards
the call's `args`, encoded by `encode`, then hands the validator's answer
back to the SDK. The validator then judges the table's values alone, and
the SDKs decode the answers to correct requests: a rejection there is a
mistake in the table (or the validator's), a decode failure the SDK's or
the validator's, never the SDK's serialisation.

The encoding is runtime/WIRE.md's, for the shapes stripe.yaml uses: query
parameters and form fields in deepObject style (`a[b][c]=v`, `a[]=v` for
arrays of scalars, `a[0][b]=v` for arrays holding objects, a scalar where
an object was allowed as `a=v`), `true`/`false`, percent-encoding of all
but the unreserved characters; multipart/form-data with a part per
deepObject pair (Stripe's convention: `file_link_data[create]`), the file
as its own part with its name and type.
"""

from __future__ import annotations

import json
import threading
import urllib.parse
import uuid
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx


def text(value: Any) -> str:
    """A scalar as WIRE.md section 1 writes it (the values the tables use)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def deep_pairs(name: str, value: Any) -> list[tuple[str, str]]:
    """A value as deepObject pairs, before percent-encoding."""
    if isinstance(value, dict):
        return [pair for key, item in value.items() for pair in deep_pairs(f"{name}[{key}]", item)]
    if isinstance(value, list):
        if any(isinstance(item, (dict, list)) for item in value):
            return [
                pair for i, item in enumerate(value) for pair in deep_pairs(f"{name}[{i}]", item)
            ]
        return [(f"{name}[]", text(item)) for item in value]
    if value is None:
        return []
    return [(name, text(value))]


def quote(s: str) -> str:
    return urllib.parse.quote(s, safe="-._~")


def form(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs)


@dataclass
class Request:
    method: str
    target: str
    content_type: str | None
    body: bytes


def is_file(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"$file"}


def multipart(fields: dict[str, Any], boundary: str) -> bytes:
    out = bytearray()
    for name, value in fields.items():
        if is_file(value):
            f = value["$file"]
            out += (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{f["name"]}"\r\nContent-Type: {f["type"]}\r\n\r\n'
            ).encode()
            out += f["content"].encode() + b"\r\n"
            continue
        for key, item in deep_pairs(name, value):
            out += (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{item}\r\n'
            ).encode()
    out += f"--{boundary}--\r\n".encode()
    return bytes(out)


class Operations:
    """The operations of a spec (JSON, as stripe-mock reads it), by id."""

    def __init__(self, spec_json: Path) -> None:
        document = json.loads(spec_json.read_text(encoding="utf-8"))
        self.ops: dict[str, tuple[str, str, dict[str, Any]]] = {}
        for path, item in document["paths"].items():
            for method, op in item.items():
                if isinstance(op, dict) and "operationId" in op:
                    self.ops[op["operationId"]] = (method.upper(), path, op)

    def encode(self, op_id: str, args: dict[str, Any]) -> Request:
        """The request that makes the call `op_id` with `args` (wire names)."""
        method, template, op = self.ops[op_id]
        rest = dict(args)
        path, query = template, []
        for p in op.get("parameters", []):
            if p["name"] not in rest:
                continue
            value = rest.pop(p["name"])
            if p["in"] == "path":
                path = path.replace("{" + p["name"] + "}", quote(text(value)))
            elif p["in"] == "query":
                query += deep_pairs(p["name"], value)
            else:
                raise ValueError(f"{op_id}: no reference encoding for {p['in']} parameters")
        target = path + ("?" + form(query) if query else "")
        if not rest:
            return Request(method, target, None, b"")
        media = next(iter(op["requestBody"]["content"]))
        if media == "application/x-www-form-urlencoded":
            pairs = [pair for name, value in rest.items() for pair in deep_pairs(name, value)]
            return Request(method, target, media, form(pairs).encode())
        if media == "multipart/form-data":
            boundary = uuid.uuid4().hex
            return Request(
                method, target, f"{media}; boundary={boundary}", multipart(rest, boundary)
            )
        raise ValueError(f"{op_id}: no reference encoding for {media} bodies")


class Forwarder:
    """A server on 127.0.0.1 that answers each announced call with the
    validator's answer to the call's reference request."""

    def __init__(self, operations: Operations, calls: Path, upstream: str, token: str) -> None:
        table = json.loads(calls.read_text(encoding="utf-8"))
        self.calls = {c["call"]: c for c in table["calls"]}
        self.operations = operations
        self.upstream = upstream.rstrip("/")
        self.token = token
        self.current: dict[str, str] = {}
        self.lock = threading.Lock()
        self.http = httpx.Client(timeout=60)
        forwarder = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def handle_one(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                if length:
                    self.rfile.read(length)
                status, content_type, body = forwarder.answer(self.command, self.path)
                self.send_response(status)
                self.send_header("content-type", content_type)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = handle_one

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def answer(self, method: str, target: str) -> tuple[int, str, bytes]:
        split = urllib.parse.urlsplit(target)
        if split.path == "/__recorder/begin":
            query = urllib.parse.parse_qs(split.query)
            call = query.get("call", [""])[0]
            if call not in self.calls:
                return 400, "text/plain", f"no call {call!r} in the table".encode()
            with self.lock:
                # One driver runs at a time, so the last announcement is the
                # call its next request belongs to.
                self.current["call"] = call
            return 200, "text/plain", b""
        with self.lock:
            call = self.current.get("call")
        if call is None:
            return 400, "text/plain", b"a request before any call was announced"
        entry = self.calls[call]
        request = self.operations.encode(entry["op"], entry["args"])
        headers = {"Authorization": f"Bearer {self.token}"}
        if request.content_type:
            headers["Content-Type"] = request.content_type
        answer = self.http.request(
            request.method, self.upstream + request.target, content=request.body, headers=headers
        )
        return (
            answer.status_code,
            answer.headers.get("content-type", "application/json"),
            answer.content,
        )

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.http.close()
