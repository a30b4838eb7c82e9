"""Pagination: a list operation's pages, walked one logical call at a time.

The generator decides how an operation pages (its plan's ``pagination``) and
hands it here as a :class:`Pagination`; this module holds the one
implementation of every style, so the generated method only says which.
Each page is its own call under the retry contract (its own attempts and
deadline; the client's retry budget is shared), made only when the caller
asks for more items than the pages fetched so far hold.

Next-page URLs (a body's ``next`` URL, a ``Link: rel="next"`` header) are
followed only on the origin of the base URL the call went to: the request
carries the client's credentials, and a page must not send them elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, Optional, TypeVar, Union

import httpx

from .config import CallOptions, Operation, Request
from .core import BaseURL
from .encoding import encode_query, form_query
from .errors import SDKError
from .response import Response

if TYPE_CHECKING:
    from .async_client import AsyncRuntime
    from .sync_client import SyncRuntime

__all__ = [
    "AsyncPage",
    "AsyncPager",
    "Page",
    "Pagination",
    "PaginationError",
    "SyncPager",
]

T = TypeVar("T")

_Next = Union[Request, "PaginationError", None]
"""What a page says of the next: its request, none, or why it cannot be had."""

STYLES = ("cursor", "item_id", "offset", "page", "next_url", "link_header")


class PaginationError(SDKError):
    """A page the SDK cannot go on from: no item list where the plan says,
    the same cursor again, or a next page on another origin."""


@dataclass(frozen=True)
class Pagination:
    """How an operation's pages follow each other (the plan's pagination).

    ``items``, ``next`` and ``has_more`` are paths of field names into the
    response body; an empty ``items`` means the body is the list itself.
    """

    style: str
    param: str | None = None
    size_param: str | None = None
    items: tuple[str, ...] = ()
    next: tuple[str, ...] = ()
    has_more: tuple[str, ...] = ()
    item_field: str | None = None

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"unknown pagination style {self.style!r}")
        if self.style in ("cursor", "item_id", "offset", "page") and not self.param:
            raise ValueError(f"pagination style {self.style!r} needs its query parameter")
        if self.style in ("cursor", "next_url") and not self.next:
            raise ValueError(f"pagination style {self.style!r} needs the path to the next page")
        if self.style == "item_id" and not self.item_field:
            raise ValueError("pagination style 'item_id' needs the item's id field")


_MISSING = object()


def _dig(body: object, path: Sequence[str]) -> object:
    value = body
    for name in path:
        if not isinstance(value, dict) or name not in value:
            return _MISSING
        value = value[name]
    return value


_LINK = re.compile(r"<([^>]*)>\s*((?:;\s*[^;,]*)*)")
_REL = re.compile(r"""(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))""", re.IGNORECASE)


def next_link(value: str) -> str | None:
    """The target of the ``rel="next"`` link of a ``Link`` header (RFC 8288),
    or ``None``. A ``rel`` may list several relation types."""
    for match in _LINK.finditer(value):
        params = match.group(2)
        for rel in _REL.finditer(params):
            names = (rel.group(1) if rel.group(1) is not None else rel.group(2)).split()
            if any(name.lower() == "next" for name in names):
                return match.group(1).strip()
    return None


def _with_param(
    query: Sequence[tuple[str, str]], name: str, value: object
) -> list[tuple[str, str]]:
    """``query`` with ``name`` set to ``value``: in the place the parameter
    had, else last."""
    pairs = form_query(name, value)
    key = pairs[0][0] if pairs else name
    out: list[tuple[str, str]] = []
    placed = False
    for pair in query:
        if pair[0] == key:
            if not placed:
                out.extend(pairs)
                placed = True
            continue
        out.append(pair)
    if not placed:
        out.extend(pairs)
    return out


def _param_value(query: Sequence[tuple[str, str]], name: str) -> str | None:
    pairs = form_query(name, "x")
    key = pairs[0][0] if pairs else name
    for k, v in query:
        if k == key:
            return v
    return None


def _split_query(query: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for part in query.split("&"):
        if part:
            name, _, value = part.partition("=")
            out.append((name, value))
    return out


class _Walk:
    """What one page says of the next: the shared arithmetic of every style."""

    def __init__(self, plan: Pagination, base: BaseURL) -> None:
        self.plan = plan
        self.base = base

    def items_of(self, operation: Operation, body: object) -> list[object]:
        raw = _dig(body, self.plan.items)
        if not isinstance(raw, list):
            where = ".".join(self.plan.items) or "the body"
            raise PaginationError(f"{operation.name}: the page has no list of items at {where}")
        return raw

    def next_request(
        self,
        operation: Operation,
        request: Request,
        response: Response,
        body: object,
        items: list[object],
    ) -> Request | None:
        plan = self.plan
        if plan.has_more and _dig(body, plan.has_more) is False:
            return None
        style = plan.style
        if style == "link_header":
            link = response.headers.get("link")
            target = next_link(link) if link else None
            return self._follow(operation, request, target)
        if style == "next_url":
            url = _dig(body, plan.next)
            return self._follow(operation, request, url if isinstance(url, str) else None)
        assert plan.param is not None
        if style == "cursor":
            cursor = _dig(body, plan.next)
            if cursor is _MISSING or cursor is None or cursor == "":
                return None
            if _param_value(request.query, plan.param) == _param_value(
                form_query(plan.param, cursor), plan.param
            ):
                raise PaginationError(
                    f"{operation.name}: the server gave the same cursor again ({plan.param})"
                )
            return replace(request, query=_with_param(request.query, plan.param, cursor))
        if not items:
            return None
        if style == "item_id":
            last = items[-1]
            field = plan.item_field or "id"
            value = last.get(field) if isinstance(last, dict) else None
            if value is None or value == "":
                raise PaginationError(
                    f"{operation.name}: the last item of the page has no {field} to go on from"
                )
            return replace(request, query=_with_param(request.query, plan.param, value))
        current = _param_value(request.query, plan.param)
        if style == "offset":
            start = int(current) if current is not None and current.isdigit() else 0
            return replace(
                request, query=_with_param(request.query, plan.param, start + len(items))
            )
        number = int(current) if current is not None and current.isdigit() else 1
        return replace(request, query=_with_param(request.query, plan.param, number + 1))

    def _follow(self, operation: Operation, request: Request, target: str | None) -> Request | None:
        if not target:
            return None
        try:
            here = self.base.join(request.path, encode_query(request.query))
            url = here.join(target)
            base = httpx.URL(self.base.text)
        except httpx.InvalidURL as exc:
            raise PaginationError(
                f"{operation.name}: the next page's URL is invalid: {exc}"
            ) from exc
        if (url.scheme, url.host, url.port) != (base.scheme, base.host, base.port):
            raise PaginationError(
                f"{operation.name}: the next page is on another origin than the API's "
                f"({url.scheme}://{url.host}); the SDK does not send its credentials there"
            )
        prefix = base.raw_path.split(b"?", 1)[0].rstrip(b"/").decode("ascii")
        path = url.raw_path.split(b"?", 1)[0].decode("ascii")
        if prefix and not (path == prefix or path.startswith(prefix + "/")):
            raise PaginationError(
                f"{operation.name}: the next page ({path}) is outside the API's base path {prefix}"
            )
        next_request = replace(
            request, path=path[len(prefix) :] or "/", query=_split_query(url.query.decode("ascii"))
        )
        if next_request.path == request.path and list(next_request.query) == list(request.query):
            raise PaginationError(f"{operation.name}: the next page's URL is the page itself")
        return next_request


class _PageData(Generic[T]):
    def __init__(self, items: list[T], response: Response, body: object, next_step: _Next) -> None:
        self.items = items
        """The page's items, parsed."""
        self.response = response
        """The page's response (status, headers, attempts)."""
        self.body = body
        """The page's body as JSON, for fields beside the items (a total count)."""
        self._next = next_step

    def has_next_page(self) -> bool:
        """Whether the server says another page follows. A page whose next
        page cannot be reached (see :class:`PaginationError`) says ``True``;
        ``next_page()`` raises the error, after this page's items were used."""
        return self._next is not None

    def _next_request(self) -> Request | None:
        if isinstance(self._next, PaginationError):
            raise self._next
        return self._next

    def __iter__(self) -> Iterator[T]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


