"""The successful response handed to generated code."""

from __future__ import annotations

import json as _json
from collections.abc import Mapping
from typing import Any

__all__ = ["Response"]


class Response:
    """A 2xx response and the number of attempts the call took."""

    def __init__(
        self,
        *,
        status: int,
        headers: Mapping[str, str],
        content: bytes,
        attempts: int,
    ) -> None:
        self.status = status
        self.headers = headers
        """Case-insensitive when it comes from the runtime (an ``httpx.Headers``)."""
        self.content = content
        self.attempts = attempts

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def json(self) -> Any:
        """The body decoded as JSON (``None`` for an empty body)."""
        if not self.content:
            return None
        return _json.loads(self.content)

    def __repr__(self) -> str:
        return f"Response(status={self.status}, attempts={self.attempts})"
