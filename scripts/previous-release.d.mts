/** Where the migrations live, relative to the repository's root. */
export const MIGRATIONS_DIR: string;
/** The newest migration among `files` (names in src/database/migrations/). */
export function latestMigration(files: string[]): string;
/** The newest migration of the checkout at `root`, the commit that added it, and that commit's parent. */
export function previousRelease(root: string): { migration: string; added: string; previous: string };
