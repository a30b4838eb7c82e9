import { test } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { getEventListeners } from "node:events";
import {
  multipartBody,
  Runtime,
  SDKError,
  APIError,
  APIConnectionError,
  APITimeoutError,
  DeadlineExceededError,
  RequestAbortedError,
  InvalidArgumentError,
  requestIdOf,
  InvalidIdempotencyKeyError,
  ResponseParseError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ClientError,
  ConflictError,
  IdempotencyInFlightError,
  IdempotencyMismatchError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  UnprocessableEntityError,
  buildPath,
} from "../src/index.js";

const UUID_V4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fetch that answers from a script; records every request. */
function fakeFetch(script) {
  const calls = [];
  const fn = async (url, init) => {
    calls.push({
      url,
      init,
      headers: new Headers(init.headers),
      body: init.body,
    });
    const step = script[calls.length - 1];
    if (step === undefined)
      throw new Error(`unscripted attempt ${calls.length}`);
    if (typeof step === "function") return step(init);
    if (step instanceof Error) throw step;
    const isText = typeof step.body === "string";
    const payload =
      step.body === undefined
        ? null
        : isText
          ? step.body
          : JSON.stringify(step.body);
    const ct =
      step.body === undefined
        ? {}
        : { "content-type": isText ? "text/plain" : "application/json" };
    return new Response(payload, {
      status: step.status,
      headers: { ...ct, ...step.headers },
    });
  };
  fn.calls = calls;
  return fn;
}

function fakeClock() {
  return {
    t: 1000,
    sleeps: [],
    now() {
      return this.t;
    },
    async sleep(ms, signal) {
      if (signal?.aborted) throw signal.reason;
      this.sleeps.push(ms);
      this.t += ms;
    },
  };
}

const sysErr = (code) =>
  new TypeError("fetch failed", {
    cause: Object.assign(new Error(code), { code }),
  });

function make(script, config = {}) {
  const fetch = fakeFetch(script);
  const clock = fakeClock();
  const rt = new Runtime({
    baseUrl: "http://api.test/v1/",
    fetch,
    clock,
    random: () => 0.5,
    logLevel: "off",
    ...config,
  });
  return { rt, fetch, clock };
}

const GET = { name: "getWidget", method: "GET", retryClass: "safe" };
const POST = { name: "createThing", method: "POST", retryClass: "unsafe" };
const KEYED = { name: "createPayment", method: "POST", retryClass: "keyed" };

async function rejects(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.fail("expected a rejection");
}

