"""The models of the Payments API: what its operations send and return.

Objects are frozen dataclasses: ``from_dict`` reads one from its JSON form and ignores fields it
does not know; ``to_dict`` gives the JSON form back. Enumerations are ``Literal`` values joined with
their base type, so a value the API adds later still reads.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import Any, Literal, Union

from . import _base

__all__ = [
    "Amount",
    "BankAccount",
    "BankAccountType",
    "Card",
    "CardBrand",
    "CardType",
    "CreateRefund",
    "CreateRefundReason",
    "CreateSubscription",
    "CreateSubscriptionCustomer",
    "CreateTransfer",
    "Currency",
    "Error",
    "ListTransfersCreated",
    "Metadata",
    "PaymentMethod",
    "Refund",
    "RefundObject",
    "RefundReason",
    "RefundStatus",
    "Report",
    "ReportKind",
    "ReportObject",
    "ReportRequest",
    "ReportRequestKind",
    "ReportRowsItem",
    "Subscription",
    "SubscriptionObject",
    "SubscriptionStatus",
    "Transfer",
    "TransferList",
    "TransferListObject",
    "TransferObject",
    "TransferStatus",
    "Vendor",
    "VendorInput",
    "VendorObject",
    "VendorUpdate",
    "parse_payment_method",
]

Amount = int
"""An amount in the currency's minor unit (cents for `usd`)."""

Currency = str
"""A three-letter ISO 4217 currency code, in lower case."""

Metadata = dict[str, str]
"""Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40 characters, values up
to 500.
"""

TransferObject = Union[Literal["transfer"], str]
"""The kind of object, always `transfer`."""

TransferStatus = Union[Literal["pending", "paid", "failed"], str]
"""`pending` until the vendor's bank answers, then `paid` or `failed`. A failed transfer's amount
returns to your balance.
"""

TransferListObject = Union[Literal["list"], str]

CreateRefundReason = Union[Literal["duplicate", "fraudulent", "requested_by_customer"], str]
"""Why the transfer is refunded."""

RefundObject = Union[Literal["refund"], str]

RefundStatus = Union[Literal["pending", "succeeded", "failed"], str]

RefundReason = Union[Literal["duplicate", "fraudulent", "requested_by_customer"], str]
"""The reason given at creation, absent when none was."""

SubscriptionObject = Union[Literal["subscription"], str]

SubscriptionStatus = Union[Literal["active", "past_due", "canceled"], str]

CardType = Union[Literal["card"], str]

CardBrand = Union[Literal["visa", "mastercard", "amex", "other"], str]

BankAccountType = Union[Literal["bank_account"], str]

VendorObject = Union[Literal["vendor"], str]

ReportRequestKind = Union[Literal["balance_summary", "transfer_totals", "refund_totals"], str]

ReportObject = Union[Literal["report"], str]

ReportKind = Union[Literal["balance_summary", "transfer_totals", "refund_totals"], str]


