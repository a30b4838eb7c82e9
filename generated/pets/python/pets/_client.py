"""The clients of the Pets API: ``Pets`` (blocking) and ``AsyncPets`` (asyncio). Both hand every
call to the runtime's single retry policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType

import httpx

from . import _base, _runtime
from .resources.pets import AsyncPets2, Pets2
from .resources.photos import AsyncPhotos, Photos

DEFAULT_BASE_URL = "https://api.petshop.example.com/v1"
"""Production"""

DEFAULT_RETRY_CONFIG = _runtime.RetryConfig(
    max_attempts=3,
    base_ms=500,
    cap_ms=20000,
    deadline_ms=60000,
    p99_ms=300,
)
"""The retry settings of a client made without ``retry_config``: the contract's defaults under the
spec's root ``x-retries`` and latency hint.
"""

_USER_AGENT = "pets-python/1.2.0"

_SECURITY = (("apiKeyAuth",),)
"""The security alternatives of the operations that do not state their own:
each the schemes sent together; a call sends the first one the client holds."""

_CREDENTIAL_HELP = {"apiKeyAuth": "api_key= (or PETS_API_KEY)"}
"""How a caller provides each scheme's credentials, for the error a call
without them raises."""


def _credentials(
    *,
    api_key: str | None,
) -> dict[str, _runtime.Auth]:
    """The credentials the client holds, by security scheme: each argument
    given, else its environment variable."""
    api_key = _base.env(api_key, "PETS_API_KEY")
    held: dict[str, _runtime.Auth] = {}
    if api_key is not None:
        held["apiKeyAuth"] = _runtime.ApiKeyAuth("X-API-Key", api_key)
    return held


class Pets:
    """The blocking client of the Pets API.

    One instance holds one connection pool and one retry budget (500 tokens) shared by all its
    calls, from any thread: create it once and reuse it. Close it with ``close()`` or use it as a
    context manager.
    """

    pets: Pets2
    """The pets in the catalogue."""
    photos: Photos
    """The photo attached to each pet."""

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        retry_config: _runtime.RetryConfig | None = None,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        """Creates a client.

        Args:
            api_key: The API key of your shop, from the dashboard. Default: the ``PETS_API_KEY``
                environment variable.
            base_url: The API's root URL. Default: the ``PETS_BASE_URL`` environment variable, else
                ``DEFAULT_BASE_URL``.
            timeout: Seconds for each whole call, every attempt and sleep included (default: 60 s).
            max_attempts: Attempts per call in all, the first one included (default: 3).
            retries: ``False`` turns automatic retries off.
            retry_config: Every other retry setting: jitter, backoff base and cap, latency hint, the
                request-timeout header, the retry budget (default: ``DEFAULT_RETRY_CONFIG``).
            default_headers: Headers sent with every request.
            http_client: Your own httpx client (its transport, proxies, certificates); the client
                does not close it.
        """
        self._client = _runtime.SyncRuntime(
            _base.base_url(base_url, "PETS_BASE_URL", DEFAULT_BASE_URL),
            config=_base.client_config(
                retry_config,
                default=DEFAULT_RETRY_CONFIG,
                timeout=timeout,
                max_attempts=max_attempts,
                retries=retries,
            ),
            credentials=_credentials(api_key=api_key),
            security=_SECURITY,
            credential_help=_CREDENTIAL_HELP,
            default_headers=default_headers,
            user_agent=_USER_AGENT,
            logger_name="pets",
            http_client=http_client,
        )
        self.pets = Pets2(self._client)
        self.photos = Photos(self._client)

    @property
    def retry_budget(self) -> _runtime.TokenBucket:
        """The retry budget shared by every call of this client (a token bucket)."""
        return self._client.bucket

    def close(self) -> None:
        """Closes the connection pool (not an ``http_client`` you passed in)."""
        self._client.close()

    def __enter__(self) -> Pets:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncPets:
    """The asyncio client of the Pets API.

    One instance holds one connection pool and one retry budget (500 tokens) shared by all its
    calls: create it once per event loop and reuse it. Close it with ``await aclose()`` or use it
    with ``async with``.
    """

    pets: AsyncPets2
    """The pets in the catalogue."""
    photos: AsyncPhotos
    """The photo attached to each pet."""

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        retry_config: _runtime.RetryConfig | None = None,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        """Creates a client.

        Args:
            api_key: The API key of your shop, from the dashboard. Default: the ``PETS_API_KEY``
                environment variable.
            base_url: The API's root URL. Default: the ``PETS_BASE_URL`` environment variable, else
                ``DEFAULT_BASE_URL``.
            timeout: Seconds for each whole call, every attempt and sleep included (default: 60 s).
            max_attempts: Attempts per call in all, the first one included (default: 3).
            retries: ``False`` turns automatic retries off.
            retry_config: Every other retry setting: jitter, backoff base and cap, latency hint, the
                request-timeout header, the retry budget (default: ``DEFAULT_RETRY_CONFIG``).
            default_headers: Headers sent with every request.
            http_client: Your own httpx client (its transport, proxies, certificates); the client
                does not close it.
        """
        self._client = _runtime.AsyncRuntime(
            _base.base_url(base_url, "PETS_BASE_URL", DEFAULT_BASE_URL),
            config=_base.client_config(
                retry_config,
                default=DEFAULT_RETRY_CONFIG,
                timeout=timeout,
                max_attempts=max_attempts,
                retries=retries,
            ),
            credentials=_credentials(api_key=api_key),
            security=_SECURITY,
            credential_help=_CREDENTIAL_HELP,
            default_headers=default_headers,
            user_agent=_USER_AGENT,
            logger_name="pets",
            http_client=http_client,
        )
        self.pets = AsyncPets2(self._client)
        self.photos = AsyncPhotos(self._client)

    @property
    def retry_budget(self) -> _runtime.TokenBucket:
        """The retry budget shared by every call of this client (a token bucket)."""
        return self._client.bucket

    async def aclose(self) -> None:
        """Closes the connection pool (not an ``http_client`` you passed in)."""
        await self._client.aclose()

    async def __aenter__(self) -> AsyncPets:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
