// package/core.js sits at the root of every generated package, beside the
// vendored runtime/: it is tested here in that layout, a temporary package
// holding a copy of it and of src/ as runtime/.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const pkg = mkdtempSync(join(tmpdir(), "sdkgen-core-"));
cpSync(join(here, "../package"), pkg, { recursive: true });
cpSync(join(here, "../src"), join(pkg, "runtime"), { recursive: true });
after(() => rmSync(pkg, { recursive: true, force: true }));

const {
  APIPromise,
  Core,
  apiKeyAuth,
  basicAuth,
  bearerAuth,
  bodyOf,
  cookies,
  fillPath,
  headerValues,
  withHeaders,
  withoutKeys,
} = await import(pathToFileURL(join(pkg, "core.js")).href);

/** A runtime that answers every request with `body` and records them. */
function fakeRuntime(body = { ok: true }) {
  const seen = [];
  return {
    seen,
    request(operation, request, options) {
      seen.push({ operation, request, options });
      return Promise.resolve({
        body,
        status: 200,
        headers: new Headers({ "x-id": "1" }),
        attempts: 2,
        idempotencyKey: undefined,
      });
    },
  };
}

test("fillPath puts the expansions into the placeholders in order", () => {
  assert.equal(fillPath("/a/{x}/b/{y}", "1", "2"), "/a/1/b/2");
  assert.equal(fillPath("/plain"), "/plain");
  assert.equal(fillPath("/{x}.json", "id"), "/id.json");
});

test("withoutKeys copies own data, __proto__ included, without the keys", () => {
  const source = JSON.parse('{"a":1,"b":2,"__proto__":3}');
  const out = withoutKeys(source, "b");
  assert.deepEqual(Object.keys(out), ["a", "__proto__"]);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(withoutKeys(undefined, "a"), undefined);
});

test("bodyOf is undefined when the caller set none of the body's fields", () => {
  assert.equal(bodyOf({ limit: 3 }, "limit"), undefined);
  assert.equal(bodyOf({ limit: 3, name: undefined }, "limit"), undefined);
  assert.deepEqual(bodyOf({ limit: 3, name: null }, "limit"), { name: null });
  assert.equal(bodyOf(undefined), undefined);
});

test("headerValues leaves undefined entries out; cookies joins pieces", () => {
  const headers = headerValues(
    ["A", "1"],
    undefined,
    ["B", undefined],
    cookies("x=1", "y=2"),
  );
  assert.deepEqual(
    [...headers],
    [
      ["a", "1"],
      ["cookie", "x=1; y=2"],
    ],
  );
  assert.equal(cookies(), undefined);
});

test("credentials are undefined without a secret", () => {
  assert.equal(bearerAuth(undefined), undefined);
  assert.equal(basicAuth(null, "p"), undefined);
  assert.equal(apiKeyAuth("k", "query", undefined), undefined);
  assert.deepEqual(apiKeyAuth("k", "query", "v"), {
    type: "apiKey",
    name: "k",
    in: "query",
    value: "v",
  });
});

test("a call decodes the body once, for then() and withResponse()", async () => {
  const runtime = fakeRuntime({ a: 1 });
  let decoded = 0;
  const decode = (body, status) => {
    decoded += 1;
    return { ...body, status };
  };
  const core = new Core(runtime, new Map(), []);
  const call = core.call({ parseAs: "json", decode }, undefined, () => ({
    path: "/x",
  }));
  assert.ok(call instanceof APIPromise);
  assert.deepEqual(await call, { a: 1, status: 200 });
  const full = await call.withResponse();
  assert.deepEqual(full.data, { a: 1, status: 200 });
  assert.equal(full.attempts, 2);
  assert.equal(full.headers.get("x-id"), "1");
  assert.equal(decoded, 1);
  assert.equal(runtime.seen[0].request.parseAs, "json");
});

test("bad arguments reject the call instead of throwing", async () => {
  const core = new Core(fakeRuntime(), new Map(), []);
  const call = core.call({ parseAs: "json" }, undefined, () => {
    throw new TypeError("bad argument");
  });
  await assert.rejects(call, TypeError);
});

