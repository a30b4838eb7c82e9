"""What the runtime works out once instead of on every call gives exactly what
working it out on every call gave: the request URL derived from the parsed
base URL, and the credentials of the built-in auth schemes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any
from unittest import mock

import httpx
import pytest

from sdkgen_runtime import (
    ApiKeyAuth,
    AsyncRuntime,
    Auth,
    BasicAuth,
    BearerAuth,
    CallOptions,
    Clock,
    Operation,
    Request,
    RetryClass,
    SDKError,
    SyncRuntime,
    call_options,
    encode_path,
    encode_query,
    form_query,
)
from sdkgen_runtime.core import BaseURL

BASES = [
    "http://api.test/v1",
    "http://api.test",
    "https://api.payments.example.com/v2",
    "http://127.0.0.1:43261/v2",
    "http://[::1]:8080/base/path",
    "http://user:pa%20ss@api.test/v1",
    "https://api.test:443/v1",  # the default port: httpx drops it
    "HTTP://API.Test/v1",  # httpx lowers the scheme and host
    "http://api.test/a b",  # httpx encodes the space
    "http://api.test/v1/./x",  # a dot segment
    "http://api.test/v1?fixed=1",  # a query in the base
    "http://api.test/caf\u00e9",
    "/relative/base",
    "api.test/v1",
    "http://api.test:12x/v1",  # not a valid port
]

# Characters that httpx keeps verbatim, that it percent-encodes, that end the
# path, and dots, percent signs and non-ASCII, so that every branch is met.
ALPHABET = "aZ09-._~!$&'()*+,;=:@/%?#[]{}`^|\\\" <>\u00e9\u4e2d\x7f\t" + "." * 6 + "%2F"
VERBATIM = "aZ09-._~!$&'()*+,;=:@/%" + "./" * 4
"""Only what the runtime puts into the parsed base as it is (dots included)."""


def random_text(rng: random.Random, longest: int, alphabet: str = ALPHABET) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest)))


def parsed(base: str, path: str, query: str) -> httpx.URL | str:
    """What parsing the whole URL gives (the runtime's way before), or the error."""
    try:
        return httpx.URL(base + path + "?" + query if query else base + path)
    except httpx.InvalidURL as exc:
        return f"InvalidURL: {exc}"


def joined(base: BaseURL, path: str, query: str) -> httpx.URL | str:
    try:
        return base.join(path, query)
    except httpx.InvalidURL as exc:
        return f"InvalidURL: {exc}"


def same(a: httpx.URL | str, b: httpx.URL | str) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return vars(a) == vars(b) and str(a) == str(b) and a.raw_path == b.raw_path


@pytest.mark.parametrize("base", BASES)
def test_joined_urls_equal_parsed_urls(base: str) -> None:
    rng = random.Random(base)
    derived = BaseURL(base)
    cases = [
        ("/transfers/tr_1", ""),
        ("/transfers", "limit=10&created%5Bgte%5D=2024-05-01T00%3A00%3A00Z"),
        ("/a/../b", ""),
        ("/a/./b", "x=1"),
        ("/..", ""),
        ("/a.b/c..d/.e", ""),
        ("/%2E%2E/x", ""),
        ("/a%zz/b%", "q=%"),
        ("", ""),
        ("x/y", ""),
        ("/x", "a?b=c/d"),
        ("/x" * 5000, ""),
    ]
    cases += [("/" + random_text(rng, 30), random_text(rng, 20)) for _ in range(1000)]
    cases += [
        ("/" + random_text(rng, 30, VERBATIM), random_text(rng, 20, VERBATIM + "?"))
        for _ in range(1000)
    ]
    cases += [
        # An id ending in "x" is never "." or "..", which encode_path refuses.
        (encode_path("/things/{id}", {"id": random_text(rng, 12) + "x"}), encode_query(q))
        for q in ([], form_query("tag", [random_text(rng, 8), random_text(rng, 8)]))
        for _ in range(200)
    ]
    for path, query in cases:
        expected = parsed(base, path, query)
        assert same(joined(derived, path, query), expected), (base, path, query)


@contextmanager
def no_url_parsing() -> Iterator[None]:
    with mock.patch.object(
        httpx._urls, "urlparse", side_effect=AssertionError("the URL was parsed")
    ):
        yield


@pytest.mark.parametrize(
    "base", ["http://api.test/v1", "https://api.test", "http://127.0.0.1:8080/v2"]
)
def test_usual_urls_are_not_parsed_again(base: str) -> None:
    derived = BaseURL(base)
    path = encode_path("/things/{id}/items", {"id": "tr_1NqF8a2eZvKYlo2C"})
    query = encode_query(form_query("tag", ["a b", "c/d"]))
    with no_url_parsing():
        url = derived.join(path, query)
    assert same(url, parsed(base, path, query))


def test_calls_send_the_derived_url_through_the_clients_mounts_and_hooks() -> None:
    """The URL reaches the HTTP client's mounts and event hooks like a parsed one."""
    seen: list[str] = []
    mounted: list[httpx.URL] = []

    def handler(request: httpx.Request) -> httpx.Response:
        mounted.append(request.url)
        return httpx.Response(200, json={})

    def unused(request: httpx.Request) -> httpx.Response:
        raise AssertionError("the default transport was used")

    http = httpx.Client(
        transport=httpx.MockTransport(unused),
        mounts={"http://api.test:8080": httpx.MockTransport(handler)},
        event_hooks={"request": [lambda r: seen.append(str(r.url))]},
    )
    runtime = SyncRuntime("http://api.test:8080/v1", http_client=http)
    runtime.request(Operation("get", "GET", RetryClass.SAFE), Request("GET", "/x/y"), None)
    assert seen == ["http://api.test:8080/v1/x/y"]
    assert same(mounted[0], httpx.URL("http://api.test:8080/v1/x/y"))


# -- credentials ------------------------------------------------------------------


class CountingAuth(Auth):
    """A scheme of the caller's own: its ``apply`` may differ per call."""

    def __init__(self) -> None:
        self.calls = 0

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        self.calls += 1
        headers["X-Call"] = str(self.calls)
        headers["Authorization"] = f"Counted {self.calls}"


class RotatingBearer(BearerAuth):
    """A subclass of a built-in scheme that changes what it sends."""

    def __init__(self) -> None:
        super().__init__("unused")
        self.calls = 0

    def apply(self, headers: MutableMapping[str, str], query: list[tuple[str, str]]) -> None:
        self.calls += 1
        headers["Authorization"] = f"Bearer rotated-{self.calls}"


def send_three(
    mode: str, auth: Any, operation: Operation | None = None, **client: Any
) -> list[httpx.Request]:
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json={})

    operation = operation or Operation("get", "GET", RetryClass.SAFE)
    request = Request("GET", "/x")
    if mode == "sync":
        with httpx.Client(transport=httpx.MockTransport(handler), **client) as http:
            runtime = SyncRuntime("http://api.test/v1", http_client=http, auth=auth)
            for n in range(3):
                runtime.request(operation, request)
                http.headers["X-Round"] = str(n)
    else:

        async def go() -> None:
            transport = httpx.MockTransport(handler)
            async with httpx.AsyncClient(transport=transport, **client) as http:
                runtime = AsyncRuntime("http://api.test/v1", http_client=http, auth=auth)
                for n in range(3):
                    await runtime.request(operation, request)
                    http.headers["X-Round"] = str(n)

        asyncio.run(go())
    return sent


