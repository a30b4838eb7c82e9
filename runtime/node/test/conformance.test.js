// Plays runtime/conformance/scenarios.json against this runtime, exactly as
// runtime/conformance/README.md describes: a scripted HTTP/1.1 server on
// 127.0.0.1, an injected clock and injected random draws, one client per
// scenario, each scenario its own named subtest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import net from "node:net";
import { STATUS_CODES } from "node:http";
import { Runtime, SDKError } from "../src/index.js";

const SCENARIOS_URL = new URL(
  "../../conformance/scenarios.json",
  import.meta.url,
);
const scenarios = JSON.parse(readFileSync(SCENARIOS_URL, "utf8"));

const UUID_V4 =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DEFAULT_RT_HEADER = "Request-Timeout-Ms";

/** Reads one HTTP/1.1 request (headers + Content-Length or chunked body) off a socket. */
function readRequest(socket, onRequest) {
  let buf = Buffer.alloc(0);
  let done = false;
  socket.on("data", (chunk) => {
    if (done) return;
    buf = Buffer.concat([buf, chunk]);
    const end = buf.indexOf("\r\n\r\n");
    if (end < 0) return;
    const lines = buf.subarray(0, end).toString("latin1").split("\r\n");
    const [method, target] = lines[0].split(" ");
    const headers = new Map();
    for (const line of lines.slice(1)) {
      const i = line.indexOf(":");
      if (i < 0) continue;
      const name = line.slice(0, i).trim().toLowerCase();
      const value = line.slice(i + 1).trim();
      headers.set(
        name,
        headers.has(name) ? `${headers.get(name)}, ${value}` : value,
      );
    }
    const rest = buf.subarray(end + 4);
    if (headers.has("content-length")) {
      if (rest.length < Number(headers.get("content-length"))) return;
    } else if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) {
      if (!rest.toString("latin1").endsWith("0\r\n\r\n")) return;
    }
    done = true;
    onRequest({ method, target, headers, body: rest.toString("utf8") });
  });
}

class ScriptedServer {
  port = 0;
  /** @type {net.Server | null} */
  listener = null;
  sockets = new Set();
  steps = [];
  index = 0;
  requests = [];
  sleptInCall = 0;

