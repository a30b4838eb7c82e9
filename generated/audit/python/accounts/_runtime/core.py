"""What the sync and async runtimes share: call preparation, the request of
each attempt, the classification of httpx errors and the errors raised."""

from __future__ import annotations

import dataclasses
import json
import logging
import random as _random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Callable, Union

import httpx

from .auth import ApiKeyAuth, Auth, BasicAuth, BearerAuth, ClientCredentials
from .budget import TokenBucket
from .clock import Clock, SystemClock
from .config import CallOptions, Operation, Request, RetryClass, RetryConfig
from .encoding import encode_query, form_query
from .errors import (
    APIConnectionError,
    APITimeoutError,
    MissingCredentialError,
    ResponseTooLargeError,
    SDKError,
    StopReason,
    api_error_for,
)
from .files import UploadBody
from .keys import new_idempotency_key, validate_idempotency_key
from .policy import (
    AttemptOutcome,
    CallPolicy,
    Decision,
    FailureKind,
    ResponseOutcome,
    TransportFailure,
)
from .response import Response

__all__ = [
    "DEFAULT_LOGGER_NAME",
    "BaseURL",
    "PreparedCall",
    "RuntimeCore",
    "classify_exception",
    "declared_too_large",
    "too_large",
]

DEFAULT_LOGGER_NAME = "sdkgen_runtime"

AuthArg = Union[Auth, Sequence[Auth], None]

Security = tuple[tuple[str, ...], ...]
"""An operation's security: alternatives, each the names of the schemes it
sends together (CONTRACT.md section 10)."""

TOKEN_OPERATION = Operation(
    name="oauth2 token", method="POST", retry_class=RetryClass.IDEMPOTENT, authenticated=False
)
"""The token request of the client-credentials flow: a logical call of its
own, retried as an idempotent one (another token costs nothing)."""
HTTPClient = Union[httpx.Client, httpx.AsyncClient]
_TIMEOUT_PHASES = ("connect", "read", "write", "pool")
"""The keys of ``httpx.Timeout.as_dict()``: the request extension an attempt's timeout goes in."""


def classify_exception(exc: Exception) -> TransportFailure:
    """Map an httpx error raised while sending to what retrying needs to know."""
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    if isinstance(exc, (httpx.ConnectTimeout, httpx.PoolTimeout)):
        kind = FailureKind.CONNECT_TIMEOUT
    elif isinstance(exc, httpx.TimeoutException):
        kind = FailureKind.TIMEOUT
    elif isinstance(exc, httpx.ConnectError):
        kind = FailureKind.REFUSED
    elif isinstance(
        exc,
        (httpx.ReadError, httpx.WriteError, httpx.CloseError, httpx.RemoteProtocolError),
    ):
        kind = FailureKind.RESET
    else:
        kind = FailureKind.FATAL
    return TransportFailure(kind, detail, cause=exc)


def too_large(status: int, limit: int) -> TransportFailure:
    """The failure of an attempt whose body went past ``limit`` bytes."""
    return TransportFailure(
        FailureKind.TOO_LARGE,
        f"the HTTP {status} response body is longer than the limit of {limit} bytes "
        "(max_response_bytes); the rest was not read",
        status=status,
        limit=limit,
    )


def declared_too_large(response: httpx.Response, limit: int) -> TransportFailure | None:
    """The failure of a response whose ``Content-Length`` is over ``limit``
    (refused before any of the body is read), else ``None``."""
    declared = response.headers.get("Content-Length")
    if declared is not None and declared.strip().isdigit() and int(declared) > limit:
        return too_large(response.status_code, limit)
    return None


SEND_ERRORS = (httpx.TransportError, httpx.DecodingError, httpx.TooManyRedirects)
"""httpx errors an attempt can raise once the request is built."""


