/** Why retrying stopped. `none`: the error was raised before any attempt. */
export type StopReason =
  | "not_retryable"
  | "attempts_exhausted"
  | "deadline_exceeded"
  | "budget_exhausted"
  | "unsafe_to_retry"
  | "none";

/** Stable error kinds; the first six are the conformance kinds. */
export type ErrorKind =
  | "api_error"
  | "idempotency_in_flight"
  | "idempotency_mismatch"
  | "connection"
  | "timeout"
  | "invalid_idempotency_key"
  | "invalid_argument"
  | "missing_credential"
  | "aborted"
  | "decode"
  | "response_too_large"
  | "stream"
  | "sdk_error";

export declare const STOP_REASONS: readonly StopReason[];

export interface SDKErrorInit {
  kind?: ErrorKind;
  attempts?: number;
  stopReason?: StopReason;
  cause?: unknown;
}

export declare class SDKError extends Error {
  constructor(message: string, init?: SDKErrorInit);
  readonly kind: ErrorKind;
  /** Attempts made; 0 when nothing was sent. */
  readonly attempts: number;
  readonly stopReason: StopReason;
}

export declare class InvalidArgumentError extends SDKError {
  readonly kind: "invalid_argument";
}

export declare class InvalidIdempotencyKeyError extends SDKError {
  readonly kind: "invalid_idempotency_key";
}

/**
 * The client holds none of the credentials the operation accepts; nothing
 * was sent. The message names each scheme wanted and the client option or
 * environment variable that provides it.
 */
export declare class MissingCredentialError extends SDKError {
  constructor(
    message: string,
    init?: SDKErrorInit & { schemes?: readonly string[] },
  );
  readonly kind: "missing_credential";
  /** The schemes of the operation's first security alternative. */
  readonly schemes: readonly string[];
}

/** The caller's own AbortSignal fired. `name` is 'AbortError'. Never retried. */
export declare class RequestAbortedError extends SDKError {
  readonly kind: "aborted";
}

export interface ResponseParseErrorInit extends SDKErrorInit {
  status?: number;
  headers?: Headers;
  body?: unknown;
  /** The response header the API's spec declares for the request id. */
  requestIdHeader?: string | null;
}

/**
 * A success response whose body could not be decoded as asked (parseAs
 * 'json'), or does not have its documented shape: a required property
 * missing, a value not of its declared type. Never retried.
 */
export declare class ResponseParseError extends SDKError {
  constructor(message: string, init?: ResponseParseErrorInit);
  readonly kind: "decode";
  readonly status: number | undefined;
  readonly headers: Headers | undefined;
  /** The raw bytes received. */
  readonly body: unknown;
  /** The server's id of the request, where a response header gives one. */
  readonly requestId: string | undefined;
  /**
   * Where in the body the shape broke, as `data[3].amount` (`""` for the
   * body itself); undefined when the body could not be decoded at all.
   */
  location?: string;
}

export interface ResponseTooLargeErrorInit extends SDKErrorInit {
  limit?: number;
  status?: number;
  headers?: Headers;
}

/** A response body longer than the client's maxResponseBytes: read no further, never retried. */
export declare class ResponseTooLargeError extends SDKError {
  constructor(message: string, init?: ResponseTooLargeErrorInit);
  readonly kind: "response_too_large";
  /** The limit the body went past, in bytes. */
  readonly limit: number | undefined;
  readonly status: number | undefined;
  readonly headers: Headers | undefined;
}

export interface APIConnectionErrorInit extends SDKErrorInit {
  code?: string;
}

/** The last attempt failed below HTTP: refused, reset, DNS, TLS handshake. */
export declare class APIConnectionError extends SDKError {
  constructor(message: string, init?: APIConnectionErrorInit);
  readonly kind: "connection";
  /** System or undici code, e.g. 'ECONNREFUSED', 'UND_ERR_SOCKET'. */
  readonly code: string | undefined;
}

/** The last attempt ran out of time (its attempt timeout, 3 x p99). */
export declare class APITimeoutError extends SDKError {
  readonly kind: "timeout";
}

/** The call's overall deadline ran out (during an attempt, or before one could start). */
export declare class DeadlineExceededError extends APITimeoutError {}

export interface APIErrorInit extends SDKErrorInit {
  status: number;
  headers?: Headers;
  /** The response header the API's spec declares for the request id. */
  requestIdHeader?: string | null;
  body?: unknown;
  code?: string;
  serverMessage?: string;
}

/** The last attempt got an HTTP response that is not a success (not 2xx). */
export declare class APIError extends SDKError {
  constructor(message: string, init: APIErrorInit);
  readonly kind: "api_error" | "idempotency_in_flight" | "idempotency_mismatch";
  readonly status: number;
  readonly headers: Headers;
  /** Decoded body: parsed JSON, text, a Uint8Array, or undefined when empty. */
  readonly body: unknown;
  /** Server's machine-readable code: body `code`, else `error.code`. */
  readonly code: string | undefined;
  /** Server's message: body `message`, else `error.message`. */
  readonly serverMessage: string | undefined;
  /** The server's id of the request (the header the spec declares, else `x-request-id`, else `request-id`), where a response header gives one. */
  readonly requestId: string | undefined;
  /** The response header the API's spec declares for the request id, or null. */
  readonly requestIdHeader: string | null;
}

/** The response headers that carry the server's id of a request, first found wins. */
export declare const REQUEST_ID_HEADERS: readonly string[];
/** The server's id of the request (the `declared` header, else `x-request-id`, else `request-id`), or undefined. */
export declare function requestIdOf(
  headers: Headers | undefined,
  declared?: string | null,
): string | undefined;

/** 4xx */
export declare class ClientError extends APIError {}
/** 5xx */
export declare class ServerError extends APIError {}
/** 400 */
export declare class BadRequestError extends ClientError {}
/** 401 */
export declare class AuthenticationError extends ClientError {}
/** 403 */
export declare class PermissionDeniedError extends ClientError {}
/** 404 */
export declare class NotFoundError extends ClientError {}
/** 409 */
export declare class ConflictError extends ClientError {}
/** 422 */
export declare class UnprocessableEntityError extends ClientError {}
/** 429 */
export declare class RateLimitError extends ClientError {}

/** 409 with the in-flight code: the same key is still being processed. */
export declare class IdempotencyInFlightError extends ConflictError {
  readonly kind: "idempotency_in_flight";
}

/** 409 with the payload-mismatch code: the same key was used with another payload. */
export declare class IdempotencyMismatchError extends ConflictError {
  readonly kind: "idempotency_mismatch";
}

/** The APIError subclass for a status (not the idempotency 409 refinement). */
export declare function apiErrorClassFor(status: number): typeof APIError;
