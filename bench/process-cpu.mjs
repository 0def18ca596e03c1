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

/**
 * Waits until `pid` is idle (under `threshold` of one core over a 1 s
 * window), at most `timeoutSeconds`: after a bulk load MariaDB goes on
 * purging and flushing pages for a while, which would slow whatever is
 * measured first.
 *
 * @returns seconds waited, or `undefined` without /proc.
 */
export async function waitUntilIdle(pid, { threshold = 0.05, timeoutSeconds = 120 } = {}) {
  const started = Date.now();
  let before = await cpuMillis(pid);
  if (before === undefined) return undefined;
  while (Date.now() - started < timeoutSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await cpuMillis(pid);
    if (after === undefined) return undefined;
    if (after - before < threshold * 1000) break;
    before = after;
  }
  return Math.round((Date.now() - started) / 1000);
}
