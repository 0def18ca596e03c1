/** Messages for the folders directly under src/ that are in no layer (or in two), and for listed folders that do not exist. */
export function layerProblems(folders: string[], layers: Record<string, string[]>): string[];
/** The rows of the table list of docs/architecture.md#tables: their tables and owning folder (`src/.../`). */
export function documentedOwners(markdown: string): { tables: string[]; folder: string | undefined }[];
/** Messages for where the table list of docs/architecture.md#tables and TABLE_OWNERS disagree. */
export function tableListProblems(markdown: string, owners: Record<string, string>): string[];
