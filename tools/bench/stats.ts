/** The arithmetic of the interleaved runs: medians, ranges, ratios and percentiles. Pure, unit-tested. */

export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return NaN;
  const s = [...finite].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export interface Range {
  min: number;
  max: number;
}

export function range(values: readonly number[]): Range {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { min: NaN, max: NaN };
  return { min: Math.min(...finite), max: Math.max(...finite) };
}

/** a ÷ b, NaN when either side is missing or b is zero (a ratio against nothing is no figure). */
export function ratio(a: number, b: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return NaN;
  return a / b;
}

/** Nearest-rank percentile (p in 0–100) of raw samples, e.g. propagation latencies. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1];
}

/** Summary of one figure over the rounds. */
export interface Summary extends Range {
  median: number;
  n: number;
}

export function summarise(values: readonly number[]): Summary {
  return { median: median(values), ...range(values), n: values.filter((v) => Number.isFinite(v)).length };
}
