import type { Auth } from "./auth.js";
import type { TokenBucket } from "./budget.js";
import type { Clock, RandomSource } from "./clock.js";
import type { Logger, LoggerOptions, LogLevel } from "./log.js";
import type { QueryInput } from "./encoding.js";
import type { RetryClass } from "./policy.js";
import type { EventStream, ServerSentEvent } from "./streaming.js";
import type { BinaryResponse, NamedStream, UploadBody } from "./files.js";

export type { RetryClass } from "./policy.js";
export type Jitter = "full" | "decorrelated";
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Client-wide settings; absent fields take the contract defaults. */
export interface RuntimeConfig extends LoggerOptions {
  /** e.g. 'https://api.example.com/v1' (a trailing slash is dropped). */
  baseUrl: string;
  /**
   * Where to send the operations that have servers of their own: the spec's
   * server URL (as the operation's `baseUrl` gives it; trailing slashes
   * ignored) to the URL to use instead.
   */
  serverUrls?: Readonly<Record<string, string>>;
  /** Retries on (default true). */
  retries?: boolean;
  /** Attempts in total, first included (default 3). */
  maxAttempts?: number;
  /** 'full' (default) or 'decorrelated'. */
  jitter?: Jitter;
  /** Backoff base (default 500 ms). */
  baseMs?: number;
  /** Backoff cap (default 20000 ms). */
  capMs?: number;
  /** Deadline for a whole logical call, every attempt and sleep (default 60000 ms). */
  timeout?: number;
  /** Header carrying the time left to each attempt (default 'Request-Timeout-Ms'); null turns it off. */
  requestTimeoutHeader?: string | null;
  /**
   * The response header the API's spec declares for the request's id:
   * looked up before `x-request-id` and `request-id`.
   */
  requestIdHeader?: string | null;
  /** Client-wide p99 latency hint: attempt timeout min(3 x p99, time left). Default null. */
  p99Ms?: number | null;
  /** Retry budget capacity (default 500). */
  budgetCapacity?: number;
  /**
   * The longest response body read, in bytes (default 32 MiB): past it the
   * body is read no further, the connection is closed and the call fails
   * with ResponseTooLargeError, without retrying.
   */
  maxResponseBytes?: number;
  /**
   * Event streams and downloads: the longest wait for the next bytes once
   * the response headers have arrived, in ms (default 60000); a keep-alive
   * comment counts.
   */
  streamIdleTimeout?: number;
  /** Retry budget starting level (default: the capacity). */
  budgetInitial?: number;
  auth?: Auth | readonly Auth[] | null;
  /** Headers sent with every request. */
  headers?: HeadersInit;
  userAgent?: string;
  /** Injectable fetch (default: the global fetch). */
  fetch?: FetchLike;
  /** Injectable clock (default: performance.now and real timers). */
  clock?: Clock;
  /** Injectable random source (default: Math.random). */
  random?: RandomSource;
}

/** x-retries on an operation: overrides the client's values for this operation. */
export interface RetryOverrides {
  maxAttempts?: number;
  baseMs?: number;
  capMs?: number;
  /** Deadline for the whole call, ms. */
  timeout?: number;
}

/** What the generator knows about one operation. */
export interface Operation {
  /** operationId, used in logs and error messages. */
  name?: string;
  method: string;
  /** Path used when the request gives none. */
  path?: string;
  /**
   * The operation's own server (its or its path item's `servers`), used
   * instead of the client's baseUrl unless the client's serverUrls maps it;
   * a relative one is resolved against the client's baseUrl.
   */
  baseUrl?: string;
  /** Default: from the method (GET/HEAD/OPTIONS/TRACE safe, PUT/DELETE idempotent, else unsafe). */
  retryClass?: RetryClass;
  /** Default 'Idempotency-Key'. */
  keyHeader?: string;
  /** Default 255. */
  keyMaxLength?: number;
  /** x-latency-p99-ms of the operation (overrides the client's p99Ms). */
  p99Ms?: number | null;
  retry?: RetryOverrides;
  /** Server's stored-failure policy; default 'reattempt'. */
  failures?: "replay" | "reattempt";
  /** Default 'concurrent_idempotent_requests'. */
  inFlightCode?: string;
  /** Default 'invalid_idempotent_request'. */
  mismatchCode?: string;
}

export type ParseAs = "auto" | "json" | "text" | "bytes";

