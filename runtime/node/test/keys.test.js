import { test } from "node:test";
import assert from "node:assert/strict";
import {
  validateIdempotencyKey,
  newIdempotencyKey,
  InvalidIdempotencyKeyError,
  SDKError,
} from "../src/index.js";

test("valid keys: 1..255 visible ASCII characters", () => {
  assert.equal(validateIdempotencyKey("a"), "a");
  assert.equal(
    validateIdempotencyKey("order-42:attempt/1"),
    "order-42:attempt/1",
  );
  assert.equal(validateIdempotencyKey("x".repeat(255)), "x".repeat(255));
  assert.equal(validateIdempotencyKey("!~"), "!~");
  assert.equal(validateIdempotencyKey("x".repeat(16), 16), "x".repeat(16));
});

test("invalid keys raise InvalidIdempotencyKeyError (stopReason none, 0 attempts)", () => {
  const bad = [
    "",
    "x".repeat(256),
    "clé-42",
    "a b",
    "a\tb",
    "a\x7fb",
    "a\nb",
    "😀",
  ];
  for (const key of bad) {
    assert.throws(
      () => validateIdempotencyKey(key),
      (err) =>
        err instanceof InvalidIdempotencyKeyError &&
        err instanceof SDKError &&
        err.kind === "invalid_idempotency_key" &&
        err.stopReason === "none" &&
        err.attempts === 0,
      JSON.stringify(key),
    );
  }
  assert.throws(
    () => validateIdempotencyKey("x".repeat(17), 16),
    InvalidIdempotencyKeyError,
  );
  assert.throws(() => validateIdempotencyKey(42), InvalidIdempotencyKeyError);
});

test("generated keys are fresh lower-case UUID v4", () => {
  const a = newIdempotencyKey();
  const b = newIdempotencyKey();
  assert.match(
    a,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  assert.notEqual(a, b);
  assert.equal(validateIdempotencyKey(a), a);
});
