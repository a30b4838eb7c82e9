"""Customers billed on a recurring schedule."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_CREATE_SUBSCRIPTION = _runtime.Operation(
    name="createSubscription",
    method="POST",
    retry_class=_runtime.RetryClass.KEYED,
    key_header="Idempotency-Key",
    key_max_length=255,
    failures=_runtime.FailurePolicy.REPLAY,
    in_flight_code="concurrent_idempotent_requests",
    mismatch_code="invalid_idempotent_request",
    p99_ms=1500,
    retry=_runtime.RetryOverrides(max_attempts=4, deadline_ms=90000),
)

_CANCEL_SUBSCRIPTION = _runtime.Operation(
    name="cancelSubscription",
    method="DELETE",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)


def _create_subscription_request(
    *,
    customer: models.CreateSubscriptionCustomer,
    plan: str,
    payment_method_token: str,
    metadata: models.Metadata | None,
) -> _runtime.Request:
    body: _base.JsonObject = {
        "customer": customer,
        "plan": plan,
        "payment_method_token": payment_method_token,
    }
    if metadata is not None:
        body["metadata"] = metadata
    return _runtime.Request("POST", "/subscriptions", json=_base.to_json(body))


def _parse_create_subscription(response: _runtime.Response) -> models.Subscription:
    return models.Subscription.from_dict(response.json())


def _cancel_subscription_request(
    *,
    subscription_id: str,
) -> _runtime.Request:
    return _runtime.Request(
        "DELETE",
        _runtime.encode_path(
            "/subscriptions/{subscription_id}",
            {"subscription_id": subscription_id},
        ),
    )


def _parse_cancel_subscription(response: _runtime.Response) -> models.Subscription:
    return models.Subscription.from_dict(response.json())


class SubscriptionsWithRawResponse:
    """The methods of ``Subscriptions``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def create_subscription(
        self,
        *,
        customer: models.CreateSubscriptionCustomer,
        plan: str,
        payment_method_token: str,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Subscription]:
        """Like ``Subscriptions.create_subscription``, but returns the raw response: status,
        headers, the number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _CREATE_SUBSCRIPTION,
            _create_subscription_request(
                customer=customer,
                plan=plan,
                payment_method_token=payment_method_token,
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
        return _base.RawResponse(_CREATE_SUBSCRIPTION, response, _parse_create_subscription)

    def cancel_subscription(
        self,
        *,
        subscription_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Subscription]:
        """Like ``Subscriptions.cancel_subscription``, but returns the raw response: status,
        headers, the number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _CANCEL_SUBSCRIPTION,
            _cancel_subscription_request(subscription_id=subscription_id),
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
        return _base.RawResponse(_CANCEL_SUBSCRIPTION, response, _parse_cancel_subscription)