  async open() {
    if (this.listener) return;
    const srv = net.createServer((socket) => this.#onConnection(socket));
    await new Promise((resolve, reject) => {
      srv.once("error", reject);
      srv.listen(this.port, "127.0.0.1", () => {
        srv.off("error", reject);
        resolve();
      });
    });
    this.port = srv.address().port;
    this.listener = srv;
  }

  /** Closes the listening socket only: the port stays reserved by number, connections are refused. */
  refuse() {
    if (!this.listener) return;
    this.listener.close();
    this.listener = null;
  }

  /** Puts the listener in the state attempt `index` needs. */
  async prepare(index) {
    this.index = index;
    if (this.steps[index]?.refuse) this.refuse();
    else await this.open();
  }

  shutdown() {
    this.refuse();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  #onConnection(socket) {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => {});
    readRequest(socket, (req) => {
      this.requests.push({ ...req, sleptMs: this.sleptInCall });
      const step = this.steps[this.index];
      if (!step || step.refuse) {
        // The client made an attempt the script has no step for: answer loudly.
        socket.end(
          response(599, {}, { error: "no scripted step for this attempt" }),
        );
      } else if (step.respond) {
        socket.end(
          response(
            step.respond.status,
            step.respond.headers ?? {},
            step.respond.body,
          ),
        );
      } else if (step.reset) {
        socket.destroy();
      }
      // hang: never answer; the socket closes when the client goes away.
    });
  }
}

function response(status, headers, body) {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Status"}`];
  for (const [name, value] of Object.entries(headers)) {
    const m = /^@http-date\+(\d+)$/.exec(value);
    lines.push(
      `${name}: ${m ? new Date(Date.now() + Number(m[1]) * 1000).toUTCString() : value}`,
    );
  }
  let payload = Buffer.alloc(0);
  if (body !== undefined) {
    if (typeof body === "string") {
      payload = Buffer.from(body, "utf8");
      lines.push("Content-Type: text/plain; charset=utf-8");
    } else {
      payload = Buffer.from(JSON.stringify(body), "utf8");
      lines.push("Content-Type: application/json");
    }
  }
  lines.push(`Content-Length: ${payload.length}`, "Connection: close");
  return Buffer.concat([
    Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"),
    payload,
  ]);
}

function checkSleeps(actual, expected) {
  assert.equal(
    actual.length,
    expected.length,
    `sleeps ${JSON.stringify(actual)} vs expected ${JSON.stringify(expected)}`,
  );
  expected.forEach((e, i) => {
    if (typeof e === "number") assert.equal(actual[i], e, `sleep ${i}`);
    else
      assert.ok(
        actual[i] >= e.min && actual[i] <= e.max,
        `sleep ${i}: ${actual[i]} not in [${e.min}, ${e.max}]`,
      );
  });
}

async function playScenario(sc) {
  const server = new ScriptedServer();
  await server.open();
  const client = sc.client ?? {};
  let offset = 0;
  let draws = [];
  let sleeps = [];
  let attemptIndex = 0;
  const clock = {
    now: () => performance.now() + offset,
    sleep: async (ms) => {
      sleeps.push(ms);
      offset += ms;
      server.sleptInCall += ms;
      attemptIndex += 1;
      await server.prepare(attemptIndex);
    },
  };
  const rt = new Runtime({
    baseUrl: `http://127.0.0.1:${server.port}`,
    retries: client.retries,
    maxAttempts: client.max_attempts,
    jitter: client.jitter,
    baseMs: client.base_ms,
    capMs: client.cap_ms,
    timeout: client.deadline_ms,
    budgetCapacity: client.budget_capacity,
    requestTimeoutHeader: client.request_timeout_header,
    clock,
    random: () => {
      if (draws.length === 0)
        throw new Error("a random draw was requested beyond the scenario list");
      return draws.shift();
    },
    logLevel: "off",
  });
  if (client.budget_initial !== undefined)
    rt.budget.setLevel(client.budget_initial);

  const o = sc.operation;
  const operation = {
    name: sc.name,
    method: o.method,
    path: o.path ?? "/op",
    retryClass: o.class,
    keyHeader: o.key_header,
    keyMaxLength: o.key_max_length,
    failures: o.failures,
    inFlightCode: o.in_flight_code,
    mismatchCode: o.mismatch_code,
    p99Ms: o.p99_ms,
  };
  const request = {
    path: operation.path,
    ...("body" in o ? { json: o.body } : {}),
  };
  const keyHeader = (o.key_header ?? "Idempotency-Key").toLowerCase();
  const rtHeader =
    client.request_timeout_header === undefined
      ? DEFAULT_RT_HEADER
      : client.request_timeout_header;

  try {
    for (const [ci, call] of sc.calls.entries()) {
      const where = `call ${ci}`;
      const opts = call.options ?? {};
      draws = [...call.random];
      sleeps = [];
      attemptIndex = 0;
      server.steps = call.server;
      server.requests = [];
      server.sleptInCall = 0;
      await server.prepare(0);

      let result;
      let error;
      try {
        result = await rt.request(operation, request, {
          idempotencyKey: opts.idempotency_key,
          maxAttempts: opts.max_attempts,
          timeout: opts.deadline_ms,
          retries: opts.retries,
        });
      } catch (err) {
        if (!(err instanceof SDKError)) throw err;
        error = err;
      }
      const ex = call.expect;
      const attempts = result ? result.attempts : error.attempts;

      if ("ok" in ex.outcome) {
        assert.ok(
          result,
          `${where}: expected success, got ${error?.kind}/${error?.stopReason}: ${error?.message}`,
        );
        assert.equal(result.status, ex.outcome.ok.status, `${where}: status`);
        assert.deepEqual(result.body, ex.outcome.ok.body, `${where}: body`);
      } else {
        const want = ex.outcome.error;
        assert.ok(
          error,
          `${where}: expected ${want.kind}/${want.stop_reason}, got success ${result?.status}`,
        );
        assert.equal(
          error.kind,
          want.kind,
          `${where}: kind (${error.message})`,
        );
        assert.equal(
          error.stopReason,
          want.stop_reason,
          `${where}: stop_reason (${error.message})`,
        );
        if ("status" in want)
          assert.equal(error.status, want.status, `${where}: status`);
        if ("code" in want)
          assert.equal(error.code, want.code, `${where}: code`);
      }
      assert.equal(attempts, ex.attempts, `${where}: attempts`);
      checkSleeps(sleeps, ex.sleeps_ms);
      assert.equal(
        server.requests.length,
        ex.server_requests,
        `${where}: server_requests`,
      );
      assert.equal(rt.budget.level, ex.tokens_left, `${where}: tokens_left`);
      assert.equal(
        draws.length,
        0,
        `${where}: ${draws.length} draw(s) left unused`,
      );

      const keys = server.requests.map((r) => r.headers.get(keyHeader));
      if (ex.key === "caller") {
        keys.forEach((k, i) =>
          assert.equal(
            k,
            opts.idempotency_key,
            `${where}: key of request ${i}`,
          ),
        );
      } else if (ex.key === "generated") {
        keys.forEach((k, i) => {
          assert.match(
            k ?? "",
            UUID_V4,
            `${where}: key of request ${i} is not a lower-case UUID v4`,
          );
          assert.equal(
            k,
            keys[0],
            `${where}: key of request ${i} differs from the first`,
          );
        });
      } else {
        keys.forEach((k, i) =>
          assert.equal(k, undefined, `${where}: request ${i} carried a key`),
        );
      }

      if (ex.request_timeout === "decreasing") {
        const deadline = opts.deadline_ms ?? client.deadline_ms ?? 60000;
        server.requests.forEach((r, i) => {
          const raw = r.headers.get(rtHeader.toLowerCase());
          assert.match(
            raw ?? "",
            /^\d+$/,
            `${where}: request ${i} ${rtHeader}`,
          );
          const v = Number(raw);
          const hi = deadline - r.sleptMs;
          assert.ok(
            v >= hi - 2000 && v <= hi,
            `${where}: request ${i} ${rtHeader}=${v} not in [${hi - 2000}, ${hi}]`,
          );
        });
      } else {
        const name = (rtHeader ?? DEFAULT_RT_HEADER).toLowerCase();
        server.requests.forEach((r, i) => {
          assert.equal(
            r.headers.get(name),
            undefined,
            `${where}: request ${i} carried ${name}`,
          );
          assert.equal(
            r.headers.get(DEFAULT_RT_HEADER.toLowerCase()),
            undefined,
            `${where}: request ${i} carried ${DEFAULT_RT_HEADER}`,
          );
        });
      }
    }
  } finally {
    server.shutdown();
  }
}

for (const sc of scenarios.scenarios) {
  test(sc.name, () => playScenario(sc));
}