test("the first security alternative with every credential is sent", async () => {
  const runtime = fakeRuntime();
  const credentials = new Map([
    ["key", apiKeyAuth("api_key", "query", "secret")],
    ["bearer", undefined],
  ]);
  const core = new Core(runtime, credentials, [["bearer"], ["key"]]);
  await core.call({ parseAs: "json" }, undefined, () => ({
    path: "/x",
    query: "a=1",
  }));
  assert.equal(runtime.seen[0].request.query, "a=1&api_key=secret");
  // No alternative held: nothing is sent.
  const bare = new Core(
    runtime,
    new Map(),
    [["bearer"]],
    new Map([["bearer", "bearerToken (or X_BEARER_TOKEN)"]]),
  );
  await assert.rejects(
    bare.call({ name: "getY", parseAs: "json" }, undefined, () => ({
      path: "/y",
    })),
    {
      name: "MissingCredentialError",
      kind: "missing_credential",
      attempts: 0,
      schemes: ["bearer"],
      message:
        "getY: the client has no credentials for it; it needs bearer (bearerToken (or X_BEARER_TOKEN))",
    },
  );
  assert.equal(runtime.seen.length, 1);
  // An empty alternative: taken only when no other is held; sends nothing.
  const optional = new Core(runtime, credentials, [["bearer"], [], ["key"]]);
  await optional.call({ parseAs: "json" }, undefined, () => ({ path: "/z" }));
  assert.equal(runtime.seen[1].request.query, "api_key=secret");
  await bare.call(
    { parseAs: "json", security: [["bearer"], []] },
    undefined,
    () => ({ path: "/z" }),
  );
  assert.equal(runtime.seen[2].request.query, "");
  assert.deepEqual(runtime.seen[2].request.authHeaders, []);
});

test("paginate sends every page through the core, credentials and options included", async () => {
  const bodies = [
    { data: [{ v: 1 }, { v: 2 }], next: "c2" },
    { data: [{ v: 3 }], next: null },
  ];
  const seen = [];
  const runtime = {
    baseUrlOf: () => "https://api.test/v1",
    request(operation, request, options) {
      seen.push({ operation, request, options });
      return Promise.resolve({
        body: bodies[seen.length - 1],
        status: 200,
        headers: new Headers({ "x-request-id": `r${seen.length}` }),
        attempts: 1,
        idempotencyKey: undefined,
      });
    },
  };
  const core = new Core(
    runtime,
    new Map([["key", apiKeyAuth("api_key", "query", "k1")]]),
    [["key"]],
  );
  const operation = {
    name: "listThings",
    parseAs: "json",
    pagination: Object.freeze({
      style: "cursor",
      param: "cursor",
      items: ["data"],
      next: ["next"],
    }),
    parseItem: (raw) => raw.v * 10,
  };
  const options = { timeout: 500 };
  const pager = core.paginate(operation, options, () => ({
    path: "/things",
    query: "limit=2",
  }));
  const first = await pager.withResponse();
  assert.deepEqual(first.data.items, [10, 20]);
  assert.equal(first.status, 200);
  assert.equal(first.requestId, "r1");
  const items = [];
  for await (const item of pager) items.push(item);
  assert.deepEqual(items, [10, 20, 30]);
  assert.deepEqual(
    seen.map((s) => s.request.query),
    ["limit=2&api_key=k1", "limit=2&cursor=c2&api_key=k1"],
  );
  for (const s of seen) {
    assert.equal(s.operation, operation);
    assert.equal(s.options, options);
  }
});

test("paginate: bad arguments reject the first page instead of throwing", async () => {
  const core = new Core(
    { baseUrlOf: () => "https://api.test", request: assert.fail },
    new Map(),
    [],
  );
  const pager = core.paginate(
    { name: "list", pagination: { style: "offset", param: "offset" } },
    undefined,
    () => {
      throw new TypeError("bad argument");
    },
  );
  await assert.rejects(async () => await pager, /bad argument/);
  await assert.rejects(async () => {
    for await (const item of pager) assert.fail(`unexpected ${item}`);
  }, /bad argument/);
});

test("constant headers give way to the caller's by name, in any case", () => {
  const constant = [
    ["Api-Version", "2024-01-01"],
    ["X-Sdk", "1"],
  ];
  assert.deepEqual(
    [...withHeaders(constant, undefined)],
    [
      ["api-version", "2024-01-01"],
      ["x-sdk", "1"],
    ],
  );
  const given = withHeaders(constant, { "API-VERSION": "2025-01-01" });
  assert.equal(given.get("api-version"), "2025-01-01");
  assert.equal(given.get("x-sdk"), "1");
  assert.equal(withHeaders(constant, [["x-sdk", "2"]]).get("X-Sdk"), "2");
});
