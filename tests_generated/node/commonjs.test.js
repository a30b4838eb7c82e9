// The payments SDK as its users load it, from CommonJS and from ES modules
// (scripts/test-generated-node packs generated/payments/node, installs the
// tarball into $SDKGEN_NODE_APPS/app-payments and sets the variable). Each
// consumer is its own node process, resolving "payments" through the
// package's exports map and making real calls against a scripted server on
// 127.0.0.1:
//   - require() on this Node.js, which can require ES modules: it gets the
//     ES modules (the "module-sync" condition), the very namespace import()
//     gets, so the two share one copy of the client and its error classes;
//   - require() with require(esm) turned off, as on Node.js 20.0 to 20.18:
//     it gets the CommonJS build in cjs/, with the same export names;
//   - import: the ES modules, as before the CommonJS build existed.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

import { scripted } from "./server.js";

const apps = process.env.SDKGEN_NODE_APPS;
const skip = apps ? false : "SDKGEN_NODE_APPS is not set";
const app = apps ? join(apps, "app-payments") : "";

const transfer = {
  id: "tr_1",
  object: "transfer",
  amount: 1200,
  currency: "eur",
  vendor_id: "v_9",
  status: "paid",
  created: "2024-05-14T09:30:00Z",
  description: null,
  metadata: { order_id: "8812" },
};

// The calls every consumer makes, on `sdk` (the package as it loaded it) and
// `other` (the package loaded the other way); it prints what it saw.
const calls = `
async function run(sdk, other, resolved) {
  const { APIError, NotFoundError, Payments, TransferStatus } = sdk;
  const client = new Payments({
    baseUrl: process.env.PAYMENTS_TEST_URL,
    bearerToken: "sk_test_1",
    baseMs: 1,
    capMs: 5,
  });
  const res = await client.transfers
    .createTransfer({ amount: 1200, currency: "eur", vendorId: "v_9" })
    .withResponse();
  let missing;
  try {
    await client.transfers.getTransfer("tr_404");
  } catch (err) {
    missing = err;
  }
  const names = (m) => JSON.stringify(Object.keys(m).sort());
  console.log(
    JSON.stringify({
      resolved,
      requireModule: process.features.require_module === true,
      status: res.status,
      attempts: res.attempts,
      key: res.idempotencyKey,
      vendorId: res.data.vendorId,
      paid: res.data.status === TransferStatus.Paid,
      notFound: missing instanceof NotFoundError && missing instanceof APIError,
      missingStatus: missing && missing.status,
      sameNames: names(sdk) === names(other),
      exports: Object.keys(sdk).length,
      oneCopy: sdk.APIError === other.APIError,
    }),
  );
}
`;

const programs = {
  "consumer.cjs": `"use strict";
const sdk = require("payments");
${calls}
import("payments")
  .then((other) => run(sdk, other, require.resolve("payments")))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
`,
  "consumer.mjs": `import { createRequire } from "node:module";
import * as sdk from "payments";
${calls}
const require = createRequire(import.meta.url);
await run(sdk, require("payments"), import.meta.resolve("payments"));
`,
};

/** Runs `program` in the app with `flags`; what it printed. */
async function consume(program, flags, server) {
  await writeFile(join(app, program), programs[program]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...flags, program],
    {
      cwd: app,
      env: { ...process.env, PAYMENTS_TEST_URL: `${server.url}/v2` },
    },
  );
  return JSON.parse(stdout.trim().split("\n").pop());
}

async function against(program, flags) {
  // A 503 first: the create is retried with the same key.
  const server = await scripted([
    { status: 503, json: { code: "unavailable" } },
    { status: 201, json: transfer },
    { status: 404, json: { code: "not_found", message: "no such transfer" } },
  ]);
  try {
    const seen = await consume(program, flags, server);
    assert.equal(server.requests.length, 3);
    const [first, second, lookup] = server.requests;
    for (const r of [first, second]) {
      assert.equal(r.method, "POST");
      assert.equal(r.path, "/v2/transfers");
      assert.equal(r.headers.authorization, "Bearer sk_test_1");
      assert.deepEqual(JSON.parse(r.body.toString()), {
        amount: 1200,
        currency: "eur",
        vendor_id: "v_9",
      });
    }
    assert.match(first.headers["idempotency-key"], /^[0-9a-f-]{36}$/);
    assert.equal(
      second.headers["idempotency-key"],
      first.headers["idempotency-key"],
    );
    assert.equal(lookup.path, "/v2/transfers/tr_404");
    assert.equal(seen.status, 201);
    assert.equal(seen.attempts, 2);
    assert.equal(seen.key, first.headers["idempotency-key"]);
    assert.equal(seen.vendorId, "v_9");
    assert.equal(seen.paid, true);
    assert.equal(seen.notFound, true);
    assert.equal(seen.missingStatus, 404);
    assert.equal(seen.sameNames, true);
    assert.ok(seen.exports > 30, `${seen.exports} exports`);
    return seen;
  } finally {
    await server.close();
  }
}

test(
  "require() on a Node.js with require(esm) gets the ES modules, one copy with import",
  { skip },
  async () => {
    const seen = await against("consumer.cjs", []);
    assert.equal(seen.requireModule, true);
    assert.match(
      seen.resolved,
      /[/\\]node_modules[/\\]payments[/\\]index\.js$/,
    );
    assert.equal(seen.oneCopy, true);
  },
);

test(
  "require() without require(esm), as on Node.js 20.0 to 20.18, gets the CommonJS build",
  { skip },
  async () => {
    const seen = await against("consumer.cjs", [
      "--no-experimental-require-module",
    ]);
    assert.equal(seen.requireModule, false);
    assert.match(
      seen.resolved,
      /[/\\]node_modules[/\\]payments[/\\]cjs[/\\]index\.js$/,
    );
    // Two copies here: the price of a CommonJS build where Node.js cannot
    // require ES modules.
    assert.equal(seen.oneCopy, false);
  },
);

test("import gets the ES modules", { skip }, async () => {
  const seen = await against("consumer.mjs", []);
  assert.match(seen.resolved, /[/\\]node_modules[/\\]payments[/\\]index\.js$/);
  assert.equal(seen.oneCopy, true);
});
