"""Payments from your balance to a vendor."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_LIST_TRANSFERS = _runtime.Operation(
    name="listTransfers",
    method="GET",
    retry_class=_runtime.RetryClass.SAFE,
)
_LIST_TRANSFERS_PAGES = _runtime.Pagination(
    style="item_id",
    param="starting_after",
    size_param="limit",
    items=("data",),
    has_more=("has_more",),
    item_field="id",
)

_CREATE_TRANSFER = _runtime.Operation(
    name="createTransfer",
    method="POST",
    retry_class=_runtime.RetryClass.KEYED,
    key_header="Idempotency-Key",
    key_max_length=255,
    failures=_runtime.FailurePolicy.REPLAY,
    in_flight_code="concurrent_idempotent_requests",
    mismatch_code="invalid_idempotent_request",
)

_GET_TRANSFER = _runtime.Operation(
    name="getTransfer",
    method="GET",
    retry_class=_runtime.RetryClass.SAFE,
)


def _list_transfers_request(
    *,
    limit: int | None,
    starting_after: str | None,
    created: models.ListTransfersCreated | None,
) -> _runtime.Request:
    query_pairs_ = [
        *_runtime.query_param("limit", limit),
        *_runtime.query_param("starting_after", starting_after),
        *_runtime.query_param("created", _base.to_json(created), style="deepObject"),
    ]
    return _runtime.Request("GET", "/transfers", query=query_pairs_)


def _parse_list_transfers(response: _runtime.Response) -> models.TransferList:
    return models.TransferList.from_dict(response.json())


def _create_transfer_request(
    *,
    amount: models.Amount,
    currency: models.Currency,
    vendor_id: str,
    description: str | _base.NotGiven | None,
    metadata: models.Metadata | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"amount": amount, "currency": currency, "vendor_id": vendor_id}
    if not isinstance(description, _base.NotGiven):
        body["description"] = description
    if metadata is not None:
        body["metadata"] = metadata
    return _runtime.Request("POST", "/transfers", json=_base.to_json(body))


def _parse_create_transfer(response: _runtime.Response) -> models.Transfer:
    return models.Transfer.from_dict(response.json())


def _get_transfer_request(
    *,
    transfer_id: str,
) -> _runtime.Request:
    return _runtime.Request(
        "GET",
        _runtime.encode_path("/transfers/{transfer_id}", {"transfer_id": transfer_id}),
    )


def _parse_get_transfer(response: _runtime.Response) -> models.Transfer:
    return models.Transfer.from_dict(response.json())


class TransfersWithRawResponse:
    """The methods of ``Transfers``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def list_transfers(
        self,
        *,
        limit: int | None = None,
        starting_after: str | None = None,
        created: models.ListTransfersCreated | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.TransferList]:
        """Like ``Transfers.list_transfers``, but returns the first page's raw response: status,
        headers, the number of attempts, and ``parse()`` for the page.
        """
        response = self._client.request(
            _LIST_TRANSFERS,
            _list_transfers_request(limit=limit, starting_after=starting_after, created=created),
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
        return _base.RawResponse(_LIST_TRANSFERS, response, _parse_list_transfers)

    def create_transfer(
        self,
        *,
        amount: models.Amount,
        currency: models.Currency,
        vendor_id: str,
        description: str | _base.NotGiven | None = _base.NOT_GIVEN,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Transfer]:
        """Like ``Transfers.create_transfer``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _CREATE_TRANSFER,
            _create_transfer_request(
                amount=amount,
                currency=currency,
                vendor_id=vendor_id,
                description=description,
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
        return _base.RawResponse(_CREATE_TRANSFER, response, _parse_create_transfer)

    def get_transfer(
        self,
        *,
        transfer_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Transfer]:
        """Like ``Transfers.get_transfer``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _GET_TRANSFER,
            _get_transfer_request(transfer_id=transfer_id),
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
        return _base.RawResponse(_GET_TRANSFER, response, _parse_get_transfer)


class Transfers:
    """Payments from your balance to a vendor.

    Reach it as ``client.transfers``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = TransfersWithRawResponse(client)

    def list_transfers(
        self,
        *,
        limit: int | None = None,
        starting_after: str | None = None,
        created: models.ListTransfersCreated | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _runtime.SyncPager[models.Transfer]:
        """List transfers.

        Returns transfers, newest first, one page at a time. To get the next
        page, pass the id of the last transfer of this page as
        `starting_after`; `has_more` is false on the last page.

        `GET /transfers`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s (3 x p99 of
        400 ms) or at the deadline.

        Walks every page: iterate the pager for every item of every page (``for``, or ``async for``
        on the asyncio client), call ``pages()`` for the pages themselves, or ``first_page()``
        (``await`` the pager on the asyncio client) for the first page alone. A page is fetched when
        iteration reaches it, as a call of its own with the retries above. The next page sends
        `starting_after` set to the `id` of the page's last item; the last page is an empty one, or
        one whose `has_more` is false. ``limit`` sets the size of a page.

        Args:
            limit: The largest number of transfers on one page.
            starting_after: A transfer id; the page starts with the transfer after it.
            created: Only transfers created within this range, bounds included:
                `created[gte]=2024-05-01T00:00:00Z&created[lte]=2024-05-31T23:59:59Z`.
            timeout: Seconds for the whole call of each page, every attempt and sleep included
                (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all for each page, the first one included (default: 3).
            retries: ``False`` makes the call of each page a single attempt.
            extra_headers: Headers added to every attempt of every page.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            A pager of ``models.Transfer``, every item of every page in order.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
            PaginationError: A page the walk cannot go on from: no list of items where the API puts
                it, the same cursor again, or a next page on another origin than the API's. The
                items of the pages before it were delivered.
        """
        return _runtime.SyncPager(
            self._client,
            _LIST_TRANSFERS,
            _list_transfers_request(limit=limit, starting_after=starting_after, created=created),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
            _LIST_TRANSFERS_PAGES,
            models.Transfer.from_dict,
        )

    def create_transfer(
        self,
        *,
        amount: models.Amount,
        currency: models.Currency,
        vendor_id: str,
        description: str | _base.NotGiven | None = _base.NOT_GIVEN,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Transfer:
        """Create a transfer.

        Pays an amount from your balance to a vendor. The transfer starts as
        `pending` and becomes `paid` or `failed` once the vendor's bank
        answers.

        Send an `Idempotency-Key` so that a retried request cannot pay the
        vendor twice.

        `POST /transfers`. Sends `Idempotency-Key` with the same key on every attempt, so the API
        collapses duplicates; retried on throttling (429), transient errors (502, 503, 504), the
        in-flight 409 and connection failures: 3 attempts within 60 s; each attempt times out after
        1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            amount: An amount in the currency's minor unit (cents for `usd`).
            currency: A three-letter ISO 4217 currency code, in lower case.
            vendor_id: The id of the vendor to pay.
            description: A note shown on the vendor's statement; null for none. ``None`` sends
                ``null``; leave it out to leave the field out.
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
            The transfer was created.

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
            _CREATE_TRANSFER,
            _create_transfer_request(
                amount=amount,
                currency=currency,
                vendor_id=vendor_id,
                description=description,
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
        return _base.parse_response(_CREATE_TRANSFER, response, _parse_create_transfer)

    def get_transfer(
        self,
        *,
        transfer_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Transfer:
        """Get a transfer.

        Returns one transfer with its current status.

        `GET /transfers/{transfer_id}`. Retried on throttling (429), transient errors (502, 503,
        504, one 500) and connection failures: 3 attempts within 60 s; each attempt times out after
        1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            transfer_id: The id of the transfer.
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
            The transfer.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _GET_TRANSFER,
            _get_transfer_request(transfer_id=transfer_id),
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
        return _base.parse_response(_GET_TRANSFER, response, _parse_get_transfer)


class AsyncTransfersWithRawResponse:
    """The methods of ``AsyncTransfers``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def list_transfers(
        self,
        *,
        limit: int | None = None,
        starting_after: str | None = None,
        created: models.ListTransfersCreated | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.TransferList]:
        """Like ``Transfers.list_transfers``, but returns the first page's raw response: status,
        headers, the number of attempts, and ``parse()`` for the page.
        """
        response = await self._client.request(
            _LIST_TRANSFERS,
            _list_transfers_request(limit=limit, starting_after=starting_after, created=created),
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
        return _base.RawResponse(_LIST_TRANSFERS, response, _parse_list_transfers)

    async def create_transfer(
        self,
        *,
        amount: models.Amount,
        currency: models.Currency,
        vendor_id: str,
        description: str | _base.NotGiven | None = _base.NOT_GIVEN,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Transfer]:
        """Like ``Transfers.create_transfer``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CREATE_TRANSFER,
            _create_transfer_request(
                amount=amount,
                currency=currency,
                vendor_id=vendor_id,
                description=description,
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
        return _base.RawResponse(_CREATE_TRANSFER, response, _parse_create_transfer)

    async def get_transfer(
        self,
        *,
        transfer_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Transfer]:
        """Like ``Transfers.get_transfer``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _GET_TRANSFER,
            _get_transfer_request(transfer_id=transfer_id),
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
        return _base.RawResponse(_GET_TRANSFER, response, _parse_get_transfer)


class AsyncTransfers:
    """Payments from your balance to a vendor.

    The asyncio twin of ``Transfers``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncTransfersWithRawResponse(client)

    def list_transfers(
        self,
        *,
        limit: int | None = None,
        starting_after: str | None = None,
        created: models.ListTransfersCreated | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _runtime.AsyncPager[models.Transfer]:
        """List transfers.

        Returns transfers, newest first, one page at a time. To get the next
        page, pass the id of the last transfer of this page as
        `starting_after`; `has_more` is false on the last page.

        `GET /transfers`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s (3 x p99 of
        400 ms) or at the deadline.

        Walks every page: iterate the pager for every item of every page (``for``, or ``async for``
        on the asyncio client), call ``pages()`` for the pages themselves, or ``first_page()``
        (``await`` the pager on the asyncio client) for the first page alone. A page is fetched when
        iteration reaches it, as a call of its own with the retries above. The next page sends
        `starting_after` set to the `id` of the page's last item; the last page is an empty one, or
        one whose `has_more` is false. ``limit`` sets the size of a page.

        Args:
            limit: The largest number of transfers on one page.
            starting_after: A transfer id; the page starts with the transfer after it.
            created: Only transfers created within this range, bounds included:
                `created[gte]=2024-05-01T00:00:00Z&created[lte]=2024-05-31T23:59:59Z`.
            timeout: Seconds for the whole call of each page, every attempt and sleep included
                (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all for each page, the first one included (default: 3).
            retries: ``False`` makes the call of each page a single attempt.
            extra_headers: Headers added to every attempt of every page.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            A pager of ``models.Transfer``, every item of every page in order.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
            PaginationError: A page the walk cannot go on from: no list of items where the API puts
                it, the same cursor again, or a next page on another origin than the API's. The
                items of the pages before it were delivered.
        """
        return _runtime.AsyncPager(
            self._client,
            _LIST_TRANSFERS,
            _list_transfers_request(limit=limit, starting_after=starting_after, created=created),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
            _LIST_TRANSFERS_PAGES,
            models.Transfer.from_dict,
        )

    async def create_transfer(
        self,
        *,
        amount: models.Amount,
        currency: models.Currency,
        vendor_id: str,
        description: str | _base.NotGiven | None = _base.NOT_GIVEN,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Transfer:
        """Create a transfer.

        Pays an amount from your balance to a vendor. The transfer starts as
        `pending` and becomes `paid` or `failed` once the vendor's bank
        answers.

        Send an `Idempotency-Key` so that a retried request cannot pay the
        vendor twice.

        `POST /transfers`. Sends `Idempotency-Key` with the same key on every attempt, so the API
        collapses duplicates; retried on throttling (429), transient errors (502, 503, 504), the
        in-flight 409 and connection failures: 3 attempts within 60 s; each attempt times out after
        1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            amount: An amount in the currency's minor unit (cents for `usd`).
            currency: A three-letter ISO 4217 currency code, in lower case.
            vendor_id: The id of the vendor to pay.
            description: A note shown on the vendor's statement; null for none. ``None`` sends
                ``null``; leave it out to leave the field out.
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
            The transfer was created.

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
            _CREATE_TRANSFER,
            _create_transfer_request(
                amount=amount,
                currency=currency,
                vendor_id=vendor_id,
                description=description,
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
        return _base.parse_response(_CREATE_TRANSFER, response, _parse_create_transfer)

    async def get_transfer(
        self,
        *,
        transfer_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Transfer:
        """Get a transfer.

        Returns one transfer with its current status.

        `GET /transfers/{transfer_id}`. Retried on throttling (429), transient errors (502, 503,
        504, one 500) and connection failures: 3 attempts within 60 s; each attempt times out after
        1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            transfer_id: The id of the transfer.
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
            The transfer.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _GET_TRANSFER,
            _get_transfer_request(transfer_id=transfer_id),
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
        return _base.parse_response(_GET_TRANSFER, response, _parse_get_transfer)
