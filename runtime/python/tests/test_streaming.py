"""Event streams (CONTRACT.md section 12): every scenario of
runtime/conformance/streaming.json played against a server on 127.0.0.1
with the blocking and the asyncio runtime, the parser on its own, and a
loop left early closing the connection."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stream_server import StreamServer, chunk_bytes

from sdkgen_runtime import (
    APIError,
    AsyncRuntime,
    CallOptions,
    EventParser,
    Operation,
    Request,
    RetryClass,
    RetryConfig,
    SDKError,
    ServerSentEvent,
    StreamError,
    SyncRuntime,
)

SCENARIOS = json.loads(
    (Path(__file__).resolve().parents[2] / "conformance" / "streaming.json").read_text("utf-8")
)["scenarios"]
KEY_HEADER = "idempotency-key"


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[StreamServer]:
    s = StreamServer(request.param["server"])
    yield s
    s.close()


def _operation(scenario: dict[str, Any]) -> Operation:
    op = scenario.get("operation", {})
    return Operation(
        name="streamEvents",
        method=op.get("method", "GET"),
        retry_class=RetryClass(op.get("class", "safe")),
    )


def _config(scenario: dict[str, Any]) -> RetryConfig:
    client = scenario.get("client", {})
    fields: dict[str, Any] = {}
    if "deadline_ms" in client:
        fields["deadline_ms"] = client["deadline_ms"]
    if "idle_timeout_ms" in client:
        fields["stream_idle_timeout_ms"] = client["idle_timeout_ms"]
    return RetryConfig(**fields)


def _request(scenario: dict[str, Any]) -> Request:
    method = scenario.get("operation", {}).get("method", "GET")
    return Request(method, "/events", json={"stream": True} if method == "POST" else None)


def _as_dict(event: ServerSentEvent) -> dict[str, str]:
    return {"event": event.event, "data": event.data, "id": event.id}


def _error_of(exc: BaseException, delivered: int) -> dict[str, Any]:
    if isinstance(exc, StreamError):
        kinds = {"connection_lost": "stream_lost", "idle_timeout": "stream_idle"}
        assert exc.events_delivered == delivered
        return {"kind": kinds.get(exc.reason, exc.reason), "delivered": exc.events_delivered}
    if isinstance(exc, APIError):
        return {"kind": "api_error", "status": exc.status, "delivered": delivered}
    raise exc


def _check(
    scenario: dict[str, Any],
    server: StreamServer,
    events: list[dict[str, str]],
    error: dict[str, Any] | None,
    attempts: int,
) -> None:
    expect = scenario["expect"]
    assert events == expect["events"]
    assert error == expect["error"]
    assert attempts == expect["attempts"]
    assert len(server.requests) == expect["attempts"], "requests that reached the server"
    if scenario.get("operation", {}).get("class") == "keyed":
        keys = {r.get(KEY_HEADER) for r in server.requests}
        assert len(keys) == 1 and None not in keys, keys


@pytest.mark.parametrize("server", SCENARIOS, ids=[s["name"] for s in SCENARIOS], indirect=True)
def test_sync(server: StreamServer) -> None:
    scenario = next(s for s in SCENARIOS if s["server"] is server.script)
    runtime = SyncRuntime(server.base, config=_config(scenario), random=lambda: 0.0)
    events: list[dict[str, str]] = []
    error = None
    attempts = 0
    try:
        stream = runtime.stream(_operation(scenario), _request(scenario))
        attempts = stream.attempts
        assert stream.status == 200
        for event in stream:
            events.append(_as_dict(event))
        assert stream.events_delivered == len(events)
        assert stream.closed
    except SDKError as exc:
        attempts = exc.attempts
        error = _error_of(exc, len(events))
    finally:
        runtime.close()
    _check(scenario, server, events, error, attempts)


@pytest.mark.parametrize("server", SCENARIOS, ids=[s["name"] for s in SCENARIOS], indirect=True)
def test_async(server: StreamServer) -> None:
    scenario = next(s for s in SCENARIOS if s["server"] is server.script)

    async def play() -> tuple[list[dict[str, str]], dict[str, Any] | None, int]:
        events: list[dict[str, str]] = []
        async with AsyncRuntime(server.base, config=_config(scenario), random=lambda: 0.0) as rt:
            try:
                stream = await rt.stream(_operation(scenario), _request(scenario))
                assert stream.status == 200
                async for event in stream:
                    events.append(_as_dict(event))
                assert stream.closed
                return events, None, stream.attempts
            except SDKError as exc:
                return events, _error_of(exc, len(events)), exc.attempts

    events, error, attempts = asyncio.run(play())
    _check(scenario, server, events, error, attempts)


def test_the_scenarios_cover_the_contract() -> None:
    names = {s["name"] for s in SCENARIOS}
    kinds = {(s["expect"]["error"] or {}).get("kind") for s in SCENARIOS}
    assert {"stream_lost", "stream_idle", "api_error", None} <= kinds
    assert len(names) == len(SCENARIOS)


# -- the parser on its own ----------------------------------------------------


def _parse(*chunks: bytes) -> list[tuple[str, str, str]]:
    parser = EventParser()
    out = []
    for chunk in chunks:
        out += [(e.event, e.data, e.id) for e in parser.feed(chunk)]
    return out


def test_parser_scenarios_byte_by_byte() -> None:
    # Every scenario's body fed one byte at a time gives the same events as
    # the runners saw (up to [DONE], which the stream, not the parser, stops at).
    for scenario in SCENARIOS:
        step = next((s for s in scenario["server"] if s.get("status") == 200), None)
        if step is None or scenario["expect"]["error"] is not None:
            continue
        body = b"".join(chunk_bytes(c) for c in step["chunks"])
        got = _parse(*(body[i : i + 1] for i in range(len(body))))
        want = [(e["event"], e["data"], e["id"]) for e in scenario["expect"]["events"]]
        assert got[: len(want)] == want, scenario["name"]


def test_parser_line_ends_and_fields() -> None:
    assert _parse(b"data: a\r\n\r\ndata: b\r\rdata: c\n\n") == [
        ("message", "a", ""),
        ("message", "b", ""),
        ("message", "c", ""),
    ]
    assert _parse(b"data\n\n") == [("message", "", "")]
    assert _parse(b"data:\ndata:\n\n") == [("message", "\n", "")]
    assert _parse(b"event:\ndata: x\n\n") == [("message", "x", "")]
    assert _parse(b"DATA: x\n\n") == []  # field names are case-sensitive
    assert _parse(b"data: x\n") == []  # not dispatched without the blank line


def test_parser_bom_only_once_and_split() -> None:
    assert _parse(b"\xef\xbb", b"\xbfdata: a\n\n") == [("message", "a", "")]
    # A second BOM is text: the field is then not "data".
    assert _parse(b"\xef\xbb\xbf\xef\xbb\xbfdata: a\n\n") == []


def test_parser_invalid_utf8_is_replaced() -> None:
    assert _parse(b"data: \xff\n\n") == [("message", "\ufffd", "")]


def test_parser_retry_field() -> None:
    parser = EventParser()
    events = parser.feed(b"retry: 2500\ndata: a\n\nretry: 1x\ndata: b\n\ndata: c\n\n")
    assert [e.retry for e in events] == [2500, None, None]


def test_event_json() -> None:
    event = ServerSentEvent(event="message", data='{"a": [1, 2]}', id="")
    assert event.json() == {"a": [1, 2]}
    with pytest.raises(ValueError):
        ServerSentEvent(event="message", data="not json", id="").json()


# -- the stream object ----------------------------------------------------------

_GET = Operation(name="streamEvents", method="GET", retry_class=RetryClass.SAFE)


def _hanging(events: int) -> list[dict[str, Any]]:
    body = "".join(f"data: {i}\n\n" for i in range(events))
    return [{"status": 200, "chunks": [{"text": body}], "end": "hang"}]


def test_breaking_out_of_the_loop_closes_the_connection() -> None:
    server = StreamServer(_hanging(3))
    try:
        with SyncRuntime(server.base) as runtime:
            stream = runtime.stream(_GET, Request("GET", "/events"))
            for event in stream:
                assert event.data == "0"
                break
            assert server.closed_by_client.wait(5), "the server never saw the socket closed"
            assert stream.closed
            assert stream.events_delivered == 1
    finally:
        server.close()


def test_async_with_closes_the_connection() -> None:
    server = StreamServer(_hanging(3))

    async def play() -> None:
        async with AsyncRuntime(server.base) as runtime:
            stream = await runtime.stream(_GET, Request("GET", "/events"))
            async with stream:
                async for event in stream:
                    assert event.data == "0"
                    break
            assert stream.closed
            assert await asyncio.to_thread(server.closed_by_client.wait, 5)

    try:
        asyncio.run(play())
    finally:
        server.close()


def test_cancelling_the_task_closes_the_connection() -> None:
    server = StreamServer(_hanging(1))

    async def play() -> None:
        async with AsyncRuntime(server.base) as runtime:
            stream = await runtime.stream(_GET, Request("GET", "/events"))

            async def consume() -> None:
                async for _ in stream:
                    pass

            task = asyncio.create_task(consume())
            await asyncio.sleep(0.2)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert stream.closed
            assert await asyncio.to_thread(server.closed_by_client.wait, 5)

    try:
        asyncio.run(play())
    finally:
        server.close()


def test_decoder_request_id_and_per_call_idle_timeout() -> None:
    server = StreamServer(
        [
            {
                "status": 200,
                "headers": {"x-request-id": "req_42"},
                "chunks": [{"text": 'data: {"n": 1}\n\ndata: {"n": 2}\n\n'}],
                "end": "hang",
            }
        ]
    )
    try:
        with SyncRuntime(server.base) as runtime:
            stream = runtime.stream(
                _GET,
                Request("GET", "/events"),
                CallOptions(timeout=5),
                idle_timeout=0.3,
                decoder=lambda e: int(e.json()["n"]),
            )
            assert stream.request_id == "req_42"
            assert stream.headers["content-type"] == "text/event-stream"
            seen: list[int] = []
            with pytest.raises(StreamError) as info:
                for n in stream:
                    seen.append(n)
            assert seen == [1, 2]
            assert info.value.reason == "idle_timeout"
            assert info.value.events_delivered == 2
            assert info.value.request_id == "req_42"
            assert "2 events delivered" in str(info.value)
    finally:
        server.close()


def test_idle_timeout_must_be_positive() -> None:
    with SyncRuntime("http://127.0.0.1:9") as runtime, pytest.raises(ValueError):
        runtime.stream(_GET, Request("GET", "/events"), idle_timeout=0)
    with pytest.raises(ValueError):
        RetryConfig(stream_idle_timeout_ms=0)


def test_an_event_past_the_limit_is_an_error() -> None:
    line = "data: " + "x" * 2000
    server = StreamServer([{"status": 200, "chunks": [{"text": line}], "end": "hang"}])
    try:
        with SyncRuntime(server.base, config=RetryConfig(max_response_bytes=1000)) as runtime:
            stream = runtime.stream(_GET, Request("GET", "/events"))
            with pytest.raises(StreamError) as info:
                list(stream)
            assert info.value.reason == "too_large"
            assert server.closed_by_client.wait(5)
    finally:
        server.close()


def test_a_stream_call_asks_for_events_unless_the_request_says_what_it_accepts() -> None:
    from sdkgen_runtime import Request
    from sdkgen_runtime.streaming import asking_for_events

    plain = asking_for_events(Request("GET", "/feed", headers={"X-Trace": "1"}))
    assert dict(plain.headers) == {"X-Trace": "1", "Accept": "text/event-stream"}
    own = Request("GET", "/feed", headers={"ACCEPT": "text/event-stream; charset=utf-8"})
    assert asking_for_events(own) is own