MODES = pytest.mark.parametrize("mode", ["sync", "async"])


class FixedClock(Clock):
    """Time stands still, so the time-left header is the same on every call."""

    def now(self) -> float:
        return 100.0


@MODES
def test_schemes_of_the_callers_own_are_applied_on_every_call(mode: str) -> None:
    counting = CountingAuth()
    sent = send_three(mode, [BearerAuth("tok"), counting])
    assert counting.calls == 3
    assert [r.headers["x-call"] for r in sent] == ["1", "2", "3"]
    # Applied in order: the second scheme's header wins, as before.
    assert [r.headers.get_list("authorization") for r in sent] == [
        ["Counted 1"],
        ["Counted 2"],
        ["Counted 3"],
    ]


@MODES
def test_a_subclass_of_a_built_in_scheme_is_applied_on_every_call(mode: str) -> None:
    rotating = RotatingBearer()
    sent = send_three(mode, rotating)
    assert [r.headers["authorization"] for r in sent] == [
        "Bearer rotated-1",
        "Bearer rotated-2",
        "Bearer rotated-3",
    ]


@MODES
@pytest.mark.parametrize("setup", ["plain", "client content type"])
def test_built_in_schemes_are_sent_on_every_call(mode: str, setup: str) -> None:
    client: dict[str, Any] = {"headers": {"Content-Type": "text/plain"}} if setup != "plain" else {}
    auth = [
        BasicAuth("u", "p"),
        ApiKeyAuth("X-Key", "k1"),
        ApiKeyAuth("key", "q&1", location="query"),
    ]
    sent = send_three(mode, auth, **client)
    assert len(sent) == 3
    for n, request in enumerate(sent):
        assert request.headers.get_list("authorization") == ["Basic dTpw"]
        assert request.headers.get_list("x-key") == ["k1"]
        assert request.url.query == b"key=q%261"
        # The client's headers changed after each call: each call has them.
        assert request.headers.get("x-round") == (str(n - 1) if n else None)


