import { readFileSync } from 'node:fs';

/**
 * The configuration table (docs/configuration.md): each variable with its default when the row gives one in
 * backticks per variable (`undefined`: unset by default, or a default that is not one value per variable).
 */
export function readmeSettings(): Map<string, string | undefined> {
  const readme = readFileSync('docs/configuration.md', 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'));
  const settings = new Map<string, string | undefined>();
  for (const row of table.split('\n').filter((line) => /^\| `[A-Z0-9_]+`/.test(line))) {
    const [names, defaults] = row.split(' | ');
    const variables = [...names!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!);
    const values = [...defaults!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    variables.forEach((variable, index) => settings.set(variable, values.length === variables.length ? values[index] : undefined));
  }
  return settings;
}