@_base.model(frozen=True)
class CreateTransfer(_base.Model):
    """What to pay, and to whom."""

    amount: Amount
    currency: Currency
    vendor_id: str
    """The id of the vendor to pay."""
    description: str | _base.NotGiven | None = _base.NOT_GIVEN
    """A note shown on the vendor's statement; null for none."""
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateTransfer:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                amount=_base.check(data["amount"], "amount", _base.INT),
                currency=_base.check(data["currency"], "currency", _base.STR),
                vendor_id=_base.check(data["vendor_id"], "vendor_id", _base.STR),
                description=_base.check_optional(
                    data.get("description", _base.NOT_GIVEN),
                    "description",
                    _base.STR,
                ),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "amount": self.amount,
            "currency": self.currency,
            "vendor_id": self.vendor_id,
        }
        if not isinstance(self.description, _base.NotGiven):
            data["description"] = self.description
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class Transfer(_base.Model):
    """A payment from your balance to a vendor."""

    id: str
    amount: Amount
    currency: Currency
    vendor_id: str
    """The id of the vendor paid."""
    status: TransferStatus
    """`pending` until the vendor's bank answers, then `paid` or `failed`. A failed transfer's
    amount returns to your balance.
    """
    created: datetime.datetime
    """When the transfer was created."""
    description: str | None
    """The note given at creation, or null."""
    metadata: Metadata
    object: TransferObject = "transfer"
    """The kind of object, always `transfer`."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Transfer:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                id=_base.check(data["id"], "id", _base.STR),
                object=_base.check(data["object"], "object", _base.STR),
                amount=_base.check(data["amount"], "amount", _base.INT),
                currency=_base.check(data["currency"], "currency", _base.STR),
                vendor_id=_base.check(data["vendor_id"], "vendor_id", _base.STR),
                status=_base.check(data["status"], "status", _base.STR),
                created=_base.read(data, "created", _base.parse_datetime),
                description=_base.check_optional(data.get("description"), "description", _base.STR),
                metadata=_base.read(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "id": self.id,
            "object": self.object,
            "amount": self.amount,
            "currency": self.currency,
            "vendor_id": self.vendor_id,
            "status": self.status,
            "created": _base.to_json(self.created),
            "description": self.description,
            "metadata": self.metadata,
        }
        return data


@_base.model(frozen=True)
class TransferList(_base.Model):
    """One page of transfers."""

    data: list[Transfer]
    has_more: bool
    """Whether more transfers follow this page."""
    object: TransferListObject = "list"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TransferList:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                object=_base.check(data["object"], "object", _base.STR),
                data=_base.read(data, "data", _base.list_parser(Transfer.from_dict)),
                has_more=_base.check(data["has_more"], "has_more", _base.BOOL),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "object": self.object,
            "data": _base.to_json(self.data),
            "has_more": self.has_more,
        }
        return data


@_base.model(frozen=True)
class CreateRefund(_base.Model):
    """How much to refund, and why."""

    amount: Amount | None = None
    reason: CreateRefundReason | None = None
    """Why the transfer is refunded."""
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateRefund:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                amount=_base.check_optional(data.get("amount"), "amount", _base.INT),
                reason=_base.check_optional(data.get("reason"), "reason", _base.STR),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.reason is not None:
            data["reason"] = self.reason
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class Refund(_base.Model):
    """Money given back from a transfer."""

    id: str
    transfer_id: str
    """The transfer refunded."""
    amount: Amount
    currency: Currency
    status: RefundStatus
    created: datetime.datetime
    object: RefundObject = "refund"
    reason: RefundReason | None = None
    """The reason given at creation, absent when none was."""
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Refund:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                id=_base.check(data["id"], "id", _base.STR),
                object=_base.check(data["object"], "object", _base.STR),
                transfer_id=_base.check(data["transfer_id"], "transfer_id", _base.STR),
                amount=_base.check(data["amount"], "amount", _base.INT),
                currency=_base.check(data["currency"], "currency", _base.STR),
                status=_base.check(data["status"], "status", _base.STR),
                reason=_base.check_optional(data.get("reason"), "reason", _base.STR),
                created=_base.read(data, "created", _base.parse_datetime),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "id": self.id,
            "object": self.object,
            "transfer_id": self.transfer_id,
            "amount": self.amount,
            "currency": self.currency,
            "status": self.status,
        }
        if self.reason is not None:
            data["reason"] = self.reason
        data["created"] = _base.to_json(self.created)
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class CreateSubscriptionCustomer(_base.Model):
    """The customer to create."""

    email: str
    name: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateSubscriptionCustomer:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                email=_base.check(data["email"], "email", _base.STR),
                name=_base.check_optional(data.get("name"), "name", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"email": self.email}
        if self.name is not None:
            data["name"] = self.name
        return data


@_base.model(frozen=True)
class CreateSubscription(_base.Model):
    """Who to bill, for which plan, and with what."""

    customer: CreateSubscriptionCustomer
    """The customer to create."""
    plan: str
    """The id of the plan to bill."""
    payment_method_token: str
    """A token for the card or bank account, made by the client-side library so that raw payment
    details never reach your server.
    """
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateSubscription:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                customer=_base.read(data, "customer", CreateSubscriptionCustomer.from_dict),
                plan=_base.check(data["plan"], "plan", _base.STR),
                payment_method_token=_base.check(
                    data["payment_method_token"],
                    "payment_method_token",
                    _base.STR,
                ),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "customer": _base.to_json(self.customer),
            "plan": self.plan,
            "payment_method_token": self.payment_method_token,
        }
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class Subscription(_base.Model):
    """A customer billed on a recurring schedule."""

    id: str
    customer_id: str
    plan: str
    status: SubscriptionStatus
    payment_method: PaymentMethod
    current_period_end: datetime.datetime
    """When the current period ends and the next one is billed."""
    canceled_at: datetime.datetime | None
    """When the subscription was cancelled, or null while it runs."""
    object: SubscriptionObject = "subscription"
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Subscription:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                id=_base.check(data["id"], "id", _base.STR),
                object=_base.check(data["object"], "object", _base.STR),
                customer_id=_base.check(data["customer_id"], "customer_id", _base.STR),
                plan=_base.check(data["plan"], "plan", _base.STR),
                status=_base.check(data["status"], "status", _base.STR),
                payment_method=_base.read(data, "payment_method", parse_payment_method),
                current_period_end=_base.read(data, "current_period_end", _base.parse_datetime),
                canceled_at=_base.read_optional(data, "canceled_at", _base.parse_datetime),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "id": self.id,
            "object": self.object,
            "customer_id": self.customer_id,
            "plan": self.plan,
            "status": self.status,
            "payment_method": _base.to_json(self.payment_method),
            "current_period_end": _base.to_json(self.current_period_end),
            "canceled_at": _base.to_json(self.canceled_at),
        }
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class Card(_base.Model):
    """A payment card."""

    brand: CardBrand
    last4: str
    exp_month: int
    exp_year: int
    type: CardType = "card"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                type=_base.check(data["type"], "type", _base.STR),
                brand=_base.check(data["brand"], "brand", _base.STR),
                last4=_base.check(data["last4"], "last4", _base.STR),
                exp_month=_base.check(data["exp_month"], "exp_month", _base.INT),
                exp_year=_base.check(data["exp_year"], "exp_year", _base.INT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "type": self.type,
            "brand": self.brand,
            "last4": self.last4,
            "exp_month": self.exp_month,
            "exp_year": self.exp_year,
        }
        return data


@_base.model(frozen=True)
class BankAccount(_base.Model):
    """A bank account debited directly."""

    bank_name: str
    country: str
    """The bank's country, as an ISO 3166-1 alpha-2 code."""
    last4: str
    type: BankAccountType = "bank_account"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BankAccount:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                type=_base.check(data["type"], "type", _base.STR),
                bank_name=_base.check(data["bank_name"], "bank_name", _base.STR),
                country=_base.check(data["country"], "country", _base.STR),
                last4=_base.check(data["last4"], "last4", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "type": self.type,
            "bank_name": self.bank_name,
            "country": self.country,
            "last4": self.last4,
        }
        return data


