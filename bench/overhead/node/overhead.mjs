// The overhead benchmark, Node side: the generated payments SDK against bare
// fetch making the same request to the same local server, and the OpenAI
// Node SDK against bare fetch the same way (the peer rows).
//
// For getTransfer and createTransfer, after a warm-up of every side, blocks of
// sequential calls run in turn with three sides: the SDK, bare fetch, and bare
// fetch given the attempt's AbortSignal ("fetch + signal": a fresh
// AbortController per call and a timer that would abort it, cleared when the
// body has been read; the least any fetch-based SDK that honours an attempt
// timeout must do, and what the OpenAI SDK does per attempt); and in the
// same rounds, the peer: the OpenAI SDK and its bare fetch, for
// models.retrieve (a small JSON GET, beside getTransfer) and
// chat.completions.create without streaming (a small JSON POST, beside
// createTransfer). Every call is timed on its own, so every ratio, the
// peer's included, comes from the same minutes. Tab-separated lines go to
// stdout:
//
//   row  node  <client>  <call>  <get|post>  <median µs>  <baseline>  <baseline median µs>  <ratio>  <pair p25>  <pair p75>  <role>  <CPU ratio>  <pair median>
//
// where the pair quartiles are those of the per-pair ratios (a block's median
// over the baseline's block's median in the same round), and the role tells
// `run` what the row is: "target" (sdkgen against fetch + signal, the Node
// target), "bare" (sdkgen against bare fetch, compared with the peer),
// "floor" (fetch + signal against bare fetch), "peer" (OpenAI against bare
// fetch). Details go to stderr, with the CPU time per call of each side: the
// process's (process.cpuUsage, every thread, so the garbage collector's
// helpers too) over each block, the median of the blocks.
//
// Every side uses Node's global fetch (undici) and so the same connection
// pool and the same keep-alive connection to the server.
//
// Settings, from the environment (`run` sets them): OVERHEAD_BASE_URL
// (required), OVERHEAD_TOKEN (required), OVERHEAD_CALLS (timed calls per side
// and operation, default 2000), OVERHEAD_WARMUP (default 200), OVERHEAD_BLOCK
// (calls per block, default 100), OVERHEAD_SDK_PATH (the generated package's
// directory, default generated/payments/node of this checkout),
// OVERHEAD_PEERS ("0" leaves the OpenAI rows out), OVERHEAD_OPENAI_NODE (the
// installed `openai` package's directory; `run` installs the pinned version).
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
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

