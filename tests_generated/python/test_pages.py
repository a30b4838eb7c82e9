"""The package generated from generator/tests/fixtures/pages.yaml (linked
from specs/pages.yaml): each paginated method returns a pager that walks
every page as runtime/CONTRACT.md section 7 says, blocking and asyncio, each
page fetched only when iteration reaches it; the requests are read back from
the server."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import accounts
import pages
from conftest import Reply, Server
from pages import AsyncPages, Pages, models


def thing(n: int) -> dict[str, object]:
    return {"id": f"t{n}", "name": f"thing {n}"}


def things(*ns: int) -> list[dict[str, object]]:
    return [thing(n) for n in ns]


def client(server: Server) -> Pages:
    # The base URL has a path: the pager keeps it, and next-page URLs must
    # stay under it.
    return Pages(base_url=server.url + "/api", max_attempts=1)


def async_client(server: Server) -> AsyncPages:
    return AsyncPages(base_url=server.url + "/api", max_attempts=1)


@dataclass
class Walk:
    """One list walked to its end: the method, its arguments, the pages the
    server answers with, and the requests the walk must send."""

    group: str
    method: str
    kwargs: dict[str, Any]
    replies: Callable[[Server], list[Reply]]
    pages: list[list[str]]
    """The ids of each page's items."""
    paths: list[str]

    @property
    def ids(self) -> list[str]:
        return [i for page in self.pages for i in page]


WALKS = [
    Walk(
        # cursor: the body's `meta.next_cursor` is sent back as `cursor`,
        # percent-encoded, until it is null.
        "cursored",
        "list_cursored",
        {"limit": 2},
        lambda s: [
            Reply(200, {"items": things(1, 2), "meta": {"next_cursor": "c2"}}),
            Reply(200, {"items": things(3, 4), "meta": {"next_cursor": "c 3/&"}}),
            Reply(200, {"items": things(5), "meta": {"next_cursor": None}}),
        ],
        [["t1", "t2"], ["t3", "t4"], ["t5"]],
        [
            "/api/cursored?limit=2",
            "/api/cursored?limit=2&cursor=c2",
            "/api/cursored?limit=2&cursor=c%203%2F%26",
        ],
    ),
    Walk(
        # offset: raised by each page's item count from the caller's offset,
        # in the place the caller's parameter had; an empty page ends it.
        "offsets",
        "list_offsets",
        {"offset": 10, "limit": 2},
        lambda s: [
            Reply(200, things(11, 12)),
            Reply(200, things(13)),
            Reply(200, []),
        ],
        [["t11", "t12"], ["t13"], []],
        [
            "/api/offsets?offset=10&limit=2",
            "/api/offsets?offset=12&limit=2",
            "/api/offsets?offset=13&limit=2",
        ],
    ),
    Walk(
        # next_url: the body's `links.next`, relative or absolute on the
        # API's origin, is followed as it is; a page without one is the last.
        "numbered",
        "list_numbered",
        {"per_page": 2},
        lambda s: [
            Reply(200, {"things": things(1, 2), "links": {"next": "numbered?page=2&per_page=2"}}),
            Reply(
                200,
                {
                    "things": things(3, 4),
                    "links": {"next": f"{s.url}/api/numbered?per_page=2&page=3"},
                },
            ),
            Reply(200, {"things": things(5), "links": {}}),
        ],
        [["t1", "t2"], ["t3", "t4"], ["t5"]],
        [
            "/api/numbered?per_page=2",
            "/api/numbered?page=2&per_page=2",
            "/api/numbered?per_page=2&page=3",
        ],
    ),
    Walk(
        # link_header: the `rel="next"` target of the Link header (a rel may
        # list several types); a page whose header has none is the last.
        "linked",
        "list_linked",
        {"per_page": 2},
        lambda s: [
            Reply(
                200,
                things(1, 2),
                headers={
                    "Link": f'<{s.url}/api/linked?page=2&per_page=2>; rel="next", '
                    f'<{s.url}/api/linked?page=3&per_page=2>; rel="last"'
                },
            ),
            Reply(
                200,
                things(3, 4),
                headers={"Link": '</api/linked?page=3&per_page=2>; rel="last next"'},
            ),
            Reply(200, things(5), headers={"Link": '</api/linked?page=2&per_page=2>; rel="prev"'}),
        ],
        [["t1", "t2"], ["t3", "t4"], ["t5"]],
        [
            "/api/linked?per_page=2",
            "/api/linked?page=2&per_page=2",
            "/api/linked?page=3&per_page=2",
        ],
    ),
    Walk(
        # cursor with has_more: `last_id` goes back as `after` until
        # `has_more` is false, whatever `last_id` says then.
        "after",
        "list_after",
        {"limit": 2},
        lambda s: [
            Reply(200, {"data": things(1, 2), "last_id": "t2", "has_more": True}),
            Reply(200, {"data": things(3, 4), "last_id": "t4", "has_more": True}),
            Reply(200, {"data": things(5), "last_id": "t5", "has_more": False}),
        ],
        [["t1", "t2"], ["t3", "t4"], ["t5"]],
        [
            "/api/after?limit=2",
            "/api/after?limit=2&after=t2",
            "/api/after?limit=2&after=t4",
        ],
    ),
]


