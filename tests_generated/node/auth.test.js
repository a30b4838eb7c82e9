// The SDK generated from generator/tests/fixtures/auth.yaml (by
// scripts/test-generated-node, which sets SDKGEN_NODE_FIXTURES): which
// credentials each call sends, where they come from, and the OAuth2
// client-credentials flow, as runtime/CONTRACT.md section 10 says, against a
// real server on 127.0.0.1 that answers by path (tests_generated/python/
// test_auth.py makes the same calls).
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { join } from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

const sdk = fixtures
  ? await import(pathToFileURL(join(fixtures, "auth/node/index.js")).href)
  : {};

const ENV = [
  "VAULT_BEARER_TOKEN",
  "VAULT_USERNAME",
  "VAULT_PASSWORD",
  "VAULT_COOKIE_KEY",
  "VAULT_QUERY_KEY",
  "VAULT_CLIENT_ID",
  "VAULT_CLIENT_SECRET",
  "VAULT_ACCESS_TOKEN",
  "VAULT_BASE_URL",
];

/**
 * Issues tokens at /oauth/token (`tok-1`, `tok-2`, ...) and answers every
 * other path with `{"ok": true}`; a token in `revoked` gets a 401, and
 * `tokenFailures` 503s go before the next token.
 */
async function authServer() {
  const s = {
    seen: [],
    tokens: 0,
    expiresIn: 3600,
    tokenDelay: 0,
    tokenFailures: 0,
    revoked: new Set(),
    api: () => s.seen.filter((r) => !r.path.startsWith("/oauth/")),
    tokenRequests: () => s.seen.filter((r) => r.path.startsWith("/oauth/")),
  };
  const answer = async (path, authorization) => {
    if (path === "/oauth/token") {
      if (s.tokenDelay) await new Promise((r) => setTimeout(r, s.tokenDelay));
      if (s.tokenFailures > 0) {
        s.tokenFailures -= 1;
        return [503, { code: "unavailable" }];
      }
      s.tokens += 1;
      const reply = { access_token: `tok-${s.tokens}`, token_type: "bearer" };
      if (s.expiresIn !== undefined) reply.expires_in = s.expiresIn;
      return [200, reply];
    }
    if (authorization && s.revoked.has(authorization.replace("Bearer ", "")))
      return [401, { code: "token_revoked" }];
    return [200, { ok: true }];
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      s.seen.push({
        method: req.method,
        url: req.url,
        path: url.pathname,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString(),
      });
      const [status, reply] = await answer(
        url.pathname,
        req.headers.authorization,
      );
      const out = JSON.stringify(reply);
      res.writeHead(status, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(out),
      });
      res.end(out);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  s.url = `http://127.0.0.1:${server.address().port}`;
  s.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    });
  return s;
}

let server;
beforeEach(async () => {
  for (const name of ENV) delete process.env[name];
  if (fixtures) server = await authServer();
});
afterEach(async () => {
  for (const name of ENV) delete process.env[name];
  await server?.close();
});

const basic = (user, password) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

const client = (credentials = {}) =>
  new sdk.Vault({
    baseUrl: `${server.url}/api`,
    maxAttempts: 3,
    ...fast,
    ...credentials,
  });

/** How many times each request sent a header. */
const count = (r, name) =>
  r.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name).length;

test("each call sends one alternative and nothing else", { skip }, async () => {
  await client({ bearerToken: "b1" }).vault.listSecrets();
  await client({ username: "u", password: "p w" }).vault.listSecrets();
  // Both held: the first alternative only, never both Authorization values.
  await client({
    bearerToken: "b1",
    username: "u",
    password: "p",
  }).vault.listSecrets();
  assert.deepEqual(
    server.api().map((r) => r.headers.authorization),
    ["Bearer b1", basic("u", "p w"), "Bearer b1"],
  );
  for (const r of server.api()) assert.equal(count(r, "authorization"), 1);
});

