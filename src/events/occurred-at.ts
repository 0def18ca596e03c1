/**
 * The `occurred_at` of an event body (docs/api.md#events): `seconds` since the
 * UNIX epoch as RFC 3339 UTC with milliseconds (`2026-11-29T07:05:55.123Z`).
 */
export function occurredAt(seconds: number): string {
  return new Date(Math.floor(seconds * 1000)).toISOString();
}
