"""The clients of the Accounts API: ``Accounts`` (blocking) and ``AsyncAccounts`` (asyncio). Both
hand every call to the runtime's single retry policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType

import httpx

from . import _base, _runtime
from .resources.accounts import Accounts2, AsyncAccounts2
from .resources.billing import AsyncBilling, Billing

DEFAULT_BASE_URL = "https://accounts.example.com/api/v1"

DEFAULT_RETRY_CONFIG = _runtime.RetryConfig(
    max_attempts=3,
    base_ms=500,
    cap_ms=20000,
    deadline_ms=60000,
)
"""The retry settings of a client made without ``retry_config``: the contract's defaults under the
spec's root ``x-retries`` and latency hint.
"""

_USER_AGENT = "accounts-python/0.9.4"

_SECURITY = (("bearerAuth",),)
"""The security alternatives of the operations that do not state their own:
each the schemes sent together; a call sends the first one the client holds."""

_CREDENTIAL_HELP = {"bearerAuth": "bearer_token= (or ACCOUNTS_BEARER_TOKEN)"}
"""How a caller provides each scheme's credentials, for the error a call
without them raises."""


def _credentials(
    *,
    bearer_token: str | None,
) -> dict[str, _runtime.Auth]:
    """The credentials the client holds, by security scheme: each argument
    given, else its environment variable."""
    bearer_token = _base.env(bearer_token, "ACCOUNTS_BEARER_TOKEN")
    held: dict[str, _runtime.Auth] = {}
    if bearer_token is not None:
        held["bearerAuth"] = _runtime.BearerAuth(bearer_token)
    return held


class Accounts:
    """The blocking client of the Accounts API.

    One instance holds one connection pool and one retry budget (500 tokens) shared by all its
    calls, from any thread: create it once and reuse it. Close it with ``close()`` or use it as a
    context manager.
    """

    accounts: Accounts2
    billing: Billing

    def __init__(
        self,
        *,
        bearer_token: str | None = None,
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
            bearer_token: Sent as ``Authorization: Bearer <token>``. Default: the
                ``ACCOUNTS_BEARER_TOKEN`` environment variable.
            base_url: The API's root URL. Default: the ``ACCOUNTS_BASE_URL`` environment variable,
                else ``DEFAULT_BASE_URL``.
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
            _base.base_url(base_url, "ACCOUNTS_BASE_URL", DEFAULT_BASE_URL),
            config=_base.client_config(
                retry_config,
                default=DEFAULT_RETRY_CONFIG,
                timeout=timeout,
                max_attempts=max_attempts,
                retries=retries,
            ),
            credentials=_credentials(bearer_token=bearer_token),
            security=_SECURITY,
            credential_help=_CREDENTIAL_HELP,
            default_headers=default_headers,
            user_agent=_USER_AGENT,
            logger_name="accounts",
            http_client=http_client,
        )
        self.accounts = Accounts2(self._client)
        self.billing = Billing(self._client)

    @property
    def retry_budget(self) -> _runtime.TokenBucket:
        """The retry budget shared by every call of this client (a token bucket)."""
        return self._client.bucket

    def close(self) -> None:
        """Closes the connection pool (not an ``http_client`` you passed in)."""
        self._client.close()

    def __enter__(self) -> Accounts:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncAccounts:
    """The asyncio client of the Accounts API.

    One instance holds one connection pool and one retry budget (500 tokens) shared by all its
    calls: create it once per event loop and reuse it. Close it with ``await aclose()`` or use it
    with ``async with``.
    """

    accounts: AsyncAccounts2
    billing: AsyncBilling

    def __init__(
        self,
        *,
        bearer_token: str | None = None,
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
            bearer_token: Sent as ``Authorization: Bearer <token>``. Default: the
                ``ACCOUNTS_BEARER_TOKEN`` environment variable.
            base_url: The API's root URL. Default: the ``ACCOUNTS_BASE_URL`` environment variable,
                else ``DEFAULT_BASE_URL``.
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
            _base.base_url(base_url, "ACCOUNTS_BASE_URL", DEFAULT_BASE_URL),
            config=_base.client_config(
                retry_config,
                default=DEFAULT_RETRY_CONFIG,
                timeout=timeout,
                max_attempts=max_attempts,
                retries=retries,
            ),
            credentials=_credentials(bearer_token=bearer_token),
            security=_SECURITY,
            credential_help=_CREDENTIAL_HELP,
            default_headers=default_headers,
            user_agent=_USER_AGENT,
            logger_name="accounts",
            http_client=http_client,
        )
        self.accounts = AsyncAccounts2(self._client)
        self.billing = AsyncBilling(self._client)

    @property
    def retry_budget(self) -> _runtime.TokenBucket:
        """The retry budget shared by every call of this client (a token bucket)."""
        return self._client.bucket

    async def aclose(self) -> None:
        """Closes the connection pool (not an ``http_client`` you passed in)."""
        await self._client.aclose()

    async def __aenter__(self) -> AsyncAccounts:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