ItemFailure = Callable[
    [Operation, Response, Sequence[str], list[object], Callable[[Any], Any], Exception],
    Optional[BaseException],
]
"""What a page whose item the item reader refuses raises instead:
``hook(operation, response, items_path, items, read_item, error)``, or
``None`` to let ``error`` through."""

_item_failure: ItemFailure | None = None


def set_item_failure(hook: ItemFailure | None) -> None:
    """Sets the ``ItemFailure`` of every pager of this copy of the runtime
    (the generated package's ``_base`` sets its ``ResponseValidationError``
    there, which the runtime does not know)."""
    global _item_failure
    _item_failure = hook


class _Fetcher(Generic[T]):
    """The parts of a pager both clients share: the request of the first
    page, and turning a response into a page."""

    def __init__(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None,
        plan: Pagination,
        parse_item: Callable[[Any], T],
        base: BaseURL,
    ) -> None:
        self._operation = operation
        self._request = request
        self._options = options
        self._parse_item = parse_item
        self._walk = _Walk(plan, base)

    def _page_parts(self, request: Request, response: Response) -> tuple[list[T], object, _Next]:
        try:
            body = response.json()
        except ValueError as exc:
            raise PaginationError(f"{self._operation.name}: the page is not JSON: {exc}") from exc
        raw = self._walk.items_of(self._operation, body)
        next_step: _Next
        try:
            next_step = self._walk.next_request(self._operation, request, response, body, raw)
        except PaginationError as exc:
            next_step = exc
        try:
            items = [self._parse_item(item) for item in raw]
        except Exception as exc:
            hook = _item_failure
            error = (
                None
                if hook is None
                else hook(
                    self._operation, response, self._walk.plan.items, raw, self._parse_item, exc
                )
            )
            if error is None:
                raise
            raise error from exc
        return items, body, next_step


