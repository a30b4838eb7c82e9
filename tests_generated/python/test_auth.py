"""The package generated from generator/tests/fixtures/auth.yaml (linked from
specs/auth.yaml): which credentials each call sends, where they come from,
and the OAuth2 client-credentials flow, as runtime/CONTRACT.md section 10
says, against a real server on 127.0.0.1 that answers by path."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import vault
from conftest import Seen
from vault import AsyncVault, Vault

ENV = (
    "VAULT_BEARER_TOKEN",
    "VAULT_USERNAME",
    "VAULT_PASSWORD",
    "VAULT_COOKIE_KEY",
    "VAULT_QUERY_KEY",
    "VAULT_CLIENT_ID",
    "VAULT_CLIENT_SECRET",
    "VAULT_ACCESS_TOKEN",
    "VAULT_BASE_URL",
)


class AuthServer:
    """Issues tokens at ``/oauth/token`` (``tok-1``, ``tok-2``, ...) and
    answers every other path with ``{"ok": true}``; a token in ``revoked``
    gets a 401, and ``token_failures`` 503s go before the next token."""

    def __init__(self) -> None:
        self.seen: list[Seen] = []
        self.tokens = 0
        self.expires_in: float | None = 3600
        self.token_delay = 0.0
        self.token_failures = 0
        self.revoked: set[str] = set()
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with server._lock:
                    server.seen.append(Seen(self.command, self.path, dict(self.headers), body))
                status, reply = server.answer(self.path, self.headers.get("Authorization"))
                out = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

            do_GET = do_POST = _handle

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        host, port = self._httpd.server_address[:2]
        self.url = f"http://{host}:{port}"

    def answer(self, path: str, authorization: str | None) -> tuple[int, object]:
        if path == "/oauth/token":
            time.sleep(self.token_delay)
            with self._lock:
                if self.token_failures > 0:
                    self.token_failures -= 1
                    return 503, {"code": "unavailable"}
                self.tokens += 1
                reply: dict[str, object] = {
                    "access_token": f"tok-{self.tokens}",
                    "token_type": "bearer",
                }
            if self.expires_in is not None:
                reply["expires_in"] = self.expires_in
            return 200, reply
        if authorization is not None and authorization.removeprefix("Bearer ") in self.revoked:
            return 401, {"code": "token_revoked"}
        return 200, {"ok": True}

    def api(self) -> list[Seen]:
        """The requests to the API itself, token requests left out."""
        return [s for s in self.seen if not s.path.startswith("/oauth/")]

    def token_requests(self) -> list[Seen]:
        return [s for s in self.seen if s.path.startswith("/oauth/")]

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[AuthServer]:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    s = AuthServer()
    yield s
    s.close()


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def client(server: AuthServer, **credentials: str) -> Vault:
    return Vault(base_url=server.url + "/api", max_attempts=3, **credentials)


def test_each_call_sends_one_alternative_and_nothing_else(server: AuthServer) -> None:
    with client(server, bearer_token="b1") as c:
        c.vault.list_secrets()
    with client(server, username="u", password="p w") as c:
        c.vault.list_secrets()
    # Both held: the first alternative only, never both Authorization values.
    with client(server, bearer_token="b1", username="u", password="p") as c:
        c.vault.list_secrets()
    sent = [s.header("Authorization") for s in server.api()]
    assert sent == ["Bearer b1", basic("u", "p w"), "Bearer b1"]
    for s in server.api():
        assert [k.lower() for k in s.headers].count("authorization") == 1


def test_schemes_required_together_go_together_and_cookies_follow_parameters(
    server: AuthServer,
) -> None:
    with client(server, cookie_key="k;1", query_key="q 1", username="u") as c:
        c.vault.get_keyed(session_hint="h")
    # One of the two keys only: that alternative does not hold; basic does.
    with client(server, cookie_key="k", username="u") as c:
        c.vault.get_keyed()
    first, second = server.api()
    assert first.path == "/api/keyed?api_key=q%201"
    assert first.header("Cookie") == "session_hint=h; vault_session=k%3B1"
    assert first.header("Authorization") is None
    assert second.path == "/api/keyed"
    assert second.header("Cookie") is None
    assert second.header("Authorization") == basic("u", "")


def test_public_and_optional_operations(server: AuthServer) -> None:
    with client(server, bearer_token="b1") as c:
        c.vault.get_public()
        c.vault.get_optional()
    with client(server) as c:
        c.vault.get_optional()
        c.vault.get_public()
    sent = [(s.path, s.header("Authorization")) for s in server.api()]
    assert sent == [
        ("/api/public", None),
        ("/api/optional", "Bearer b1"),
        ("/api/optional", None),
        ("/api/public", None),
    ]


def test_a_missing_credential_fails_before_sending(server: AuthServer) -> None:
    with client(server, cookie_key="k") as c:
        with pytest.raises(vault.MissingCredentialError) as caught:
            c.vault.list_secrets()
        with pytest.raises(vault.MissingCredentialError) as keyed:
            c.vault.create_machine_secret(name="n")
    assert server.seen == []
    message = str(caught.value)
    assert "bearer_token=" in message and "VAULT_BEARER_TOKEN" in message
    assert caught.value.schemes == ("bearerAuth",)
    assert caught.value.attempts == 0
    assert "VAULT_CLIENT_ID" in str(keyed.value) and "VAULT_ACCESS_TOKEN" in str(keyed.value)


def test_credentials_and_the_base_url_come_from_the_environment(
    server: AuthServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VAULT_BASE_URL", server.url + "/api")
    monkeypatch.setenv("VAULT_BEARER_TOKEN", "from-env")
    monkeypatch.setenv("VAULT_USERNAME", "")  # empty: unset
    with Vault() as c:
        c.vault.list_secrets()
    with Vault(bearer_token="given") as c:
        c.vault.list_secrets()
    monkeypatch.delenv("VAULT_BEARER_TOKEN")
    with Vault() as c, pytest.raises(vault.MissingCredentialError):
        c.vault.list_secrets()
    sent = [s.header("Authorization") for s in server.api()]
    assert sent == ["Bearer from-env", "Bearer given"]


def test_client_credentials_token_is_fetched_once_and_kept(server: AuthServer) -> None:
    with client(server, client_id="id:1", client_secret="s&2") as c:
        c.vault.create_machine_secret(name="a")
        c.vault.create_machine_secret(name="b")
    (token,) = server.token_requests()
    assert token.method == "POST"
    assert token.header("Authorization") == basic("id%3A1", "s%262")
    assert token.header("Content-Type") == "application/x-www-form-urlencoded"
    assert urllib.parse.parse_qs(token.body.decode()) == {"grant_type": ["client_credentials"]}
    assert [s.header("Authorization") for s in server.api()] == ["Bearer tok-1", "Bearer tok-1"]


def test_an_access_token_given_wins_over_fetching_one(server: AuthServer) -> None:
    with client(server, client_id="i", client_secret="s", access_token="static") as c:
        c.vault.create_machine_secret(name="a")
    assert server.token_requests() == []
    assert server.api()[0].header("Authorization") == "Bearer static"


def test_a_token_is_renewed_before_it_expires(server: AuthServer) -> None:
    # 2 s of life: kept for half of it.
    server.expires_in = 2
    with client(server, client_id="i", client_secret="s") as c:
        c.vault.create_machine_secret(name="a")
        c.vault.create_machine_secret(name="b")
        time.sleep(1.1)
        c.vault.create_machine_secret(name="c")
    assert [s.header("Authorization") for s in server.api()] == [
        "Bearer tok-1",
        "Bearer tok-1",
        "Bearer tok-2",
    ]


def test_the_token_request_is_retried_under_the_contract(server: AuthServer) -> None:
    server.token_failures = 1
    with client(server, client_id="i", client_secret="s") as c:
        c.vault.create_machine_secret(name="a")
    assert len(server.token_requests()) == 2
    assert server.api()[0].header("Authorization") == "Bearer tok-1"
    server.token_failures = 3
    with client(server, client_id="i", client_secret="s") as c, pytest.raises(vault.APIError) as e:
        c.vault.create_machine_secret(name="a")
    assert e.value.status == 503
    assert len(server.api()) == 1


def test_a_refused_token_is_renewed_and_the_call_sent_once_more(server: AuthServer) -> None:
    with client(server, client_id="i", client_secret="s") as c:
        c.vault.create_machine_secret(name="a")
        server.revoked.add("tok-1")
        c.vault.create_machine_secret(name="b")
        server.revoked.add("tok-2")
        server.revoked.add("tok-3")
        with pytest.raises(vault.AuthenticationError):
            c.vault.create_machine_secret(name="c")
    calls = server.api()
    assert [s.header("Authorization") for s in calls] == [
        "Bearer tok-1",
        "Bearer tok-1",
        "Bearer tok-2",
        "Bearer tok-2",
        "Bearer tok-3",
    ]
    # The resent call is the same call: the same idempotency key.
    keys = [s.header("Idempotency-Key") for s in calls]
    assert None not in keys
    assert keys[1] == keys[2] and keys[3] == keys[4] and len(set(keys)) == 3
    assert len(server.token_requests()) == 3


def test_concurrent_calls_share_one_token_request(server: AuthServer) -> None:
    server.token_delay = 0.3
    with client(server, client_id="i", client_secret="s") as c:
        threads = [
            threading.Thread(target=c.vault.create_machine_secret, kwargs={"name": str(i)})
            for i in range(5)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert len(server.token_requests()) == 1
    assert {s.header("Authorization") for s in server.api()} == {"Bearer tok-1"}


def test_the_asyncio_client_shares_one_token_request_too(server: AuthServer) -> None:
    server.token_delay = 0.3

    async def main() -> None:
        async with AsyncVault(base_url=server.url + "/api", client_id="i", client_secret="s") as c:
            await asyncio.gather(*(c.vault.create_machine_secret(name=str(i)) for i in range(5)))
            server.revoked.add("tok-1")
            await c.vault.create_machine_secret(name="again")

    asyncio.run(main())
    assert len(server.token_requests()) == 2
    assert [s.header("Authorization") for s in server.api()][-2:] == [
        "Bearer tok-1",
        "Bearer tok-2",
    ]
