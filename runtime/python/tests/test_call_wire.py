"""Which credentials a call sends (CONTRACT.md section 10), the kept token
of the client-credentials flow, and the per-call extra query and body
(section 11), without a network: an httpx mock transport catches the
requests."""

from __future__ import annotations

import httpx
import pytest

from sdkgen_runtime import (
    ApiKeyAuth,
    BasicAuth,
    BearerAuth,
    CallOptions,
    ClientCredentials,
    MissingCredentialError,
    Operation,
    Request,
    RetryClass,
    SDKError,
    SyncRuntime,
)

GET = Operation(name="get", method="GET", retry_class=RetryClass.SAFE)


def runtime(seen: list[httpx.Request], **kwargs: object) -> SyncRuntime:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={})

    http = httpx.Client(transport=httpx.MockTransport(handler))
    return SyncRuntime("http://api.test/v1", http_client=http, **kwargs)  # type: ignore[arg-type]


def test_the_first_alternative_held_is_sent_alone() -> None:
    seen: list[httpx.Request] = []
    held = {"bearer": BearerAuth("t"), "key": ApiKeyAuth("X-Key", "k")}
    rt = runtime(seen, credentials=held, security=[["basic"], ["key"], ["bearer"]])
    rt.request(GET, Request("GET", "/a"))
    rt.request(GET, Request("GET", "/a"))
    both = Operation(
        name="both", method="GET", retry_class=RetryClass.SAFE, security=(("bearer", "key"),)
    )
    rt.request(both, Request("GET", "/a"))
    assert [(r.headers.get("X-Key"), r.headers.get("Authorization")) for r in seen] == [
        ("k", None),
        ("k", None),
        ("k", "Bearer t"),
    ]


def test_an_empty_alternative_is_the_last_resort() -> None:
    seen: list[httpx.Request] = []
    optional = Operation(
        name="opt", method="GET", retry_class=RetryClass.SAFE, security=((), ("bearer",))
    )
    runtime(seen, credentials={"bearer": BearerAuth("t")}).request(optional, Request("GET", "/"))
    runtime(seen, credentials={"bearer": None}).request(optional, Request("GET", "/"))
    assert [r.headers.get("Authorization") for r in seen] == ["Bearer t", None]


def test_no_alternative_held_sends_nothing_and_says_how_to_provide_one() -> None:
    seen: list[httpx.Request] = []
    rt = runtime(
        seen,
        credentials={"basic": None, "bearer": BasicAuth("u", "p")},
        security=[["basic", "key"]],
        credential_help={"basic": "username= (or X_USERNAME)"},
    )
    with pytest.raises(MissingCredentialError) as caught:
        rt.request(GET, Request("GET", "/"))
    assert seen == []
    assert caught.value.schemes == ("basic", "key")
    assert "basic (username= (or X_USERNAME)); key" in str(caught.value)
    assert rt.bucket.level == rt.bucket.capacity


def test_the_older_auth_argument_is_one_alternative_sent_on_every_call() -> None:
    seen: list[httpx.Request] = []
    rt = runtime(seen, auth=[BearerAuth("t"), ApiKeyAuth("k", "v", location="query")])
    rt.request(GET, Request("GET", "/a"))
    public = Operation(name="p", method="GET", retry_class=RetryClass.SAFE, authenticated=False)
    rt.request(public, Request("GET", "/a"))
    assert [(str(r.url), r.headers.get("Authorization")) for r in seen] == [
        ("http://api.test/v1/a?k=v", "Bearer t"),
        ("http://api.test/v1/a", None),
    ]


def test_a_cookie_key_joins_the_call_s_cookies() -> None:
    seen: list[httpx.Request] = []
    rt = runtime(seen, auth=ApiKeyAuth("sid", "a b;c", location="cookie"))
    rt.request(GET, Request("GET", "/", headers={"Cookie": "theme=dark"}))
    rt.request(GET, Request("GET", "/"))
    assert [r.headers["Cookie"] for r in seen] == ["theme=dark; sid=a%20b%3Bc", "sid=a%20b%3Bc"]


@pytest.mark.parametrize(
    ("lifetime", "kept_for"),
    [(3600, 3570.0), (60, 30.0), (59, 29.5), (2, 1.0), (None, None)],
)
def test_a_token_is_kept_until_shortly_before_it_expires(
    lifetime: int | None, kept_for: float | None
) -> None:
    scheme = ClientCredentials("/token", "id", "secret")
    body: dict[str, object] = {"access_token": "t", "token_type": "Bearer"}
    if lifetime is not None:
        body["expires_in"] = lifetime
    assert scheme.current(100.0) is None
    assert scheme.accept(body, 100.0) == "t"
    if kept_for is None:
        assert scheme.current(1e12) == "t"
    else:
        assert scheme.current(100.0 + kept_for - 0.01) == "t"
        assert scheme.current(100.0 + kept_for) is None
    scheme.drop("other")
    assert scheme._token == "t"
    scheme.drop("t")
    assert scheme.current(100.0) is None


@pytest.mark.parametrize(
    "body",
    [
        [],
        {"token_type": "bearer"},
        {"access_token": ""},
        {"access_token": "t", "token_type": "mac"},
        {"access_token": "t", "expires_in": "3600"},
        {"access_token": "t", "expires_in": True},
    ],
)
def test_a_reply_that_is_not_a_token_is_refused(body: object) -> None:
    with pytest.raises(ValueError):
        ClientCredentials("/token", "id", "secret").accept(body, 0.0)


def test_extra_query_and_body_reach_the_wire() -> None:
    seen: list[httpx.Request] = []
    rt = runtime(seen)
    post = Operation(name="post", method="POST", retry_class=RetryClass.SAFE)
    options = CallOptions(
        extra_query={"beta": "true", "tag": ["a b", "c"]},
        extra_body={"added_later": {"x": 1}, "amount": 2},
    )
    rt.request(post, Request("POST", "/t", query=[("limit", "5")], json={"amount": 1}), options)
    assert str(seen[0].url) == "http://api.test/v1/t?limit=5&beta=true&tag=a%20b&tag=c"
    assert seen[0].content == b'{"amount":2,"added_later":{"x":1}}'
    with pytest.raises(SDKError, match="extra_body needs a JSON object body"):
        rt.request(GET, Request("GET", "/t"), CallOptions(extra_body={"a": 1}))
    assert len(seen) == 1
