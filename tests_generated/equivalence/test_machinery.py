"""Tests of the equivalence test's own machinery: the recording server keeps
requests as they arrived, normalising removes only what it says it removes,
and the comparison reports every difference (and nothing when there is
none). Standard library only: `python3 -m unittest` in this folder;
scripts/test-equivalence runs them first."""

from __future__ import annotations

import socket
import unittest
from typing import Any

import compare
import recorder
from recorder import Captured


def _exchange(port: int, raw: bytes, answers: int) -> list[bytes]:
    """Sends raw bytes on one connection and reads `answers` responses."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(raw)
        data = b""
        out: list[bytes] = []
        while len(out) < answers:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
            while b"\r\n\r\n" in data:
                head, _, rest = data.partition(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.lower() == b"content-length":
                        length = int(value)
                if len(rest) < length:
                    break
                out.append(head + b"\r\n\r\n" + rest[:length])
                data = rest[length:]
        return out


class RecorderTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server, self.rec, self.port = recorder.start(
            {
                "keyed": [
                    {"status": 409, "json": {"error": {"code": "busy"}}},
                    {"status": 201, "json": {"id": 1}, "headers": {"X-Seen": "yes"}},
                ]
            }
        )

    def tearDown(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def test_keeps_requests_as_they_arrived_and_answers_by_attempt(self) -> None:
        begin = (
            b"POST /__recorder/begin?language=xx&call=keyed HTTP/1.1\r\n"
            b"Host: h\r\nContent-Length: 0\r\n\r\n"
        )
        first = (
            b"POST /a%20b/c?x=1%2C2&y HTTP/1.1\r\nHost: h\r\nX-Mixed-Case: A\r\n"
            b"Cookie: a=1\r\nCookie: b=2\r\nContent-Length: 3\r\n\r\nabc"
        )
        second = (
            b"POST /a%20b/c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            b"4\r\nwiki\r\n5;ext=1\r\npedia\r\n0\r\n\r\n"
        )
        third = b"GET /again HTTP/1.1\r\nHost: h\r\n\r\n"
        answers = _exchange(self.port, begin + first + second + third, 4)
        self.assertEqual(len(answers), 4)
        self.assertTrue(answers[0].startswith(b"HTTP/1.1 200 "))
        self.assertTrue(answers[1].startswith(b"HTTP/1.1 409 "))
        self.assertTrue(answers[2].startswith(b"HTTP/1.1 201 "))
        self.assertIn(b"X-Seen: yes", answers[2])
        # The last reply again once the script runs out.
        self.assertTrue(answers[3].startswith(b"HTTP/1.1 201 "))

        got = self.rec.of("xx", "keyed")
        self.assertEqual([c.attempt for c in got], [1, 2, 3])
        self.assertEqual(got[0].target, "/a%20b/c?x=1%2C2&y")
        self.assertEqual(
            got[0].headers,
            [
                ("Host", "h"),
                ("X-Mixed-Case", "A"),
                ("Cookie", "a=1"),
                ("Cookie", "b=2"),
                ("Content-Length", "3"),
            ],
        )
        self.assertEqual((got[0].body, got[0].framing), (b"abc", "length"))
        self.assertEqual((got[1].body, got[1].framing), (b"wikipedia", "chunked"))
        self.assertEqual((got[2].body, got[2].framing), (b"", "none"))

    def test_a_request_outside_any_call_is_kept_apart_and_refused(self) -> None:
        answers = _exchange(self.port, b"GET /x HTTP/1.1\r\nHost: h\r\n\r\n", 1)
        self.assertTrue(answers[0].startswith(b"HTTP/1.1 500 "))
        self.assertEqual(len(self.rec.of("-", "-")), 1)

    def test_an_unknown_call_is_refused(self) -> None:
        begin = b"POST /__recorder/begin?language=xx&call=nope HTTP/1.1\r\nHost: h\r\n\r\n"
        answers = _exchange(self.port, begin, 1)
        self.assertTrue(answers[0].startswith(b"HTTP/1.1 404 "))
        self.assertIn(b"no call named 'nope'", answers[0])


def _captured(headers: list[tuple[str, str]], body: bytes = b"", target: str = "/p") -> Captured:
    return Captured("rust", "c", 1, "POST", target, "HTTP/1.1", headers, body, "length")


class NormaliseTest(unittest.TestCase):
    def test_multipart_boundaries_are_replaced_and_lengths_checked(self) -> None:
        body = b'--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n'
        [r] = compare.normalise(
            [
                _captured(
                    [
                        ("Content-Type", 'multipart/form-data; boundary="XyZ"'),
                        ("Content-Length", str(len(body))),
                    ],
                    body,
                )
            ],
            {},
        )
        self.assertEqual(
            r["headers"],
            [
                ("content-length", "<the body's length>"),
                ("content-type", 'multipart/form-data; boundary="<boundary>"'),
            ],
        )
        self.assertNotIn(b"XyZ", r["body"])
        self.assertTrue(r["body"].startswith(b"--<boundary>\r\n"))

    def test_a_wrong_content_length_shows(self) -> None:
        [r] = compare.normalise([_captured([("Content-Length", "9")], b"abc")], {})
        self.assertEqual(r["headers"], [("content-length", "9 (the body has 3 bytes)")])

    def test_keys_time_left_and_transport_headers(self) -> None:
        uuid_a = "0b0e5a4c-3f0e-4d6b-9a51-7e8f0c1d2e3f"
        uuid_b = "1c1f6b5d-4a1f-4e7c-8b62-8f9a1d2e3f40"
        attempts = [
            _captured([("Idempotency-Key", uuid_a), ("Request-Timeout-Ms", "59998")]),
            _captured([("Idempotency-Key", uuid_a), ("Request-Timeout-Ms", "24990")]),
            _captured([("Idempotency-Key", uuid_b), ("User-Agent", "x"), ("Host", "h")]),
            _captured([("Idempotency-Key", "order-1"), ("Connection", "close")]),
            _captured([("Idempotency-Key", "not-a-uuid"), ("Accept-Encoding", "gzip")]),
        ]
        rs = compare.normalise(attempts, {"caller_key": "order-1"})
        self.assertEqual(
            [r["headers"] for r in rs],
            [
                [
                    ("idempotency-key", "<generated UUID v4 #1>"),
                    ("request-timeout-ms", "<at most 60 s>"),
                ],
                [
                    ("idempotency-key", "<generated UUID v4 #1>"),
                    ("request-timeout-ms", "<at most 30 s>"),
                ],
                [("idempotency-key", "<generated UUID v4 #2>")],
                [("idempotency-key", "order-1")],
                [("idempotency-key", "<generated key that is not a UUID v4 (10 chars) #3>")],
            ],
        )

    def test_path_and_query_stay_raw(self) -> None:
        [a, b] = compare.normalise(
            [_captured([], target="/a%2Fb?x=%20&y"), _captured([], target="/a?")], {}
        )
        self.assertEqual((a["path"], a["query"]), ("/a%2Fb", "x=%20&y"))
        self.assertEqual((b["path"], b["query"]), ("/a", ""))


def _record(query: str | None = "a=1", outcome: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "requests": [
            {
                "method": "GET",
                "path": "/x",
                "query": query,
                "headers": [("accept", "*/*")],
                "body": b"",
            }
        ],
        "outcome": outcome or {"result": "ok", "status": 200, "attempts": 1},
    }


class CompareTest(unittest.TestCase):
    def test_the_same_records_give_no_line(self) -> None:
        self.assertEqual(
            compare.compare({"rust": _record(), "python": _record(), "node": _record()}), []
        )

    def test_the_odd_language_is_named_and_an_encoding_difference_said(self) -> None:
        lines = compare.compare(
            {"rust": _record("a=%20"), "python": _record("a=+"), "node": _record("a=+")}
        )
        self.assertEqual(len(lines), 1)
        self.assertIn("query (rust differs)", lines[0])
        self.assertIn("only the encoding differs", lines[0])

    def test_attempts_and_outcomes(self) -> None:
        retried = _record()
        retried["requests"] = retried["requests"] * 3
        error = {"result": "error", "kind": "api_error", "status": 409, "attempts": 1}
        lines = compare.compare(
            {"rust": retried, "python": _record(outcome=error), "node": _record()}
        )
        text = "\n".join(lines)
        self.assertIn("requests sent (rust differs): rust: 3 | python, node: 1", text)
        self.assertIn("outcome result (python differs)", text)
        self.assertIn("outcome kind (python differs)", text)

    def test_a_missing_driver_outcome_is_reported(self) -> None:
        lines = compare.compare({"rust": _record(), "python": None, "node": _record()})
        self.assertEqual(lines, ["no outcome from the python driver"])

    def test_what_all_languages_share_is_still_checked_against_the_spec(self) -> None:
        records: dict[str, dict[str, Any] | None] = {
            "rust": _record(),
            "python": _record(),
            "node": _record(),
        }
        self.assertEqual(compare.check_expected(records, {"path": "/x"}), [])
        [line] = compare.check_expected(records, {"path": "/y", "headers": {"accept": "*/*"}})
        self.assertIn('should be "/y"; rust, python, node: "/x"', line)


if __name__ == "__main__":
    unittest.main()
