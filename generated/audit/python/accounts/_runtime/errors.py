"""Typed errors raised by the runtime.

Every error says why retrying stopped (:class:`StopReason`) and how many
attempts the logical call made. Errors that come from an HTTP response carry
its status, headers and body.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from .response import loads_json, media_type_of, request_id_of, says_json

__all__ = [
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "IdempotencyInFlightError",
    "IdempotencyMismatchError",
    "InternalServerError",
    "InvalidIdempotencyKeyError",
    "MissingCredentialError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ResponseTooLargeError",
    "SDKError",
    "StopReason",
    "UnprocessableEntityError",
    "api_error_for",
    "error_code_and_message",
]


class StopReason(str, enum.Enum):
    """Why a logical call stopped retrying."""

    NOT_RETRYABLE = "not_retryable"
    ATTEMPTS_EXHAUSTED = "attempts_exhausted"
    DEADLINE_EXCEEDED = "deadline_exceeded"
    BUDGET_EXHAUSTED = "budget_exhausted"
    UNSAFE_TO_RETRY = "unsafe_to_retry"
    NONE = "none"
    """The error was raised before any attempt was made."""

    def __str__(self) -> str:
        return self.value


class SDKError(Exception):
    """Base class of every error the runtime raises."""

    def __init__(
        self,
        message: str,
        *,
        attempts: int = 0,
        stop_reason: StopReason = StopReason.NONE,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.attempts = attempts
        self.stop_reason = stop_reason

    def __str__(self) -> str:
        return f"{self.message} (attempts: {self.attempts}, stop reason: {self.stop_reason.value})"


class InvalidIdempotencyKeyError(SDKError, ValueError):
    """The caller's idempotency key was rejected before anything was sent."""

    def __init__(self, message: str) -> None:
        super().__init__(message, attempts=0, stop_reason=StopReason.NONE)


class MissingCredentialError(SDKError):
    """The client holds none of the credentials the operation accepts;
    nothing was sent (CONTRACT.md section 10). The message names each
    scheme wanted and the option or environment variable that provides it."""

    def __init__(self, message: str, schemes: tuple[str, ...]) -> None:
        super().__init__(message, attempts=0, stop_reason=StopReason.NONE)
        self.schemes = schemes


class APIConnectionError(SDKError):
    """The last attempt failed below HTTP (refused, reset, DNS, TLS)."""


class APITimeoutError(APIConnectionError):
    """The last attempt ran out of time (attempt timeout or call deadline)."""


class ResponseTooLargeError(SDKError):
    """The response body was longer than the client's ``max_response_bytes``:
    it was read no further and its connection closed. Never retried."""

    def __init__(
        self, message: str, *, limit: int, status: int, attempts: int, stop_reason: StopReason
    ) -> None:
        super().__init__(message, attempts=attempts, stop_reason=stop_reason)
        self.limit = limit
        self.status = status


class APIError(SDKError):
    """The last attempt got an HTTP response that is not a success."""

    def __init__(
        self,
        *,
        status: int,
        headers: Mapping[str, str],
        content: bytes,
        attempts: int,
        stop_reason: StopReason,
        request_id_header: str | None = None,
    ) -> None:
        json_body = _reads_as_json(headers)
        self.request_id_header = request_id_header
        """The response header the API's spec declares for the request id."""
        code, server_message = error_code_and_message(content) if json_body else (None, None)
        self.status = status
        self.headers = headers
        self.content = content
        self.body = _decode_body(content, json_body)
        self.code = code
        self.server_message = server_message
        text = f"HTTP {status}"
        if code is not None:
            text += f" [{code}]"
        if server_message is not None:
            text += f": {server_message}"
        super().__init__(text, attempts=attempts, stop_reason=stop_reason)
        # ``message`` is the server's message when it gave one.
        if server_message is not None:
            self.message = server_message

    @property
    def request_id(self) -> str | None:
        """The server's id of the request (the header the spec declares, else
        ``x-request-id``, else ``request-id``), what a support desk asks for
        first."""
        return request_id_of(self.headers, self.request_id_header)

    def __str__(self) -> str:
        code = f" [{self.code}]" if self.code is not None else ""
        request_id = self.request_id
        rid = f", request id: {request_id}" if request_id is not None else ""
        return (
            f"HTTP {self.status}{code}: {self.message} (attempts: {self.attempts}, "
            f"stop reason: {self.stop_reason.value}{rid})"
        )


class BadRequestError(APIError):
    """HTTP 400."""


class AuthenticationError(APIError):
    """HTTP 401."""


class PermissionDeniedError(APIError):
    """HTTP 403."""


class NotFoundError(APIError):
    """HTTP 404."""


class ConflictError(APIError):
    """HTTP 409 (other than the two idempotency conflicts)."""


class IdempotencyInFlightError(ConflictError):
    """HTTP 409: a request with the same key is still being processed."""


class IdempotencyMismatchError(ConflictError):
    """HTTP 409: the key was already used with a different payload."""


class UnprocessableEntityError(APIError):
    """HTTP 422."""


class RateLimitError(APIError):
    """HTTP 429."""


class InternalServerError(APIError):
    """HTTP 5xx."""


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def api_error_for(
    *,
    status: int,
    headers: Mapping[str, str],
    content: bytes,
    attempts: int,
    stop_reason: StopReason,
    in_flight_code: str | None = None,
    mismatch_code: str | None = None,
    request_id_header: str | None = None,
) -> APIError:
    """Build the most specific :class:`APIError` for a response.

    The two idempotency conflicts are recognised only when their codes are
    given (the runtime gives them for ``keyed`` operations).
    """
    cls: type[APIError]
    if status == 409:
        code, _ = error_code_and_message(content)
        if code is not None and code == in_flight_code:
            cls = IdempotencyInFlightError
        elif code is not None and code == mismatch_code:
            cls = IdempotencyMismatchError
        else:
            cls = ConflictError
    elif status >= 500:
        cls = InternalServerError
    else:
        cls = _BY_STATUS.get(status, APIError)
    return cls(
        status=status,
        headers=headers,
        content=content,
        attempts=attempts,
        stop_reason=stop_reason,
        request_id_header=request_id_header,
    )


def _reads_as_json(headers: Mapping[str, str]) -> bool:
    """An error body is read as JSON when its ``Content-Type`` says JSON, or
    when it has none; never when it names another type."""
    media = media_type_of(headers)
    return media is None or says_json(media)


def _decode_body(content: bytes, json_body: bool = True) -> object:
    if not content:
        return None
    if json_body:
        try:
            return loads_json(content)
        except ValueError:
            pass
    return content.decode("utf-8", errors="replace")


def error_code_and_message(content: bytes) -> tuple[str | None, str | None]:
    """Read the machine-readable code and the message of an error body.

    The code is the JSON body's ``code``, else ``error.code``; the message is
    ``message``, else ``error.message``.
    """
    if not content:
        return None, None
    try:
        body = loads_json(content)
    except ValueError:
        return None, None
    if not isinstance(body, dict):
        return None, None
    nested = body.get("error")
    nested_obj = nested if isinstance(nested, dict) else {}
    return (
        _text(body.get("code"), nested_obj.get("code")),
        _text(body.get("message"), nested_obj.get("message")),
    )


def _text(first: object, second: object) -> str | None:
    for value in (first, second):
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
    return None
