// The overhead benchmark, Node side: the generated payments SDK against bare
// fetch making the same request to the same local server.
//
// For getTransfer and createTransfer, after a warm-up of both sides, blocks of
// sequential calls run alternately with the SDK and with bare fetch (SDK
// block, bare block, ...), every call is timed on its own, and one
// tab-separated line goes to stdout:
//
//   row  node  <operation>  <SDK median µs>  <bare median µs>  <ratio>  <pair p25>  <pair p75>
//
// where the pair quartiles are those of the per-pair ratios (an SDK block's
// median over the next bare block's median). Details go to stderr, with the
// CPU time per call of each side: the process's (process.cpuUsage, every
// thread, so the garbage collector's helpers too) over each block, the median
// of the blocks.
//
// Both sides use Node's global fetch (undici) and so the same connection
// pool and the same keep-alive connection to the server.
//
// Settings, from the environment (`run` sets them): OVERHEAD_BASE_URL
// (required), OVERHEAD_TOKEN (required), OVERHEAD_CALLS (timed calls per side
// and operation, default 2000), OVERHEAD_WARMUP (default 200), OVERHEAD_BLOCK
// (calls per block, default 100), OVERHEAD_SDK_PATH (the generated package's
// directory, default generated/payments/node of this checkout).
import { randomUUID } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const sdkPath = process.env.OVERHEAD_SDK_PATH ?? resolve(here, "../../../generated/payments/node");
const { Payments } = await import(pathToFileURL(resolve(sdkPath, "index.js")).href);

const TRANSFER_ID = "tr_1NqF8a2eZvKYlo2C";
// The body both sides send to createTransfer: the SDK's camelCase parameters
// and the wire form bare fetch sends.
const CREATE_PARAMS = { amount: 1250, currency: "eur", vendorId: "acme-supplies", description: "Invoice 2024-0042" };
const CREATE_WIRE = { amount: 1250, currency: "eur", vendor_id: "acme-supplies", description: "Invoice 2024-0042" };

function fail(message) {
  console.error(`overhead.mjs: ${message}`);
  process.exit(1);
}

function required(name) {
  const value = process.env[name];
  if (!value) fail(`${name} is not set (bench/overhead/run sets it)`);
  return value;
}

function envCount(name, fallback) {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) fail(`${name} must be a positive whole number, got ${JSON.stringify(text)}`);
  return value;
}

const BASE_URL = required("OVERHEAD_BASE_URL").replace(/\/+$/, "");
const TOKEN = required("OVERHEAD_TOKEN");
const CALLS = envCount("OVERHEAD_CALLS", 2000);
const WARMUP = envCount("OVERHEAD_WARMUP", 200);
const BLOCK = envCount("OVERHEAD_BLOCK", 100);

// What the SDK sends with every call, for bare fetch: the same User-Agent, the
// bearer token, and the time-left header at the SDK's default 60 s. Bare fetch
// has no deadline, attempt timeout, retry loop or budget: those are what the
// SDK adds, and what is measured.
const BARE_HEADERS = {
  "User-Agent": "payments/2.3.0",
  Authorization: `Bearer ${TOKEN}`,
  "Request-Timeout-Ms": "60000",
};

function checkId(id) {
  if (id !== TRANSFER_ID) fail(`unexpected transfer id ${JSON.stringify(id)}`);
}

// -- statistics ---------------------------------------------------------------

function sorted(values) {
  return Float64Array.from(values).sort();
}

function median(values) {
  const s = sorted(values);
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function quantile(values, q) {
  const s = sorted(values);
  const position = q * (s.length - 1);
  const low = Math.floor(position);
  const high = Math.min(low + 1, s.length - 1);
  return s[low] + (s[high] - s[low]) * (position - low);
}

function report(operation, [sdkNs, bareNs, sdkCpu, bareCpu]) {
  const sdkUs = sdkNs.map((ns) => ns / 1000);
  const bareUs = bareNs.map((ns) => ns / 1000);
  const sdk = median(sdkUs);
  const bare = median(bareUs);
  const pairs = [];
  for (let i = 0; i < sdkUs.length; i += BLOCK) {
    pairs.push(median(sdkUs.slice(i, i + BLOCK)) / median(bareUs.slice(i, i + BLOCK)));
  }
  const f = (x) => x.toFixed(1);
  console.error(
    `node ${operation}: SDK p10/p50/p90 ${f(quantile(sdkUs, 0.1))}/${f(sdk)}/${f(quantile(sdkUs, 0.9))} µs, ` +
      `bare ${f(quantile(bareUs, 0.1))}/${f(bare)}/${f(quantile(bareUs, 0.9))} µs, ` +
      `${sdkUs.length} calls a side in ${pairs.length} pairs of blocks; ` +
      `CPU ${f(median(sdkCpu))} against ${f(median(bareCpu))} µs/call (${(median(sdkCpu) / median(bareCpu)).toFixed(3)})`,
  );
  process.stdout.write(
    `row\tnode\t${operation}\t${f(sdk)}\t${f(bare)}\t${(sdk / bare).toFixed(3)}\t` +
      `${quantile(pairs, 0.25).toFixed(3)}\t${quantile(pairs, 0.75).toFixed(3)}\n`,
  );
}

// -- measuring ----------------------------------------------------------------

async function timedBlock(calls, call, into, cpuInto) {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) {
    const started = process.hrtime.bigint();
    await call();
    into.push(Number(process.hrtime.bigint() - started));
  }
  const used = process.cpuUsage(before);
  cpuInto.push((used.user + used.system) / calls);
}

async function compare(sdk, bare) {
  for (let i = 0; i < WARMUP; i += 1) {
    await sdk();
    await bare();
  }
  const sdkNs = [];
  const bareNs = [];
  const sdkCpu = [];
  const bareCpu = [];
  while (bareNs.length < CALLS) {
    const n = Math.min(BLOCK, CALLS - sdkNs.length);
    await timedBlock(n, sdk, sdkNs, sdkCpu);
    await timedBlock(n, bare, bareNs, bareCpu);
  }
  return [sdkNs, bareNs, sdkCpu, bareCpu];
}

const client = new Payments({ bearerToken: TOKEN, baseUrl: BASE_URL });
const getUrl = `${BASE_URL}/transfers/${TRANSFER_ID}`;
const createUrl = `${BASE_URL}/transfers`;

const first = await client.transfers.getTransfer(TRANSFER_ID).withResponse();
if (first.attempts !== 1) fail(`SDK getTransfer made ${first.attempts} attempts, not 1`);

async function sdkGet() {
  checkId((await client.transfers.getTransfer(TRANSFER_ID)).id);
}

async function bareGet() {
  const res = await fetch(getUrl, { headers: BARE_HEADERS });
  if (res.status !== 200) fail(`bare getTransfer: HTTP ${res.status}`);
  checkId((await res.json()).id);
}

async function sdkCreate() {
  checkId((await client.transfers.createTransfer(CREATE_PARAMS)).id);
}

async function bareCreate() {
  const res = await fetch(createUrl, {
    method: "POST",
    headers: { ...BARE_HEADERS, "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify(CREATE_WIRE),
  });
  if (res.status !== 201) fail(`bare createTransfer: HTTP ${res.status}`);
  checkId((await res.json()).id);
}

report("getTransfer", await compare(sdkGet, bareGet));
report("createTransfer", await compare(sdkCreate, bareCreate));
