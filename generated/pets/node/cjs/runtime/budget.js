"use strict";
// The retry budget: a token bucket per client instance (contract section 2).
// Shared by all calls of one Runtime. JavaScript runs one task at a time, and no
// method here awaits, so take/refund are atomic with respect to concurrent calls.

const DEFAULT_BUDGET_CAPACITY = 500;
/** Cost of a throttling retry (429, in-flight 409). */
const THROTTLING_RETRY_COST = 5;
/** Cost of any other retry. */
const RETRY_COST = 14;
/** Added on success by a call that did not retry. */
const NO_RETRY_REFUND = 1;

class TokenBucket {
  #capacity;
  #level;

  /**
   * @param {number} [capacity]
   * @param {number} [initial] starting level, the capacity by default
   */
  constructor(capacity = DEFAULT_BUDGET_CAPACITY, initial = capacity) {
    if (!Number.isFinite(capacity) || capacity < 0) {
      throw new RangeError(
        `budget capacity must be a finite number >= 0, got ${capacity}`,
      );
    }
    this.#capacity = capacity;
    this.#level = 0;
    this.setLevel(initial);
  }

  get capacity() {
    return this.#capacity;
  }

  get level() {
    return this.#level;
  }

  /**
   * Test hook: set the level directly (clamped to [0, capacity]).
   * @param {number} level
   */
  setLevel(level) {
    if (!Number.isFinite(level))
      throw new RangeError(`budget level must be finite, got ${level}`);
    this.#level = Math.min(this.#capacity, Math.max(0, level));
  }

  /**
   * Takes `cost` tokens if the bucket holds at least that many.
   * @param {number} cost
   * @returns {boolean} false (and nothing taken) when the bucket holds less than cost
   */
  tryTake(cost) {
    if (this.#level < cost) return false;
    this.#level -= cost;
    return true;
  }

  /**
   * Gives tokens back, never above capacity.
   * @param {number} amount
   */
  refund(amount) {
    this.#level = Math.min(this.#capacity, this.#level + amount);
  }
}

module.exports = {
  DEFAULT_BUDGET_CAPACITY,
  THROTTLING_RETRY_COST,
  RETRY_COST,
  NO_RETRY_REFUND,
  TokenBucket,
};
