// The duplicate gates of the generated Node SDK (generated/payments/node).
//
// Each gate starts its own `sdkgen mock specs/payments.yaml --port 0` process
// on 127.0.0.1, installs its faults through POST /__sdkgen/faults, drives the
// SDK's real API against it, and judges the outcome from what the caller got
// and from GET /__sdkgen/stats. The process is killed when the gate ends.
//
// The SDK runs with its defaults (3 attempts, full jitter with base 500 ms,
// attempt timeout 3 x 400 ms, 60 s deadline, 500-token budget): no gate
// changes a retry knob. The harness bounds every call instead, so a hung call
// fails its gate rather than the run.
//
// SDKGEN_BIN names the sdkgen binary; the default is the repository's
// target/debug/sdkgen (scripts/test-gates builds it).
// Run with `node --test gates/node/`.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  Payments,
  SDKError,
} from "../../generated/payments/node/index.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** How long the mock may take to print its address. */
const STARTUP_MS = 30_000;
/** The harness's bound on one logical call (the SDK's own deadline is 60 s). */
const CALL_BOUND_MS = 30_000;
/** The bound on one control request. */
const CONTROL_BOUND_MS = 10_000;

/** Gate 1: how many concurrent calls share one key. */
const CALLS = 50;
/** Gate 1: at most this many rounds to get one where a call meets the in-flight 409. */
const GATE1_ROUNDS = 5;

// Gate 1: the execution that wins the key is slow, so the calls arriving
// meanwhile meet the in-flight 409 and must resolve it by retrying.
//
// Why 20 ms: under full jitter a call's retries can come arbitrarily soon
// (sleeps uniform in [0, 500 ms], then [0, 1000 ms]), so a call that met the
// 409 at once uses up its 3 attempts while the first execution is still in
// flight with probability P(S1 + S2 < L) = L^2 / 1e6 (L in ms, L <= 500). Over
// 49 calls that bounds the failing runs by 12 % at 50 ms and 2 % at 20 ms;
// measured with this SDK on a loaded 2-core machine: 3 failing calls in 10 runs
// at 300 ms, 1 failing run in 400 at 50 ms, none in 200 at 20 ms. A call that
// meets the 409 later in the window, or pays a round trip per retry, has less
// time to lose. A round that sees no 409 at all is run again (see the gate).
//
// first=1: the mock counts first= among the attempts that claim the key, so
// whichever of the 50 wins the claim is the one slowed, and the others stop at
// the claim with the 409 or a replay.
const GATE1_FAULT = "latency=20ms,op=createTransfer,first=1";

/** Gate 2: the first attempt is processed, then its connection is reset. */
const GATE2_FAULT = "reset=after,op=createTransfer,first=1";

// Gate 3: the first attempt outlives the attempt timeout, min(3 x p99, time
// left) = 1200 ms for payments (x-latency-p99-ms 400). The mock keeps
// executing it after the SDK gives up, as a careful server does: the key is in
// flight until 1250 ms, then the transfer is stored for replay.
//
// Why 1250 ms, just above the attempt timeout: the retries come at about
// 1200 + S1 and 1200 + S1 + S2 ms (full jitter: S1 uniform in [0, 500 ms], S2
// in [0, 1000 ms]). A retry before 1250 ms meets the in-flight 409; the call
// fails only when both retries do, P(S1 + S2 < 50 ms) = 50^2 / (2 x 500 x 1000)
// = 0.25 % (at 2000 ms it would be P(S1 + S2 < 800 ms) = 55 %). The retry
// meets the 409 when S1 < 50 ms (10 % of runs), else it gets the replay at
// once: the gate accepts both (gate 1 meets the 409 in every run). The 50 ms
// also keep the slowed answer from reaching the SDK before its attempt timeout
// fires on a loaded machine.
const GATE3_FAULT = "latency=1250ms,op=createTransfer,first=1";
const GATE3_LATENCY_MS = 1250;
const ATTEMPT_TIMEOUT_MS = 1200;

