// The generated Payments SDK (generated/payments/node) against a local server.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  IdempotencyMismatchError,
  InvalidIdempotencyKeyError,
  NotFoundError,
  Payments,
  ResponseParseError,
  ServerError,
  TransferStatus,
} from "../../generated/payments/node/index.js";
import { fast, scripted } from "./server.js";

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

const unavailable = { status: 503, json: { code: "unavailable" } };

function client(server, options = {}) {
  return new Payments({
    baseUrl: `${server.url}/v2`,
    bearerToken: "sk_test_1",
    ...fast,
    ...options,
  });
}

test("a keyed create retried after 503, 503 sends one key three times", async () => {
  const server = await scripted([
    unavailable,
    unavailable,
    { status: 201, json: transfer },
  ]);
  try {
    const res = await client(server)
      .transfers.createTransfer({
        amount: 1200,
        currency: "eur",
        vendorId: "v_9",
        metadata: { order_id: "8812" },
      })
      .withResponse();
    assert.equal(server.requests.length, 3);
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    assert.match(keys[0], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    assert.deepEqual(keys, [keys[0], keys[0], keys[0]]);
    assert.equal(res.idempotencyKey, keys[0]);
    assert.equal(res.attempts, 3);
    assert.equal(res.status, 201);
    // The body went out with wire names, and came back with SDK names.
    for (const r of server.requests) {
      assert.equal(r.method, "POST");
      assert.equal(r.path, "/v2/transfers");
      assert.equal(r.headers.authorization, "Bearer sk_test_1");
      assert.deepEqual(JSON.parse(r.body.toString()), {
        amount: 1200,
        currency: "eur",
        vendor_id: "v_9",
        metadata: { order_id: "8812" },
      });
    }
    assert.equal(res.data.vendorId, "v_9");
    assert.equal(res.data.status, TransferStatus.Paid);
    assert.equal("vendor_id" in res.data, false);
    // Map keys are data: they keep their spelling.
    assert.deepEqual(res.data.metadata, { order_id: "8812" });
  } finally {
    await server.close();
  }
});

test("the caller's key is sent, and a bad one is refused before sending", async () => {
  const server = await scripted([{ status: 201, json: transfer }]);
  try {
    const c = client(server);
    const params = { amount: 1, currency: "eur", vendorId: "v_9" };
    await c.transfers.createTransfer(params, { idempotencyKey: "payout-42" });
    assert.equal(server.requests[0].headers["idempotency-key"], "payout-42");
    await assert.rejects(
      c.transfers.createTransfer(params, { idempotencyKey: "has space" }),
      (err) => err instanceof InvalidIdempotencyKeyError && err.attempts === 0,
    );
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test("a path parameter ../x stays one percent-encoded segment", async () => {
  const server = await scripted([{ status: 200, json: transfer }]);
  try {
    await client(server).transfers.getTransfer("../x");
    assert.equal(server.requests[0].url, "/v2/transfers/..%2Fx");
  } finally {
    await server.close();
  }
});

// runtime/CONTRACT.md section 6: a success body of the wrong shape is a
// decode error, never retried, with what a report to the API's owner needs.
async function decodeError(answer, call) {
  const server = await scripted([answer, { status: 200, json: transfer }]);
  try {
    let caught;
    await assert.rejects(call(client(server)), (err) => {
      caught = err;
      return err instanceof ResponseParseError;
    });
    assert.equal(caught.kind, "decode");
    assert.equal(caught.stopReason, "none");
    assert.equal(server.requests.length, 1, "a decode error is not retried");
    return caught;
  } finally {
    await server.close();
  }
}

const subscription = {
  id: "sub_1",
  object: "subscription",
  customer_id: "cus_1",
  plan: "plan_pro",
  status: "active",
  payment_method: {
    type: "card",
    brand: "visa",
    last4: "4242",
    exp_month: 12,
    exp_year: 2030,
  },
  current_period_end: "2024-06-01T00:00:00Z",
  canceled_at: null,
};

test("a success body of the wrong shape is a decode error with its status, body and request id", async () => {
  // Every field of the documented Transfer, each of the wrong type.
  const wrong = {
    id: 1,
    object: 2,
    amount: "twelve",
    currency: false,
    vendor_id: [],
    status: {},
    created: 3,
    metadata: "m",
  };
  const err = await decodeError(
    { status: 200, json: wrong, headers: { "x-request-id": "req_7" } },
    (c) => c.transfers.getTransfer("tr_1"),
  );
  assert.equal(err.status, 200);
  assert.equal(err.requestId, "req_7");
  assert.equal(err.attempts, 1);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(err.body)), wrong);
  assert.equal(err.headers.get("x-request-id"), "req_7");
  assert.equal(err.location, "id");
  assert.equal(
    err.message,
    "getTransfer: the response body does not have the documented shape: id: expected a string, got an integer (request id req_7)",
  );
});

test("a missing required property is a decode error naming it", async () => {
  const { amount, ...noAmount } = transfer;
  assert.equal(amount, 1200);
  const err = await decodeError({ status: 201, json: noAmount }, (c) =>
    c.transfers.createTransfer({ amount: 1, currency: "eur", vendorId: "v" }),
  );
  assert.equal(err.status, 201);
  assert.equal(err.location, "");
  assert.match(err.message, /the body: missing the required property "amount"/);
});

test("a wrong type inside an array item is named by its path, in a page too", async () => {
  const items = [transfer, transfer, transfer, { ...transfer, amount: 12.5 }];
  const err = await decodeError(
    { status: 200, json: { object: "list", data: items, has_more: false } },
    (c) => c.transfers.listTransfers().firstPage(),
  );
  assert.equal(err.location, "data[3].amount");
  assert.match(
    err.message,
    /data\[3\]\.amount: expected an integer, got a number/,
  );
  const bad = { ...transfer, created: "yesterday" };
  const again = await decodeError(
    {
      status: 200,
      json: { object: "list", data: [transfer, bad], has_more: false },
    },
    async (c) => {
      for await (const item of c.transfers.listTransfers()) assert.ok(item.id);
    },
  );
  assert.equal(again.location, "data[1].created");
  assert.match(again.message, /expected an RFC 3339 date-time string/);
});

test("null where the schema does not allow it is a decode error; where it does, it reads", async () => {
  const err = await decodeError(
    { status: 200, json: { ...transfer, currency: null } },
    (c) => c.transfers.getTransfer("tr_1"),
  );
  assert.equal(err.location, "currency");
  assert.match(err.message, /expected a string, got null/);
  // description is nullable; metadata of a refund is optional.
  const server = await scripted([
    { status: 200, json: { ...transfer, description: null } },
  ]);
  try {
    const t = await client(server).transfers.getTransfer("tr_1");
    assert.equal(t.description, null);
  } finally {
    await server.close();
  }
});

test("a property the spec does not name and an enum value it does not list are passed on", async () => {
  const newer = {
    ...transfer,
    status: "held_for_review",
    risk: { score: 12, checks: ["velocity"] },
  };
  const server = await scripted([{ status: 200, json: newer }]);
  try {
    const t = await client(server).transfers.getTransfer("tr_1");
    assert.equal(t.status, "held_for_review");
    assert.deepEqual(t.risk, { score: 12, checks: ["velocity"] });
    assert.equal(t.vendorId, "v_9");
  } finally {
    await server.close();
  }
});

test("a discriminated union: the variant its tag names must fit; an unknown tag is passed on", async () => {
  const wrongVariant = {
    ...subscription,
    payment_method: { type: "card", bank_name: "B", country: "DE", last4: "1" },
  };
  const err = await decodeError({ status: 200, json: wrongVariant }, (c) =>
    c.subscriptions.cancelSubscription("sub_1"),
  );
  assert.equal(err.location, "payment_method");
  assert.match(err.message, /missing the required property "brand"/);
  const typo = {
    ...subscription,
    payment_method: { ...subscription.payment_method, exp_month: "12" },
  };
  const typed = await decodeError({ status: 200, json: typo }, (c) =>
    c.subscriptions.cancelSubscription("sub_1"),
  );
  assert.equal(typed.location, "payment_method.exp_month");
  // A variant this SDK does not know yet: as it came.
  const wallet = { type: "wallet", provider: "pay_x" };
  const server = await scripted([
    { status: 200, json: { ...subscription, payment_method: wallet } },
  ]);
  try {
    const sub = await client(server).subscriptions.cancelSubscription("sub_1");
    assert.deepEqual(sub.paymentMethod, wallet);
  } finally {
    await server.close();
  }
});

test("an error status throws the typed error with the server's code", async () => {
  const server = await scripted([
    { status: 404, json: { code: "not_found", message: "No such transfer." } },
  ]);
  try {
    await assert.rejects(
      client(server).transfers.getTransfer("tr_404"),
      (err) => {
        assert.ok(err instanceof NotFoundError);
        assert.equal(err.status, 404);
        assert.equal(err.code, "not_found");
        assert.equal(err.serverMessage, "No such transfer.");
        assert.equal(err.attempts, 1);
        assert.equal(err.stopReason, "not_retryable");
        return true;
      },
    );
  } finally {
    await server.close();
  }
});

test("the payload-mismatch 409 is its own error and is not retried", async () => {
  const server = await scripted([
    {
      status: 409,
      json: { code: "invalid_idempotent_request", message: "Other body." },
    },
  ]);
  try {
    await assert.rejects(
      client(server).refunds.createRefund("tr_1", { amount: 5 }),
      (err) => err instanceof IdempotencyMismatchError && err.attempts === 1,
    );
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0].path, "/v2/transfers/tr_1/refunds");
  } finally {
    await server.close();
  }
});

