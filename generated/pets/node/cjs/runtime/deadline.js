"use strict";
// Deadline propagation (contract section 5).

const DEFAULT_REQUEST_TIMEOUT_HEADER = "Request-Timeout-Ms";

function lookup(headers, name) {
  const want = name.toLowerCase();
  if (headers == null) return undefined;
  if (typeof Headers !== "undefined" && headers instanceof Headers) {
    return headers.get(want) ?? undefined;
  }
  const entries =
    typeof headers.entries === "function"
      ? headers.entries()
      : Object.entries(headers);
  for (const [k, v] of entries) {
    if (String(k).toLowerCase() !== want || v == null) continue;
    return Array.isArray(v) ? v.join(",") : String(v);
  }
  return undefined;
}

/**
 * Turns an incoming relative-timeout header (as sent by an sdkgen SDK:
 * `Request-Timeout-Ms: <ms>`) into an absolute deadline in epoch milliseconds,
 * for the calls a server makes while handling that request:
 *
 *   const deadline = deadlineFromHeaders(req.headers);
 *   await client.orders.get(id, { deadline });
 *
 * Accepts a fetch Headers, a Map, or a plain object such as Node's
 * IncomingMessage.headers (names matched case-insensitively). Returns undefined
 * when the header is absent or not a non-negative integer. When it was sent more
 * than once, the smallest value wins.
 * @param {Headers | Map<string, string | string[]> | Record<string, string | string[] | undefined>} headers
 * @param {string} [name]
 * @param {number} [nowMs] wall-clock now, epoch ms
 * @returns {number | undefined}
 */
function deadlineFromHeaders(
  headers,
  name = "request-timeout-ms",
  nowMs = Date.now(),
) {
  const raw = lookup(headers, name);
  if (raw === undefined) return undefined;
  let best;
  for (const part of raw.split(",")) {
    const v = part.trim();
    if (!/^\d+$/.test(v)) return undefined;
    const ms = Number(v);
    if (!Number.isSafeInteger(ms)) return undefined;
    best = best === undefined ? ms : Math.min(best, ms);
  }
  return best === undefined ? undefined : nowMs + best;
}

module.exports = {
  DEFAULT_REQUEST_TIMEOUT_HEADER,
  deadlineFromHeaders,
};
