// Credentials the generated client reads from the environment and the OAuth2
// client-credentials flow (CONTRACT.md section 10): package/core.js over the
// real runtime, in a temporary package laid out as a generated one, against
// a fake fetch and a manual clock.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const pkg = mkdtempSync(join(tmpdir(), "sdkgen-creds-"));
cpSync(join(here, "../package"), pkg, { recursive: true });
cpSync(join(here, "../src"), join(pkg, "runtime"), { recursive: true });
after(() => rmSync(pkg, { recursive: true, force: true }));

const { Core, baseUrlSetting, oauth2Auth, setting } = await import(
  pathToFileURL(join(pkg, "core.js")).href
);
const { Runtime, ClientCredentials, AuthenticationError, ResponseParseError } =
  await import(pathToFileURL(join(pkg, "runtime/index.js")).href);

const OP = {
  name: "createThing",
  method: "POST",
  retryClass: "keyed",
  parseAs: "json",
};

/** A clock whose time moves only when told; sleeps return at once. */
function manualClock() {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async () => {},
  };
  return clock;
}

/**
 * A fetch that issues tokens (`tok-1`, ...) at /oauth/token, after `fail`
 * 503s, and answers the rest 200, or 401 for a token in `revoked`.
 */
function server() {
  const s = {
    seen: [],
    tokens: 0,
    fail: 0,
    expiresIn: 3600,
    revoked: new Set(),
    delay: 0,
    async fetch(url, init) {
      const headers = new Headers(init.headers);
      s.seen.push({ url: String(url), headers, body: init.body });
      const json = (status, body) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        });
      if (new URL(url).pathname === "/oauth/token") {
        if (s.delay) await new Promise((r) => setTimeout(r, s.delay));
        if (s.fail > 0) {
          s.fail -= 1;
          return json(503, { code: "unavailable" });
        }
        s.tokens += 1;
        const reply = { access_token: `tok-${s.tokens}`, token_type: "bearer" };
        if (s.expiresIn !== undefined) reply.expires_in = s.expiresIn;
        return json(200, reply);
      }
      const auth = headers.get("authorization") ?? "";
      if (s.revoked.has(auth.replace("Bearer ", "")))
        return json(401, { code: "revoked" });
      return json(200, { ok: true });
    },
    api: () => s.seen.filter((r) => !r.url.includes("/oauth/")),
    token: () => s.seen.filter((r) => r.url.includes("/oauth/")),
  };
  return s;
}

function client(s, clock = manualClock(), id = "id:1", secret = "s&2") {
  const runtime = new Runtime({
    baseUrl: "http://127.0.0.1:9/api",
    fetch: s.fetch,
    clock,
    random: () => 0,
    maxAttempts: 3,
  });
  const credentials = new Map([
    ["oauth", oauth2Auth("/oauth/token", id, secret, undefined)],
  ]);
  return new Core(runtime, credentials, [["oauth"]]);
}

const call = (core, options) =>
  core.call(OP, options, () => ({ path: "/things", body: { a: 1 } }));

test("settings: the value given, else a non-empty environment variable", () => {
  process.env.SDKGEN_TEST_SETTING = "from-env";
  try {
    assert.equal(setting("given", "SDKGEN_TEST_SETTING"), "given");
    assert.equal(setting(undefined, "SDKGEN_TEST_SETTING"), "from-env");
    assert.equal(setting(null, "SDKGEN_TEST_SETTING"), "from-env");
    process.env.SDKGEN_TEST_SETTING = "";
    assert.equal(setting(undefined, "SDKGEN_TEST_SETTING"), undefined);
    delete process.env.SDKGEN_TEST_SETTING;
    assert.equal(setting(undefined, "SDKGEN_TEST_SETTING"), undefined);
    assert.equal(baseUrlSetting(undefined, "SDKGEN_TEST_SETTING", "u"), "u");
    assert.throws(() => baseUrlSetting(undefined, "SDKGEN_TEST_SETTING"), {
      name: "InvalidArgumentError",
      message: /SDKGEN_TEST_SETTING/,
    });
  } finally {
    delete process.env.SDKGEN_TEST_SETTING;
  }
});

