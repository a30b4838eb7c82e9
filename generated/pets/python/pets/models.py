"""The models of the Pets API: what its operations send and return.

Objects are frozen dataclasses: ``from_dict`` reads one from its JSON form and ignores fields it
does not know; ``to_dict`` gives the JSON form back. Enumerations are ``Literal`` values joined with
their base type, so a value the API adds later still reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Union

from . import _base

__all__ = ["Error", "NewPet", "Pet", "PetStatus", "UploadPetPhotoRequest"]

PetStatus = Union[Literal["available", "pending", "sold"], str]
"""Where the pet stands in the shop."""


@_base.model(frozen=True)
class NewPet(_base.Model):
    """The fields of a pet that a client sets."""

    name: str
    """The pet's name."""
    tags: list[str] | None = None
    """Free-form labels used to find the pet."""
    status: PetStatus | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NewPet:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                name=_base.check(data["name"], "name", _base.STR),
                tags=_base.read_optional(data, "tags", _base.STR_LIST),
                status=_base.check_optional(data.get("status"), "status", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"name": self.name}
        if self.tags is not None:
            data["tags"] = self.tags
        if self.status is not None:
            data["status"] = self.status
        return data


@_base.model(frozen=True)
class Pet(_base.Model):
    """A pet in the catalogue."""

    name: str
    """The pet's name."""
    id: int
    """The pet's id, set by the server."""
    tags: list[str] | None = None
    """Free-form labels used to find the pet."""
    status: PetStatus | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pet:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                name=_base.check(data["name"], "name", _base.STR),
                tags=_base.read_optional(data, "tags", _base.STR_LIST),
                status=_base.check_optional(data.get("status"), "status", _base.STR),
                id=_base.check(data["id"], "id", _base.INT),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"name": self.name}
        if self.tags is not None:
            data["tags"] = self.tags
        if self.status is not None:
            data["status"] = self.status
        data["id"] = self.id
        return data


@_base.model(frozen=True)
class Error(_base.Model):
    code: int
    """The HTTP status of the response, repeated."""
    message: str
    """What went wrong, for a human reader."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Error:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                code=_base.check(data["code"], "code", _base.INT32),
                message=_base.check(data["message"], "message", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        return data


@_base.model(frozen=True)
class UploadPetPhotoRequest(_base.Model):
    file: bytes
    """The image file."""
    caption: str | None = None
    """A short text shown under the photo."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UploadPetPhotoRequest:
        """Reads the object from its JSON form; fields it does not know are ignored.

        Raises ``_base.ShapeError`` when it does not have the documented shape.
        """
        try:
            return cls(
                file=_base.read(data, "file", _base.parse_base64),
                caption=_base.check_optional(data.get("caption"), "caption", _base.STR),
            )
        except (KeyError, TypeError) as exc:
            raise _base.shape_failure(data, exc) from None

    def to_dict(self) -> dict[str, Any]:
        """The object's JSON form."""
        data: dict[str, Any] = {"file": _base.to_json(self.file)}
        if self.caption is not None:
            data["caption"] = self.caption
        return data
