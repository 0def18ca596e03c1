/**
 * `error.type` of a failure (OpenTelemetry's conventions): a string `code`
 * of the error (`ECONNREFUSED`, `ER_LOCK_DEADLOCK`), else its class unless
 * that is the plain `Error`; `undefined` when it has neither.
 */
export function errorType(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code;
  const name = error instanceof Error ? error.constructor.name || error.name : undefined;
  return name && name !== 'Error' ? name : undefined;
}