class Subscriptions:
    """Customers billed on a recurring schedule.

    Reach it as ``client.subscriptions``; ``with_raw_response`` has the same methods returning the
    raw response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = SubscriptionsWithRawResponse(client)

    def create_subscription(
        self,
        *,
        customer: models.CreateSubscriptionCustomer,
        plan: str,
        payment_method_token: str,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Subscription:
        """Start a subscription.

        Starts billing a customer for a plan. This is a multi-step request:
        it creates the customer, attaches the payment method to the customer
        and starts billing, charging the first period at once. It takes
        longer than other requests, so its latency hint and deadline are
        larger.

        Send an `Idempotency-Key`: a retry with the same key resumes from
        the step that was reached and never charges the first period twice.

        `POST /subscriptions`. Sends `Idempotency-Key` with the same key on every attempt, so the
        API collapses duplicates; retried on throttling (429), transient errors (502, 503, 504), the
        in-flight 409 and connection failures: 4 attempts within 90 s; each attempt times out after
        4.5 s (3 x p99 of 1500 ms) or at the deadline.

        Args:
            customer: The customer to create.
            plan: The id of the plan to bill.
            payment_method_token: A token for the card or bank account, made by the client-side
                library so that raw payment details never reach your server.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            idempotency_key: The key sent on every attempt (default: a UUID v4 made once for this
                call and reused by its retries). Derive it from an identifier you already hold, such
                as your order id, so that a retry after a crash sends the same key.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 90 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 4).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The subscription was started and its first period paid.

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
            _CREATE_SUBSCRIPTION,
            _create_subscription_request(
                customer=customer,
                plan=plan,
                payment_method_token=payment_method_token,
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
        return _base.parse_response(_CREATE_SUBSCRIPTION, response, _parse_create_subscription)

    def cancel_subscription(
        self,
        *,
        subscription_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Subscription:
        """Cancel a subscription.

        Stops billing at once. Cancelling a subscription that is already
        cancelled returns it unchanged, so this request is safe to repeat.

        `DELETE /subscriptions/{subscription_id}`. Retried on throttling (429), transient errors
        (502, 503, 504, one 500) and connection failures: 3 attempts within 60 s; each attempt times
        out after 1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            subscription_id: The id of the subscription.
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
            The cancelled subscription.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _CANCEL_SUBSCRIPTION,
            _cancel_subscription_request(subscription_id=subscription_id),
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
        return _base.parse_response(_CANCEL_SUBSCRIPTION, response, _parse_cancel_subscription)


class AsyncSubscriptionsWithRawResponse:
    """The methods of ``AsyncSubscriptions``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def create_subscription(
        self,
        *,
        customer: models.CreateSubscriptionCustomer,
        plan: str,
        payment_method_token: str,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Subscription]:
        """Like ``Subscriptions.create_subscription``, but returns the raw response: status,
        headers, the number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CREATE_SUBSCRIPTION,
            _create_subscription_request(
                customer=customer,
                plan=plan,
                payment_method_token=payment_method_token,
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
        return _base.RawResponse(_CREATE_SUBSCRIPTION, response, _parse_create_subscription)

    async def cancel_subscription(
        self,
        *,
        subscription_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Subscription]:
        """Like ``Subscriptions.cancel_subscription``, but returns the raw response: status,
        headers, the number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CANCEL_SUBSCRIPTION,
            _cancel_subscription_request(subscription_id=subscription_id),
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
        return _base.RawResponse(_CANCEL_SUBSCRIPTION, response, _parse_cancel_subscription)


class AsyncSubscriptions:
    """Customers billed on a recurring schedule.

    The asyncio twin of ``Subscriptions``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncSubscriptionsWithRawResponse(client)

    async def create_subscription(
        self,
        *,
        customer: models.CreateSubscriptionCustomer,
        plan: str,
        payment_method_token: str,
        metadata: models.Metadata | None = None,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Subscription:
        """Start a subscription.

        Starts billing a customer for a plan. This is a multi-step request:
        it creates the customer, attaches the payment method to the customer
        and starts billing, charging the first period at once. It takes
        longer than other requests, so its latency hint and deadline are
        larger.

        Send an `Idempotency-Key`: a retry with the same key resumes from
        the step that was reached and never charges the first period twice.

        `POST /subscriptions`. Sends `Idempotency-Key` with the same key on every attempt, so the
        API collapses duplicates; retried on throttling (429), transient errors (502, 503, 504), the
        in-flight 409 and connection failures: 4 attempts within 90 s; each attempt times out after
        4.5 s (3 x p99 of 1500 ms) or at the deadline.

        Args:
            customer: The customer to create.
            plan: The id of the plan to bill.
            payment_method_token: A token for the card or bank account, made by the client-side
                library so that raw payment details never reach your server.
            metadata: Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40
                characters, values up to 500.
            idempotency_key: The key sent on every attempt (default: a UUID v4 made once for this
                call and reused by its retries). Derive it from an identifier you already hold, such
                as your order id, so that a retry after a crash sends the same key.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 90 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 4).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The subscription was started and its first period paid.

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
            _CREATE_SUBSCRIPTION,
            _create_subscription_request(
                customer=customer,
                plan=plan,
                payment_method_token=payment_method_token,
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
        return _base.parse_response(_CREATE_SUBSCRIPTION, response, _parse_create_subscription)

    async def cancel_subscription(
        self,
        *,
        subscription_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Subscription:
        """Cancel a subscription.

        Stops billing at once. Cancelling a subscription that is already
        cancelled returns it unchanged, so this request is safe to repeat.

        `DELETE /subscriptions/{subscription_id}`. Retried on throttling (429), transient errors
        (502, 503, 504, one 500) and connection failures: 3 attempts within 60 s; each attempt times
        out after 1.2 s (3 x p99 of 400 ms) or at the deadline.

        Args:
            subscription_id: The id of the subscription.
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
            The cancelled subscription.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _CANCEL_SUBSCRIPTION,
            _cancel_subscription_request(subscription_id=subscription_id),
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
        return _base.parse_response(_CANCEL_SUBSCRIPTION, response, _parse_cancel_subscription)
