// The SDK generated from tests_generated/node/fixtures/shapes.yaml (by
// scripts/test-generated-node, which sets SDKGEN_NODE_FIXTURES): array, text
// and merge-patch bodies, cookies, delimited queries, OAuth 2, an operation
// without security, and 2xx answers of different shapes.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast, scripted } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

async function client(server) {
  const url = pathToFileURL(join(fixtures ?? "", "shapes/node/index.js"));
  const { Shapes } = await import(url.href);
  return new Shapes({
    baseUrl: server.url,
    bearerToken: "oauth-token",
    ...fast,
  });
}

test(
  "2xx answers of different shapes convert by status",
  { skip },
  async () => {
    const server = await scripted([
      {
        status: 201,
        json: { batch_id: 9, created_at: "2024-05-14T09:30:00Z" },
      },
      { status: 200, json: { batch_id: 8, items: [{ item_id: "a" }] } },
    ]);
    try {
      const c = await client(server);
      const params = {
        body: [{ itemId: "a", weightKg: null, tags: { k_1: "v" } }],
        xTraceId: "trace-1",
        session: "s 1",
      };
      const created = await c.batches.createBatch(params, {
        idempotencyKey: "batch-1",
      });
      assert.deepEqual(created, {
        batchId: 9,
        createdAt: "2024-05-14T09:30:00Z",
      });
      const existing = await c.batches.createBatch(params);
      assert.deepEqual(existing, { batchId: 8, items: [{ itemId: "a" }] });
      const r = server.requests[0];
      assert.equal(r.headers["x-request-key"], "batch-1");
      assert.equal(r.headers["x-trace-id"], "trace-1");
      assert.equal(r.headers.cookie, "session=s%201");
      assert.equal(r.headers.authorization, "Bearer oauth-token");
      assert.deepEqual(JSON.parse(r.body.toString()), [
        { item_id: "a", weight_kg: null, tags: { k_1: "v" } },
      ]);
    } finally {
      await server.close();
    }
  },
);

test(
  "merge-patch bodies, delimited queries and a map response",
  { skip },
  async () => {
    const server = await scripted([
      { status: 200, json: { first: { item_id: "x", weight_kg: 2 } } },
    ]);
    try {
      const c = await client(server);
      const items = await c.batches.patchBatch(5, {
        ids: [1, 2],
        names: ["a", "c"],
        body: { radiusMm: 3 },
      });
      const r = server.requests[0];
      assert.equal(r.method, "PATCH");
      assert.equal(r.url, "/batches/5?ids=1|2&names=a%20c");
      assert.equal(r.headers["content-type"], "application/merge-patch+json");
      assert.deepEqual(JSON.parse(r.body.toString()), { radius_mm: 3 });
      assert.deepEqual(items, { first: { itemId: "x", weightKg: 2 } });
    } finally {
      await server.close();
    }
  },
);

test(
  "a text body, and an operation that declares no security",
  { skip },
  async () => {
    const server = await scripted([
      { status: 200, body: "saved", headers: { "content-type": "text/plain" } },
    ]);
    try {
      const c = await client(server);
      assert.equal(await c.notes.putNote({ body: "hello" }), "saved");
      const r = server.requests[0];
      assert.equal(r.method, "PUT");
      assert.equal(r.headers["content-type"], "text/plain");
      assert.equal(r.body.toString(), "hello");
      assert.equal(r.headers.authorization, undefined);
    } finally {
      await server.close();
    }
  },
);
