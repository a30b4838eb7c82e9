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


def test_query_header_and_cookie_values(base: ModuleType) -> None:
    assert base.delimited_query("ids", [1, 2], " ") == [("ids", "1%202")]
    assert base.delimited_query("ids", ["a|b", "c"], "|") == [("ids", "a%7Cb%7Cc")]
    assert base.delimited_query("ids", None, "|") == []
    assert base.header_value([True, "x"]) == "true,x"
    assert base.cookie_header({"a": "1 2", "b": None, "c": ["x", "y"]}) == "a=1%202; c=x%2Cy"
    assert base.form_body([("a", "1"), ("b", "x%20y")]) == b"a=1&b=x%20y"


def test_multipart_parts(base: ModuleType) -> None:
    body = base.multipart_body(
        {
            "caption": "hi",
            "meta": {"n": 1},
            "photo": ("p.png", io.BytesIO(b"\x89PNG"), "image/png"),
            "left_out": None,
            "tags": ["a", "b"],
        },
        "B",
    )
    assert body == (
        b'--B\r\nContent-Disposition: form-data; name="caption"\r\n'
        b"Content-Type: text/plain; charset=utf-8\r\n\r\nhi\r\n"
        b'--B\r\nContent-Disposition: form-data; name="meta"\r\n'
        b'Content-Type: application/json\r\n\r\n{"n":1}\r\n'
        b'--B\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\n'
        b"Content-Type: image/png\r\n\r\n\x89PNG\r\n"
        b'--B\r\nContent-Disposition: form-data; name="tags"\r\n'
        b"Content-Type: text/plain; charset=utf-8\r\n\r\na\r\n"
        b'--B\r\nContent-Disposition: form-data; name="tags"\r\n'
        b"Content-Type: text/plain; charset=utf-8\r\n\r\nb\r\n"
        b"--B--\r\n"
    )
    assert base.multipart_boundary() != base.multipart_boundary()


def test_declared_part_types(base: ModuleType) -> None:
    declared = {"meta": "application/x-yaml", "photo": "image/jpeg", "scan": "image/tiff"}
    body = base.multipart_body(
        {"meta": "a: 1", "photo": b"\xff", "scan": ("s.png", b"\x89", "image/png")},
        "B",
        declared,
    )
    assert b'name="meta"\r\nContent-Type: application/x-yaml\r\n' in body
    assert b'filename="photo"\r\nContent-Type: image/jpeg\r\n' in body
    # The caller's own type for a file wins over the spec's.
    assert b'filename="s.png"\r\nContent-Type: image/png\r\n' in body


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
