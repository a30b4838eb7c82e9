"""The businesses and people you pay."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_UPSERT_VENDOR = _runtime.Operation(
    name="upsertVendor",
    method="PUT",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)

_UPDATE_VENDOR = _runtime.Operation(
    name="updateVendor",
    method="PATCH",
    retry_class=_runtime.RetryClass.UNSAFE,
)


def _upsert_vendor_request(
    *,
    vendor_id: str,
    name: str,
    email: str,
    country: str,
    payout_currency: models.Currency,
    metadata: models.Metadata | None,
) -> _runtime.Request:
    body: _base.JsonObject = {
        "name": name,
        "email": email,
        "country": country,
        "payout_currency": payout_currency,
    }
    if metadata is not None:
        body["metadata"] = metadata
    return _runtime.Request(
        "PUT",
        _runtime.encode_path("/vendors/{vendor_id}", {"vendor_id": vendor_id}),
        json=_base.to_json(body),
    )


def _parse_upsert_vendor(response: _runtime.Response) -> models.Vendor:
    return models.Vendor.from_dict(response.json())


def _update_vendor_request(
    *,
    vendor_id: str,
    name: str | None,
    email: str | None,
    payout_currency: models.Currency | None,
    metadata: models.Metadata | None,
) -> _runtime.Request:
    body: _base.JsonObject = {}
    if name is not None:
        body["name"] = name
    if email is not None:
        body["email"] = email
    if payout_currency is not None:
        body["payout_currency"] = payout_currency
    if metadata is not None:
        body["metadata"] = metadata
    return _runtime.Request(
        "PATCH",
        _runtime.encode_path("/vendors/{vendor_id}", {"vendor_id": vendor_id}),
        json=_base.to_json(body),
    )


def _parse_update_vendor(response: _runtime.Response) -> models.Vendor:
    return models.Vendor.from_dict(response.json())


class VendorsWithRawResponse:
    """The methods of ``Vendors``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def upsert_vendor(
        self,
        *,
        vendor_id: str,
        name: str,
        email: str,
        country: str,
        payout_currency: models.Currency,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Vendor]:
        """Like ``Vendors.upsert_vendor``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = self._client.request(
            _UPSERT_VENDOR,
            _upsert_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                country=country,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_UPSERT_VENDOR, response, _parse_upsert_vendor)

    def update_vendor(
        self,
        *,
        vendor_id: str,
        name: str | None = None,
        email: str | None = None,
        payout_currency: models.Currency | None = None,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Vendor]:
        """Like ``Vendors.update_vendor``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = self._client.request(
            _UPDATE_VENDOR,
            _update_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_UPDATE_VENDOR, response, _parse_update_vendor)


