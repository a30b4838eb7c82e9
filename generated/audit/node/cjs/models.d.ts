export type AccountInputPlan = "free" | "team" | "enterprise" | (string & {});
/** The values of `AccountInputPlan` the SDK knows of; others may come. */
export declare const AccountInputPlan: {
  readonly Free: "free";
  readonly Team: "team";
  readonly Enterprise: "enterprise";
};

export interface AccountInput {
  email: string;
  name: string;
  /** Default: `"free"`. */
  plan?: AccountInputPlan;
  phone?: string | null;
}

export type AccountInputPlan2 = "free" | "team" | "enterprise" | (string & {});
/** The values of `AccountInputPlan2` the SDK knows of; others may come. */
export declare const AccountInputPlan2: {
  readonly Free: "free";
  readonly Team: "team";
  readonly Enterprise: "enterprise";
};

export interface Account {
  email: string;
  name: string;
  /** Default: `"free"`. */
  plan?: AccountInputPlan2;
  phone?: string | null;
  id: string;
  /**
   * Prepaid credits left.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  credits: number;
  limits?: Limits;
  /** A date and time, RFC 3339 (`2024-05-14T09:30:00Z`). */
  createdAt: string;
}

export type ActivityEntryKind =
  "note" | "charge" | "credit_used" | "limits_changed" | (string & {});
/** The values of `ActivityEntryKind` the SDK knows of; others may come. */
export declare const ActivityEntryKind: {
  readonly Note: "note";
  readonly Charge: "charge";
  readonly CreditUsed: "credit_used";
  readonly LimitsChanged: "limits_changed";
};

export interface ActivityEntry {
  /** An integer; exact up to `Number.MAX_SAFE_INTEGER`. */
  id: number;
  kind: ActivityEntryKind;
  text: string;
  author?: string;
  /** A date and time, RFC 3339 (`2024-05-14T09:30:00Z`). */
  createdAt: string;
}

export type ChargeStatus = "succeeded" | "failed" | (string & {});
/** The values of `ChargeStatus` the SDK knows of; others may come. */
export declare const ChargeStatus: {
  readonly Succeeded: "succeeded";
  readonly Failed: "failed";
};

export interface Charge {
  id: string;
  /** An integer; exact up to `Number.MAX_SAFE_INTEGER`. */
  amount: number;
  currency: string;
  status: ChargeStatus;
  /** A date and time, RFC 3339 (`2024-05-14T09:30:00Z`). */
  createdAt: string;
}

export interface Limits {
  /**
   * The daily spending limit, in cents.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  daily: number;
  /**
   * The monthly spending limit, in cents.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  monthly: number;
}

export interface ErrorModel {
  error: string;
  details?: string;
}

export interface ListAccountsResponse {
  accounts: Account[];
  /**
   * The number of accounts across all pages.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  total: number;
}

export interface AddAccountNoteRequest {
  text: string;
  /** Who wrote the note; the API key's owner when left out. */
  author?: string;
}

export interface UseCreditResponse {
  /** An integer; exact up to `Number.MAX_SAFE_INTEGER`. */
  credits: number;
}

export interface CreateChargeRequest {
  /**
   * The amount in cents.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  amount: number;
  currency: string;
  statementDescriptor?: string;
}

export interface UpdateAccountLimitsRequest {
  /**
   * Cents to add to the daily limit; negative to lower it.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  dailyDelta?: number;
  /**
   * Cents to add to the monthly limit; negative to lower it.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  monthlyDelta?: number;
}
