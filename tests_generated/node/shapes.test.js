// The SDK generated from tests_generated/node/fixtures/shapes.yaml (by
// scripts/test-generated-node, which sets SDKGEN_NODE_FIXTURES): array, text
// and merge-patch bodies, cookies, delimited queries, OAuth 2, an operation
// without security, 2xx answers of different shapes, and a path item with a
// server of its own whose body offers multipart before a form.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { fast, scripted } from "./server.js";

const fixtures = process.env.SDKGEN_NODE_FIXTURES;
const skip = fixtures ? false : "SDKGEN_NODE_FIXTURES is not set";

async function load() {
  const url = pathToFileURL(join(fixtures ?? "", "shapes/node/index.js"));
  return import(url.href);
}

async function client(server, options = {}) {
  const { Shapes } = await load();
  return new Shapes({
    baseUrl: server.url,
    accessToken: "oauth-token",
    ...fast,
    ...options,
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
      assert.equal(r.url, "/batches/5?ids=1%7C2&names=a%20c");
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

test(
  "a path item's own server, redirected by serverUrls; the form is sent, not multipart",
  { skip },
  async () => {
    const root = await scripted([]);
    const upload = await scripted([{ status: 204 }]);
    try {
      const c = await client(root, {
        serverUrls: { "https://upload.shapes.example.com": upload.url },
      });
      await c.uploads.putUpload({ fileName: "a b.txt" });
      assert.equal(root.requests.length, 0);
      const r = upload.requests[0];
      assert.equal(r.method, "PUT");
      assert.equal(r.path, "/uploads");
      assert.equal(
        r.headers["content-type"],
        "application/x-www-form-urlencoded",
      );
      assert.equal(r.body.toString(), "file_name=a%20b.txt");
    } finally {
      await root.close();
      await upload.close();
    }
  },
);

test(
  "a 409 with the in-flight code on an operation without a key is a plain conflict, not retried",
  { skip },
  async () => {
    const { ConflictError, IdempotencyInFlightError } = await load();
    const server = await scripted([
      {
        status: 409,
        json: { code: "concurrent_idempotent_requests", message: "busy" },
      },
      { status: 200, json: [] },
    ]);
    try {
      const c = await client(server);
      await assert.rejects(c.notes.listNotes(), (err) => {
        assert.ok(err instanceof ConflictError);
        assert.ok(!(err instanceof IdempotencyInFlightError));
        assert.equal(err.stopReason, "not_retryable");
        assert.equal(err.attempts, 1);
        return true;
      });
      assert.equal(server.requests.length, 1);
    } finally {
      await server.close();
    }
  },
);
