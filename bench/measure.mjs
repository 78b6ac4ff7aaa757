/**
 * Timing helpers shared by the benchmark runner and the peer worker: `measure` runs a (possibly async)
 * function repeatedly and returns the median wall time in milliseconds.
 */

/** Median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Median ms of `fn` over repeated runs. The first run decides: over `slowMs` it is the only sample (a
 * peer taking seconds is run once); otherwise warm-up runs follow (up to 30, or `warmupMs` spent) so the
 * JIT has compiled the code, then samples until `maxRuns`, or until `minRuns` are done and `budgetMs` of
 * samples have been spent.
 */
export async function measure(fn, { minRuns = 5, maxRuns = 101, budgetMs = 2000, slowMs = 2000, warmupMs = 500 } = {}) {
  const t0 = performance.now();
  await fn();
  const first = performance.now() - t0;
  if (first > slowMs) return { medianMs: first, runs: 1 };
  for (let i = 0; i < 30 && performance.now() - t0 < warmupMs; i++) await fn();
  const times = [];
  let spent = 0;
  while (times.length < maxRuns && (times.length < minRuns || spent < budgetMs)) {
    const start = performance.now();
    await fn();
    const ms = performance.now() - start;
    times.push(ms);
    spent += ms;
  }
  return { medianMs: median(times), runs: times.length };
}
