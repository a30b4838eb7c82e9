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
const { AccountsResource } = require("./resources/accounts.js");
const { Billing } = require("./resources/billing.js");
require("./models.js");

/** How a caller provides each scheme's credentials, for MissingCredentialError. */
const CREDENTIAL_HELP = new Map([
  ["bearerAuth", "bearerToken (or ACCOUNTS_BEARER_TOKEN)"],
]);

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
class Accounts {
  /** @param {import("./index.js").ClientOptions} [options] */
  constructor(options = {}) {
    const runtime = new Runtime({
      baseUrl: baseUrlSetting(
        options.baseUrl,
        "ACCOUNTS_BASE_URL",
        "https://accounts.example.com/api/v1",
      ),
      userAgent: "accounts/0.9.4",
      logEnvVar: "ACCOUNTS_LOG",
      logName: "accounts",
      retries: options.retries,
      maxAttempts: options.maxAttempts,
      jitter: options.jitter,
      baseMs: options.baseMs,
      capMs: options.capMs,
      timeout: options.timeout,
      p99Ms: options.p99Ms,
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
      bearerAuth(setting(options.bearerToken, "ACCOUNTS_BEARER_TOKEN")),
    );
    const core = new Core(
      runtime,
      credentials,
      [["bearerAuth"]],
      CREDENTIAL_HELP,
    );
    /** The `accounts` operations. */
    this.accounts = new AccountsResource(core);
    /** The `billing` operations. */
    this.billing = new Billing(core);
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
  AccountsResource,
  Billing,
  Accounts,
};
