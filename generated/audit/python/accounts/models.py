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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                email=_base.check(data["email"], "email", _base.STR),
                name=_base.check(data["name"], "name", _base.STR),
                plan=_base.check_optional(data.get("plan"), "plan", _base.STR),
                phone=_base.check_optional(data.get("phone", _base.NOT_GIVEN), "phone", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                email=_base.check(data["email"], "email", _base.STR),
                name=_base.check(data["name"], "name", _base.STR),
                plan=_base.check_optional(data.get("plan"), "plan", _base.STR),
                phone=_base.check_optional(data.get("phone", _base.NOT_GIVEN), "phone", _base.STR),
                id=_base.check(data["id"], "id", _base.STR),
                credits=_base.check(data["credits"], "credits", _base.INT),
                limits=_base.read_optional(data, "limits", Limits.from_dict),
                created_at=_base.read(data, "created_at", _base.parse_datetime),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                id=_base.check(data["id"], "id", _base.INT),
                kind=_base.check(data["kind"], "kind", _base.STR),
                text=_base.check(data["text"], "text", _base.STR),
                author=_base.check_optional(data.get("author"), "author", _base.STR),
                created_at=_base.read(data, "created_at", _base.parse_datetime),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                id=_base.check(data["id"], "id", _base.STR),
                amount=_base.check(data["amount"], "amount", _base.INT),
                currency=_base.check(data["currency"], "currency", _base.STR),
                status=_base.check(data["status"], "status", _base.STR),
                created_at=_base.read(data, "created_at", _base.parse_datetime),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                daily=_base.check(data["daily"], "daily", _base.INT),
                monthly=_base.check(data["monthly"], "monthly", _base.INT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                error=_base.check(data["error"], "error", _base.STR),
                details=_base.check_optional(data.get("details"), "details", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                accounts=_base.read(data, "accounts", _base.list_parser(Account.from_dict)),
                total=_base.check(data["total"], "total", _base.INT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                text=_base.check(data["text"], "text", _base.STR),
                author=_base.check_optional(data.get("author"), "author", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(credits=_base.check(data["credits"], "credits", _base.INT))
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                amount=_base.check(data["amount"], "amount", _base.INT),
                currency=_base.check(data["currency"], "currency", _base.STR),
                statement_descriptor=_base.check_optional(
                    data.get("statement_descriptor"),
                    "statement_descriptor",
                    _base.STR,
                ),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

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
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                daily_delta=_base.check_optional(data.get("daily_delta"), "daily_delta", _base.INT),
                monthly_delta=_base.check_optional(
                    data.get("monthly_delta"),
                    "monthly_delta",
                    _base.INT,
                ),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {}
        if self.daily_delta is not None:
            data["daily_delta"] = self.daily_delta
        if self.monthly_delta is not None:
            data["monthly_delta"] = self.monthly_delta
        return data
