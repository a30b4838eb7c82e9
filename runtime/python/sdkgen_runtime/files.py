"""Files both ways (CONTRACT.md section 13).

Uploads: a file value (bytes, a ``pathlib.Path``, a binary file object, an
iterator of ``bytes`` chunks, or ``(name, content[, content type])`` of any
of them) becomes the part of a multipart body or a raw binary body. A body
holding only bytes stays bytes; one holding a path, a file object or a
stream is an :class:`UploadBody`, read in chunks while it is sent, never
assembled whole. Paths are opened again for each attempt and seekable file
objects rewound; a stream, an iterator or a file object that cannot seek
is one-shot: once an attempt has read any of it, the call is not retried.

Downloads: the runtimes' ``download`` hand back a :class:`BinaryResponse`
(or :class:`AsyncBinaryResponse`) whose body is unread until the caller
reads it whole, in chunks, or into a file.
"""

from __future__ import annotations

import abc
import contextlib
import io
import os
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import IO, Union

import httpx

from .errors import SDKError
from .response import request_id_of
from .streaming import StreamError

__all__ = [
    "CHUNK_SIZE",
    "AsyncBinaryResponse",
    "BinaryResponse",
    "FileContent",
    "FileInput",
    "UploadBody",
    "as_file",
    "binary_body",
    "is_file",
]

CHUNK_SIZE = 64 * 1024
"""The size of each read from a path or a file object while sending."""

FileContent = Union[bytes, bytearray, os.PathLike[str], IO[bytes], Iterable[bytes]]
"""What a file's bytes may be given as."""
FileInput = Union[FileContent, tuple[str, FileContent], tuple[str, FileContent, str]]
"""A file to upload: its content, or ``(file name, content)``, or
``(file name, content, content type)``."""

_NOT_STREAMS = (str, bytes, bytearray, memoryview, Mapping, list, tuple, set, frozenset)
"""Iterables that are values of their own, never a stream of chunks."""


# -- uploads ------------------------------------------------------------------


class _Source(abc.ABC):
    """The content of one file, read once per attempt."""

    one_shot = False

    def size(self) -> int | None:
        """Its length in bytes, where it is known before reading."""
        return None

    @abc.abstractmethod
    def chunks(self) -> Iterator[bytes]:
        """Its bytes, piece by piece, for one attempt."""


class _Bytes(_Source):
    def __init__(self, data: bytes) -> None:
        self.data = data

    def size(self) -> int:
        return len(self.data)

    def chunks(self) -> Iterator[bytes]:
        if self.data:
            yield self.data


class _Path(_Source):
    """A file on disk: opened for each attempt, read in chunks."""

    def __init__(self, path: os.PathLike[str]) -> None:
        self.path = path
        os.stat(path)  # a missing file fails the call before anything is sent

    def size(self) -> int:
        return os.stat(self.path).st_size

    def chunks(self) -> Iterator[bytes]:
        with open(self.path, "rb") as f:
            while True:
                chunk = f.read(CHUNK_SIZE)
                if not chunk:
                    return
                yield chunk


class _File(_Source):
    """A binary file object: rewound to where it stood for each attempt when
    it can seek, else read once."""

    def __init__(self, file: IO[bytes]) -> None:
        self.file = file
        self.start: int | None = None
        self.length: int | None = None
        try:
            if file.seekable():
                self.start = file.tell()
                self.length = file.seek(0, io.SEEK_END) - self.start
                file.seek(self.start)
        except (AttributeError, OSError, ValueError):
            self.start = self.length = None
        self.one_shot = self.start is None

    def size(self) -> int | None:
        return self.length

    def chunks(self) -> Iterator[bytes]:
        if self.start is not None:
            self.file.seek(self.start)
        while True:
            chunk = self.file.read(CHUNK_SIZE)
            if not chunk:
                return
            yield bytes(chunk)


class _Chunks(_Source):
    """An iterator or iterable of ``bytes`` chunks: read once."""

    one_shot = True

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self.iterable = chunks

    def chunks(self) -> Iterator[bytes]:
        for chunk in self.iterable:
            if not isinstance(chunk, (bytes, bytearray, memoryview)):
                raise TypeError(
                    f"a file's chunks must be bytes, and one is a {type(chunk).__name__}"
                )
            yield bytes(chunk)


