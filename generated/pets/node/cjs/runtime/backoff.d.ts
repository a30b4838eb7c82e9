/** Longest Retry-After hint honoured (60000 ms); a longer one stops the retries. */
export declare const MAX_RETRY_AFTER_MS: number;
/** 3: decorrelated jitter draws up to this many times the previous sleep. */
export declare const DECORRELATED_MULTIPLIER: number;

/** floor(u * min(capMs, baseMs * 2^n)), n = 0 for the first retry. */
export declare function fullJitter(
  u: number,
  n: number,
  baseMs: number,
  capMs: number,
): number;

/** min(capMs, floor(baseMs + u * (prevMs * 3 - baseMs))). */
export declare function decorrelatedJitter(
  u: number,
  prevMs: number,
  baseMs: number,
  capMs: number,
): number;

/** An HTTP-date (IMF-fixdate, RFC 850 or asctime) as epoch ms, or undefined. */
export declare function parseHttpDate(
  value: string,
  wallNowMs?: number,
): number | undefined;

export type HeaderSource =
  Headers | Record<string, string | string[] | undefined>;

/**
 * The Retry-After hint in ms: `retry-after-ms`, else `Retry-After` seconds or
 * HTTP-date (minus wall-clock now, at least 0); undefined when absent or unusable.
 */
export declare function parseRetryAfter(
  headers: HeaderSource,
  wallNowMs?: number,
): number | undefined;
