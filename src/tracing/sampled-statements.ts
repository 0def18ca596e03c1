import { context, trace, TraceFlags } from '@opentelemetry/api';
import type { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';

/** A query function of mysql2's `Connection` (`query`, `execute`), as the instrumentation wraps it. */
type QueryFunction = (this: unknown, ...args: unknown[]) => unknown;

/** What ends a statement's span in the instrumentation: the callback's error (or none) and results. */
type EndSpan = (error: unknown, results?: unknown) => void;

/**
 * The mysql2 instrumentation's own steps (version 0.69): `_patchQuery` makes the traced
 * `query`/`execute` from mysql2's, `_patchCallbackQuery` the callback that ends a span.
 */
interface QueryPatcher {
  _patchQuery(format: unknown, isPrepared: boolean): (original: QueryFunction) => QueryFunction;
  _patchCallbackQuery(endSpan: EndSpan): (callback: QueryFunction) => QueryFunction;
}

/** The error of the statement whose span is being ended, while it is (see {@link failedStatementError}). */
let endingWith: unknown;

/** Whether the active span is sampled: its statements are recorded, the others' cost nothing. */
export function inSampledSpan(): boolean {
  return ((trace.getSpanContext(context.active())?.traceFlags ?? TraceFlags.NONE) & TraceFlags.SAMPLED) !== 0;
}

/**
 * The error of the statement whose span the instrumentation is ending, read while it
 * sets the span's status (the instrumentation hands the span only the message):
 * `undefined` otherwise.
 */
export function failedStatementError(): unknown {
  return endingWith;
}

/**
 * Makes `instrumentation` (mysql2's) skip its work for a statement outside a
 * sampled span (docs/operations.md#tracing): mysql2's own `query` and `execute`
 * run, with no masking of the text, no span, no wrapped callback, so a request
 * that sampling left out costs what it costs without tracing; and lets the
 * span of a failed statement learn its error ({@link failedStatementError}).
 * Call before mysql2 is loaded (the instrumentation patches it then).
 */
export function sampledStatementsOnly(instrumentation: MySQL2Instrumentation): void {
  const patcher = instrumentation as unknown as QueryPatcher;
  const patchQuery = patcher._patchQuery.bind(patcher);
  const patchCallback = patcher._patchCallbackQuery.bind(patcher);
  patcher._patchQuery = (format, isPrepared) => (original) => {
    const traced = patchQuery(format, isPrepared)(original);
    return function query(this: unknown, ...args: unknown[]): unknown {
      return inSampledSpan() ? traced.apply(this, args) : original.apply(this, args);
    };
  };
  patcher._patchCallbackQuery = (endSpan) =>
    patchCallback((error, results) => {
      endingWith = error;
      try {
        endSpan(error, results);
      } finally {
        endingWith = undefined;
      }
    });
}
