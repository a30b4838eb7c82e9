"use strict";
// Time and randomness, injectable so tests are exact and fast.

/**
 * Sleeps `ms` milliseconds with a real timer; rejects with the signal's reason
 * when the signal aborts first.
 * @param {number} ms
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
function realSleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The default clock: monotonic milliseconds (performance.now()) and real timers.
 * @type {{now(): number, sleep(ms: number, signal?: AbortSignal): Promise<void>}}
 */
const systemClock = Object.freeze({
  now: () => performance.now(),
  sleep: realSleep,
});

/** The default random source: uniform draws in [0, 1). */
const systemRandom = () => Math.random();

module.exports = {
  realSleep,
  systemClock,
  systemRandom,
};
