/** The rows of the table list of docs/architecture.md#tables: their tables and owning folder (`src/.../`). */
export function documentedOwners(markdown: string): { tables: string[]; folder: string | undefined }[];
/** Messages for where the table list of docs/architecture.md#tables and the manifests' tables disagree. */
export function tableListProblems(markdown: string, owners: Record<string, string>): string[];
