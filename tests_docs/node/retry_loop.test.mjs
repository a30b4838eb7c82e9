// The JavaScript retry loop of the generated retry page, run against a real
// mock.
//
// `sdkgen docs specs/payments.yaml` writes the page; the test takes the loop
// out of it (the `javascript` code block that defines `class Client`), saves
// it as a module and imports it, then calls a real `sdkgen mock
// specs/payments.yaml` process on 127.0.0.1 started with `--faults`. Every
// expectation comes from the page: the operations' classes and numbers from
// its table, the waits from its worked schedule. Waits go to a recorder
// instead of the clock, so nothing here depends on timing.
//
// SDKGEN_BIN names the sdkgen binary (default: target/debug/sdkgen).
// Run with `node --test tests_docs/node/`.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SPEC = join(REPO, "specs", "payments.yaml");
const BIN = process.env.SDKGEN_BIN ?? join(REPO, "target", "debug", "sdkgen");
const TOKEN = "sk_test_docs";
const STARTUP_MS = 30_000;

const TRANSFER = { amount: 1250, currency: "eur", vendor_id: "acme-supplies" };

const msOf = (number, unit) => Number(number.replaceAll(",", "")) * (unit === "ms" ? 1 : 1000);

/** The generated retry page, and what it promises. */
function readPage(text) {
  const blocks = [...text.matchAll(/^```javascript\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  const loops = blocks.filter((b) => b.includes("\nexport class Client {"));
  assert.equal(loops.length, 1, "the page has one JavaScript retry loop");
  const windowsMs = [...text.matchAll(/^\| \d+ \| \d+ \| \d+ \| 0 to ([\d.,]+) (ms|s)/gm)].map((m) =>
    msOf(m[1], m[2]),
  );
  assert.ok(windowsMs.length > 0, "the page has a worked schedule");
  const ops = {};
  const row =
    /^\| `(\w+)` \| (\w+) `([^`]+)` \| (\w+) \| (\d+) \| ([\d.,]+) s \| [^|]+ \| (?:the time left|([\d.,]+) (ms|s)) \|$/gm;
  for (const m of text.matchAll(row)) {
    ops[m[1]] = {
      method: m[2],
      path: m[3],
      retryClass: m[4],
      maxAttempts: Number(m[5]),
      deadlineMs: msOf(m[6], "s"),
      attemptTimeoutMs: m[7] === undefined ? undefined : msOf(m[7], m[8]),
    };
  }
  assert.ok(Object.keys(ops).length > 0, "the page has a table of operations");
  const attempts = Number(/A call makes at most (\d+) attempts in all/.exec(text)[1]);
  const budget = /it holds at most (\d+) tokens[\s\S]*?costs (\d+) tokens, any other\s+retry (\d+)/.exec(text);
  return {
    text,
    loop: loops[0],
    windowsMs,
    ops,
    attempts,
    capacity: Number(budget[1]),
    throttleCost: Number(budget[2]),
    retryCost: Number(budget[3]),
  };
}

let page;
let loop;
let workdir;

before(async () => {
  workdir = mkdtempSync(join(tmpdir(), "sdkgen-docs-node-"));
  const made = spawnSync(BIN, ["docs", SPEC, "--out", workdir], { encoding: "utf8" });
  assert.equal(made.status, 0, made.stderr);
  page = readPage(readFileSync(join(workdir, "retries.md"), "utf8"));
  const file = join(workdir, "retry_loop.mjs");
  writeFileSync(file, page.loop);
  loop = await import(pathToFileURL(file).href);
});

after(() => rmSync(workdir, { recursive: true, force: true }));

/** Starts `sdkgen mock` with these faults; resolves to { url, stats(), stop() }. */
async function startMock(...faults) {
  const args = ["mock", SPEC, "--port", "0", "--quiet"];
  if (faults.length > 0) args.push("--faults", ...faults);
  const child = spawn(BIN, args, { stdio: ["ignore", "pipe", "ignore"] });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the mock printed no address")), STARTUP_MS);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once("exit", (code) => reject(new Error(`the mock exited with ${code}`)));
  });
  const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(first);
  assert.ok(m, `unexpected first line from the mock: ${first}`);
  const url = m[1];
  return {
    url,
    async stats() {
      const r = await fetch(`${url}/__sdkgen/stats`);
      return r.json();
    },
    stop() {
      lines.close();
      child.kill();
    },
  };
}

/** Stands in for the clock, the sleep, the random draws, the log and the wire. */
function recorder(draws) {
  const rec = { draws: [...draws], sleeps: [], requests: [], lines: [], now: 1000 };
  rec.options = {
    sleep: async (ms) => {
      rec.sleeps.push(ms);
      rec.now += ms;
    },
    now: () => rec.now,
    random: () => rec.draws.shift(),
    log: (line) => rec.lines.push(line),
    fetch: (url, init) => {
      rec.requests.push({ ...init.headers });
      return fetch(url, init);
    },
  };
  return rec;
}

function client(mock, rec) {
  return new loop.Client({ baseUrl: mock.url, headers: { Authorization: `Bearer ${TOKEN}` }, ...rec.options });
}

function call(c, op, { body, path, ...options } = {}) {
  const { method, path: template, ...numbers } = page.ops[op];
  return c.call(op, method, path ?? template, { body, ...numbers, ...options });
}

async function withMock(faults, run) {
  const mock = await startMock(...faults);
  try {
    await run(mock);
  } finally {
    mock.stop();
  }
}

test("503s are retried with the waits of the schedule and one key", () =>
  withMock(["status=503,op=createTransfer,first=2"], async (mock) => {
    const rec = recorder([0.5, 0.25]);
    const c = client(mock, rec);
    const { status, body } = await call(c, "createTransfer", { body: TRANSFER });
    assert.equal(status, 201);
    assert.equal(JSON.parse(body).amount, 1250);
    assert.equal(page.ops.createTransfer.retryClass, "keyed");
    assert.equal(rec.requests.length, 3);
    assert.equal(new Set(rec.requests.map((r) => r["Idempotency-Key"])).size, 1);
    assert.deepEqual(rec.sleeps, [0.5 * page.windowsMs[0], 0.25 * page.windowsMs[1]]);
    const left = rec.requests.map((r) => Number(r["Request-Timeout-Ms"]));
    assert.equal(left[0], page.ops.createTransfer.deadlineMs);
    assert.deepEqual(left, [...left].sort((a, b) => b - a));
    assert.equal(c.budget.tokens, page.capacity - page.retryCost);
    assert.equal(rec.lines.length, 2);
    rec.lines.forEach((line, i) => {
      assert.match(line, new RegExp(`createTransfer: attempt ${i + 1} of ${page.attempts} failed \\(HTTP 503\\)`));
      assert.match(line, new RegExp(`retrying in ${Math.round(rec.sleeps[i])} ms`));
    });
    const stats = await mock.stats();
    assert.equal(stats.side_effects.createTransfer, 1);
    assert.equal(stats.duplicates, 0);
  }));

test("a 429 waits what Retry-After asks, at the throttle price", () =>
  withMock(["status=429,retry-after=1,op=createTransfer,first=1"], async (mock) => {
    const rec = recorder([]);
    const c = client(mock, rec);
    const { status } = await call(c, "createTransfer", { body: TRANSFER });
    assert.equal(status, 201);
    assert.deepEqual(rec.sleeps, [1000]);
    assert.equal(rec.requests[0]["Idempotency-Key"], rec.requests[1]["Idempotency-Key"]);
    assert.equal(c.budget.tokens, page.capacity);
    assert.match(rec.lines[0], new RegExp(`\\(HTTP 429\\).*${page.capacity - page.throttleCost} retry tokens left`));
  }));

test("a reset after processing is retried with the same key and replayed", () =>
  withMock(["reset=after,op=createTransfer,first=1"], async (mock) => {
    const rec = recorder([0.5]);
    const c = client(mock, rec);
    const { status, headers } = await call(c, "createTransfer", { body: TRANSFER });
    assert.equal(status, 201);
    assert.equal(rec.requests.length, 2);
    assert.equal(rec.requests[0]["Idempotency-Key"], rec.requests[1]["Idempotency-Key"]);
    assert.equal(headers.get("idempotent-replayed"), "true");
    assert.deepEqual(rec.sleeps, [0.5 * page.windowsMs[0]]);
    const stats = await mock.stats();
    assert.equal(stats.side_effects.createTransfer, 1);
    assert.equal(stats.replays, 1);
  }));

test("an unsafe operation is not retried after a reset", () =>
  withMock(["reset=after,op=updateVendor,first=1"], async (mock) => {
    assert.ok(page.text.includes("| `updateVendor` | PATCH `/vendors/{vendor_id}` |"));
    const rec = recorder([0.5]);
    const c = client(mock, rec);
    await assert.rejects(call(c, "updateVendor", { body: { name: "Acme" }, path: "/vendors/acme-supplies" }), (e) => {
      assert.ok(e instanceof loop.RetryError);
      assert.equal(e.reason, "unsafe_to_retry");
      assert.equal(e.attempts, 1);
      return true;
    });
    assert.equal(rec.requests[0]["Idempotency-Key"], undefined);
    assert.deepEqual(rec.sleeps, []);
    assert.equal((await mock.stats()).side_effects.updateVendor, 1);
  }));

test("a 500 is retried once", () =>
  withMock(["status=500,op=getTransfer"], async (mock) => {
    const rec = recorder([0.5, 0.5]);
    const c = client(mock, rec);
    await assert.rejects(call(c, "getTransfer", { path: "/transfers/tr_1" }), (e) => {
      assert.equal(e.reason, "not_retryable");
      assert.equal(e.status, 500);
      assert.equal(e.attempts, 2);
      return true;
    });
  }));

test("attempts run out, and no wait runs past the deadline", () =>
  withMock(["status=503,op=getTransfer"], async (mock) => {
    const rec = recorder([1, 1]);
    await assert.rejects(call(client(mock, rec), "getTransfer", { path: "/transfers/tr_1" }), (e) => {
      assert.equal(e.reason, "attempts_exhausted");
      assert.equal(e.attempts, page.attempts);
      return true;
    });
    assert.deepEqual(rec.sleeps, page.windowsMs);
    const short = recorder([0.99, 0.99]);
    const deadlineMs = page.windowsMs[0] * 0.99 + page.windowsMs[1] * 0.5;
    await assert.rejects(call(client(mock, short), "getTransfer", { path: "/transfers/tr_1", deadlineMs }), (e) => {
      assert.equal(e.reason, "deadline_exceeded");
      assert.equal(e.attempts, 2);
      return true;
    });
    assert.equal(short.sleeps.length, 1);
  }));

test("an empty budget stops retrying", () =>
  withMock(["status=503,op=getTransfer,first=1"], async (mock) => {
    const rec = recorder([0.5]);
    const c = client(mock, rec);
    c.budget.tokens = page.retryCost - 1;
    await assert.rejects(call(c, "getTransfer", { path: "/transfers/tr_1" }), (e) => {
      assert.equal(e.reason, "budget_exhausted");
      assert.equal(e.attempts, 1);
      return true;
    });
  }));
