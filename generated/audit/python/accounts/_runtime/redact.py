"""Keeps query-string credentials out of httpx's own log records.

httpx logs every request's full URL at INFO on the ``httpx`` logger, so an
API key sent in the query would reach any application that turns INFO on.
A runtime holding such a key registers it here; the filter replaces it in
the records of that logger (and only there).
"""

from __future__ import annotations

import logging
import threading
from urllib.parse import quote

__all__ = ["REDACTED", "protect_query_secret"]

REDACTED = "[redacted]"
_HTTPX_LOGGER = "httpx"


class _SecretFilter(logging.Filter):
    def __init__(self) -> None:
        super().__init__()
        self._secrets: set[str] = set()
        self._lock = threading.Lock()

    def register(self, secret: str) -> None:
        with self._lock:
            self._secrets.add(secret)

    def filter(self, record: logging.LogRecord) -> bool:
        with self._lock:
            secrets = sorted(self._secrets, key=len, reverse=True)
        if not secrets:
            return True
        message = record.getMessage()
        if not any(secret in message for secret in secrets):
            return True
        for secret in secrets:
            message = message.replace(secret, REDACTED)
        record.msg = message
        record.args = None
        return True


_FILTER = _SecretFilter()
_INSTALL_LOCK = threading.Lock()


def protect_query_secret(value: str) -> None:
    """Redact ``value`` (raw and percent-encoded) from httpx's log records."""
    if not value:
        return
    _FILTER.register(value)
    _FILTER.register(quote(value, safe=""))
    logger = logging.getLogger(_HTTPX_LOGGER)
    with _INSTALL_LOCK:
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
