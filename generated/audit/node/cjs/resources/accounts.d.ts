import type {
  APIPromise,
  KeyedRequestOptions,
  PagePromise,
  RequestOptions,
} from "../core.js";
import type {
  Account,
  AccountInput,
  ActivityEntry,
  AddAccountNoteRequest,
} from "../models.js";

/** The parameters of `listAccounts`. */
export interface ListAccountsParams {
  /**
   * The page number, starting at 1.
   *
   * Sent as the `page` query parameter.
   */
  page?: number;
  /**
   * Sent as the `per_page` query parameter.
   *
   * An integer; exact up to `Number.MAX_SAFE_INTEGER`.
   */
  perPage?: number;
  /**
   * Only the account with this email address.
   *
   * Sent as the `email` query parameter.
   */
  email?: string;
}

/** The parameters of `createAccount`. */
export type CreateAccountParams = AccountInput;

/** The parameters of `replaceAccount`. */
export type ReplaceAccountParams = AccountInput;

/** The parameters of `addAccountNote`. */
export type AddAccountNoteParams = AddAccountNoteRequest;

/** The `accounts` operations. */
export declare class AccountsResource {
  private constructor();

  /**
   * List accounts
   *
   * `GET /accounts`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   */
  listAccounts(
    params?: ListAccountsParams,
    options?: RequestOptions,
  ): PagePromise<Account>;

  /**
   * Create an account
   *
   * Opens a new account. Pass a unique `Idempotency-Key` to make the
   * request safe to retry: a second request with the same key returns
   * the account created by the first instead of opening another.
   *
   * `POST /accounts`
   *
   * Keyed: every attempt carries the same `Idempotency-Key` (yours from `options.idempotencyKey`, or a UUID v4 made once for the call), so retries after a timeout or a 5xx cannot act twice within the server's replay window. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   */
  createAccount(
    params: CreateAccountParams,
    options?: KeyedRequestOptions,
  ): APIPromise<Account>;

  /**
   * Get an account
   *
   * `GET /accounts/{account_id}`
   *
   * Safe to retry: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   *
   * @param accountId Sent as the `account_id` path parameter, percent-encoded.
   */
  getAccount(accountId: string, options?: RequestOptions): APIPromise<Account>;

  /**
   * Replace an account
   *
   * Replaces the account's details with the ones given. Fields left out
   * are reset to their defaults.
   *
   * `PUT /accounts/{account_id}`
   *
   * Idempotent: retried on throttling, transient 5xx (500 once) and connection failures. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   *
   * @param accountId Sent as the `account_id` path parameter, percent-encoded.
   */
  replaceAccount(
    accountId: string,
    params: ReplaceAccountParams,
    options?: RequestOptions,
  ): APIPromise<Account>;

  /**
   * Append a note to the account's activity log
   *
   * Appends a note to the account's activity log. Each time this is
   * called a new entry is added at the end of the log, with the text
   * given and the time of the call.
   *
   * `PUT /accounts/{account_id}/notes`
   *
   * Not safe to retry: retried only when the request provably never reached the server (connection refused, DNS, TLS handshake, 429). After a timeout, check whether it took effect before calling again. Up to 3 attempts within a 60000 ms deadline; each attempt may use the rest of the deadline.
   *
   * @param accountId Sent as the `account_id` path parameter, percent-encoded.
   */
  addAccountNote(
    accountId: string,
    params: AddAccountNoteParams,
    options?: RequestOptions,
  ): APIPromise<ActivityEntry>;
}
