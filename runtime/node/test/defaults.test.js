// The runtime's built-in defaults against the project's one table of them,
// runtime/defaults.json, which the generator reads too: a default changed in
// one place and not the other fails here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { DEFAULTS, ATTEMPT_TIMEOUT_P99_MULTIPLIER } from "../src/runtime.js";
import { DECORRELATED_MULTIPLIER, MAX_RETRY_AFTER_MS } from "../src/backoff.js";
import {
  DEFAULT_BUDGET_CAPACITY,
  NO_RETRY_REFUND,
  RETRY_COST,
  THROTTLING_RETRY_COST,
} from "../src/budget.js";
import { DEFAULT_REQUEST_TIMEOUT_HEADER } from "../src/deadline.js";
import { DEFAULT_KEY_HEADER, DEFAULT_KEY_MAX_LENGTH } from "../src/keys.js";
import { REQUEST_ID_HEADERS } from "../src/errors.js";
import {
  DEFAULT_FAILURES,
  DEFAULT_IN_FLIGHT_CODE,
  DEFAULT_MISMATCH_CODE,
  INTERNAL_SERVER_ERROR_RETRIES,
} from "../src/policy.js";

const table = JSON.parse(
  readFileSync(new URL("../../defaults.json", import.meta.url), "utf8"),
);

test("client defaults: retries, attempts, jitter, backoff, deadline, p99", () => {
  assert.equal(DEFAULTS.retries, table.retries);
  assert.equal(DEFAULTS.maxAttempts, table.max_attempts);
  assert.equal(DEFAULTS.jitter, table.jitter);
  assert.equal(DEFAULTS.baseMs, table.base_ms);
  assert.equal(DEFAULTS.capMs, table.cap_ms);
  assert.equal(DEFAULTS.timeout, table.deadline_ms);
  assert.equal(DEFAULTS.requestTimeoutHeader, table.request_timeout_header);
  assert.equal(DEFAULT_REQUEST_TIMEOUT_HEADER, table.request_timeout_header);
  assert.equal(
    ATTEMPT_TIMEOUT_P99_MULTIPLIER,
    table.attempt_timeout_p99_multiplier,
  );
  assert.equal(DECORRELATED_MULTIPLIER, table.decorrelated_multiplier);
});

test("retry budget, Retry-After and the 500 rule", () => {
  assert.equal(DEFAULTS.budgetCapacity, table.budget.capacity);
  assert.equal(DEFAULTS.maxResponseBytes, table.max_response_bytes);
  assert.equal(DEFAULTS.streamIdleTimeout, table.stream_idle_timeout_ms);
  assert.equal(DEFAULT_BUDGET_CAPACITY, table.budget.capacity);
  assert.equal(THROTTLING_RETRY_COST, table.budget.throttle_cost);
  assert.equal(RETRY_COST, table.budget.retry_cost);
  assert.equal(NO_RETRY_REFUND, table.budget.success_refund);
  assert.equal(MAX_RETRY_AFTER_MS, table.max_retry_after_ms);
  assert.equal(
    INTERNAL_SERVER_ERROR_RETRIES,
    table.internal_server_error_retries,
  );
});

test("idempotency key defaults", () => {
  assert.equal(DEFAULT_KEY_HEADER, table.key.header);
  assert.equal(DEFAULT_KEY_MAX_LENGTH, table.key.max_length);
  assert.equal(DEFAULT_IN_FLIGHT_CODE, table.key.in_flight_code);
  assert.equal(DEFAULT_MISMATCH_CODE, table.key.mismatch_code);
  assert.equal(DEFAULT_FAILURES, table.key.failures);
});

test("the request id headers", () => {
  assert.deepEqual([...REQUEST_ID_HEADERS], table.request_id_headers);
});
