"""Idempotency keys: validation of the caller's key, and generated keys."""

from __future__ import annotations

import uuid

from .errors import InvalidIdempotencyKeyError

__all__ = ["new_idempotency_key", "validate_idempotency_key"]


def validate_idempotency_key(key: str, max_length: int = 255) -> str:
    """Return ``key`` if it is 1..``max_length`` visible ASCII characters.

    Raises :class:`InvalidIdempotencyKeyError` otherwise; the message never
    repeats the key itself.
    """
    if not isinstance(key, str):
        raise InvalidIdempotencyKeyError(
            f"idempotency key must be a string, not {type(key).__name__}"
        )
    if not key:
        raise InvalidIdempotencyKeyError("idempotency key must not be empty")
    if len(key) > max_length:
        raise InvalidIdempotencyKeyError(
            f"idempotency key is {len(key)} characters long; at most {max_length} are allowed"
        )
    for index, char in enumerate(key):
        if not "\x21" <= char <= "\x7e":
            raise InvalidIdempotencyKeyError(
                f"idempotency key has a character outside visible ASCII at index {index}"
            )
    return key


def new_idempotency_key() -> str:
    """A fresh UUID v4, lower-case and hyphenated."""
    return str(uuid.uuid4())
