/** The timestamp of a new migration: `now`, or one past the newest of `files` (names of src/database/migrations/). */
export function nextTimestamp(files: string[], now: number): number;
/** The file name and text of a new migration class `<name><timestamp>`. */
export function migrationFile(name: string, timestamp: number): { file: string; text: string };
/** The text of src/database/migrations/index.ts with the class imported and appended to MIGRATIONS. */
export function registerMigration(index: string, className: string, file: string): string;