test(
  "schemes required together go together; cookies follow the parameters",
  { skip },
  async () => {
    await client({
      cookieKey: "k;1",
      queryKey: "q 1",
      username: "u",
    }).vault.getKeyed({ sessionHint: "h" });
    // One of the two keys only: that alternative does not hold; basic does.
    await client({ cookieKey: "k", username: "u" }).vault.getKeyed();
    const [first, second] = server.api();
    assert.equal(first.url, "/api/keyed?api_key=q%201");
    assert.equal(first.headers.cookie, "session_hint=h; vault_session=k%3B1");
    assert.equal(first.headers.authorization, undefined);
    assert.equal(second.url, "/api/keyed");
    assert.equal(second.headers.cookie, undefined);
    assert.equal(second.headers.authorization, basic("u", ""));
  },
);

test("public and optional operations", { skip }, async () => {
  const withToken = client({ bearerToken: "b1" });
  await withToken.vault.getPublic();
  await withToken.vault.getOptional();
  const bare = client();
  await bare.vault.getOptional();
  await bare.vault.getPublic();
  assert.deepEqual(
    server.api().map((r) => [r.path, r.headers.authorization]),
    [
      ["/api/public", undefined],
      ["/api/optional", "Bearer b1"],
      ["/api/optional", undefined],
      ["/api/public", undefined],
    ],
  );
});

test("a missing credential fails before sending", { skip }, async () => {
  const c = client({ cookieKey: "k" });
  let caught;
  await assert.rejects(c.vault.listSecrets(), (err) => {
    caught = err;
    return err instanceof sdk.MissingCredentialError;
  });
  let keyed;
  await assert.rejects(c.vault.createMachineSecret({ name: "n" }), (err) => {
    keyed = err;
    return err instanceof sdk.MissingCredentialError;
  });
  assert.deepEqual(server.seen, []);
  assert.ok(caught instanceof sdk.SDKError);
  assert.equal(caught.kind, "missing_credential");
  assert.match(caught.message, /bearerToken/);
  assert.match(caught.message, /VAULT_BEARER_TOKEN/);
  assert.deepEqual(caught.schemes, ["bearerAuth"]);
  assert.equal(caught.attempts, 0);
  assert.match(keyed.message, /VAULT_CLIENT_ID/);
  assert.match(keyed.message, /VAULT_ACCESS_TOKEN/);
});

test(
  "credentials and the base URL come from the environment",
  { skip },
  async () => {
    process.env.VAULT_BASE_URL = `${server.url}/api`;
    process.env.VAULT_BEARER_TOKEN = "from-env";
    process.env.VAULT_USERNAME = ""; // empty: unset
    await new sdk.Vault().vault.listSecrets();
    await new sdk.Vault({ bearerToken: "given" }).vault.listSecrets();
    delete process.env.VAULT_BEARER_TOKEN;
    await assert.rejects(
      new sdk.Vault().vault.listSecrets(),
      sdk.MissingCredentialError,
    );
    assert.deepEqual(
      server.api().map((r) => r.headers.authorization),
      ["Bearer from-env", "Bearer given"],
    );
    // The base URL given wins over the environment's.
    process.env.VAULT_BASE_URL = "http://127.0.0.1:9/nowhere";
    await new sdk.Vault({
      baseUrl: `${server.url}/api`,
      bearerToken: "b",
    }).vault.listSecrets();
    assert.equal(server.api().length, 3);
  },
);

test(
  "a client-credentials token is fetched once and kept",
  { skip },
  async () => {
    const c = client({ clientId: "id:1", clientSecret: "s&2" });
    await c.vault.createMachineSecret({ name: "a" });
    await c.vault.createMachineSecret({ name: "b" });
    const tokens = server.tokenRequests();
    assert.equal(tokens.length, 1);
    const [token] = tokens;
    assert.equal(token.method, "POST");
    assert.equal(token.headers.authorization, basic("id%3A1", "s%262"));
    assert.equal(
      token.headers["content-type"],
      "application/x-www-form-urlencoded",
    );
    assert.deepEqual(Object.fromEntries(new URLSearchParams(token.body)), {
      grant_type: "client_credentials",
    });
    assert.deepEqual(
      server.api().map((r) => r.headers.authorization),
      ["Bearer tok-1", "Bearer tok-1"],
    );
  },
);

