"""The OpenAI corpus spec's Python SDK (built by scripts/test-openai) against
server.py, a loopback server speaking OpenAI's wire format: a chat
completion streamed as server-sent events, and `files` walked page by page
with `after`."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import ClassVar

import pytest

from open_ai import OpenAi, models
from server import Handler


class Recording(Handler):
    seen: ClassVar[list[dict[str, object]]] = []

    def _record(self, body: object) -> None:
        Recording.seen.append({"method": self.command, "path": self.path, "body": body})


@pytest.fixture
def base_url() -> Iterator[str]:
    from http.server import ThreadingHTTPServer

    Recording.seen = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Recording)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    host, port = httpd.server_address[:2]
    yield f"http://{host}:{port}/v1"
    httpd.shutdown()
    httpd.server_close()


def test_a_chat_completion_streams_chunk_by_chunk(base_url: str) -> None:
    message = models.ChatCompletionRequestUserMessage(role="user", content="Say hello")
    with (
        OpenAi(api_key="sk-test", base_url=base_url) as client,
        client.chat.create_chat_completion_stream(
            model="gpt-4o-mini", messages=[message]
        ) as stream,
    ):
        chunks = list(stream)
        assert stream.request_id == "req_openai_1"
    assert all(isinstance(c, models.CreateChatCompletionStreamResponse) for c in chunks)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "Hello"
    assert chunks[-1].choices[0].finish_reason == "stop"
    sent = Recording.seen[0]
    assert sent["path"] == "/v1/chat/completions"
    assert isinstance(sent["body"], dict) and sent["body"]["stream"] is True
    assert sent["body"]["messages"] == [{"role": "user", "content": "Say hello"}]


def test_files_are_walked_page_by_page(base_url: str) -> None:
    with OpenAi(api_key="sk-test", base_url=base_url) as client:
        ids = [f.id for f in client.files.list_files(limit=2)]
    assert ids == ["file-a", "file-b", "file-c"]
    assert [s["path"] for s in Recording.seen] == [
        "/v1/files?limit=2",
        "/v1/files?limit=2&after=file-b",
    ]
