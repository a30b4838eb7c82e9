{%- if let Some(url) = v.base_url %}
export const BASE_URL = {{ url|js }};
{%- else %}
export const BASE_URL = undefined; // the spec names no absolute server URL: pass baseUrl
{%- endif %}
export const MAX_ATTEMPTS = {{ v.max_attempts }}; // in all: the first attempt and {{ v.retries }} retries
export const BASE_DELAY_MS = {{ v.base_ms }}; // full jitter: uniform(0, min(CAP_DELAY_MS, BASE_DELAY_MS * 2 ** n))
export const CAP_DELAY_MS = {{ v.cap_ms }};
export const DEADLINE_MS = {{ v.deadline_ms }}; // one deadline for the whole call: every attempt and every sleep
export const MAX_RETRY_AFTER_MS = {{ v.max_retry_after_ms }}; // a longer Retry-After stops the retries
export const INTERNAL_ERROR_RETRIES = {{ v.internal_error_retries }}; // how many 500s one call may retry
export const BUDGET_CAPACITY = {{ v.budget }}; // the retry budget of one client, in tokens
export const THROTTLE_RETRY_COST = {{ v.throttle_cost }}; // a retry after a 429 or the in-flight 409
export const RETRY_COST = {{ v.retry_cost }}; // any other retry
export const SUCCESS_REFUND = {{ v.refund }}; // what a call that needed no retry adds back
export const KEY_HEADER = {{ v.key_header|js }};
export const KEY_MAX_LENGTH = {{ v.key_max_length }};
export const IN_FLIGHT_CODE = {{ v.in_flight_code|js }};
export const STORED_FAILURES_REPLAYED = {{ v.failures_replay }}; // a keyed 500 comes back for the same key
export const TIMEOUT_HEADER = {{ v.timeout_header|js }};

const TRANSIENT = [429, 502, 503, 504];
// Connection errors that prove the request was never sent.
const NEVER_SENT = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"];

/** A call that failed; `reason` says why retrying stopped. */
export class RetryError extends Error {
  constructor(reason, attempts, { status, body, cause } = {}) {
    super(`${reason} after ${attempts} attempt(s): ${status !== undefined ? `HTTP ${status}` : String(cause)}`, { cause });
    this.reason = reason; // not_retryable, unsafe_to_retry, attempts_exhausted, deadline_exceeded, budget_exhausted
    this.attempts = attempts;
    this.status = status;
    this.body = body;
  }
}

/** The retry budget of one client: a token bucket. */
export class RetryBudget {
  constructor(capacity = BUDGET_CAPACITY) {
    this.capacity = capacity;
    this.tokens = capacity;
  }
  take(cost) {
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
  refund(amount) {
    this.tokens = Math.min(this.capacity, this.tokens + amount);
  }
}

/** The machine-readable code of an error body: `code`, else `error.code`. */
export function errorCode(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== "object") return undefined;
  const code = data.code ?? data.error?.code;
  return typeof code === "string" ? code : undefined;
}

/** The server's wait hint in ms (retry-after-ms, then Retry-After), or undefined. */
export function retryAfterMs(headers) {
  const millis = headers.get("retry-after-ms");
  if (millis !== null && /^[0-9]+$/.test(millis.trim())) return Number(millis.trim());
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  if (/^[0-9]+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, when - Date.now());
}

export function checkKey(key) {
  if (key.length < 1 || key.length > KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new TypeError(`an idempotency key is 1 to ${KEY_MAX_LENGTH} visible ASCII characters`);
  }
}

/** Make one and share it: it holds the retry budget of all its calls. */
export class Client {
  constructor({
    baseUrl = BASE_URL,
    headers = {},
    budget = new RetryBudget(),
    fetch = globalThis.fetch,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now = () => performance.now(),
    random = Math.random,
    log = (line) => console.warn(line),
  } = {}) {
    if (baseUrl === undefined) throw new TypeError("pass the API's baseUrl");
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.headers = headers;
    this.budget = budget;
    Object.assign(this, { fetch, sleep, now, random, log });
  }

