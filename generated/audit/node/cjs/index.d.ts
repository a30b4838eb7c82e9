import type {
  Clock,
  FetchLike,
  Jitter,
  LogLevel,
  Logger,
  RandomSource,
  Secret,
} from "./runtime/index.js";
import type { AccountsResource } from "./resources/accounts.js";
import type { Billing } from "./resources/billing.js";

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
export { AccountsResource } from "./resources/accounts.js";
export { Billing } from "./resources/billing.js";
export type {
  AddAccountNoteParams,
  CreateAccountParams,
  ListAccountsParams,
  ReplaceAccountParams,
} from "./resources/accounts.js";
export type {
  CreateChargeParams,
  UpdateAccountLimitsParams,
} from "./resources/billing.js";

/** Options of {@link Accounts}: credentials, where to send calls, and every retry knob. */
export interface ClientOptions {
  /**
   * The bearer token (`bearerAuth` security scheme), sent as `Authorization: Bearer <token>`. A function is called once per call, before the first attempt, so a token provider can refresh it.
   *
   * Default: the `ACCOUNTS_BEARER_TOKEN` environment variable.
   */
  bearerToken?: Secret;
  /** The API's base URL; default: the `ACCOUNTS_BASE_URL` environment variable, else "https://accounts.example.com/api/v1". */
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
   * deadline comes, whichever is first. Default: none; `null` for none.
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
  /** Where retry logs go (silent unless `logLevel` or `ACCOUNTS_LOG` says otherwise). */
  logger?: Partial<Logger>;
  /** Log level; overrides the `ACCOUNTS_LOG` environment variable. */
  logLevel?: LogLevel;
  /** The fetch to use (default: the global fetch). */
  fetch?: FetchLike;
  /** Time source, for tests. */
  clock?: Clock;
  /** Random draws in [0, 1) for the jitter, for tests. */
  random?: RandomSource;
}

/**
 * The client of the Accounts API.
 *
 * Customer accounts: their details, notes, prepaid credits, card charges
 * and spending limits.
 *
 * sdkgen ships this spec as the example for `sdkgen check`. It is written
 * the way many real specs are: it says nothing about retries at the root
 * and gives no latency hints, and the retry behaviour of some operations
 * can be read only from their descriptions.
 */
export declare class Accounts {
  constructor(options?: ClientOptions);
  /** The `accounts` operations. */
  readonly accounts: AccountsResource;
  /** The `billing` operations. */
  readonly billing: Billing;
}
