"use strict";
// The Runtime: one per client instance. Sends a logical call as one or more
// attempts under the sdkgen retry contract (CONTRACT.md). It imports no
// `node:` module, so it runs wherever fetch and the web's AbortController do:
// Node 20+, Deno, Bun and edge workers.
const { resolveAuth } = require("./auth.js");
const {
  TokenBucket,
  DEFAULT_BUDGET_CAPACITY,
  NO_RETRY_REFUND,
} = require("./budget.js");
const { systemClock, systemRandom } = require("./clock.js");
const { DEFAULT_REQUEST_TIMEOUT_HEADER } = require("./deadline.js");
const {
  encodeQuery,
  isJsonMediaType,
  jsonText,
  queryParam,
  queryString,
} = require("./encoding.js");
const {
  requestIdOf,
  APIConnectionError,
  APITimeoutError,
  DeadlineExceededError,
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  InvalidArgumentError,
  RequestAbortedError,
  ResponseParseError,
  ResponseTooLargeError,
  SDKError,
  apiErrorClassFor,
} = require("./errors.js");
const {
  DEFAULT_KEY_HEADER,
  DEFAULT_KEY_MAX_LENGTH,
  newIdempotencyKey,
  validateIdempotencyKey,
} = require("./keys.js");
const { makeLogger } = require("./log.js");
const { EventStream } = require("./streaming.js");
const {
  BinaryResponse,
  NamedStream,
  UploadBody,
  isOneShot,
} = require("./files.js");
const { STREAM_THRESHOLD, nodeSend } = require("./nodehttp.js");
const {
  DEFAULT_IN_FLIGHT_CODE,
  DEFAULT_MISMATCH_CODE,
  DEFAULT_FAILURES,
  classifyFailure,
  decide,
  describeOutcome,
  errorDetails,
} = require("./policy.js");

const DEFAULTS = Object.freeze({
  retries: true,
  maxAttempts: 3,
  jitter: "full",
  baseMs: 500,
  capMs: 20000,
  timeout: 60000,
  requestTimeoutHeader: DEFAULT_REQUEST_TIMEOUT_HEADER,
  p99Ms: null,
  budgetCapacity: DEFAULT_BUDGET_CAPACITY,
  maxResponseBytes: 32 * 1024 * 1024,
  streamIdleTimeout: 60000,
});

/** An attempt times out after this many times the latency hint (p99), or at the deadline. */
const ATTEMPT_TIMEOUT_P99_MULTIPLIER = 3;

const RETRY_CLASSES = new Set(["safe", "idempotent", "keyed", "unsafe"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
const IDEMPOTENT_METHODS = new Set(["PUT", "DELETE"]);
/** The parseAs of a stream call (Runtime.stream): a 2xx body left unread. */
const STREAM = Symbol("stream");
const PARSE_AS = new Set(["auto", "json", "text", "bytes", STREAM]);

function checkInt(value, what, min) {
  if (!Number.isInteger(value) || value < min) {
    throw new InvalidArgumentError(
      `${what} must be an integer >= ${min}, got ${value}`,
    );
  }
  return value;
}

function checkMs(value, what) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new InvalidArgumentError(
      `${what} must be a finite number of milliseconds >= 0, got ${value}`,
    );
  }
  return value;
}

/** The spec's request-id header: a header name, or null for none. */
function checkRequestIdHeader(value) {
  if (value === undefined || value === null) return null;
  if (
    typeof value !== "string" ||
    !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(value)
  ) {
    throw new InvalidArgumentError(
      `requestIdHeader must be a header name or null, got ${JSON.stringify(value)}`,
    );
  }
  return value.toLowerCase();
}

function checkPositiveMs(value, what) {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new InvalidArgumentError(
      `${what} must be a positive number of milliseconds, got ${value}`,
    );
  }
  return value;
}

function checkP99(value, what) {
  if (value === null || value === undefined) return value;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new InvalidArgumentError(
      `${what} must be a positive number of milliseconds or null, got ${value}`,
    );
  }
  return value;
}

function checkRetries(value, what) {
  if (typeof value !== "boolean")
    throw new InvalidArgumentError(`${what} must be a boolean, got ${value}`);
  return value;
}

/** Retry class implied by the method alone (contract section 1), used when a descriptor omits it. */
function defaultRetryClass(method) {
  const m = method.toUpperCase();
  if (SAFE_METHODS.has(m)) return "safe";
  if (IDEMPOTENT_METHODS.has(m)) return "idempotent";
  return "unsafe";
}

