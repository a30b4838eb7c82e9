"""The resources of the Accounts API: one class per group of operations, blocking and asyncio, each
with its raw-response twin.
"""

from .accounts import (
    Accounts2,
    Accounts2WithRawResponse,
    AsyncAccounts2,
    AsyncAccounts2WithRawResponse,
)
from .billing import AsyncBilling, AsyncBillingWithRawResponse, Billing, BillingWithRawResponse

__all__ = [
    "Accounts2",
    "Accounts2WithRawResponse",
    "AsyncAccounts2",
    "AsyncAccounts2WithRawResponse",
    "AsyncBilling",
    "AsyncBillingWithRawResponse",
    "Billing",
    "BillingWithRawResponse",
]
