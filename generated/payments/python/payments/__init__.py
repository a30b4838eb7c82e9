"""Python client for the Payments API (version 2.3.0).

Start with ``Payments`` (blocking) or ``AsyncPayments`` (asyncio); the models are in
``payments.models``. The README says how calls are retried and how to change it.
"""

from . import models
from ._base import (
    NOT_GIVEN,
    FileInput,
    NotGiven,
    RawResponse,
    ResponseValidationError,
    UnknownVariant,
)
from ._client import AsyncPayments, Payments
from ._runtime import (
    APIConnectionError,
    APIError,
    APITimeoutError,
    AsyncPage,
    AsyncPager,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    IdempotencyInFlightError,
    IdempotencyMismatchError,
    InternalServerError,
    InvalidIdempotencyKeyError,
    Jitter,
    MissingCredentialError,
    NotFoundError,
    Page,
    PaginationError,
    PermissionDeniedError,
    RateLimitError,
    RetryConfig,
    SDKError,
    StopReason,
    SyncPager,
    TokenBucket,
    UnprocessableEntityError,
    deadline_from_headers,
)

__version__ = "2.3.0"

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "AsyncPage",
    "AsyncPager",
    "AsyncPayments",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "FileInput",
    "IdempotencyInFlightError",
    "IdempotencyMismatchError",
    "InternalServerError",
    "InvalidIdempotencyKeyError",
    "Jitter",
    "MissingCredentialError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "PaginationError",
    "Payments",
    "PermissionDeniedError",
    "RateLimitError",
    "RawResponse",
    "ResponseValidationError",
    "RetryConfig",
    "SDKError",
    "StopReason",
    "SyncPager",
    "TokenBucket",
    "UnknownVariant",
    "UnprocessableEntityError",
    "__version__",
    "deadline_from_headers",
    "models",
]
