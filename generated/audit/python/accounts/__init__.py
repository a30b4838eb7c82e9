"""Python client for the Accounts API (version 0.9.4).

Start with ``Accounts`` (blocking) or ``AsyncAccounts`` (asyncio); the models are in
``accounts.models``. The README says how calls are retried and how to change it.
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
from ._client import Accounts, AsyncAccounts
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

__version__ = "0.9.4"

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "Accounts",
    "AsyncAccounts",
    "AsyncPage",
    "AsyncPager",
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
