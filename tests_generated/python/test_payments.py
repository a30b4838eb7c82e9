"""The payments SDK against a real local server: keys, retries, encoding,
typed results and typed errors, blocking and asyncio."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

import payments
from conftest import Reply, Server
from payments import NOT_GIVEN, AsyncPayments, Payments, RetryConfig, models

TINY = RetryConfig(base_ms=1, cap_ms=2)

TRANSFER: dict[str, Any] = {
    "id": "tr_1",
    "object": "transfer",
    "amount": 1200,
    "currency": "eur",
    "vendor_id": "v_9",
    "status": "pending",
    "created": "2024-05-14T09:30:00.123456789Z",
    "description": None,
    "metadata": {"order_id": "8812"},
}

UNAVAILABLE = Reply(503, {"code": "unavailable", "message": "try again"})


def client(server: Server, **options: Any) -> Payments:
    return Payments(
        bearer_token="sk_test", base_url=server.url + "/v2", retry_config=TINY, **options
    )


def check_transfer(transfer: models.Transfer) -> None:
    assert isinstance(transfer, models.Transfer)
    assert transfer.id == "tr_1"
    assert transfer.amount == 1200
    assert transfer.status == "pending"
    assert transfer.object == "transfer"
    assert transfer.description is None
    assert transfer.metadata == {"order_id": "8812"}
    assert transfer.created == datetime.datetime(
        2024, 5, 14, 9, 30, 0, 123456, tzinfo=datetime.timezone.utc
    )


def check_keyed_retries(server: Server, key: str | None) -> None:
    assert len(server.seen) == 3
    keys = [seen.header("Idempotency-Key") for seen in server.seen]
    assert keys[0] is not None
    assert keys == [keys[0]] * 3, "every attempt carries the same key"
    if key is not None:
        assert keys[0] == key
    for seen in server.seen:
        assert seen.method == "POST"
        assert seen.path == "/v2/transfers"
        assert seen.header("Authorization") == "Bearer sk_test"
        assert seen.json() == {"amount": 1200, "currency": "eur", "vendor_id": "v_9"}
        assert int(seen.header("Request-Timeout-Ms") or "0") > 0


def test_keyed_create_retries_503s_with_one_key(server: Server) -> None:
    server.script(UNAVAILABLE, UNAVAILABLE, Reply(201, TRANSFER))
    with client(server) as c:
        raw = c.transfers.with_raw_response.create_transfer(
            amount=1200, currency="eur", vendor_id="v_9", idempotency_key="payout-8812"
        )
        assert raw.status == 201
        assert raw.attempts == 3
        check_transfer(raw.parse())
    check_keyed_retries(server, "payout-8812")


def test_the_request_id_reaches_raw_responses_and_errors(server: Server) -> None:
    server.script(Reply(201, TRANSFER, headers={"X-Request-Id": "req_created"}))
    with client(server) as c:
        raw = c.transfers.with_raw_response.create_transfer(
            amount=1200, currency="eur", vendor_id="v_9"
        )
        assert raw.request_id == "req_created"
        server.script(Reply(404, {"error": {"message": "gone"}}, headers={"Request-Id": "req_404"}))
        try:
            c.transfers.get_transfer(transfer_id="tr_1")
        except payments.APIError as exc:
            assert exc.request_id == "req_404"
            assert "request id: req_404" in str(exc)
        else:
            raise AssertionError("a 404 raises")


def test_automatic_key_is_made_once_per_call(server: Server) -> None:
    server.script(UNAVAILABLE, UNAVAILABLE, Reply(201, TRANSFER))
    with client(server) as c:
        check_transfer(c.transfers.create_transfer(amount=1200, currency="eur", vendor_id="v_9"))
    check_keyed_retries(server, None)
    server.seen.clear()
    server.script(Reply(201, TRANSFER))
    with client(server) as c:
        c.transfers.create_transfer(amount=1200, currency="eur", vendor_id="v_9")
    assert server.seen[0].header("Idempotency-Key") is not None


@pytest.mark.asyncio
async def test_async_keyed_create_retries_503s_with_one_key(server: Server) -> None:
    server.script(UNAVAILABLE, UNAVAILABLE, Reply(201, TRANSFER))
    async with AsyncPayments(
        bearer_token="sk_test", base_url=server.url + "/v2", retry_config=TINY
    ) as c:
        raw = await c.transfers.with_raw_response.create_transfer(
            amount=1200, currency="eur", vendor_id="v_9", idempotency_key="payout-8812"
        )
        assert raw.attempts == 3
        check_transfer(raw.parse())
        server.seen.clear()
        server.script(UNAVAILABLE, UNAVAILABLE, Reply(201, TRANSFER))
        check_transfer(
            await c.transfers.create_transfer(amount=1200, currency="eur", vendor_id="v_9")
        )
    check_keyed_retries(server, None)


def test_path_parameters_stay_percent_encoded(server: Server) -> None:
    server.script(Reply(200, TRANSFER))
    with client(server) as c:
        c.transfers.get_transfer(transfer_id="../x")
        # Refused, as in Rust and Node: servers decode %2E%2E back to "..".
        with pytest.raises(ValueError, match="would change the path"):
            c.transfers.get_transfer(transfer_id="..")
    assert server.seen[0].path == "/v2/transfers/..%2Fx"
    assert len(server.seen) == 1


@pytest.mark.asyncio
async def test_async_path_parameters_stay_percent_encoded(server: Server) -> None:
    server.script(Reply(200, TRANSFER))
    async with AsyncPayments(
        bearer_token="sk_test", base_url=server.url + "/v2", retry_config=TINY
    ) as c:
        await c.transfers.get_transfer(transfer_id="a/b?c#d")
    assert server.seen[0].path == "/v2/transfers/a%2Fb%3Fc%23d"


def test_error_status_raises_the_typed_error(server: Server) -> None:
    server.script(Reply(404, {"code": "not_found", "message": "No transfer tr_404."}))
    with client(server) as c, pytest.raises(payments.NotFoundError) as caught:
        c.transfers.get_transfer(transfer_id="tr_404")
    error = caught.value
    assert isinstance(error, payments.APIError)
    assert error.status == 404
    assert error.code == "not_found"
    assert error.message == "No transfer tr_404."
    assert error.attempts == 1
    assert error.stop_reason == payments.StopReason.NOT_RETRYABLE


@pytest.mark.asyncio
async def test_async_error_status_raises_the_typed_error(server: Server) -> None:
    server.script(Reply(422, {"code": "insufficient_balance", "message": "Too low."}))
    async with AsyncPayments(
        bearer_token="sk_test", base_url=server.url + "/v2", retry_config=TINY
    ) as c:
        with pytest.raises(payments.UnprocessableEntityError) as caught:
            await c.transfers.create_transfer(amount=1, currency="eur", vendor_id="v")
    assert caught.value.code == "insufficient_balance"


def test_idempotency_conflicts_are_told_apart(server: Server) -> None:
    in_flight = Reply(409, {"code": "concurrent_idempotent_requests", "message": "busy"})
    server.script(in_flight, Reply(201, TRANSFER))
    with client(server) as c:
        raw = c.transfers.with_raw_response.create_transfer(amount=1, currency="eur", vendor_id="v")
        assert raw.attempts == 2
        server.script(Reply(409, {"code": "invalid_idempotent_request", "message": "other body"}))
        with pytest.raises(payments.IdempotencyMismatchError) as caught:
            c.transfers.create_transfer(
                amount=1, currency="eur", vendor_id="v", idempotency_key="k"
            )
        assert caught.value.attempts == 1


def test_a_bad_key_is_refused_before_sending(server: Server) -> None:
    with client(server) as c, pytest.raises(payments.InvalidIdempotencyKeyError):
        c.transfers.create_transfer(amount=1, currency="eur", vendor_id="v", idempotency_key="é")
    assert server.seen == []


def test_replayed_failures_are_not_retried_on_500(server: Server) -> None:
    server.script(Reply(500, {"code": "boom"}))
    with client(server) as c, pytest.raises(payments.InternalServerError):
        c.transfers.create_transfer(amount=1, currency="eur", vendor_id="v")
    assert len(server.seen) == 1


def test_unsafe_operations_are_not_retried_after_a_5xx(server: Server) -> None:
    server.script(UNAVAILABLE)
    with client(server) as c, pytest.raises(payments.InternalServerError) as caught:
        c.vendors.update_vendor(vendor_id="acme", name="Acme")
    assert caught.value.stop_reason == payments.StopReason.UNSAFE_TO_RETRY
    assert len(server.seen) == 1
    assert server.seen[0].method == "PATCH"
    assert server.seen[0].header("Idempotency-Key") is None


def test_retries_off_and_attempts_per_call(server: Server) -> None:
    server.script(UNAVAILABLE)
    with client(server, retries=False) as c, pytest.raises(payments.InternalServerError) as caught:
        c.transfers.get_transfer(transfer_id="tr_1")
    assert caught.value.attempts == 1
    server.seen.clear()
    server.script(UNAVAILABLE, UNAVAILABLE)
    with client(server) as c, pytest.raises(payments.InternalServerError) as caught:
        c.transfers.get_transfer(transfer_id="tr_1", max_attempts=2)
    assert caught.value.stop_reason == payments.StopReason.ATTEMPTS_EXHAUSTED
    assert len(server.seen) == 2


def test_operation_overrides_come_from_the_spec(server: Server) -> None:
    server.script(*([UNAVAILABLE] * 4))
    with client(server) as c, pytest.raises(payments.InternalServerError) as caught:
        c.subscriptions.create_subscription(
            customer=models.CreateSubscriptionCustomer(email="a@example.com"),
            plan="plan_pro_monthly",
            payment_method_token="tok_visa",
        )
    assert caught.value.attempts == 4
    assert server.seen[0].json() == {
        "customer": {"email": "a@example.com"},
        "plan": "plan_pro_monthly",
        "payment_method_token": "tok_visa",
    }


def test_the_root_latency_hint_is_the_clients_default() -> None:
    # The root x-latency-p99-ms is the default of the client's p99, which the
    # client's own retry_config replaces; descriptors carry only their own.
    assert payments._client.DEFAULT_RETRY_CONFIG.p99_ms == 400
    with Payments(bearer_token="t") as c:
        assert c._client.config.p99_ms == 400
    with Payments(bearer_token="t", retry_config=RetryConfig(p99_ms=50)) as c:
        assert c._client.config.p99_ms == 50
    assert payments.resources.transfers._LIST_TRANSFERS.p99_ms is None
    assert payments.resources.subscriptions._CREATE_SUBSCRIPTION.p99_ms == 1500


def test_query_deep_object_and_null_versus_left_out(server: Server) -> None:
    page = {"object": "list", "data": [TRANSFER], "has_more": False}
    server.script(Reply(200, page), Reply(201, TRANSFER), Reply(201, TRANSFER))
    with client(server) as c:
        listed = c.transfers.list_transfers(
            limit=5,
            created=models.ListTransfersCreated(
                gte=datetime.datetime(2024, 5, 1, tzinfo=datetime.timezone.utc)
            ),
        ).first_page()
        assert listed.has_next_page() is False
        check_transfer(listed.items[0])
        c.transfers.create_transfer(amount=1, currency="eur", vendor_id="v", description=None)
        c.transfers.create_transfer(amount=1, currency="eur", vendor_id="v", description=NOT_GIVEN)
    assert server.seen[0].path == (
        "/v2/transfers?limit=5&created%5Bgte%5D=2024-05-01T00%3A00%3A00Z"
    )
    assert server.seen[1].json() == {
        "amount": 1,
        "currency": "eur",
        "vendor_id": "v",
        "description": None,
    }
    assert "description" not in server.seen[2].json()  # type: ignore[operator]


def test_unions_and_unknown_values_are_read(server: Server) -> None:
    subscription = {
        "id": "sub_1",
        "object": "subscription",
        "customer_id": "cus_1",
        "plan": "plan_pro",
        "status": "paused_for_a_new_reason",
        "payment_method": {
            "type": "bank_account",
            "bank_name": "B",
            "country": "DE",
            "last4": "1234",
        },
        "current_period_end": "2024-06-01T00:00:00+02:00",
        "canceled_at": None,
        "a_field_added_later": True,
    }
    server.script(Reply(200, subscription))
    with client(server) as c:
        sub = c.subscriptions.cancel_subscription(subscription_id="sub_1")
    assert sub.status == "paused_for_a_new_reason"
    assert isinstance(sub.payment_method, models.BankAccount)
    assert sub.payment_method.last4 == "1234"
    assert sub.current_period_end.utcoffset() == datetime.timedelta(hours=2)
    assert sub.to_dict()["payment_method"]["type"] == "bank_account"
    assert models.Subscription.from_dict(sub.to_dict()) == sub


def test_extra_query_and_body_reach_the_wire(server: Server) -> None:
    server.script(Reply(201, TRANSFER))
    with client(server) as c:
        c.transfers.create_transfer(
            amount=1,
            currency="eur",
            vendor_id="v",
            extra_query={"beta": "true"},
            extra_body={"added_later": [1], "amount": 2},
        )
    assert server.seen[0].path == "/v2/transfers?beta=true"
    assert server.seen[0].json() == {
        "amount": 2,
        "currency": "eur",
        "vendor_id": "v",
        "added_later": [1],
    }


def test_a_union_tag_the_spec_does_not_list_is_passed_on(server: Server) -> None:
    wallet = {"type": "crypto_wallet", "network": "n", "extra": [1, 2]}
    subscription = {
        "id": "sub_1",
        "object": "subscription",
        "customer_id": "cus_1",
        "plan": "plan_pro",
        "status": "active",
        "payment_method": wallet,
        "current_period_end": "2024-06-01T00:00:00Z",
        "canceled_at": None,
    }
    server.script(Reply(200, subscription), Reply(200, {**subscription, "payment_method": 5}))
    with client(server) as c:
        sub = c.subscriptions.cancel_subscription(subscription_id="sub_1")
        method = sub.payment_method
        assert isinstance(method, payments.UnknownVariant)
        assert (method.tag, method.data) == ("crypto_wallet", wallet)
        assert sub.to_dict()["payment_method"] == wallet
        assert models.Subscription.from_dict(sub.to_dict()) == sub
        # Not an object at all: no tag to pass on, still an error.
        with pytest.raises(payments.ResponseValidationError):
            c.subscriptions.cancel_subscription(subscription_id="sub_1")


def test_a_malformed_success_body_is_a_typed_error(server: Server) -> None:
    server.script(Reply(200, {"id": "tr_1"}))
    with client(server) as c, pytest.raises(payments.ResponseValidationError) as caught:
        c.transfers.get_transfer(transfer_id="tr_1")
    assert caught.value.response.status == 200
    assert isinstance(caught.value, payments.SDKError)


def test_a_success_body_of_the_wrong_shape_keeps_status_body_and_request_id(
    server: Server,
) -> None:
    # Every field of the documented Transfer, each of the wrong type.
    wrong = {
        "id": 1,
        "object": 2,
        "amount": "twelve",
        "currency": False,
        "vendor_id": [],
        "status": {},
        "created": 3,
        "metadata": "m",
    }
    server.script(Reply(200, wrong, headers={"X-Request-Id": "req_7"}))
    with client(server) as c, pytest.raises(payments.ResponseValidationError) as caught:
        c.transfers.get_transfer(transfer_id="tr_1")
    error = caught.value
    assert error.status == 200
    assert json.loads(error.content) == wrong
    assert error.request_id == "req_7"
    assert "req_7" in str(error)
    assert error.attempts == 1


def wrong_shape(server: Server, body: object) -> payments.ResponseValidationError:
    """The error get_transfer raises for a success body ``body``."""
    server.script(Reply(200, body, headers={"X-Request-Id": "req_9"}))
    with client(server) as c, pytest.raises(payments.ResponseValidationError) as caught:
        c.transfers.get_transfer(transfer_id="tr_1")
    error = caught.value
    assert (error.status, error.request_id, error.attempts) == (200, "req_9", 1)
    assert json.loads(error.content) == body
    return error


def test_a_scalar_of_the_wrong_type_is_a_shape_error_that_says_where(server: Server) -> None:
    # CONTRACT.md section 6, as Rust and Node decide it.
    error = wrong_shape(server, dict(TRANSFER, amount="twelve"))
    assert error.location == "amount"
    assert "amount: expected an integer, got a string" in str(error)
    assert "twelve" not in str(error), "the message never echoes the body"
    assert "req_9" in str(error)
    assert wrong_shape(server, dict(TRANSFER, amount="1200")).location == "amount"
    assert wrong_shape(server, dict(TRANSFER, amount=1200.0)).location == "amount"
    assert wrong_shape(server, dict(TRANSFER, amount=True)).location == "amount"
    assert wrong_shape(server, dict(TRANSFER, status=7)).location == "status"


def test_null_for_a_required_property_that_is_not_nullable_is_a_shape_error(
    server: Server,
) -> None:
    error = wrong_shape(server, dict(TRANSFER, currency=None))
    assert error.location == "currency"
    assert "currency: expected a string, got null" in str(error)
    # Left out, it is missing; so is a required `const` (`object`).
    missing = {k: v for k, v in TRANSFER.items() if k != "object"}
    assert 'missing the required property "object"' in str(wrong_shape(server, missing))
    # An optional property may be null, and reads as absent.
    server.script(Reply(200, dict(TRANSFER, description=None)))
    with client(server) as c:
        assert c.transfers.get_transfer(transfer_id="tr_1").description is None


def test_a_wrong_item_deep_in_a_page_is_named_by_its_path(server: Server) -> None:
    items = [dict(TRANSFER, id="tr_1"), dict(TRANSFER, id="tr_2", metadata={"a": "b", "c": 3})]
    server.script(Reply(200, {"object": "list", "data": items, "has_more": False}))
    with client(server) as c, pytest.raises(payments.ResponseValidationError) as caught:
        list(c.transfers.list_transfers(limit=2))
    assert caught.value.location == "data[1].metadata.c"
    assert "data[1].metadata.c: expected a string, got an integer" in str(caught.value)


def test_unknown_properties_and_enum_values_are_passed_on(server: Server) -> None:
    body = dict(TRANSFER, status="on_hold_for_review", a_field_added_later={"x": [1]})
    server.script(Reply(200, body))
    with client(server) as c:
        transfer = c.transfers.get_transfer(transfer_id="tr_1")
    assert transfer.status == "on_hold_for_review"
    assert transfer.amount == 1200
    # A date-time without its zone is not RFC 3339.
    error = wrong_shape(server, dict(TRANSFER, created="2024-05-14T09:30:00"))
    assert "created: expected an RFC 3339 date-time string, got a string" in str(error)


def test_retry_after_is_honoured_and_budget_is_shared(server: Server) -> None:
    server.script(
        Reply(429, {"code": "slow_down"}, headers={"Retry-After": "0"}), Reply(200, TRANSFER)
    )
    with client(server) as c:
        raw = c.transfers.with_raw_response.get_transfer(transfer_id="tr_1")
        assert raw.attempts == 2
        assert c.retry_budget.capacity == 500
        assert c.retry_budget.level == 500


def test_to_json_converts_every_kind_of_value_as_before() -> None:
    """``to_json`` keeps plain scalars and converts dicts first, without the
    slower checks; every value gets the JSON form the full chain of checks
    gives (subclasses of the scalar types and of dict included)."""
    import base64
    import collections
    import enum
    import types

    from payments import _base

    def reference(value: object) -> Any:
        if isinstance(value, _base.Model):
            return value.to_dict()
        if isinstance(value, datetime.datetime) and value.utcoffset() is not None:
            # RFC 3339 in UTC, with Z (WIRE.md section 1).
            utc = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
            return utc.isoformat() + "Z"
        if isinstance(value, (datetime.datetime, datetime.date)):
            return value.isoformat()
        if isinstance(value, (bytes, bytearray)):
            return base64.b64encode(value).decode("ascii")
        if isinstance(value, (list, tuple)):
            return [reference(item) for item in value]
        if isinstance(value, collections.abc.Mapping):
            return {str(key): reference(item) for key, item in value.items()}
        return value

    class Shade(str, enum.Enum):
        DARK = "dark"

    class Level(enum.IntEnum):
        HIGH = 3

    class Tagged(dict):  # type: ignore[type-arg]
        pass

    transfer = models.Transfer.from_dict(TRANSFER)
    when = datetime.datetime(2024, 5, 14, 9, 30, tzinfo=datetime.timezone.utc)
    values: list[object] = [
        "text",
        1,
        1.5,
        True,
        None,
        Shade.DARK,
        Level.HIGH,
        b"\x00\xff",
        bytearray(b"ab"),
        when,
        when.date(),
        transfer,
        [transfer, (1, "a")],
        {"a": {"b": [when, b"x"]}, 2: transfer},
        collections.OrderedDict(x=Shade.DARK),
        Tagged(k=[Level.HIGH]),
        types.MappingProxyType({"m": bytearray(b"z")}),
    ]
    for value in values:
        converted = _base.to_json(value)
        assert converted == reference(value)
        assert type(converted) is type(reference(value))


def test_transfers_are_listed_across_pages_after_the_last_id(server: Server) -> None:
    # item_id: the next page starts after the last transfer seen, until
    # `has_more` is false; the caller's query keeps its order.
    first = [dict(TRANSFER, id="tr_1"), dict(TRANSFER, id="tr_2")]
    server.script(
        Reply(200, {"object": "list", "data": first, "has_more": True}),
        Reply(200, {"object": "list", "data": [dict(TRANSFER, id="tr_3")], "has_more": False}),
    )
    with client(server) as c:
        pager = c.transfers.list_transfers(limit=2)
        assert server.seen == [], "nothing is sent before the items are asked for"
        ids = [transfer.id for transfer in pager]
    assert ids == ["tr_1", "tr_2", "tr_3"]
    assert [seen.path for seen in server.seen] == [
        "/v2/transfers?limit=2",
        "/v2/transfers?limit=2&starting_after=tr_2",
    ]


async def walk_async(server: Server) -> tuple[list[str], int]:
    async with AsyncPayments(
        bearer_token="sk_test", base_url=server.url + "/v2", retry_config=TINY
    ) as c:
        pager = c.transfers.list_transfers(starting_after="tr_0", limit=1)
        first = await pager
        ids = [transfer.id async for transfer in pager]
        raw = await c.transfers.with_raw_response.list_transfers(limit=1)
        return [first.items[0].id, *ids], raw.parse().data[0].amount


def test_asyncio_pagers_walk_the_same_pages(server: Server) -> None:
    import asyncio

    server.script(
        Reply(200, {"object": "list", "data": [dict(TRANSFER, id="tr_1")], "has_more": True}),
        Reply(200, {"object": "list", "data": [dict(TRANSFER, id="tr_2")], "has_more": True}),
        Reply(200, {"object": "list", "data": [], "has_more": True}),
        Reply(200, {"object": "list", "data": [TRANSFER], "has_more": True}),
    )
    ids, amount = asyncio.run(walk_async(server))
    # `await pager` fetched the first page once; iteration reused it. An
    # empty page ends the walk although `has_more` says otherwise.
    assert ids == ["tr_1", "tr_1", "tr_2"]
    assert amount == 1200
    assert [seen.path for seen in server.seen] == [
        "/v2/transfers?limit=1&starting_after=tr_0",
        "/v2/transfers?limit=1&starting_after=tr_1",
        "/v2/transfers?limit=1&starting_after=tr_2",
        "/v2/transfers?limit=1",
    ]
