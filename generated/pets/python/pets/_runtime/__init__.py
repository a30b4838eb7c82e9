"""sdkgen runtime: the transport and retry policy every generated Python SDK carries.

The generator copies this package verbatim into each SDK as ``<package>/_runtime``;
its modules import each other only relatively.
"""

from __future__ import annotations

from .async_client import AsyncRuntime
from .auth import ApiKeyAuth, Auth, BasicAuth, BearerAuth
from .budget import RETRY_COST, THROTTLE_RETRY_COST, TokenBucket
from .clock import Clock, SystemClock
from .config import (
    CallOptions,
    FailurePolicy,
    Jitter,
    Operation,
    Request,
    RetryClass,
    RetryConfig,
    RetryOverrides,
    call_options,
)
from .deadline import deadline_from_headers
from .encoding import (
    FormField,
    MultipartField,
    cookie_pairs,
    deep_object_query,
    encode_form,
    encode_multipart,
    encode_path,
    encode_path_segment,
    encode_query,
    expand_path,
    form_query,
    format_value,
    header_param,
    is_json_media_type,
    is_undefined,
    json_text,
    path_param,
    query_param,
)
from .errors import (
    APIConnectionError,
    APIError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    IdempotencyInFlightError,
    IdempotencyMismatchError,
    InternalServerError,
    InvalidIdempotencyKeyError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ResponseTooLargeError,
    SDKError,
    StopReason,
    UnprocessableEntityError,
)
from .keys import new_idempotency_key, validate_idempotency_key
from .pagination import AsyncPage, AsyncPager, Page, Pagination, PaginationError, SyncPager
from .policy import parse_retry_after_ms
from .response import REQUEST_ID_HEADERS, Response, request_id_of
from .sync_client import SyncRuntime

__all__ = [
    "REQUEST_ID_HEADERS",
    "RETRY_COST",
    "THROTTLE_RETRY_COST",
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "ApiKeyAuth",
    "AsyncPage",
    "AsyncPager",
    "AsyncRuntime",
    "Auth",
    "AuthenticationError",
    "BadRequestError",
    "BasicAuth",
    "BearerAuth",
    "CallOptions",
    "Clock",
    "ConflictError",
    "FailurePolicy",
    "FormField",
    "IdempotencyInFlightError",
    "IdempotencyMismatchError",
    "InternalServerError",
    "InvalidIdempotencyKeyError",
    "Jitter",
    "MultipartField",
    "NotFoundError",
    "Operation",
    "Page",
    "Pagination",
    "PaginationError",
    "PermissionDeniedError",
    "RateLimitError",
    "Request",
    "Response",
    "ResponseTooLargeError",
    "RetryClass",
    "RetryConfig",
    "RetryOverrides",
    "SDKError",
    "StopReason",
    "SyncPager",
    "SyncRuntime",
    "SystemClock",
    "TokenBucket",
    "UnprocessableEntityError",
    "call_options",
    "cookie_pairs",
    "deadline_from_headers",
    "deep_object_query",
    "encode_form",
    "encode_multipart",
    "encode_path",
    "encode_path_segment",
    "encode_query",
    "expand_path",
    "form_query",
    "format_value",
    "header_param",
    "is_json_media_type",
    "is_undefined",
    "json_text",
    "new_idempotency_key",
    "parse_retry_after_ms",
    "path_param",
    "query_param",
    "request_id_of",
    "validate_idempotency_key",
]
