/** Milliseconds per unit of the duration syntax of docs/api.md#operating (`30d`, `5s,5m`). */
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** A unit letter accepted by {@link parseDuration}. */
export type DurationUnit = keyof typeof UNIT_MS;

/**
 * Parses one duration such as `30d` or `250ms` into milliseconds.
 *
 * @param text a positive integer followed by one of `units` (docs/api.md#operating).
 * @returns the duration in milliseconds, or `undefined` when `text` is not a
 *   duration in those units.
 */
export function parseDuration(text: string, units: readonly DurationUnit[]): number | undefined {
  const match = /^(\d{1,9})(ms|s|m|h|d|w)$/.exec(text.trim());
  if (!match || !units.includes(match[2] as DurationUnit)) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as DurationUnit];
}

/**
 * Parses a comma-separated list of durations (`5s,5m,30m`) into milliseconds.
 *
 * @returns the delays in order, or `undefined` if any entry is invalid or the
 *   list is empty.
 */
export function parseDurationList(text: string, units: readonly DurationUnit[]): number[] | undefined {
  const parts = text.split(',').map((part) => parseDuration(part, units));
  if (parts.length === 0 || parts.some((part) => part === undefined)) return undefined;
  return parts as number[];
}
