import { test } from "node:test";
import assert from "node:assert/strict";
import {
  deadlineFromHeaders,
  DEFAULT_REQUEST_TIMEOUT_HEADER,
} from "../src/index.js";

test("an incoming Request-Timeout-Ms becomes an absolute deadline", () => {
  const now = 1_700_000_000_000;
  assert.equal(DEFAULT_REQUEST_TIMEOUT_HEADER, "Request-Timeout-Ms");
  assert.equal(
    deadlineFromHeaders({ "request-timeout-ms": "1500" }, undefined, now),
    now + 1500,
  );
  assert.equal(
    deadlineFromHeaders({ "Request-Timeout-Ms": "0" }, undefined, now),
    now,
  );
  assert.equal(
    deadlineFromHeaders(
      new Headers({ "Request-Timeout-Ms": "250" }),
      undefined,
      now,
    ),
    now + 250,
  );
  assert.equal(
    deadlineFromHeaders(
      new Map([["request-timeout-ms", "10"]]),
      undefined,
      now,
    ),
    now + 10,
  );
  assert.equal(
    deadlineFromHeaders({ "x-deadline": "99" }, "X-Deadline", now),
    now + 99,
  );
  // sent twice: the smaller wins
  assert.equal(
    deadlineFromHeaders(
      { "request-timeout-ms": ["900", "300"] },
      undefined,
      now,
    ),
    now + 300,
  );
  assert.equal(
    deadlineFromHeaders(
      new Headers([
        ["request-timeout-ms", "900"],
        ["request-timeout-ms", "300"],
      ]),
      undefined,
      now,
    ),
    now + 300,
  );
});

test("absent or invalid headers give undefined", () => {
  assert.equal(deadlineFromHeaders({}), undefined);
  assert.equal(deadlineFromHeaders({ "request-timeout-ms": "" }), undefined);
  assert.equal(deadlineFromHeaders({ "request-timeout-ms": "-5" }), undefined);
  assert.equal(deadlineFromHeaders({ "request-timeout-ms": "1.5" }), undefined);
  assert.equal(
    deadlineFromHeaders({ "request-timeout-ms": "soon" }),
    undefined,
  );
  assert.equal(
    deadlineFromHeaders({ "request-timeout-ms": "99999999999999999999" }),
    undefined,
  );
  assert.equal(
    deadlineFromHeaders({ "request-timeout-ms": undefined }),
    undefined,
  );
});

test("the default clock: the deadline is wall-clock now plus the header", () => {
  const before = Date.now();
  const d = deadlineFromHeaders({ "request-timeout-ms": "1000" });
  assert.ok(d >= before + 1000 && d <= Date.now() + 1000);
});