// One row: side `a` of a comparison against side `b` (each { name, ns, cpu }).
function report(operation, kind, a, b, role) {
  const aUs = a.ns.map((ns) => ns / 1000);
  const bUs = b.ns.map((ns) => ns / 1000);
  const am = median(aUs);
  const bm = median(bUs);
  const pairs = [];
  for (let i = 0; i < aUs.length; i += BLOCK) {
    pairs.push(median(aUs.slice(i, i + BLOCK)) / median(bUs.slice(i, i + BLOCK)));
  }
  const f = (x) => x.toFixed(1);
  console.error(
    `node ${operation}: ${a.name} p10/p50/p90 ${f(quantile(aUs, 0.1))}/${f(am)}/${f(quantile(aUs, 0.9))} µs, ` +
      `${b.name} ${f(quantile(bUs, 0.1))}/${f(bm)}/${f(quantile(bUs, 0.9))} µs, ` +
      `${aUs.length} calls a side in ${pairs.length} rounds of blocks; ` +
      `CPU ${f(median(a.cpu))} against ${f(median(b.cpu))} µs/call (${(median(a.cpu) / median(b.cpu)).toFixed(3)})`,
  );
  process.stdout.write(
    `row\tnode\t${a.name}\t${operation}\t${kind}\t${f(am)}\t${b.name}\t${f(bm)}\t${(am / bm).toFixed(3)}\t` +
      `${quantile(pairs, 0.25).toFixed(3)}\t${quantile(pairs, 0.75).toFixed(3)}\t${role}\t` +
      `${(median(a.cpu) / median(b.cpu)).toFixed(3)}\t${quantile(pairs, 0.5).toFixed(3)}\n`,
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

// Every side ({ name, call }) warmed up, then one block of each in turn
// until each has made CALLS timed calls; each side gets its ns and cpu. The
// order of the blocks is reversed every other round, so no side is always
// first after another's garbage or always last.
async function compare(...sides) {
  for (let i = 0; i < WARMUP; i += 1) {
    for (const side of sides) await side.call();
  }
  const timed = sides.map((side) => ({ name: side.name, ns: [], cpu: [] }));
  const order = sides.map((_, s) => s);
  for (let round = 0; timed[0].ns.length < CALLS; round += 1) {
    const n = Math.min(BLOCK, CALLS - timed[0].ns.length);
    for (const s of round % 2 === 0 ? order : [...order].reverse()) {
      await timedBlock(n, sides[s].call, timed[s].ns, timed[s].cpu);
    }
  }
  return timed;
}

const client = new Payments({ bearerToken: TOKEN, baseUrl: BASE_URL });
const getUrl = `${BASE_URL}/transfers/${TRANSFER_ID}`;
const createUrl = `${BASE_URL}/transfers`;

// One bare call first: Node loads undici on the first fetch, which on a busy
// machine can take longer than the SDK's attempt timeout (three times the
// operation's p99), and the check below is about the happy path.
await bareGet();
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

// Bare fetch given the attempt's signal: a fresh controller and a timer per
// call (the SDK's default attempt timeout would never fire here), cleared
// once the body has been read.
const ATTEMPT_TIMEOUT_MS = 60_000;

async function signalGet() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
  try {
    const res = await fetch(getUrl, { headers: BARE_HEADERS, signal: controller.signal });
    if (res.status !== 200) fail(`fetch + signal getTransfer: HTTP ${res.status}`);
    checkId((await res.json()).id);
  } finally {
    clearTimeout(timer);
  }
}

async function signalCreate() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
  try {
    const res = await fetch(createUrl, {
      method: "POST",
      headers: { ...BARE_HEADERS, "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
      body: JSON.stringify(CREATE_WIRE),
      signal: controller.signal,
    });
    if (res.status !== 201) fail(`fetch + signal createTransfer: HTTP ${res.status}`);
    checkId((await res.json()).id);
  } finally {
    clearTimeout(timer);
  }
}

const SDK = "sdkgen";
const FETCH = "fetch";
const SIGNAL = "fetch + signal";

// sdkgen, fetch and fetch + signal for one operation, and the peer's call of
// the same kind with its bare fetch, their blocks taking turns.
async function rows(operation, kind, sdk, bare, signal, peerCall) {
  const sides = [
    { name: SDK, call: sdk },
    { name: FETCH, call: bare },
    { name: SIGNAL, call: signal },
  ];
  if (peer) {
    sides.push({ name: peer.name, call: peer[kind] }, { name: FETCH, call: peer[`bare${kind}`] });
  }
  const [s, b, g, p, pb] = await compare(...sides);
  report(operation, kind, s, g, "target");
  report(operation, kind, s, b, "bare");
  report(operation, kind, g, b, "floor");
  if (peer) report(peerCall, kind, p, pb, "peer");
}

// -- the peer: the OpenAI Node SDK --------------------------------------------

const PEERS = process.env.OVERHEAD_PEERS !== "0";
let peer = null;
if (PEERS) {
  const dir = required("OVERHEAD_OPENAI_NODE");
  const { OpenAI } = await import(pathToFileURL(resolve(dir, "index.mjs")).href);
  const { version } = JSON.parse(await readFile(resolve(dir, "package.json"), "utf8"));
  peer = await openaiPeer(OpenAI, `openai ${version}`);
}

async function openaiPeer(OpenAI, name) {
  const baseURL = BASE_URL.replace(/\/[^/]*$/, "/v1");
  const MODEL_ID = "gpt-4o-mini";
  const CHAT_ID = "chatcmpl-overhead";
  const CHAT_BODY = { model: MODEL_ID, messages: [{ role: "user", content: "Was invoice 2024-0042 paid?" }] };
  const modelUrl = `${baseURL}/models/${MODEL_ID}`;
  const chatUrl = `${baseURL}/chat/completions`;
  // What the SDK sends with every call, for its bare fetch: the headers of
  // one call, seen by a fetch wrapper on a probe client, less the two it
  // works out per attempt (the retry count and the timeout), which are its
  // own work as the time-left header is sdkgen's.
  let seen = null;
  const probe = new OpenAI({
    apiKey: TOKEN,
    baseURL,
    fetch: (url, init) => {
      seen = new Headers(init.headers);
      return fetch(url, init);
    },
  });
  if ((await probe.models.retrieve(MODEL_ID)).id !== MODEL_ID) fail("the OpenAI probe call failed");
  const headers = {};
  for (const [k, v] of seen) {
    if (k !== "x-stainless-retry-count" && k !== "x-stainless-timeout") headers[k] = v;
  }
  // A POST's JSON body also gets its Content-Type, as the SDK gives it.
  const postHeaders = { ...headers, "content-type": "application/json" };
  const client = new OpenAI({ apiKey: TOKEN, baseURL });
  const expect = (got, want) => {
    if (got !== want) fail(`unexpected id ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
  };
  return {
    name,
    get: async () => expect((await client.models.retrieve(MODEL_ID)).id, MODEL_ID),
    bareget: async () => {
      const res = await fetch(modelUrl, { headers });
      if (res.status !== 200) fail(`bare models.retrieve: HTTP ${res.status}`);
      expect((await res.json()).id, MODEL_ID);
    },
    post: async () => expect((await client.chat.completions.create(CHAT_BODY)).id, CHAT_ID),
    barepost: async () => {
      const res = await fetch(chatUrl, { method: "POST", headers: postHeaders, body: JSON.stringify(CHAT_BODY) });
      if (res.status !== 200) fail(`bare chat.completions.create: HTTP ${res.status}`);
      expect((await res.json()).id, CHAT_ID);
    },
  };
}

await rows("getTransfer", "get", sdkGet, bareGet, signalGet, "models.retrieve");
await rows("createTransfer", "post", sdkCreate, bareCreate, signalCreate, "chat.completions.create");
