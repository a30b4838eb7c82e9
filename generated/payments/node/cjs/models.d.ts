/** An amount in the currency's minor unit (cents for `usd`). */
export type Amount = number;

/** A three-letter ISO 4217 currency code, in lower case. */
export type Currency = string;

/** Your own key-value pairs, returned as given. Up to 50 keys; keys up to 40 characters, values up to 500. */
export type Metadata = Record<string, string>;

/** What to pay, and to whom. */
export interface CreateTransfer {
  amount: Amount;
  currency: Currency;
  /** The id of the vendor to pay. */
  vendorId: string;
  /** A note shown on the vendor's statement; null for none. */
  description?: string | null;
  metadata?: Metadata;
}

/** The kind of object, always `transfer`. */
export type TransferObject = "transfer";

/** `pending` until the vendor's bank answers, then `paid` or `failed`. A failed transfer's amount returns to your balance. */
export type TransferStatus = "pending" | "paid" | "failed" | (string & {});
/** The values of `TransferStatus` the SDK knows of; others may come. */
export declare const TransferStatus: {
  readonly Pending: "pending";
  readonly Paid: "paid";
  readonly Failed: "failed";
};

/** A payment from your balance to a vendor. */
export interface Transfer {
  id: string;
  /** The kind of object, always `transfer`. */
  object: TransferObject;
  amount: Amount;
  currency: Currency;
  /** The id of the vendor paid. */
  vendorId: string;
  /** `pending` until the vendor's bank answers, then `paid` or `failed`. A failed transfer's amount returns to your balance. */
  status: TransferStatus;
  /**
   * When the transfer was created.
   *
   * A date and time, RFC 3339 (`2024-05-14T09:30:00Z`).
   */
  created: string;
  /** The note given at creation, or null. */
  description: string | null;
  metadata: Metadata;
}

export type TransferListObject = "list";

/** One page of transfers. */
export interface TransferList {
  object: TransferListObject;
  data: Transfer[];
  /** Whether more transfers follow this page. */
  hasMore: boolean;
}

/** Why the transfer is refunded. */
export type CreateRefundReason =
  "duplicate" | "fraudulent" | "requested_by_customer" | (string & {});
/** The values of `CreateRefundReason` the SDK knows of; others may come. */
export declare const CreateRefundReason: {
  readonly Duplicate: "duplicate";
  readonly Fraudulent: "fraudulent";
  readonly RequestedByCustomer: "requested_by_customer";
};

/** How much to refund, and why. */
export interface CreateRefund {
  amount?: Amount;
  /** Why the transfer is refunded. */
  reason?: CreateRefundReason;
  metadata?: Metadata;
}

export type RefundObject = "refund";

export type RefundStatus = "pending" | "succeeded" | "failed" | (string & {});
/** The values of `RefundStatus` the SDK knows of; others may come. */
export declare const RefundStatus: {
  readonly Pending: "pending";
  readonly Succeeded: "succeeded";
  readonly Failed: "failed";
};

/** The reason given at creation, absent when none was. */
export type RefundReason =
  "duplicate" | "fraudulent" | "requested_by_customer" | (string & {});
/** The values of `RefundReason` the SDK knows of; others may come. */
export declare const RefundReason: {
  readonly Duplicate: "duplicate";
  readonly Fraudulent: "fraudulent";
  readonly RequestedByCustomer: "requested_by_customer";
};

/** Money given back from a transfer. */
export interface Refund {
  id: string;
  object: RefundObject;
  /** The transfer refunded. */
  transferId: string;
  amount: Amount;
  currency: Currency;
  status: RefundStatus;
  /** The reason given at creation, absent when none was. */
  reason?: RefundReason;
  /** A date and time, RFC 3339 (`2024-05-14T09:30:00Z`). */
  created: string;
  metadata?: Metadata;
}

/** The customer to create. */
export interface CreateSubscriptionCustomer {
  email: string;
  name?: string;
}

/** Who to bill, for which plan, and with what. */
export interface CreateSubscription {
  /** The customer to create. */
  customer: CreateSubscriptionCustomer;
  /** The id of the plan to bill. */
  plan: string;
  /** A token for the card or bank account, made by the client-side library so that raw payment details never reach your server. */
  paymentMethodToken: string;
  metadata?: Metadata;
}

export type SubscriptionObject = "subscription";

export type SubscriptionStatus =
  "active" | "past_due" | "canceled" | (string & {});
/** The values of `SubscriptionStatus` the SDK knows of; others may come. */
export declare const SubscriptionStatus: {
  readonly Active: "active";
  readonly PastDue: "past_due";
  readonly Canceled: "canceled";
};

