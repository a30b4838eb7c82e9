"""SyncRuntime and AsyncRuntime end to end over httpx.MockTransport: what goes
on the wire, how httpx errors are classified, errors, logging, attempt bounds."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import time
from collections.abc import Iterator
from typing import Any, Callable, Union

import httpx
import pytest

from sdkgen_runtime import (
    APIConnectionError,
    APIError,
    ApiKeyAuth,
    APITimeoutError,
    AsyncRuntime,
    Auth,
    BasicAuth,
    BearerAuth,
    CallOptions,
    Clock,
    IdempotencyInFlightError,
    IdempotencyMismatchError,
    InternalServerError,
    InvalidIdempotencyKeyError,
    NotFoundError,
    Operation,
    RateLimitError,
    Request,
    Response,
    RetryClass,
    RetryConfig,
    SDKError,
    StopReason,
    SyncRuntime,
    deadline_from_headers,
    encode_path,
    form_query,
)

Handler = Callable[[httpx.Request], httpx.Response]
Outcome = Union[Response, SDKError]


class FastClock(Clock):
    """Real monotonic time plus the injected sleeps, which return at once."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return time.monotonic() + self.offset

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.offset += seconds

    async def async_sleep(self, seconds: float) -> None:
        self.sleep(seconds)


class Recorder:
    """A MockTransport handler playing a list of steps and recording requests."""

    def __init__(self, *steps: httpx.Response | Exception) -> None:
        self.steps = list(steps)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        return step


def op(retry_class: RetryClass = RetryClass.SAFE, method: str = "GET", **kw: Any) -> Operation:
    return Operation(name="get_thing", method=method, retry_class=retry_class, **kw)


def run(
    mode: str,
    handler: Handler,
    operation: Operation,
    request: Request,
    options: CallOptions | None = None,
    **kwargs: Any,
) -> tuple[Outcome, FastClock]:
    clock = kwargs.pop("clock", None) or FastClock()
    kwargs.setdefault("random", lambda: 0.5)
    transport = httpx.MockTransport(handler)
    if mode == "sync":
        with httpx.Client(transport=transport) as http:
            runtime = SyncRuntime("http://api.test/v1", http_client=http, clock=clock, **kwargs)
            try:
                return runtime.request(operation, request, options), clock
            except SDKError as exc:
                return exc, clock

    async def go() -> Outcome:
        async with httpx.AsyncClient(transport=transport) as http:
            runtime = AsyncRuntime("http://api.test/v1", http_client=http, clock=clock, **kwargs)
            try:
                return await runtime.request(operation, request, options)
            except SDKError as exc:
                return exc

    return asyncio.run(go()), clock


MODES = pytest.mark.parametrize("mode", ["sync", "async"])


def ok(body: Any = None, status: int = 200) -> httpx.Response:
    return httpx.Response(status, json=body if body is not None else {"ok": True})


# -- the request on the wire ------------------------------------------------------


@MODES
def test_request_shape(mode: str) -> None:
    rec = Recorder(ok({"id": 1}))
    path = encode_path("/things/{id}", {"id": "a/b"})
    request = Request(
        method="POST",
        path=path,
        query=form_query("tag", ["x", "y z"]),
        headers={"X-Req": "1"},
        json={"name": "caf\u00e9"},
    )
    result, _ = run(
        mode,
        rec,
        op(RetryClass.UNSAFE, "POST"),
        request,
        CallOptions(extra_headers={"X-Extra": "2"}),
        auth=BearerAuth("tok-123"),
        default_headers={"X-Default": "d"},
        user_agent="mysdk/1.0",
    )
    assert isinstance(result, Response)
    assert result.status == 200 and result.json() == {"id": 1} and result.attempts == 1
    sent = rec.requests[0]
    assert sent.method == "POST"
    assert sent.url.raw_path == b"/v1/things/a%2Fb?tag=x&tag=y%20z"
    assert sent.headers["authorization"] == "Bearer tok-123"
    assert sent.headers["user-agent"] == "mysdk/1.0"
    assert sent.headers["x-default"] == "d"
    assert sent.headers["x-req"] == "1"
    assert sent.headers["x-extra"] == "2"
    assert sent.headers["content-type"] == "application/json"
    assert json.loads(sent.content) == {"name": "caf\u00e9"}
    assert 59_000 <= int(sent.headers["request-timeout-ms"]) <= 60_000
    assert "idempotency-key" not in sent.headers


