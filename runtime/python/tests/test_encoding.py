"""Path and query encoding helpers."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import httpx
import pytest

from sdkgen_runtime import (
    deep_object_query,
    encode_path,
    encode_path_segment,
    encode_query,
    form_query,
    format_value,
    path_param,
)


@pytest.mark.parametrize(
    ("value", "encoded"),
    [
        ("abc", "abc"),
        ("a/b", "a%2Fb"),
        ("../admin", "..%2Fadmin"),
        ("...", "..."),
        ("a b", "a%20b"),
        ("a?b#c%d", "a%3Fb%23c%25d"),
        ("caf\u00e9", "caf%C3%A9"),
        (42, "42"),
        (True, "true"),
        ("~_-.", "~_-."),
    ],
)
def test_encode_path_segment(value: object, encoded: str) -> None:
    assert encode_path_segment(value) == encoded


@pytest.mark.parametrize("value", [".", ".."])
def test_empty_and_dot_segments_are_refused(value: str) -> None:
    # As in the Rust and Node runtimes: no encoding of them is safe, since
    # servers decode %2E%2E back to .. before they resolve the path.
    with pytest.raises(ValueError, match="would change the path"):
        encode_path_segment(value)
    with pytest.raises(ValueError):
        encode_path("/users/{id}", {"id": value})


def test_encoded_path_cannot_escape() -> None:
    for evil in ("../..", "a/../../b", "%2e%2e", "./."):
        path = encode_path("/users/{id}/orders", {"id": evil})
        url = httpx.URL("http://h" + path)
        assert url.raw_path.startswith(b"/users/"), url
        assert url.raw_path.endswith(b"/orders"), url
        assert url.raw_path.count(b"/") == 3, url


def test_encode_path_requires_every_parameter() -> None:
    assert encode_path("/a/{x}/b/{y}", {"x": 1, "y": "z z"}) == "/a/1/b/z%20z"
    with pytest.raises(KeyError):
        encode_path("/a/{x}", {})


def test_format_value() -> None:
    assert format_value(None) == ""
    assert format_value(False) == "false"
    assert format_value(1.5) == "1.5"


def test_form_query_scalars() -> None:
    assert form_query("q", "a b&c=d") == [("q", "a%20b%26c%3Dd")]
    assert form_query("flag", True) == [("flag", "true")]
    assert form_query("missing", None) == []


def test_form_query_arrays() -> None:
    assert form_query("tag", ["a", "b,c"]) == [("tag", "a"), ("tag", "b%2Cc")]
    assert form_query("tag", ["a", "b,c"], explode=False) == [("tag", "a,b%2Cc")]
    assert form_query("tag", [], explode=False) == []


def test_form_query_objects() -> None:
    assert form_query("f", {"x": 1, "y": "a b"}) == [("x", "1"), ("y", "a%20b")]
    assert form_query("f", {"x": 1, "y": "a b"}, explode=False) == [("f", "x,1,y,a%20b")]


def test_deep_object_query() -> None:
    pairs = deep_object_query("filter", {"name": "a&b", "age": {"gt": 3}, "ids": [1, 2]})
    assert pairs == [
        ("filter%5Bname%5D", "a%26b"),
        ("filter%5Bage%5D%5Bgt%5D", "3"),
        ("filter%5Bids%5D%5B%5D", "1"),
        ("filter%5Bids%5D%5B%5D", "2"),
    ]


def test_encode_query_round_trips_through_httpx() -> None:
    query = encode_query(form_query("tag", ["a", "b"]) + deep_object_query("f", {"k": "v w"}))
    assert query == "tag=a&tag=b&f%5Bk%5D=v%20w"
    url = httpx.URL("http://h/p?" + query)
    assert url.params.get_list("tag") == ["a", "b"]
    assert url.params["f[k]"] == "v w"


def test_encode_path_fills_each_placeholder_like_a_substitution() -> None:
    """Split once and kept per template, the result is what substituting each
    ``{name}`` in the text gives (or the same missing parameter), every time
    the template is used."""
    rng = random.Random(7)
    pieces = ["/", "a", "{id}", "{x}", "{", "}", "{}", "{{id}}", "{a{b}", "%7B", "-"]
    params: dict[str, object] = {"id": "a/b", "x": 3, "b": "..", "a": "", "{id}": "no"}

    def substituted(template: str) -> str:
        def one(match: re.Match[str]) -> str:
            name = match.group(1)
            if name not in params:
                raise KeyError(f"no value for path parameter {name!r}")
            return path_param(name, params[name])

        return re.sub(r"\{([^{}]+)\}", one, template)

    def outcome(fill: Callable[[str], str], template: str) -> str:
        try:
            return fill(template)
        except (KeyError, ValueError) as exc:
            return f"{type(exc).__name__}: {exc}"

    for _ in range(3000):
        template = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        for _ in range(2):
            got = outcome(lambda t: encode_path(t, params), template)
            assert got == outcome(substituted, template), template
