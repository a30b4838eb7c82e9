"""The models of the Accounts API: what its operations send and return.

Objects are frozen dataclasses: ``from_dict`` reads one from its JSON form and ignores fields it
does not know; ``to_dict`` gives the JSON form back. Enumerations are ``Literal`` values joined with
their base type, so a value the API adds later still reads.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, Union

from . import _base

__all__ = [
    "Account",
    "AccountInput",
    "AccountInputPlan",
    "AccountInputPlan2",
    "ActivityEntry",
    "ActivityEntryKind",
    "AddAccountNoteRequest",
    "Charge",
    "ChargeStatus",
    "CreateChargeRequest",
    "Error",
    "Limits",
    "ListAccountsResponse",
    "UpdateAccountLimitsRequest",
    "UseCreditResponse",
]

AccountInputPlan = Union[Literal["free", "team", "enterprise"], str]

AccountInputPlan2 = Union[Literal["free", "team", "enterprise"], str]

ActivityEntryKind = Union[Literal["note", "charge", "credit_used", "limits_changed"], str]

ChargeStatus = Union[Literal["succeeded", "failed"], str]


@_base.model(frozen=True)
class AccountInput(_base.Model):
    email: str
    name: str
    plan: AccountInputPlan | None = None
    """Left out, the API takes its default, ``"free"``."""
    phone: str | _base.NotGiven | None = _base.NOT_GIVEN

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AccountInput:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(
            email=data["email"],
            name=data["name"],
            plan=data.get("plan"),
            phone=data.get("phone", _base.NOT_GIVEN),
        )

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"email": self.email, "name": self.name}
        if self.plan is not None:
            data["plan"] = self.plan
        if not isinstance(self.phone, _base.NotGiven):
            data["phone"] = self.phone
        return data


@_base.model(frozen=True)
class Account(_base.Model):
    email: str
    name: str
    id: str
    credits: int
    """Prepaid credits left."""
    created_at: datetime.datetime
    plan: AccountInputPlan2 | None = None
    """Left out, the API takes its default, ``"free"``."""
    phone: str | _base.NotGiven | None = _base.NOT_GIVEN
    limits: Limits | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Account:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(
            email=data["email"],
            name=data["name"],
            plan=data.get("plan"),
            phone=data.get("phone", _base.NOT_GIVEN),
            id=data["id"],
            credits=data["credits"],
            limits=_base.parse_optional(data.get("limits"), Limits.from_dict),
            created_at=_base.parse_datetime(data["created_at"]),
        )

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"email": self.email, "name": self.name}
        if self.plan is not None:
            data["plan"] = self.plan
        if not isinstance(self.phone, _base.NotGiven):
            data["phone"] = self.phone
        data["id"] = self.id
        data["credits"] = self.credits
        if self.limits is not None:
            data["limits"] = _base.to_json(self.limits)
        data["created_at"] = _base.to_json(self.created_at)
        return data


@_base.model(frozen=True)
class ActivityEntry(_base.Model):
    id: int
    kind: ActivityEntryKind
    text: str
    created_at: datetime.datetime
    author: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ActivityEntry:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(
            id=data["id"],
            kind=data["kind"],
            text=data["text"],
            author=data.get("author"),
            created_at=_base.parse_datetime(data["created_at"]),
        )

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "text": self.text}
        if self.author is not None:
            data["author"] = self.author
        data["created_at"] = _base.to_json(self.created_at)
        return data


@_base.model(frozen=True)
class Charge(_base.Model):
    id: str
    amount: int
    currency: str
    status: ChargeStatus
    created_at: datetime.datetime

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Charge:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(
            id=data["id"],
            amount=data["amount"],
            currency=data["currency"],
            status=data["status"],
            created_at=_base.parse_datetime(data["created_at"]),
        )

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {
            "id": self.id,
            "amount": self.amount,
            "currency": self.currency,
            "status": self.status,
            "created_at": _base.to_json(self.created_at),
        }
        return data


@_base.model(frozen=True)
class Limits(_base.Model):
    daily: int
    """The daily spending limit, in cents."""
    monthly: int
    """The monthly spending limit, in cents."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Limits:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(daily=data["daily"], monthly=data["monthly"])

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"daily": self.daily, "monthly": self.monthly}
        return data


@_base.model(frozen=True)
class Error(_base.Model):
    error: str
    details: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Error:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(error=data["error"], details=data.get("details"))

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"error": self.error}
        if self.details is not None:
            data["details"] = self.details
        return data


@_base.model(frozen=True)
class ListAccountsResponse(_base.Model):
    accounts: list[Account]
    total: int
    """The number of accounts across all pages."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListAccountsResponse:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(
            accounts=_base.parse_list(data["accounts"], Account.from_dict),
            total=data["total"],
        )

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"accounts": _base.to_json(self.accounts), "total": self.total}
        return data


@_base.model(frozen=True)
class AddAccountNoteRequest(_base.Model):
    text: str
    author: str | None = None
    """Who wrote the note; the API key's owner when left out."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AddAccountNoteRequest:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(text=data["text"], author=data.get("author"))

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"text": self.text}
        if self.author is not None:
            data["author"] = self.author
        return data


@_base.model(frozen=True)
class UseCreditResponse(_base.Model):
    credits: int

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UseCreditResponse:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(credits=data["credits"])

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"credits": self.credits}
        return data


@_base.model(frozen=True)
class CreateChargeRequest(_base.Model):
    amount: int
    """The amount in cents."""
    currency: str
    statement_descriptor: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CreateChargeRequest:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(
            amount=data["amount"],
            currency=data["currency"],
            statement_descriptor=data.get("statement_descriptor"),
        )

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"amount": self.amount, "currency": self.currency}
        if self.statement_descriptor is not None:
            data["statement_descriptor"] = self.statement_descriptor
        return data


@_base.model(frozen=True)
class UpdateAccountLimitsRequest(_base.Model):
    daily_delta: int | None = None
    """Cents to add to the daily limit; negative to lower it."""
    monthly_delta: int | None = None
    """Cents to add to the monthly limit; negative to lower it."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UpdateAccountLimitsRequest:
        """Reads the object from its JSON form; fields it does not know are ignored."""
        return cls(daily_delta=data.get("daily_delta"), monthly_delta=data.get("monthly_delta"))

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {}
        if self.daily_delta is not None:
            data["daily_delta"] = self.daily_delta
        if self.monthly_delta is not None:
            data["monthly_delta"] = self.monthly_delta
        return data
