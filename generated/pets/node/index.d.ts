import type {
  Clock,
  FetchLike,
  Jitter,
  LogLevel,
  Logger,
  RandomSource,
  Secret,
} from "./runtime/index.js";
import type { PetsResource } from "./resources/pets.js";
import type { Photos } from "./resources/photos.js";

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
export { PetsResource } from "./resources/pets.js";
export { Photos } from "./resources/photos.js";
export type {
  CreatePetParams,
  ListPetsParams,
  UpdatePetParams,
} from "./resources/pets.js";
export type { UploadPetPhotoParams } from "./resources/photos.js";

/** Options of {@link Pets}: credentials, where to send calls, and every retry knob. */
export interface ClientOptions {
  /**
   * The API key (`apiKeyAuth` security scheme), sent as the `X-API-Key` header. A function is called once per call, before the first attempt.
   *
   * The API key of your shop, from the dashboard.
   *
   * Default: the `PETS_API_KEY` environment variable.
   */
  apiKey?: Secret;
  /** The API's base URL; default: the `PETS_BASE_URL` environment variable, else "https://api.petshop.example.com/v1". */
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
   * deadline comes, whichever is first. Default: 300 (the spec's); `null` for none.
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
  /** Where retry logs go (silent unless `logLevel` or `PETS_LOG` says otherwise). */
  logger?: Partial<Logger>;
  /** Log level; overrides the `PETS_LOG` environment variable. */
  logLevel?: LogLevel;
  /** The fetch to use (default: the global fetch). */
  fetch?: FetchLike;
  /** Time source, for tests. */
  clock?: Clock;
  /** Random draws in [0, 1) for the jitter, for tests. */
  random?: RandomSource;
}

/**
 * The client of the Pets API.
 *
 * A small API for a pet shop's catalogue: list, create, read, update and
 * delete pets, and store one photo per pet.
 *
 * This is the first example bundled with sdkgen. It declares no idempotency
 * keys, so its only retry hints come from the HTTP methods and from the
 * root latency hint (`x-latency-p99-ms`), which sets every attempt's timeout.
 */
export declare class Pets {
  constructor(options?: ClientOptions);
  /** The pets in the catalogue. */
  readonly pets: PetsResource;
  /** The photo attached to each pet. */
  readonly photos: Photos;
}
