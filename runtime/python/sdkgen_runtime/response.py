"""The successful response handed to generated code."""

from __future__ import annotations

import json as _json
from collections.abc import Mapping
from typing import Any

__all__ = ["REQUEST_ID_HEADERS", "Response", "loads_json", "media_type_of", "request_id_of"]

REQUEST_ID_HEADERS = ("x-request-id", "request-id")
"""The response headers that carry the server's id of a request, first found wins."""


def media_type_of(headers: Mapping[str, str]) -> str | None:
    """The essence of a ``Content-Type`` header (``application/json``),
    lower-cased, or ``None`` when there is none."""
    value = headers.get("content-type")
    if value is None:
        value = next((v for k, v in headers.items() if k.lower() == "content-type"), None)
    if value is None:
        return None
    return value.split(";", 1)[0].strip().lower() or None


def request_id_of(headers: Mapping[str, str], declared: str | None = None) -> str | None:
    """The server's id of the request (the ``declared`` header, the one the
    API's spec names, else ``x-request-id``, else ``request-id``), what a
    support desk asks for first; ``None`` when the response has none."""
    names = REQUEST_ID_HEADERS if declared is None else (declared.lower(), *REQUEST_ID_HEADERS)
    for name in names:
        value = headers.get(name)
        if value is None:
            value = next((v for k, v in headers.items() if k.lower() == name), None)
        if value:
            return value
    return None


def says_json(media_type: str | None) -> bool:
    """``application/json`` or ``*+json``."""
    return media_type is not None and (
        media_type == "application/json" or media_type.endswith("+json")
    )


def loads_json(content: bytes | str) -> Any:
    """``json.loads``, with JSON nested too deeply for the parser (which
    raises ``RecursionError``) a ``ValueError`` like any other bad JSON."""
    try:
        return _json.loads(content)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply to decode") from None


class Response:
    """A 2xx response and the number of attempts the call took."""

    def __init__(
        self,
        *,
        status: int,
        headers: Mapping[str, str],
        content: bytes,
        attempts: int,
        request_id_header: str | None = None,
    ) -> None:
        self.status = status
        self.headers = headers
        """Case-insensitive when it comes from the runtime (an ``httpx.Headers``)."""
        self.content = content
        self.attempts = attempts
        self.request_id_header = request_id_header
        """The response header the API's spec declares for the request id."""

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    @property
    def request_id(self) -> str | None:
        """The server's id of the request, where a response header gives one."""
        return request_id_of(self.headers, self.request_id_header)

    @property
    def media_type(self) -> str | None:
        """The essence of the response's ``Content-Type``, lower-cased."""
        return media_type_of(self.headers)

    def json(self) -> Any:
        """The body decoded as JSON (``None`` for an empty body).

        Raises ``ValueError`` when the response's ``Content-Type`` names
        another media type than JSON (``application/json``, ``*+json``): a
        binary or text body is never read as JSON. Without a
        ``Content-Type`` the body is read as the operation documents it.
        """
        media = self.media_type
        if media is not None and not says_json(media):
            raise ValueError(f"the response is {media}, not JSON")
        if not self.content:
            return None
        return loads_json(self.content)

    def __repr__(self) -> str:
        return f"Response(status={self.status}, attempts={self.attempts})"
