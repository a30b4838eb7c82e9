import type {
  Auth,
  BinaryResponse,
  ClientCredentials,
  EventStream,
  Page,
  Pager,
  Runtime,
} from "./runtime/index.js";

/** Options every method accepts as its last argument. */
export interface RequestOptions {
  /** Deadline for this call, every attempt and every sleep, in ms from now. */
  timeout?: number;
  /**
   * Absolute deadline: a Date or epoch ms, such as what `deadlineFromHeaders`
   * reads from an incoming request. With `timeout` too, the earlier wins.
   */
  deadline?: Date | number;
  /** Attempts in total for this call, the first included. */
  maxAttempts?: number;
  /** `false`: this call makes one attempt. */
  retries?: boolean;
  /** Headers for this call; they override the client's and the method's. */
  headers?: HeadersInit;
  /**
   * Query parameters sent after the method's own, for one the API added
   * after this SDK was made (`form` style: an array repeats the name).
   */
  extraQuery?: Record<string, unknown>;
  /**
   * Properties merged into the JSON body, over the method's own of the same
   * name; a call whose body is not a JSON object fails before sending.
   */
  extraBody?: Record<string, unknown>;
  /** Cancels the call; a cancelled call is never retried. */
  signal?: AbortSignal;
  /**
   * Event streams and downloads: the longest wait for the body's next bytes
   * once the response's headers have arrived, in ms (default: the client's
   * `streamIdleTimeout`).
   */
  idleTimeout?: number;
}

/** Options of a method whose operation accepts an idempotency key. */
export interface KeyedRequestOptions extends RequestOptions {
  /**
   * Your idempotency key for this call: 1 to the API's maximum length of
   * visible ASCII characters, checked before anything is sent. Without one,
   * the SDK makes a UUID v4 once for the call and sends it on every attempt.
   * Derive it from an identifier you already hold (an order id), never anew
   * for a retry.
   */
  idempotencyKey?: string;
}

/** A decoded body with what came with it. */
export interface APIResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  /** Attempts the call took. */
  attempts: number;
  /** The idempotency key sent (keyed operations), yours or the SDK's. */
  idempotencyKey: string | undefined;
  /** The server's id of the request (`x-request-id`, else `request-id`), where it gave one. */
  requestId: string | undefined;
}

/**
 * What every method returns: a promise of the decoded body. `withResponse()`
 * gives the body with the status, headers, attempts and idempotency key.
 */
export declare class APIPromise<T> extends Promise<T> {
  private constructor();
  withResponse(): Promise<APIResponse<T>>;
}

/**
 * What the method of a paginated operation returns: the items of every page
 * (`for await (const item of pager)`), its pages (`pager.pages()`), and, on
 * `await`, the first page. `withResponse()` gives the first page with its
 * status, headers, attempts and request id.
 */
export declare class PagePromise<T> extends Pager<T> {
  private constructor();
  withResponse(): Promise<APIResponse<Page<T>>>;
}

/** @internal */
export declare function setting<T>(
  value: T | null | undefined,
  name: string,
): T | string | undefined;
/** @internal */
export declare function withHeaders(
  constant: [string, string][],
  given: HeadersInit | undefined,
): Headers;
/** @internal */
export declare function baseUrlSetting(
  value: string | null | undefined,
  name: string,
  fallback: string | undefined,
): string;
/** @internal */
export declare function bearerAuth(token: unknown): Auth | undefined;
/** @internal */
export declare function basicAuth(
  username: unknown,
  password: unknown,
): Auth | undefined;
/** @internal */
export declare function apiKeyAuth(
  name: string,
  where: "header" | "query" | "cookie",
  value: unknown,
): Auth | undefined;

/** @internal */
export declare function oauth2Auth(
  tokenUrl: string | undefined,
  clientId: unknown,
  clientSecret: unknown,
  accessToken: unknown,
): Auth | ClientCredentials | undefined;

/** @internal The client's connection to its runtime. */
export declare class Core {
  constructor(
    runtime: Runtime,
    credentials: Map<string, Auth | ClientCredentials | undefined>,
    security: string[][],
    help?: ReadonlyMap<string, string>,
  );
  call<T>(
    operation: object,
    options: RequestOptions | undefined,
    build: () => object,
  ): APIPromise<T>;
  paginate<T>(
    operation: object,
    options: RequestOptions | undefined,
    build: () => object,
  ): PagePromise<T>;
  stream<T>(
    operation: object,
    options: RequestOptions | undefined,
    build: () => object,
  ): Promise<EventStream<T>>;
  download(
    operation: object,
    options: RequestOptions | undefined,
    build: () => object,
  ): APIPromise<BinaryResponse>;
}

/** @internal */
export declare function fillPath(
  template: string,
  ...segments: string[]
): string;
/** @internal */
export declare function withoutKeys<T extends object>(
  object: T | undefined,
  ...keys: string[]
): Partial<T> | undefined;
/** @internal */
export declare function bodyOf<T extends object>(
  object: T | undefined,
  ...keys: string[]
): Partial<T> | undefined;
/** @internal */
export declare function headerValues(
  ...entries: (readonly [string, string | undefined] | undefined)[]
): Headers;
/** @internal */
export declare function cookies(
  ...pieces: string[]
): readonly ["Cookie", string] | undefined;
