// core.js of a generated package: which credentials an operation gets, and
// the request helpers the resources use.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  APIPromise,
  Core,
  apiKeyAuth,
  basicAuth,
  bearerAuth,
  bodyOf,
  cookies,
  fillPath,
  headerValues,
  withoutKeys,
} from "../../generated/payments/node/core.js";
import {
  cookieParam,
  headerParam,
  pathParam,
} from "../../generated/payments/node/runtime/index.js";

/** A runtime that answers every request with what it was asked. */
const echo = {
  request: async (operation, request, options) => ({
    status: 200,
    headers: new Headers(),
    body: { operation: operation.name, request, options },
    attempts: 1,
    idempotencyKey: undefined,
  }),
};

function core(credentials, security) {
  return new Core(echo, new Map(Object.entries(credentials)), security);
}

/** A header of what the runtime was asked to send (the credentials' and the request's). */
const sentHeader = (request, name) =>
  new Headers([...request.authHeaders, ...new Headers(request.headers)]).get(
    name,
  );

const call = (c, operation = { name: "op" }) =>
  c.call(operation, undefined, () => ({ path: "/x", query: "a=1" }));

test("the first alternative whose schemes all have credentials is used", async () => {
  const c = core(
    {
      basic: basicAuth("ada", "secret"),
      key: apiKeyAuth("api_key", "query", "k 1"),
      bearer: bearerAuth(undefined),
    },
    [["bearer"], ["basic", "key"]],
  );
  const { request } = await call(c);
  assert.equal(
    sentHeader(request, "authorization"),
    `Basic ${Buffer.from("ada:secret").toString("base64")}`,
  );
  assert.equal(request.query, "a=1&api_key=k%201");
});

test("an operation's own security replaces the default; none sends nothing", async () => {
  const c = core({ bearer: bearerAuth(() => "tok") }, [["bearer"]]);
  const own = await call(c, { name: "op", security: [] });
  assert.equal(sentHeader(own.request, "authorization"), null);
  const header = apiKeyAuth("X-Key", "header", "k");
  const other = core({ key: header, bearer: bearerAuth("t") }, [["bearer"]]);
  const keyed = await call(other, { name: "op", security: [["key"]] });
  assert.equal(sentHeader(keyed.request, "x-key"), "k");
  assert.equal(sentHeader(keyed.request, "authorization"), null);
  const dflt = await call(c);
  assert.equal(sentHeader(dflt.request, "authorization"), "Bearer tok");
});

test("a token function is called on every call; plain credentials stay the same", async () => {
  let n = 0;
  const c = core(
    {
      bearer: bearerAuth(() => `tok-${(n += 1)}`),
      key: apiKeyAuth("k", "query", "v"),
    },
    [["bearer"]],
  );
  const tokens = [];
  for (let i = 0; i < 3; i += 1) {
    tokens.push(sentHeader((await call(c)).request, "authorization"));
  }
  assert.deepEqual(tokens, ["Bearer tok-1", "Bearer tok-2", "Bearer tok-3"]);
  const keyed = { name: "op", security: [["key"]] };
  for (let i = 0; i < 2; i += 1) {
    const { request } = await call(c, keyed);
    assert.equal(request.query, "a=1&k=v");
    assert.equal(sentHeader(request, "authorization"), null);
  }
  assert.equal(
    sentHeader((await call(c)).request, "authorization"),
    "Bearer tok-4",
  );
});

test("an API key sent as a cookie is passed on as the credentials' cookie", async () => {
  const c = core({ key: apiKeyAuth("sid", "cookie", "k 1") }, [["key"]]);
  const { request } = await call(c);
  assert.deepEqual(request.authCookies, ["sid=k%201"]);
  assert.deepEqual(request.authHeaders, []);
  assert.equal(request.query, "a=1");
  // Kept credentials carry it on the next call too.
  assert.deepEqual((await call(c)).request.authCookies, ["sid=k%201"]);
});

test("scheme names such as __proto__ are plain keys", async () => {
  // Not found on Object.prototype: the client holds neither.
  const c = core({}, [["__proto__"], ["constructor"]]);
  await assert.rejects(call(c), {
    name: "MissingCredentialError",
    schemes: ["__proto__"],
  });
  const held = new Core(
    echo,
    new Map([["__proto__", apiKeyAuth("X-Key", "header", "k")]]),
    [["constructor"], ["__proto__"]],
  );
  const { request } = await call(held);
  assert.equal(sentHeader(request, "x-key"), "k");
});

test("no alternative held fails before sending; an empty one sends nothing", async () => {
  let sent = 0;
  const counting = {
    request: (...args) => {
      sent += 1;
      return echo.request(...args);
    },
  };
  const c = new Core(
    counting,
    new Map([["bearer", undefined]]),
    [["bearer"]],
    new Map([["bearer", "bearerToken (or PAYMENTS_BEARER_TOKEN)"]]),
  );
  await assert.rejects(call(c), {
    name: "MissingCredentialError",
    kind: "missing_credential",
    attempts: 0,
    message:
      "op: the client has no credentials for it; it needs bearer (bearerToken (or PAYMENTS_BEARER_TOKEN))",
  });
  assert.equal(sent, 0);
  const optional = await call(c, { name: "op", security: [["bearer"], []] });
  assert.deepEqual(optional.request.authHeaders, []);
  assert.equal(sent, 1);
});

test("an argument error rejects the promise instead of throwing", async () => {
  const c = core({}, []);
  const p = c.call({ name: "op" }, undefined, () => ({
    path: fillPath("/things/{id}", pathParam("id", "..")),
  }));
  assert.ok(p instanceof APIPromise);
  await assert.rejects(p, { name: "InvalidArgumentError" });
});

test("withResponse gives the decoded body with the response", async () => {
  const c = core({}, []);
  const p = c.call(
    { name: "op", decode: (body) => body.operation.toUpperCase() },
    { timeout: 5 },
    () => ({ path: "/x" }),
  );
  const res = await p.withResponse();
  assert.equal(res.data, "OP");
  assert.equal(res.status, 200);
  assert.equal(res.attempts, 1);
  assert.equal(await p, "OP");
});

test("request helpers", () => {
  assert.equal(
    fillPath("/a/{x}/b/{y}", pathParam("x", "../x"), pathParam("y", 7)),
    "/a/..%2Fx/b/7",
  );
  assert.deepEqual(withoutKeys({ a: 1, b: 2, c: 3 }, "a", "c"), { b: 2 });
  assert.equal(withoutKeys(undefined, "a"), undefined);
  // An optional body: none unless a field of it is set (null counts).
  assert.equal(bodyOf({ q: 1 }, "q"), undefined);
  assert.equal(bodyOf({ a: undefined }), undefined);
  assert.equal(bodyOf(undefined), undefined);
  assert.deepEqual(bodyOf({ q: 1, a: null }, "q"), { a: null });
  const h = headerValues(
    headerParam("X-A", ["1", 2]),
    headerParam("X-B", undefined),
    headerParam("X-C", true),
    cookies(cookieParam("a", null)),
    cookies(cookieParam("s", "x y"), cookieParam("t", [1, 2])),
  );
  assert.deepEqual(
    [...h],
    [
      ["cookie", "s=x%20y; t=1; t=2"],
      ["x-a", "1,2"],
      ["x-c", "true"],
    ],
  );
});
