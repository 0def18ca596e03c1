/**
 * Small statistics over the rounds of a scenario: the median a target is
 * judged on, and the spread (min–max) that shows how far noise moves it.
 */

/** The median of `values` (numbers; `undefined` ones ignored), or `undefined` when none. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The `p`-th percentile (0..100, nearest rank) of `values`, or `undefined` when empty. */
export function percentile(values, p) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * One figure per scenario from its rounds: the median of each numeric field
 * in `fields`, errors summed, and the ratio's min and max.
 *
 * @param rounds one measurement per round (`measure()` results with `ratio`).
 */
export function summarize(rounds, fields) {
  const summary = {};
  for (const field of fields) summary[field] = median(rounds.map((round) => round[field]));
  summary.errors = rounds.reduce((sum, round) => sum + round.errors, 0);
  summary.ratioMin = Math.min(...rounds.map((round) => round.ratio));
  summary.ratioMax = Math.max(...rounds.map((round) => round.ratio));
  return summary;
}
