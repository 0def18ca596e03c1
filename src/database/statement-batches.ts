import { context, ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import DataLoader from 'dataloader';

/** Most requests one batch serves: a larger batch waits for the next. */
export const MAX_BATCH = 16;

/** A request of a batch, with the trace context it was made in. */
interface Request<K> {
  readonly key: K;
  readonly trace: Context;
}

/**
 * Serves requests for one statement in batches, one batch at a time (a group
 * commit): a request made while no batch runs starts one at the end of the
 * current tick (with the others made in that tick); requests made while a
 * batch runs wait for it and go together in the next, at most
 * {@link MAX_BATCH} at once. Nothing waits on a timer: one request alone is
 * served at once, and the busier the caller, the larger the batches. Built on
 * DataLoader (no cache: every request is served by a statement).
 *
 * A batch of one request runs in that request's trace context (its statement
 * is in the caller's trace, docs/operations.md#tracing); a batch of several
 * runs outside any trace (it belongs to none of theirs).
 *
 * @param run serves a batch: one result per key, in order, or an `Error` for a key that failed; a rejection fails every
 *   request of the batch.
 * @returns the function a caller awaits for one key's result.
 */
export function statementBatches<K, V>(run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>): (key: K) => Promise<V> {
  let running = false;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<Request<K>, V>(
    async (requests) => {
      try {
        const trace = requests.length === 1 ? requests[0].trace : ROOT_CONTEXT;
        return await context.with(trace, () => run(requests.map((request) => request.key)));
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running = false;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        if (running) return void waiting.push(dispatch);
        running = true;
        process.nextTick(dispatch);
      },
    },
  );
  return (key) => loader.load({ key, trace: context.active() });
}

/**
 * `items` padded to the next power of two (at most {@link MAX_BATCH}) by
 * repeating the last: a batch's statement then has one of five texts (1, 2,
 * 4, 8 or 16 rows), each prepared once per connection.
 *
 * @throws RangeError for no items or more than {@link MAX_BATCH}.
 */
export function paddedBatch<T>(items: readonly T[]): T[] {
  if (items.length === 0 || items.length > MAX_BATCH) throw new RangeError(`a batch holds 1 to ${MAX_BATCH} items, not ${items.length}`);
  let size = 1;
  while (size < items.length) size *= 2;
  return Array.from({ length: size }, (_, index) => items[Math.min(index, items.length - 1)]);
}
