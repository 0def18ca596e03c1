import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `@Entity('name')` or `@Entity({ name: 'name', ... })`, then the class it decorates. */
const ENTITY =
  /@Entity\(\s*(?:'([a-z_][a-z0-9_]*)'|\{[^}]*?\bname:\s*'([a-z_][a-z0-9_]*)'[^}]*\})?\s*\)[\s\S]*?\bclass\s+([A-Za-z_$][\w$]*)/g;

/** The entity classes of each project root already read (one lint run reads `src/` once). */
const cache = new Map();

/**
 * The TypeORM entity classes declared under `<root>/src` (specs left out), by
 * class name: the table each maps to (undefined for `@Entity()` without a
 * name) and its file, relative to `root` with `/` separators.
 *
 * @returns a map `class name → { table, file }`.
 */
export function entityClasses(root) {
  let entities = cache.get(root);
  if (entities) return entities;
  entities = new Map();
  const src = path.join(root, 'src');
  let files = [];
  try {
    files = readdirSync(src, { recursive: true, encoding: 'utf8' });
  } catch {
    // No src/ folder: no entities.
  }
  for (const relative of files) {
    if (!relative.endsWith('.ts') || relative.endsWith('.spec.ts') || relative.endsWith('.d.ts')) continue;
    const text = readFileSync(path.join(src, relative), 'utf8');
    if (!text.includes('@Entity(')) continue;
    for (const [, quoted, named, name] of text.matchAll(ENTITY)) {
      entities.set(name, { table: quoted ?? named, file: `src/${relative.split(path.sep).join('/')}` });
    }
  }
  cache.set(root, entities);
  return entities;
}