  /**
   * One logical call. Resolves to { status, headers, body } of its 2xx answer,
   * or rejects with a RetryError. `retryClass` and the numbers are the
   * operation's, from the table of operations: "safe", "idempotent", "keyed"
   * or "unsafe".
   */
  async call(operation, method, path, {
    body,
    retryClass,
    attemptTimeoutMs,
    maxAttempts = MAX_ATTEMPTS,
    deadlineMs = DEADLINE_MS,
    baseDelayMs = BASE_DELAY_MS,
    capDelayMs = CAP_DELAY_MS,
    idempotencyKey,
    headers = {},
  } = {}) {
    const deadline = this.now() + deadlineMs;
    const send = { ...this.headers, ...headers };
    if (retryClass === "keyed") {
      // One key per logical call, made before the first attempt and sent
      // unchanged by every retry: a new key per attempt would make each
      // retry a new request.
      const key = idempotencyKey ?? crypto.randomUUID();
      checkKey(key);
      send[KEY_HEADER] = key;
    }
    let data;
    if (body !== undefined) {
      data = JSON.stringify(body);
      send["Content-Type"] ??= "application/json";
    }
    let attempts = 0;
    let retries = 0;
    let errors500 = 0;
    let lastCost;
    for (;;) {
      const left = deadline - this.now();
      if (left <= 0) throw new RetryError("deadline_exceeded", attempts);
      attempts += 1;
      const timeout = attemptTimeoutMs !== undefined && attemptTimeoutMs < left ? attemptTimeoutMs : left;
      send[TIMEOUT_HEADER] = String(Math.floor(left));
      let status;
      let answer;
      let text = "";
      let failure;
      try {
        // The signal bounds the whole attempt: the answer's headers and body.
        const response = await this.fetch(this.baseUrl + path, {
          method,
          headers: send,
          body: data,
          redirect: "manual",
          signal: AbortSignal.timeout(Math.max(1, Math.ceil(timeout))),
        });
        text = await response.text();
        ({ status, headers: answer } = response);
      } catch (error) {
        failure = error;
      }
      const stop = (reason) => new RetryError(reason, attempts, { status, body: text, cause: failure });
      if (failure === undefined && status >= 200 && status < 300) {
        this.budget.refund(lastCost ?? SUCCESS_REFUND);
        return { status, headers: answer, body: text };
      }
      let hint;
      let throttle = false;
      let reason;
      if (failure !== undefined) {
        const code = failure.cause?.code;
        const timedOut = failure.name === "TimeoutError";
        reason = timedOut ? "attempt timeout" : code ?? failure.name;
        if (timedOut && timeout === left) throw stop("deadline_exceeded");
        if (!NEVER_SENT.includes(code) && retryClass === "unsafe") throw stop("unsafe_to_retry");
      } else {
        reason = `HTTP ${status}`;
        const verdict = (answer.get("x-should-retry") ?? "").trim().toLowerCase();
        const inFlight = status === 409 && retryClass === "keyed" && errorCode(text) === IN_FLIGHT_CODE;
        if (verdict === "false") throw stop("not_retryable");
        if (verdict !== "true") {
          if (status === 500) {
            if (retryClass === "unsafe") throw stop("unsafe_to_retry");
            if (errors500 >= INTERNAL_ERROR_RETRIES || (retryClass === "keyed" && STORED_FAILURES_REPLAYED)) {
              throw stop("not_retryable");
            }
          } else if (!TRANSIENT.includes(status) && !inFlight) {
            throw stop("not_retryable");
          }
        }
        if (status >= 500 && retryClass === "unsafe") throw stop("unsafe_to_retry");
        throttle = status === 429 || inFlight;
        if (status === 429 || status === 503) hint = retryAfterMs(answer);
      }
      if (attempts >= maxAttempts) throw stop("attempts_exhausted");
      let pause;
      if (hint !== undefined) {
        if (hint > MAX_RETRY_AFTER_MS) throw stop("not_retryable");
        pause = hint;
      } else {
        pause = this.random() * Math.min(capDelayMs, baseDelayMs * 2 ** retries);
      }
      if (this.now() + pause >= deadline) throw stop("deadline_exceeded");
      const cost = throttle ? THROTTLE_RETRY_COST : RETRY_COST;
      if (!this.budget.take(cost)) throw stop("budget_exhausted");
      lastCost = cost;
      if (status === 500) errors500 += 1;
      retries += 1;
      this.log(
        `${operation}: attempt ${attempts} of ${maxAttempts} failed (${reason}); ` +
          `retrying in ${Math.round(pause)} ms; ${this.budget.tokens} retry tokens left`,
      );
      await this.sleep(pause);
    }
  }
}
