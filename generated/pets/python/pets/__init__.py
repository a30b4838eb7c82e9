"""Python client for the Pets API (version 1.2.0).

Start with ``Pets`` (blocking) or ``AsyncPets`` (asyncio); the models are in ``pets.models``. The
README says how calls are retried and how to change it.
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
from ._client import AsyncPets, Pets
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

__version__ = "1.2.0"

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "AsyncPage",
    "AsyncPager",
    "AsyncPets",
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
    "Pets",
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