def _base_name(name: object) -> str | None:
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if not isinstance(name, str):
        return None
    return name.replace("\\", "/").rsplit("/", 1)[-1] or None


def _is_stream(value: object) -> bool:
    return isinstance(value, Iterable) and not isinstance(value, _NOT_STREAMS)


def _content(value: object) -> tuple[str | None, _Source] | None:
    """The file name a content carries (a path's, a file object's) and its
    source; ``None`` when ``value`` is not a file's content."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return None, _Bytes(bytes(value))
    if isinstance(value, os.PathLike):
        return _base_name(os.fspath(value)), _Path(value)
    if callable(getattr(value, "read", None)):
        name = _base_name(getattr(value, "name", None))
        if isinstance(value, io.TextIOBase):
            return name, _Bytes(value.read().encode("utf-8"))
        return name, _File(value)  # type: ignore[arg-type]
    if _is_stream(value):
        return None, _Chunks(value)  # type: ignore[arg-type]
    return None


def is_file_tuple(value: tuple[object, ...]) -> bool:
    """``(name, content[, content type])``, told without reading the content."""
    return (
        len(value) in (2, 3)
        and isinstance(value[0], str)
        and not isinstance(value[1], (str, tuple))
        and (len(value) == 2 or isinstance(value[2], str))
        and _content_like(value[1])
    )


def _content_like(value: object) -> bool:
    return (
        isinstance(value, (bytes, bytearray, memoryview, os.PathLike))
        or callable(getattr(value, "read", None))
        or _is_stream(value)
    )


def is_file(value: object) -> bool:
    """Whether ``value`` is a file value (sent as a file, not as data)."""
    if isinstance(value, tuple):
        return is_file_tuple(value)
    return _content_like(value)


def as_file(value: object) -> tuple[str | None, _Source, str | None] | None:
    """``(file name, content, content type)`` of a file value, the name and
    type ``None`` where neither the caller nor the content gives one;
    ``None`` when ``value`` is not a file."""
    if isinstance(value, tuple):
        if not is_file_tuple(value):
            return None
        found = _content(value[1])
        if found is None:
            return None
        given = value[2] if len(value) == 3 else None
        return value[0], found[1], given
    found = _content(value)
    if found is None:
        return None
    return found[0], found[1], None


class UploadBody:
    """A request body holding at least one file read while it is sent: a
    path, a file object or a stream. Each attempt reads it afresh
    (:meth:`chunks`); a one-shot content is read at most once."""

    def __init__(self, pieces: Sequence[bytes | _Source], content_type: str | None = None) -> None:
        merged: list[bytes | _Source] = []
        for piece in pieces:
            if isinstance(piece, _Bytes):
                piece = piece.data
            if isinstance(piece, bytes) and merged and isinstance(merged[-1], bytes):
                merged[-1] += piece
            elif not isinstance(piece, bytes) or piece:
                merged.append(piece)
        self._pieces = merged
        self.content_type = content_type
        """The caller's content type of a raw body, over the declared one."""
        self.one_shot = any(isinstance(p, _Source) and p.one_shot for p in merged)
        self.started = False
        """Whether an attempt began reading a one-shot content."""

    def length(self) -> int | None:
        """The body's length, when every piece's is known."""
        total = 0
        for piece in self._pieces:
            size = len(piece) if isinstance(piece, bytes) else piece.size()
            if size is None:
                return None
            total += size
        return total

    @property
    def replayable(self) -> bool:
        """Whether the body can be sent (again): no one-shot content of it
        has been read."""
        return not self.started

    def chunks(self) -> Iterator[bytes]:
        """The body's bytes for one attempt, piece by piece."""
        for piece in self._pieces:
            if isinstance(piece, bytes):
                yield piece
                continue
            if piece.one_shot:
                if self.started:
                    raise SDKError("the request body was read once and cannot be sent again")
                self.started = True
            yield from piece.chunks()

    async def achunks(self) -> AsyncIterator[bytes]:
        """:meth:`chunks` for ``httpx.AsyncClient``."""
        for chunk in self.chunks():
            yield chunk


