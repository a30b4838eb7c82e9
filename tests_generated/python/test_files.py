"""The package generated from generator/tests/fixtures/files.yaml (linked
from specs/files.yaml): uploads from paths, file objects and iterators, and
downloads handed back unread, blocking and asyncio, against a real server on
127.0.0.1 (CONTRACT.md section 13)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import files
import pytest
from files import AsyncFiles, Files, RetryConfig

from conftest import Reply, Server

FAST = RetryConfig(base_ms=1, cap_ms=2)
STORED = {"id": "file_1", "filename": "report.pdf", "bytes": 3}
DATA = bytes(range(256)) * 300


def parts(body: bytes, boundary: str) -> list[tuple[list[str], bytes]]:
    """A multipart body's parts: each one's header lines and content."""
    end = f"--{boundary}--\r\n".encode()
    assert body.endswith(end)
    out = []
    for chunk in body[: -len(end)].split(f"--{boundary}\r\n".encode())[1:]:
        head, _, content = chunk.partition(b"\r\n\r\n")
        out.append((head.decode().split("\r\n"), content[:-2]))
    return out


def test_a_path_goes_with_the_callers_file_name_and_type(server: Server, tmp_path: Path) -> None:
    source = tmp_path / "draft.bin"
    source.write_bytes(DATA)
    server.script(Reply(200, STORED), Reply(200, STORED))
    with Files(base_url=server.url, retry_config=FAST) as c:
        stored = c.files.upload_file(
            file=("report.pdf", source, "application/pdf"), purpose="assistants"
        )
        c.files.upload_file(file=source, purpose="x")
    assert stored.filename == "report.pdf"
    named, plain = server.seen
    content_type = named.header("Content-Type") or ""
    assert content_type.startswith("multipart/form-data; boundary=")
    assert named.header("Content-Length") == str(len(named.body))
    assert parts(named.body, content_type.split("boundary=")[1]) == [
        (
            [
                'Content-Disposition: form-data; name="file"; filename="report.pdf"',
                "Content-Type: application/pdf",
            ],
            DATA,
        ),
        (['Content-Disposition: form-data; name="purpose"'], b"assistants"),
    ]
    boundary = (plain.header("Content-Type") or "").split("boundary=")[1]
    file_part = parts(plain.body, boundary)[0]
    assert file_part[0] == [
        'Content-Disposition: form-data; name="file"; filename="draft.bin"',
        "Content-Type: application/octet-stream",
    ], "the path's own name, and no type guessed from it"


def test_a_raw_body_from_a_path_is_sent_again_after_a_503(server: Server, tmp_path: Path) -> None:
    source = tmp_path / "blob.bin"
    source.write_bytes(DATA)
    server.script(Reply(503, {"message": "busy"}), Reply(201, STORED))
    with Files(base_url=server.url, retry_config=FAST) as c:
        c.blobs.put_blob(name="b1", body=source)
    first, second = server.seen
    assert first.body == second.body == DATA
    assert first.header("Content-Type") == "application/octet-stream"
    assert first.header("Content-Length") == str(len(DATA))


def test_an_iterator_body_is_sent_chunked_and_not_again(server: Server) -> None:
    def chunks() -> Iterator[bytes]:
        yield DATA[:1000]
        yield DATA[1000:]

    server.script(Reply(503, {"message": "busy"}), Reply(201, STORED))
    with (
        Files(base_url=server.url, retry_config=FAST) as c,
        pytest.raises(files.InternalServerError) as caught,
    ):
        c.blobs.put_blob(name="b1", body=chunks())
    assert caught.value.stop_reason is files.StopReason.NOT_RETRYABLE
    assert "could not be sent again" in str(caught.value)
    (only,) = server.seen
    assert only.body == DATA
    assert only.header("Transfer-Encoding") == "chunked"


def test_a_download_is_written_to_a_file(server: Server, tmp_path: Path) -> None:
    server.script(
        Reply(503, {"message": "busy"}),
        Reply(200, raw=DATA, content_type="application/octet-stream"),
    )
    target = tmp_path / "out.bin"
    with Files(base_url=server.url, retry_config=FAST) as c:
        response = c.files.download_file(file_id="big")
        assert isinstance(response, files.BinaryResponse)
        assert response.attempts == 2
        assert response.content_length == len(DATA)
        assert response.write_to_file(target) == len(DATA)
        assert response.closed
    assert target.read_bytes() == DATA
    assert server.seen[1].path == "/files/big/content"


def test_read_aloud_reads_whole(server: Server) -> None:
    server.script(Reply(200, raw=b"ID3\x04audio", content_type="audio/mpeg"))
    with Files(base_url=server.url, retry_config=FAST) as c, c.speech.read_aloud(text="hi") as r:
        assert r.content_type == "audio/mpeg"
        assert r.read() == b"ID3\x04audio"
    assert server.seen[0].path == "/speech?text=hi"


def test_the_raw_twin_of_a_download_still_reads_the_bytes(server: Server) -> None:
    server.script(Reply(200, raw=b"ID3", content_type="audio/mpeg"))
    with Files(base_url=server.url, retry_config=FAST) as c:
        raw = c.speech.with_raw_response.read_aloud(text="hi")
    assert raw.parse() == b"ID3"


def test_the_asyncio_client_uploads_a_path_and_iterates_a_download(
    server: Server, tmp_path: Path
) -> None:
    source = tmp_path / "pic.png"
    source.write_bytes(DATA[:500])
    server.script(
        Reply(200, STORED),
        Reply(200, raw=DATA, content_type="application/octet-stream"),
    )

    async def play() -> None:
        async with AsyncFiles(base_url=server.url, retry_config=FAST) as c:
            await c.files.upload_image(image=source, caption="hi")
            response = await c.files.download_file(file_id="f")
            assert isinstance(response, files.AsyncBinaryResponse)
            got = [chunk async for chunk in response.iter_bytes(chunk_size=10000)]
            assert b"".join(got) == DATA
            assert max(len(c) for c in got) == 10000

    asyncio.run(play())
    upload = server.seen[0]
    boundary = (upload.header("Content-Type") or "").split("boundary=")[1]
    assert parts(upload.body, boundary)[0] == (
        [
            'Content-Disposition: form-data; name="image"; filename="pic.png"',
            "Content-Type: image/png",
        ],
        DATA[:500],
    )
