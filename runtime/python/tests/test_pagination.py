"""The pagination scenarios of ``runtime/conformance/pagination.json``,
played against a real server on 127.0.0.1 with the blocking and the asyncio
pager: the requests each page sends, the items in order, and where it stops."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from sdkgen_runtime import (
    APIError,
    AsyncRuntime,
    Operation,
    Request,
    RetryClass,
    RetryConfig,
    SyncRuntime,
)
from sdkgen_runtime.pagination import AsyncPager, Pagination, PaginationError, SyncPager, next_link

SCENARIOS = json.loads(
    (Path(__file__).resolve().parents[2] / "conformance" / "pagination.json").read_text()
)["scenarios"]


class _PageServer:
    """Answers the scenario's exchanges in order and records each request's target."""

    def __init__(self, scenario: dict[str, Any]) -> None:
        self.exchanges = scenario["exchanges"]
        self.targets: list[str] = []
        self.used: set[int] = set()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                owner.targets.append(self.path)
                ex = owner.answer(self.path)
                if ex is None:
                    self.send_response(500)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                body = owner.fill(json.dumps(ex["body"])).encode()
                self.send_response(ex["status"])
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for name, value in ex.get("headers", {}).items():
                    self.send_header(name, owner.fill(value))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.01,), daemon=True)
        self.thread.start()

    def answer(self, target: str) -> dict[str, Any] | None:
        """The first exchange for ``target`` not answered yet, else the last
        one for it (a page fetched again gets its final answer again)."""
        matching = [i for i, ex in enumerate(self.exchanges) if ex["target"] == target]
        if not matching:
            return None
        fresh = [i for i in matching if i not in self.used]
        i = fresh[0] if fresh else matching[-1]
        self.used.add(i)
        return dict(self.exchanges[i])

    def fill(self, text: str) -> str:
        return text.replace("{base}", self.base)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[_PageServer]:
    s = _PageServer(request.param)
    yield s
    s.close()


_OP = Operation(name="listItems", method="GET", retry_class=RetryClass.SAFE)


def _plan(raw: dict[str, Any]) -> Pagination:
    return Pagination(
        style=raw["style"],
        param=raw.get("param"),
        size_param=raw.get("size_param"),
        items=tuple(raw.get("items", ())),
        next=tuple(raw.get("next", ())),
        has_more=tuple(raw.get("has_more", ())),
        item_field=raw.get("item_field"),
    )


def _request(raw: dict[str, Any]) -> Request:
    return Request("GET", raw["path"], query=[(k, v) for k, v in raw["query"]])


def _error_kind(exc: BaseException) -> str:
    if isinstance(exc, PaginationError):
        return "pagination"
    if isinstance(exc, APIError):
        return f"api_{exc.status}"
    return type(exc).__name__


def _check(scenario: dict[str, Any], s: _PageServer, ids: list[str], error: str | None) -> None:
    expect = scenario["expect"]
    assert ids == expect["items"]
    assert error == expect.get("error")
    assert s.targets == [ex["target"] for ex in scenario["exchanges"]]


def _ids(item: Any) -> str:
    return str(item["id"])


@pytest.mark.parametrize("server", SCENARIOS, ids=[s["name"] for s in SCENARIOS], indirect=True)
def test_sync_pager(server: _PageServer) -> None:
    scenario = next(s for s in SCENARIOS if s["exchanges"] is server.exchanges)
    runtime = SyncRuntime(
        server.base + scenario.get("base_path", ""),
        config=RetryConfig(),
        random=lambda: 0.0,
    )
    pager = SyncPager(
        runtime, _OP, _request(scenario["request"]), None, _plan(scenario["plan"]), _ids
    )
    seen: list[str] = []
    error = None
    try:
        for item in pager:
            seen.append(item)
    except Exception as exc:
        error = _error_kind(exc)
    runtime.close()
    _check(scenario, server, seen, error)


@pytest.mark.parametrize("server", SCENARIOS, ids=[s["name"] for s in SCENARIOS], indirect=True)
def test_async_pager(server: _PageServer) -> None:
    scenario = next(s for s in SCENARIOS if s["exchanges"] is server.exchanges)

    async def walk() -> tuple[list[str], str | None]:
        runtime = AsyncRuntime(
            server.base + scenario.get("base_path", ""),
            config=RetryConfig(),
            random=lambda: 0.0,
        )
        pager = AsyncPager(
            runtime, _OP, _request(scenario["request"]), None, _plan(scenario["plan"]), _ids
        )
        seen: list[str] = []
        error = None
        try:
            async for item in pager:
                seen.append(item)
        except Exception as exc:
            error = _error_kind(exc)
        await runtime.aclose()
        return seen, error

    seen, error = asyncio.run(walk())
    _check(scenario, server, seen, error)


def _first(name: str) -> dict[str, Any]:
    return next(s for s in SCENARIOS if s["name"] == name)


@pytest.mark.parametrize("server", [_first("cursor_until_no_cursor")], indirect=True)
def test_pages_are_fetched_only_when_needed(server: _PageServer) -> None:
    scenario = _first("cursor_until_no_cursor")
    runtime = SyncRuntime(server.base, random=lambda: 0.0)
    pager = SyncPager(
        runtime, _OP, _request(scenario["request"]), None, _plan(scenario["plan"]), _ids
    )
    page = pager.first_page()
    assert page.items == ["a", "b"]
    assert page.has_next_page()
    assert len(server.targets) == 1
    assert next(iter(pager)) == "a"
    assert len(server.targets) == 1, "the first page is fetched once"
    second = page.next_page()
    assert second is not None and second.items == ["c"]
    assert len(server.targets) == 2
    assert [len(p) for p in pager.pages()] == [2, 1, 1]
    runtime.close()


@pytest.mark.parametrize("server", [_first("cursor_until_no_cursor")], indirect=True)
def test_awaiting_the_async_pager_gives_the_first_page(server: _PageServer) -> None:
    scenario = _first("cursor_until_no_cursor")

    async def first() -> list[str]:
        runtime = AsyncRuntime(server.base, random=lambda: 0.0)
        pager = AsyncPager(
            runtime, _OP, _request(scenario["request"]), None, _plan(scenario["plan"]), _ids
        )
        page = await pager
        sizes = [len(p) async for p in pager.pages()]
        await runtime.aclose()
        assert sizes == [2, 1, 1]
        return page.items

    assert asyncio.run(first()) == ["a", "b"]
    assert len(server.targets) == 3


@pytest.mark.parametrize(
    ("header", "target"),
    [
        ('<https://x/a?page=2>; rel="next"', "https://x/a?page=2"),
        (
            '<https://x/a?page=1>; rel="prev", <https://x/a?page=3>; rel="next"',
            "https://x/a?page=3",
        ),
        ('<https://x/a?page=3>; rel="next last"', "https://x/a?page=3"),
        ("<https://x/a?page=3>; REL=Next", "https://x/a?page=3"),
        ('<https://x/a?page=1>; rel="prev"', None),
        ('<https://x/a?page=1>; title="next"', None),
        ("", None),
    ],
)
def test_next_link(header: str, target: str | None) -> None:
    assert next_link(header) == target


def test_a_plan_without_what_its_style_needs_is_refused() -> None:
    with pytest.raises(ValueError, match="query parameter"):
        Pagination(style="cursor", next=("next",))
    with pytest.raises(ValueError, match="next page"):
        Pagination(style="next_url")
    with pytest.raises(ValueError, match="unknown"):
        Pagination(style="sideways")