function normalizeOperation(op) {
  if (op === null || typeof op !== "object")
    throw new InvalidArgumentError("operation descriptor is required");
  if (typeof op.method !== "string" || op.method === "") {
    throw new InvalidArgumentError("operation descriptor needs a method");
  }
  const method = op.method.toUpperCase();
  const retryClass = op.retryClass ?? defaultRetryClass(method);
  if (!RETRY_CLASSES.has(retryClass)) {
    throw new InvalidArgumentError(
      `retryClass must be safe, idempotent, keyed or unsafe, got ${retryClass}`,
    );
  }
  const failures = op.failures ?? DEFAULT_FAILURES;
  if (failures !== "replay" && failures !== "reattempt") {
    throw new InvalidArgumentError(
      `failures must be replay or reattempt, got ${failures}`,
    );
  }
  const retry = op.retry ?? {};
  if (
    op.baseUrl !== undefined &&
    (typeof op.baseUrl !== "string" || op.baseUrl === "")
  ) {
    throw new InvalidArgumentError(
      `operation baseUrl must be a non-empty string, got ${op.baseUrl}`,
    );
  }
  return {
    name: op.name ?? `${method} ${op.path ?? ""}`.trim(),
    method,
    path: op.path,
    baseUrl: op.baseUrl,
    retryClass,
    keyHeader: op.keyHeader ?? DEFAULT_KEY_HEADER,
    keyMaxLength: checkInt(
      op.keyMaxLength ?? DEFAULT_KEY_MAX_LENGTH,
      "keyMaxLength",
      1,
    ),
    p99Ms: checkP99(op.p99Ms, "operation p99Ms"),
    failures,
    inFlightCode: op.inFlightCode ?? DEFAULT_IN_FLIGHT_CODE,
    mismatchCode: op.mismatchCode ?? DEFAULT_MISMATCH_CODE,
    retry: {
      maxAttempts:
        retry.maxAttempts === undefined
          ? undefined
          : checkInt(retry.maxAttempts, "operation retry.maxAttempts", 1),
      baseMs:
        retry.baseMs === undefined
          ? undefined
          : checkMs(retry.baseMs, "operation retry.baseMs"),
      capMs:
        retry.capMs === undefined
          ? undefined
          : checkMs(retry.capMs, "operation retry.capMs"),
      timeout:
        retry.timeout === undefined
          ? undefined
          : checkMs(retry.timeout, "operation retry.timeout"),
    },
  };
}

// Normalised descriptors, by descriptor object: generated code passes the same
// module-level descriptor on every call, so it is checked and filled in once.
// A descriptor is read on its first use; change a copy, not the object.
const normalizedOperations = new WeakMap();

function operationOf(op) {
  if (op === null || typeof op !== "object") return normalizeOperation(op);
  let normalized = normalizedOperations.get(op);
  if (normalized === undefined) {
    normalized = Object.freeze(normalizeOperation(op));
    normalizedOperations.set(op, normalized);
  }
  return normalized;
}

/** A server URL without its trailing slashes, as base URLs are kept. */
function trimSlashes(url) {
  return url.replace(/\/+$/, "");
}

/**
 * The `serverUrls` option checked: the spec's server URL of some operations
 * (trailing slashes ignored) to the URL to send them to instead.
 */
function checkServerUrls(value) {
  const out = new Map();
  if (value === undefined || value === null) return out;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new InvalidArgumentError(
      "serverUrls must be an object from server URL to replacement URL",
    );
  }
  for (const [from, to] of Object.entries(value)) {
    if (typeof to !== "string" || !URL.canParse(to)) {
      throw new InvalidArgumentError(
        `serverUrls[${JSON.stringify(from)}] is not a valid URL: ${to}`,
      );
    }
    out.set(trimSlashes(from), trimSlashes(to));
  }
  return out;
}

// Decoding is stateless outside streaming, so one decoder serves every call.
const utf8 = new TextDecoder();

// Attempt controllers kept for reuse by one Runtime, at most (as many as
// attempts ever ran at once, up to this).
const MAX_SPARE_CONTROLLERS = 16;
// (Node's removeEventListener reads only an options object, not a boolean.)
const CAPTURE = Object.freeze({ capture: true });

/**
 * Node's `events.getEventListeners`, where the platform has it (Node through
 * `process.getBuiltinModule`, from 20.16 and 22.3): what fetch left listening
 * on an attempt's signal, so that its controller can serve another attempt.
 * Elsewhere undefined, and every attempt makes its own controller.
 */
const getEventListeners = (() => {
  const builtin = globalThis.process?.getBuiltinModule;
  if (typeof builtin !== "function") return undefined;
  try {
    return builtin("node:events")?.getEventListeners;
  } catch {
    return undefined;
  }
})();

const timeoutReason = () =>
  new DOMException("The operation was aborted due to timeout", "TimeoutError");

// The largest delay a Node timer takes (a longer one fires at once).
const MAX_TIMER_MS = 2 ** 31 - 1;

const NO_AUTH = Object.freeze({
  headers: Object.freeze([]),
  query: Object.freeze([]),
  cookies: Object.freeze([]),
});
const NO_PAIRS = Object.freeze([]);

/**
 * The value of `name` among the first `end` header pairs (repeated names
 * joined, as Headers does), or undefined.
 */
function pairValue(pairs, name, end = pairs.length) {
  const lower = name.toLowerCase();
  let value;
  for (let i = 0; i < end; i += 1) {
    const [k, v] = pairs[i];
    if (k.toLowerCase() === lower)
      value = value === undefined ? v : `${value}, ${v}`;
  }
  return value;
}

function isPlainJson(v) {
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function toJson(value) {
  return jsonText(value, "request body");
}

/**
 * The request with `extra` merged into its JSON object body, over the SDK's
 * own properties of the same name (CONTRACT.md section 11); an
 * InvalidArgumentError for a call whose body is not a JSON object.
 */
function withExtraBody(request, extra, name) {
  const json = request.json;
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new InvalidArgumentError(
      `${name}: extraBody needs a JSON object body, and this call sends none`,
    );
  }
  if (extra === null || typeof extra !== "object" || Array.isArray(extra)) {
    throw new InvalidArgumentError(`${name}: extraBody must be an object`);
  }
  return { ...request, json: { ...json, ...extra } };
}

