import { test } from "node:test";
import assert from "node:assert/strict";
import {
  decide,
  classifyFailure,
  errorDetails,
  findErrorCode,
  describeOutcome,
  TokenBucket,
} from "../src/index.js";

function state(over = {}) {
  return {
    retryClass: "idempotent",
    failures: "reattempt",
    prior500s: 0,
    attempts: 1,
    maxAttempts: 3,
    retries: true,
    retriesSoFar: 0,
    now: 0,
    deadline: 60000,
    wallNow: Date.now(),
    jitter: "full",
    baseMs: 500,
    capMs: 20000,
    prevSleepMs: 500,
    random: () => 0.5,
    bucket: new TokenBucket(),
    ...over,
  };
}

const resp = (status, headers = {}, extra = {}) => ({
  type: "response",
  status,
  headers: new Headers(headers),
  body: undefined,
  code: undefined,
  message: undefined,
  inFlight: false,
  mismatch: false,
  ...extra,
});
const conn = (code, clean, retryable = true) => ({
  type: "connection",
  code,
  clean,
  retryable,
  cause: null,
});

test("allowlist: transient statuses retry, other 4xx/5xx do not", () => {
  for (const s of [429, 502, 503, 504])
    assert.equal(decide(resp(s), state()).retry, true, String(s));
  for (const s of [400, 401, 403, 404, 408, 409, 418, 422, 501, 505, 507]) {
    assert.deepEqual(
      decide(resp(s), state()),
      { retry: false, stopReason: "not_retryable" },
      String(s),
    );
  }
});

test("500: once, only for safe/idempotent/keyed, not keyed with failures replay", () => {
  assert.equal(decide(resp(500), state({ retryClass: "safe" })).retry, true);
  assert.equal(decide(resp(500), state({ retryClass: "keyed" })).retry, true);
  assert.equal(
    decide(resp(500), state({ prior500s: 1 })).stopReason,
    "not_retryable",
  );
  assert.equal(
    decide(resp(500), state({ retryClass: "unsafe" })).stopReason,
    "unsafe_to_retry",
  );
  assert.equal(
    decide(resp(500), state({ retryClass: "keyed", failures: "replay" }))
      .stopReason,
    "not_retryable",
  );
});

test("x-should-retry overrides the allowlist, not the ambiguity rule", () => {
  assert.equal(
    decide(
      resp(400, { "x-should-retry": "true" }),
      state({ retryClass: "unsafe" }),
    ).retry,
    true,
  );
  assert.equal(
    decide(resp(501, { "x-should-retry": "true" }), state()).retry,
    true,
  );
  assert.equal(
    decide(
      resp(500, { "x-should-retry": "true" }),
      state({ retryClass: "unsafe" }),
    ).stopReason,
    "unsafe_to_retry",
  );
  assert.equal(
    decide(resp(503, { "x-should-retry": "false" }), state()).stopReason,
    "not_retryable",
  );
  assert.equal(
    decide(resp(429, { "x-should-retry": "false" }), state()).stopReason,
    "not_retryable",
  );
});

test("ambiguity: unsafe operations retry only clean failures", () => {
  const s = () => state({ retryClass: "unsafe" });
  assert.equal(decide(resp(429), s()).retry, true);
  assert.equal(decide(conn("ECONNREFUSED", true), s()).retry, true);
  assert.equal(decide(resp(503), s()).stopReason, "unsafe_to_retry");
  assert.equal(
    decide(conn("ECONNRESET", false), s()).stopReason,
    "unsafe_to_retry",
  );
  assert.equal(
    decide({ type: "timeout", cause: null }, s()).stopReason,
    "unsafe_to_retry",
  );
  // ambiguity is checked before attempts left
  assert.equal(
    decide(resp(503), state({ retryClass: "unsafe", attempts: 3 })).stopReason,
    "unsafe_to_retry",
  );
});

test("connection errors off the allowlist are not retried", () => {
  assert.equal(
    decide(conn("EWHATEVER", false, false), state()).stopReason,
    "not_retryable",
  );
});

test("attempts: the cap, and 1 with retries off", () => {
  assert.equal(
    decide(resp(503), state({ attempts: 3 })).stopReason,
    "attempts_exhausted",
  );
  assert.equal(
    decide(resp(503), state({ attempts: 1, retries: false })).stopReason,
    "attempts_exhausted",
  );
  assert.equal(
    decide(resp(503), state({ attempts: 4, maxAttempts: 5 })).retry,
    true,
  );
});

test("an attempt cut by the call deadline stops at once, without a draw", () => {
  let draws = 0;
  const d = decide(
    { type: "timeout", cause: null, byDeadline: true },
    state({ random: () => (draws++, 0.5) }),
  );
  assert.deepEqual(d, { retry: false, stopReason: "deadline_exceeded" });
  assert.equal(draws, 0);
});

