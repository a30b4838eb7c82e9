import type {
  Clock,
  FetchLike,
  Jitter,
  LogLevel,
  Logger,
  RandomSource,
  Secret,
} from "./runtime/index.js";
import type { Transfers } from "./resources/transfers.js";
import type { Refunds } from "./resources/refunds.js";
import type { Subscriptions } from "./resources/subscriptions.js";
import type { Vendors } from "./resources/vendors.js";
import type { Reports } from "./resources/reports.js";

export { APIPromise, PagePromise } from "./core.js";
export type {
  APIResponse,
  KeyedRequestOptions,
  RequestOptions,
} from "./core.js";
export {
  APIConnectionError,
  APIError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  BinaryResponse,
  ClientError,
  ConflictError,
  DeadlineExceededError,
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  InvalidArgumentError,
  InvalidIdempotencyKeyError,
  MissingCredentialError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  RequestAbortedError,
  ResponseParseError,
  SDKError,
  ServerError,
  StreamError,
  UnprocessableEntityError,
  deadlineFromHeaders,
  toFile,
} from "./runtime/index.js";
export type {
  Clock,
  FetchLike,
  FileInput,
  Jitter,
  LogLevel,
  Logger,
  RandomSource,
  Secret,
  StopReason,
} from "./runtime/index.js";
export * from "./models.js";
export { Transfers } from "./resources/transfers.js";
export { Refunds } from "./resources/refunds.js";
export { Subscriptions } from "./resources/subscriptions.js";
export { Vendors } from "./resources/vendors.js";
export { Reports } from "./resources/reports.js";
export type {
  CreateTransferParams,
  ListTransfersParams,
} from "./resources/transfers.js";
export type { CreateRefundParams } from "./resources/refunds.js";
export type { CreateSubscriptionParams } from "./resources/subscriptions.js";
export type {
  UpdateVendorParams,
  UpsertVendorParams,
} from "./resources/vendors.js";
export type { GenerateReportParams } from "./resources/reports.js";

/** Options of {@link Payments}: credentials, where to send calls, and every retry knob. */
export interface ClientOptions {
  /**
   * The bearer token (`bearerAuth` security scheme), sent as `Authorization: Bearer <token>`. A function is called once per call, before the first attempt, so a token provider can refresh it.
   *
   * Your secret API key, sent as `Authorization: Bearer <key>`. Sandbox keys start with `sk_test_`, production keys with `sk_live_`.
   *
   * Default: the `PAYMENTS_BEARER_TOKEN` environment variable.
   */
  bearerToken?: Secret;
  /** The API's base URL; default: the `PAYMENTS_BASE_URL` environment variable, else "https://api.payments.example.com/v2". */
  baseUrl?: string;
  /** Retries on (default `true`); `false` makes one attempt per call. */
  retries?: boolean;
  /** Attempts per call in total, the first included (default 3). */
  maxAttempts?: number;
  /** Backoff between attempts: `"full"` jitter (default) or `"decorrelated"`. */
  jitter?: Jitter;
  /** Backoff base in ms (default 500). */
  baseMs?: number;
  /** Backoff cap in ms (default 20000). */
  capMs?: number;
  /** Deadline of a whole call, every attempt and every sleep, in ms (default 60000). */
  timeout?: number;
  /**
   * Latency hint in ms: an attempt times out after 3 x p99Ms or when the
   * deadline comes, whichever is first. Default: 400 (the spec's); `null` for none.
   */
  p99Ms?: number | null;
  /** Header that tells the server the time left (default `Request-Timeout-Ms`); `null` for none. */
  requestTimeoutHeader?: string | null;
  /** Retry budget of this client, in tokens (default 500). */
  budgetCapacity?: number;
  /** The longest response body read, in bytes; past it a call fails with `ResponseTooLargeError`. */
  maxResponseBytes?: number;
  /** Headers sent with every call. */
  headers?: HeadersInit;
  /** Where retry logs go (silent unless `logLevel` or `PAYMENTS_LOG` says otherwise). */
  logger?: Partial<Logger>;
  /** Log level; overrides the `PAYMENTS_LOG` environment variable. */
  logLevel?: LogLevel;
  /** The fetch to use (default: the global fetch). */
  fetch?: FetchLike;
  /** Time source, for tests. */
  clock?: Clock;
  /** Random draws in [0, 1) for the jitter, for tests. */
  random?: RandomSource;
}

/**
 * The client of the Payments API.
 *
 * The Payments API pays vendors (transfers), gives money back (refunds) and
 * bills customers on a schedule (subscriptions).
 *
 * ## Idempotent requests
 *
 * Every `POST` request that creates something accepts an `Idempotency-Key`
 * header.
 * The first request with a given key is processed and its response (status
 * and body, including a failure) is stored for 24 hours. A later request
 * with the same key and the same body gets the stored response back and is
 * not processed again, so a request can be retried safely after a timeout
 * or a dropped connection.
 *
 * - Keys are up to 255 characters of visible ASCII. Derive them from an
 *   identifier you already hold, such as your own order id; a random UUID
 *   made once per logical request also works. Never make a new key for a
 *   retry of the same request.
 * - A request that reuses a key while the first request with that key is
 *   still being processed gets `409` with the code
 *   `concurrent_idempotent_requests`. Wait and retry with the same key.
 * - A request that reuses a key with a different body or a different
 *   endpoint gets `409` with the code `invalid_idempotent_request`. It is
 *   never retried: it is a bug in the caller.
 * - Because failures are stored too, retrying a request that got `500`
 *   with the same key returns the same `500`. Use a new key only after
 *   checking that the first request did not take effect.
 *
 * `GET`, `PUT` and `DELETE` requests are idempotent by nature and need no
 * key, and so is `POST /reports`, which stores nothing. `PATCH /vendors/{vendor_id}`
 * is the exception: it takes no key and is not safe to retry.
 *
 * ## Amounts
 *
 * Amounts are integers in the currency's minor unit: `1250` with currency
 * `eur` is 12.50 EUR.
 */
export declare class Payments {
  constructor(options?: ClientOptions);
  /** Payments from your balance to a vendor. */
  readonly transfers: Transfers;
  /** Money given back from a transfer. */
  readonly refunds: Refunds;
  /** Customers billed on a recurring schedule. */
  readonly subscriptions: Subscriptions;
  /** The businesses and people you pay. */
  readonly vendors: Vendors;
  /** Figures computed from your account's activity. */
  readonly reports: Reports;
}