/** The caller's extra query parameters, `form` style, after the operation's own. */
function extraQueryOf(extra) {
  if (typeof extra !== "object" || Array.isArray(extra)) {
    throw new InvalidArgumentError("extraQuery must be an object");
  }
  return Object.entries(extra)
    .map(([name, value]) => queryParam(name, value))
    .filter((part) => part !== "");
}

function encodeBody(request, method) {
  let body;
  let contentType;
  if (request.json !== undefined) {
    body = toJson(request.json);
    contentType = "application/json";
  } else if (request.body !== undefined && request.body !== null) {
    const b = request.body;
    if (
      typeof b === "string" ||
      b instanceof Uint8Array ||
      b instanceof ArrayBuffer ||
      b instanceof URLSearchParams ||
      b instanceof FormData
    ) {
      body = b;
    } else if (b instanceof Blob || b instanceof UploadBody) {
      body = b;
      // A multipart body (multipartBody) carries its type, boundary included.
      if (b.type !== "") contentType = b.type;
    } else if (isOneShot(b)) {
      // A stream or async iterable (toFile's NamedStream too): sent as it is
      // read, once (a retry only while none of it was read).
      body = new UploadBody([b], b instanceof NamedStream ? b.type : "");
      if (body.type !== "") contentType = body.type;
    } else if (isPlainJson(b)) {
      body = toJson(b);
      contentType = "application/json";
    } else {
      throw new InvalidArgumentError(
        `unsupported request body type ${Object.prototype.toString.call(b)}`,
      );
    }
  }
  // The body's own media type, as the spec names it: sent only with a body.
  if (body !== undefined && typeof request.contentType === "string")
    contentType = request.contentType;
  if (body !== undefined && (method === "GET" || method === "HEAD")) {
    throw new InvalidArgumentError(`a ${method} request cannot carry a body`);
  }
  return { body, contentType };
}

/**
 * A response body, by what its Content-Type says: JSON only when it says
 * JSON (`application/json`, `*+json`), text for `text/*`, bytes otherwise, so
 * a binary body is never read as JSON. `bytes` and `text` take the body as
 * that, whatever it says; `json` refuses a JSON body that does not parse,
 * `auto` gives its text.
 */