@MODES
def test_cookie_parameters_and_a_cookie_credential_share_one_header(mode: str) -> None:
    rec = Recorder(ok(), ok())
    auth = ApiKeyAuth("Cookie", "sid=abc")
    with_params = Request(method="GET", path="/c", headers={"Cookie": "theme=dark; id=1"})
    without = Request(method="GET", path="/c")
    for request in (with_params, without):
        result, _ = run(mode, rec, op(), request, auth=auth)
        assert isinstance(result, Response)
    assert [r.headers["cookie"] for r in rec.requests] == ["theme=dark; id=1; sid=abc", "sid=abc"]


@MODES
def test_a_body_left_out_sends_no_content_type(mode: str) -> None:
    # WIRE.md section 4: an optional body the caller did not give is no body
    # at all, even where the operation names the body's media type.
    rec = Recorder(ok(), ok())
    for content in (None, b""):
        request = Request(method="PUT", path="/b", content=content, content_type="text/csv")
        result, _ = run(mode, rec, op(RetryClass.IDEMPOTENT, "PUT"), request)
        assert isinstance(result, Response)
    left_out, empty = rec.requests
    assert "content-type" not in left_out.headers and left_out.content == b""
    assert empty.headers["content-type"] == "text/csv"


@MODES
@pytest.mark.parametrize(
    ("auth", "header", "value", "query"),
    [
        (
            BasicAuth("u", "p:w"),
            "authorization",
            "Basic " + base64.b64encode(b"u:p:w").decode(),
            "",
        ),
        (ApiKeyAuth("X-Api-Key", "k1"), "x-api-key", "k1", ""),
        (ApiKeyAuth("api key", "k&1", location="query"), None, None, "api%20key=k%261"),
    ],
)
def test_auth_schemes(
    mode: str, auth: Auth, header: str | None, value: str | None, query: str
) -> None:
    rec = Recorder(ok())
    run(mode, rec, op(), Request("GET", "/x"), auth=auth)
    sent = rec.requests[0]
    if header is not None:
        assert sent.headers[header] == value
    assert sent.url.query.decode() == query


@MODES
def test_unauthenticated_operation_sends_no_credentials(mode: str) -> None:
    rec = Recorder(ok())
    run(mode, rec, op(authenticated=False), Request("GET", "/x"), auth=BearerAuth("t"))
    assert "authorization" not in rec.requests[0].headers


@MODES
def test_operation_with_its_own_server(mode: str) -> None:
    rec = Recorder(ok(), ok())
    upload = op(base_url="https://upload.example.com/v2")
    run(mode, rec, upload, Request("GET", "/files/1"))
    run(mode, rec, op(), Request("GET", "/files/1"))
    assert str(rec.requests[0].url) == "https://upload.example.com/v2/files/1"
    assert str(rec.requests[1].url) == "http://api.test/v1/files/1"


@MODES
def test_server_urls_redirect_an_operations_own_server(mode: str) -> None:
    rec = Recorder(ok(), ok())
    upload = op(base_url="https://upload.example.com")
    moved = {"https://upload.example.com": "http://127.0.0.1:9/up/"}
    run(mode, rec, upload, Request("GET", "/files/1"), server_urls=moved)
    # The map replaces only the server it names; the client's own base URL stays.
    run(mode, rec, op(), Request("GET", "/files/1"), server_urls=moved)
    assert str(rec.requests[0].url) == "http://127.0.0.1:9/up/files/1"
    assert str(rec.requests[1].url) == "http://api.test/v1/files/1"


@MODES
def test_relative_own_server_is_resolved_against_the_base_url(mode: str) -> None:
    rec = Recorder(ok())
    run(mode, rec, op(base_url="/uploads"), Request("GET", "/files/1"))
    assert str(rec.requests[0].url) == "http://api.test/uploads/files/1"


def test_auth_repr_hides_secrets() -> None:
    assert "tok" not in repr(BearerAuth("tok")) and "pw" not in repr(BasicAuth("u", "pw"))