def binary_body(value: object) -> bytes | UploadBody | None:
    """A raw binary request body from a file value: bytes as they are, a
    path, a file object or a stream as an :class:`UploadBody` (with the
    caller's content type, where a tuple gives one). ``None`` is no body."""
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    found = as_file(value)
    if found is None:
        raise TypeError(f"a {type(value).__name__} is not a file: give bytes, a path or a file")
    _, source, given = found
    if isinstance(source, _Bytes) and given is None:
        return source.data
    return UploadBody([source], content_type=given)


# -- downloads ----------------------------------------------------------------


class _BinaryResponseBase:
    def __init__(
        self,
        response: httpx.Response,
        *,
        operation: str,
        attempts: int,
        max_bytes: int,
        request_id_header: str | None = None,
    ) -> None:
        self.response = response
        self.status = response.status_code
        self.headers: Mapping[str, str] = response.headers
        """Case-insensitive (an ``httpx.Headers``)."""
        self.attempts = attempts
        """The attempts the call took until the headers arrived."""
        self.request_id_header = request_id_header
        self.bytes_delivered = 0
        """Body bytes handed to the caller (or written) so far."""
        self._operation = operation
        self._limit = max_bytes
        self._used = False
        self._closed = False

    @property
    def request_id(self) -> str | None:
        """The server's id of the request, where a response header gives one."""
        return request_id_of(self.headers, self.request_id_header)

    @property
    def content_type(self) -> str | None:
        """The ``Content-Type`` header's value, or ``None``."""
        return self.headers.get("content-type")

    @property
    def content_length(self) -> int | None:
        """The ``Content-Length`` header's value, where the server gave one."""
        value = self.headers.get("content-length")
        if value is not None and value.strip().isdigit():
            return int(value)
        return None

    @property
    def closed(self) -> bool:
        return self._closed

    def _begin(self, how: str) -> None:
        if self._used:
            raise SDKError(
                f"{self._operation}: the response body was already read; "
                f"read it once (read, iter_bytes or write_to_file), not again with {how}"
            )
        if self._closed:
            raise SDKError(f"{self._operation}: the response was closed before {how}")
        self._used = True

    def _error(self, reason: str, detail: str) -> StreamError:
        return StreamError(
            f"{self._operation}: the response body {detail}",
            reason=reason,
            events_delivered=0,
            bytes_delivered=self.bytes_delivered,
            status=self.status,
            headers=self.headers,
            attempts=self.attempts,
            request_id_header=self.request_id_header,
        )

    def _too_large(self) -> StreamError:
        return self._error(
            "too_large",
            f"is longer than the limit of {self._limit} bytes (max_response_bytes) for a "
            "whole read: read it in chunks (iter_bytes) or write it to a file "
            "(write_to_file) instead",
        )

    def _declared_too_large(self) -> bool:
        length = self.content_length
        return length is not None and length > self._limit

    def _failure(self, exc: httpx.HTTPError) -> StreamError:
        if isinstance(exc, httpx.TimeoutException):
            error = self._error("idle_timeout", "sent nothing for the idle timeout")
        else:
            detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            error = self._error("connection_lost", f"was cut off ({detail})")
        error.__cause__ = exc
        return error

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status}, attempts={self.attempts}, "
            f"bytes_delivered={self.bytes_delivered}, closed={self._closed})"
        )


def _remove(path: str | os.PathLike[str]) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