test("an operation that is not safe to retry is not retried after a 503", async () => {
  const server = await scripted([unavailable, { status: 200, json: {} }]);
  try {
    await assert.rejects(
      client(server).vendors.updateVendor("acme", { name: "Acme" }),
      (err) =>
        err instanceof ServerError &&
        err.attempts === 1 &&
        err.stopReason === "unsafe_to_retry",
    );
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test("retries off makes one attempt; the spec's own attempt cap applies", async () => {
  const server = await scripted([unavailable]);
  try {
    await assert.rejects(
      client(server).transfers.getTransfer("tr_1", { retries: false }),
      (err) => err instanceof ServerError && err.attempts === 1,
    );
    assert.equal(server.requests.length, 1);
    // createSubscription has x-retries max-attempts 4.
    await assert.rejects(
      client(server).subscriptions.createSubscription({
        customer: { email: "a@example.com" },
        plan: "plan_pro",
        paymentMethodToken: "tok_visa",
      }),
      (err) => err instanceof ServerError && err.attempts === 4,
    );
    const sent = JSON.parse(server.requests[1].body.toString());
    assert.equal(sent.payment_method_token, "tok_visa");
  } finally {
    await server.close();
  }
});

test("deepObject and form query parameters", async () => {
  const server = await scripted([
    {
      status: 200,
      json: { object: "list", data: [transfer], has_more: false },
    },
  ]);
  try {
    const page = await client(server).transfers.listTransfers({
      limit: 5,
      startingAfter: "tr_0",
      created: { gte: "2024-05-01T00:00:00Z", lte: "2024-05-31T23:59:59Z" },
    });
    const q = server.requests[0].query;
    assert.equal(q.get("limit"), "5");
    assert.equal(q.get("starting_after"), "tr_0");
    assert.equal(q.get("created[gte]"), "2024-05-01T00:00:00Z");
    assert.equal(q.get("created[lte]"), "2024-05-31T23:59:59Z");
    assert.equal(page.hasNextPage(), false);
    assert.equal(page.items[0].vendorId, "v_9");
  } finally {
    await server.close();
  }
});

test("a discriminated union converts its variant's names", async () => {
  const server = await scripted([{ status: 200, json: subscription }]);
  try {
    const sub = await client(server).subscriptions.cancelSubscription("sub_1");
    assert.equal(server.requests[0].method, "DELETE");
    assert.equal(sub.customerId, "cus_1");
    assert.equal(sub.canceledAt, null);
    assert.deepEqual(sub.paymentMethod, {
      type: "card",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
    });
  } finally {
    await server.close();
  }
});

test("PAYMENTS_LOG sets the level of the retry logs", async () => {
  const server = await scripted([unavailable, { status: 200, json: transfer }]);
  const lines = [];
  const logger = {
    debug: (message) => lines.push(["debug", message]),
    info: (message, fields) => lines.push(["info", message, fields]),
  };
  process.env.PAYMENTS_LOG = "debug";
  try {
    await client(server, { logger }).transfers.getTransfer("tr_1");
    const info = lines.filter(([level]) => level === "info");
    assert.equal(info.length, 1);
    assert.match(
      info[0][1],
      /^getTransfer: attempt 1 of 3 failed with status 503/,
    );
    assert.equal(info[0][2].tokensLeft, 486);
    // An injected logger logs from info up; debug lines prove the variable.
    assert.ok(lines.some(([level]) => level === "debug"));
    assert.ok(!JSON.stringify(lines).includes("sk_test_1"));
  } finally {
    delete process.env.PAYMENTS_LOG;
    await server.close();
  }
});

test("the request id reaches withResponse() and API errors", async () => {
  const server = await scripted([
    { status: 201, json: transfer, headers: { "x-request-id": "req_created" } },
    {
      status: 404,
      json: { error: { message: "gone" } },
      headers: { "request-id": "req_404" },
    },
  ]);
  try {
    const c = client(server);
    const res = await c.transfers
      .createTransfer({ amount: 1200, currency: "eur", vendorId: "v_9" })
      .withResponse();
    assert.equal(res.requestId, "req_created");
    await assert.rejects(c.transfers.getTransfer("tr_1"), (err) => {
      assert.ok(err instanceof NotFoundError);
      assert.equal(err.requestId, "req_404");
      assert.match(err.message, /request id: req_404/);
      return true;
    });
  } finally {
    await server.close();
  }
});