# A request's path and query, when made only of these characters, are what
# httpx's URL parser keeps as they are (it percent-encodes nothing in them and
# leaves a ``%`` alone): RFC 3986's unreserved and sub-delimiter characters,
# ``:``, ``@``, ``/`` and ``%``, and ``?`` in the query. ``encode_path`` and
# the ``*_query`` helpers give nothing else.
_VERBATIM_PATH = re.compile(r"/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*")
_VERBATIM_QUERY = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*")
_MAX_DERIVED_URL = 8192
"""Longer URLs go through the parser, which also checks httpx's length limit."""


def _derived_urls_work() -> bool:
    """Whether this httpx keeps a URL's parsed form as ``_uri_reference``, a
    named tuple of ``(scheme, userinfo, host, port, path, query, fragment)``,
    so that a URL derived from a parsed base equals the parsed whole URL."""
    try:
        base = httpx.URL("http://example.test:8080/base")
        derived = httpx.URL.__new__(httpx.URL)
        derived._uri_reference = base._uri_reference._replace(path="/base/a", query="b=1")
        parsed = httpx.URL("http://example.test:8080/base/a?b=1")
        return vars(derived) == vars(parsed) and str(derived) == str(parsed)
    except Exception:
        return False


_DERIVED_URLS = _derived_urls_work()


class BaseURL:
    """The base URL, parsed once; :meth:`join` makes each request's URL.

    ``join`` gives exactly ``httpx.URL(base + path + "?" + query)``. When the
    base is an absolute URL that parses to itself (no query, fragment, dot
    segment or character httpx would change) and the path and query hold only
    characters httpx keeps verbatim, it puts them into a copy of the parsed
    base instead of parsing the whole text again, which costs about as much
    as the rest of the runtime's work for a call. Anything else is parsed.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._parsed: httpx.URL | None = None
        if not _DERIVED_URLS or "?" in text or "#" in text:
            return
        try:
            parsed = httpx.URL(text)
        except httpx.InvalidURL:
            return  # each call raises the parser's error
        if parsed.is_absolute_url and str(parsed) == text:
            self._parsed = parsed

    def join(self, path: str, query: str) -> httpx.URL:
        """The URL of ``path`` (starting with ``/``) under the base, with
        ``query`` (already encoded, without ``?``; empty for none)."""
        parsed = self._parsed
        if (
            parsed is not None
            and len(path) + len(query) < _MAX_DERIVED_URL
            and _VERBATIM_PATH.fullmatch(path)
            and (not query or _VERBATIM_QUERY.fullmatch(query))
        ):
            base = parsed._uri_reference
            full = base.path + path
            if "." not in full or not {".", ".."}.intersection(full.split("/")):
                url = httpx.URL.__new__(httpx.URL)
                url._uri_reference = base._replace(path=full, query=query or None)
                return url
        return httpx.URL(self.text + path + "?" + query if query else self.text + path)


@dataclass
class PreparedCall:
    """One logical call, ready for its attempts."""

    operation: Operation
    policy: CallPolicy
    method: str
    url: httpx.URL
    headers: httpx.Headers
    content: bytes | UploadBody | None
    merged: bool
    """``headers`` already hold the HTTP client's default headers, so an
    attempt can build its ``httpx.Request`` without ``build_request``."""
    last: AttemptOutcome | None = None


_CONSTANT_SCHEMES = (BearerAuth, BasicAuth, ApiKeyAuth)
"""Schemes whose ``apply`` adds the same thing on every call: with only these,
their headers and query pairs are worked out once per client."""

_NO_OPTIONS = CallOptions()


class _StartingHeaders:
    """What every call of a runtime starts from, for one state of the HTTP
    client's default headers (``raw``)."""

    __slots__ = ("authed", "merged", "plain", "raw")

    def __init__(
        self,
        raw: list[tuple[bytes, bytes]],
        plain: httpx.Headers,
        merged: bool,
    ) -> None:
        self.raw = raw
        self.plain = plain
        """The client's default headers with the runtime's constant ones over
        them (``merged``), or the runtime's alone."""
        self.merged = merged
        """``plain`` holds the client's defaults, merged as ``build_request``
        would: not when the client has a default ``Content-Type``, which the
        call's own must not see."""
        self.authed: dict[tuple[Auth, ...], tuple[httpx.Headers, list[tuple[str, str]]]] = {}
        """By alternative whose schemes are all ``_CONSTANT_SCHEMES``:
        ``plain`` with its credentials applied, and the query pairs they add
        (raw, not yet encoded); made on first use."""


