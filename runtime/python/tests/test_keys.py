"""Idempotency key validation and generation."""

from __future__ import annotations

import re

import pytest

from sdkgen_runtime import (
    InvalidIdempotencyKeyError,
    StopReason,
    new_idempotency_key,
    validate_idempotency_key,
)

UUID_V4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


@pytest.mark.parametrize("key", ["a", "order-42", "x" * 255, "!~", "AZaz09._-:/"])
def test_valid_keys(key: str) -> None:
    assert validate_idempotency_key(key) == key


@pytest.mark.parametrize(
    "key",
    ["", "x" * 256, "with space", "tab\there", "nl\n", "del\x7f", "caf\u00e9", "\u2603"],
)
def test_invalid_keys(key: str) -> None:
    with pytest.raises(InvalidIdempotencyKeyError) as info:
        validate_idempotency_key(key)
    assert info.value.attempts == 0
    assert info.value.stop_reason is StopReason.NONE


def test_custom_max_length() -> None:
    assert validate_idempotency_key("x" * 64, 64)
    with pytest.raises(InvalidIdempotencyKeyError):
        validate_idempotency_key("x" * 65, 64)


def test_error_does_not_repeat_the_key() -> None:
    with pytest.raises(InvalidIdempotencyKeyError) as info:
        validate_idempotency_key("secret value")
    assert "secret" not in str(info.value)


def test_invalid_key_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        validate_idempotency_key("")


def test_generated_keys_are_uuid_v4() -> None:
    keys = {new_idempotency_key() for _ in range(100)}
    assert len(keys) == 100
    assert all(UUID_V4.match(k) for k in keys)
