// What an abortable fetch costs on its own, next to the SDK: bare fetch
// without a signal, bare fetch with the kind of AbortSignal the SDK gives
// each attempt, and the SDK, against the overhead server, in one process.
//
//   target/generated/release/overhead-server --port-file /tmp/port --token T &
//   OVERHEAD_BASE_URL="http://127.0.0.1:$(cat /tmp/port)/v2" OVERHEAD_TOKEN=T \
//     taskset -c 0 node bench/overhead/node/signal.mjs
//
// Sides, for getTransfer and createTransfer (the requests overhead.mjs makes):
//
//   bare          fetch(url, { headers }) and res.json(), as overhead.mjs
//   fresh-signal  the same with a new AbortController's signal per call and a
//                 timer that would abort it, cleared when the call ends (what
//                 the SDK did per attempt before it reused its controllers)
//   reused-signal the same with a controller reused from call to call, as the
//                 SDK now does: its timer cleared and the listeners fetch added
//                 to its signal removed when the call ends
//   sdk           the generated SDK's method
//
// The sides take turns in blocks of calls (the order reversed every other
// block). Per side: the median wall time of its calls, and the median over
// its blocks of the process's CPU time per call (process.cpuUsage: every
// thread, so the garbage collector's helpers too). Both as ratios to bare.
// One markdown table goes to stdout.
//
// Settings: OVERHEAD_BASE_URL, OVERHEAD_TOKEN (required), SIGNAL_CALLS
// (timed calls per side and operation, default 4000), SIGNAL_BLOCK (default
// 100), SIGNAL_WARMUP (default 500), OVERHEAD_SDK_PATH (as in overhead.mjs).
import { randomUUID } from "node:crypto";
import { getEventListeners } from "node:events";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const sdkPath = process.env.OVERHEAD_SDK_PATH ?? resolve(here, "../../../generated/payments/node");
const { Payments } = await import(pathToFileURL(resolve(sdkPath, "index.js")).href);

function setting(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === "") {
    if (fallback === undefined) throw new Error(`${name} is not set`);
    return fallback;
  }
  return text;
}

function count(name, fallback) {
  const value = Number(setting(name, String(fallback)));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

const BASE_URL = setting("OVERHEAD_BASE_URL").replace(/\/+$/, "");
const TOKEN = setting("OVERHEAD_TOKEN");
const CALLS = count("SIGNAL_CALLS", 4000);
const BLOCK = count("SIGNAL_BLOCK", 100);
const WARMUP = count("SIGNAL_WARMUP", 500);

const TRANSFER_ID = "tr_1NqF8a2eZvKYlo2C";
const CREATE_PARAMS = { amount: 1250, currency: "eur", vendorId: "acme-supplies", description: "Invoice 2024-0042" };
const CREATE_WIRE = { amount: 1250, currency: "eur", vendor_id: "acme-supplies", description: "Invoice 2024-0042" };
const BARE_HEADERS = {
  "User-Agent": "payments/2.3.0",
  Authorization: `Bearer ${TOKEN}`,
  "Request-Timeout-Ms": "60000",
};
// The SDK's attempt timeout for these operations: 3 x the spec's p99 of 400 ms.
const ATTEMPT_TIMEOUT_MS = 1200;

function checkId(id) {
  if (id !== TRANSFER_ID) throw new Error(`unexpected transfer id ${JSON.stringify(id)}`);
}

const requests = {
  getTransfer: {
    url: `${BASE_URL}/transfers/${TRANSFER_ID}`,
    init: () => ({ headers: BARE_HEADERS }),
    status: 200,
  },
  createTransfer: {
    url: `${BASE_URL}/transfers`,
    init: () => ({
      method: "POST",
      headers: { ...BARE_HEADERS, "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
      body: JSON.stringify(CREATE_WIRE),
    }),
    status: 201,
  },
};

async function fetchChecked(request, signal) {
  const init = request.init();
  if (signal !== undefined) init.signal = signal;
  const res = await fetch(request.url, init);
  if (res.status !== request.status) throw new Error(`HTTP ${res.status}`);
  checkId((await res.json()).id);
}

const spare = [];

/** One fetch bounded by an attempt timer on `controller`, cleared after. */
async function timedFetch(request, controller) {
  const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
  timer.unref();
  try {
    await fetchChecked(request, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

function sides(operation, client) {
  const request = requests[operation];
  return {
    bare: () => fetchChecked(request, undefined),
    "fresh-signal": () => timedFetch(request, new AbortController()),
    "reused-signal": async () => {
      const controller = spare.pop() ?? new AbortController();
      try {
        await timedFetch(request, controller);
      } finally {
        const { signal } = controller;
        if (!signal.aborted) {
          for (const listener of getEventListeners(signal, "abort")) signal.removeEventListener("abort", listener);
          spare.push(controller);
        }
      }
    },
    sdk:
      operation === "getTransfer"
        ? async () => checkId((await client.transfers.getTransfer(TRANSFER_ID)).id)
        : async () => checkId((await client.transfers.createTransfer(CREATE_PARAMS)).id),
  };
}

function median(values) {
  const s = Float64Array.from(values).sort();
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

async function measure(operation, client) {
  const byName = sides(operation, client);
  const names = Object.keys(byName);
  for (let i = 0; i < WARMUP; i += 1) for (const name of names) await byName[name]();
  const wall = Object.fromEntries(names.map((name) => [name, []]));
  const cpu = Object.fromEntries(names.map((name) => [name, []]));
  for (let done = 0, block = 0; done < CALLS; done += BLOCK, block += 1) {
    const n = Math.min(BLOCK, CALLS - done);
    for (const name of block % 2 === 0 ? names : [...names].reverse()) {
      const call = byName[name];
      const before = process.cpuUsage();
      for (let i = 0; i < n; i += 1) {
        const started = process.hrtime.bigint();
        await call();
        wall[name].push(Number(process.hrtime.bigint() - started) / 1000);
      }
      const used = process.cpuUsage(before);
      cpu[name].push((used.user + used.system) / n);
    }
  }
  return names.map((name) => ({ name, wall: median(wall[name]), cpu: median(cpu[name]) }));
}

const client = new Payments({ bearerToken: TOKEN, baseUrl: BASE_URL });
const first = await client.transfers.getTransfer(TRANSFER_ID).withResponse();
if (first.attempts !== 1) throw new Error(`SDK getTransfer made ${first.attempts} attempts, not 1`);

console.log(`${CALLS} timed calls per side after ${WARMUP} warm-up, blocks of ${BLOCK}; Node ${process.version}`);
console.log();
console.log("| operation | side | wall µs/call | wall ratio | CPU µs/call | CPU ratio |");
console.log("| --- | --- | ---: | ---: | ---: | ---: |");
for (const operation of Object.keys(requests)) {
  const rows = await measure(operation, client);
  const [bare] = rows;
  for (const row of rows) {
    console.log(
      `| ${operation} | ${row.name} | ${row.wall.toFixed(1)} | ${(row.wall / bare.wall).toFixed(3)} | ` +
        `${row.cpu.toFixed(1)} | ${(row.cpu / bare.cpu).toFixed(3)} |`,
    );
  }
}
