"""Every case of ``runtime/wire-vectors.json`` (the rules of
``runtime/WIRE.md``), each its own test, through the runtime's serialisers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sdkgen_runtime import (
    cookie_pairs,
    encode_form,
    format_value,
    header_param,
    path_param,
    query_param,
)

VECTORS_FILE = Path(__file__).resolve().parents[2] / "wire-vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_FILE.read_text(encoding="utf-8"))
SECTIONS = ("text", "query", "path", "header", "cookie", "form")


def cases(section: str) -> list[Any]:
    return [
        pytest.param(case, id=f"{section}-{i}-{json.dumps(case.get('value'), ensure_ascii=True)}")
        for i, case in enumerate(VECTORS[section])
    ]


def test_every_section_is_run() -> None:
    # A section added to the file without a test here would go unchecked.
    assert set(VECTORS) - {"about"} == set(SECTIONS)
    for section in SECTIONS:
        assert VECTORS[section], section


@pytest.mark.parametrize("case", cases("text"))
def test_text(case: dict[str, Any]) -> None:
    assert format_value(case["value"]) == case["out"]


@pytest.mark.parametrize("case", cases("query"))
def test_query(case: dict[str, Any]) -> None:
    pairs = query_param(
        case["name"],
        case["value"],
        style=case["style"],
        explode=case["explode"],
        allow_reserved=case.get("allow_reserved", False),
        content_type=case.get("content"),
    )
    assert "&".join(f"{k}={v}" for k, v in pairs) == case["out"]


@pytest.mark.parametrize("case", cases("path"))
def test_path(case: dict[str, Any]) -> None:
    def expand() -> str:
        return path_param(case["name"], case["value"], style=case["style"], explode=case["explode"])

    if case.get("error"):
        with pytest.raises(ValueError):
            expand()
    else:
        assert expand() == case["out"]


@pytest.mark.parametrize("case", cases("header"))
def test_header(case: dict[str, Any]) -> None:
    if case.get("error"):
        with pytest.raises(ValueError):
            header_param(case["value"], explode=case["explode"])
    else:
        assert header_param(case["value"], explode=case["explode"]) == case["out"]


@pytest.mark.parametrize("case", cases("cookie"))
def test_cookie(case: dict[str, Any]) -> None:
    pairs = cookie_pairs(case["name"], case["value"], explode=case["explode"])
    assert ("; ".join(pairs) if pairs else None) == case["out"]


@pytest.mark.parametrize("case", cases("form"))
def test_form(case: dict[str, Any]) -> None:
    fields = [(f["name"], f["style"], f["explode"], f["allow_reserved"]) for f in case["fields"]]
    assert encode_form(fields, case["value"]) == case["out"]


# -- What the vectors do not cover: the rest of WIRE.md -------------------------


def test_numbers_refuse_infinity_and_nan() -> None:
    for value in (float("inf"), float("-inf"), float("nan")):
        with pytest.raises(ValueError):
            format_value(value)
        with pytest.raises(ValueError):
            query_param("x", [value])


def test_containers_never_reach_the_wire_as_repr() -> None:
    with pytest.raises(TypeError):
        format_value({"a": 1})
    with pytest.raises(TypeError):
        format_value([1])
    # Nested in a form parameter they are compact JSON, never Python's repr.
    assert query_param("id", [{"a": True, "b": 2.0}], explode=False) == [
        ("id", "%7B%22a%22%3Atrue%2C%22b%22%3A2%7D")
    ]


def test_enum_members_are_their_values() -> None:
    import enum

    class Color(str, enum.Enum):
        RED = "red"

    class Level(enum.IntEnum):
        HIGH = 3

    assert format_value(Color.RED) == "red"
    assert format_value(Level.HIGH) == "3"
    assert query_param("c", [Color.RED, Level.HIGH], explode=False) == [("c", "red,3")]


def test_date_times_are_rfc3339_in_utc() -> None:
    import datetime

    zone = datetime.timezone(datetime.timedelta(hours=2))
    assert format_value(datetime.datetime(2024, 5, 14, 9, 30, tzinfo=zone)) == (
        "2024-05-14T07:30:00Z"
    )
    assert format_value(datetime.date(2024, 2, 29)) == "2024-02-29"


def test_json_text_is_compact_with_javascript_numbers() -> None:
    from sdkgen_runtime import json_text

    assert json_text({"a": 2.0, "b": [1e21, 1e-7], "c": "é", "d": None}) == (
        '{"a":2,"b":[1e+21,1e-7],"c":"é","d":null}'
    )


def test_form_fields_by_name_alone_take_the_default_encoding() -> None:
    fields: list[Any] = ["b", ("m", "deepObject", True, False), "a"]
    value = {"a": [1, 2], "m": {"k": "v"}, "z": 1.5, "b": {"x": "y"}}
    assert encode_form(fields, value) == "x=y&m%5Bk%5D=v&a=1&a=2&z=1.5"


def multipart(fields: Any, value: Any) -> list[tuple[list[str], bytes]]:
    """The parts of an encoded body: each one's header lines and content."""
    from sdkgen_runtime import encode_multipart

    encoded = encode_multipart(fields, value, "B")
    # A file object makes a body read while it is sent: its bytes, joined.
    body = encoded if isinstance(encoded, bytes) else b"".join(encoded.chunks())
    assert body.endswith(b"--B--\r\n")
    out = []
    for chunk in body[: -len(b"--B--\r\n")].split(b"--B\r\n")[1:]:
        head, _, content = chunk.partition(b"\r\n\r\n")
        assert content.endswith(b"\r\n")
        out.append((head.decode().split("\r\n"), content[:-2]))
    return out


