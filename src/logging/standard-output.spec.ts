import type { DestinationStream } from 'pino';
import { describe, expect, it } from 'vitest';

import { TurnBatchedOutput } from './standard-output.js';

/** A destination recording each write it gets. */
function recorder(): DestinationStream & { writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (data: string) => void writes.push(data) };
}

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatchedOutput (docs/decisions.md#log-lines-written-synchronously)', () => {
  it('writes the lines of one event-loop turn together, once, as the turn ends', async () => {
    const output = recorder();
    const lines = new TurnBatchedOutput(output);
    lines.write('{"a":1}\n');
    lines.write('{"b":2}\n');
    expect(output.writes).toEqual([]);
    await endOfTurn();
    expect(output.writes).toEqual(['{"a":1}\n{"b":2}\n']);
    lines.write('{"c":3}\n');
    await endOfTurn();
    expect(output.writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes what is pending at once when asked (before a signal ends the process), and nothing twice', async () => {
    const output = recorder();
    const lines = new TurnBatchedOutput(output);
    lines.write('{"last":true}\n');
    lines.writePending();
    expect(output.writes).toEqual(['{"last":true}\n']);
    await endOfTurn();
    lines.writePending();
    expect(output.writes).toEqual(['{"last":true}\n']);
  });
});
