/** A folder's manifest, `src/<folder>/feature.ts`, as scripts/features.cjs reads it (docs/architecture.md#feature-manifests). */
export interface Manifest {
  folder: string;
  layer: 'root' | 'feature' | 'read-model' | 'common' | 'infrastructure';
  /** Each table it owns → where in the folder ('' for the whole folder). */
  tables: Record<string, string>;
  /** Each table triggers keep → how the tests reset it. */
  keptByTriggers: Record<string, { keep?: string; zero?: string; mysqlOnly?: boolean }>;
  /** The features it may import (features only). */
  imports: string[];
  /** Whether its SQL may name every table: 'read' (then only `upkeep` is written) or 'write'. */
  everyTable?: 'read' | 'write';
  upkeep: string[];
}
/** The layers, lowest last. */
export const LAYERS: Manifest['layer'][];
/** Every manifest under `root`/src and what is wrong with them. */
export function readManifests(root?: string): { manifests: Manifest[]; problems: string[] };
/** The manifests, read once. @throws Error naming the problems of {@link readManifests}. */
export function manifests(root?: string): Manifest[];
/** The folders of `layer`, sorted. */
export function foldersOf(layer: Manifest['layer'], root?: string): string[];
/** Each table's owner (`src/<folder>/...`). */
export function tableOwners(root?: string): Record<string, string>;
/** The tables triggers keep, with how the tests reset them. */
export function triggerKeptTables(root?: string): { table: string; keep?: string; zero?: string; mysqlOnly: boolean }[];
/** The folders whose SQL may name every table. */
export function sharedFolders(root?: string): string[];
/** For each folder that reads every table, the tables it may write. */
export function upkeep(root?: string): Record<string, string[]>;
/** `^src/(a|b)/`. */
export function under(folders: string[]): string;
