"""The package generated from tests_generated/hostile.yaml: every identifier that
could clash is renamed, every wire name is kept, every spec string stays
inside its literal."""

from __future__ import annotations

import datetime
import inspect
import sys
import typing

import pytest

import hostile
from conftest import Reply, Server
from hostile import Hostile, RetryConfig, models

TINY = RetryConfig(base_ms=1, cap_ms=2)


def test_spec_strings_stay_inside_their_literals() -> None:
    assert '"""\n    import os' in (hostile.models.Weird.__doc__ or "")
    assert hostile.models.Weird.__dataclass_fields__["class_"].type == "str"
    assert hostile.models.Zone.__args__[0].__args__ == (  # type: ignore[attr-defined]
        "GMT+0",
        "GMT-0",
        'it\'s "quoted"',
        "back\\slash",
        "new\nline",
        "",
    )
    assert hostile._client.DEFAULT_BASE_URL == 'http://localhost:8080/base"path'


def test_keywords_get_a_trailing_underscore_and_builtins_stay() -> None:
    fields = {f.name for f in hostile.models.Weird.__dataclass_fields__.values()}
    # Keywords and the model's own methods move aside; builtins (`print`,
    # `type`) are the API's names, kept.
    for name in ["class_", "from_", "print", "type", "n_123", "a_b", "field", "self", "to_dict_"]:
        assert name in fields, name
    assert {"gmt_0", "gmt_0_2"} <= fields
    params = inspect.signature(Hostile(base_url="http://x").import_.list).parameters
    assert {"id", "class_", "timeout_", "timeout", "x_trace_id", "idempotency_key"} <= set(params)


def weird(**overrides: object) -> dict[str, object]:
    data: dict[str, object] = {
        "class": "c",
        "from": 1,
        "print": True,
        "type": "GMT+0",
        "123": 1.5,
        "a-b": "2024-01-02T03:04:05Z",
        "": "empty",
        "extra_one": "2024-01-01T00:00:00Z",
    }
    data.update(overrides)
    return data


def test_wire_names_are_kept_both_ways(server: Server) -> None:
    server.script(Reply(200, weird(nested=weird(), children=[weird()])))
    c = Hostile(key="sec ret", base_url=server.url, retry_config=TINY)
    raw = c.import_.with_raw_response.list(
        id="../id",
        class_=3,
        x_trace_id="t-1",
        timeout_=9,
        tags=["a", "b"],
        pipes=[1, 2],
        when=datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc),
        filter=models.ListFilter(zone="GMT-0"),
        session="s 1",
        x_flags=["x", "y"],
        class_2="c",
        from_=1,
        print=False,
        type="GMT-0",
        n_123=2.5,
        a_b=datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone.utc),
        param="",
    )
    parsed = raw.parse()
    assert isinstance(parsed, models.Weird)
    assert parsed.class_ == "c" and parsed.from_ == 1 and parsed.n_123 == 1.5
    assert parsed.a_b == datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
    assert parsed.field == "empty"
    # A default the spec declares is documented, never filled in or sent.
    assert parsed.level is None and parsed.limited is None and parsed.enabled is None
    assert parsed.nested is not None and parsed.nested.type == "GMT+0"
    assert parsed.additional_properties == {
        "extra_one": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
    }
    seen = server.seen[0]
    assert seen.path.startswith("/weird/..%2Fid/3?")
    assert "timeout=9" in seen.path and "tags=a,b" in seen.path and "pipes=1%7C2" in seen.path
    assert "api-key=sec%20ret" in seen.path and "filter%5Bzone%5D=GMT-0" in seen.path
    assert seen.header("X-Trace-Id") == "t-1"
    assert seen.header("X-Flags") == "x,y"
    assert seen.header("Cookie") == "session=s%201"
    assert seen.header("Idempotency-Key") is not None
    body = seen.json()
    assert isinstance(body, dict)
    assert body["class"] == "c" and body["from"] == 1 and body["print"] is False
    # RFC 3339 in UTC with Z (WIRE.md section 1); defaults left to the API.
    assert body["123"] == 2.5 and body[""] == "" and body["a-b"] == "2024-01-02T00:00:00Z"
    assert "level" not in body and "limited" not in body and "enabled" not in body


def test_unions_and_arrays(server: Server) -> None:
    server.script(
        Reply(200, [{"kind": "circle", "radius": 1.0}, {"kind": "square", "side": 2}]),
        Reply(200, ["2024-01-01T00:00:00Z"]),
    )
    c = Hostile(key="k", base_url=server.url, retry_config=TINY)
    shapes = c.models.put_shapes(body=[models.Circle(radius=1.0)])
    assert isinstance(shapes[0], models.Circle) and isinstance(shapes[1], models.Square)
    assert shapes[1].side == 2.0
    assert server.seen[0].json() == [{"kind": "circle", "radius": 1.0}]
    loose = c.models.get_loose()
    assert loose == [datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)]
    assert server.seen[1].header("Authorization") is None


