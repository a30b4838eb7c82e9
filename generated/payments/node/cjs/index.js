"use strict";
const {
  Runtime,
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
} = require("./runtime/index.js");
const {
  Core,
  baseUrlSetting,
  bearerAuth,
  setting,
  APIPromise,
  PagePromise,
} = require("./core.js");
const { Transfers } = require("./resources/transfers.js");
const { Refunds } = require("./resources/refunds.js");
const { Subscriptions } = require("./resources/subscriptions.js");
const { Vendors } = require("./resources/vendors.js");
const { Reports } = require("./resources/reports.js");
require("./models.js");

/** How a caller provides each scheme's credentials, for MissingCredentialError. */
const CREDENTIAL_HELP = new Map([
  ["bearerAuth", "bearerToken (or PAYMENTS_BEARER_TOKEN)"],
]);

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
class Payments {
  /** @param {import("./index.js").ClientOptions} [options] */
  constructor(options = {}) {
    const runtime = new Runtime({
      baseUrl: baseUrlSetting(
        options.baseUrl,
        "PAYMENTS_BASE_URL",
        "https://api.payments.example.com/v2",
      ),
      userAgent: "payments/2.3.0",
      logEnvVar: "PAYMENTS_LOG",
      logName: "payments",
      retries: options.retries,
      maxAttempts: options.maxAttempts,
      jitter: options.jitter,
      baseMs: options.baseMs,
      capMs: options.capMs,
      timeout: options.timeout,
      p99Ms: options.p99Ms === undefined ? 400 : options.p99Ms,
      requestTimeoutHeader: options.requestTimeoutHeader,
      budgetCapacity: options.budgetCapacity,
      maxResponseBytes: options.maxResponseBytes,
      headers: options.headers,
      logger: options.logger,
      logLevel: options.logLevel,
      fetch: options.fetch,
      clock: options.clock,
      random: options.random,
    });
    const credentials = new Map();
    credentials.set(
      "bearerAuth",
      bearerAuth(setting(options.bearerToken, "PAYMENTS_BEARER_TOKEN")),
    );
    const core = new Core(
      runtime,
      credentials,
      [["bearerAuth"]],
      CREDENTIAL_HELP,
    );
    /** Payments from your balance to a vendor. */
    this.transfers = new Transfers(core);
    /** Money given back from a transfer. */
    this.refunds = new Refunds(core);
    /** Customers billed on a recurring schedule. */
    this.subscriptions = new Subscriptions(core);
    /** The businesses and people you pay. */
    this.vendors = new Vendors(core);
    /** Figures computed from your account's activity. */
    this.reports = new Reports(core);
  }
}

module.exports = {
  ...require("./models.js"),
  APIPromise,
  PagePromise,
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
  Transfers,
  Refunds,
  Subscriptions,
  Vendors,
  Reports,
  Payments,
};