class RuntimeCore:
    """Configuration and helpers shared by :class:`SyncRuntime` and
    :class:`AsyncRuntime`; not used directly."""

    def __init__(
        self,
        base_url: str,
        *,
        config: RetryConfig | None = None,
        auth: AuthArg = None,
        default_headers: Mapping[str, str] | None = None,
        user_agent: str | None = None,
        logger_name: str = DEFAULT_LOGGER_NAME,
        clock: Clock | None = None,
        random: Callable[[], float] | None = None,
        bucket: TokenBucket | None = None,
        server_urls: Mapping[str, str] | None = None,
        credentials: Mapping[str, Auth | None] | None = None,
        security: Sequence[Sequence[str]] | None = None,
        credential_help: Mapping[str, str] | None = None,
        request_id_header: str | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.request_id_header = request_id_header.lower() if request_id_header else None
        """The response header the API's spec declares for the request's id:
        looked up before ``x-request-id`` and ``request-id``."""
        self._base_url = BaseURL(self.base_url)
        # The spec's URLs match with or without their trailing slashes.
        self._server_urls = {k.rstrip("/"): v for k, v in (server_urls or {}).items()}
        # The parsed base of each operation's own server, made on first use.
        self._server_bases: dict[str, BaseURL] = {}
        self.config = config if config is not None else RetryConfig()
        # The credentials held, by scheme name, and the security of
        # operations that do not state their own. ``auth`` is the older
        # form: schemes sent together on every authenticated call.
        held = {name: a for name, a in (credentials or {}).items() if a is not None}
        if auth is not None:
            extra = [auth] if isinstance(auth, Auth) else list(auth)
            names = tuple(f"auth {i}" for i in range(len(extra)))
            held.update(zip(names, extra))
            security = [names, *(security or [])]
        self._held = held
        self._security: Security = tuple(tuple(alt) for alt in security or ())
        self._credential_help = dict(credential_help or {})
        self._picked: dict[Security, tuple[Auth, ...]] = {}
        self._default_headers = dict(default_headers or {})
        self._user_agent = user_agent
        # The headers every call starts from, made once: the defaults and the
        # User-Agent, over the HTTP client's own default headers (see
        # ``_starting_headers``).
        self._constant_headers = httpx.Headers(self._default_headers)
        if user_agent is not None:
            self._constant_headers["User-Agent"] = user_agent
        self._start: _StartingHeaders | None = None
        self.logger = logging.getLogger(logger_name)
        self.clock = clock if clock is not None else SystemClock()
        self._random = random if random is not None else _random.random
        self.bucket = bucket if bucket is not None else TokenBucket(self.config.budget_capacity)

    def server_url(self, spec_url: str) -> str:
        """Where the requests of an operation with its own server go: the
        replacement ``server_urls`` gives for ``spec_url``, else ``spec_url``
        itself; a relative one is resolved against the client's base URL."""
        url = self._server_urls.get(spec_url.rstrip("/"), spec_url)
        if "://" not in url:
            try:
                url = str(httpx.URL(self.base_url).join(url))
            except httpx.InvalidURL:
                url = self.base_url + "/" + url.lstrip("/")
        return url.rstrip("/")

    def base_url_of(self, operation: Operation) -> BaseURL:
        """The base URL the operation's calls go to (its own server, mapped
        by ``server_urls``, else the client's)."""
        return self._base_of(operation)

    def _base_of(self, operation: Operation) -> BaseURL:
        spec_url = operation.base_url
        if spec_url is None:
            return self._base_url
        base = self._server_bases.get(spec_url)
        if base is None:
            base = BaseURL(self.server_url(spec_url))
            self._server_bases[spec_url] = base
        return base

    def _starting_headers(self, http: HTTPClient) -> _StartingHeaders:
        """The headers calls start from; made again only when the HTTP
        client's default headers change (one comparison per call)."""
        raw = http.headers.raw
        start = self._start
        if start is None or start.raw != raw:
            merged = "Content-Type" not in http.headers
            if merged:
                plain = httpx.Headers(http.headers)
                plain.update(self._constant_headers)
            else:
                plain = self._constant_headers
            start = _StartingHeaders(raw, plain, merged)
            self._start = start
        return start

    def pick(self, operation: Operation) -> tuple[Auth, ...]:
        """The credentials a call of ``operation`` sends: those of the first
        alternative of its security whose schemes the client all holds; none
        when it has no security or only an empty alternative fits.

        Raises :class:`MissingCredentialError` (nothing is sent) when no
        alternative fits.
        """
        if not operation.authenticated:
            return ()
        security = operation.security if operation.security is not None else self._security
        picked = self._picked.get(security)
        if picked is None:
            picked = self._pick(operation, security)
            self._picked[security] = picked
        return picked

    def _pick(self, operation: Operation, security: Security) -> tuple[Auth, ...]:
        held = self._held
        for alternative in security:
            if alternative and all(name in held for name in alternative):
                return tuple(held[name] for name in alternative)
        if not security or any(not alternative for alternative in security):
            return ()
        first = security[0]
        wanted = "; ".join(
            f"{name} ({self._credential_help[name]})" if name in self._credential_help else name
            for name in first
        )
        raise MissingCredentialError(
            f"{operation.name}: the client has no credentials for it; it needs {wanted}",
            first,
        )

    @staticmethod
    def same_key(call: PreparedCall, options: CallOptions | None) -> CallOptions | None:
        """``options`` with the idempotency key ``call`` sent, for sending
        the call again as a new logical call (after a refused token)."""
        operation = call.operation
        if operation.retry_class is not RetryClass.KEYED:
            return options
        key = call.headers.get(operation.key_header)
        return dataclasses.replace(options or _NO_OPTIONS, idempotency_key=key)

    @staticmethod
    def client_credentials(picked: tuple[Auth, ...]) -> ClientCredentials | None:
        """The client-credentials scheme among ``picked``, whose token the
        call needs before it is prepared."""
        for scheme in picked:
            if isinstance(scheme, ClientCredentials):
                return scheme
        return None

    def token_call(self, scheme: ClientCredentials) -> tuple[Request, CallOptions]:
        """The token request of ``scheme`` and its options."""
        content, headers = scheme.token_request()
        request = Request(
            method="POST",
            path="",
            content=content,
            content_type=headers.pop("Content-Type"),
            headers=headers,
        )
        return request, _NO_OPTIONS

    def token_operation(self, scheme: ClientCredentials) -> Operation:
        """The token request's operation: sent to the token URL, resolved
        against the client's base URL."""
        url = scheme.token_url
        if "://" not in url:
            url = str(httpx.URL(self.base_url + "/").join(url))
        return Operation(
            name=TOKEN_OPERATION.name,
            method="POST",
            retry_class=RetryClass.IDEMPOTENT,
            authenticated=False,
            base_url=url,
        )

    def accept_token(self, scheme: ClientCredentials, response: Response) -> str:
        """Keeps the token of a token response, or raises the call's
        ``decode`` error."""
        try:
            return scheme.accept(json.loads(response.content), self.clock.now())
        except ValueError as exc:
            raise SDKError(f"{TOKEN_OPERATION.name}: {exc}", attempts=response.attempts) from exc

    def prepare(
        self,
        operation: Operation,
        request: Request,
        options: CallOptions | None,
        http: HTTPClient,
        picked: tuple[Auth, ...] = (),
    ) -> PreparedCall:
        """Check everything that can fail before sending, once per logical
        call. ``picked`` are the credentials to send (:meth:`pick`)."""
        if request.method != operation.method:
            raise SDKError(
                f"{operation.name}: request method {request.method} does not match "
                f"the operation's {operation.method}"
            )
        opts = options if options is not None else _NO_OPTIONS

        start = self._starting_headers(http)
        auth_query: list[tuple[str, str]] = []
        if not picked:
            headers = start.plain.copy()
        else:
            authed = start.authed.get(picked)
            if authed is not None:
                headers = authed[0].copy()
                auth_query = authed[1]
            else:
                headers = start.plain.copy()
                for scheme in picked:
                    scheme.apply(headers, auth_query)
                if all(type(scheme) in _CONSTANT_SCHEMES for scheme in picked):
                    start.authed[picked] = (headers.copy(), auth_query)
        if request.headers:
            auth_cookie = headers.get("Cookie")
            headers.update(request.headers)
            if auth_cookie is not None and "Cookie" in request.headers:
                # Cookie parameters first, then the credentials the spec
                # sends as a cookie, in one header (WIRE.md section 3).
                headers["Cookie"] = f"{request.headers['Cookie']}; {auth_cookie}"
        if opts.extra_headers:
            headers.update(opts.extra_headers)

        if operation.retry_class is RetryClass.KEYED:
            key = (
                validate_idempotency_key(opts.idempotency_key, operation.key_max_length)
                if opts.idempotency_key is not None
                else new_idempotency_key()
            )
            headers[operation.key_header] = key

        content = request.content
        body = request.json
        if opts.extra_body:
            if not isinstance(body, Mapping):
                raise SDKError(
                    f"{operation.name}: extra_body needs a JSON object body, "
                    "and this call sends none"
                )
            body = {**body, **opts.extra_body}
        if body is not None:
            try:
                content = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode(
                    "utf-8"
                )
            except (TypeError, ValueError) as exc:
                raise SDKError(
                    f"{operation.name}: the request body cannot be encoded as JSON: {exc}"
                ) from exc
            headers.setdefault("Content-Type", request.content_type or "application/json")
        elif request.content is not None:
            # An optional body the caller did not give is no body at all:
            # no bytes and no Content-Type (WIRE.md section 4). The caller's
            # type of a file sent as the body wins over the declared one.
            given = content.content_type if isinstance(content, UploadBody) else None
            media = given or request.content_type
            if media is not None:
                headers.setdefault("Content-Type", media)

        query: Sequence[tuple[str, str]] = request.query
        if opts.extra_query:
            query = list(query)
            for name, value in opts.extra_query.items():
                query.extend(form_query(name, value))
        if auth_query:
            query = list(query)
            for name, value in auth_query:
                query.extend(form_query(name, value))
        try:
            url = self._base_of(operation).join(request.path, encode_query(query) if query else "")
        except httpx.InvalidURL as exc:
            raise SDKError(f"{operation.name}: invalid URL: {exc}") from exc
        merged = start.merged and url.is_absolute_url

        policy = CallPolicy(
            operation=operation,
            config=self.config,
            options=opts,
            bucket=self.bucket,
            random=self._random,
            start=self.clock.now(),
            logger=self.logger,
        )
        return PreparedCall(
            operation=operation,
            policy=policy,
            method=request.method,
            url=url,
            headers=headers,
            content=content,
            merged=merged,
        )

    def attempt_headers(self, call: PreparedCall, now: float) -> httpx.Headers:
        """The call's headers with this attempt's time left. They are the
        call's own (``httpx.Request`` and ``build_request`` copy them): each
        attempt sets the header again, in the same place."""
        headers = call.headers
        name = self.config.request_timeout_header
        if name is not None:
            headers[name] = str(call.policy.request_timeout_ms(now))
        return headers

    def attempt_request(
        self, http: HTTPClient, call: PreparedCall, now: float, timeout: float
    ) -> httpx.Request:
        """The ``httpx.Request`` of one attempt, as ``http.build_request`` makes it.

        When the call's headers already hold the client's defaults and the
        client has no cookies or default query parameters (the usual case),
        the request is made directly: ``build_request`` would merge the
        client's headers, cookies and parameters into it again on every
        attempt, which costs more than the rest of the runtime's work.
        """
        headers = self.attempt_headers(call, now)
        content: Any = call.content
        if isinstance(content, UploadBody):
            content = self._upload(http, headers, content)
        if call.merged and not http.cookies and not http.params:
            return httpx.Request(
                call.method,
                call.url,
                headers=headers,
                content=content,
                extensions={"timeout": dict.fromkeys(_TIMEOUT_PHASES, timeout)},
            )
        return http.build_request(
            call.method,
            call.url,
            headers=headers,
            content=content,
            timeout=httpx.Timeout(timeout),
        )

    @staticmethod
    def _upload(http: HTTPClient, headers: httpx.Headers, body: UploadBody) -> Any:
        """The chunks of a body holding files, read while this attempt sends
        them, with its ``Content-Length`` when every size is known (else
        httpx sends it chunked)."""
        length = body.length()
        if length is None:
            headers.pop("Content-Length", None)
        else:
            headers["Content-Length"] = str(length)
        return body.achunks() if isinstance(http, httpx.AsyncClient) else body.chunks()

    @staticmethod
    def can_send_again(call: PreparedCall) -> bool:
        """Whether the call's body can be sent once more: it holds no
        one-shot content that an attempt already read."""
        content = call.content
        return not isinstance(content, UploadBody) or content.replayable

    def decide(self, call: PreparedCall, outcome: AttemptOutcome) -> Decision:
        """Record an attempt's outcome and ask the policy what follows."""
        call.last = outcome
        content = call.content
        if isinstance(content, UploadBody) and not content.replayable:
            call.policy.body_spent = True
        now = self.clock.now()
        if isinstance(outcome, ResponseOutcome):
            # The wall clock only dates a Retry-After, which a 2xx never needs.
            wall = 0.0 if 200 <= outcome.status < 300 else self.clock.wall()
            return call.policy.after_response(outcome, now, wall)
        return call.policy.after_failure(outcome, now)

    def success(self, call: PreparedCall) -> Response:
        """The response of a call whose last attempt succeeded."""
        last = call.last
        if not isinstance(last, ResponseOutcome):
            raise RuntimeError("success() called without a response")
        return Response(
            status=last.status,
            headers=last.headers,
            content=last.content,
            attempts=call.policy.attempts,
            request_id_header=self.request_id_header,
        )

    def error(self, call: PreparedCall, stop_reason: StopReason | None) -> SDKError:
        """The error for the call's last outcome."""
        error = self._error(call, stop_reason)
        if call.policy.stopped_for_body:
            error.message += (
                "; not retried: the request body (a stream, an iterator or a file "
                "that cannot seek) was read by the failed attempt and could not be "
                "sent again"
            )
        return error

    def _error(self, call: PreparedCall, stop_reason: StopReason | None) -> SDKError:
        if stop_reason is None:
            raise RuntimeError("error() called without a stop reason")
        op = call.operation
        attempts = call.policy.attempts
        last = call.last
        if isinstance(last, ResponseOutcome):
            keyed = op.retry_class is RetryClass.KEYED
            return api_error_for(
                status=last.status,
                headers=last.headers,
                content=last.content,
                attempts=attempts,
                stop_reason=stop_reason,
                in_flight_code=op.in_flight_code if keyed else None,
                mismatch_code=op.mismatch_code if keyed else None,
                request_id_header=self.request_id_header,
            )
        if last is None:
            return APITimeoutError(
                f"{op.name}: the deadline passed before the first attempt",
                attempts=attempts,
                stop_reason=stop_reason,
            )
        if last.kind is FailureKind.TOO_LARGE:
            return ResponseTooLargeError(
                f"{op.name}: {last.detail}",
                limit=last.limit if last.limit is not None else 0,
                status=last.status if last.status is not None else 0,
                attempts=attempts,
                stop_reason=stop_reason,
            )
        cls = APITimeoutError if last.kind.is_timeout else APIConnectionError
        error = cls(f"{op.name}: {last.detail}", attempts=attempts, stop_reason=stop_reason)
        error.__cause__ = last.cause
        return error
