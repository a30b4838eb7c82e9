"""The package generated from specs/wire.yaml puts on the wire what
runtime/WIRE.md says: every parameter in its style, form fields with the
operation plan's encodings, multipart parts by section 4, only what the
caller set, and responses read by their Content-Type."""

from __future__ import annotations

import inspect

import pytest

from conftest import Reply, Server
from wire import Wire, models


def client(server: Server) -> Wire:
    return Wire(base_url=server.url, max_attempts=1)


def test_form_fields_follow_their_declared_encoding(server: Server) -> None:
    server.script(Reply(200, {}))
    client(server).customers.create_customer(
        tags=["a", "b c"],
        expand=["customer", "invoice.subscription"],
        items=[
            models.CreateCustomerRequestItemsItem(price="price_1", quantity=2),
            models.CreateCustomerRequestItemsItem(price="price_2"),
        ],
        metadata={"plan": "gold"},
        description="Zoë & co",
        path="a/b c",
    )
    seen = server.seen[0]
    assert seen.header("Content-Type") == "application/x-www-form-urlencoded"
    # In the schema's order, whatever the order of the arguments.
    assert seen.body.decode() == (
        "description=Zo%C3%AB%20%26%20co"
        "&metadata%5Bplan%5D=gold"
        "&items%5B0%5D%5Bprice%5D=price_1&items%5B0%5D%5Bquantity%5D=2"
        "&items%5B1%5D%5Bprice%5D=price_2"
        "&expand%5B%5D=customer&expand%5B%5D=invoice.subscription"
        "&tags=a,b%20c"
        "&path=a/b%20c"
    )


def test_only_what_the_caller_set_is_sent(server: Server) -> None:
    server.script(Reply(200, {}), Reply(200, {}))
    repos = client(server).repos
    repos.update_repo(owner="o", repo="r", description="new")
    # A spec default is documented, never an argument's default.
    assert server.seen[0].body == b'{"description":"new"}'
    signature = inspect.signature(repos.update_repo).parameters
    assert signature["private"].default is None
    assert signature["has_issues"].default is None
    assert signature["visibility"].default is None
    assert "default, ``false``" in (repos.update_repo.__doc__ or "")
    # None for a nullable field is null; a model sends only what was set.
    repos.update_repo(
        owner="o", repo="r", homepage=None, links=models.Links(self=models.Link(href="h"))
    )
    assert server.seen[1].body == b'{"homepage":null,"links":{"self":{"href":"h"}}}'
    assert models.Links(self=models.Link(href="h")).to_dict() == {"self": {"href": "h"}}


def test_a_model_sends_null_only_where_it_was_set(server: Server) -> None:
    import wire

    assert models.Link(href="h").to_dict() == {"href": "h"}
    assert models.Link(href="h", title=None).to_dict() == {"href": "h", "title": None}
    # Read back, a field left out stays left out, and a null stays null.
    assert models.Link.from_dict({}).title is wire.NOT_GIVEN
    assert models.Link.from_dict({"title": None}).title is None
    assert models.Link.from_dict({"title": "t"}).to_dict() == {"title": "t"}
    server.script(Reply(200, {}))
    client(server).repos.update_repo(
        owner="o", repo="r", links=models.Links(html=models.Link(title=None))
    )
    assert server.seen[0].body == b'{"links":{"html":{"title":null}}}'


def test_an_optional_body_is_all_its_required_fields_or_nothing(server: Server) -> None:
    server.script(Reply(204), Reply(204))
    refunds = client(server).repos
    with pytest.raises(TypeError, match="'amount'"):
        refunds.refund(reason="duplicate")
    assert server.seen == []
    refunds.refund()
    refunds.refund(currency="eur", amount=5, reason="late")
    empty, full = server.seen
    assert empty.body == b"" and empty.header("Content-Type") is None
    # In the schema's order, whatever the arguments' (WIRE.md section 5).
    assert full.body == b'{"reason":"late","amount":5,"currency":"eur"}'


