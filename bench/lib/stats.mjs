/** Small statistics for a handful of samples: medians, because rounds on a shared 2-core
 * machine have outliers (another process wakes up) that would drag a mean. */

/** The median of `values` (the mean of the middle two for an even count). */
export function median(/** @type {number[]} */ values) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** (max − min) / median: how much the rounds disagree, to judge a ratio's noise. */
export function spread(/** @type {number[]} */ values) {
  if (values.length < 2) return 0;
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

/** `value` rounded to `digits` significant digits, for tables and JSON. */
export function round(/** @type {number} */ value, digits = 3) {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(digits));
}
