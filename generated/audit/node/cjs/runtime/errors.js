"use strict";
// Typed errors of the sdkgen runtime.
//
// Every error carries:
//   kind        a stable string, the conformance kind (api_error, connection, ...)
//   attempts    how many attempts were made (0 when nothing was sent)
//   stopReason  why retrying stopped: not_retryable | attempts_exhausted |
//               deadline_exceeded | budget_exhausted | unsafe_to_retry | none
//
// Hierarchy:
//   SDKError
//     InvalidArgumentError            bad arguments, raised before sending
//     InvalidIdempotencyKeyError      the caller's key was rejected before sending
//     MissingCredentialError          the client holds no credentials the operation accepts
//     RequestAbortedError             the caller's own AbortSignal fired
//     ResponseParseError              a success body that could not be decoded as asked,
//                                     or not of its documented shape
//     ResponseTooLargeError           a body longer than maxResponseBytes, read no further
//     APIConnectionError              the attempt failed below HTTP (refused, reset, DNS)
//     APITimeoutError                 the attempt ran out of time
//       DeadlineExceededError         ... because the call's overall deadline ran out
//     APIError                        an HTTP response that is not a success
//       ClientError                   4xx
//         BadRequestError             400
//         AuthenticationError         401
//         PermissionDeniedError       403
//         NotFoundError               404
//         ConflictError               409
//           IdempotencyInFlightError  409 with the in-flight code
//           IdempotencyMismatchError  409 with the payload-mismatch code
//         UnprocessableEntityError    422
//         RateLimitError              429
//       ServerError                   5xx

const STOP_REASONS = Object.freeze([
  "not_retryable",
  "attempts_exhausted",
  "deadline_exceeded",
  "budget_exhausted",
  "unsafe_to_retry",
  "none",
]);

class SDKError extends Error {
  /**
   * @param {string} message
   * @param {{kind?: string, attempts?: number, stopReason?: string, cause?: unknown}} [init]
   */
  constructor(message, init = {}) {
    super(
      message,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = new.target.name;
    this.kind = init.kind ?? "sdk_error";
    this.attempts = init.attempts ?? 0;
    this.stopReason = init.stopReason ?? "none";
  }
}

class InvalidArgumentError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "invalid_argument" });
  }
}

class InvalidIdempotencyKeyError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "invalid_idempotency_key" });
  }
}

/**
 * The client holds none of the credentials the operation accepts; nothing
 * was sent (CONTRACT.md section 10). The message names each scheme wanted
 * and the client option or environment variable that provides it.
 */
class MissingCredentialError extends SDKError {
  constructor(message, init = {}) {
    super(message, {
      ...init,
      kind: "missing_credential",
      attempts: 0,
      stopReason: "none",
    });
    /** The schemes of the operation's first security alternative. */
    this.schemes = init.schemes ?? [];
  }
}

class RequestAbortedError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "aborted" });
    // Same name as a DOM abort, so `err.name === 'AbortError'` checks keep working.
    this.name = "AbortError";
  }
}

class ResponseParseError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "decode" });
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    /** The server's id of the request, where a response header gives one. */
    this.requestId = requestIdOf(init.headers, init.requestIdHeader);
    /** Where in the body its shape broke (`data[3].amount`), if it did. */
    this.location = undefined;
  }
}

class ResponseTooLargeError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "response_too_large" });
    /** The limit the body went past, in bytes (the client's maxResponseBytes). */
    this.limit = init.limit;
    this.status = init.status;
    this.headers = init.headers;
  }
}

class APIConnectionError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "connection" });
    /** System or undici code of the failure, e.g. ECONNREFUSED, UND_ERR_SOCKET. */
    this.code = init.code;
  }
}

class APITimeoutError extends SDKError {
  constructor(message, init = {}) {
    super(message, { ...init, kind: "timeout" });
  }
}

class DeadlineExceededError extends APITimeoutError {}

/** The response headers that carry the server's id of a request, first found wins. */
const REQUEST_ID_HEADERS = Object.freeze(["x-request-id", "request-id"]);

/**
 * The server's id of the request (the `declared` header, the one the API's
 * spec names, else `x-request-id`, else `request-id`), what a support desk
 * asks for first; undefined when the response has none.
 * @param {Headers | undefined} headers
 * @param {string | null} [declared]
 * @returns {string | undefined}
 */
function requestIdOf(headers, declared) {
  if (headers === undefined) return undefined;
  if (declared) {
    const value = headers.get(declared);
    if (value) return value;
  }
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return undefined;
}

class APIError extends SDKError {
  /**
   * @param {string} message
   * @param {{status: number, headers?: Headers, body?: unknown, code?: string, serverMessage?: string,
   *          attempts?: number, stopReason?: string, kind?: string, cause?: unknown}} init
   */
  constructor(message, init) {
    super(message, { ...init, kind: init.kind ?? "api_error" });
    this.status = init.status;
    this.headers = init.headers ?? new Headers();
    this.body = init.body;
    /** The server's machine-readable code (body `code`, else `error.code`), if any. */
    this.code = init.code;
    /** The server's message (body `message`, else `error.message`), if any. */
    this.serverMessage = init.serverMessage;
    /** The response header the API's spec declares for the request id. */
    this.requestIdHeader = init.requestIdHeader ?? null;
  }

  /** The server's id of the request, where a response header gives one. */
  get requestId() {
    return requestIdOf(this.headers, this.requestIdHeader);
  }
}

class ClientError extends APIError {}
class ServerError extends APIError {}
class BadRequestError extends ClientError {}
class AuthenticationError extends ClientError {}
class PermissionDeniedError extends ClientError {}
class NotFoundError extends ClientError {}
class ConflictError extends ClientError {}
class UnprocessableEntityError extends ClientError {}
class RateLimitError extends ClientError {}

class IdempotencyInFlightError extends ConflictError {
  constructor(message, init) {
    super(message, { ...init, kind: "idempotency_in_flight" });
  }
}

class IdempotencyMismatchError extends ConflictError {
  constructor(message, init) {
    super(message, { ...init, kind: "idempotency_mismatch" });
  }
}

const BY_STATUS = new Map([
  [400, BadRequestError],
  [401, AuthenticationError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [409, ConflictError],
  [422, UnprocessableEntityError],
  [429, RateLimitError],
]);

/**
 * The APIError subclass for a status (without the idempotency 409 refinement).
 * @param {number} status
 */
function apiErrorClassFor(status) {
  const specific = BY_STATUS.get(status);
  if (specific) return specific;
  if (status >= 400 && status < 500) return ClientError;
  if (status >= 500 && status < 600) return ServerError;
  return APIError;
}

module.exports = {
  STOP_REASONS,
  SDKError,
  InvalidArgumentError,
  InvalidIdempotencyKeyError,
  MissingCredentialError,
  RequestAbortedError,
  ResponseParseError,
  ResponseTooLargeError,
  APIConnectionError,
  APITimeoutError,
  DeadlineExceededError,
  REQUEST_ID_HEADERS,
  requestIdOf,
  APIError,
  ClientError,
  ServerError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  apiErrorClassFor,
};