/** Gate 4: the unsafe PATCH is processed, then its connection is reset. */
const GATE4_FAULT = "reset=after,op=updateVendor,first=1";

/** The bearer token the SDK sends; the mock scopes keys by it. */
const TOKEN = "sk_test_gates";

const TRANSFER = {
  amount: 1250,
  currency: "eur",
  vendorId: "acme-supplies",
  metadata: { order_id: "8812" },
};

const live = new Set();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Settles with `promise`, or rejects once `ms` have passed. */
function within(ms, promise, what) {
  let timer;
  const expiry = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no outcome within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/** What GET /__sdkgen/stats said. */
class Stats {
  constructor(raw) {
    this.raw = raw;
  }

  count(...path) {
    let value = this.raw;
    for (const part of path) value = value?.[part];
    if (!Number.isInteger(value)) {
      throw new Error(`no count at ${path.join("/")} in the stats: ${this}`);
    }
    return value;
  }

  get requests() {
    return this.count("requests");
  }
  sideEffects(op) {
    return this.count("side_effects", op);
  }
  get replays() {
    return this.count("replays");
  }
  get inFlight() {
    return this.count("conflicts", "in_flight");
  }
  get mismatch() {
    return this.count("conflicts", "mismatch");
  }
  get rejected() {
    return this.count("rejected");
  }
  get duplicates() {
    return this.count("duplicates");
  }
  get faultsInjected() {
    return this.count("faults_injected");
  }

  toString() {
    return JSON.stringify(this.raw);
  }
}

/** One `sdkgen mock specs/payments.yaml` process. */
class Mock {
  static async start() {
    const binary = process.env.SDKGEN_BIN || join(REPO, "target", "debug", "sdkgen");
    const spec = join(REPO, "specs", "payments.yaml");
    const child = spawn(binary, ["mock", spec, "--port", "0", "--host", "127.0.0.1", "--quiet"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    live.add(child);
    const mock = new Mock(child);
    try {
      mock.addr = await mock.#address();
    } catch (err) {
      await mock.stop();
      throw err;
    }
    return mock;
  }

  constructor(child) {
    this.child = child;
    this.addr = "";
    this.stderr = "";
    this.exited = new Promise((done) => child.once("exit", done));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      this.stderr += chunk;
    });
  }

  async #address() {
    const lines = createInterface({ input: this.child.stdout });
    const first = new Promise((done, fail) => {
      // Every line is read, so the process never blocks on a full pipe.
      lines.once("line", done);
      this.child.once("error", (err) =>
        fail(
          new Error(
            `cannot run the mock (${err.message}): build it with \`cargo build -p sdkgen\` or set SDKGEN_BIN`,
          ),
        ),
      );
      this.exited.then((code) =>
        fail(
          new Error(
            `the mock exited (${code}) before printing its address; stderr:\n${this.stderr}`,
          ),
        ),
      );
    });
    const line = (await within(STARTUP_MS, first, "the mock's address")).trim();
    const prefix = "listening on http://";
    assert.ok(line.startsWith(prefix), `unexpected first line from the mock: ${line}`);
    const addr = line.slice(prefix.length);
    assert.ok(addr.startsWith("127.0.0.1:"), `the mock must listen on 127.0.0.1, it said ${line}`);
    return addr;
  }

  async stop() {
    if (this.child.pid === undefined) {
      // It never started: there is nothing to kill or wait for.
      live.delete(this.child);
      return;
    }
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGKILL");
    }
    await within(10_000, this.exited, "the mock's exit");
    live.delete(this.child);
  }

  url(path) {
    return `http://${this.addr}${path}`;
  }

  /** The SDK's base URL: the mock, under the spec's base path (/v2). */
  get baseUrl() {
    return this.url("/v2");
  }

  async #control(method, path, body) {
    const res = await fetch(this.url(path), {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CONTROL_BOUND_MS),
    });
    return { status: res.status, text: await res.text() };
  }

  async setFaults(...faults) {
    const { status, text } = await this.#control("POST", "/__sdkgen/faults", faults);
    assert.equal(status, 200, `POST /__sdkgen/faults: ${text}`);
    assert.equal(JSON.parse(text).length, faults.length, `installed faults: ${text}`);
  }

  async reset() {
    const { status, text } = await this.#control("POST", "/__sdkgen/reset");
    assert.equal(status, 204, `POST /__sdkgen/reset: ${text}`);
  }

  async stats() {
    const { status, text } = await this.#control("GET", "/__sdkgen/stats");
    assert.equal(status, 200, `GET /__sdkgen/stats: ${text}`);
    return new Stats(JSON.parse(text));
  }
}