def test_a_pager_reads_hostile_names_as_the_spec_wrote_them(server: Server) -> None:
    # The cursor parameter, the items field and the object holding the next
    # cursor are all named with quotes and backslashes; items are a union.
    items = 'it"""ems\\'
    meta = 'meta\'"""'
    server.script(
        Reply(200, {items: [{"kind": "circle", "radius": 1}], meta: {"next_cursor": "n/1"}}),
        Reply(200, {items: [{"kind": "square", "side": 2}], meta: {"next_cursor": None}}),
    )
    c = Hostile(key="k", base_url=server.url, retry_config=TINY)
    shapes = list(c.print_.list_pages(limit=1))
    assert isinstance(shapes[0], models.Circle) and isinstance(shapes[1], models.Square)
    assert [seen.path for seen in server.seen] == [
        "/pages?limit=1&api-key=k",
        "/pages?limit=1&cur%22%22%22sor%5C=n%2F1&api-key=k",
    ]
    doc = " ".join((c.print_.list_pages.__doc__ or "").split())
    assert 'sends `cur"""sor\\` set to the body\'s `meta\'""".next_cursor`' in doc


FORMS = "https://forms.example.com/in"
"""The path item's own server of ``/form``, its variable at its default."""


def test_form_text_and_binary_bodies(server: Server) -> None:
    server.script(
        Reply(204), Reply(200, raw=b"hi", content_type="text/plain"), Reply(200, raw=b"\x00\x01")
    )
    c = Hostile(key="k", base_url=server.url, server_urls={FORMS: server.url}, retry_config=TINY)
    # A form, not multipart (listed first): the plan's one body rule; `tags`
    # as its declared encoding says (not exploded).
    c.print_.post_form(name="a b&c", count=2, tags=["x", "y"])
    assert server.seen[0].body == b"name=a%20b%26c&count=2&tags=x,y"
    assert server.seen[0].header("Content-Type") == "application/x-www-form-urlencoded"
    assert c.print_.post_text(body="héllo") == "hi"
    assert server.seen[1].body == "héllo".encode()
    assert server.seen[1].header("Idempotency-Key") is not None
    # It answers only in binary: a download, its body read on demand.
    with c.print_.put_raw(body=b"\x00\x01") as echoed:
        assert echoed.read() == b"\x00\x01"
    assert server.seen[2].header("Content-Type") == "application/octet-stream"


def test_the_unsafe_form_post_is_not_retried(server: Server) -> None:
    server.script(Reply(502))
    c = Hostile(key="k", base_url=server.url, server_urls={FORMS: server.url}, retry_config=TINY)
    with pytest.raises(hostile.InternalServerError) as caught:
        c.print_.post_form(name="x")
    assert caught.value.stop_reason == hostile.StopReason.UNSAFE_TO_RETRY


def test_an_operation_with_its_own_server_goes_there(server: Server) -> None:
    assert hostile.resources.print_._POST_FORM.base_url == FORMS
    assert hostile.resources.print_._POST_TEXT.base_url is None
    server.script(Reply(204), Reply(200, raw=b"hi", content_type="text/plain"))
    moved = {FORMS: server.url + "/moved/"}
    c = Hostile(key="k", base_url=server.url + "/base", server_urls=moved, retry_config=TINY)
    c.print_.post_form(name="x")
    c.print_.post_text(body="y")
    # The map moves only the server it names; the rest go to base_url.
    # The API key (a query parameter) goes along.
    assert [seen.path for seen in server.seen] == ["/moved/form?api-key=k", "/base/text?api-key=k"]


@pytest.mark.asyncio
async def test_the_async_client_takes_the_same_server_map(server: Server) -> None:
    server.script(Reply(204))
    async with hostile.AsyncHostile(
        key="k", base_url=server.url, server_urls={FORMS: server.url + "/moved"}, retry_config=TINY
    ) as c:
        await c.print_.post_form(name="x")
    assert server.seen[0].path == "/moved/form?api-key=k"


def test_the_package_is_typed() -> None:
    assert models.Weird.__dataclass_fields__["from_"].type == "int"
    if sys.version_info >= (3, 10):
        # `X | None` annotations evaluate from Python 3.10 on.
        hints = typing.get_type_hints(models.Weird)
        assert hints["from_"] is int
