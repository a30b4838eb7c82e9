"""Deadline propagation: turn an incoming request-timeout header into a deadline."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Union

from .clock import Clock, SystemClock
from .config import DEFAULT_REQUEST_TIMEOUT_HEADER

__all__ = ["HeaderSource", "deadline_from_headers"]

_DIGITS = re.compile(r"[0-9]+")

HeaderSource = Union[
    Mapping[str, str],
    Iterable[tuple[str, str]],
    Iterable[tuple[bytes, bytes]],
]
"""A mapping of headers, or (name, value) pairs as text or bytes (ASGI)."""


def deadline_from_headers(
    headers: HeaderSource,
    header_name: str = DEFAULT_REQUEST_TIMEOUT_HEADER,
    *,
    clock: Clock | None = None,
) -> float | None:
    """The absolute deadline (monotonic seconds) an incoming request carries.

    A server handling a request whose caller sent ``Request-Timeout-Ms: 1500``
    passes the result as ``CallOptions(deadline=...)`` to the calls it makes
    while handling it. Returns ``None`` when the header is absent or is not a
    non-negative integer. ``clock`` must be the one the runtime uses (the
    system clock by default).
    """
    value = _find(headers, header_name)
    if value is None:
        return None
    value = value.strip()
    if not _DIGITS.fullmatch(value):
        return None
    source = clock if clock is not None else SystemClock()
    return source.now() + int(value) / 1000


def _find(headers: HeaderSource, name: str) -> str | None:
    wanted = name.lower()
    pairs: Iterable[tuple[str | bytes, str | bytes]]
    pairs = headers.items() if isinstance(headers, Mapping) else headers
    for key, value in pairs:
        key_text = key.decode("latin-1") if isinstance(key, bytes) else key
        if key_text.lower() == wanted:
            return value.decode("latin-1") if isinstance(value, bytes) else value
    return None
