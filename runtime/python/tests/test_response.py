"""Responses are read by their Content-Type: JSON only when it says JSON."""

from __future__ import annotations

import pytest

from sdkgen_runtime import APIError, Response, StopReason


def response(content: bytes, headers: dict[str, str]) -> Response:
    return Response(status=200, headers=headers, content=content, attempts=1)


@pytest.mark.parametrize(
    "media", ["application/json", "application/json; charset=utf-8", "application/problem+json"]
)
def test_json_types_are_read_as_json(media: str) -> None:
    assert response(b'{"a":1}', {"Content-Type": media}).json() == {"a": 1}


def test_a_body_without_a_type_is_read_as_documented() -> None:
    assert response(b"[1]", {}).json() == [1]


@pytest.mark.parametrize("media", ["application/octet-stream", "text/plain", "application/pdf"])
def test_other_types_are_never_read_as_json(media: str) -> None:
    # Bytes that happen to be valid JSON are still not JSON.
    with pytest.raises(ValueError, match="not JSON"):
        response(b"123", {"content-type": media}).json()
    assert response(b"123", {"content-type": media}).media_type == media


def test_error_bodies_are_read_by_their_type() -> None:
    def error(content: bytes, media: str | None) -> APIError:
        headers = {} if media is None else {"Content-Type": media}
        return APIError(
            status=400,
            headers=headers,
            content=content,
            attempts=1,
            stop_reason=StopReason.NOT_RETRYABLE,
        )

    as_json = error(b'{"code":"bad"}', "application/json")
    assert as_json.body == {"code": "bad"} and as_json.code == "bad"
    untyped = error(b'{"code":"bad"}', None)
    assert untyped.body == {"code": "bad"} and untyped.code == "bad"
    text = error(b'{"code":"bad"}', "text/plain")
    assert text.body == '{"code":"bad"}' and text.code is None


def test_the_request_id_comes_from_the_first_header_that_gives_one() -> None:
    import httpx

    from sdkgen_runtime import APIError, StopReason
    from sdkgen_runtime.response import Response, request_id_of

    assert request_id_of(httpx.Headers({"X-Request-Id": "req_1", "Request-Id": "req_2"})) == "req_1"
    assert request_id_of(httpx.Headers({"Request-Id": "req_2"})) == "req_2"
    assert request_id_of({"REQUEST-ID": "req_3"}) == "req_3"
    assert request_id_of(httpx.Headers({"X-Request-Id": ""})) is None
    assert request_id_of({}) is None
    ok = Response(
        status=200, headers=httpx.Headers({"request-id": "req_ok"}), content=b"", attempts=1
    )
    assert ok.request_id == "req_ok"
    err = APIError(
        status=404,
        headers=httpx.Headers({"x-request-id": "req_404", "content-type": "application/json"}),
        content=b'{"error": {"message": "no such transfer"}}',
        attempts=1,
        stop_reason=StopReason.NOT_RETRYABLE,
    )
    assert err.request_id == "req_404"
    assert "request id: req_404" in str(err)


def test_the_header_the_spec_declares_comes_first() -> None:
    """A runtime configured with the spec's request-id header reads it on
    the success response and on the error, before the two fallbacks."""
    import httpx
    import pytest

    from sdkgen_runtime import APIError, Operation, Request, RetryClass, SyncRuntime

    def handler(request: httpx.Request) -> httpx.Response:
        status = 200 if request.url.path.endswith("/ok") else 404
        headers = {"X-GitHub-Request-Id": f"gh_{status}", "x-request-id": "req_any"}
        return httpx.Response(status, headers=headers, json={})

    http = httpx.Client(transport=httpx.MockTransport(handler))
    rt = SyncRuntime("http://api.test", http_client=http, request_id_header="X-GitHub-Request-Id")
    get = Operation(name="get", method="GET", retry_class=RetryClass.SAFE)
    assert rt.request(get, Request("GET", "/ok")).request_id == "gh_200"
    with pytest.raises(APIError) as caught:
        rt.request(get, Request("GET", "/missing"))
    assert caught.value.request_id == "gh_404"
    plain = SyncRuntime("http://api.test", http_client=http)
    assert plain.request(get, Request("GET", "/ok")).request_id == "req_any"
