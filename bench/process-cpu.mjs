/**
 * CPU time of a process from /proc (Linux), to report CPU per request: a
 * figure that moves less than throughput when other work shares the machine.
 */
import { readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds `pid` has used so far; `undefined` without /proc or pid. */
export async function cpuMillis(pid) {
  if (!pid) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
