import { test } from "node:test";
import assert from "node:assert/strict";
import {
  TokenBucket,
  THROTTLING_RETRY_COST,
  RETRY_COST,
  NO_RETRY_REFUND,
  DEFAULT_BUDGET_CAPACITY,
} from "../src/index.js";

test("contract numbers", () => {
  assert.equal(DEFAULT_BUDGET_CAPACITY, 500);
  assert.equal(THROTTLING_RETRY_COST, 5);
  assert.equal(RETRY_COST, 14);
  assert.equal(NO_RETRY_REFUND, 1);
});

test("starts full, takes costs, refuses what it cannot pay without taking anything", () => {
  const b = new TokenBucket();
  assert.equal(b.capacity, 500);
  assert.equal(b.level, 500);
  assert.ok(b.tryTake(14));
  assert.equal(b.level, 486);
  b.setLevel(13);
  assert.equal(b.tryTake(14), false);
  assert.equal(b.level, 13);
  assert.ok(b.tryTake(5));
  assert.equal(b.level, 8);
  b.setLevel(5);
  assert.ok(b.tryTake(5));
  assert.equal(b.level, 0);
  assert.equal(b.tryTake(5), false);
});

test("refunds never go above capacity", () => {
  const b = new TokenBucket(20, 19);
  b.refund(1);
  assert.equal(b.level, 20);
  b.refund(1);
  assert.equal(b.level, 20);
  assert.ok(b.tryTake(14));
  b.refund(14);
  assert.equal(b.level, 20);
});

test("setLevel clamps to [0, capacity]; bad input is refused", () => {
  const b = new TokenBucket(100);
  b.setLevel(1000);
  assert.equal(b.level, 100);
  b.setLevel(-3);
  assert.equal(b.level, 0);
  assert.throws(() => b.setLevel(Number.NaN), RangeError);
  assert.throws(() => new TokenBucket(-1), RangeError);
  assert.equal(new TokenBucket(100, 10).level, 10);
});