test("sleep: jitter draws, Retry-After hints, and the deadline", () => {
  assert.deepEqual(decide(resp(503), state()), {
    retry: true,
    sleepMs: 250,
    cost: 14,
    fromHint: false,
  });
  assert.equal(
    decide(resp(503), state({ retriesSoFar: 1, random: () => 0.75 })).sleepMs,
    750,
  );
  assert.equal(
    decide(
      resp(503),
      state({ jitter: "decorrelated", prevSleepMs: 1000, random: () => 0.25 }),
    ).sleepMs,
    1125,
  );
  let draws = 0;
  const hinted = decide(
    resp(503, { "retry-after-ms": "1200" }),
    state({ random: () => (draws++, 0.5) }),
  );
  assert.deepEqual(hinted, {
    retry: true,
    sleepMs: 1200,
    cost: 14,
    fromHint: true,
  });
  assert.equal(draws, 0);
  // hints are ignored on other statuses
  assert.equal(decide(resp(502, { "retry-after": "5" }), state()).sleepMs, 250);
  // over 60 s: not_retryable, checked before the deadline
  assert.equal(
    decide(resp(429, { "retry-after": "61" }), state({ deadline: 1000 }))
      .stopReason,
    "not_retryable",
  );
  // not shorter than the time left: deadline_exceeded
  assert.equal(
    decide(resp(429, { "retry-after": "60" }), state()).stopReason,
    "deadline_exceeded",
  );
  assert.equal(
    decide(resp(503), state({ now: 800, deadline: 1050 })).stopReason,
    "deadline_exceeded",
  );
  assert.equal(
    decide(resp(503), state({ now: 800, deadline: 1051 })).retry,
    true,
  );
});

test("budget: 5 for throttling, 14 otherwise, nothing taken when short", () => {
  const b = new TokenBucket(500, 13);
  assert.equal(
    decide(resp(503), state({ bucket: b })).stopReason,
    "budget_exhausted",
  );
  assert.equal(b.level, 13);
  assert.deepEqual(decide(resp(429), state({ bucket: b })), {
    retry: true,
    sleepMs: 250,
    cost: 5,
    fromHint: false,
  });
  assert.equal(b.level, 8);
  const inflight = resp(
    409,
    {},
    { code: "concurrent_idempotent_requests", inFlight: true },
  );
  assert.equal(decide(inflight, state({ bucket: b })).cost, 5);
  assert.equal(b.level, 3);
  // the deadline is checked before the budget
  const b2 = new TokenBucket(500, 0);
  assert.equal(
    decide(resp(503), state({ bucket: b2, now: 59900 })).stopReason,
    "deadline_exceeded",
  );
});

test("classifyFailure: clean, ambiguous, caller abort, timeout", () => {
  const wrap = (code) =>
    new TypeError("fetch failed", {
      cause: Object.assign(new Error(code), { code }),
    });
  for (const code of [
    "ECONNREFUSED",
    "ENOTFOUND",
    "EAI_AGAIN",
    "UND_ERR_CONNECT_TIMEOUT",
    "ERR_TLS_CERT_ALTNAME_INVALID",
    "CERT_HAS_EXPIRED",
  ]) {
    assert.deepEqual(
      (({ type, clean, retryable }) => ({ type, clean, retryable }))(
        classifyFailure(wrap(code)),
      ),
      { type: "connection", clean: true, retryable: true },
      code,
    );
  }
  for (const code of ["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]) {
    const o = classifyFailure(wrap(code));
    assert.equal(o.clean, false, code);
    assert.equal(o.retryable, true, code);
  }
  const odd = classifyFailure(new TypeError("bad"));
  assert.equal(odd.retryable, false);
  const midBody = classifyFailure(new TypeError("terminated"), {
    duringBody: true,
  });
  assert.deepEqual([midBody.clean, midBody.retryable], [false, true]);
  const ac = new AbortController();
  ac.abort();
  assert.equal(
    classifyFailure(new Error("x"), {
      callerSignal: ac.signal,
      timeoutSignal: AbortSignal.abort(),
    }).type,
    "aborted",
  );
  assert.equal(
    classifyFailure(new Error("x"), {
      callerSignal: new AbortController().signal,
      timeoutSignal: AbortSignal.abort(),
    }).type,
    "timeout",
  );
  const agg = new TypeError("fetch failed", {
    cause: new AggregateError([
      Object.assign(new Error("r"), { code: "ECONNREFUSED" }),
    ]),
  });
  assert.equal(findErrorCode(agg), "ECONNREFUSED");
});

test("errorDetails reads code/message, then error.code/error.message", () => {
  assert.deepEqual(errorDetails({ code: "a", message: "b" }), {
    code: "a",
    message: "b",
  });
  assert.deepEqual(errorDetails({ error: { code: "c", message: "d" } }), {
    code: "c",
    message: "d",
  });
  assert.deepEqual(errorDetails({ code: "a", error: { code: "c" } }), {
    code: "a",
    message: undefined,
  });
  assert.deepEqual(errorDetails("text"), {
    code: undefined,
    message: undefined,
  });
  assert.deepEqual(errorDetails(null), { code: undefined, message: undefined });
  assert.equal(describeOutcome(resp(503)), "status 503");
  assert.equal(
    describeOutcome(conn("ECONNRESET", false)),
    "connection error (ECONNRESET)",
  );
});
