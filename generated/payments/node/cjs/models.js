"use strict";
/** The values of `TransferStatus` the SDK knows of; others may come. */
const TransferStatus = Object.freeze({
  Pending: "pending",
  Paid: "paid",
  Failed: "failed",
});

/** The values of `CreateRefundReason` the SDK knows of; others may come. */
const CreateRefundReason = Object.freeze({
  Duplicate: "duplicate",
  Fraudulent: "fraudulent",
  RequestedByCustomer: "requested_by_customer",
});

/** The values of `RefundStatus` the SDK knows of; others may come. */
const RefundStatus = Object.freeze({
  Pending: "pending",
  Succeeded: "succeeded",
  Failed: "failed",
});

/** The values of `RefundReason` the SDK knows of; others may come. */
const RefundReason = Object.freeze({
  Duplicate: "duplicate",
  Fraudulent: "fraudulent",
  RequestedByCustomer: "requested_by_customer",
});

/** The values of `SubscriptionStatus` the SDK knows of; others may come. */
const SubscriptionStatus = Object.freeze({
  Active: "active",
  PastDue: "past_due",
  Canceled: "canceled",
});

/** The values of `CardBrand` the SDK knows of; others may come. */
const CardBrand = Object.freeze({
  Visa: "visa",
  Mastercard: "mastercard",
  Amex: "amex",
  Other: "other",
});

/** The values of `ReportRequestKind` the SDK knows of; others may come. */
const ReportRequestKind = Object.freeze({
  BalanceSummary: "balance_summary",
  TransferTotals: "transfer_totals",
  RefundTotals: "refund_totals",
});

/** The values of `ReportKind` the SDK knows of; others may come. */
const ReportKind = Object.freeze({
  BalanceSummary: "balance_summary",
  TransferTotals: "transfer_totals",
  RefundTotals: "refund_totals",
});

module.exports = {
  TransferStatus,
  CreateRefundReason,
  RefundStatus,
  RefundReason,
  SubscriptionStatus,
  CardBrand,
  ReportRequestKind,
  ReportKind,
};