def method_of(c: object, walk: Walk) -> Any:
    return getattr(getattr(c, walk.group), walk.method)


@pytest.mark.parametrize("walk", WALKS, ids=[w.method for w in WALKS])
def test_a_blocking_pager_walks_every_page_in_order(server: Server, walk: Walk) -> None:
    server.script(*walk.replies(server))
    with client(server) as c:
        pager = method_of(c, walk)(**walk.kwargs)
        assert isinstance(pager, pages._runtime.SyncPager)
        assert server.seen == [], "nothing is sent before the items are asked for"
        items = iter(pager)
        first = next(items)
        # The first page only, until the loop goes past its items.
        assert len(server.seen) == 1
        rest = list(items)
    assert all(isinstance(item, models.Thing) for item in [first, *rest])
    assert [item.id for item in [first, *rest]] == walk.ids
    assert [seen.method for seen in server.seen] == ["GET"] * len(walk.paths)
    assert [seen.path for seen in server.seen] == walk.paths


@pytest.mark.parametrize("walk", WALKS, ids=[w.method for w in WALKS])
def test_an_asyncio_pager_walks_every_page_in_order(server: Server, walk: Walk) -> None:
    server.script(*walk.replies(server))

    async def main() -> list[models.Thing]:
        async with async_client(server) as c:
            pager = method_of(c, walk)(**walk.kwargs)
            assert isinstance(pager, pages._runtime.AsyncPager)
            assert server.seen == []
            return [item async for item in pager]

    items = asyncio.run(main())
    assert [item.id for item in items] == walk.ids
    assert [seen.path for seen in server.seen] == walk.paths


@pytest.mark.parametrize("walk", WALKS, ids=[w.method for w in WALKS])
def test_pages_walk_page_by_page(server: Server, walk: Walk) -> None:
    server.script(*walk.replies(server))
    with client(server) as c:
        walked = list(method_of(c, walk)(**walk.kwargs).pages())
    assert [[item.id for item in page.items] for page in walked] == walk.pages
    assert [page.has_next_page() for page in walked] == [True] * (len(walked) - 1) + [False]
    assert all(page.response.status == 200 for page in walked)
    assert [seen.path for seen in server.seen] == walk.paths


def test_the_first_page_alone_is_one_request(server: Server) -> None:
    server.script(
        Reply(200, {"items": things(1, 2), "meta": {"next_cursor": "c2"}, "total": 9}),
    )
    with client(server) as c:
        pager = c.cursored.list_cursored(limit=2)
        page = pager.first_page()
        assert pager.first_page() is page, "fetched once"
    assert [item.id for item in page] == ["t1", "t2"]
    assert len(page) == 2
    assert page.has_next_page()
    assert page.body == {"items": things(1, 2), "meta": {"next_cursor": "c2"}, "total": 9}
    assert [seen.path for seen in server.seen] == ["/api/cursored?limit=2"]


def test_asyncio_await_gives_the_first_page_and_pages_go_on_from_it(server: Server) -> None:
    server.script(
        Reply(200, things(1, 2)),
        Reply(200, things(3)),
        Reply(200, []),
        Reply(200, things(3)),
    )

    async def main() -> tuple[list[str], list[list[str]]]:
        async with async_client(server) as c:
            pager = c.offsets.list_offsets(limit=2)
            first = await pager
            walked = [[item.id for item in page.items] async for page in pager.pages()]
            following = await first.next_page()
            assert following is not None
            assert [item.id for item in following] == ["t3"]
            return [item.id for item in first], walked

    first, walked = asyncio.run(main())
    assert first == ["t1", "t2"]
    assert walked == [["t1", "t2"], ["t3"], []]
    # The first page once; `next_page()` fetches again on request.
    assert [seen.path for seen in server.seen] == [
        "/api/offsets?limit=2",
        "/api/offsets?limit=2&offset=2",
        "/api/offsets?limit=2&offset=3",
        "/api/offsets?limit=2&offset=2",
    ]


def test_the_raw_twin_returns_the_first_page_response(server: Server) -> None:
    body = {"items": things(1), "meta": {"next_cursor": "c2"}}
    server.script(Reply(200, body, headers={"X-Page": "1"}))
    with client(server) as c:
        raw = c.cursored.with_raw_response.list_cursored(cursor="c1")
    assert raw.status == 200
    assert raw.headers["x-page"] == "1"
    page = raw.parse()
    assert isinstance(page, models.ListCursoredResponse)
    assert [item.id for item in page.items] == ["t1"]
    assert [seen.path for seen in server.seen] == ["/api/cursored?cursor=c1"]