/** A customer billed on a recurring schedule. */
export interface Subscription {
  id: string;
  object: SubscriptionObject;
  customerId: string;
  plan: string;
  status: SubscriptionStatus;
  paymentMethod: PaymentMethod;
  /**
   * When the current period ends and the next one is billed.
   *
   * A date and time, RFC 3339 (`2024-05-14T09:30:00Z`).
   */
  currentPeriodEnd: string;
  /**
   * When the subscription was cancelled, or null while it runs.
   *
   * A date and time, RFC 3339 (`2024-05-14T09:30:00Z`).
   */
  canceledAt: string | null;
  metadata?: Metadata;
}

/** How a customer pays. */
export type PaymentMethod = Card | BankAccount;

export type CardType = "card";

export type CardBrand =
  "visa" | "mastercard" | "amex" | "other" | (string & {});
/** The values of `CardBrand` the SDK knows of; others may come. */
export declare const CardBrand: {
  readonly Visa: "visa";
  readonly Mastercard: "mastercard";
  readonly Amex: "amex";
  readonly Other: "other";
};

/** A payment card. */
export interface Card {
  type: CardType;
  brand: CardBrand;
  last4: string;
  /** An integer; exact up to `Number.MAX_SAFE_INTEGER`. */
  expMonth: number;
  /** An integer; exact up to `Number.MAX_SAFE_INTEGER`. */
  expYear: number;
}

export type BankAccountType = "bank_account";

/** A bank account debited directly. */
export interface BankAccount {
  type: BankAccountType;
  bankName: string;
  /** The bank's country, as an ISO 3166-1 alpha-2 code. */
  country: string;
  last4: string;
}

/** Every field of a vendor that you set. */
export interface VendorInput {
  name: string;
  email: string;
  country: string;
  payoutCurrency: Currency;
  metadata?: Metadata;
}

/** The fields to change; those left out keep their value. */
export interface VendorUpdate {
  name?: string;
  email?: string;
  payoutCurrency?: Currency;
  metadata?: Metadata;
}

export type VendorObject = "vendor";

/** A business or person you pay. */
export interface Vendor {
  id: string;
  object: VendorObject;
  name: string;
  email: string;
  country: string;
  payoutCurrency: Currency;
  /**
   * Goes up by one with every change to the vendor.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  revision: number;
  metadata?: Metadata;
  /** A date and time, RFC 3339 (`2024-05-14T09:30:00Z`). */
  created: string;
  /** A date and time, RFC 3339 (`2024-05-14T09:30:00Z`). */
  updated: string;
}

export type ReportRequestKind =
  "balance_summary" | "transfer_totals" | "refund_totals" | (string & {});
/** The values of `ReportRequestKind` the SDK knows of; others may come. */
export declare const ReportRequestKind: {
  readonly BalanceSummary: "balance_summary";
  readonly TransferTotals: "transfer_totals";
  readonly RefundTotals: "refund_totals";
};

/** What to compute. */
export interface ReportRequest {
  kind: ReportRequestKind;
  /**
   * The first day of the range, included.
   *
   * A date, `YYYY-MM-DD`.
   */
  from: string;
  /**
   * The last day of the range, included.
   *
   * A date, `YYYY-MM-DD`.
   */
  to: string;
  currency?: Currency;
}

export type ReportObject = "report";

export type ReportKind =
  "balance_summary" | "transfer_totals" | "refund_totals" | (string & {});
/** The values of `ReportKind` the SDK knows of; others may come. */
export declare const ReportKind: {
  readonly BalanceSummary: "balance_summary";
  readonly TransferTotals: "transfer_totals";
  readonly RefundTotals: "refund_totals";
};

export interface ReportRowsItem {
  currency: Currency;
  /**
   * How many objects were counted.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  count: number;
  /**
   * Their total amount, in minor units.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  total: number;
}

/** Totals computed over a date range, one row per currency. */
export interface Report {
  object: ReportObject;
  kind: ReportKind;
  /** A date, `YYYY-MM-DD`. */
  from: string;
  /** A date, `YYYY-MM-DD`. */
  to: string;
  rows: ReportRowsItem[];
}

/** Why a request failed. */
export interface ErrorModel {
  /** A stable, machine-readable code. */
  code: string;
  /** What went wrong, for a human reader. */
  message: string;
}

export interface ListTransfersCreated {
  /**
   * Created at or after this instant.
   *
   * A date and time, RFC 3339 (`2024-05-14T09:30:00Z`).
   */
  gte?: string;
  /**
   * Created at or before this instant.
   *
   * A date and time, RFC 3339 (`2024-05-14T09:30:00Z`).
   */
  lte?: string;
}