@_base.model(frozen=True)
class VendorInput(_base.Model):
    """Every field of a vendor that you set."""

    name: str
    email: str
    country: str
    payout_currency: Currency
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VendorInput:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                name=_base.check(data["name"], "name", _base.STR),
                email=_base.check(data["email"], "email", _base.STR),
                country=_base.check(data["country"], "country", _base.STR),
                payout_currency=_base.check(data["payout_currency"], "payout_currency", _base.STR),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "name": self.name,
            "email": self.email,
            "country": self.country,
            "payout_currency": self.payout_currency,
        }
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class VendorUpdate(_base.Model):
    """The fields to change; those left out keep their value."""

    name: str | None = None
    email: str | None = None
    payout_currency: Currency | None = None
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VendorUpdate:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                name=_base.check_optional(data.get("name"), "name", _base.STR),
                email=_base.check_optional(data.get("email"), "email", _base.STR),
                payout_currency=_base.check_optional(
                    data.get("payout_currency"),
                    "payout_currency",
                    _base.STR,
                ),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {}
        if self.name is not None:
            data["name"] = self.name
        if self.email is not None:
            data["email"] = self.email
        if self.payout_currency is not None:
            data["payout_currency"] = self.payout_currency
        if self.metadata is not None:
            data["metadata"] = self.metadata
        return data