/** One request, already encoded by generated code. */
export interface RequestSpec {
  /** Default: the operation's method. */
  method?: string;
  /** Already-encoded path starting with '/', e.g. from buildPath(). */
  path?: string;
  query?: QueryInput;
  /**
   * Header pairs of the call's credentials, already resolved and checked (as
   * `new Headers(pairs)` accepts them): sent like the request's own headers,
   * which win over them.
   */
  authHeaders?: readonly (readonly [string, string])[];
  /** `name=value` cookies of the call's credentials: sent after the request's own cookies. */
  authCookies?: readonly string[];
  headers?: HeadersInit;
  /**
   * Raw body: string, bytes, Blob, URLSearchParams, FormData, a stream or
   * async iterable of bytes (read once: a retry only while none of it was
   * read); plain objects/arrays are sent as JSON.
   */
  body?:
    | string
    | Uint8Array
    | ArrayBuffer
    | Blob
    | UploadBody
    | NamedStream
    | ReadableStream<Uint8Array>
    | AsyncIterable<Uint8Array>
    | URLSearchParams
    | FormData
    | Record<string, unknown>
    | unknown[]
    | null;
  /** A value sent as JSON (Content-Type: application/json unless contentType says otherwise). */
  json?: unknown;
  /**
   * The body's media type as the spec names it: sent as the Content-Type only
   * when there is a body. A Blob's own type (a multipartBody) is used otherwise.
   */
  contentType?: string;
  /**
   * How to decode a success body: 'bytes' and 'text' as they say; 'json' and
   * 'auto' (the default) by the response's Content-Type: JSON when it says
   * JSON, text for text/*, bytes otherwise ('json' refuses JSON that does not
   * parse, 'auto' gives its text).
   */
  parseAs?: ParseAs;
}

/** Per-call options every generated method accepts. */
export interface CallOptions {
  /** Your own idempotency key (keyed operations): 1..keyMaxLength visible ASCII characters. */
  idempotencyKey?: string;
  /** Deadline for this call in ms from now. */
  timeout?: number;
  /** Absolute deadline: a Date or epoch ms (see deadlineFromHeaders). The earlier of timeout and deadline wins. */
  deadline?: Date | number;
  maxAttempts?: number;
  retries?: boolean;
  headers?: HeadersInit;
  /** Query parameters sent after the operation's own (`form` style: an array repeats the name). */
  extraQuery?: Record<string, unknown>;
  /** Properties merged into the JSON object body, over the SDK's own of the same name. */
  extraBody?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** A stream call's request: `parseAs` does not apply; `decodeEvent` may turn each event into a value. */
export interface StreamRequestSpec<T = ServerSentEvent> extends Omit<
  RequestSpec,
  "parseAs"
> {
  decodeEvent?: (event: ServerSentEvent) => T;
}

/** A stream or download call's options. */
export interface StreamCallOptions extends CallOptions {
  /** The longest wait for the body's next bytes, ms (default: the client's streamIdleTimeout). */
  idleTimeout?: number;
}

export interface RuntimeResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  /** Attempts the call took. */
  attempts: number;
  /** The key sent (keyed operations), generated or yours. */
  idempotencyKey: string | undefined;
  /** The body's bytes as they came (what a `ResponseParseError` carries). */
  rawBody?: Uint8Array;
  /** The response header the API's spec declares for the request id. */
  requestIdHeader?: string | null;
}

export interface ResolvedConfig {
  readonly baseUrl: string;
  /** serverUrls, trailing slashes removed from both sides. */
  readonly serverUrls: ReadonlyMap<string, string>;
  readonly retries: boolean;
  readonly maxAttempts: number;
  readonly jitter: Jitter;
  readonly baseMs: number;
  readonly capMs: number;
  readonly timeout: number;
  readonly requestTimeoutHeader: string | null;
  readonly requestIdHeader: string | null;
  readonly p99Ms: number | null;
  readonly maxResponseBytes: number;
  readonly streamIdleTimeout: number;
  readonly headers: HeadersInit | undefined;
  readonly userAgent: string | undefined;
  readonly auth: Auth | readonly Auth[] | null | undefined;
}

/** 3: an attempt times out after this many times the latency hint (p99). */
export declare const ATTEMPT_TIMEOUT_P99_MULTIPLIER: number;

export declare const DEFAULTS: Readonly<{
  retries: boolean;
  maxAttempts: number;
  jitter: Jitter;
  baseMs: number;
  capMs: number;
  timeout: number;
  requestTimeoutHeader: string;
  p99Ms: null;
  budgetCapacity: number;
  maxResponseBytes: number;
  streamIdleTimeout: number;
}>;

export declare function defaultRetryClass(method: string): RetryClass;

export declare class Runtime {
  constructor(config: RuntimeConfig);
  readonly config: ResolvedConfig;
  /** This client's retry budget; `budget.setLevel(n)` is the test hook. */
  readonly budget: TokenBucket;
  readonly log: Logger & { readonly level: LogLevel };
  /** One logical call: attempts, sleeps and retries under the contract. */
  request<T = unknown>(
    operation: Operation,
    request?: RequestSpec,
    options?: CallOptions,
  ): Promise<RuntimeResponse<T>>;
  /**
   * Opens an event stream: retried as `request` until a 2xx response's
   * headers arrive, then read as the caller iterates, never retried.
   */
  stream<T = ServerSentEvent>(
    operation: Operation,
    request?: StreamRequestSpec<T>,
    options?: StreamCallOptions,
  ): Promise<EventStream<T>>;
  /**
   * Opens a download: retried as `request` until a 2xx response's headers
   * arrive, then its body unread, never retried.
   */
  download(
    operation: Operation,
    request?: RequestSpec,
    options?: StreamCallOptions,
  ): Promise<BinaryResponse>;
  /** The runtime clock's time, in ms (monotonic: only differences matter). */
  now(): number;
  /** The base URL an operation's calls go to: its own server (mapped by `serverUrls`), else the client's. */
  baseUrlOf(operation: Operation): string;
}