@MODES
def test_generated_key_reused_and_custom_header(mode: str) -> None:
    rec = Recorder(httpx.Response(503), ok())
    operation = op(RetryClass.KEYED, "POST", key_header="X-Idem")
    result, _ = run(mode, rec, operation, Request("POST", "/pay", content=b"raw"))
    assert isinstance(result, Response) and result.attempts == 2
    keys = [r.headers["x-idem"] for r in rec.requests]
    assert keys[0] == keys[1] and len(keys[0]) == 36
    assert all("idempotency-key" not in r.headers for r in rec.requests)
    assert rec.requests[0].content == rec.requests[1].content == b"raw"


@MODES
def test_key_option_ignored_for_unkeyed_operations(mode: str) -> None:
    rec = Recorder(ok())
    run(mode, rec, op(), Request("GET", "/x"), CallOptions(idempotency_key="k"))
    assert "idempotency-key" not in rec.requests[0].headers


@MODES
def test_invalid_key_sends_nothing(mode: str) -> None:
    rec = Recorder(ok())
    operation = op(RetryClass.KEYED, "POST")
    result, _ = run(mode, rec, operation, Request("POST", "/x"), CallOptions(idempotency_key=""))
    assert isinstance(result, InvalidIdempotencyKeyError)
    assert result.attempts == 0 and result.stop_reason is StopReason.NONE
    assert rec.requests == []


@MODES
def test_request_timeout_header_off_and_renamed(mode: str) -> None:
    rec = Recorder(ok(), ok())
    run(mode, rec, op(), Request("GET", "/x"), config=RetryConfig(request_timeout_header=None))
    assert "request-timeout-ms" not in rec.requests[0].headers
    config = RetryConfig(request_timeout_header="X-Budget-Ms")
    run(mode, rec, op(), Request("GET", "/x"), CallOptions(timeout=2), config=config)
    assert 1000 <= int(rec.requests[1].headers["x-budget-ms"]) <= 2000


@MODES
def test_httpx_timeouts_are_the_attempt_timeout(mode: str) -> None:
    rec = Recorder(ok(), ok())
    run(mode, rec, op(p99_ms=200), Request("GET", "/x"))
    timeouts = rec.requests[0].extensions["timeout"]
    assert set(timeouts) == {"connect", "read", "write", "pool"}
    assert all(v == pytest.approx(0.6) for v in timeouts.values())
    run(mode, rec, op(p99_ms=200), Request("GET", "/x"), CallOptions(timeout=0.4))
    timeouts = rec.requests[1].extensions["timeout"]
    assert all(0.3 < v <= 0.4 for v in timeouts.values())


@MODES
def test_propagated_deadline(mode: str) -> None:
    rec = Recorder(ok())
    clock = FastClock()
    deadline = deadline_from_headers({"Request-Timeout-Ms": "1500"}, clock=clock)
    run(mode, rec, op(), Request("GET", "/x"), CallOptions(deadline=deadline), clock=clock)
    assert 1000 <= int(rec.requests[0].headers["request-timeout-ms"]) <= 1500


@MODES
def test_method_mismatch_is_rejected(mode: str) -> None:
    rec = Recorder(ok())
    result, _ = run(mode, rec, op(), Request("POST", "/x"))
    assert isinstance(result, SDKError) and rec.requests == []


@MODES
def test_deadline_already_passed(mode: str) -> None:
    rec = Recorder(ok())
    result, _ = run(mode, rec, op(), Request("GET", "/x"), CallOptions(timeout=0))
    assert isinstance(result, APITimeoutError)
    assert result.stop_reason is StopReason.DEADLINE_EXCEEDED and result.attempts == 0
    assert rec.requests == []


# -- errors ----------------------------------------------------------------------------


@MODES
def test_api_errors(mode: str) -> None:
    body = {"error": {"code": "not_found", "message": "no such thing"}}
    rec = Recorder(httpx.Response(404, json=body, headers={"X-Trace": "t1"}))
    result, _ = run(mode, rec, op(), Request("GET", "/x"))
    assert isinstance(result, NotFoundError)
    assert result.status == 404 and result.code == "not_found"
    assert result.message == "no such thing" and result.body == body
    assert result.headers["x-trace"] == "t1"
    assert result.attempts == 1 and result.stop_reason is StopReason.NOT_RETRYABLE
    assert "404" in str(result) and "not_retryable" in str(result)