/** Runs `body` with a fresh mock, killed at the end whatever happens. */
async function withMock(body) {
  const mock = await Mock.start();
  try {
    await body(mock);
  } finally {
    await mock.stop();
  }
}

function client(mock) {
  return new Payments({ bearerToken: TOKEN, baseUrl: mock.baseUrl });
}

/** A caller-derived key, unique to this run of this gate. */
function callerKey(gate) {
  return `${gate}-order-${process.pid}-${process.hrtime.bigint()}`;
}

function describe(err) {
  if (err instanceof SDKError) {
    return `${err.name}: ${err.message} [kind ${err.kind}, stop reason ${err.stopReason}, attempts ${err.attempts}]`;
  }
  return String(err?.stack ?? err);
}

/** One createTransfer call, as its caller sees it. */
async function create(sdk, description, idempotencyKey) {
  const options = idempotencyKey === undefined ? undefined : { idempotencyKey };
  const res = await within(
    CALL_BOUND_MS,
    sdk.transfers.createTransfer({ ...TRANSFER, description }, options).withResponse(),
    "createTransfer",
  );
  return {
    transfer: res.data,
    replayed: (res.headers.get("idempotent-replayed") ?? "").toLowerCase() === "true",
    attempts: res.attempts,
    idempotencyKey: res.idempotencyKey,
  };
}

function assertMatchesBody(transfer, description) {
  const what = JSON.stringify(transfer);
  assert.equal(transfer.amount, TRANSFER.amount, what);
  assert.equal(transfer.currency, TRANSFER.currency, what);
  assert.equal(transfer.vendorId, TRANSFER.vendorId, what);
  assert.equal(transfer.description, description, what);
  assert.ok(transfer.id, what);
}

// Gate 1. A round whose calls all arrived after the slowed execution finished
// (no in-flight 409 at all) proves nothing about the 409 and is run again, up to
// GATE1_ROUNDS times, each with its own mock process (so no straggling request
// of a round can land in the next one's counts) and its own key; every round's
// outcome must hold the gate's invariants all the same, so a duplicate in any
// round fails the gate.
test("gate 1: 50 concurrent calls with one key make one transfer", async () => {
  for (let round = 1; round <= GATE1_ROUNDS; round++) {
    let met = false;
    await withMock(async (mock) => {
      await mock.setFaults(GATE1_FAULT);
      met = await gate1Round(mock, client(mock), round);
    });
    if (met) return;
    console.log(`gate 1, round ${round}: no call met the in-flight 409; running another round`);
  }
  assert.fail(
    `in ${GATE1_ROUNDS} rounds no call met the in-flight 409: the gate could not test its scenario`,
  );
});

