"""Authentication schemes applied to every attempt.

Credentials live only in these objects and in the outgoing request; the
runtime never logs headers, query strings or bodies.
"""

from __future__ import annotations

import abc
import base64
from collections.abc import MutableMapping

from .redact import protect_query_secret

__all__ = ["ApiKeyAuth", "Auth", "BasicAuth", "BearerAuth"]


class Auth(abc.ABC):
    """Base class: adds credentials to the headers and/or the query of a request.

    ``headers`` is case-insensitive; ``query`` takes raw (not yet encoded)
    pairs, which the runtime encodes.
    """

    @abc.abstractmethod
    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        """Adds this scheme's credentials to one attempt's headers or query."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(<redacted>)"


class BearerAuth(Auth):
    """``Authorization: Bearer <token>``."""

    def __init__(self, token: str) -> None:
        self._token = token

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        headers["Authorization"] = f"Bearer {self._token}"


class BasicAuth(Auth):
    """``Authorization: Basic base64(username:password)``."""

    def __init__(self, username: str, password: str) -> None:
        self._username = username
        self._password = password

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        raw = f"{self._username}:{self._password}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(raw).decode("ascii")


class ApiKeyAuth(Auth):
    """An API key in a header (the default) or in a query parameter."""

    def __init__(self, name: str, value: str, *, location: str = "header") -> None:
        if location not in ("header", "query"):
            raise ValueError("location must be 'header' or 'query'")
        self._name = name
        self._value = value
        self._location = location
        if location == "query":
            # httpx logs full URLs at INFO: keep this key out of them.
            protect_query_secret(value)

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        if self._location == "header":
            headers[self._name] = self._value
        else:
            query.append((self._name, self._value))
