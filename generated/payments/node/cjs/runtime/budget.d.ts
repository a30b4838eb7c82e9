export declare const DEFAULT_BUDGET_CAPACITY: number;
/** 5: a throttling retry (429, in-flight 409). */
export declare const THROTTLING_RETRY_COST: number;
/** 14: any other retry. */
export declare const RETRY_COST: number;
/** 1: added on success by a call that did not retry. */
export declare const NO_RETRY_REFUND: number;

/** The retry budget of one client instance. */
export declare class TokenBucket {
  constructor(capacity?: number, initial?: number);
  readonly capacity: number;
  readonly level: number;
  /** Test hook: set the level directly (clamped to [0, capacity]). */
  setLevel(level: number): void;
  /** Takes `cost` tokens if available; false (nothing taken) otherwise. */
  tryTake(cost: number): boolean;
  /** Gives tokens back, never above capacity. */
  refund(amount: number): void;
}
