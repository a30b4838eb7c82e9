"""``sdk_base/_base.py``, the module the generator copies beside ``_runtime/``
into every generated package as ``<package>/_base.py``: tested here inside a
package assembled the same way."""

from __future__ import annotations

import dataclasses
import importlib
import io
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent.parent
PACKAGE = "assembled_sdk"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = tmp_path_factory.mktemp("sdk")
    package = root / PACKAGE
    shutil.copytree(
        HERE / "sdkgen_runtime", package / "_runtime", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(HERE / "sdk_base" / "_base.py", package / "_base.py")
    (package / "__init__.py").write_text("", encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(f"{PACKAGE}._base")
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_client_config_starts_from_the_given_default(base: ModuleType) -> None:
    runtime = importlib.import_module(f"{PACKAGE}._runtime")
    spec = runtime.RetryConfig(max_attempts=5, p99_ms=400)
    made = base.client_config(None, default=spec, timeout=None, max_attempts=None, retries=None)
    assert made == spec
    # The caller's own config replaces the default; the client's own
    # arguments go over either.
    own = runtime.RetryConfig(jitter=runtime.Jitter.DECORRELATED)
    made = base.client_config(own, default=spec, timeout=2.5, max_attempts=2, retries=False)
    assert made == dataclasses.replace(own, deadline_ms=2500, max_attempts=2, retries=False)
    assert made.p99_ms is None


def test_headers_leave_out_what_has_no_text(base: ModuleType) -> None:
    runtime = importlib.import_module(f"{PACKAGE}._runtime")
    headers = base.header_map(
        ("X-Tags", runtime.header_param([True, "x"])),
        ("X-Gone", runtime.header_param([])),
        ("X-Window", runtime.header_param({"a": 1, "b": 2.0}, explode=True)),
    )
    assert headers == {"X-Tags": "true,x", "X-Window": "a=1,b=2"}


def test_an_optional_body_needs_its_required_fields_or_nothing(base: ModuleType) -> None:
    base.require_fields({}, ("amount",), "refund")
    base.require_fields({"amount": 1, "reason": "x"}, ("amount",), "refund")
    with pytest.raises(TypeError, match="'amount'"):
        base.require_fields({"reason": "x"}, ("amount",), "refund")


def test_multipart_values_keep_files(base: ModuleType) -> None:
    photo = ("p.png", io.BytesIO(b"\x89PNG"), "image/png")
    when = base.parse_date("2024-01-02")
    value = base.to_parts([b"\x00", photo, {"when": when, "raw": b"hi"}])
    assert value == [b"\x00", photo, {"when": "2024-01-02", "raw": "aGk="}]
    assert base.multipart_boundary() != base.multipart_boundary()


def test_bodies_left_out_are_no_body(base: ModuleType) -> None:
    assert base.form_content(("a",), {}, optional=True) is None
    assert base.form_content(("a",), None, optional=True) is None
    assert base.form_content(("a",), {}) == b""
    assert base.form_content(("b", "a"), {"a": "x y", "b": 2.0}) == b"b=2&a=x%20y"
    left_out = base.multipart_request(
        "POST",
        "/u",
        fields=(("f", None),),
        value={},
        media_type="multipart/form-data",
        optional=True,
    )
    assert left_out.content is None and left_out.content_type is None
    sent = base.multipart_request(
        "POST", "/u", fields=(("f", None),), value={"f": "x"}, media_type="multipart/form-data"
    )
    boundary = sent.content_type.split("boundary=")[1]
    assert (
        sent.content
        == (
            f'--{boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n'
            f"--{boundary}--\r\n"
        ).encode()
    )


def test_a_field_may_be_called_self(base: ModuleType) -> None:
    # 45 of GitHub's models (PullRequestSimpleLinks, ...) have a ``self`` field.
    namespace: dict[str, Any] = {}
    exec(  # the class as the generator writes one, against the assembled _base
        "class Links(base.Model):\n    self: str\n    cls: str | None = None\n",
        {"base": base, "__name__": base.__name__},
        namespace,
    )
    links_class = base.model(frozen=True)(namespace["Links"])
    Links: Any = links_class
    links = Links(self="s", cls="c")
    assert (links.self, links.cls) == ("s", "c")
    assert Links(self="t").self == "t"


def test_an_optional_nullable_field_keeps_left_out_apart_from_null(base: ModuleType) -> None:
    assert base.parse_given(base.NOT_GIVEN, base.parse_date) is base.NOT_GIVEN
    assert base.parse_given(None, base.parse_date) is None
    assert base.parse_given("2024-01-02", base.parse_date).isoformat() == "2024-01-02"


def test_date_times_in_json_are_utc(base: ModuleType) -> None:
    import datetime

    zone = datetime.timezone(datetime.timedelta(hours=-5))
    when = datetime.datetime(2024, 1, 2, 22, 0, tzinfo=zone)
    assert base.to_json({"at": when}) == {"at": "2024-01-03T03:00:00Z"}


def test_not_given_and_parsers(base: ModuleType) -> None:
    assert not base.NOT_GIVEN and repr(base.NOT_GIVEN) == "NOT_GIVEN"
    assert base.parse_list([1, 2], base.parse_int) == [1, 2]
    assert base.parse_optional(None, base.parse_str) is None
    assert base.parse_base64("aGk=") == b"hi"
    assert base.parse_datetime("2024-05-14T09:30:00Z").isoformat() == "2024-05-14T09:30:00+00:00"
    # A value of the wrong type is a TypeError, which ``parse_response``
    # turns into ``ResponseValidationError``.
    with pytest.raises(TypeError):
        base.parse_int("1")
    with pytest.raises(TypeError):
        base.parse_int(True)
    assert base.to_json({"when": base.parse_date("2024-01-02"), "raw": b"hi"}) == {
        "when": "2024-01-02",
        "raw": "aGk=",
    }


def test_scalars_are_checked_as_node_and_rust_check_them(base: ModuleType) -> None:
    # CONTRACT.md section 6: an integer is a whole JSON number (not a
    # boolean, not 1.0), a number an int or a float, a boolean only a
    # boolean, a string only a string; int32 within its range.
    assert base.check(3, "n", base.INT) == 3
    assert base.check(2**40, "n", base.INT) == 2**40
    assert base.check(2147483647, "n", base.INT32) == 2147483647
    assert base.check(1, "x", base.NUMBER) == 1
    assert base.check(1.5, "x", base.NUMBER) == 1.5
    assert base.check(False, "b", base.BOOL) is False
    assert base.check("", "s", base.STR) == ""
    for value, kind, expected in [
        ("12", base.INT, "an integer, got a string"),
        (True, base.INT, "an integer, got a boolean"),
        (1.0, base.INT, "an integer, got a number"),
        (2147483648, base.INT32, "a 32-bit integer, got an integer"),
        (True, base.NUMBER, "a number, got a boolean"),
        (1, base.BOOL, "a boolean, got an integer"),
        (None, base.STR, "a string, got null"),
        ({}, base.STR, "a string, got an object"),
        ([], base.STR, "a string, got an array"),
    ]:
        with pytest.raises(base.ShapeError) as caught:
            base.check(value, "amount", kind)
        assert str(caught.value) == f"amount: expected {expected}"
    # Optional: null, a property left out (``None``) and NOT_GIVEN pass.
    assert base.check_optional(None, "s", base.STR) is None
    assert base.check_optional(base.NOT_GIVEN, "s", base.STR) is base.NOT_GIVEN
    with pytest.raises(base.ShapeError, match="s: expected a string, got an integer"):
        base.check_optional(1, "s", base.STR)
    # Still a TypeError (and a ValueError), as the readers raised before.
    with pytest.raises(TypeError):
        base.parse_int("1")
    with pytest.raises(ValueError):
        base.parse_int("1")


def test_shape_errors_say_where(base: ModuleType) -> None:
    def item(value: object) -> object:
        return base.read(value, "amount", base.INT_LIST)  # type: ignore[arg-type]

    with pytest.raises(base.ShapeError) as caught:
        base.read({"data": [{"amount": [1]}, {"amount": [2, "3"]}]}, "data", base.list_parser(item))
    assert caught.value.location == "data[1].amount[1]"
    assert str(caught.value) == "data[1].amount[1]: expected an integer, got a string"
    with pytest.raises(base.ShapeError) as caught:
        base.read_optional({"meta": {"a": "b", "odd key": 2}}, "meta", base.STR_DICT)
    assert caught.value.location == 'meta["odd key"]'
    # A missing property, or an object that is not one, in from_dict's terms.
    missing = base.shape_failure({"id": "x"}, KeyError("amount"))
    assert str(missing) == 'the body: missing the required property "amount"'
    assert (
        str(base.shape_failure([1], TypeError("no")))
        == "the body: expected an object, got an array"
    )
    other = TypeError("not about the body")
    assert base.shape_failure({"amount": 1}, other) is other
    # A list of a scalar kind, all of it of that kind, is kept as it came.
    names = ["a", "b"]
    assert base.STR_LIST(names) is names
    assert base.NUMBER_LIST([1, 2.5]) == [1.0, 2.5]
    with pytest.raises(base.ShapeError) as caught:
        base.BOOL_DICT({"a": True, "b": None})
    assert caught.value.location == "b"


def test_date_times_need_their_zone(base: ModuleType) -> None:
    for text in ["2024-05-14T09:30:00+02:00", "2024-05-14t09:30:00.5z", "2024-05-14 09:30:00-0130"]:
        assert base.parse_datetime(text).tzinfo is not None
    for text in [
        "2024-05-14T09:30:00",
        "2024-02-30T09:30:00Z",
        "2024-05-14T24:00:00Z",
        "2024-05-14T09:30:00+24:00",
        "2024-05-14",
    ]:
        with pytest.raises(base.ShapeError, match="expected an RFC 3339 date-time string"):
            base.parse_datetime(text)
    assert str(base.parse_date("2024-02-29")) == "2024-02-29"
    for text in ["2023-02-29", "20240229", "2024-05-14T00:00:00Z", 20240514]:
        with pytest.raises(base.ShapeError, match="YYYY-MM-DD"):
            base.parse_date(text)


def test_an_unknown_variant_is_sent_back_as_it_came(base: ModuleType) -> None:
    data = {"kind": "wallet", "nested": {"n": [1, 2]}}
    variant = base.UnknownVariant("wallet", data)
    assert base.to_json({"source": variant}) == {"source": data}
    assert variant == base.UnknownVariant("wallet", dict(data))
    with pytest.raises(dataclasses.FrozenInstanceError):
        variant.tag = "card"


def test_constant_headers_give_way_to_the_caller_s_by_name(base: ModuleType) -> None:
    constant = {"Api-Version": "2024-01-01", "X-Sdk": "1"}
    assert base.merged_headers(constant, None) == constant
    assert base.merged_headers(constant, {"api-version": "2025-01-01"}) == {
        "X-Sdk": "1",
        "api-version": "2025-01-01",
    }
