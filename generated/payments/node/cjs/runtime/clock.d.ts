/** Time source of a Runtime; inject one to make tests exact and fast. */
export interface Clock {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
  /** Waits `ms`; rejects (with the signal's reason) if `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Uniform draws in [0, 1). */
export type RandomSource = () => number;

export declare function realSleep(
  ms: number,
  signal?: AbortSignal,
): Promise<void>;
export declare const systemClock: Clock;
export declare const systemRandom: RandomSource;
