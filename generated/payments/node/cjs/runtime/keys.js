"use strict";
// Idempotency keys (contract section 5). Keys come from the Web Crypto API,
// which every runtime with fetch has (Node 20+, Deno, Bun, edge workers), so
// the runtime imports no `node:` module.
const { InvalidIdempotencyKeyError } = require("./errors.js");

const DEFAULT_KEY_HEADER = "Idempotency-Key";
const DEFAULT_KEY_MAX_LENGTH = 255;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Checks a caller's key before anything is sent: 1 to maxLength characters,
 * visible ASCII only (0x21-0x7E). Throws InvalidIdempotencyKeyError otherwise.
 * @param {unknown} key
 * @param {number} [maxLength]
 * @returns {string} the key
 */
function validateIdempotencyKey(key, maxLength = DEFAULT_KEY_MAX_LENGTH) {
  if (typeof key !== "string") {
    throw new InvalidIdempotencyKeyError(
      `idempotency key must be a string, got ${typeof key}`,
    );
  }
  if (key.length === 0) {
    throw new InvalidIdempotencyKeyError("idempotency key must not be empty");
  }
  if (key.length > maxLength) {
    throw new InvalidIdempotencyKeyError(
      `idempotency key is ${key.length} characters long; the maximum is ${maxLength}`,
    );
  }
  if (!VISIBLE_ASCII.test(key)) {
    throw new InvalidIdempotencyKeyError(
      "idempotency key must contain visible ASCII characters only (0x21-0x7E, no spaces or control characters)",
    );
  }
  return key;
}

/**
 * A fresh UUID v4 (lower-case, hyphenated). The runtime makes one per logical
 * call, before the first attempt, and reuses it for every retry of that call.
 * @returns {string}
 */
function newIdempotencyKey() {
  return globalThis.crypto.randomUUID();
}

module.exports = {
  DEFAULT_KEY_HEADER,
  DEFAULT_KEY_MAX_LENGTH,
  validateIdempotencyKey,
  newIdempotencyKey,
};