@MODES
def test_exhausted_errors_carry_the_last_response(mode: str) -> None:
    rec = Recorder(httpx.Response(503), httpx.Response(502), httpx.Response(500, text="boom"))
    result, clock = run(mode, rec, op(), Request("GET", "/x"))
    assert isinstance(result, InternalServerError)
    assert result.status == 500 and result.body == "boom"
    assert result.attempts == 3 and result.stop_reason is StopReason.ATTEMPTS_EXHAUSTED
    assert clock.sleeps == [0.25, 0.5]


@MODES
def test_rate_limit_error(mode: str) -> None:
    rec = Recorder(httpx.Response(429, headers={"Retry-After": "120"}))
    result, _ = run(mode, rec, op(), Request("GET", "/x"))
    assert isinstance(result, RateLimitError)
    assert result.stop_reason is StopReason.NOT_RETRYABLE


@MODES
def test_idempotency_conflicts(mode: str) -> None:
    in_flight = {"code": "concurrent_idempotent_requests", "message": "busy"}
    mismatch = {"code": "invalid_idempotent_request", "message": "other payload"}
    operation = op(RetryClass.KEYED, "POST")
    rec = Recorder(*(httpx.Response(409, json=in_flight) for _ in range(3)))
    result, clock = run(mode, rec, operation, Request("POST", "/x"))
    assert isinstance(result, IdempotencyInFlightError)
    assert result.code == "concurrent_idempotent_requests" and result.message == "busy"
    assert result.stop_reason is StopReason.ATTEMPTS_EXHAUSTED and len(clock.sleeps) == 2
    rec = Recorder(httpx.Response(409, json=mismatch))
    result, _ = run(mode, rec, operation, Request("POST", "/x"))
    assert isinstance(result, IdempotencyMismatchError)
    assert result.stop_reason is StopReason.NOT_RETRYABLE


def _request_error(cls: type[httpx.TransportError]) -> httpx.TransportError:
    return cls("boom", request=httpx.Request("GET", "http://api.test/"))


@MODES
@pytest.mark.parametrize(
    ("exc", "error_type", "unsafe_retried"),
    [
        (httpx.ConnectError, APIConnectionError, True),
        (httpx.ConnectTimeout, APITimeoutError, True),
        (httpx.PoolTimeout, APITimeoutError, True),
        (httpx.ReadTimeout, APITimeoutError, False),
        (httpx.WriteTimeout, APITimeoutError, False),
        (httpx.ReadError, APIConnectionError, False),
        (httpx.WriteError, APIConnectionError, False),
        (httpx.RemoteProtocolError, APIConnectionError, False),
    ],
)
def test_transport_errors_on_unsafe_operations(
    mode: str,
    exc: type[httpx.TransportError],
    error_type: type[SDKError],
    unsafe_retried: bool,
) -> None:
    # p99 keeps the attempt timeout short of the deadline, so a timeout is an
    # attempt timeout, not the end of the call.
    rec = Recorder(_request_error(exc), _request_error(exc), _request_error(exc))
    result, _ = run(mode, rec, op(RetryClass.UNSAFE, "POST", p99_ms=1000), Request("POST", "/x"))
    assert type(result) is error_type
    assert isinstance(result, SDKError)
    if unsafe_retried:
        assert result.attempts == 3 and result.stop_reason is StopReason.ATTEMPTS_EXHAUSTED
    else:
        assert result.attempts == 1 and result.stop_reason is StopReason.UNSAFE_TO_RETRY
    assert isinstance(result.__cause__, exc)


@MODES
def test_local_protocol_error_is_not_retried(mode: str) -> None:
    rec = Recorder(_request_error(httpx.LocalProtocolError), ok())
    result, _ = run(mode, rec, op(), Request("GET", "/x"))
    assert type(result) is APIConnectionError
    assert result.stop_reason is StopReason.NOT_RETRYABLE and result.attempts == 1


# -- logging ----------------------------------------------------------------------------


