"""The resources of the Payments API: one class per group of operations, blocking and asyncio, each
with its raw-response twin.
"""

from .refunds import AsyncRefunds, AsyncRefundsWithRawResponse, Refunds, RefundsWithRawResponse
from .reports import AsyncReports, AsyncReportsWithRawResponse, Reports, ReportsWithRawResponse
from .subscriptions import (
    AsyncSubscriptions,
    AsyncSubscriptionsWithRawResponse,
    Subscriptions,
    SubscriptionsWithRawResponse,
)
from .transfers import (
    AsyncTransfers,
    AsyncTransfersWithRawResponse,
    Transfers,
    TransfersWithRawResponse,
)
from .vendors import AsyncVendors, AsyncVendorsWithRawResponse, Vendors, VendorsWithRawResponse

__all__ = [
    "AsyncRefunds",
    "AsyncRefundsWithRawResponse",
    "AsyncReports",
    "AsyncReportsWithRawResponse",
    "AsyncSubscriptions",
    "AsyncSubscriptionsWithRawResponse",
    "AsyncTransfers",
    "AsyncTransfersWithRawResponse",
    "AsyncVendors",
    "AsyncVendorsWithRawResponse",
    "Refunds",
    "RefundsWithRawResponse",
    "Reports",
    "ReportsWithRawResponse",
    "Subscriptions",
    "SubscriptionsWithRawResponse",
    "Transfers",
    "TransfersWithRawResponse",
    "Vendors",
    "VendorsWithRawResponse",
]
