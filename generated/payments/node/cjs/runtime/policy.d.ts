import type { StopReason } from "./errors.js";
import type { RandomSource } from "./clock.js";
import type { TokenBucket } from "./budget.js";

export type RetryClass = "safe" | "idempotent" | "keyed" | "unsafe";

export declare const DEFAULT_IN_FLIGHT_CODE: string;
export declare const DEFAULT_MISMATCH_CODE: string;
/** 'reattempt': a server's stored-failure policy unless the descriptor says otherwise. */
export declare const DEFAULT_FAILURES: "replay" | "reattempt";
/** 1: how many 500s one logical call may retry. */
export declare const INTERNAL_SERVER_ERROR_RETRIES: number;
export declare const CLEAN_CONNECTION_CODES: ReadonlySet<string>;
export declare const AMBIGUOUS_CONNECTION_CODES: ReadonlySet<string>;

/** An HTTP response that is not a success. */
export interface ResponseOutcome {
  type: "response";
  status: number;
  statusText?: string;
  headers: Headers;
  body: unknown;
  code: string | undefined;
  message: string | undefined;
  inFlight: boolean;
  mismatch: boolean;
}

export interface ConnectionOutcome {
  type: "connection";
  code: string | undefined;
  /** True when the request provably was not sent (refused, DNS, TLS handshake). */
  clean: boolean;
  /** On the allowlist (refused, reset, DNS, TLS handshake, a body cut mid-read). */
  retryable: boolean;
  cause: unknown;
  byDeadline?: boolean;
}

export interface TimeoutOutcome {
  type: "timeout";
  cause: unknown;
  /** True when the call's deadline (not 3 x p99) bounded the attempt. */
  byDeadline?: boolean;
}

export interface AbortedOutcome {
  type: "aborted";
  reason: unknown;
  cause: unknown;
  byDeadline?: boolean;
}

export type FailureOutcome =
  ConnectionOutcome | TimeoutOutcome | AbortedOutcome;
export type Outcome = ResponseOutcome | FailureOutcome;

export interface DecisionState {
  retryClass: RetryClass;
  failures: "replay" | "reattempt";
  /** 500 responses seen earlier in this call. */
  prior500s: number;
  /** Attempts made so far, this one included. */
  attempts: number;
  maxAttempts: number;
  retries: boolean;
  /** Retries already taken in this call (n of full jitter). */
  retriesSoFar: number;
  now: number;
  deadline: number;
  /** Wall-clock epoch ms, for HTTP-date Retry-After. */
  wallNow: number;
  jitter: "full" | "decorrelated";
  baseMs: number;
  capMs: number;
  /** Previous sleep taken in this call; baseMs before the first. */
  prevSleepMs: number;
  random: RandomSource;
  bucket: TokenBucket;
}

export type Decision =
  | { retry: false; stopReason: StopReason }
  | { retry: true; sleepMs: number; cost: number; fromHint: boolean };

/** The decision order for a failed attempt (allowlist, ambiguity, attempts, sleep/deadline, budget). */
export declare function decide(
  outcome: Outcome,
  state: DecisionState,
): Decision;

export declare function isTlsHandshakeCode(code: string | undefined): boolean;
export declare function findErrorCode(err: unknown): string | undefined;
export declare function classifyFailure(
  err: unknown,
  ctx?: {
    callerSignal?: AbortSignal;
    timeoutSignal?: AbortSignal;
    duringBody?: boolean;
  },
): FailureOutcome;
export declare function errorDetails(body: unknown): {
  code: string | undefined;
  message: string | undefined;
};
export declare function describeOutcome(outcome: {
  type: string;
  status?: number;
  code?: string;
}): string;