class Vendors:
    """The businesses and people you pay.

    Reach it as ``client.vendors``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = VendorsWithRawResponse(client)

    def upsert_vendor(
        self,
        *,
        vendor_id: str,
        name: str,
        email: str,
        country: str,
        payout_currency: models.Currency,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Vendor:
        """Create or replace a vendor.

        Creates the vendor with this id, or replaces every field of the
        existing one. Sending the same body again leaves the vendor as it is.

        `PUT /vendors/{vendor_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s
        (3 x p99 of 400 ms) or at the deadline.

        Args:
            vendor_id: Your own id for the vendor (letters, digits, `_` and `-`).
            name: Field `name` of the body.
            email: Field `email` of the body.
            country: Field `country` of the body.
            payout_currency: A three-letter ISO 4217 currency code, in lower case.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 3).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The vendor existed and was replaced. The vendor was created.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _UPSERT_VENDOR,
            _upsert_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                country=country,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_UPSERT_VENDOR, response, _parse_upsert_vendor)

    def update_vendor(
        self,
        *,
        vendor_id: str,
        name: str | None = None,
        email: str | None = None,
        payout_currency: models.Currency | None = None,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Vendor:
        """Update some fields of a vendor.

        Changes the fields given and leaves the others as they are. Each
        call records a new revision of the vendor and sends a
        `vendor.updated` event to your webhooks.

        This request is not safe to retry: it accepts no idempotency key,
        and a repeated call records another revision and sends another
        event. After a timeout, read the vendor back before sending it again.
        To change a vendor safely, replace it with `PUT` instead.

        `PATCH /vendors/{vendor_id}`. Not safe to retry: it accepts no idempotency key, so it is
        retried only when the request provably did not reach the server (a refused connection, 429):
        3 attempts within 60 s; each attempt times out after 1.2 s (3 x p99 of 400 ms) or at the
        deadline.

        Args:
            vendor_id: Your own id for the vendor (letters, digits, `_` and `-`).
            name: Field `name` of the body.
            email: Field `email` of the body.
            payout_currency: A three-letter ISO 4217 currency code, in lower case.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 3).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The vendor after the update.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _UPDATE_VENDOR,
            _update_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_UPDATE_VENDOR, response, _parse_update_vendor)


class AsyncVendorsWithRawResponse:
    """The methods of ``AsyncVendors``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def upsert_vendor(
        self,
        *,
        vendor_id: str,
        name: str,
        email: str,
        country: str,
        payout_currency: models.Currency,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Vendor]:
        """Like ``Vendors.upsert_vendor``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _UPSERT_VENDOR,
            _upsert_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                country=country,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_UPSERT_VENDOR, response, _parse_upsert_vendor)

    async def update_vendor(
        self,
        *,
        vendor_id: str,
        name: str | None = None,
        email: str | None = None,
        payout_currency: models.Currency | None = None,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Vendor]:
        """Like ``Vendors.update_vendor``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _UPDATE_VENDOR,
            _update_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_UPDATE_VENDOR, response, _parse_update_vendor)


class AsyncVendors:
    """The businesses and people you pay.

    The asyncio twin of ``Vendors``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncVendorsWithRawResponse(client)

    async def upsert_vendor(
        self,
        *,
        vendor_id: str,
        name: str,
        email: str,
        country: str,
        payout_currency: models.Currency,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Vendor:
        """Create or replace a vendor.

        Creates the vendor with this id, or replaces every field of the
        existing one. Sending the same body again leaves the vendor as it is.

        `PUT /vendors/{vendor_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s
        (3 x p99 of 400 ms) or at the deadline.

        Args:
            vendor_id: Your own id for the vendor (letters, digits, `_` and `-`).
            name: Field `name` of the body.
            email: Field `email` of the body.
            country: Field `country` of the body.
            payout_currency: A three-letter ISO 4217 currency code, in lower case.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 3).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The vendor existed and was replaced. The vendor was created.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _UPSERT_VENDOR,
            _upsert_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                country=country,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_UPSERT_VENDOR, response, _parse_upsert_vendor)

    async def update_vendor(
        self,
        *,
        vendor_id: str,
        name: str | None = None,
        email: str | None = None,
        payout_currency: models.Currency | None = None,
        metadata: models.Metadata | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Vendor:
        """Update some fields of a vendor.

        Changes the fields given and leaves the others as they are. Each
        call records a new revision of the vendor and sends a
        `vendor.updated` event to your webhooks.

        This request is not safe to retry: it accepts no idempotency key,
        and a repeated call records another revision and sends another
        event. After a timeout, read the vendor back before sending it again.
        To change a vendor safely, replace it with `PUT` instead.

        `PATCH /vendors/{vendor_id}`. Not safe to retry: it accepts no idempotency key, so it is
        retried only when the request provably did not reach the server (a refused connection, 429):
        3 attempts within 60 s; each attempt times out after 1.2 s (3 x p99 of 400 ms) or at the
        deadline.

        Args:
            vendor_id: Your own id for the vendor (letters, digits, `_` and `-`).
            name: Field `name` of the body.
            email: Field `email` of the body.
            payout_currency: A three-letter ISO 4217 currency code, in lower case.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 3).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The vendor after the update.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _UPDATE_VENDOR,
            _update_vendor_request(
                vendor_id=vendor_id,
                name=name,
                email=email,
                payout_currency=payout_currency,
                metadata=metadata,
            ),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_UPDATE_VENDOR, response, _parse_update_vendor)