/** One round of gate 1; false when no call met the in-flight 409. */
async function gate1Round(mock, sdk, round) {
  // Warm connections, as a client in steady state has them, so the 50 calls
  // reach the server together; then forget these requests.
  await within(
    CALL_BOUND_MS,
    Promise.all(Array.from({ length: CALLS }, () => sdk.transfers.listTransfers())),
    "warm-up",
  );
  await mock.reset();
  const key = callerKey(`gate1-round${round}`);
  const description = "gate 1: one key, 50 callers";
  const settled = await Promise.all(
    Array.from({ length: CALLS }, () =>
      create(sdk, description, key).then(
        (value) => ({ value }),
        (error) => ({ error }),
      ),
    ),
  );
  const stats = await mock.stats();
  const at = `round ${round}`;

  const failed = settled.filter((s) => s.error).map((s) => describe(s.error));
  assert.deepEqual(failed, [], `${at}: ${failed.length} of ${CALLS} calls failed; stats ${stats}`);
  const done = settled.map((s) => s.value);
  // Every caller gets the one transfer, field for field the same.
  const first = done[0].transfer;
  assertMatchesBody(first, description);
  const ids = new Set(done.map((c) => c.transfer.id));
  assert.equal(ids.size, 1, `${at}: one transfer id for every caller, got ${[...ids]}`);
  for (const c of done) {
    assert.deepEqual(c.transfer, first, `${at}: every caller gets the original body`);
    assert.equal(c.idempotencyKey, key, `${at}: every call sent the caller's key`);
  }
  // One caller gets the executed response, the others replays of it. (The
  // executing call may itself end with a replay, when its attempt timed out on
  // a loaded machine after the server had executed: then none is original, and
  // the retry that followed shows in the attempts below.)
  const originals = done.filter((c) => !c.replayed).length;
  assert.ok(
    originals <= 1,
    `${at}: ${originals} calls got an executed (not replayed) response; stats ${stats}`,
  );

  assert.equal(stats.sideEffects("createTransfer"), 1, `${at}: side effects; stats ${stats}`);
  assert.equal(stats.duplicates, 0, `${at}: duplicates; stats ${stats}`);
  assert.equal(stats.mismatch, 0, `${at}: mismatch conflicts; stats ${stats}`);
  assert.equal(stats.faultsInjected, 1, `${at}: exactly one execution slowed; stats ${stats}`);
  // Every request was valid; an attempt the SDK gave up on (its attempt timeout,
  // on a loaded machine) may reach the server and be dropped there unanswered,
  // so requests = 1 + in-flight 409s + replays only without them.
  assert.equal(stats.rejected, 0, `${at}: rejected requests; stats ${stats}`);
  // Every in-flight 409 was answered by the SDK's own retry: a call's last
  // attempt succeeded, so each 409 was followed by another attempt. Without
  // attempt timeouts the two sides are equal.
  const attempts = done.reduce((sum, c) => sum + c.attempts, 0);
  assert.ok(
    attempts >= CALLS + stats.inFlight && attempts >= stats.requests,
    `${at}: ${attempts} attempts for ${CALLS} calls, ${stats.inFlight} in-flight 409s, ${stats.requests} requests; stats ${stats}`,
  );
  if (originals === 0) {
    assert.ok(
      attempts > CALLS + stats.inFlight,
      `${at}: no caller got the executed response, yet no attempt was retried for a reason other than the 409; stats ${stats}`,
    );
  }
  if (stats.inFlight === 0) return false;

  // No second transfer ever: the same request again is a replay of the first.
  const again = await create(sdk, description, key);
  assert.ok(again.replayed, `${at}: the repeat is a replay`);
  assert.deepEqual(again.transfer, first, `${at}: the repeat gets the original transfer`);
  const after = await mock.stats();
  assert.equal(after.sideEffects("createTransfer"), 1, `${at}: after the repeat; stats ${after}`);
  assert.equal(after.duplicates, 0, `${at}: after the repeat; stats ${after}`);
  return true;
}

test("gate 2: a lost response is retried with the same key and replayed", async () => {
  await withMock(async (mock) => {
    await mock.setFaults(GATE2_FAULT);
    const description = "gate 2: lost response";
    let created;
    try {
      created = await create(client(mock), description);
    } catch (err) {
      assert.fail(`the call failed: ${describe(err)}; stats ${await mock.stats()}`);
    }
    const stats = await mock.stats();

    assertMatchesBody(created.transfer, description);
    assert.equal(created.attempts, 2, `the lost attempt and its retry; stats ${stats}`);
    assert.ok(created.replayed, "the retry gets the stored original (Idempotent-Replayed)");
    assert.ok(created.idempotencyKey, "the SDK made a key for the call");
    assert.equal(stats.faultsInjected, 1, `the reset happened; stats ${stats}`);
    assert.equal(stats.sideEffects("createTransfer"), 1, `side effects; stats ${stats}`);
    assert.equal(stats.replays, 1, `replays; stats ${stats}`);
    assert.equal(stats.duplicates, 0, `duplicates; stats ${stats}`);
    assert.equal(stats.requests, 2, `requests; stats ${stats}`);
  });
});

