// The generated Accounts SDK (generated/audit/node) against a local server:
// a key taken from a declared header parameter, an inline response type and
// an operation marked x-idempotent: false.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Accounts, ServerError } from "../../generated/audit/node/index.js";
import { fast, scripted } from "./server.js";

function client(server) {
  return new Accounts({
    baseUrl: `${server.url}/api/v1`,
    bearerToken: () => "tok-1",
    ...fast,
  });
}

const account = {
  id: "acc_1",
  email: "ada@example.com",
  name: "Ada",
  credits: 3,
  created_at: "2024-05-14T09:30:00Z",
  limits: { daily: 100, monthly: 1000 },
};

test("a create whose spec declares the key header is keyed", async () => {
  const server = await scripted([
    { status: 500, json: { error: "boom" } },
    { status: 201, json: account },
  ]);
  try {
    const created = await client(server).accounts.createAccount(
      { email: "ada@example.com", name: "Ada" },
      { idempotencyKey: "signup-ada" },
    );
    assert.equal(server.requests.length, 2);
    for (const r of server.requests) {
      assert.equal(r.headers["idempotency-key"], "signup-ada");
      assert.equal(r.headers.authorization, "Bearer tok-1");
    }
    assert.equal(created.createdAt, "2024-05-14T09:30:00Z");
    assert.deepEqual(created.limits, { daily: 100, monthly: 1000 });
  } finally {
    await server.close();
  }
});

test("query names convert; the paginated list's items convert", async () => {
  const server = await scripted([
    { status: 200, json: { accounts: [account], total: 1 } },
  ]);
  try {
    const page = await client(server).accounts.listAccounts({
      page: 2,
      perPage: 50,
    });
    assert.equal(server.requests[0].query.get("per_page"), "50");
    assert.equal(server.requests[0].query.get("page"), "2");
    assert.equal(page.response.body.total, 1);
    assert.equal(page.items[0].createdAt, "2024-05-14T09:30:00Z");
    assert.equal(page.items.length, 1);
  } finally {
    await server.close();
  }
});

test("a PATCH marked x-idempotent: false is not retried after a 503", async () => {
  const server = await scripted([{ status: 503, json: { error: "busy" } }]);
  try {
    await assert.rejects(
      client(server).billing.updateAccountLimits("acc_1", { dailyDelta: 500 }),
      (err) =>
        err instanceof ServerError && err.stopReason === "unsafe_to_retry",
    );
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].method, "PATCH");
    assert.deepEqual(JSON.parse(server.requests[0].body.toString()), {
      daily_delta: 500,
    });
  } finally {
    await server.close();
  }
});