function decodeBody(bytes, headers, parseAs) {
  if (parseAs === "bytes") return bytes;
  if (parseAs === "text") return utf8.decode(bytes);
  if (bytes.length === 0) return undefined;
  const ct = headers.get("content-type") ?? "";
  if (isJsonMediaType(ct)) {
    const t = utf8.decode(bytes);
    if (parseAs === "json") return JSON.parse(t);
    try {
      return JSON.parse(t);
    } catch {
      return t;
    }
  }
  if (/^\s*text\//i.test(ct)) return utf8.decode(bytes);
  return bytes;
}

/** Thrown by readBody (and caught by the attempt) for a body past the limit. */
const TOO_LARGE = Symbol("response too large");

/**
 * A response's body as bytes, read in pieces and no further than `limit`
 * bytes: a Content-Length over the limit is refused before any is read.
 * Throws TOO_LARGE past the limit, having cancelled the rest.
 */
async function readBody(res, limit) {
  const declared = res.headers.get("content-length");
  if (
    declared !== null &&
    /^\s*\d+\s*$/.test(declared) &&
    Number(declared) > limit
  ) {
    await res.body?.cancel().catch(() => {});
    throw TOO_LARGE;
  }
  if (res.body === null) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => {});
      throw TOO_LARGE;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function toHeaders(init, what) {
  try {
    return new Headers(init ?? undefined);
  } catch (err) {
    throw new InvalidArgumentError(
      `${what}: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
}

/** Caller headers as a Headers object (checked), or undefined when none are given. */
function callerHeaders(init, what) {
  if (init === undefined || init === null) return undefined;
  return init instanceof Headers ? init : toHeaders(init, what);
}

let fetchWarm = false;

/** Loads the lazy fetch globals once (fetch itself only when it is the one used). */
function warmFetch(globalFetch) {
  if (fetchWarm) return;
  fetchWarm = true;
  void globalThis.Headers;
  if (globalFetch) void globalThis.fetch;
}

class Runtime {
  #fetch;
  #nodeSend;
  #clock;
  #random;
  /** The default headers and the User-Agent, as checked name/value pairs, once known. */
  #constant;
  /** Attempt controllers that were never aborted, free for the next attempts. */
  #spareControllers = [];
  /** The base URL of each operation server in use, resolved once. */
  #serverBases = new Map();

  /**
   * @param {import('./runtime.js').RuntimeConfig} config
   */
  constructor(config = {}) {
    if (typeof config.baseUrl !== "string" || config.baseUrl === "") {
      throw new InvalidArgumentError("baseUrl is required");
    }
    try {
      new URL(config.baseUrl);
    } catch (err) {
      throw new InvalidArgumentError(
        `baseUrl is not a valid URL: ${config.baseUrl}`,
        { cause: err },
      );
    }
    const jitter = config.jitter ?? DEFAULTS.jitter;
    if (jitter !== "full" && jitter !== "decorrelated") {
      throw new InvalidArgumentError(
        `jitter must be "full" or "decorrelated", got ${jitter}`,
      );
    }
    const rth =
      config.requestTimeoutHeader === undefined
        ? DEFAULTS.requestTimeoutHeader
        : config.requestTimeoutHeader;
    if (rth !== null && (typeof rth !== "string" || rth === "")) {
      throw new InvalidArgumentError(
        "requestTimeoutHeader must be a header name or null",
      );
    }
    this.config = Object.freeze({
      baseUrl: config.baseUrl.replace(/\/+$/, ""),
      serverUrls: checkServerUrls(config.serverUrls),
      retries: checkRetries(config.retries ?? DEFAULTS.retries, "retries"),
      maxAttempts: checkInt(
        config.maxAttempts ?? DEFAULTS.maxAttempts,
        "maxAttempts",
        1,
      ),
      jitter,
      baseMs: checkMs(config.baseMs ?? DEFAULTS.baseMs, "baseMs"),
      capMs: checkMs(config.capMs ?? DEFAULTS.capMs, "capMs"),
      timeout: checkMs(config.timeout ?? DEFAULTS.timeout, "timeout"),
      requestTimeoutHeader: rth,
      requestIdHeader: checkRequestIdHeader(config.requestIdHeader),
      p99Ms: checkP99(config.p99Ms ?? DEFAULTS.p99Ms, "p99Ms"),
      maxResponseBytes: checkInt(
        config.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
        "maxResponseBytes",
        0,
      ),
      streamIdleTimeout: checkPositiveMs(
        config.streamIdleTimeout ?? DEFAULTS.streamIdleTimeout,
        "streamIdleTimeout",
      ),
      headers: config.headers,
      userAgent: config.userAgent,
      auth: config.auth,
    });
    const capacity = config.budgetCapacity ?? DEFAULTS.budgetCapacity;
    /** The retry budget of this client instance; `budget.setLevel(n)` is the test hook. */
    this.budget = new TokenBucket(capacity, config.budgetInitial ?? capacity);
    this.log = makeLogger(config);
    this.#fetch =
      config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // A fetch of the caller's own sends every body; the platform's, on
    // Node, leaves those that must stream to node:http.
    this.#nodeSend = config.fetch === undefined ? nodeSend : undefined;
    // Node defines fetch and Headers as lazy globals that load their HTTP
    // client (some 40 ms) on first use: loaded here, with the client, not on
    // the first call, whose deadline is already running.
    warmFetch(config.fetch === undefined);
    this.#clock = config.clock ?? systemClock;
    this.#random = config.random ?? systemRandom;
  }

  /** The headers every call starts from; checked on first use, then kept. */
  #constantHeaders() {
    if (this.#constant === undefined) {
      const headers = toHeaders(this.config.headers, "default headers");
      if (this.config.userAgent)
        headers.set("User-Agent", this.config.userAgent);
      this.#constant = Object.freeze([...headers]);
    }
    return this.#constant;
  }

  /**
   * Performs one logical call.
   * @param {import('./runtime.js').Operation} operation
   * @param {import('./runtime.js').RequestSpec} [request]
   * @param {import('./runtime.js').CallOptions} [options]
   * @returns {Promise<import('./runtime.js').RuntimeResponse>}
   */
  async request(operation, request = {}, options = {}) {
    const clock = this.#clock;
    // A relative deadline counts from the moment the call is made: before
    // anything below, whose first run in a process may load code.
    const start = clock.now();
    const wallStart = Date.now();
    const op = operationOf(operation);
    const cfg = this.config;
    const callerSignal = options.signal ?? undefined;
    if (callerSignal?.aborted) {
      throw new RequestAbortedError(
        `${op.name}: aborted by the caller before it started`,
        {
          attempts: 0,
          stopReason: "none",
          cause: callerSignal.reason,
        },
      );
    }

    // Everything below until the first attempt can fail with an error raised
    // before sending: never retried, stopReason none, attempts 0.
    const method =
      request.method === undefined ? op.method : request.method.toUpperCase();
    const retries = checkRetries(options.retries ?? cfg.retries, "retries");
    const maxAttempts = checkInt(
      options.maxAttempts ?? op.retry.maxAttempts ?? cfg.maxAttempts,
      "maxAttempts",
      1,
    );
    const baseMs = op.retry.baseMs ?? cfg.baseMs;
    const capMs = op.retry.capMs ?? cfg.capMs;
    const parseAs = request.parseAs ?? "auto";
    if (!PARSE_AS.has(parseAs))
      throw new InvalidArgumentError(
        `parseAs must be auto, json, text or bytes, got ${parseAs}`,
      );

    // The caller's headers: the credentials' (checked by the caller), the
    // request's, then the call's (each wins over the ones before).
    const authHeaders = request.authHeaders ?? NO_PAIRS;
    const requestHeaders = callerHeaders(request.headers, "request headers");
    const optionHeaders = callerHeaders(options.headers, "call headers");

    // Idempotency key (keyed operations only): the caller's key (the idempotencyKey
    // option, else the key header among the caller's headers) is checked before
    // anything is sent; without one, a UUID v4 is made once for the whole call.
    let key;
    if (op.retryClass === "keyed") {
      key = options.idempotencyKey ?? undefined;
      if (key === undefined) {
        key =
          optionHeaders?.get(op.keyHeader) ??
          requestHeaders?.get(op.keyHeader) ??
          pairValue(authHeaders, op.keyHeader);
      }
      if (key !== undefined) validateIdempotencyKey(key, op.keyMaxLength);
      else key = newIdempotencyKey();
    }

    const { body, contentType } = encodeBody(
      options.extraBody == null
        ? request
        : withExtraBody(request, options.extraBody, op.name),
      method,
    );
    const path = request.path ?? op.path ?? "/";
    if (typeof path !== "string" || !path.startsWith("/")) {
      throw new InvalidArgumentError(
        `request path must start with "/", got ${JSON.stringify(path)}`,
      );
    }
    const auth = cfg.auth == null ? NO_AUTH : await resolveAuth(cfg.auth);
    const requestQuery =
      options.extraQuery == null
        ? encodeQuery(request.query)
        : queryString(
            encodeQuery(request.query),
            extraQueryOf(options.extraQuery),
          );
    const query =
      auth.query.length === 0
        ? requestQuery
        : [requestQuery, ...auth.query].filter((q) => q !== "").join("&");
    const base = op.baseUrl === undefined ? cfg.baseUrl : this.#serverBase(op);
    const url = query === "" ? `${base}${path}` : `${base}${path}?${query}`;
    // URL.canParse makes no URL object; only a URL that fails is parsed again, for the error.
    if (!URL.canParse(url)) {
      try {
        new URL(url);
      } catch (err) {
        throw new InvalidArgumentError(`${op.name}: invalid request URL`, {
          cause: err,
        });
      }
    }

    // Appended one by one, as new Headers(pairs) would, without its generic
    // (iterator-driven) reading of the pairs.
    const headers = new Headers();
    const constant = this.#constantHeaders();
    for (let i = 0; i < constant.length; i += 1)
      headers.append(constant[i][0], constant[i][1]);
    for (const [k, v] of auth.headers) headers.set(k, v);
    if (
      contentType &&
      !requestHeaders?.has("content-type") &&
      !optionHeaders?.has("content-type") &&
      pairValue(authHeaders, "content-type") === undefined
    ) {
      headers.set("Content-Type", contentType);
    }
    for (let i = 0; i < authHeaders.length; i += 1) {
      const [k, v] = authHeaders[i];
      // A name repeated among the credentials' headers is joined, as Headers does.
      if (pairValue(authHeaders, k, i) === undefined) headers.set(k, v);
      else headers.append(k, v);
    }
    if (requestHeaders !== undefined)
      for (const [k, v] of requestHeaders) headers.set(k, v);
    if (optionHeaders !== undefined)
      for (const [k, v] of optionHeaders) headers.set(k, v);
    if (key !== undefined) headers.set(op.keyHeader, key);
    // Credentials sent as cookies come after the request's own (WIRE.md, Cookie).
    const authCookies = request.authCookies ?? NO_PAIRS;
    if (authCookies.length > 0 || auth.cookies.length > 0) {
      const own = headers.get("cookie");
      headers.set(
        "Cookie",
        [own ?? "", ...authCookies, ...auth.cookies]
          .filter((c) => c !== "")
          .join("; "),
      );
    }

    // One deadline for the whole call, from the call's start.
    let deadline =
      start +
      checkMs(options.timeout ?? op.retry.timeout ?? cfg.timeout, "timeout");
    if (options.deadline !== undefined && options.deadline !== null) {
      const at =
        options.deadline instanceof Date
          ? options.deadline.getTime()
          : options.deadline;
      if (typeof at !== "number" || !Number.isFinite(at)) {
        throw new InvalidArgumentError(
          "deadline must be a Date or epoch milliseconds",
        );
      }
      if (at < 1e11) {
        // Before 1973: almost certainly a duration passed where an instant was meant.
        throw new InvalidArgumentError(
          `deadline ${at} is not epoch milliseconds; pass a duration as the timeout option`,
        );
      }
      const fromInstant = start + (at - wallStart);
      if (options.timeout === undefined) deadline = fromInstant;
      else deadline = Math.min(deadline, fromInstant);
    }
    const cap = retries ? maxAttempts : 1;
    // What every attempt of this call sends: made once, read by each attempt.
    const call = {
      op,
      url,
      method,
      headers,
      body,
      deadline,
      p99Ms: op.p99Ms ?? cfg.p99Ms,
      callerSignal,
      parseAs,
    };

    let attempts = 0;
    let retriesSoFar = 0;
    let prior500s = 0;
    let prevSleepMs = baseMs;
    let lastCost = 0;
    let lastOutcome;

    try {
      for (;;) {
        if (deadline - clock.now() <= 0) {
          throw lastOutcome
            ? this.#finalError(op, lastOutcome, attempts, "deadline_exceeded")
            : new DeadlineExceededError(
                `${op.name}: the deadline passed before the first attempt`,
                {
                  attempts,
                  stopReason: "deadline_exceeded",
                },
              );
        }
        attempts += 1;
        const outcome = await this.#attempt(call, attempts === 1);

        if (outcome.type === "success") {
          this.budget.refund(retriesSoFar > 0 ? lastCost : NO_RETRY_REFUND);
          if (outcome.parseError) {
            throw new ResponseParseError(
              `${op.name}: could not decode the response body as ${parseAs}`,
              {
                attempts,
                // Not retried, and no retry decision stopped it: the call
                // succeeded (CONTRACT.md section 6), as in Rust and Python.
                stopReason: "none",
                status: outcome.status,
                headers: outcome.headers,
                body: outcome.rawBody,
                cause: outcome.parseError,
                requestIdHeader: this.config.requestIdHeader,
              },
            );
          }
          return {
            status: outcome.status,
            headers: outcome.headers,
            body: outcome.body,
            attempts,
            idempotencyKey: key,
            rawBody: outcome.rawBody,
            requestIdHeader: this.config.requestIdHeader,
          };
        }
        if (outcome.type === "too_large") {
          // Not transient: the same request would get the same body again.
          throw new ResponseTooLargeError(
            `${op.name}: the HTTP ${outcome.status} response body is longer than the limit of ${outcome.limit} bytes (maxResponseBytes); the rest was not read (${attempts} attempt${attempts === 1 ? "" : "s"}; stopped: not_retryable)`,
            {
              attempts,
              stopReason: "not_retryable",
              limit: outcome.limit,
              status: outcome.status,
              headers: outcome.headers,
            },
          );
        }
        if (outcome.type === "aborted") {
          throw new RequestAbortedError(`${op.name}: aborted by the caller`, {
            attempts,
            stopReason: "not_retryable",
            cause: outcome.reason,
          });
        }

        const decision = decide(outcome, {
          retryClass: op.retryClass,
          failures: op.failures,
          prior500s,
          attempts,
          maxAttempts,
          retries,
          retriesSoFar,
          now: clock.now(),
          deadline,
          wallNow: Date.now(),
          jitter: cfg.jitter,
          baseMs,
          capMs,
          prevSleepMs,
          random: this.#random,
          bucket: this.budget,
        });
        if (outcome.type === "response" && outcome.status === 500)
          prior500s += 1;
        lastOutcome = outcome;
        const reason = describeOutcome(outcome);

        // A one-shot body an attempt may have sent some of cannot be sent again.
        let stopReason = decision.stopReason;
        let note;
        if (
          decision.retry &&
          body instanceof UploadBody &&
          !body.rewind(outcome.type === "connection" && outcome.clean === true)
        ) {
          stopReason = "not_retryable";
          note =
            "the request body was a stream, already read, so it could not be sent again";
        }

        if (!decision.retry || note !== undefined) {
          this.log.debug(
            `${op.name}: attempt ${attempts} of ${cap} failed with ${reason}; not retrying: ${stopReason}${note === undefined ? "" : ` (${note})`}`,
            {
              operation: op.name,
              attempt: attempts,
              maxAttempts: cap,
              reason,
              stopReason,
              tokensLeft: this.budget.level,
            },
          );
          throw this.#finalError(op, outcome, attempts, stopReason, note);
        }

        this.log.info(
          `${op.name}: attempt ${attempts} of ${cap} failed with ${reason}; retrying in ${decision.sleepMs} ms` +
            `${decision.fromHint ? " (Retry-After)" : ""}; ${this.budget.level} retry tokens left`,
          {
            operation: op.name,
            attempt: attempts,
            maxAttempts: cap,
            reason,
            sleepMs: decision.sleepMs,
            tokensLeft: this.budget.level,
          },
        );
        lastCost = decision.cost;
        retriesSoFar += 1;
        prevSleepMs = decision.sleepMs;
        try {
          await clock.sleep(decision.sleepMs, callerSignal);
        } catch (err) {
          if (callerSignal?.aborted) {
            throw new RequestAbortedError(`${op.name}: aborted by the caller`, {
              attempts,
              stopReason: "not_retryable",
              cause: callerSignal.reason,
            });
          }
          throw err;
        }
      }
    } catch (err) {
      // The call is over: a stream it was sending is read no further.
      if (body instanceof UploadBody) body.cancel(err);
      throw err;
    }
  }

  async #attempt(call, first) {
    const {
      op,
      url,
      method,
      headers,
      body,
      deadline,
      p99Ms,
      callerSignal,
      parseAs,
    } = call;
    const remaining = deadline - this.#clock.now();
    const attemptMs = ATTEMPT_TIMEOUT_P99_MULTIPLIER * p99Ms;
    const byDeadline =
      p99Ms === null || p99Ms === undefined || remaining <= attemptMs;
    const limitMs = byDeadline ? remaining : attemptMs;
    // The first attempt sends the call's headers object itself; a retry sends
    // a copy, so what an earlier attempt was given never changes.
    const attemptHeaders = first ? headers : new Headers(headers);
    if (this.config.requestTimeoutHeader !== null) {
      attemptHeaders.set(
        this.config.requestTimeoutHeader,
        String(Math.max(0, Math.floor(remaining))),
      );
    }
    // The attempt timeout: a controller of its own for each attempt in flight,
    // whose timer is cleared when the attempt ends, and which the caller's
    // signal aborts too (its listener is removed when the attempt ends). A
    // controller that was not aborted is reused by a later attempt.
    const controller = this.#spareControllers.pop() ?? new AbortController();
    const signal = controller.signal;
    const timer = setTimeout(
      () => controller.abort(timeoutReason()),
      Math.min(MAX_TIMER_MS, Math.max(1, Math.floor(limitMs))),
    );
    timer.unref?.();
    const onCallerAbort = callerSignal
      ? () => controller.abort(callerSignal.reason)
      : undefined;
    if (onCallerAbort) {
      if (callerSignal.aborted) controller.abort(callerSignal.reason);
      else
        callerSignal.addEventListener("abort", onCallerAbort, { once: true });
    }
    if (this.log.level === "debug") {
      this.log.debug(`${op.name}: sending attempt`, {
        operation: op.name,
        attemptTimeoutMs: Math.floor(limitMs),
      });
    }

    let res;
    let bytes;
    // A stream call's 2xx: its body left unread, its controller kept to close it.
    let open;
    try {
      try {
        // A streamed body is a new stream for each attempt; fetch sends a
        // stream only half duplex. On Node, with the platform's fetch, one
        // that must stream goes through node:http (nodehttp.js).
        const streamed =
          body instanceof UploadBody ||
          (body instanceof Blob && body.size >= STREAM_THRESHOLD);
        res = await (streamed && this.#nodeSend !== undefined
          ? this.#nodeSend(
              url,
              {
                method,
                headers: attemptHeaders,
                body: body instanceof UploadBody ? body.open() : body,
                signal,
              },
              body.size,
            )
          : this.#fetch(
              url,
              body instanceof UploadBody
                ? {
                    method,
                    headers: attemptHeaders,
                    body: body.open(),
                    signal,
                    redirect: "manual",
                    duplex: "half",
                  }
                : {
                    method,
                    headers: attemptHeaders,
                    body,
                    signal,
                    redirect: "manual",
                  },
            ));
      } catch (err) {
        // Aborted, and not by the caller (checked first): by the timer.
        return {
          ...classifyFailure(err, { callerSignal, timeoutSignal: signal }),
          byDeadline,
        };
      }
      // Reading the body is part of the attempt, and stops at the limit.
      try {
        if (parseAs === STREAM && res.status >= 200 && res.status < 300) {
          open = { body: res.body, controller, signal: callerSignal };
        } else bytes = await readBody(res, this.config.maxResponseBytes);
      } catch (err) {
        if (err === TOO_LARGE) {
          // Aborting the attempt closes the connection the body came on.
          controller.abort(err);
          return {
            type: "too_large",
            status: res.status,
            headers: res.headers,
            limit: this.config.maxResponseBytes,
          };
        }
        return {
          ...classifyFailure(err, {
            callerSignal,
            timeoutSignal: signal,
            duringBody: true,
          }),
          byDeadline,
        };
      }
    } finally {
      clearTimeout(timer);
      if (onCallerAbort)
        callerSignal.removeEventListener("abort", onCallerAbort);
      if (open === undefined) this.#release(controller);
    }
    if (open !== undefined) {
      return {
        type: "success",
        status: res.status,
        headers: res.headers,
        body: open,
      };
    }

    const status = res.status;
    if (status >= 200 && status < 300) {
      try {
        return {
          type: "success",
          status,
          headers: res.headers,
          body: decodeBody(bytes, res.headers, parseAs),
          rawBody: bytes,
        };
      } catch (parseError) {
        return {
          type: "success",
          status,
          headers: res.headers,
          rawBody: bytes,
          parseError,
        };
      }
    }
    const errBody = decodeBody(bytes, res.headers, "auto");
    const { code, message } = errorDetails(errBody);
    return {
      type: "response",
      status,
      statusText: res.statusText,
      headers: res.headers,
      body: errBody,
      code,
      message,
      // Only a keyed operation sends a key, so only its 409 is the key's
      // conflict: the in-flight one (retried, as throttling) or the mismatch.
      // Any other operation's 409 is a plain conflict, whatever its code.
      inFlight:
        op.retryClass === "keyed" &&
        status === 409 &&
        code !== undefined &&
        code === op.inFlightCode,
      mismatch:
        op.retryClass === "keyed" &&
        status === 409 &&
        code !== undefined &&
        code === op.mismatchCode,
    };
  }

  /**
   * Keeps an attempt's controller for reuse once the attempt has ended (its
   * body read, its timer cleared), unless it was aborted. What fetch listened
   * for on the signal is removed: the attempt it served is over, and the next
   * attempt's fetch adds its own.
   */
  #release(controller) {
    const signal = controller.signal;
    if (
      getEventListeners === undefined ||
      signal.aborted ||
      this.#spareControllers.length >= MAX_SPARE_CONTROLLERS
    )
      return;
    for (const listener of getEventListeners(signal, "abort")) {
      signal.removeEventListener("abort", listener);
      signal.removeEventListener("abort", listener, CAPTURE);
    }
    this.#spareControllers.push(controller);
  }

  /**
   * Opens a response whose body is read as it arrives (an event stream, a
   * download): attempts and sleeps as `request` makes them, until a 2xx
   * response's headers arrive (the deadline bounds only that); never
   * retried after. What the body is read with: the idle timeout
   * (`options.idleTimeout` in ms, over the client's `streamIdleTimeout`)
   * and what the response said.
   */
  async #open(operation, request, options) {
    const idleMs =
      options.idleTimeout === undefined || options.idleTimeout === null
        ? this.config.streamIdleTimeout
        : checkPositiveMs(options.idleTimeout, "idleTimeout");
    const res = await this.request(
      operation,
      { ...request, parseAs: STREAM },
      options,
    );
    return [
      res.body,
      {
        status: res.status,
        headers: res.headers,
        attempts: res.attempts,
        idempotencyKey: res.idempotencyKey,
        idleMs,
        operation: operationOf(operation).name,
        requestIdHeader: this.config.requestIdHeader,
      },
    ];
  }

  /**
   * Opens an event stream (text/event-stream): retried as `request` until a
   * 2xx response's headers arrive, then the events, read as the caller
   * iterates, never retried (CONTRACT.md section 12).
   * `request.decodeEvent` turns each event into what the iteration yields.
   * @param {import('./runtime.js').Operation} operation
   * @param {import('./runtime.js').StreamRequestSpec} [request]
   * @param {import('./runtime.js').StreamCallOptions} [options]
   * @returns {Promise<import('./streaming.js').EventStream>}
   */
  async stream(operation, request = {}, options = {}) {
    const decode = request.decodeEvent ?? undefined;
    if (decode !== undefined && typeof decode !== "function") {
      throw new InvalidArgumentError("decodeEvent must be a function");
    }
    // The stream is asked for, unless the request names what it accepts.
    const headers = new Headers(
      callerHeaders(request.headers, "request headers") ?? undefined,
    );
    if (!headers.has("accept")) headers.set("accept", "text/event-stream");
    const [open, init] = await this.#open(
      operation,
      { ...request, headers },
      options,
    );
    return new EventStream(open, {
      ...init,
      decode,
      maxEventBytes: this.config.maxResponseBytes,
    });
  }

  /**
   * Opens a download, the answer of an operation that answers in binary:
   * retried as `request` until a 2xx response's headers arrive, then its
   * body, unread, as a BinaryResponse (read once: whole within
   * maxResponseBytes, in chunks, or into a file), never retried.
   * @param {import('./runtime.js').Operation} operation
   * @param {import('./runtime.js').RequestSpec} [request]
   * @param {import('./runtime.js').StreamCallOptions} [options]
   * @returns {Promise<import('./files.js').BinaryResponse>}
   */
  async download(operation, request = {}, options = {}) {
    const [open, init] = await this.#open(operation, request, options);
    return new BinaryResponse(open, {
      ...init,
      maxResponseBytes: this.config.maxResponseBytes,
    });
  }

  /** The runtime's clock's time, in ms (monotonic: only differences matter). */
  now() {
    return this.#clock.now();
  }

  /**
   * The base URL an operation's calls go to: its own server (mapped by
   * `serverUrls`), else the client's.
   * @param {import('./runtime.js').Operation} operation
   */
  baseUrlOf(operation) {
    const op = operationOf(operation);
    return op.baseUrl === undefined
      ? this.config.baseUrl
      : this.#serverBase(op);
  }

  /**
   * Where an operation with servers of its own sends its requests: the
   * replacement the client's `serverUrls` gives for its server, else the
   * server itself; a relative one is resolved against the client's base URL.
   */
  #serverBase(op) {
    let base = this.#serverBases.get(op.baseUrl);
    if (base === undefined) {
      const server = trimSlashes(op.baseUrl);
      const chosen = this.config.serverUrls.get(server) ?? server;
      // A brace is a server variable the spec left as a placeholder.
      if (/[{}]/.test(chosen)) base = undefined;
      else if (URL.canParse(chosen)) base = chosen;
      else if (URL.canParse(chosen, `${this.config.baseUrl}/`)) {
        base = trimSlashes(new URL(chosen, `${this.config.baseUrl}/`).href);
      }
      if (base === undefined) {
        throw new InvalidArgumentError(
          `${op.name}: its server ${JSON.stringify(op.baseUrl)} is not a URL; give the one to use in the client's serverUrls option`,
        );
      }
      this.#serverBases.set(op.baseUrl, base);
    }
    return base;
  }

  #finalError(op, outcome, attempts, stopReason, note) {
    const tail = `(${attempts} attempt${attempts === 1 ? "" : "s"}; stopped: ${stopReason}${note === undefined ? "" : `; ${note}`})`;
    if (outcome.type === "response") {
      const requestId = requestIdOf(
        outcome.headers,
        this.config.requestIdHeader,
      );
      const said =
        requestId === undefined
          ? tail
          : `${tail.slice(0, -1)}; request id: ${requestId})`;
      const Cls = outcome.inFlight
        ? IdempotencyInFlightError
        : outcome.mismatch
          ? IdempotencyMismatchError
          : apiErrorClassFor(outcome.status);
      const what = [outcome.code, outcome.message ?? outcome.statusText]
        .filter(Boolean)
        .join(": ");
      return new Cls(
        `${op.name}: HTTP ${outcome.status}${what ? ` ${what}` : ""} ${said}`,
        {
          status: outcome.status,
          headers: outcome.headers,
          body: outcome.body,
          code: outcome.code,
          serverMessage: outcome.message,
          attempts,
          stopReason,
          requestIdHeader: this.config.requestIdHeader,
        },
      );
    }
    if (outcome.type === "timeout") {
      const Cls = outcome.byDeadline ? DeadlineExceededError : APITimeoutError;
      const what = outcome.byDeadline
        ? "the call deadline ran out during the attempt"
        : "the attempt timed out";
      return new Cls(`${op.name}: ${what} ${tail}`, {
        attempts,
        stopReason,
        cause: outcome.cause,
      });
    }
    if (outcome.type === "connection") {
      return new APIConnectionError(
        `${op.name}: connection failed${outcome.code ? ` (${outcome.code})` : ""} ${tail}`,
        {
          attempts,
          stopReason,
          code: outcome.code,
          cause: outcome.cause,
        },
      );
    }
    return new SDKError(`${op.name}: failed ${tail}`, { attempts, stopReason });
  }
}

module.exports = {
  DEFAULTS,
  ATTEMPT_TIMEOUT_P99_MULTIPLIER,
  defaultRetryClass,
  Runtime,
};
