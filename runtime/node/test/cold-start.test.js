// A call's relative deadline starts when the call is made, the first call of
// a fresh process included: whatever the runtime does before its first
// attempt (load Node's lazy fetch globals, call a token provider) is spent
// from the deadline, and the Request-Timeout-Ms header says only what is left.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const script = fileURLToPath(
  new URL("../fixtures/cold-call.mjs", import.meta.url),
);

async function coldCall(timeoutMs, providerMs) {
  const { stdout } = await run(
    process.execPath,
    [script, String(timeoutMs), String(providerMs)],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1));
}

function assertDeadlineError(out) {
  assert.equal(out.name, "DeadlineExceededError", JSON.stringify(out));
  assert.equal(out.kind, "timeout");
  assert.equal(out.stopReason, "deadline_exceeded");
  assert.equal(out.attempts, 1);
}

test("the first call of a fresh process: the header is within the deadline, which ends the call", async () => {
  const out = await coldCall(1000, 0);
  assert.equal(typeof out.header, "number", JSON.stringify(out));
  assert.ok(out.header <= 1000, JSON.stringify(out));
  assertDeadlineError(out);
});

test("time spent before the first attempt comes off the deadline and the header", async () => {
  // The provider returns only once 400 ms of the call's 1000 have passed, so
  // the header, computed after it, can say at most 600.
  const out = await coldCall(1000, 400);
  assert.equal(typeof out.header, "number", JSON.stringify(out));
  assert.ok(out.header <= 600, JSON.stringify(out));
  assertDeadlineError(out);
});
