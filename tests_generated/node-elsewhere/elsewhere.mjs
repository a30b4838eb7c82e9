// One generated Node SDK (the payments example) driven against a real
// `sdkgen mock`, with web APIs only, so that the same file runs under Node,
// Deno and Bun: `RUNTIME elsewhere.mjs SDK_INDEX_URL BASE_URL`. Prints one
// line per check and exits non-zero when one fails.

const args = globalThis.Deno ? globalThis.Deno.args : globalThis.process.argv.slice(2);
const [sdkUrl, base] = args;
const { Payments, APITimeoutError, DeadlineExceededError } = await import(sdkUrl);

let failed = 0;
function check(name, ok, detail = "") {
  if (!ok) failed += 1;
  console.log(`${ok ? "ok" : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
}

async function control(method, path, body) {
  const res = await fetch(`${base}/__sdkgen/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

const client = new Payments({ bearerToken: "sk_test_elsewhere", baseUrl: `${base}/v2` });
const order = { amount: 1250, currency: "usd", vendorId: "v_elsewhere" };

// A 503 on the first attempt: the retry carries the same key, and the
// server executes the transfer once.
await control("POST", "reset");
await control("POST", "faults", ["status=503,op=createTransfer,first=1"]);
const { data, attempts, idempotencyKey } = await client.transfers
  .createTransfer(order)
  .withResponse();
const stats = await control("GET", "stats");
check("the keyed POST is retried after a 503", attempts === 2, `attempts ${attempts}`);
check(
  "the key is a UUID v4 from the Web Crypto API",
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(idempotencyKey),
  String(idempotencyKey),
);
check(
  "the server executed the transfer once",
  stats.side_effects.createTransfer === 1 && stats.requests === 2,
  JSON.stringify(stats.side_effects.createTransfer),
);
check("the response is decoded into the model", data.amount === 1250 && data.vendorId === "v_elsewhere");

// A slow server: the call's deadline (AbortSignal and timers) ends it. The
// client sends no Request-Timeout-Ms, so the mock cannot refuse the request
// up front and the SDK's own clock has to stop it.
await control("POST", "faults", ["latency=2s,op=getTransfer"]);
const silent = new Payments({
  bearerToken: "sk_test_elsewhere",
  baseUrl: `${base}/v2`,
  requestTimeoutHeader: null,
});
const started = Date.now();
let error;
try {
  await silent.transfers.getTransfer(data.id, { timeout: 300 });
} catch (err) {
  error = err;
}
const took = Date.now() - started;
check(
  "the deadline ends a slow call",
  (error instanceof APITimeoutError || error instanceof DeadlineExceededError) &&
    took < 2000,
  `${error?.constructor?.name} after ${took} ms: ${error?.message}`,
);
await control("DELETE", "faults");

console.log(failed === 0 ? "all checks passed" : `${failed} check(s) failed`);
if (failed !== 0) {
  if (globalThis.Deno) globalThis.Deno.exit(1);
  else globalThis.process.exit(1);
}
