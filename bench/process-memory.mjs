/**
 * Resident memory of a process from /proc (Linux): the API's and the
 * worker's RSS after each scenario, and over repeated read runs (a leak
 * shows as RSS climbing run after run).
 */
import { readFile } from 'node:fs/promises';

/** Resident set size of `pid` in MiB; `undefined` without /proc or pid. */
export async function rssMiB(pid) {
  if (!pid) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A figure may end at most this factor above where it started over the repeats, or this many MiB, and still be flat. */
const GROWTH_FACTOR = 1.1;
const GROWTH_SLACK_MIB = 5;

/**
 * Verdict on a memory figure (the live heap) after each of several identical
 * runs: `flat` when the last is within 10 % (or 5 MiB) of the first, else
 * `growing`.
 */
export function growthVerdict(values) {
  const [first, last] = [values[0], values.at(-1)];
  if (first === undefined || last === undefined) return 'unknown';
  return last <= Math.max(first * GROWTH_FACTOR, first + GROWTH_SLACK_MIB) ? 'flat' : 'growing';
}
