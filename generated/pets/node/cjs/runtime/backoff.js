"use strict";
// The shared backoff arithmetic (runtime/conformance/README.md, "Arithmetic every
// runtime shares"). IEEE 754 doubles, evaluated in this order, so the same draws
// give the same sleeps in every language.

/** Longest Retry-After hint honoured; a longer one stops the retries. */
const MAX_RETRY_AFTER_MS = 60000;
/** Decorrelated jitter draws up to this many times the previous sleep. */
const DECORRELATED_MULTIPLIER = 3;

/**
 * Full jitter: floor(u * min(cap, base * 2^n)), n = 0 for the first retry.
 * @param {number} u draw in [0, 1)
 * @param {number} n retry index, 0 for the first retry
 * @param {number} baseMs
 * @param {number} capMs
 */
function fullJitter(u, n, baseMs, capMs) {
  return Math.floor(u * Math.min(capMs, baseMs * 2 ** n));
}

/**
 * Decorrelated jitter: min(cap, floor(base + u * (prev * 3 - base))), where prev is
 * the previous sleep taken in this call (base before the first).
 * @param {number} u draw in [0, 1)
 * @param {number} prevMs
 * @param {number} baseMs
 * @param {number} capMs
 */
function decorrelatedJitter(u, prevMs, baseMs, capMs) {
  return Math.min(
    capMs,
    Math.floor(baseMs + u * (prevMs * DECORRELATED_MULTIPLIER - baseMs)),
  );
}

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const LONG_DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";
// RFC 9110 section 5.6.7: IMF-fixdate, and the two obsolete forms a recipient must accept.
const IMF_FIXDATE = new RegExp(
  `^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`,
);
const RFC850 = new RegExp(
  `^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`,
);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

function utc(year, month, day, h, m, s) {
  const mi = MONTHS.indexOf(month);
  const d = Number(day);
  const [hh, mm, ss] = [Number(h), Number(m), Number(s)];
  if (d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60) return undefined;
  const t = Date.UTC(year, mi, d, hh, mm, ss);
  // Reject dates that roll over (31 Feb).
  if (new Date(t).getUTCDate() !== d) return undefined;
  return t;
}

/**
 * Parses an HTTP-date (IMF-fixdate, RFC 850 or asctime) into epoch milliseconds.
 * @param {string} value
 * @param {number} [wallNowMs] used to place a two-digit RFC 850 year
 * @returns {number | undefined}
 */
function parseHttpDate(value, wallNowMs = Date.now()) {
  const v = value.trim();
  let m = IMF_FIXDATE.exec(v);
  if (m) return utc(Number(m[3]), m[2], m[1], m[4], m[5], m[6]);
  m = RFC850.exec(v);
  if (m) {
    // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
    const nowYear = new Date(wallNowMs).getUTCFullYear();
    let year = Math.floor(nowYear / 100) * 100 + Number(m[3]);
    if (year > nowYear + 50) year -= 100;
    return utc(year, m[2], m[1], m[4], m[5], m[6]);
  }
  m = ASCTIME.exec(v);
  if (m) return utc(Number(m[6]), m[1], m[2].trim(), m[3], m[4], m[5]);
  return undefined;
}

const DIGITS = /^\d+$/;

function headerValue(headers, name) {
  if (headers == null) return null;
  if (typeof headers.get === "function") return headers.get(name);
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name)
      return Array.isArray(v) ? v.join(", ") : v == null ? null : String(v);
  }
  return null;
}

/**
 * The server's Retry-After hint in milliseconds: `retry-after-ms` (integer ms) first,
 * else `Retry-After` as integer seconds or an HTTP-date (date - wall-clock now, at
 * least 0). Undefined when neither header holds a usable value.
 * Only meaningful for 429 and 503; the caller decides that.
 * @param {Headers | Record<string, string | string[] | undefined>} headers
 * @param {number} [wallNowMs]
 * @returns {number | undefined}
 */
function parseRetryAfter(headers, wallNowMs = Date.now()) {
  const ms = headerValue(headers, "retry-after-ms");
  if (ms != null && DIGITS.test(ms.trim())) return Number(ms.trim());
  const ra = headerValue(headers, "retry-after");
  if (ra == null) return undefined;
  const v = ra.trim();
  if (DIGITS.test(v)) return Number(v) * 1000;
  const date = parseHttpDate(v, wallNowMs);
  if (date === undefined) return undefined;
  return Math.max(0, date - wallNowMs);
}

module.exports = {
  MAX_RETRY_AFTER_MS,
  DECORRELATED_MULTIPLIER,
  fullJitter,
  decorrelatedJitter,
  parseHttpDate,
  parseRetryAfter,
};