@MODES
def test_unauthenticated_operations_get_no_built_in_credentials(mode: str) -> None:
    operation = Operation("get", "GET", RetryClass.SAFE, authenticated=False)
    sent = send_three(mode, [BearerAuth("t"), ApiKeyAuth("k", "v", location="query")], operation)
    assert all("authorization" not in r.headers and r.url.query == b"" for r in sent)


@MODES
def test_each_attempt_has_one_time_left_header(mode: str) -> None:
    responses = [httpx.Response(503), httpx.Response(503), httpx.Response(200, json={})]
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return responses.pop(0)

    operation = Operation("get", "GET", RetryClass.SAFE)
    kwargs: dict[str, Any] = {"random": lambda: 0.0, "auth": BearerAuth("t")}
    if mode == "sync":
        with httpx.Client(transport=httpx.MockTransport(handler)) as http:
            SyncRuntime("http://api.test", http_client=http, **kwargs).request(
                operation, Request("GET", "/x")
            )
    else:

        async def go() -> None:
            async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http:
                await AsyncRuntime("http://api.test", http_client=http, **kwargs).request(
                    operation, Request("GET", "/x")
                )

        asyncio.run(go())
    assert len(sent) == 3
    for request in sent:
        names = [name.lower() for name, _ in request.headers.multi_items()]
        assert names.count("request-timeout-ms") == 1
        assert names[-1] == "request-timeout-ms"
        assert request.headers["authorization"] == "Bearer t"


def test_an_invalid_base_url_still_fails_each_call() -> None:
    runtime = SyncRuntime("http://api.test:12x/v1", http_client=httpx.Client())
    with pytest.raises(SDKError, match="invalid URL"):
        runtime.request(Operation("get", "GET", RetryClass.SAFE), Request("GET", "/x"))


def test_call_options_of_no_arguments_is_none_and_otherwise_the_options() -> None:
    assert call_options() is None
    assert call_options(timeout=None, retries=None, extra_headers=None) is None
    given: dict[str, Any] = {
        "idempotency_key": "k",
        "timeout": 2.5,
        "deadline": 10.0,
        "max_attempts": 2,
        "retries": False,
        "extra_headers": {"X": "1"},
    }
    for name, value in given.items():
        assert call_options(**{name: value}) == CallOptions(**{name: value})
    assert call_options(**given) == CallOptions(**given)
    # An empty mapping of extra headers, or retries=False, is still an option.
    assert call_options(extra_headers={}) == CallOptions(extra_headers={})


@MODES
def test_no_options_and_empty_options_send_the_same(mode: str) -> None:
    sent: list[list[tuple[str, str]]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(
            [(k, v) for k, v in request.headers.multi_items() if k.lower() != "idempotency-key"]
        )
        return httpx.Response(200, json={})

    operation = Operation("make", "POST", RetryClass.KEYED)
    request = Request("POST", "/x", json={"a": 1})
    kwargs: dict[str, Any] = {"auth": BearerAuth("t"), "clock": FixedClock()}
    for options in (None, CallOptions()):
        if mode == "sync":
            with httpx.Client(transport=httpx.MockTransport(handler)) as http:
                SyncRuntime("http://api.test", http_client=http, **kwargs).request(
                    operation, request, options
                )
        else:

            async def go(options: CallOptions | None) -> None:
                async with httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http:
                    await AsyncRuntime("http://api.test", http_client=http, **kwargs).request(
                        operation, request, options
                    )

            asyncio.run(go(options))
    assert len(sent) == 2 and sent[0] == sent[1]
