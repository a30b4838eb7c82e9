"""Money given back from a transfer."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_CREATE_REFUND = _runtime.Operation(
    name="createRefund",
    method="POST",
    retry_class=_runtime.RetryClass.KEYED,
    key_header="Idempotency-Key",
    key_max_length=255,
    failures=_runtime.FailurePolicy.REPLAY,
    in_flight_code="concurrent_idempotent_requests",
    mismatch_code="invalid_idempotent_request",
)

_GET_REFUND = _runtime.Operation(
    name="getRefund",
    method="GET",
    retry_class=_runtime.RetryClass.SAFE,
)


def _create_refund_request(
    *,
    transfer_id: str,
    amount: models.Amount | None,
    reason: models.CreateRefundReason | None,
    metadata: models.Metadata | None,
) -> _runtime.Request:
    body: _base.JsonObject = {}
    if amount is not None:
        body["amount"] = amount
    if reason is not None:
        body["reason"] = reason
    if metadata is not None:
        body["metadata"] = metadata
    return _runtime.Request(
        "POST",
        _runtime.encode_path("/transfers/{transfer_id}/refunds", {"transfer_id": transfer_id}),
        json=_base.to_json(body),
    )


def _parse_create_refund(response: _runtime.Response) -> models.Refund:
    return models.Refund.from_dict(response.json())


def _get_refund_request(
    *,
    refund_id: str,
) -> _runtime.Request:
    return _runtime.Request(
        "GET",
        _runtime.encode_path("/refunds/{refund_id}", {"refund_id": refund_id}),
    )


def _parse_get_refund(response: _runtime.Response) -> models.Refund:
    return models.Refund.from_dict(response.json())


class RefundsWithRawResponse:
    """The methods of ``Refunds``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def create_refund(
        self,
        *,
        transfer_id: str,
        amount: models.Amount | None = None,
        reason: models.CreateRefundReason | None = None,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Refund]:
        """Like ``Refunds.create_refund``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = self._client.request(
            _CREATE_REFUND,
            _create_refund_request(
                transfer_id=transfer_id,
                amount=amount,
                reason=reason,
                metadata=metadata,
            ),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_CREATE_REFUND, response, _parse_create_refund)

    def get_refund(
        self,
        *,
        refund_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Refund]:
        """Like ``Refunds.get_refund``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _GET_REFUND,
            _get_refund_request(refund_id=refund_id),
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
        return _base.RawResponse(_GET_REFUND, response, _parse_get_refund)


class Refunds:
    """Money given back from a transfer.

    Reach it as ``client.refunds``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = RefundsWithRawResponse(client)

    def create_refund(
        self,
        *,
        transfer_id: str,
        amount: models.Amount | None = None,
        reason: models.CreateRefundReason | None = None,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Refund:
        """Refund a transfer.

        Gives back all or part of a paid transfer. Several partial refunds
        may be made until the transfer's whole amount is refunded.

        This endpoint accepts an `Idempotency-Key` header like every other
        create endpoint; send one so that a retried request cannot refund
        twice.

        `POST /transfers/{transfer_id}/refunds`. Sends `Idempotency-Key` with the same key on every
        attempt, so the API collapses duplicates; retried on throttling (429), transient errors
        (502, 503, 504), the in-flight 409 and connection failures: 3 attempts within 60 s; each
        attempt times out after 1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            transfer_id: The id of the transfer.
            amount: An amount in the currency's minor unit (cents for `usd`).
            reason: Why the transfer is refunded.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            idempotency_key: The key sent on every attempt (default: a UUID v4 made once for this
                call and reused by its retries). Derive it from an identifier you already hold, such
                as your order id, so that a retry after a crash sends the same key.
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
            The refund was created.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            IdempotencyInFlightError: A request with the same key was still being processed on the
                last attempt.
            IdempotencyMismatchError: The key was already used with a different request: a bug in
                the caller.
            InvalidIdempotencyKeyError: The key is not 1 to the allowed number of visible ASCII
                characters; nothing was sent.
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _CREATE_REFUND,
            _create_refund_request(
                transfer_id=transfer_id,
                amount=amount,
                reason=reason,
                metadata=metadata,
            ),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_CREATE_REFUND, response, _parse_create_refund)

    def get_refund(
        self,
        *,
        refund_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Refund:
        """Get a refund.

        Returns one refund with its current status.

        `GET /refunds/{refund_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s
        (3 x p99 of 400 ms) or at the deadline.

        Args:
            refund_id: The id of the refund.
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
            The refund.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _GET_REFUND,
            _get_refund_request(refund_id=refund_id),
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
        return _base.parse_response(_GET_REFUND, response, _parse_get_refund)


class AsyncRefundsWithRawResponse:
    """The methods of ``AsyncRefunds``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def create_refund(
        self,
        *,
        transfer_id: str,
        amount: models.Amount | None = None,
        reason: models.CreateRefundReason | None = None,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Refund]:
        """Like ``Refunds.create_refund``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CREATE_REFUND,
            _create_refund_request(
                transfer_id=transfer_id,
                amount=amount,
                reason=reason,
                metadata=metadata,
            ),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_CREATE_REFUND, response, _parse_create_refund)

    async def get_refund(
        self,
        *,
        refund_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Refund]:
        """Like ``Refunds.get_refund``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _GET_REFUND,
            _get_refund_request(refund_id=refund_id),
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
        return _base.RawResponse(_GET_REFUND, response, _parse_get_refund)


class AsyncRefunds:
    """Money given back from a transfer.

    The asyncio twin of ``Refunds``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncRefundsWithRawResponse(client)

    async def create_refund(
        self,
        *,
        transfer_id: str,
        amount: models.Amount | None = None,
        reason: models.CreateRefundReason | None = None,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Refund:
        """Refund a transfer.

        Gives back all or part of a paid transfer. Several partial refunds
        may be made until the transfer's whole amount is refunded.

        This endpoint accepts an `Idempotency-Key` header like every other
        create endpoint; send one so that a retried request cannot refund
        twice.

        `POST /transfers/{transfer_id}/refunds`. Sends `Idempotency-Key` with the same key on every
        attempt, so the API collapses duplicates; retried on throttling (429), transient errors
        (502, 503, 504), the in-flight 409 and connection failures: 3 attempts within 60 s; each
        attempt times out after 1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            transfer_id: The id of the transfer.
            amount: An amount in the currency's minor unit (cents for `usd`).
            reason: Why the transfer is refunded.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            idempotency_key: The key sent on every attempt (default: a UUID v4 made once for this
                call and reused by its retries). Derive it from an identifier you already hold, such
                as your order id, so that a retry after a crash sends the same key.
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
            The refund was created.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            IdempotencyInFlightError: A request with the same key was still being processed on the
                last attempt.
            IdempotencyMismatchError: The key was already used with a different request: a bug in
                the caller.
            InvalidIdempotencyKeyError: The key is not 1 to the allowed number of visible ASCII
                characters; nothing was sent.
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _CREATE_REFUND,
            _create_refund_request(
                transfer_id=transfer_id,
                amount=amount,
                reason=reason,
                metadata=metadata,
            ),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_CREATE_REFUND, response, _parse_create_refund)

    async def get_refund(
        self,
        *,
        refund_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Refund:
        """Get a refund.

        Returns one refund with its current status.

        `GET /refunds/{refund_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s
        (3 x p99 of 400 ms) or at the deadline.

        Args:
            refund_id: The id of the refund.
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
            The refund.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _GET_REFUND,
            _get_refund_request(refund_id=refund_id),
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
        return _base.parse_response(_GET_REFUND, response, _parse_get_refund)
