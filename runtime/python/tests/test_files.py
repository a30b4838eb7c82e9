"""Files both ways (CONTRACT.md section 13) against a server on 127.0.0.1:
downloads read whole, in chunks and into a file, a body cut off or gone
idle, retries before the headers; uploads from paths, file objects and
iterators, sent again on a retry when they can be and not when they
cannot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from files_server import FilesServer, Seen, Step

from sdkgen_runtime import (
    APIError,
    AsyncRuntime,
    Clock,
    Operation,
    Request,
    Response,
    RetryClass,
    RetryConfig,
    SDKError,
    StopReason,
    StreamError,
    SyncRuntime,
    binary_body,
    encode_multipart,
)

FAST = RetryConfig(base_ms=1, cap_ms=2)
GET = Operation(name="downloadFile", method="GET", retry_class=RetryClass.SAFE)
PUT = Operation(name="putBlob", method="PUT", retry_class=RetryClass.IDEMPOTENT)
BODY = bytes(range(256)) * 40  # 10240 bytes


@pytest.fixture
def make_server() -> Iterator[list[FilesServer]]:
    made: list[FilesServer] = []
    yield made
    for server in made:
        server.close()


def serve(made: list[FilesServer], *steps: Step) -> FilesServer:
    server = FilesServer(list(steps))
    made.append(server)
    return server


# -- downloads ----------------------------------------------------------------


def test_read_gives_the_body_and_the_response_says_what_it_is(
    make_server: list[FilesServer],
) -> None:
    server = serve(
        make_server,
        Step.of(200, BODY, headers={"Content-Type": "audio/mpeg", "X-Request-Id": "req_1"}),
    )
    with SyncRuntime(server.url, config=FAST) as runtime:
        response = runtime.download(GET, Request("GET", "/files/f1/content"))
        with response:
            assert (response.status, response.attempts) == (200, 1)
            assert response.content_type == "audio/mpeg"
            assert response.content_length == len(BODY)
            assert response.request_id == "req_1"
            assert response.read() == BODY
        assert response.bytes_delivered == len(BODY)
        assert response.closed
        with pytest.raises(SDKError, match="already read"):
            response.read()


def test_iter_bytes_hands_out_chunks_of_the_size_asked(make_server: list[FilesServer]) -> None:
    server = serve(make_server, Step(200, [(BODY[:5000], 0), (BODY[5000:], 0.05)], length=None))
    with SyncRuntime(server.url, config=FAST) as runtime:
        response = runtime.download(GET, Request("GET", "/f"))
        assert response.content_length is None
        chunks = list(response.iter_bytes(chunk_size=1000))
    assert b"".join(chunks) == BODY
    assert {len(c) for c in chunks[:-1]} == {1000}
    assert response.closed
    with pytest.raises(SDKError, match="already read"):
        response.write_to_file("unused")


def test_write_to_file_writes_the_body_and_counts_it(
    make_server: list[FilesServer], tmp_path: Path
) -> None:
    server = serve(make_server, Step(200, [(BODY[:100], 0), (BODY[100:], 0.02)], length=None))
    target = tmp_path / "out.bin"
    with SyncRuntime(server.url, config=FAST) as runtime:
        written = runtime.download(GET, Request("GET", "/f")).write_to_file(target)
    assert written == len(BODY)
    assert target.read_bytes() == BODY


def test_a_body_cut_off_is_a_stream_error_and_leaves_no_partial_file(
    make_server: list[FilesServer], tmp_path: Path
) -> None:
    cut = Step(200, [(BODY[:3000], 0)], length=len(BODY), cut=True)
    server = serve(make_server, cut, cut)
    target = tmp_path / "out.bin"
    with SyncRuntime(server.url, config=FAST) as runtime:
        response = runtime.download(GET, Request("GET", "/f"))
        with pytest.raises(StreamError) as caught:
            response.write_to_file(target)
        assert caught.value.reason == "connection_lost"
        assert caught.value.bytes_delivered == 3000
        assert caught.value.stop_reason is StopReason.NOT_RETRYABLE
        assert "3000 bytes delivered" in str(caught.value)
        assert not target.exists()

        got: list[bytes] = []
        with pytest.raises(StreamError) as caught:
            for chunk in runtime.download(GET, Request("GET", "/f")).iter_bytes():
                got.append(chunk)
        assert caught.value.bytes_delivered == len(b"".join(got)) == 3000
    assert len(server.seen) == 2, "nothing is retried once the headers arrived"


def test_a_body_gone_quiet_ends_at_the_idle_timeout(make_server: list[FilesServer]) -> None:
    server = serve(make_server, Step(200, [(b"x" * 10, 0), (b"y" * 10, 2.0)], length=None))
    with SyncRuntime(server.url, config=FAST) as runtime:
        response = runtime.download(GET, Request("GET", "/f"), idle_timeout=0.2)
        with pytest.raises(StreamError) as caught:
            response.read()
    assert caught.value.reason == "idle_timeout"
    assert caught.value.bytes_delivered == 10


def test_retried_before_the_headers_after_a_5xx_and_a_refused_connection(
    make_server: list[FilesServer],
) -> None:
    server = serve(make_server, Step.of(503, b'{"message":"busy"}'), Step.of(200, BODY))
    with SyncRuntime(server.url, config=FAST) as runtime:
        response = runtime.download(GET, Request("GET", "/f"))
        assert response.attempts == 2
        assert response.read() == BODY

    refused = serve(make_server, Step.of(200, BODY))
    refused.unlisten()

    class ListenOnSleep(Clock):
        def sleep(self, seconds: float) -> None:
            refused.listen()

    with SyncRuntime(refused.url, config=FAST, clock=ListenOnSleep()) as runtime:
        response = runtime.download(GET, Request("GET", "/f"))
        assert response.attempts == 2
        assert response.read() == BODY


def test_an_error_status_is_the_usual_api_error(make_server: list[FilesServer]) -> None:
    server = serve(make_server, Step.of(404, b'{"message":"no such file"}'))
    with SyncRuntime(server.url, config=FAST) as runtime, pytest.raises(APIError) as caught:
        runtime.download(GET, Request("GET", "/f"))
    assert caught.value.status == 404
    assert caught.value.message == "no such file"


def test_a_whole_read_keeps_the_response_limit_and_says_what_to_do_instead(
    make_server: list[FilesServer],
) -> None:
    small = RetryConfig(max_response_bytes=1000)
    server = serve(
        make_server,
        Step(200, [(BODY[:800], 0), (BODY[800:], 0)], length=None),
        Step.of(200, BODY),
        Step(200, [(BODY, 0)], length=None),
    )
    with SyncRuntime(server.url, config=small) as runtime:
        with pytest.raises(StreamError) as caught:
            runtime.download(GET, Request("GET", "/f")).read()
        assert caught.value.reason == "too_large"
        assert "iter_bytes" in caught.value.message
        assert "write_to_file" in caught.value.message
        with pytest.raises(StreamError, match="max_response_bytes"):
            runtime.download(GET, Request("GET", "/f")).read()
        # In chunks there is no limit: memory holds one chunk at a time.
        chunks = runtime.download(GET, Request("GET", "/f")).iter_bytes()
        assert b"".join(chunks) == BODY


def test_the_asyncio_download_reads_whole_in_chunks_and_into_a_file(
    make_server: list[FilesServer], tmp_path: Path
) -> None:
    server = serve(
        make_server,
        Step.of(503),
        Step.of(200, BODY, headers={"Content-Type": "application/octet-stream"}),
        Step(200, [(BODY, 0)], length=None),
        Step(200, [(BODY[:2000], 0)], length=len(BODY), cut=True),
    )
    target = tmp_path / "out.bin"

    async def play() -> None:
        async with AsyncRuntime(server.url, config=FAST) as runtime:
            async with await runtime.download(GET, Request("GET", "/f")) as response:
                assert response.attempts == 2
                assert response.content_type == "application/octet-stream"
                assert await response.read() == BODY
            response = await runtime.download(GET, Request("GET", "/f"))
            got = [chunk async for chunk in response.iter_bytes(chunk_size=4096)]
            assert b"".join(got) == BODY
            assert [len(c) for c in got] == [4096, 4096, 2048]
            response = await runtime.download(GET, Request("GET", "/f"))
            with pytest.raises(StreamError) as caught:
                await response.write_to_file(target)
            assert caught.value.reason == "connection_lost"
            assert caught.value.bytes_delivered == 2000
            assert not target.exists()

    asyncio.run(play())


# -- uploads ------------------------------------------------------------------


def put(runtime: SyncRuntime, content: object) -> Response:
    body = binary_body(content)
    return runtime.request(
        PUT, Request("PUT", "/blob", content=body, content_type="application/octet-stream")
    )


def test_a_path_is_read_again_for_a_retry_with_its_length(
    make_server: list[FilesServer], tmp_path: Path
) -> None:
    source = tmp_path / "report.pdf"
    source.write_bytes(BODY * 20)
    server = serve(make_server, Step.of(503), Step.of(201, b"{}"))
    with SyncRuntime(server.url, config=FAST) as runtime:
        put(runtime, source)
    first, second = server.seen
    assert first.body == second.body == BODY * 20
    assert first.headers["content-length"] == str(len(BODY) * 20)
    assert first.headers["content-type"] == "application/octet-stream"
    assert "transfer-encoding" not in first.headers


def test_a_multipart_body_from_a_path_is_the_body_from_its_bytes(
    make_server: list[FilesServer], tmp_path: Path
) -> None:
    source = tmp_path / "scan.png"
    source.write_bytes(BODY)
    fields = (("file", None), ("purpose", None))
    streamed = encode_multipart(fields, {"file": source, "purpose": "x"}, "B")
    assert not isinstance(streamed, bytes)
    whole = encode_multipart(fields, {"file": ("scan.png", BODY), "purpose": "x"}, "B")
    assert isinstance(whole, bytes)
    server = serve(make_server, Step.of(503), Step.of(200, b"{}"))
    with SyncRuntime(server.url, config=FAST) as runtime:
        runtime.request(
            PUT,
            Request("PUT", "/up", content=streamed, content_type="multipart/form-data; boundary=B"),
        )
    assert [s.body for s in server.seen] == [whole, whole]
    assert server.seen[0].headers["content-length"] == str(len(whole))


def test_a_seekable_file_is_rewound_to_where_it_stood(make_server: list[FilesServer]) -> None:
    file = io.BytesIO(BODY)
    file.seek(100)
    server = serve(make_server, Step.of(503), Step.of(201, b"{}"))
    with SyncRuntime(server.url, config=FAST) as runtime:
        put(runtime, ("blob.bin", file, "image/png"))
    first, second = server.seen
    assert first.body == second.body == BODY[100:]
    assert first.headers["content-length"] == str(len(BODY) - 100)
    assert first.headers["content-type"] == "image/png", "the caller's type wins"


def chunks_of(data: bytes) -> Iterator[bytes]:
    for i in range(0, len(data), 1000):
        yield data[i : i + 1000]


def test_an_iterator_read_by_a_failed_attempt_is_not_sent_again(
    make_server: list[FilesServer],
) -> None:
    server = serve(make_server, Step.of(503), Step.of(201, b"{}"))
    with SyncRuntime(server.url, config=FAST) as runtime, pytest.raises(APIError) as caught:
        put(runtime, chunks_of(BODY))
    assert caught.value.status == 503
    assert caught.value.stop_reason is StopReason.NOT_RETRYABLE
    assert "could not be sent again" in str(caught.value)
    (only,) = server.seen
    assert only.body == BODY
    assert "content-length" not in only.headers
    assert only.headers["transfer-encoding"] == "chunked"


def test_a_file_that_cannot_seek_is_one_shot_too(make_server: list[FilesServer]) -> None:
    class Pipe(io.RawIOBase):
        def __init__(self, data: bytes) -> None:
            self._data = io.BytesIO(data)

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            chunk = self._data.read(len(buffer))
            buffer[: len(chunk)] = chunk
            return len(chunk)

    server = serve(make_server, Step.of(503), Step.of(201, b"{}"))
    with SyncRuntime(server.url, config=FAST) as runtime, pytest.raises(APIError) as caught:
        put(runtime, Pipe(BODY))
    assert caught.value.stop_reason is StopReason.NOT_RETRYABLE
    assert [s.body for s in server.seen] == [BODY]


def test_an_iterator_is_retried_when_the_failed_attempt_never_read_it(
    make_server: list[FilesServer],
) -> None:
    server = serve(make_server, Step.of(201, b"{}"))
    server.unlisten()

    class ListenOnSleep(Clock):
        def sleep(self, seconds: float) -> None:
            server.listen()

    with SyncRuntime(server.url, config=FAST, clock=ListenOnSleep()) as runtime:
        response = put(runtime, chunks_of(BODY))
    assert response.attempts == 2
    assert [s.body for s in server.seen] == [BODY]


def test_the_asyncio_runtime_streams_paths_and_iterators(
    make_server: list[FilesServer], tmp_path: Path
) -> None:
    source = tmp_path / "a.bin"
    source.write_bytes(BODY)
    server = serve(make_server, Step.of(503), Step.of(201, b"{}"), Step.of(503))

    async def play() -> None:
        async with AsyncRuntime(server.url, config=FAST) as runtime:
            request = Request("PUT", "/b", content=binary_body(source))
            await runtime.request(PUT, request)
            request = Request("PUT", "/b", content=binary_body(chunks_of(BODY)))
            with pytest.raises(APIError) as caught:
                await runtime.request(PUT, request)
            assert caught.value.stop_reason is StopReason.NOT_RETRYABLE

    asyncio.run(play())
    seen: list[Seen] = server.seen
    assert [s.body for s in seen] == [BODY, BODY, BODY]
    assert seen[0].headers["content-length"] == str(len(BODY))
    assert seen[2].headers["transfer-encoding"] == "chunked"


def test_a_missing_path_fails_before_sending_and_a_str_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        binary_body(tmp_path / "missing.bin")
    with pytest.raises(TypeError):
        binary_body("report.pdf")