def test_multipart_parts_follow_section_4() -> None:
    parts = multipart(
        [
            ("label", None),
            ("file", None),
            ("meta", None),
            ("tags", None),
            ("ids", "application/json"),
        ],
        {
            "tags": ["a", None, "b"],
            "file": b"\x00\xff",
            "label": "scan",
            "meta": {"k": 1.0},
            "ids": [1, 2],
            "extra": 2.0,
            "gone": None,
            "empty": [],
        },
    )
    assert parts == [
        (['Content-Disposition: form-data; name="label"'], b"scan"),
        (
            [
                'Content-Disposition: form-data; name="file"; filename="file"',
                "Content-Type: application/octet-stream",
            ],
            b"\x00\xff",
        ),
        (
            ['Content-Disposition: form-data; name="meta"', "Content-Type: application/json"],
            b'{"k":1}',
        ),
        (['Content-Disposition: form-data; name="tags"'], b"a"),
        (['Content-Disposition: form-data; name="tags"'], b"b"),
        (
            ['Content-Disposition: form-data; name="ids"', "Content-Type: application/json"],
            b"[1,2]",
        ),
        (['Content-Disposition: form-data; name="extra"'], b"2"),
    ]


def test_multipart_declared_types_and_file_names() -> None:
    import io

    parts = multipart(
        [("pic", "image/*, image/png"), ("note", "text/markdown"), ('a"b\n', None)],
        {"pic": ("me.png", io.BytesIO(b"png")), "note": "# hi", 'a"b\n': True},
    )
    assert parts == [
        (
            [
                'Content-Disposition: form-data; name="pic"; filename="me.png"',
                "Content-Type: image/png",
            ],
            b"png",
        ),
        (
            ['Content-Disposition: form-data; name="note"', "Content-Type: text/markdown"],
            b"# hi",
        ),
        (['Content-Disposition: form-data; name="a%22b%0A"'], b"true"),
    ]


def test_multipart_declared_style_writes_form_fields_as_text_parts() -> None:
    parts = multipart(
        [
            ("purpose", None),
            ("file_link_data", None, "deepObject", True),
            ("expand", None, "deepObject", True),
        ],
        {
            "purpose": "x",
            "file_link_data": {"create": True, "metadata": {"k": "v w"}},
            "expand": ["links"],
        },
    )
    assert parts == [
        (['Content-Disposition: form-data; name="purpose"'], b"x"),
        (['Content-Disposition: form-data; name="file_link_data[create]"'], b"true"),
        (['Content-Disposition: form-data; name="file_link_data[metadata][k]"'], b"v w"),
        (['Content-Disposition: form-data; name="expand[]"'], b"links"),
    ]