@MODES
def test_retries_are_logged_without_secrets(mode: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    rec = Recorder(
        httpx.Response(503, text="secret-body"), _request_error(httpx.ConnectError), ok()
    )
    result, _ = run(
        mode,
        rec,
        op(RetryClass.KEYED, "POST"),
        Request("POST", "/x", json={"card": "4242"}),
        CallOptions(idempotency_key="key-material"),
        auth=[BearerAuth("tok-secret"), ApiKeyAuth("k", "apikey-secret", location="query")],
        logger_name="mysdk",
    )
    assert isinstance(result, Response)
    records = [r for r in caplog.records if r.name == "mysdk"]
    assert len(records) == 2
    first, second = (r.getMessage() for r in records)
    assert "get_thing" in first and "attempt 1 of 3" in first and "status 503" in first
    assert "250 ms" in first and "486 tokens left" in first
    assert "attempt 2 of 3" in second and "connection refused" in second
    assert "500 ms" in second and "472 tokens left" in second
    everything = "\n".join(r.getMessage() for r in caplog.records)
    for secret in ("tok-secret", "apikey-secret", "secret-body", "4242"):
        assert secret not in everything


# -- bounded attempts and cancellation ---------------------------------------------------------


class Drip(httpx.SyncByteStream):
    def __iter__(self) -> Iterator[bytes]:
        for _ in range(20):
            time.sleep(0.05)
            yield b"x"


def test_sync_attempt_is_bounded_while_reading_the_body() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=Drip())

    started = time.monotonic()
    result, _ = run(
        "sync",
        handler,
        op(p99_ms=50),
        Request("GET", "/x"),
        config=RetryConfig(max_attempts=1),
    )
    assert time.monotonic() - started < 0.5
    assert isinstance(result, APITimeoutError)
    assert result.stop_reason is StopReason.ATTEMPTS_EXHAUSTED


def test_async_attempt_is_bounded_as_a_whole() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(5)
        return ok()

    transport = httpx.MockTransport(handler)

    async def go() -> Outcome:
        async with httpx.AsyncClient(transport=transport) as http:
            runtime = AsyncRuntime("http://api.test", http_client=http, clock=FastClock())
            try:
                return await runtime.request(op(), Request("GET", "/x"), CallOptions(timeout=0.2))
            except SDKError as exc:
                return exc

    started = time.monotonic()
    result = asyncio.run(go())
    assert time.monotonic() - started < 1.0
    assert isinstance(result, APITimeoutError)
    assert result.stop_reason is StopReason.DEADLINE_EXCEEDED and result.attempts == 1


def test_async_cancellation_is_not_retried() -> None:
    calls: list[httpx.Request] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        await asyncio.sleep(5)
        return ok()

    transport = httpx.MockTransport(handler)

    async def go() -> None:
        async with httpx.AsyncClient(transport=transport) as http:
            runtime = AsyncRuntime("http://api.test", http_client=http, clock=FastClock())
            task = asyncio.ensure_future(runtime.request(op(), Request("GET", "/x")))
            await asyncio.sleep(0.05)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            assert runtime.bucket.level == 500

    asyncio.run(go())
    assert len(calls) == 1


# -- lifecycle ------------------------------------------------------------------------------------


def test_sync_runtime_owns_its_default_client() -> None:
    with SyncRuntime("http://127.0.0.1:9") as runtime:
        assert runtime.bucket.level == 500
        assert runtime.config == RetryConfig()
    assert runtime._http.is_closed


def test_async_runtime_owns_its_default_client() -> None:
    async def go() -> AsyncRuntime:
        async with AsyncRuntime("http://127.0.0.1:9") as runtime:
            return runtime

    runtime = asyncio.run(go())
    assert runtime._http.is_closed


def test_shared_client_is_not_closed() -> None:
    http = httpx.Client()
    with SyncRuntime("http://127.0.0.1:9", http_client=http):
        pass
    assert not http.is_closed
    http.close()


def test_api_error_exposes_raw_content() -> None:
    rec = Recorder(httpx.Response(422, content=b"\xff\xfe"))
    result, _ = run("sync", rec, op(), Request("GET", "/x"))
    assert isinstance(result, APIError)
    assert result.content == b"\xff\xfe" and result.code is None


# -- the request built for each attempt --------------------------------------------


