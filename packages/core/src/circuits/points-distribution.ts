/** Summary of how points are spread over competitors (circuit analytics). */
export interface PointsDistribution {
  /** Number of values summarized. */
  count: number;
  min: number;
  /** First quartile. */
  p25: number;
  median: number;
  /** Third quartile. */
  p75: number;
  max: number;
  /** Arithmetic mean, rounded to hundredths. */
  mean: number;
}

/** Quantile `q` (0..1) of sorted values by linear interpolation between closest ranks (the usual "type 7"). */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] as number;
  const b = sorted[high] as number;
  return Math.round((a + (b - a) * (at - low)) * 100) / 100;
}

/**
 * Min, quartiles, median (interpolated, rounded to hundredths), max and mean of point totals; null for no values.
 * E.g. [10, 20, 30, 40] -> min 10, p25 17.5, median 25, p75 32.5, max 40, mean 25.
 */
export function summarizePoints(values: readonly number[]): PointsDistribution | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, v) => sum + Math.round(v * 100), 0);
  return {
    count: sorted.length,
    min: sorted[0] as number,
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    max: sorted[sorted.length - 1] as number,
    mean: Math.round(total / sorted.length) / 100,
  };
}
