"""Authentication schemes applied to every attempt.

Credentials live only in these objects and in the outgoing request; the
runtime never logs headers, query strings or bodies.
"""

from __future__ import annotations

import abc
import base64
import threading
import urllib.parse
from collections.abc import MutableMapping

from .encoding import cookie_pairs
from .redact import protect_query_secret

__all__ = ["ApiKeyAuth", "Auth", "BasicAuth", "BearerAuth", "ClientCredentials"]


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
    """An API key in a header (the default), a query parameter or a cookie."""

    def __init__(self, name: str, value: str, *, location: str = "header") -> None:
        if location not in ("header", "query", "cookie"):
            raise ValueError("location must be 'header', 'query' or 'cookie'")
        self._name = name
        self._value = value
        self._location = location
        if location == "query":
            # httpx logs full URLs at INFO: keep this key out of them.
            protect_query_secret(value)
        # Percent-encoded as a cookie parameter's value (WIRE.md section 3).
        self._cookie = "; ".join(cookie_pairs(name, value)) if location == "cookie" else ""

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        if self._location == "header":
            headers[self._name] = self._value
        elif self._location == "query":
            query.append((self._name, self._value))
        else:
            cookie = headers.get("Cookie")
            headers["Cookie"] = self._cookie if not cookie else f"{cookie}; {self._cookie}"


class ClientCredentials(Auth):
    """OAuth2's client-credentials flow (CONTRACT.md section 10): the runtime
    fetches a token from ``token_url`` with the client's id and secret, keeps
    it until shortly before it expires and sends it as a bearer token.

    ``token_url`` may be relative to the client's base URL. The runtime
    fetches tokens (:meth:`token_request`, :meth:`accept`); this object only
    holds the secrets and the current token. Thread-safe.
    """

    def __init__(self, token_url: str, client_id: str, client_secret: str) -> None:
        self.token_url = token_url
        self._client_id = client_id
        self._client_secret = client_secret
        self._token: str | None = None
        self._expires_at: float | None = None
        self.lock = threading.Lock()
        """Held while a blocking client fetches a token: one fetch at a time."""

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        if self._token is None:
            raise RuntimeError("ClientCredentials.apply() called before a token was fetched")
        headers["Authorization"] = f"Bearer {self._token}"

    def current(self, now: float) -> str | None:
        """The kept token when it is still good at ``now`` (the runtime's
        clock), else ``None``: a new one is needed."""
        token = self._token
        if token is None:
            return None
        expires_at = self._expires_at
        if expires_at is not None and now >= expires_at:
            return None
        return token

    def token_request(self) -> tuple[bytes, dict[str, str]]:
        """The token request's body and headers: the grant as a form, the
        client's id and secret, each form-encoded, by HTTP Basic (RFC 6749,
        section 2.3.1)."""
        user = urllib.parse.quote_plus(self._client_id)
        password = urllib.parse.quote_plus(self._client_secret)
        basic = base64.b64encode(f"{user}:{password}".encode()).decode("ascii")
        headers = {
            "Authorization": f"Basic {basic}",
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
        }
        return b"grant_type=client_credentials", headers

    def accept(self, body: object, now: float) -> str:
        """Keeps the token of a token response's JSON ``body`` received at
        ``now``; raises ``ValueError`` when the body is not a token."""
        if not isinstance(body, dict):
            raise ValueError("the token response is not a JSON object")
        token = body.get("access_token")
        if not isinstance(token, str) or token == "":
            raise ValueError("the token response has no access_token")
        kind = body.get("token_type")
        if kind is not None and (not isinstance(kind, str) or kind.lower() != "bearer"):
            raise ValueError("the token response's token_type is not Bearer")
        lifetime = body.get("expires_in")
        expires_at: float | None = None
        if lifetime is not None:
            if isinstance(lifetime, bool) or not isinstance(lifetime, (int, float)):
                raise ValueError("the token response's expires_in is not a number")
            # Renewed 30 s before it expires; half its lifetime when short.
            margin = 30.0 if lifetime >= 60 else lifetime / 2
            expires_at = now + lifetime - margin
        self._token = token
        self._expires_at = expires_at
        return token

    def drop(self, token: str) -> None:
        """Forgets ``token`` after the server refused it (a 401), unless a
        newer one replaced it meanwhile."""
        if self._token == token:
            self._token = None
            self._expires_at = None