def test_a_list_without_a_pagination_plan_returns_its_page(server: Server) -> None:
    server.script(Reply(200, things(1, 2)))
    with client(server) as c:
        listed = c.unpaged.list_unpaged(limit=2)
    assert [item.id for item in listed] == ["t1", "t2"]
    assert isinstance(listed, list)
    assert len(server.seen) == 1


def test_a_next_page_elsewhere_is_never_requested(server: Server) -> None:
    # The request carries the client's credentials: a next URL on another
    # origin ends the walk with an error, after the items before it.
    server.script(
        Reply(
            200, {"things": things(1), "links": {"next": "http://elsewhere.invalid/api/numbered"}}
        ),
    )
    seen: list[str] = []
    with client(server) as c, pytest.raises(pages._runtime.PaginationError, match="origin"):
        for item in c.numbered.list_numbered():
            seen.append(item.id)
    assert seen == ["t1"]
    assert len(server.seen) == 1


def test_the_same_cursor_again_ends_the_walk_with_an_error(server: Server) -> None:
    server.script(
        Reply(200, {"items": things(1), "meta": {"next_cursor": "c1"}}),
    )
    with client(server) as c:
        page = c.cursored.list_cursored(cursor="c1").first_page()
        assert page.has_next_page()
        with pytest.raises(pages.SDKError, match="same cursor"):
            page.next_page()
    assert len(server.seen) == 1


def test_methods_and_docstrings_say_what_they_return() -> None:
    sync = Pages(base_url="http://127.0.0.1:9")
    try:
        doc = " ".join((sync.cursored.list_cursored.__doc__ or "").split())
        assert "Walks every page" in doc
        assert "`cursor` set to the body's `meta.next_cursor`" in doc
        assert "``limit`` sets the size of a page" in doc
        assert "PaginationError" in doc
        annotation = inspect.signature(sync.cursored.list_cursored).return_annotation
        assert annotation == "_runtime.SyncPager[models.Thing]"
    finally:
        sync.close()
    # The asyncio method is a plain function: the pager is awaited or
    # iterated, not the call.
    assert not inspect.iscoroutinefunction(AsyncPages.__init__)
    from pages.resources.cursored import AsyncCursored

    assert not inspect.iscoroutinefunction(AsyncCursored.list_cursored)
    assert inspect.iscoroutinefunction(AsyncCursored.get_cursored)
    descriptor = pages.resources.cursored._LIST_CURSORED_PAGES
    assert descriptor == pages._runtime.Pagination(
        style="cursor",
        param="cursor",
        size_param="limit",
        items=("items",),
        next=("meta", "next_cursor"),
    )


def account(n: int) -> dict[str, object]:
    return {
        "id": f"acc_{n}",
        "email": f"{n}@example.com",
        "name": f"account {n}",
        "credits": n,
        "created_at": "2024-05-01T00:00:00Z",
    }


def test_a_page_numbered_list_counts_pages_from_the_callers(server: Server) -> None:
    # page (the audit spec's accounts): the number goes up by one from the
    # caller's, else from 1, keeping its place; an empty page ends the walk.
    server.script(
        Reply(200, {"accounts": [account(1), account(2)]}),
        Reply(200, {"accounts": [account(3)]}),
        Reply(200, {"accounts": []}),
        Reply(200, {"accounts": [account(7)]}),
        Reply(200, {"accounts": []}),
    )
    with accounts.Accounts(bearer_token="t", base_url=server.url, max_attempts=1) as c:
        walked = [a.id for a in c.accounts.list_accounts(per_page=2, email="a@b")]
        assert all(isinstance(a, accounts.models.Account) for a in c.accounts.list_accounts(page=4))
    assert walked == ["acc_1", "acc_2", "acc_3"]
    assert [seen.path for seen in server.seen] == [
        "/accounts?per_page=2&email=a%40b",
        "/accounts?per_page=2&email=a%40b&page=2",
        "/accounts?per_page=2&email=a%40b&page=3",
        "/accounts?page=4",
        "/accounts?page=5",
    ]


def test_the_pager_classes_are_at_the_package_root() -> None:
    with Pages(base_url="http://127.0.0.1:9/api") as c:
        pager = c.cursored.list_cursored()
    assert isinstance(pager, pages.SyncPager)
    assert issubclass(pages.PaginationError, pages.SDKError)
    assert {"AsyncPage", "AsyncPager", "Page", "SyncPager"} <= set(pages.__all__)


def test_the_request_id_comes_from_the_header_the_spec_declares(server: Server) -> None:
    headers = {"X-Pages-Request-Id": "pr_1", "X-Request-Id": "req_1"}
    server.script(
        Reply(200, thing(1), headers=headers),
        Reply(404, {"message": "gone"}, headers=headers),
    )
    with client(server) as c:
        raw = c.cursored.with_raw_response.get_cursored(id="t1")
        assert raw.request_id == "pr_1"
        with pytest.raises(pages.APIError) as caught:
            c.cursored.get_cursored(id="t2")
    assert caught.value.request_id == "pr_1"
    assert "request id: pr_1" in str(caught.value)