test("an access token given wins over fetching one", { skip }, async () => {
  await client({
    clientId: "i",
    clientSecret: "s",
    accessToken: "static",
  }).vault.createMachineSecret({ name: "a" });
  assert.deepEqual(server.tokenRequests(), []);
  assert.equal(server.api()[0].headers.authorization, "Bearer static");
});

test("a token is renewed before it expires", { skip }, async () => {
  // A test clock: the token's hour passes without waiting.
  let now = 0;
  const clock = {
    now: () => now,
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))),
  };
  const c = client({ clientId: "i", clientSecret: "s", clock });
  await c.vault.createMachineSecret({ name: "a" });
  now += 3569_000;
  await c.vault.createMachineSecret({ name: "b" });
  now += 1_000;
  await c.vault.createMachineSecret({ name: "c" });
  assert.deepEqual(
    server.api().map((r) => r.headers.authorization),
    ["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"],
  );
});

test("the token request is retried under the contract", { skip }, async () => {
  server.tokenFailures = 1;
  await client({ clientId: "i", clientSecret: "s" }).vault.createMachineSecret({
    name: "a",
  });
  assert.equal(server.tokenRequests().length, 2);
  assert.equal(server.api()[0].headers.authorization, "Bearer tok-1");
  server.tokenFailures = 3;
  await assert.rejects(
    client({ clientId: "i", clientSecret: "s" }).vault.createMachineSecret({
      name: "a",
    }),
    (err) => err instanceof sdk.APIError && err.status === 503,
  );
  assert.equal(server.api().length, 1);
});

test(
  "a refused token is renewed and the call sent once more",
  { skip },
  async () => {
    const c = client({ clientId: "i", clientSecret: "s" });
    await c.vault.createMachineSecret({ name: "a" });
    server.revoked.add("tok-1");
    await c.vault.createMachineSecret({ name: "b" });
    server.revoked.add("tok-2");
    server.revoked.add("tok-3");
    await assert.rejects(
      c.vault.createMachineSecret({ name: "c" }),
      sdk.AuthenticationError,
    );
    const calls = server.api();
    assert.deepEqual(
      calls.map((r) => r.headers.authorization),
      [
        "Bearer tok-1",
        "Bearer tok-1",
        "Bearer tok-2",
        "Bearer tok-2",
        "Bearer tok-3",
      ],
    );
    // The resent call is the same call: the same idempotency key.
    const keys = calls.map((r) => r.headers["idempotency-key"]);
    assert.ok(keys.every((k) => typeof k === "string"));
    assert.equal(keys[1], keys[2]);
    assert.equal(keys[3], keys[4]);
    assert.equal(new Set(keys).size, 3);
    assert.equal(server.tokenRequests().length, 3);
  },
);

test("concurrent calls share one token request", { skip }, async () => {
  server.tokenDelay = 300;
  const c = client({ clientId: "i", clientSecret: "s" });
  await Promise.all(
    [0, 1, 2, 3, 4].map((i) =>
      c.vault.createMachineSecret({ name: String(i) }),
    ),
  );
  assert.equal(server.tokenRequests().length, 1);
  assert.deepEqual(
    new Set(server.api().map((r) => r.headers.authorization)),
    new Set(["Bearer tok-1"]),
  );
  // After a refusal, concurrent calls again share one new token.
  server.revoked.add("tok-1");
  await Promise.all(
    [5, 6, 7].map((i) => c.vault.createMachineSecret({ name: String(i) })),
  );
  assert.equal(server.tokenRequests().length, 2);
  assert.deepEqual(
    server
      .api()
      .slice(-3)
      .map((r) => r.headers.authorization),
    ["Bearer tok-2", "Bearer tok-2", "Bearer tok-2"],
  );
});