def expected_request(http: httpx.Client | httpx.AsyncClient, body: bytes) -> httpx.Request:
    """What httpx's ``build_request`` makes of the headers the runtime sets for
    ``test_attempt_request_matches_build_request``'s call."""
    headers = httpx.Headers({"X-Default": "d", "Accept": "text/plain"})
    headers["User-Agent"] = "mysdk/1.0"
    headers["Authorization"] = "Bearer tok-123"
    headers["X-Req"] = "1"
    headers["X-Extra"] = "2"
    headers.setdefault("Content-Type", "application/json")
    headers["Request-Timeout-Ms"] = "60000"
    return http.build_request(
        "POST", "http://api.test/v1/things?tag=x", headers=headers, content=body
    )


def wire(request: httpx.Request) -> list[tuple[str, str]]:
    """The request line and headers as sent, the time-left header's value left out."""
    items = [
        (k, "" if k.lower() == "request-timeout-ms" else v)
        for k, v in request.headers.multi_items()
    ]
    return [(request.method, str(request.url)), *items]


CLIENT_SETUPS: dict[str, dict[str, Any]] = {
    "plain": {},
    "client headers": {"headers": {"X-Client": "c", "Accept": "*/*", "User-Agent": "theirs"}},
    "client content type": {"headers": {"Content-Type": "text/plain"}},
    "client cookies": {"cookies": {"session": "s1"}},
    "client params": {"params": {"lang": "fr"}},
}


@MODES
@pytest.mark.parametrize("setup", sorted(CLIENT_SETUPS))
def test_attempt_request_matches_build_request(mode: str, setup: str) -> None:
    """An attempt sends exactly what ``build_request`` would make, whatever the
    HTTP client adds (headers, cookies, parameters), also after the client's
    headers change between calls."""
    rec = Recorder(ok(), ok())
    transport = httpx.MockTransport(rec)
    request = Request(
        method="POST",
        path="/things",
        query=[("tag", "x")],
        headers={"X-Req": "1"},
        json={"n": 1},
    )
    options = CallOptions(extra_headers={"X-Extra": "2"})
    kwargs: dict[str, Any] = {
        "auth": BearerAuth("tok-123"),
        "default_headers": {"X-Default": "d", "Accept": "text/plain"},
        "user_agent": "mysdk/1.0",
        "clock": FastClock(),
    }
    expected: list[list[tuple[str, str]]] = []
    if mode == "sync":
        with httpx.Client(transport=transport, **CLIENT_SETUPS[setup]) as http:
            runtime = SyncRuntime("http://api.test/v1", http_client=http, **kwargs)
            for _ in range(2):
                runtime.request(op(RetryClass.UNSAFE, "POST"), request, options)
                expected.append(wire(expected_request(http, b'{"n":1}')))
                http.headers["X-Later"] = "l"
    else:

        async def go() -> None:
            async with httpx.AsyncClient(transport=transport, **CLIENT_SETUPS[setup]) as http:
                runtime = AsyncRuntime("http://api.test/v1", http_client=http, **kwargs)
                for _ in range(2):
                    await runtime.request(op(RetryClass.UNSAFE, "POST"), request, options)
                    expected.append(wire(expected_request(http, b'{"n":1}')))
                    http.headers["X-Later"] = "l"

        asyncio.run(go())
    assert [wire(r) for r in rec.requests] == expected
    assert ("x-later", "l") in expected[1]
    assert all(r.extensions["timeout"]["read"] is not None for r in rec.requests)


def test_an_auth_scheme_without_apply_cannot_be_made() -> None:
    from sdkgen_runtime.auth import Auth

    class Forgetful(Auth):
        pass

    with pytest.raises(TypeError, match="apply"):
        Forgetful()  # type: ignore[abstract]


@MODES
def test_server_urls_match_with_or_without_a_trailing_slash(mode: str) -> None:
    # The spec writes `https://files.example.com/`; callers write it either way.
    rec = Recorder(ok(), ok())
    upload = op(base_url="https://files.example.com/")
    run(
        mode,
        rec,
        upload,
        Request("GET", "/f"),
        server_urls={"https://files.example.com": "http://127.0.0.1:9/a"},
    )
    bare = op(base_url="https://files.example.com")
    run(
        mode,
        rec,
        bare,
        Request("GET", "/f"),
        server_urls={"https://files.example.com/": "http://127.0.0.1:9/b"},
    )
    assert str(rec.requests[0].url) == "http://127.0.0.1:9/a/f"
    assert str(rec.requests[1].url) == "http://127.0.0.1:9/b/f"
