import { test } from "node:test";
import assert from "node:assert/strict";
import {
  fullJitter,
  decorrelatedJitter,
  parseRetryAfter,
  parseHttpDate,
  MAX_RETRY_AFTER_MS,
} from "../src/index.js";

test("full jitter: floor(u * min(cap, base * 2^n))", () => {
  assert.equal(fullJitter(0.5, 0, 500, 20000), 250);
  assert.equal(fullJitter(0.75, 1, 500, 20000), 750);
  assert.equal(fullJitter(0.999, 2, 500, 20000), 1998);
  assert.equal(fullJitter(0, 5, 500, 20000), 0);
  // cap: base * 2^n = 32000 > 20000
  assert.equal(fullJitter(0.5, 6, 500, 20000), 10000);
  assert.equal(fullJitter(0.5, 2, 8000, 20000), 10000);
  // IEEE: 0.57 * 100 = 56.99999999999999, floored to 56 in every language
  assert.equal(fullJitter(0.57, 0, 100, 20000), 56);
});

test("decorrelated jitter: min(cap, floor(base + u * (prev * 3 - base)))", () => {
  assert.equal(decorrelatedJitter(0.5, 500, 500, 20000), 1000);
  assert.equal(decorrelatedJitter(0.25, 1000, 500, 20000), 1125);
  assert.equal(decorrelatedJitter(0, 1000, 500, 20000), 500);
  assert.equal(decorrelatedJitter(0.5, 500, 500, 1200), 1000);
  assert.equal(decorrelatedJitter(0.9, 1000, 500, 1200), 1200);
});

test("Retry-After: retry-after-ms first, then seconds, then HTTP date", () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);
  assert.equal(
    parseRetryAfter(new Headers({ "retry-after-ms": "1500" }), now),
    1500,
  );
  assert.equal(
    parseRetryAfter(
      new Headers({ "retry-after-ms": "1500", "retry-after": "9" }),
      now,
    ),
    1500,
  );
  assert.equal(parseRetryAfter(new Headers({ "retry-after": "2" }), now), 2000);
  assert.equal(parseRetryAfter(new Headers({ "retry-after": " 0 " }), now), 0);
  assert.equal(
    parseRetryAfter(
      new Headers({ "retry-after": "Mon, 01 Jan 2024 12:00:03 GMT" }),
      now,
    ),
    3000,
  );
  // a date in the past gives 0
  assert.equal(
    parseRetryAfter(
      new Headers({ "retry-after": "Mon, 01 Jan 2024 11:00:00 GMT" }),
      now,
    ),
    0,
  );
  // plain objects (Node's IncomingMessage.headers) work too, names case-insensitive
  assert.equal(parseRetryAfter({ "Retry-After": "7" }, now), 7000);
  assert.equal(parseRetryAfter({ "retry-after-ms": ["250"] }, now), 250);
});

test("Retry-After: unusable values are ignored", () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);
  assert.equal(parseRetryAfter(new Headers(), now), undefined);
  assert.equal(
    parseRetryAfter(new Headers({ "retry-after": "-1" }), now),
    undefined,
  );
  assert.equal(
    parseRetryAfter(new Headers({ "retry-after": "1.5" }), now),
    undefined,
  );
  assert.equal(
    parseRetryAfter(new Headers({ "retry-after": "soon" }), now),
    undefined,
  );
  assert.equal(
    parseRetryAfter(
      new Headers({ "retry-after": "2024-01-01T12:00:03Z" }),
      now,
    ),
    undefined,
  );
  // an unusable retry-after-ms falls through to Retry-After
  assert.equal(
    parseRetryAfter(
      new Headers({ "retry-after-ms": "x", "retry-after": "1" }),
      now,
    ),
    1000,
  );
  assert.equal(MAX_RETRY_AFTER_MS, 60000);
});

test("HTTP dates: IMF-fixdate, RFC 850 and asctime, all UTC", () => {
  const t = Date.UTC(1994, 10, 6, 8, 49, 37);
  assert.equal(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT"), t);
  assert.equal(
    parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT", Date.UTC(2024, 0, 1)),
    t,
  );
  assert.equal(parseHttpDate("Sun Nov  6 08:49:37 1994"), t);
  assert.equal(parseHttpDate(new Date(t).toUTCString()), t);
  assert.equal(parseHttpDate("Sun, 31 Feb 1994 08:49:37 GMT"), undefined);
  assert.equal(parseHttpDate("Sun, 06 Nov 1994 08:49:37 PST"), undefined);
  assert.equal(parseHttpDate("yesterday"), undefined);
});