test("success: status, headers, decoded body, attempts; the URL joins base, path and query", async () => {
  const { rt, fetch } = make([
    { status: 200, body: { id: "w1" }, headers: { "x-req": "r1" } },
  ]);
  const res = await rt.request(GET, {
    path: buildPath("/widgets/{id}", { id: "a/b" }),
    query: { tag: ["x", "y"] },
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { id: "w1" });
  assert.equal(res.headers.get("x-req"), "r1");
  assert.equal(res.attempts, 1);
  assert.equal(res.idempotencyKey, undefined);
  assert.equal(
    fetch.calls[0].url,
    "http://api.test/v1/widgets/a%2Fb?tag=x&tag=y",
  );
  assert.equal(fetch.calls[0].init.method, "GET");
  assert.equal(rt.budget.level, 500); // +1, capped at capacity
});

test("headers: defaults, user agent, auth, caller headers, time left", async () => {
  const { rt, fetch } = make([{ status: 200, body: {} }], {
    headers: { Accept: "application/json", "X-Default": "d" },
    userAgent: "example-sdk/1.2.3",
    auth: { type: "bearer", token: async () => "secret-token" },
    timeout: 5000,
  });
  await rt.request(
    GET,
    { path: "/w", headers: { "X-Default": "request" } },
    { headers: { "X-Call": "c" } },
  );
  const h = fetch.calls[0].headers;
  assert.equal(h.get("accept"), "application/json");
  assert.equal(h.get("x-default"), "request");
  assert.equal(h.get("x-call"), "c");
  assert.equal(h.get("user-agent"), "example-sdk/1.2.3");
  assert.equal(h.get("authorization"), "Bearer secret-token");
  assert.equal(h.get("request-timeout-ms"), "5000");
  assert.equal(h.has("idempotency-key"), false);
});

test("authHeaders: the call's credentials, under the request's and the call's headers", async () => {
  const { rt, fetch } = make(
    [{ status: 200 }, { status: 200 }, { status: 200 }, { status: 200 }],
    {
      auth: { type: "apiKey", name: "X-Client", value: "client" },
    },
  );
  const authHeaders = [
    ["Authorization", "Bearer tok"],
    ["X-Key", "a"],
    ["x-key", "b"],
  ];
  await rt.request(POST, { path: "/p", json: {}, authHeaders });
  await rt.request(POST, {
    path: "/p",
    json: {},
    authHeaders,
    headers: { Authorization: "Bearer req" },
  });
  await rt.request(
    GET,
    { path: "/p", authHeaders },
    { headers: { "X-Key": "call" } },
  );
  await rt.request(POST, {
    path: "/p",
    json: {},
    authHeaders: [["Content-Type", "text/x-auth"]],
  });
  const sent = fetch.calls.map((c) => [
    c.headers.get("authorization"),
    c.headers.get("x-key"),
    c.headers.get("x-client"),
    c.headers.get("content-type"),
  ]);
  assert.deepEqual(sent, [
    ["Bearer tok", "a, b", "client", "application/json"],
    ["Bearer req", "a, b", "client", "application/json"],
    ["Bearer tok", "call", "client", null],
    [null, null, "client", "text/x-auth"],
  ]);

  // For a keyed operation, a key header among them is the caller's key.
  const keyed = make([{ status: 200 }]);
  const res = await keyed.rt.request(KEYED, {
    path: "/p",
    json: {},
    authHeaders: [["Idempotency-Key", "from-auth"]],
  });
  assert.equal(res.idempotencyKey, "from-auth");
  assert.equal(
    keyed.fetch.calls[0].headers.get("idempotency-key"),
    "from-auth",
  );
});

test("auth: basic, API key in a header, API key in the query", async () => {
  const { rt, fetch } = make([{ status: 200 }, { status: 200 }], {
    auth: [
      { type: "basic", username: "ann", password: "pw" },
      { type: "apiKey", in: "query", name: "api_key", value: "k/1" },
      { type: "apiKey", name: "X-Api-Key", value: () => "hk" },
    ],
  });
  await rt.request(GET, { path: "/w", query: "a=1" });
  assert.equal(
    fetch.calls[0].headers.get("authorization"),
    `Basic ${Buffer.from("ann:pw").toString("base64")}`,
  );
  assert.equal(fetch.calls[0].headers.get("x-api-key"), "hk");
  assert.equal(fetch.calls[0].url, "http://api.test/v1/w?a=1&api_key=k%2F1");
  const bad = new Runtime({
    baseUrl: "http://x",
    fetch,
    auth: { type: "oauth" },
  });
  const err = await rejects(bad.request(GET, { path: "/w" }));
  assert.ok(err instanceof InvalidArgumentError);
  assert.equal(fetch.calls.length, 1);
});

test("auth: an API key in a cookie comes after the request's own cookies", async () => {
  const { rt, fetch } = make(
    [{ status: 200 }, { status: 200 }, { status: 200 }],
    {
      auth: { type: "apiKey", in: "cookie", name: "sid", value: "a b;c" },
    },
  );
  await rt.request(GET, { path: "/w", headers: { Cookie: "theme=dark" } });
  await rt.request(GET, { path: "/w", authCookies: ["op=1"] });
  await rt.request(GET, { path: "/w" });
  assert.equal(
    fetch.calls[0].headers.get("cookie"),
    "theme=dark; sid=a%20b%3Bc",
  );
  assert.equal(fetch.calls[1].headers.get("cookie"), "op=1; sid=a%20b%3Bc");
  assert.equal(fetch.calls[2].headers.get("cookie"), "sid=a%20b%3Bc");
  assert.equal(fetch.calls[0].headers.has("sid"), false);
});

test("the Request-Timeout-Ms header carries the time left and can be renamed or turned off", async () => {
  const a = make([{ status: 503 }, { status: 200 }], { timeout: 10000 });
  await a.rt.request(GET, { path: "/w" });
  assert.deepEqual(
    a.fetch.calls.map((c) => c.headers.get("request-timeout-ms")),
    ["10000", "9750"],
  );
  const b = make([{ status: 200 }], { requestTimeoutHeader: "X-Timeout" });
  await b.rt.request(GET, { path: "/w" });
  assert.equal(b.fetch.calls[0].headers.get("x-timeout"), "60000");
  assert.equal(b.fetch.calls[0].headers.has("request-timeout-ms"), false);
  const c = make([{ status: 200 }], { requestTimeoutHeader: null });
  await c.rt.request(GET, { path: "/w" });
  assert.equal(c.fetch.calls[0].headers.has("request-timeout-ms"), false);
});

test("keyed: one generated UUID v4 for every attempt; a fresh one per call", async () => {
  const { rt, fetch } = make([
    { status: 503 },
    { status: 502 },
    { status: 201, body: { ok: true } },
    { status: 200 },
  ]);
  const res = await rt.request(KEYED, {
    path: "/payments",
    json: { amount: 1 },
  });
  assert.equal(res.attempts, 3);
  const keys = fetch.calls.map((c) => c.headers.get("idempotency-key"));
  assert.match(keys[0], UUID_V4);
  assert.deepEqual(keys, [keys[0], keys[0], keys[0]]);
  assert.equal(res.idempotencyKey, keys[0]);
  const res2 = await rt.request(KEYED, {
    path: "/payments",
    json: { amount: 1 },
  });
  assert.notEqual(res2.idempotencyKey, keys[0]);
});

test("keyed: the caller's key, from the option or from the declared header", async () => {
  const op = { ...KEYED, keyHeader: "X-Request-Key", keyMaxLength: 16 };
  const { rt, fetch } = make([{ status: 200 }, { status: 200 }]);
  await rt.request(op, { path: "/p" }, { idempotencyKey: "order-1" });
  await rt.request(op, { path: "/p", headers: { "x-request-key": "order-2" } });
  assert.deepEqual(
    fetch.calls.map((c) => c.headers.get("x-request-key")),
    ["order-1", "order-2"],
  );
  for (const bad of ["x".repeat(17), "has space", ""]) {
    const err = await rejects(
      rt.request(op, { path: "/p" }, { idempotencyKey: bad }),
    );
    assert.ok(err instanceof InvalidIdempotencyKeyError);
    assert.deepEqual(
      [err.kind, err.stopReason, err.attempts],
      ["invalid_idempotency_key", "none", 0],
    );
  }
  const viaHeader = await rejects(
    rt.request(
      op,
      { path: "/p" },
      { headers: { "X-Request-Key": "x".repeat(17) } },
    ),
  );
  assert.ok(viaHeader instanceof InvalidIdempotencyKeyError);
  assert.equal(fetch.calls.length, 2);
});

test("non-keyed operations send no key", async () => {
  const { rt, fetch } = make([{ status: 200 }]);
  await rt.request(POST, { path: "/p" }, { idempotencyKey: "ignored" });
  assert.equal(fetch.calls[0].headers.has("idempotency-key"), false);
});

test("bodies: json, plain objects as JSON, strings and bytes as given; refused before sending", async () => {
  const { rt, fetch } = make([
    { status: 200 },
    { status: 200 },
    { status: 200 },
    { status: 200 },
  ]);
  await rt.request(POST, { path: "/p", json: [1, 2] });
  await rt.request(POST, { path: "/p", body: { a: 1 } });
  await rt.request(POST, {
    path: "/p",
    body: "a=1",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  await rt.request(POST, { path: "/p", body: new Uint8Array([1, 2]) });
  assert.equal(fetch.calls[0].body, "[1,2]");
  assert.equal(fetch.calls[0].headers.get("content-type"), "application/json");
  assert.equal(fetch.calls[1].body, '{"a":1}');
  assert.equal(
    fetch.calls[2].headers.get("content-type"),
    "application/x-www-form-urlencoded",
  );
  assert.deepEqual([...fetch.calls[3].body], [1, 2]);
  for (const [op, req] of [
    [GET, { path: "/p", body: "x" }],
    [POST, { path: "/p", json: cyclic() }],
    [POST, { path: "no-slash" }],
    [POST, { path: "/p", parseAs: "xml" }],
    [{ method: "POST", retryClass: "sometimes" }, { path: "/p" }],
  ]) {
    const err = await rejects(rt.request(op, req));
    assert.ok(err instanceof SDKError, String(err));
    assert.deepEqual([err.stopReason, err.attempts], ["none", 0]);
  }
  assert.equal(fetch.calls.length, 4);
});

function cyclic() {
  const value = {};
  value.self = value;
  return value;
}

test("a body's media type: contentType only with a body, a multipart Blob's own type, bigints in JSON", async () => {
  const { rt, fetch } = make([
    { status: 200 },
    { status: 200 },
    { status: 200 },
    { status: 200 },
  ]);
  await rt.request(POST, {
    path: "/p",
    body: "a=1",
    contentType: "application/x-www-form-urlencoded",
  });
  await rt.request(POST, {
    path: "/p",
    contentType: "application/x-www-form-urlencoded",
  });
  await rt.request(POST, { path: "/p", body: multipartBody({ a: "x" }) });
  await rt.request(POST, {
    path: "/p",
    json: { n: 2n ** 64n },
    contentType: "application/merge-patch+json",
  });
  assert.equal(
    fetch.calls[0].headers.get("content-type"),
    "application/x-www-form-urlencoded",
  );
  assert.equal(fetch.calls[1].body, undefined);
  assert.equal(fetch.calls[1].headers.has("content-type"), false);
  assert.match(
    fetch.calls[2].headers.get("content-type"),
    /^multipart\/form-data; boundary=sdkgen-[0-9a-f]{32}$/,
  );
  assert.equal(fetch.calls[3].body, '{"n":18446744073709551616}');
  assert.equal(
    fetch.calls[3].headers.get("content-type"),
    "application/merge-patch+json",
  );
});

test("a success body is decoded by its Content-Type: a binary body is never read as JSON", async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const { rt } = make([
    { status: 200, body: "x", headers: { "content-type": "image/png" } },
    (init) => new Response(png, { status: 200 }),
    {
      status: 200,
      body: '{"a":1}',
      headers: { "content-type": "application/problem+json; charset=utf-8" },
    },
    { status: 200, body: "hello", headers: { "content-type": "text/csv" } },
    {
      status: 200,
      body: '{"a":1}',
      headers: { "content-type": "application/xml" },
    },
  ]);
  // An operation that declares JSON answered with other media types.
  assert.deepEqual(
    (await rt.request(GET, { path: "/p", parseAs: "json" })).body,
    new Uint8Array([0x78]),
  );
  const noType = (await rt.request(GET, { path: "/p", parseAs: "json" })).body;
  assert.ok(noType instanceof Uint8Array);
  assert.deepEqual(noType, png);
  assert.deepEqual(
    (await rt.request(GET, { path: "/p", parseAs: "json" })).body,
    { a: 1 },
  );
  assert.equal(
    (await rt.request(GET, { path: "/p", parseAs: "json" })).body,
    "hello",
  );
  assert.deepEqual(
    (await rt.request(GET, { path: "/p" })).body,
    new TextEncoder().encode('{"a":1}'),
  );
});

test("parseAs: auto, json, text, bytes; an undecodable JSON success is a ResponseParseError", async () => {
  const bin = {
    status: 200,
    headers: { "content-type": "application/octet-stream" },
    body: "AB",
  };
  const { rt } = make([
    { status: 200, body: "plain" },
    bin,
    { status: 204 },
    { status: 200, body: { a: 1 } },
    { status: 200, body: { a: 1 } },
    {
      status: 200,
      body: "not json",
      headers: { "content-type": "application/json" },
    },
    {
      status: 200,
      body: "not json",
      headers: { "content-type": "application/json", "request-id": "req_3" },
    },
  ]);
  assert.equal((await rt.request(GET, { path: "/p" })).body, "plain");
  assert.deepEqual(
    (await rt.request(GET, { path: "/p" })).body,
    new Uint8Array([65, 66]),
  );
  assert.equal((await rt.request(GET, { path: "/p" })).body, undefined);
  assert.equal(
    (await rt.request(GET, { path: "/p", parseAs: "text" })).body,
    '{"a":1}',
  );
  assert.deepEqual(
    (await rt.request(GET, { path: "/p", parseAs: "bytes" })).body,
    new TextEncoder().encode('{"a":1}'),
  );
  assert.equal((await rt.request(GET, { path: "/p" })).body, "not json");
  const err = await rejects(rt.request(GET, { path: "/p", parseAs: "json" }));
  assert.ok(err instanceof ResponseParseError);
  assert.deepEqual(
    [err.kind, err.status, err.attempts, err.stopReason],
    ["decode", 200, 1, "none"],
  );
  assert.equal(err.requestId, "req_3");
  assert.equal(new TextDecoder().decode(err.body), "not json");
});

test("typed errors per status, carrying status, headers, body, code and attempts", async () => {
  const cases = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [418, ClientError],
    [422, UnprocessableEntityError],
    [501, ServerError],
  ];
  for (const [status, Cls] of cases) {
    const { rt } = make([
      {
        status,
        body: { error: { code: `c${status}`, message: "nope" } },
        headers: { "x-id": "i" },
      },
    ]);
    const err = await rejects(rt.request(GET, { path: "/p" }));
    assert.ok(
      err instanceof Cls && err instanceof APIError,
      `${status}: ${err}`,
    );
    assert.deepEqual(
      [
        err.kind,
        err.status,
        err.code,
        err.serverMessage,
        err.attempts,
        err.stopReason,
        err.headers.get("x-id"),
      ],
      ["api_error", status, `c${status}`, "nope", 1, "not_retryable", "i"],
    );
    assert.deepEqual(err.body, {
      error: { code: `c${status}`, message: "nope" },
    });
    assert.match(err.message, new RegExp(`getWidget: HTTP ${status}`));
  }
  const { rt } = make([{ status: 429 }, { status: 429 }, { status: 429 }]);
  const err = await rejects(rt.request(GET, { path: "/p" }));
  assert.ok(err instanceof RateLimitError);
  assert.deepEqual([err.attempts, err.stopReason], [3, "attempts_exhausted"]);
});

test("idempotency conflicts surface as two distinct types on keyed operations", async () => {
  const inflight = {
    status: 409,
    body: { code: "concurrent_idempotent_requests", message: "busy" },
  };
  const a = make([inflight, inflight, inflight]);
  const e1 = await rejects(a.rt.request(KEYED, { path: "/p" }));
  assert.ok(
    e1 instanceof IdempotencyInFlightError && e1 instanceof ConflictError,
  );
  assert.deepEqual(
    [e1.kind, e1.code, e1.serverMessage, e1.attempts, e1.stopReason],
    [
      "idempotency_in_flight",
      "concurrent_idempotent_requests",
      "busy",
      3,
      "attempts_exhausted",
    ],
  );
  assert.equal(a.rt.budget.level, 490);
  const b = make([
    {
      status: 409,
      body: { code: "invalid_idempotent_request", message: "other payload" },
    },
  ]);
  const e2 = await rejects(b.rt.request(KEYED, { path: "/p" }));
  assert.ok(e2 instanceof IdempotencyMismatchError);
  assert.deepEqual(
    [e2.kind, e2.attempts, e2.stopReason],
    ["idempotency_mismatch", 1, "not_retryable"],
  );
});

test("connection failures: clean ones retry even for unsafe operations, ambiguous ones do not", async () => {
  const a = make([
    sysErr("ECONNREFUSED"),
    sysErr("ENOTFOUND"),
    { status: 200, body: { ok: 1 } },
  ]);
  const res = await a.rt.request(POST, { path: "/p" });
  assert.equal(res.attempts, 3);
  const b = make([sysErr("ECONNRESET")]);
  const err = await rejects(b.rt.request(POST, { path: "/p" }));
  assert.ok(err instanceof APIConnectionError);
  assert.deepEqual(
    [err.kind, err.code, err.stopReason, err.attempts],
    ["connection", "ECONNRESET", "unsafe_to_retry", 1],
  );
  const c = make([sysErr("EPIPE"), sysErr("UND_ERR_SOCKET"), { status: 200 }]);
  assert.equal((await c.rt.request(GET, { path: "/p" })).attempts, 3);
  const d = make([new TypeError("something else")]);
  const e = await rejects(d.rt.request(GET, { path: "/p" }));
  assert.deepEqual([e.kind, e.stopReason], ["connection", "not_retryable"]);
});

test("the caller's cancellation is never retried", async () => {
  // before the call
  const a = make([{ status: 200 }]);
  const e0 = await rejects(
    a.rt.request(GET, { path: "/p" }, { signal: AbortSignal.abort() }),
  );
  assert.ok(e0 instanceof RequestAbortedError);
  assert.deepEqual(
    [e0.name, e0.kind, e0.attempts, e0.stopReason],
    ["AbortError", "aborted", 0, "none"],
  );
  assert.equal(a.fetch.calls.length, 0);

  // during an attempt
  const ac = new AbortController();
  const b = make([
    (init) =>
      new Promise((_, reject) => {
        init.signal.addEventListener("abort", () => reject(init.signal.reason));
        ac.abort();
      }),
    { status: 200 },
  ]);
  const e1 = await rejects(
    b.rt.request(GET, { path: "/p" }, { signal: ac.signal }),
  );
  assert.ok(e1 instanceof RequestAbortedError);
  assert.deepEqual([e1.attempts, e1.stopReason], [1, "not_retryable"]);
  assert.equal(b.fetch.calls.length, 1);

  // during the backoff sleep
  const ac2 = new AbortController();
  const c = make([{ status: 503 }, { status: 200 }]);
  c.clock.sleep = async (ms, signal) => {
    ac2.abort();
    throw signal.reason;
  };
  const e2 = await rejects(
    c.rt.request(GET, { path: "/p" }, { signal: ac2.signal }),
  );
  assert.ok(e2 instanceof RequestAbortedError);
  assert.equal(c.fetch.calls.length, 1);
});

test("deadlines: per call as a duration or an instant, the earlier wins; a past one sends nothing", async () => {
  const a = make([{ status: 200 }, { status: 200 }, { status: 200 }]);
  await a.rt.request(GET, { path: "/p" }, { timeout: 1234 });
  await a.rt.request(
    GET,
    { path: "/p" },
    { deadline: new Date(Date.now() + 3000) },
  );
  await a.rt.request(
    GET,
    { path: "/p" },
    { deadline: Date.now() + 3000, timeout: 2000 },
  );
  const [t0, t1, t2] = a.fetch.calls.map((c) =>
    Number(c.headers.get("request-timeout-ms")),
  );
  assert.equal(t0, 1234);
  assert.ok(t1 <= 3000 && t1 > 2900, String(t1));
  assert.equal(t2, 2000);
  const dur = await rejects(
    a.rt.request(GET, { path: "/p" }, { deadline: 5000 }),
  );
  assert.ok(dur instanceof InvalidArgumentError);
  assert.deepEqual([dur.attempts, dur.stopReason], [0, "none"]);
  const err = await rejects(
    a.rt.request(GET, { path: "/p" }, { deadline: Date.now() - 1 }),
  );
  assert.ok(
    err instanceof DeadlineExceededError && err instanceof APITimeoutError,
  );
  assert.deepEqual(
    [err.kind, err.attempts, err.stopReason],
    ["timeout", 0, "deadline_exceeded"],
  );
  assert.equal(a.fetch.calls.length, 3);
});

test("operation overrides (x-retries, p99) and per-call overrides", async () => {
  const op = {
    ...GET,
    retry: { maxAttempts: 5, baseMs: 100, capMs: 150, timeout: 30000 },
  };
  const a = make([
    { status: 503 },
    { status: 503 },
    { status: 503 },
    { status: 503 },
    { status: 200 },
  ]);
  const res = await a.rt.request(op, { path: "/p" });
  assert.equal(res.attempts, 5);
  assert.deepEqual(a.clock.sleeps, [50, 75, 75, 75]);
  assert.equal(a.fetch.calls[0].headers.get("request-timeout-ms"), "30000");
  const b = make([{ status: 503 }, { status: 503 }]);
  const err = await rejects(
    b.rt.request(op, { path: "/p" }, { maxAttempts: 2 }),
  );
  assert.deepEqual([err.attempts, err.stopReason], [2, "attempts_exhausted"]);
  const c = make([{ status: 503 }], { retries: false });
  assert.equal(
    (await rejects(c.rt.request(op, { path: "/p" }))).stopReason,
    "attempts_exhausted",
  );
});

test("the budget is shared by the calls of one client; refunds", async () => {
  const { rt } = make(
    [
      { status: 503 },
      { status: 200 },
      { status: 429 },
      { status: 404 },
      { status: 200 },
    ],
    { budgetCapacity: 100, budgetInitial: 50 },
  );
  await rt.request(GET, { path: "/p" });
  assert.equal(rt.budget.level, 50); // -14 +14
  await rejects(rt.request(GET, { path: "/p" })); // 429 retried (-5), then 404
  assert.equal(rt.budget.level, 45);
  await rt.request(GET, { path: "/p" });
  assert.equal(rt.budget.level, 46);
  rt.budget.setLevel(3);
  const { rt: rt2 } = make([{ status: 503 }], { budgetInitial: 3 });
  const err = await rejects(rt2.request(GET, { path: "/p" }));
  assert.deepEqual([err.stopReason, rt2.budget.level], ["budget_exhausted", 3]);
});

test("every retry is logged with operation, attempt n of max, reason, sleep and tokens; no secrets, no bodies", async () => {
  const lines = [];
  const logger = {
    debug: (m, f) => lines.push(["debug", m, f]),
    info: (m, f) => lines.push(["info", m, f]),
    warn: (m, f) => lines.push(["warn", m, f]),
    error: (m, f) => lines.push(["error", m, f]),
  };
  const { rt } = make(
    [
      sysErr("ECONNRESET"),
      { status: 503, body: { secret: "body-secret" } },
      { status: 200, body: { x: "resp-secret" } },
    ],
    {
      logger,
      logLevel: undefined,
      auth: { type: "bearer", token: "tok-secret" },
    },
  );
  await rt.request(GET, { path: "/p", query: { q: "query-secret" } });
  const retries = lines.filter(([level]) => level === "info");
  assert.equal(retries.length, 2);
  assert.deepEqual(retries[0][2], {
    operation: "getWidget",
    attempt: 1,
    maxAttempts: 3,
    reason: "connection error (ECONNRESET)",
    sleepMs: 250,
    tokensLeft: 486,
  });
  assert.deepEqual(retries[1][2], {
    operation: "getWidget",
    attempt: 2,
    maxAttempts: 3,
    reason: "status 503",
    sleepMs: 500,
    tokensLeft: 472,
  });
  assert.match(
    retries[0][1],
    /getWidget: attempt 1 of 3 failed with connection error \(ECONNRESET\); retrying in 250 ms; 486 retry tokens left/,
  );
  const text = JSON.stringify(lines);
  for (const secret of [
    "tok-secret",
    "body-secret",
    "resp-secret",
    "query-secret",
  ])
    assert.ok(!text.includes(secret), secret);
  // an injected logger gets info and up unless told otherwise
  assert.equal(lines.filter(([level]) => level === "debug").length, 0);
});

test("logging is silent by default; an env var raises the level", async () => {
  const saved = { ...process.env };
  try {
    delete process.env.SDKGEN_LOG;
    assert.equal(new Runtime({ baseUrl: "http://x" }).log.level, "off");
    process.env.SDKGEN_LOG = "debug";
    assert.equal(new Runtime({ baseUrl: "http://x" }).log.level, "debug");
    process.env.EXAMPLE_SDK_LOG = "warn";
    assert.equal(
      new Runtime({ baseUrl: "http://x", logEnvVar: "EXAMPLE_SDK_LOG" }).log
        .level,
      "warn",
    );
    assert.equal(
      new Runtime({ baseUrl: "http://x", logLevel: "info" }).log.level,
      "info",
    );
    process.env.SDKGEN_LOG = "bogus";
    assert.equal(new Runtime({ baseUrl: "http://x" }).log.level, "off");
  } finally {
    process.env = saved;
  }
});

test("configuration is validated", () => {
  assert.throws(() => new Runtime({}), InvalidArgumentError);
  assert.throws(
    () => new Runtime({ baseUrl: "not a url" }),
    InvalidArgumentError,
  );
  assert.throws(
    () => new Runtime({ baseUrl: "http://x", jitter: "equal" }),
    InvalidArgumentError,
  );
  assert.throws(
    () => new Runtime({ baseUrl: "http://x", maxAttempts: 0 }),
    InvalidArgumentError,
  );
  assert.throws(
    () => new Runtime({ baseUrl: "http://x", requestTimeoutHeader: "" }),
    InvalidArgumentError,
  );
  const rt = new Runtime({ baseUrl: "http://x/" });
  assert.deepEqual(
    [
      rt.config.baseUrl,
      rt.config.retries,
      rt.config.maxAttempts,
      rt.config.jitter,
      rt.config.baseMs,
      rt.config.capMs,
      rt.config.timeout,
      rt.config.requestTimeoutHeader,
      rt.budget.capacity,
      rt.budget.level,
    ],
    [
      "http://x",
      true,
      3,
      "full",
      500,
      20000,
      60000,
      "Request-Timeout-Ms",
      500,
      500,
    ],
  );
});

// ---- real sockets: what Node's fetch actually throws

/** A raw TCP server answering each connection with `handler(socket)` once the request head has arrived. */
async function rawServer(handler) {
  const sockets = new Set();
  const srv = net.createServer((s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => {});
    let buf = "";
    s.on("data", (d) => {
      buf += d.toString("latin1");
      if (buf.includes("\r\n\r\n")) {
        buf = "";
        handler(s);
      }
    });
  });
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${srv.address().port}`,
    close: () => {
      srv.close();
      for (const s of sockets) s.destroy();
    },
  };
}

const instantClock = { now: () => performance.now(), sleep: async () => {} };

test("a body that dies mid-read is an ambiguous connection failure", async () => {
  let n = 0;
  const srv = await rawServer((s) => {
    n += 1;
    if (n === 1) {
      s.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"par',
      );
      setTimeout(() => s.destroy(), 10);
    } else {
      s.end(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 8\r\nConnection: close\r\n\r\n{"ok":1}',
      );
    }
  });
  try {
    const rt = new Runtime({
      baseUrl: srv.url,
      clock: instantClock,
      random: () => 0,
    });
    const res = await rt.request(GET, { path: "/p" });
    assert.deepEqual([res.attempts, res.body], [2, { ok: 1 }]);
    n = 0;
    const err = await rejects(rt.request(POST, { path: "/p" }));
    assert.ok(err instanceof APIConnectionError);
    assert.deepEqual([err.stopReason, err.attempts], ["unsafe_to_retry", 1]);
  } finally {
    srv.close();
  }
});

test("refused and reset connections carry their codes", async () => {
  const srv = await rawServer((s) => s.destroy());
  try {
    const rt = new Runtime({
      baseUrl: srv.url,
      clock: instantClock,
      random: () => 0,
    });
    const reset = await rejects(rt.request(GET, { path: "/p" }));
    assert.ok(reset instanceof APIConnectionError);
    assert.deepEqual(
      [reset.code, reset.attempts, reset.stopReason],
      ["UND_ERR_SOCKET", 3, "attempts_exhausted"],
    );
  } finally {
    srv.close();
  }
  const rt = new Runtime({
    baseUrl: srv.url,
    clock: instantClock,
    random: () => 0,
    maxAttempts: 2,
  });
  const refused = await rejects(rt.request(POST, { path: "/p" }));
  assert.deepEqual(
    [refused.kind, refused.code, refused.attempts, refused.stopReason],
    ["connection", "ECONNREFUSED", 2, "attempts_exhausted"],
  );
});

test("attempt timeouts: 3 x p99 gives APITimeoutError, the call deadline gives DeadlineExceededError", async () => {
  const srv = await rawServer(() => {});
  try {
    const rt = new Runtime({
      baseUrl: srv.url,
      clock: instantClock,
      random: () => 0,
      maxAttempts: 2,
      p99Ms: 20,
    });
    const t0 = performance.now();
    const err = await rejects(rt.request(GET, { path: "/p" }));
    assert.ok(
      err instanceof APITimeoutError && !(err instanceof DeadlineExceededError),
    );
    assert.deepEqual(
      [err.kind, err.attempts, err.stopReason],
      ["timeout", 2, "attempts_exhausted"],
    );
    const err2 = await rejects(
      rt.request(GET, { path: "/p" }, { timeout: 40 }),
    );
    assert.ok(err2 instanceof DeadlineExceededError);
    assert.deepEqual(
      [err2.kind, err2.attempts, err2.stopReason],
      ["timeout", 1, "deadline_exceeded"],
    );
    assert.ok(performance.now() - t0 < 2000);
  } finally {
    srv.close();
  }
});

test("the attempt timeout ends with its attempt: a finished attempt is never aborted later", async () => {
  // An attempt timeout of 3 x 5 ms; the call is over long before 60 ms.
  const { rt, fetch } = make([{ status: 200, body: { id: "w1" } }], {
    p99Ms: 5,
  });
  await rt.request(GET, { path: "/w" });
  const { signal } = fetch.calls[0].init;
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(signal.aborted, false);
});

test("an attempt timeout aborts the attempt with a TimeoutError, and the caller's signal keeps no listener", async () => {
  const caller = new AbortController();
  const hang = (init) =>
    new Promise((_, reject) => {
      init.signal.addEventListener("abort", () => reject(init.signal.reason));
    });
  const { rt } = make([hang, { status: 200, body: {} }], {
    p99Ms: 5,
    clock: undefined,
  });
  // The attempt's timer does not keep the process alive (a real fetch's socket does).
  const alive = setTimeout(() => {}, 10000);
  const err = await rejects(
    rt.request(GET, { path: "/p" }, { signal: caller.signal, maxAttempts: 1 }),
  );
  clearTimeout(alive);
  assert.ok(err instanceof APITimeoutError);
  assert.equal(err.cause?.name, "TimeoutError");
  assert.equal(getEventListeners(caller.signal, "abort").length, 0);

  const ok = make([{ status: 200, body: {} }]);
  await ok.rt.request(GET, { path: "/p" }, { signal: caller.signal });
  assert.equal(getEventListeners(caller.signal, "abort").length, 0);
});

test("an attempt signal is reused only after its attempt ended unaborted, and without the listeners of the fetch that had it", async () => {
  const seen = [];
  const record = (init) => {
    seen.push({
      signal: init.signal,
      aborted: init.signal.aborted,
      listeners: getEventListeners(init.signal, "abort").length,
    });
    init.signal.addEventListener("abort", () => {});
    init.signal.addEventListener("abort", () => {}, { capture: true });
  };
  const answer = async (init) => {
    record(init);
    await new Promise((resolve) => setImmediate(resolve));
    return new Response("{}", {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
  const hang = (init) => {
    record(init);
    return new Promise((_, reject) =>
      init.signal.addEventListener("abort", () => reject(init.signal.reason)),
    );
  };
  const { rt } = make([answer, answer, answer, answer, hang, answer], {
    clock: undefined,
  });
  const QUICK = { ...GET, p99Ms: 5 };
  await rt.request(GET, { path: "/a" });
  await rt.request(GET, { path: "/b" });
  // Two attempts in flight at once never share a signal.
  await Promise.all([
    rt.request(GET, { path: "/c" }),
    rt.request(GET, { path: "/d" }),
  ]);
  const alive = setTimeout(() => {}, 10000);
  const timedOut = await rejects(
    rt.request(QUICK, { path: "/e" }, { maxAttempts: 1 }),
  );
  clearTimeout(alive);
  assert.ok(timedOut instanceof APITimeoutError);
  await rt.request(GET, { path: "/f" });

  // Every attempt starts with an unaborted signal that nothing listens to.
  assert.deepEqual(
    seen.map((s) => [s.aborted, s.listeners]),
    Array(6).fill([false, 0]),
  );
  assert.equal(seen[1].signal, seen[0].signal);
  assert.notEqual(seen[3].signal, seen[2].signal);
  // The timed-out attempt's signal was aborted by its timer and is not used again.
  assert.equal(seen[4].signal.reason?.name, "TimeoutError");
  assert.notEqual(seen[5].signal, seen[4].signal);
  // A finished attempt's signal is never aborted later (but by a later attempt it was lent to).
  await new Promise((resolve) => setTimeout(resolve, 40));
  for (const i of [0, 1, 2, 3, 5]) {
    if (seen[i].signal !== seen[4].signal)
      assert.equal(seen[i].signal.aborted, false);
  }
});

test("an operation's own server replaces the client's base URL, and serverUrls redirects it", async () => {
  const upload = {
    name: "upload",
    method: "POST",
    baseUrl: "https://files.example.com/",
  };
  const rel = { name: "rel", method: "GET", baseUrl: "/v2" };
  const plain = { name: "plain", method: "GET" };
  const ok = () => ({ status: 200, body: {} });

  const own = make([ok(), ok(), ok()]);
  await own.rt.request(upload, { path: "/files", query: "a=1" });
  await own.rt.request(rel, { path: "/things" });
  await own.rt.request(plain, { path: "/things" });
  assert.deepEqual(
    own.fetch.calls.map((c) => c.url),
    [
      "https://files.example.com/files?a=1",
      "http://api.test/v2/things",
      "http://api.test/v1/things",
    ],
  );

  // The map's key is the spec's server URL; trailing slashes do not matter.
  const moved = make([ok(), ok()], {
    serverUrls: { "https://files.example.com": "http://127.0.0.1:9/up/" },
  });
  await moved.rt.request(upload, { path: "/files" });
  await moved.rt.request(plain, { path: "/things" });
  assert.deepEqual(
    moved.fetch.calls.map((c) => c.url),
    ["http://127.0.0.1:9/up/files", "http://api.test/v1/things"],
  );
});

test("a server left as a placeholder or not a URL is refused before sending, naming serverUrls", async () => {
  const { rt, fetch } = make([]);
  for (const baseUrl of ["https://{your-agent-url}", "https://"]) {
    await assert.rejects(
      rt.request({ name: "agent", method: "GET", baseUrl }, { path: "/x" }),
      (err) => {
        assert.ok(err instanceof InvalidArgumentError);
        assert.match(err.message, /^agent: .*serverUrls/);
        return true;
      },
    );
  }
  assert.equal(fetch.calls.length, 0);
  const fixed = make([{ status: 200, body: {} }], {
    serverUrls: { "https://{your-agent-url}": "http://127.0.0.1:9" },
  });
  await fixed.rt.request(
    { name: "agent", method: "GET", baseUrl: "https://{your-agent-url}" },
    { path: "/x" },
  );
  assert.equal(fixed.fetch.calls[0].url, "http://127.0.0.1:9/x");
  assert.throws(
    () => make([], { serverUrls: { "https://a.example.com": "not a url" } }),
    InvalidArgumentError,
  );
  assert.throws(() => make([], { serverUrls: ["x"] }), InvalidArgumentError);
});

test("the request id comes from x-request-id, else request-id", async () => {
  const { requestIdOf, APIError, NotFoundError } =
    await import("../src/index.js");
  assert.equal(
    requestIdOf(
      new Headers({ "X-Request-Id": "req_1", "Request-Id": "req_2" }),
    ),
    "req_1",
  );
  assert.equal(requestIdOf(new Headers({ "Request-Id": "req_2" })), "req_2");
  assert.equal(requestIdOf(new Headers({ "X-Request-Id": "" })), undefined);
  assert.equal(requestIdOf(new Headers()), undefined);
  const err = new NotFoundError("HTTP 404", {
    status: 404,
    headers: new Headers({ "request-id": "req_404" }),
  });
  assert.ok(err instanceof APIError);
  assert.equal(err.requestId, "req_404");
});

test("the header the spec declares comes before x-request-id and request-id", async () => {
  const headers = { "X-GitHub-Request-Id": "gh_1", "x-request-id": "req_1" };
  const { rt } = make(
    [
      { status: 200, body: {}, headers },
      { status: 404, body: {}, headers },
    ],
    { requestIdHeader: "X-GitHub-Request-Id" },
  );
  assert.equal(rt.config.requestIdHeader, "x-github-request-id");
  const ok = await rt.request(GET, { path: "/w" });
  assert.equal(requestIdOf(ok.headers, ok.requestIdHeader), "gh_1");
  const err = await rejects(rt.request(GET, { path: "/w" }));
  assert.equal(err.requestId, "gh_1");
  assert.match(err.message, /request id: gh_1/);
  assert.equal(requestIdOf(new Headers(headers)), "req_1");
  assert.throws(
    () => make([], { requestIdHeader: "bad header" }),
    InvalidArgumentError,
  );
});

test("extraQuery and extraBody: after the operation's own query, merged over its JSON body", async () => {
  const { rt, fetch } = make([{ status: 200, body: {} }]);
  await rt.request(
    POST,
    { path: "/t", query: { limit: 5 }, json: { amount: 1 } },
    {
      extraQuery: { beta: "true", tag: ["a b", "c"] },
      extraBody: { added_later: { x: 1 }, amount: 2 },
    },
  );
  assert.equal(
    fetch.calls[0].url,
    "http://api.test/v1/t?limit=5&beta=true&tag=a%20b&tag=c",
  );
  assert.equal(fetch.calls[0].body, '{"amount":2,"added_later":{"x":1}}');
  const err = await rejects(
    rt.request(GET, { path: "/t" }, { extraBody: { a: 1 } }),
  );
  assert.ok(err instanceof InvalidArgumentError);
  assert.match(err.message, /extraBody needs a JSON object body/);
  assert.equal(fetch.calls.length, 1);
});