class Page(_PageData[T]):
    """One page of a list, from the blocking client."""

    def __init__(
        self,
        pager: SyncPager[T],
        items: list[T],
        response: Response,
        body: object,
        next_step: _Next,
    ) -> None:
        super().__init__(items, response, body, next_step)
        self._pager = pager

    def next_page(self) -> Page[T] | None:
        """Fetches the next page (one call), or ``None`` after the last."""
        request = self._next_request()
        return None if request is None else self._pager._fetch(request)


class SyncPager(_Fetcher[T]):
    """The items of every page of a list, fetched as iteration needs them.

    ``for item in pager`` walks every item of every page; ``pager.pages()``
    walks pages; ``pager.first_page()`` is the first page alone.
    """

    def __init__(
        self,
        runtime: SyncRuntime,
        operation: Operation,
        request: Request,
        options: CallOptions | None,
        plan: Pagination,
        parse_item: Callable[[Any], T],
    ) -> None:
        super().__init__(
            operation, request, options, plan, parse_item, runtime.base_url_of(operation)
        )
        self._runtime = runtime
        self._first: Page[T] | None = None

    def _fetch(self, request: Request) -> Page[T]:
        response = self._runtime.request(self._operation, request, self._options)
        items, body, next_step = self._page_parts(request, response)
        return Page(self, items, response, body, next_step)

    def first_page(self) -> Page[T]:
        """The first page (fetched once, on first use)."""
        if self._first is None:
            self._first = self._fetch(self._request)
        return self._first

    def pages(self) -> Iterator[Page[T]]:
        """Every page, the first one included, fetched one at a time."""
        page: Page[T] | None = self.first_page()
        while page is not None:
            yield page
            page = page.next_page()

    def __iter__(self) -> Iterator[T]:
        for page in self.pages():
            yield from page.items


class AsyncPage(_PageData[T]):
    """One page of a list, from the asyncio client."""

    def __init__(
        self,
        pager: AsyncPager[T],
        items: list[T],
        response: Response,
        body: object,
        next_step: _Next,
    ) -> None:
        super().__init__(items, response, body, next_step)
        self._pager = pager

    async def next_page(self) -> AsyncPage[T] | None:
        """Fetches the next page (one call), or ``None`` after the last."""
        request = self._next_request()
        return None if request is None else await self._pager._fetch(request)


class AsyncPager(_Fetcher[T]):
    """The asyncio twin of :class:`SyncPager`: ``async for item in pager``,
    ``async for page in pager.pages()``, and ``await pager`` for the first page."""

    def __init__(
        self,
        runtime: AsyncRuntime,
        operation: Operation,
        request: Request,
        options: CallOptions | None,
        plan: Pagination,
        parse_item: Callable[[Any], T],
    ) -> None:
        super().__init__(
            operation, request, options, plan, parse_item, runtime.base_url_of(operation)
        )
        self._runtime = runtime
        self._first: AsyncPage[T] | None = None

    async def _fetch(self, request: Request) -> AsyncPage[T]:
        response = await self._runtime.request(self._operation, request, self._options)
        items, body, next_step = self._page_parts(request, response)
        return AsyncPage(self, items, response, body, next_step)

    async def first_page(self) -> AsyncPage[T]:
        """The first page (fetched once, on first use)."""
        if self._first is None:
            self._first = await self._fetch(self._request)
        return self._first

    def __await__(self) -> Generator[Any, None, AsyncPage[T]]:
        return self.first_page().__await__()

    async def pages(self) -> AsyncIterator[AsyncPage[T]]:
        """Every page, the first one included, fetched one at a time."""
        page: AsyncPage[T] | None = await self.first_page()
        while page is not None:
            yield page
            page = await page.next_page()

    async def __aiter__(self) -> AsyncIterator[T]:
        async for page in self.pages():
            for item in page.items:
                yield item
