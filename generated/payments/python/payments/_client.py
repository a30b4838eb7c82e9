"""The clients of the Payments API: ``Payments`` (blocking) and ``AsyncPayments`` (asyncio). Both
hand every call to the runtime's single retry policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType

import httpx

from . import _base, _runtime
from .resources.refunds import AsyncRefunds, Refunds
from .resources.reports import AsyncReports, Reports
from .resources.subscriptions import AsyncSubscriptions, Subscriptions
from .resources.transfers import AsyncTransfers, Transfers
from .resources.vendors import AsyncVendors, Vendors

DEFAULT_BASE_URL = "https://api.payments.example.com/v2"
"""Production. Moves real money."""

DEFAULT_RETRY_CONFIG = _runtime.RetryConfig(
    max_attempts=3,
    base_ms=500,
    cap_ms=20000,
    deadline_ms=60000,
    p99_ms=400,
)
"""The retry settings of a client made without ``retry_config``: the contract's defaults under the
spec's root ``x-retries`` and latency hint.
"""

_USER_AGENT = "payments-python/2.3.0"

_SECURITY = (("bearerAuth",),)
"""The security alternatives of the operations that do not state their own:
each the schemes sent together; a call sends the first one the client holds."""

_CREDENTIAL_HELP = {"bearerAuth": "bearer_token= (or PAYMENTS_BEARER_TOKEN)"}
"""How a caller provides each scheme's credentials, for the error a call
without them raises."""


def _credentials(
    *,
    bearer_token: str | None,
) -> dict[str, _runtime.Auth]:
    """The credentials the client holds, by security scheme: each argument
    given, else its environment variable."""
    bearer_token = _base.env(bearer_token, "PAYMENTS_BEARER_TOKEN")
    held: dict[str, _runtime.Auth] = {}
    if bearer_token is not None:
        held["bearerAuth"] = _runtime.BearerAuth(bearer_token)
    return held


class Payments:
    """The blocking client of the Payments API.

    One instance holds one connection pool and one retry budget (500 tokens) shared by all its
    calls, from any thread: create it once and reuse it. Close it with ``close()`` or use it as a
    context manager.
    """

    transfers: Transfers
    """Payments from your balance to a vendor."""
    refunds: Refunds
    """Money given back from a transfer."""
    subscriptions: Subscriptions
    """Customers billed on a recurring schedule."""
    vendors: Vendors
    """The businesses and people you pay."""
    reports: Reports
    """Figures computed from your account's activity."""

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
            bearer_token: Your secret API key, sent as `Authorization: Bearer <key>`. Sandbox keys
                start with `sk_test_`, production keys with `sk_live_`. Default: the
                ``PAYMENTS_BEARER_TOKEN`` environment variable.
            base_url: The API's root URL. Default: the ``PAYMENTS_BASE_URL`` environment variable,
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
            _base.base_url(base_url, "PAYMENTS_BASE_URL", DEFAULT_BASE_URL),
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
            logger_name="payments",
            http_client=http_client,
        )
        self.transfers = Transfers(self._client)
        self.refunds = Refunds(self._client)
        self.subscriptions = Subscriptions(self._client)
        self.vendors = Vendors(self._client)
        self.reports = Reports(self._client)

    @property
    def retry_budget(self) -> _runtime.TokenBucket:
        """The retry budget shared by every call of this client (a token bucket)."""
        return self._client.bucket

    def close(self) -> None:
        """Closes the connection pool (not an ``http_client`` you passed in)."""
        self._client.close()

    def __enter__(self) -> Payments:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class AsyncPayments:
    """The asyncio client of the Payments API.

    One instance holds one connection pool and one retry budget (500 tokens) shared by all its
    calls: create it once per event loop and reuse it. Close it with ``await aclose()`` or use it
    with ``async with``.
    """

    transfers: AsyncTransfers
    """Payments from your balance to a vendor."""
    refunds: AsyncRefunds
    """Money given back from a transfer."""
    subscriptions: AsyncSubscriptions
    """Customers billed on a recurring schedule."""
    vendors: AsyncVendors
    """The businesses and people you pay."""
    reports: AsyncReports
    """Figures computed from your account's activity."""

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
            bearer_token: Your secret API key, sent as `Authorization: Bearer <key>`. Sandbox keys
                start with `sk_test_`, production keys with `sk_live_`. Default: the
                ``PAYMENTS_BEARER_TOKEN`` environment variable.
            base_url: The API's root URL. Default: the ``PAYMENTS_BASE_URL`` environment variable,
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
            _base.base_url(base_url, "PAYMENTS_BASE_URL", DEFAULT_BASE_URL),
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
            logger_name="payments",
            http_client=http_client,
        )
        self.transfers = AsyncTransfers(self._client)
        self.refunds = AsyncRefunds(self._client)
        self.subscriptions = AsyncSubscriptions(self._client)
        self.vendors = AsyncVendors(self._client)
        self.reports = AsyncReports(self._client)

    @property
    def retry_budget(self) -> _runtime.TokenBucket:
        """The retry budget shared by every call of this client (a token bucket)."""
        return self._client.bucket

    async def aclose(self) -> None:
        """Closes the connection pool (not an ``http_client`` you passed in)."""
        await self._client.aclose()

    async def __aenter__(self) -> AsyncPayments:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
