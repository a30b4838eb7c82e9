import { Runtime } from "./runtime/index.js";
import { Core, apiKeyAuth, baseUrlSetting, setting } from "./core.js";
import { PetsResource } from "./resources/pets.js";
import { Photos } from "./resources/photos.js";

export { APIPromise, PagePromise } from "./core.js";
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
export * from "./models.js";
export { PetsResource } from "./resources/pets.js";
export { Photos } from "./resources/photos.js";

/** How a caller provides each scheme's credentials, for MissingCredentialError. */
const CREDENTIAL_HELP = new Map([["apiKeyAuth", "apiKey (or PETS_API_KEY)"]]);

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
export class Pets {
  /** @param {import("./index.js").ClientOptions} [options] */
  constructor(options = {}) {
    const runtime = new Runtime({
      baseUrl: baseUrlSetting(
        options.baseUrl,
        "PETS_BASE_URL",
        "https://api.petshop.example.com/v1",
      ),
      userAgent: "pets/1.2.0",
      logEnvVar: "PETS_LOG",
      logName: "pets",
      retries: options.retries,
      maxAttempts: options.maxAttempts,
      jitter: options.jitter,
      baseMs: options.baseMs,
      capMs: options.capMs,
      timeout: options.timeout,
      p99Ms: options.p99Ms === undefined ? 300 : options.p99Ms,
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
      "apiKeyAuth",
      apiKeyAuth(
        "X-API-Key",
        "header",
        setting(options.apiKey, "PETS_API_KEY"),
      ),
    );
    const core = new Core(
      runtime,
      credentials,
      [["apiKeyAuth"]],
      CREDENTIAL_HELP,
    );
    /** The pets in the catalogue. */
    this.pets = new PetsResource(core);
    /** The photo attached to each pet. */
    this.photos = new Photos(core);
  }
}