test("oauth2Auth: an access token wins; else id and secret with a token URL", () => {
  assert.deepEqual(oauth2Auth("/t", "i", "s", "a"), {
    type: "bearer",
    token: "a",
  });
  assert.ok(oauth2Auth("/t", "i", "s", undefined) instanceof ClientCredentials);
  assert.equal(oauth2Auth("/t", "i", undefined, undefined), undefined);
  assert.equal(oauth2Auth(undefined, "i", "s", undefined), undefined);
});

test("a token is fetched once, by form and HTTP Basic, and kept", async () => {
  const s = server();
  const core = client(s);
  await call(core);
  await call(core);
  assert.equal(s.token().length, 1);
  const [token] = s.token();
  assert.equal(token.url, "http://127.0.0.1:9/oauth/token");
  assert.equal(
    token.headers.get("authorization"),
    `Basic ${btoa("id%3A1:s%262")}`,
  );
  assert.equal(
    token.headers.get("content-type"),
    "application/x-www-form-urlencoded",
  );
  assert.equal(token.body, "grant_type=client_credentials");
  assert.deepEqual(
    s.api().map((r) => r.headers.get("authorization")),
    ["Bearer tok-1", "Bearer tok-1"],
  );
});

test("a token is renewed 30 s before it expires, half its life when short", async () => {
  const s = server();
  const clock = manualClock();
  const core = client(s, clock);
  await call(core);
  clock.t += 3569_000;
  await call(core);
  clock.t += 1_000;
  await call(core);
  s.expiresIn = 10;
  clock.t += 3600_000;
  await call(core);
  clock.t += 4_900;
  await call(core);
  clock.t += 100;
  await call(core);
  assert.deepEqual(
    s.api().map((r) => r.headers.get("authorization")),
    [
      "Bearer tok-1",
      "Bearer tok-1",
      "Bearer tok-2",
      "Bearer tok-3",
      "Bearer tok-3",
      "Bearer tok-4",
    ],
  );
});

test("concurrent calls share one token request", async () => {
  const s = server();
  s.delay = 50;
  const core = client(s, undefined);
  await Promise.all([1, 2, 3, 4, 5].map(() => call(core)));
  assert.equal(s.token().length, 1);
});

test("the token request is retried; its failure is the call's", async () => {
  const s = server();
  s.fail = 1;
  await call(client(s));
  assert.equal(s.token().length, 2);
  s.fail = 3;
  await assert.rejects(call(client(s)), { status: 503 });
  assert.equal(s.api().length, 1);
});

test("a token response without access_token is the call's decode error", async () => {
  const s = server();
  const core = client(s);
  s.fetch = async () =>
    new Response('{"token_type":"bearer"}', {
      headers: { "content-type": "application/json" },
    });
  const runtime = new Runtime({
    baseUrl: "http://127.0.0.1:9/api",
    fetch: s.fetch,
  });
  const bad = new Core(
    runtime,
    new Map([["oauth", oauth2Auth("/oauth/token", "i", "s")]]),
    [["oauth"]],
  );
  await assert.rejects(call(bad), (err) => {
    assert.ok(err instanceof ResponseParseError);
    assert.equal(err.kind, "decode");
    assert.match(err.message, /access_token/);
    return true;
  });
  assert.ok(core);
});

test("a 401 renews the token and resends once with the same key", async () => {
  const s = server();
  const core = client(s);
  await call(core);
  s.revoked.add("tok-1");
  await call(core);
  s.revoked.add("tok-2");
  s.revoked.add("tok-3");
  await assert.rejects(call(core), AuthenticationError);
  const api = s.api();
  assert.deepEqual(
    api.map((r) => r.headers.get("authorization")),
    [
      "Bearer tok-1",
      "Bearer tok-1",
      "Bearer tok-2",
      "Bearer tok-2",
      "Bearer tok-3",
    ],
  );
  const keys = api.map((r) => r.headers.get("idempotency-key"));
  assert.ok(keys.every((k) => k !== null));
  assert.equal(keys[1], keys[2]);
  assert.equal(keys[3], keys[4]);
  assert.equal(new Set(keys).size, 3);
  // The caller's key, as an option or a header, is the one resent (tok-3
  // is still kept: a second 401 does not drop it).
  await call(core, { idempotencyKey: "mine" });
  s.revoked.add("tok-4");
  await call(core, { headers: { "Idempotency-Key": "header" } });
  assert.deepEqual(
    s
      .api()
      .slice(5)
      .map((r) => r.headers.get("idempotency-key")),
    ["mine", "mine", "header", "header"],
  );
});
