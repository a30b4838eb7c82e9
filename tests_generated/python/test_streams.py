"""The package generated from generator/tests/fixtures/streams.yaml (linked
from specs/streams.yaml): a stream method per operation whose success
response offers server-sent events, blocking and asyncio, against a real
server on 127.0.0.1 (CONTRACT.md section 12)."""

from __future__ import annotations

import asyncio
import json

import pytest

import streams
from conftest import Reply, Server
from streams import AsyncStreams, Streams, models


def events(*data: str) -> bytes:
    return b"".join(f"data: {d}\n\n".encode() for d in data)


def chunk(n: int, delta: str) -> str:
    return json.dumps({"id": f"c{n}", "delta": delta})


CHUNKS = events(chunk(1, "Hel"), chunk(2, "lo"), "[DONE]")


def stream_reply(raw: bytes) -> Reply:
    return Reply(200, raw=raw, content_type="text/event-stream")


def test_the_stream_method_asks_for_the_stream_and_decodes_each_event(server: Server) -> None:
    server.script(stream_reply(CHUNKS))
    with (
        Streams(base_url=server.url) as c,
        c.chat.create_completion_stream(model="m", prompt="hi") as stream,
    ):
        assert stream.status == 200
        got = list(stream)
    assert got == [
        models.CompletionChunk(id="c1", delta="Hel"),
        models.CompletionChunk(id="c2", delta="lo"),
    ]
    sent = server.seen[0]
    assert sent.json() == {"model": "m", "prompt": "hi", "stream": True}
    assert sent.header("Accept") == "text/event-stream"


def test_the_plain_method_leaves_the_stream_off_and_reads_json(server: Server) -> None:
    server.script(Reply(200, {"id": "c1", "text": "Hello"}))
    with Streams(base_url=server.url) as c:
        done = c.chat.create_completion(model="m", prompt="hi")
    assert done == models.Completion(id="c1", text="Hello")
    assert server.seen[0].json() == {"model": "m", "prompt": "hi"}


def test_a_text_feed_retries_until_the_headers_then_hands_out_each_line(
    server: Server,
) -> None:
    server.script(Reply(503, {"message": "busy"}), stream_reply(events("one", "two")))
    with Streams(base_url=server.url, max_attempts=3) as c:
        stream = c.feed.watch_feed_stream(topic="news", retries=True)
        try:
            assert list(stream) == ["one", "two"]
            assert stream.attempts == 2
        finally:
            stream.close()
    assert [s.path for s in server.seen] == ["/feed?topic=news"] * 2


def test_an_unsafe_stream_is_not_retried_after_a_server_error(server: Server) -> None:
    server.script(Reply(503, {"message": "busy"}), stream_reply(CHUNKS))
    with Streams(base_url=server.url) as c, pytest.raises(streams.APIError) as caught:
        c.chat.create_completion_stream(model="m", prompt="hi")
    assert caught.value.status == 503
    assert len(server.seen) == 1


def test_the_asyncio_client_streams_too(server: Server) -> None:
    server.script(stream_reply(CHUNKS))

    async def main() -> list[models.CompletionChunk]:
        async with AsyncStreams(base_url=server.url) as c:
            stream = await c.chat.create_completion_stream(model="m", prompt="hi")
            async with stream:
                return [event async for event in stream]

    assert [e.delta for e in asyncio.run(main())] == ["Hel", "lo"]
