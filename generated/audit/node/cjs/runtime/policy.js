"use strict";
// The retry decision (contract section 3; runtime/conformance/README.md,
// "Decision order for a failed attempt"), as plain functions over an attempt's
// outcome so every step can be tested on its own.
const {
  decorrelatedJitter,
  fullJitter,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} = require("./backoff.js");
const { RETRY_COST, THROTTLING_RETRY_COST } = require("./budget.js");

const DEFAULT_IN_FLIGHT_CODE = "concurrent_idempotent_requests";
const DEFAULT_MISMATCH_CODE = "invalid_idempotent_request";
/** What a server does with a stored failure unless the descriptor says otherwise. */
const DEFAULT_FAILURES = "reattempt";
/** How many 500s one logical call may retry. */
const INTERNAL_SERVER_ERROR_RETRIES = 1;

/** Failures below HTTP where the request provably was not sent (clean). */
const CLEAN_CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Failures below HTTP after the request may have been sent (ambiguous). */
const AMBIGUOUS_CONNECTION_CODES = new Set([
  "ECONNRESET",
  "UND_ERR_SOCKET",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

// TLS handshake failures: the connection never carried the request (clean).
const TLS_VERIFY_CODES = new Set([
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "CERT_REVOKED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/**
 * @param {string | undefined} code
 * @returns {boolean}
 */
function isTlsHandshakeCode(code) {
  return (
    typeof code === "string" &&
    (/^ERR_(TLS|SSL)_/.test(code) || TLS_VERIFY_CODES.has(code))
  );
}

/**
 * The first string `code` found on an error, its `cause` chain, or the first entry
 * of an AggregateError (fetch wraps system errors: err.cause.code).
 * @param {unknown} err
 * @returns {string | undefined}
 */
function findErrorCode(err) {
  let e = err;
  for (
    let depth = 0;
    depth < 6 && e != null && typeof e === "object";
    depth++
  ) {
    if (typeof e.code === "string") return e.code;
    if (
      Array.isArray(e.errors) &&
      e.errors.length > 0 &&
      typeof e.errors[0]?.code === "string"
    ) {
      return e.errors[0].code;
    }
    e = e.cause;
  }
  return undefined;
}

/**
 * Classifies an error thrown by fetch or by reading the body.
 * @param {unknown} err
 * @param {{callerSignal?: AbortSignal, timeoutSignal?: AbortSignal, duringBody?: boolean}} ctx
 * @returns {import('./policy.js').FailureOutcome}
 */
function classifyFailure(err, ctx = {}) {
  if (ctx.callerSignal?.aborted)
    return { type: "aborted", reason: ctx.callerSignal.reason, cause: err };
  if (ctx.timeoutSignal?.aborted) return { type: "timeout", cause: err };
  const code = findErrorCode(err);
  if (
    code !== undefined &&
    (CLEAN_CONNECTION_CODES.has(code) || isTlsHandshakeCode(code))
  ) {
    return {
      type: "connection",
      code,
      clean: true,
      retryable: true,
      cause: err,
    };
  }
  if (
    ctx.duringBody ||
    (code !== undefined && AMBIGUOUS_CONNECTION_CODES.has(code))
  ) {
    return {
      type: "connection",
      code,
      clean: false,
      retryable: true,
      cause: err,
    };
  }
  return {
    type: "connection",
    code,
    clean: false,
    retryable: false,
    cause: err,
  };
}

/**
 * The machine-readable code and message of an error body: `code`, else
 * `error.code`; `message`, else `error.message`.
 * @param {unknown} body
 * @returns {{code: string | undefined, message: string | undefined}}
 */
function errorDetails(body) {
  const pick = (obj, key) =>
    obj !== null && typeof obj === "object" && typeof obj[key] === "string"
      ? obj[key]
      : undefined;
  const nested =
    body !== null && typeof body === "object" ? body.error : undefined;
  return {
    code: pick(body, "code") ?? pick(nested, "code"),
    message: pick(body, "message") ?? pick(nested, "message"),
  };
}

/**
 * A short description of an outcome for logs (no headers, no bodies).
 * @param {{type: string, status?: number, code?: string}} outcome
 */
function describeOutcome(outcome) {
  switch (outcome.type) {
    case "response":
      return outcome.code
        ? `status ${outcome.status} (${outcome.code})`
        : `status ${outcome.status}`;
    case "timeout":
      return "attempt timeout";
    case "connection":
      return `connection error${outcome.code ? ` (${outcome.code})` : ""}`;
    default:
      return outcome.type;
  }
}

const TRANSIENT = new Set([429, 502, 503, 504]);

/**
 * Decides what happens after a failed attempt, in the contract's order:
 * 1 allowlist, 2 ambiguity, 3 attempts left, 4 sleep and deadline room, 5 budget.
 * Draws from `random` only when a jittered sleep is computed, and takes the
 * retry's cost from `bucket` only when the retry goes ahead.
 *
 * @param {import('./policy.js').Outcome} outcome the failed attempt
 * @param {import('./policy.js').DecisionState} s
 * @returns {{retry: false, stopReason: import('./errors.js').StopReason}
 *         | {retry: true, sleepMs: number, cost: number, fromHint: boolean}}
 */
function decide(outcome, s) {
  // An attempt cut short by the call's own deadline: the deadline is exhausted,
  // which is never retried. Stop at once, without a draw.
  if (outcome.type === "timeout" && outcome.byDeadline)
    return { retry: false, stopReason: "deadline_exceeded" };

  // 1. Allowlist.
  let throttling = false;
  if (outcome.type === "response") {
    const should = outcome.headers.get("x-should-retry")?.trim().toLowerCase();
    const status = outcome.status;
    throttling = status === 429 || outcome.inFlight === true;
    if (should === "false")
      return { retry: false, stopReason: "not_retryable" };
    if (should !== "true") {
      if (status === 500) {
        if (s.retryClass === "unsafe")
          return { retry: false, stopReason: "unsafe_to_retry" };
        if (s.prior500s >= INTERNAL_SERVER_ERROR_RETRIES)
          return { retry: false, stopReason: "not_retryable" };
        if (s.retryClass === "keyed" && s.failures === "replay") {
          return { retry: false, stopReason: "not_retryable" };
        }
      } else if (
        !TRANSIENT.has(status) &&
        !(status === 409 && outcome.inFlight === true)
      ) {
        return { retry: false, stopReason: "not_retryable" };
      }
    }
  } else if (outcome.type === "connection") {
    if (!outcome.retryable)
      return { retry: false, stopReason: "not_retryable" };
  } else if (outcome.type !== "timeout") {
    return { retry: false, stopReason: "not_retryable" };
  }

  // 2. Ambiguity: an unsafe operation is never retried after an ambiguous failure.
  const ambiguous =
    outcome.type === "timeout" ||
    (outcome.type === "connection" && !outcome.clean) ||
    (outcome.type === "response" && outcome.status >= 500);
  if (ambiguous && s.retryClass === "unsafe")
    return { retry: false, stopReason: "unsafe_to_retry" };

  // 3. Attempts left.
  const cap = s.retries ? s.maxAttempts : 1;
  if (s.attempts >= cap)
    return { retry: false, stopReason: "attempts_exhausted" };

  // 4. The sleep: the server's hint on 429/503, else a jittered draw; room before the deadline.
  let sleepMs;
  let fromHint = false;
  if (
    outcome.type === "response" &&
    (outcome.status === 429 || outcome.status === 503)
  ) {
    const hint = parseRetryAfter(outcome.headers, s.wallNow);
    if (hint !== undefined) {
      if (hint > MAX_RETRY_AFTER_MS)
        return { retry: false, stopReason: "not_retryable" };
      sleepMs = hint;
      fromHint = true;
    }
  }
  if (sleepMs === undefined) {
    const u = s.random();
    sleepMs =
      s.jitter === "decorrelated"
        ? decorrelatedJitter(u, s.prevSleepMs, s.baseMs, s.capMs)
        : fullJitter(u, s.retriesSoFar, s.baseMs, s.capMs);
  }
  if (!(s.now + sleepMs < s.deadline))
    return { retry: false, stopReason: "deadline_exceeded" };

  // 5. Budget.
  const cost = throttling ? THROTTLING_RETRY_COST : RETRY_COST;
  if (!s.bucket.tryTake(cost))
    return { retry: false, stopReason: "budget_exhausted" };
  return { retry: true, sleepMs, cost, fromHint };
}

module.exports = {
  DEFAULT_IN_FLIGHT_CODE,
  DEFAULT_MISMATCH_CODE,
  DEFAULT_FAILURES,
  INTERNAL_SERVER_ERROR_RETRIES,
  CLEAN_CONNECTION_CODES,
  AMBIGUOUS_CONNECTION_CODES,
  isTlsHandshakeCode,
  findErrorCode,
  classifyFailure,
  errorDetails,
  describeOutcome,
  decide,
};