def test_models_write_their_fields_in_the_schemas_order() -> None:
    order = models.Order(total=2.5, id="o_1", tags=["a"], note="n")
    assert list(order.to_dict()) == ["note", "id", "tags", "total"]
    assert list(models.Order(id="o_2", total=1).to_dict()) == ["id", "total"]


def test_parameters_in_every_place_and_style(server: Server) -> None:
    server.script(Reply(200, {"x": 1, "y": 2}), Reply(200, {"x": 1, "y": 2}))
    params = client(server).params
    params.get_cell(
        label=[1, 2],
        matrix=models.Point(x=3, y=0.5),
        filter=models.Point(x=1, y=2.0),
        next="a/b?c&d",
        ratio=2.0,
        x_window=models.Point(x=1, y=1e21),
        ids=[1, 2],
    )
    seen = server.seen[0]
    assert seen.path == (
        "/cells/.1.2/;matrix=x,3,y,0.5"
        "?filter=%7B%22x%22%3A1%2C%22y%22%3A2%7D&next=a/b?c%26d&ratio=2"
    )
    assert seen.header("X-Window") == "x=1,y=1e+21"
    assert seen.header("X-Note") is None
    assert seen.header("Cookie") == "ids=1,2"
    # Undefined values send nothing; a value a header cannot hold is refused.
    with pytest.raises(ValueError):
        params.get_cell(label=[1], matrix=models.Point(x=1, y=1), x_note="a\r\nb")
    with pytest.raises(ValueError):
        params.get_cell(label=[], matrix=models.Point(x=1, y=1))
    params.get_cell(label=[7], matrix=models.Point(x=1, y=1), next=None, ids=[])
    assert server.seen[1].path == "/cells/.7/;matrix=x,1,y,1"
    assert server.seen[1].header("Cookie") is None


def parts(body: bytes, content_type: str) -> list[tuple[list[str], bytes]]:
    boundary = content_type.split("boundary=")[1].encode()
    out = []
    for chunk in body.split(b"--" + boundary)[1:-1]:
        head, _, content = chunk[2:].partition(b"\r\n\r\n")
        out.append((head.decode().split("\r\n"), content[:-2]))
    return out


def test_multipart_parts_follow_section_4(server: Server) -> None:
    server.script(Reply(201))
    client(server).files.upload(
        file=b"\x89PNG",
        tags=["a", "b"],
        ids=[1, 2],
        meta=models.Point(x=1, y=2.5),
        title="scan",
        pages=3,
    )
    seen = server.seen[0]
    assert parts(seen.body, seen.header("Content-Type") or "") == [
        (['Content-Disposition: form-data; name="title"'], b"scan"),
        (
            [
                'Content-Disposition: form-data; name="file"; filename="file"',
                "Content-Type: image/png",
            ],
            b"\x89PNG",
        ),
        (
            ['Content-Disposition: form-data; name="meta"', "Content-Type: application/json"],
            b'{"x":1,"y":2.5}',
        ),
        (['Content-Disposition: form-data; name="tags"'], b"a"),
        (['Content-Disposition: form-data; name="tags"'], b"b"),
        (
            ['Content-Disposition: form-data; name="ids"', "Content-Type: application/json"],
            b"[1,2]",
        ),
        (['Content-Disposition: form-data; name="pages"'], b"3"),
    ]


def test_responses_are_read_by_their_content_type(server: Server) -> None:
    files = client(server).files
    server.script(
        Reply(200, {"x": 1, "y": 2}),
        Reply(200, raw=b"x,y\n1,2\n", content_type="text/csv"),
        Reply(200, raw=b"[1]", content_type="application/pdf"),
    )
    assert files.get_report(id="r") == models.Point(x=1, y=2)
    assert files.get_report(id="r") == "x,y\n1,2\n"
    # Bytes that happen to be valid JSON are still a PDF.
    assert files.get_report(id="r") == b"[1]"


def test_a_binary_body_is_never_parsed_as_json(server: Server) -> None:
    from wire import ResponseValidationError

    server.script(Reply(200, raw=b'{"x":1,"y":2}', content_type="application/octet-stream"))
    with pytest.raises(ResponseValidationError, match="not JSON"):
        client(server).files.get_export(id="e")