@_base.model(frozen=True)
class Vendor(_base.Model):
    """A business or person you pay."""

    id: str
    name: str
    email: str
    country: str
    payout_currency: Currency
    revision: int
    """Goes up by one with every change to the vendor."""
    created: datetime.datetime
    updated: datetime.datetime
    object: VendorObject = "vendor"
    metadata: Metadata | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Vendor:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                id=_base.check(data["id"], "id", _base.STR),
                object=_base.check(data["object"], "object", _base.STR),
                name=_base.check(data["name"], "name", _base.STR),
                email=_base.check(data["email"], "email", _base.STR),
                country=_base.check(data["country"], "country", _base.STR),
                payout_currency=_base.check(data["payout_currency"], "payout_currency", _base.STR),
                revision=_base.check(data["revision"], "revision", _base.INT),
                metadata=_base.read_optional(data, "metadata", _base.STR_DICT),
                created=_base.read(data, "created", _base.parse_datetime),
                updated=_base.read(data, "updated", _base.parse_datetime),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "id": self.id,
            "object": self.object,
            "name": self.name,
            "email": self.email,
            "country": self.country,
            "payout_currency": self.payout_currency,
            "revision": self.revision,
        }
        if self.metadata is not None:
            data["metadata"] = self.metadata
        data["created"] = _base.to_json(self.created)
        data["updated"] = _base.to_json(self.updated)
        return data


@_base.model(frozen=True)
class ReportRequest(_base.Model):
    """What to compute."""

    kind: ReportRequestKind
    from_: datetime.date
    """The first day of the range, included."""
    to: datetime.date
    """The last day of the range, included."""
    currency: Currency | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReportRequest:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                kind=_base.check(data["kind"], "kind", _base.STR),
                from_=_base.read(data, "from", _base.parse_date),
                to=_base.read(data, "to", _base.parse_date),
                currency=_base.check_optional(data.get("currency"), "currency", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "kind": self.kind,
            "from": _base.to_json(self.from_),
            "to": _base.to_json(self.to),
        }
        if self.currency is not None:
            data["currency"] = self.currency
        return data


@_base.model(frozen=True)
class ReportRowsItem(_base.Model):
    currency: Currency
    count: int
    """How many objects were counted."""
    total: int
    """Their total amount, in minor units."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReportRowsItem:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                currency=_base.check(data["currency"], "currency", _base.STR),
                count=_base.check(data["count"], "count", _base.INT),
                total=_base.check(data["total"], "total", _base.INT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"currency": self.currency, "count": self.count, "total": self.total}
        return data


@_base.model(frozen=True)
class Report(_base.Model):
    """Totals computed over a date range, one row per currency."""

    kind: ReportKind
    from_: datetime.date
    to: datetime.date
    rows: list[ReportRowsItem]
    object: ReportObject = "report"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Report:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                object=_base.check(data["object"], "object", _base.STR),
                kind=_base.check(data["kind"], "kind", _base.STR),
                from_=_base.read(data, "from", _base.parse_date),
                to=_base.read(data, "to", _base.parse_date),
                rows=_base.read(data, "rows", _base.list_parser(ReportRowsItem.from_dict)),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "object": self.object,
            "kind": self.kind,
            "from": _base.to_json(self.from_),
            "to": _base.to_json(self.to),
            "rows": _base.to_json(self.rows),
        }
        return data


@_base.model(frozen=True)
class Error(_base.Model):
    """Why a request failed."""

    code: str
    """A stable, machine-readable code."""
    message: str
    """What went wrong, for a human reader."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Error:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                code=_base.check(data["code"], "code", _base.STR),
                message=_base.check(data["message"], "message", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        return data


@_base.model(frozen=True)
class ListTransfersCreated(_base.Model):
    gte: datetime.datetime | None = None
    """Created at or after this instant."""
    lte: datetime.datetime | None = None
    """Created at or before this instant."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListTransfersCreated:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                gte=_base.read_optional(data, "gte", _base.parse_datetime),
                lte=_base.read_optional(data, "lte", _base.parse_datetime),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {}
        if self.gte is not None:
            data["gte"] = _base.to_json(self.gte)
        if self.lte is not None:
            data["lte"] = _base.to_json(self.lte)
        return data


PaymentMethod = Union[Card, BankAccount, _base.UnknownVariant]
"""How a customer pays."""


def parse_payment_method(data: Any) -> PaymentMethod:
    """Reads a ``PaymentMethod`` from its JSON form, by its ``type`` field (a value it does not list
    gives an ``UnknownVariant``), else as the first variant it fits.
    """
    tag = data.get("type") if isinstance(data, dict) else None
    if tag == "card":
        return Card.from_dict(data)
    if tag == "bank_account":
        return BankAccount.from_dict(data)
    if isinstance(tag, str):
        return _base.UnknownVariant(tag, data)
    parsers: list[Callable[[Any], PaymentMethod]] = [Card.from_dict, BankAccount.from_dict]
    return _base.parse_union(data, parsers, "PaymentMethod")