class BinaryResponse(_BinaryResponseBase):
    """A download's response, its body unread (blocking client). Read it
    once: :meth:`read` (whole, up to the client's ``max_response_bytes``),
    :meth:`iter_bytes` (in chunks, any length) or :meth:`write_to_file`.
    Reading to the end, :meth:`close` or leaving a ``with`` block closes
    the connection. A body cut off or idle for the idle timeout raises
    ``StreamError`` with ``bytes_delivered``."""

    def read(self) -> bytes:
        """The whole body. Past ``max_response_bytes``, ``StreamError``
        (reason ``too_large``)."""
        self._begin("read()")
        try:
            if self._declared_too_large():
                raise self._too_large()
            chunks: list[bytes] = []
            for chunk in self._chunks(None):
                if self.bytes_delivered + len(chunk) > self._limit:
                    raise self._too_large()
                chunks.append(chunk)
                self.bytes_delivered += len(chunk)
            return b"".join(chunks)
        finally:
            self.close()

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The body in chunks as they arrive (of ``chunk_size`` bytes, the
        last one shorter, where it is given); memory holds one at a time."""
        self._begin("iter_bytes()")
        return self._delivered(chunk_size)

    def _delivered(self, chunk_size: int | None) -> Iterator[bytes]:
        try:
            for chunk in self._chunks(chunk_size):
                self.bytes_delivered += len(chunk)
                yield chunk
        finally:
            self.close()

    def write_to_file(self, path: str | os.PathLike[str]) -> int:
        """Writes the body to the file at ``path`` as it arrives; the number
        of bytes written. If the body fails part way, the partial file is
        removed and the error raised."""
        self._begin("write_to_file()")
        try:
            with open(path, "wb") as f:
                for chunk in self._chunks(None):
                    f.write(chunk)
                    self.bytes_delivered += len(chunk)
        except BaseException:
            _remove(path)
            raise
        finally:
            self.close()
        return self.bytes_delivered

    def _chunks(self, chunk_size: int | None) -> Iterator[bytes]:
        try:
            yield from self.response.iter_bytes(chunk_size)
        except httpx.HTTPError as exc:
            raise self._failure(exc) from exc

    def close(self) -> None:
        """Closes the connection; the body is read no further."""
        if not self._closed:
            self._closed = True
            self.response.close()

    def __enter__(self) -> BinaryResponse:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncBinaryResponse(_BinaryResponseBase):
    """A download's response, its body unread (asyncio client): ``await
    read()``, ``async for chunk in iter_bytes()`` or ``await
    write_to_file(path)``, once. :meth:`aclose`, leaving an ``async with``
    block or cancelling the task closes the connection."""

    async def read(self) -> bytes:
        """The whole body. Past ``max_response_bytes``, ``StreamError``
        (reason ``too_large``)."""
        self._begin("read()")
        try:
            if self._declared_too_large():
                raise self._too_large()
            chunks: list[bytes] = []
            async for chunk in self._chunks(None):
                if self.bytes_delivered + len(chunk) > self._limit:
                    raise self._too_large()
                chunks.append(chunk)
                self.bytes_delivered += len(chunk)
            return b"".join(chunks)
        finally:
            await self.aclose()

    def iter_bytes(self, chunk_size: int | None = None) -> AsyncIterator[bytes]:
        """The body in chunks as they arrive (``async for``); memory holds
        one at a time."""
        self._begin("iter_bytes()")
        return self._delivered(chunk_size)

    async def _delivered(self, chunk_size: int | None) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._chunks(chunk_size):
                self.bytes_delivered += len(chunk)
                yield chunk
        finally:
            await self.aclose()

    async def write_to_file(self, path: str | os.PathLike[str]) -> int:
        """Writes the body to the file at ``path`` as it arrives; the number
        of bytes written. If the body fails part way, the partial file is
        removed and the error raised."""
        self._begin("write_to_file()")
        try:
            with open(path, "wb") as f:
                async for chunk in self._chunks(None):
                    f.write(chunk)
                    self.bytes_delivered += len(chunk)
        except BaseException:
            _remove(path)
            raise
        finally:
            await self.aclose()
        return self.bytes_delivered

    async def _chunks(self, chunk_size: int | None) -> AsyncIterator[bytes]:
        try:
            async for chunk in self.response.aiter_bytes(chunk_size):
                yield chunk
        except httpx.HTTPError as exc:
            raise self._failure(exc) from exc

    async def aclose(self) -> None:
        """Closes the connection; the body is read no further."""
        if not self._closed:
            self._closed = True
            await self.response.aclose()

    async def __aenter__(self) -> AsyncBinaryResponse:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
