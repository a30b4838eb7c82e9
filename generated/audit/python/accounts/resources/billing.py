"""The `billing` operations."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_USE_CREDIT = _runtime.Operation(
    name="useCredit",
    method="DELETE",
    retry_class=_runtime.RetryClass.UNSAFE,
)

_CREATE_CHARGE = _runtime.Operation(
    name="createCharge",
    method="POST",
    retry_class=_runtime.RetryClass.UNSAFE,
)

_UPDATE_ACCOUNT_LIMITS = _runtime.Operation(
    name="updateAccountLimits",
    method="PATCH",
    retry_class=_runtime.RetryClass.UNSAFE,
)


def _use_credit_request(
    *,
    account_id: str,
) -> _runtime.Request:
    return _runtime.Request(
        "DELETE",
        _runtime.encode_path("/accounts/{account_id}/credits", {"account_id": account_id}),
    )


def _parse_use_credit(response: _runtime.Response) -> models.UseCreditResponse:
    return models.UseCreditResponse.from_dict(response.json())


def _create_charge_request(
    *,
    account_id: str,
    amount: int,
    currency: str,
    statement_descriptor: str | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"amount": amount, "currency": currency}
    if statement_descriptor is not None:
        body["statement_descriptor"] = statement_descriptor
    return _runtime.Request(
        "POST",
        _runtime.encode_path("/accounts/{account_id}/charges", {"account_id": account_id}),
        json=_base.to_json(body),
    )


def _parse_create_charge(response: _runtime.Response) -> models.Charge:
    return models.Charge.from_dict(response.json())


def _update_account_limits_request(
    *,
    account_id: str,
    daily_delta: int | None,
    monthly_delta: int | None,
) -> _runtime.Request:
    body: _base.JsonObject = {}
    if daily_delta is not None:
        body["daily_delta"] = daily_delta
    if monthly_delta is not None:
        body["monthly_delta"] = monthly_delta
    return _runtime.Request(
        "PATCH",
        _runtime.encode_path("/accounts/{account_id}/limits", {"account_id": account_id}),
        json=_base.to_json(body),
    )


def _parse_update_account_limits(response: _runtime.Response) -> models.Limits:
    return models.Limits.from_dict(response.json())


class BillingWithRawResponse:
    """The methods of ``Billing``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def use_credit(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.UseCreditResponse]:
        """Like ``Billing.use_credit``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _USE_CREDIT,
            _use_credit_request(account_id=account_id),
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
        return _base.RawResponse(_USE_CREDIT, response, _parse_use_credit)

    def create_charge(
        self,
        *,
        account_id: str,
        amount: int,
        currency: str,
        statement_descriptor: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Charge]:
        """Like ``Billing.create_charge``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = self._client.request(
            _CREATE_CHARGE,
            _create_charge_request(
                account_id=account_id,
                amount=amount,
                currency=currency,
                statement_descriptor=statement_descriptor,
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
        return _base.RawResponse(_CREATE_CHARGE, response, _parse_create_charge)

    def update_account_limits(
        self,
        *,
        account_id: str,
        daily_delta: int | None = None,
        monthly_delta: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Limits]:
        """Like ``Billing.update_account_limits``, but returns the raw response: status, headers,
        the number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _UPDATE_ACCOUNT_LIMITS,
            _update_account_limits_request(
                account_id=account_id,
                daily_delta=daily_delta,
                monthly_delta=monthly_delta,
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
        return _base.RawResponse(_UPDATE_ACCOUNT_LIMITS, response, _parse_update_account_limits)


class Billing:
    """The `billing` operations.

    Reach it as ``client.billing``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = BillingWithRawResponse(client)

    def use_credit(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.UseCreditResponse:
        """Use one credit.

        Uses up one of the account's prepaid credits: decrements the credit
        balance by one and returns the new balance. Fails with 409 when the
        balance is already zero.

        `DELETE /accounts/{account_id}/credits`. Not safe to retry: it accepts no idempotency key,
        so it is retried only when the request provably did not reach the server (a refused
        connection, 429): 3 attempts within 60 s; each attempt may use the time left before the
        deadline.

        Args:
            account_id: Path parameter `account_id`.
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
            The credit balance after the decrement.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _USE_CREDIT,
            _use_credit_request(account_id=account_id),
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
        return _base.parse_response(_USE_CREDIT, response, _parse_use_credit)

    def create_charge(
        self,
        *,
        account_id: str,
        amount: int,
        currency: str,
        statement_descriptor: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Charge:
        """Charge the account's card.

        Charges the card on file for the account with the amount given.

        `POST /accounts/{account_id}/charges`. Not safe to retry: it accepts no idempotency key, so
        it is retried only when the request provably did not reach the server (a refused connection,
        429): 3 attempts within 60 s; each attempt may use the time left before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            amount: The amount in cents.
            currency: Field `currency` of the body.
            statement_descriptor: Field `statement_descriptor` of the body.
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
            Created

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _CREATE_CHARGE,
            _create_charge_request(
                account_id=account_id,
                amount=amount,
                currency=currency,
                statement_descriptor=statement_descriptor,
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
        return _base.parse_response(_CREATE_CHARGE, response, _parse_create_charge)

    def update_account_limits(
        self,
        *,
        account_id: str,
        daily_delta: int | None = None,
        monthly_delta: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Limits:
        """Adjust spending limits.

        Adjusts the account's spending limits. `daily_delta` and
        `monthly_delta` are added to the current limits, so sending the same
        request twice applies the change twice. This request is not safe to
        retry: after a timeout, read the account and check its limits before
        sending it again.

        `PATCH /accounts/{account_id}/limits`. Not safe to retry: it accepts no idempotency key, so
        it is retried only when the request provably did not reach the server (a refused connection,
        429): 3 attempts within 60 s; each attempt may use the time left before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            daily_delta: Cents to add to the daily limit; negative to lower it.
            monthly_delta: Cents to add to the monthly limit; negative to lower it.
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
            The limits after the change.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _UPDATE_ACCOUNT_LIMITS,
            _update_account_limits_request(
                account_id=account_id,
                daily_delta=daily_delta,
                monthly_delta=monthly_delta,
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
        return _base.parse_response(_UPDATE_ACCOUNT_LIMITS, response, _parse_update_account_limits)


class AsyncBillingWithRawResponse:
    """The methods of ``AsyncBilling``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def use_credit(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.UseCreditResponse]:
        """Like ``Billing.use_credit``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _USE_CREDIT,
            _use_credit_request(account_id=account_id),
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
        return _base.RawResponse(_USE_CREDIT, response, _parse_use_credit)

    async def create_charge(
        self,
        *,
        account_id: str,
        amount: int,
        currency: str,
        statement_descriptor: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Charge]:
        """Like ``Billing.create_charge``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CREATE_CHARGE,
            _create_charge_request(
                account_id=account_id,
                amount=amount,
                currency=currency,
                statement_descriptor=statement_descriptor,
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
        return _base.RawResponse(_CREATE_CHARGE, response, _parse_create_charge)

    async def update_account_limits(
        self,
        *,
        account_id: str,
        daily_delta: int | None = None,
        monthly_delta: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Limits]:
        """Like ``Billing.update_account_limits``, but returns the raw response: status, headers,
        the number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _UPDATE_ACCOUNT_LIMITS,
            _update_account_limits_request(
                account_id=account_id,
                daily_delta=daily_delta,
                monthly_delta=monthly_delta,
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
        return _base.RawResponse(_UPDATE_ACCOUNT_LIMITS, response, _parse_update_account_limits)


class AsyncBilling:
    """The `billing` operations.

    The asyncio twin of ``Billing``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncBillingWithRawResponse(client)

    async def use_credit(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.UseCreditResponse:
        """Use one credit.

        Uses up one of the account's prepaid credits: decrements the credit
        balance by one and returns the new balance. Fails with 409 when the
        balance is already zero.

        `DELETE /accounts/{account_id}/credits`. Not safe to retry: it accepts no idempotency key,
        so it is retried only when the request provably did not reach the server (a refused
        connection, 429): 3 attempts within 60 s; each attempt may use the time left before the
        deadline.

        Args:
            account_id: Path parameter `account_id`.
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
            The credit balance after the decrement.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _USE_CREDIT,
            _use_credit_request(account_id=account_id),
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
        return _base.parse_response(_USE_CREDIT, response, _parse_use_credit)

    async def create_charge(
        self,
        *,
        account_id: str,
        amount: int,
        currency: str,
        statement_descriptor: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Charge:
        """Charge the account's card.

        Charges the card on file for the account with the amount given.

        `POST /accounts/{account_id}/charges`. Not safe to retry: it accepts no idempotency key, so
        it is retried only when the request provably did not reach the server (a refused connection,
        429): 3 attempts within 60 s; each attempt may use the time left before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            amount: The amount in cents.
            currency: Field `currency` of the body.
            statement_descriptor: Field `statement_descriptor` of the body.
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
            Created

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _CREATE_CHARGE,
            _create_charge_request(
                account_id=account_id,
                amount=amount,
                currency=currency,
                statement_descriptor=statement_descriptor,
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
        return _base.parse_response(_CREATE_CHARGE, response, _parse_create_charge)

    async def update_account_limits(
        self,
        *,
        account_id: str,
        daily_delta: int | None = None,
        monthly_delta: int | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Limits:
        """Adjust spending limits.

        Adjusts the account's spending limits. `daily_delta` and
        `monthly_delta` are added to the current limits, so sending the same
        request twice applies the change twice. This request is not safe to
        retry: after a timeout, read the account and check its limits before
        sending it again.

        `PATCH /accounts/{account_id}/limits`. Not safe to retry: it accepts no idempotency key, so
        it is retried only when the request provably did not reach the server (a refused connection,
        429): 3 attempts within 60 s; each attempt may use the time left before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            daily_delta: Cents to add to the daily limit; negative to lower it.
            monthly_delta: Cents to add to the monthly limit; negative to lower it.
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
            The limits after the change.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _UPDATE_ACCOUNT_LIMITS,
            _update_account_limits_request(
                account_id=account_id,
                daily_delta=daily_delta,
                monthly_delta=monthly_delta,
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
        return _base.parse_response(_UPDATE_ACCOUNT_LIMITS, response, _parse_update_account_limits)
