/** A time in seconds since the UNIX epoch as `YYYY-MM-DD HH:MM:SS UTC`; `—` for none. */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A `datetime-local` value (read as UTC) in seconds since the UNIX epoch, or undefined when it is not a time. */
export function parseUtcInput(value: string): number | undefined {
  const ms = Date.parse(`${value}Z`);
  return Number.isFinite(ms) ? ms / 1000 : undefined;
}
