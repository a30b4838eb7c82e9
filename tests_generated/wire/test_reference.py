"""Tests of reference.py: the encoding against runtime/WIRE.md's cases, and
the forwarder against a local server standing in for a validator.
scripts/test-wire runs them first (`python3 -m unittest test_reference`)."""

from __future__ import annotations

import json
import tempfile
import threading
import unittest
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import reference

SPEC = {
    "openapi": "3.0.0",
    "paths": {
        "/v1/things/{thing}": {
            "get": {
                "operationId": "GetThing",
                "parameters": [
                    {"name": "thing", "in": "path", "required": True, "schema": {}},
                    {"name": "expand", "in": "query", "style": "deepObject", "schema": {}},
                    {"name": "created", "in": "query", "style": "deepObject", "schema": {}},
                ],
            },
            "post": {
                "operationId": "PostThing",
                "parameters": [{"name": "thing", "in": "path", "required": True, "schema": {}}],
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {}}}},
            },
        },
        "/v1/files": {
            "post": {
                "operationId": "PostFiles",
                "requestBody": {"content": {"multipart/form-data": {"schema": {}}}},
            }
        },
    },
}


class Encoding(unittest.TestCase):
    def test_deep_object_cases_of_wire_md(self) -> None:
        # runtime/WIRE.md, section 3, the deepObject row and sdkgen's choice.
        self.assertEqual(reference.deep_pairs("id", "a b"), [("id", "a b")])
        self.assertEqual(reference.deep_pairs("id", [1, 2]), [("id[]", "1"), ("id[]", "2")])
        self.assertEqual(
            reference.deep_pairs("id", {"x": 1, "y": 2}), [("id[x]", "1"), ("id[y]", "2")]
        )
        self.assertEqual(reference.deep_pairs("id", {"a": {"b": "v"}}), [("id[a][b]", "v")])
        self.assertEqual(
            reference.deep_pairs("id", {"k": ["v", "w"]}), [("id[k][]", "v"), ("id[k][]", "w")]
        )
        self.assertEqual(
            reference.deep_pairs("id", {"k": [{"price": "p"}, {"price": "q"}]}),
            [("id[k][0][price]", "p"), ("id[k][1][price]", "q")],
        )
        # A scalar where an object was allowed (anyOf object or integer).
        self.assertEqual(reference.deep_pairs("created", 1700000000), [("created", "1700000000")])

    def test_scalars_and_undefined_values(self) -> None:
        self.assertEqual(reference.deep_pairs("b", True), [("b", "true")])
        self.assertEqual(reference.deep_pairs("b", False), [("b", "false")])
        self.assertEqual(reference.deep_pairs("n", 2.0), [("n", "2")])
        self.assertEqual(reference.deep_pairs("n", 0.25), [("n", "0.25")])
        self.assertEqual(reference.deep_pairs("n", None), [])
        self.assertEqual(reference.deep_pairs("s", ""), [("s", "")])

    def test_percent_encoding(self) -> None:
        self.assertEqual(
            reference.form([("a[b]", "x y&z"), ("e", "@:/~")]), "a%5Bb%5D=x%20y%26z&e=%40%3A%2F~"
        )

    def test_requests(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp, "spec.json")
            path.write_text(json.dumps(SPEC), encoding="utf-8")
            ops = reference.Operations(path)
        get = ops.encode(
            "GetThing", {"thing": "th 1", "expand": ["a.b"], "created": {"gte": 1, "lt": 2}}
        )
        self.assertEqual(get.method, "GET")
        self.assertEqual(
            get.target,
            "/v1/things/th%201?expand%5B%5D=a.b&created%5Bgte%5D=1&created%5Blt%5D=2",
        )
        self.assertEqual((get.content_type, get.body), (None, b""))
        post = ops.encode("PostThing", {"thing": "t", "metadata": {"k": "v"}, "tags": ["x"]})
        self.assertEqual(post.target, "/v1/things/t")
        self.assertEqual(post.content_type, "application/x-www-form-urlencoded")
        self.assertEqual(post.body, b"metadata%5Bk%5D=v&tags%5B%5D=x")
        upload = ops.encode(
            "PostFiles",
            {
                "file": {"$file": {"name": "a.txt", "type": "text/plain", "content": "hi"}},
                "link": {"create": True},
            },
        )
        assert upload.content_type is not None
        boundary = upload.content_type.split("boundary=")[1]
        self.assertEqual(
            upload.body.decode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n'
            f"Content-Type: text/plain\r\n\r\nhi\r\n"
            f'--{boundary}\r\nContent-Disposition: form-data; name="link[create]"\r\n\r\ntrue\r\n'
            f"--{boundary}--\r\n",
        )


class Forwarding(unittest.TestCase):
    def test_the_validator_sees_the_reference_request(self) -> None:
        seen: list[tuple[str, str, str, bytes]] = []

        class Validator(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["content-length"]))
                seen.append((self.command, self.path, self.headers["authorization"], body))
                answer = b'{"id": "t"}'
                self.send_response(201)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        validator = ThreadingHTTPServer(("127.0.0.1", 0), Validator)
        threading.Thread(target=validator.serve_forever, daemon=True).start()
        with tempfile.TemporaryDirectory() as tmp:
            spec = Path(tmp, "spec.json")
            spec.write_text(json.dumps(SPEC), encoding="utf-8")
            calls = Path(tmp, "calls.json")
            calls.write_text(
                json.dumps(
                    {"calls": [{"call": "make", "op": "PostThing", "args": {"thing": "t", "n": 1}}]}
                ),
                encoding="utf-8",
            )
            forwarder = reference.Forwarder(
                reference.Operations(spec),
                calls,
                f"http://127.0.0.1:{validator.server_address[1]}",
                "sk_test_123",
            )
        try:
            # Before any announcement, nothing is forwarded.
            with self.assertRaises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(urllib.request.Request(forwarder.url + "/x", data=b""))
            self.assertEqual(refused.exception.code, 400)
            begin = f"{forwarder.url}/__recorder/begin?language=python&call=make"
            urllib.request.urlopen(urllib.request.Request(begin, data=b"", method="POST")).read()
            # Whatever the SDK sent, the validator gets the reference request.
            sent = urllib.request.Request(
                forwarder.url + "/v1/things/t", data=b"n=%5B1%5D", method="POST"
            )
            with urllib.request.urlopen(sent) as answer:
                self.assertEqual(answer.status, 201)
                self.assertEqual(json.loads(answer.read()), {"id": "t"})
        finally:
            forwarder.close()
            validator.shutdown()
            validator.server_close()
        self.assertEqual(seen, [("POST", "/v1/things/t", "Bearer sk_test_123", b"n=1")])


if __name__ == "__main__":
    unittest.main()