test("gate 3: a first attempt that outlives its timeout makes one transfer", async () => {
  await withMock(async (mock) => {
    await mock.setFaults(GATE3_FAULT);
    const description = "gate 3: slow first attempt";
    const started = performance.now();
    let outcome;
    try {
      outcome = { value: await create(client(mock), description) };
    } catch (error) {
      outcome = { error };
    }
    const took = performance.now() - started;
    // Judge the side effects only once the slowed first execution would have
    // finished too, so a late second execution could not go unseen.
    await sleep(Math.max(0, started + GATE3_LATENCY_MS + 500 - performance.now()));
    const stats = await mock.stats();

    if (outcome.error) assert.fail(`the call failed: ${describe(outcome.error)}; stats ${stats}`);
    const created = outcome.value;
    assertMatchesBody(created.transfer, description);
    assert.ok(
      created.attempts >= 2,
      `the first attempt timed out, so at least 2 attempts; got ${created.attempts}; stats ${stats}`,
    );
    assert.ok(
      took >= ATTEMPT_TIMEOUT_MS - 50,
      `the call took ${took.toFixed(0)} ms, less than the first attempt's timeout`,
    );
    assert.ok(
      created.replayed,
      `the call gets the stored result of the first execution (Idempotent-Replayed); stats ${stats}`,
    );
    assert.equal(stats.replays, 1, `replays; stats ${stats}`);
    // Every attempt reached the server: the slowed first, the retries that met
    // the in-flight 409, and the last, answered with the replay.
    assert.equal(stats.requests, created.attempts, `requests; stats ${stats}`);
    assert.equal(
      stats.inFlight + 2,
      created.attempts,
      `every attempt between the first and the last met the in-flight 409; stats ${stats}`,
    );
    assert.equal(stats.faultsInjected, 1, `the first attempt was slowed; stats ${stats}`);
    assert.equal(stats.sideEffects("createTransfer"), 1, `side effects; stats ${stats}`);
    assert.equal(stats.duplicates, 0, `duplicates; stats ${stats}`);
    assert.equal(stats.mismatch, 0, `mismatch conflicts; stats ${stats}`);
  });
});

test("gate 4: an unsafe PATCH whose response is lost is not retried", async () => {
  await withMock(async (mock) => {
    await mock.setFaults(GATE4_FAULT);
    let outcome;
    try {
      outcome = {
        value: await within(
          CALL_BOUND_MS,
          client(mock).vendors.updateVendor("acme-supplies", { name: "Acme Supplies Ltd" }),
          "updateVendor",
        ),
      };
    } catch (error) {
      outcome = { error };
    }
    const stats = await mock.stats();

    if (!outcome.error) {
      assert.fail(
        `the call succeeded after a lost response: ${JSON.stringify(outcome.value)}; stats ${stats}`,
      );
    }
    const err = outcome.error;
    const text = describe(err);
    assert.ok(
      err instanceof APIConnectionError,
      `a connection error (no response: the outcome is unknown), got ${text}`,
    );
    assert.ok(!(err instanceof APITimeoutError), `not a timeout: ${text}`);
    assert.ok(!(err instanceof APIError), `no response, so no status: ${text}`);
    assert.equal(err.kind, "connection", text);
    assert.equal(err.stopReason, "unsafe_to_retry", text);
    assert.equal(err.attempts, 1, text);
    assert.match(
      err.message,
      /unsafe_to_retry/,
      `the message says why it was not retried: ${text}`,
    );
    assert.equal(stats.faultsInjected, 1, `the reset happened; stats ${stats}`);
    assert.equal(stats.sideEffects("updateVendor"), 1, `side effects; stats ${stats}`);
    assert.equal(stats.requests, 1, `one request reached the server; stats ${stats}`);
  });
});
