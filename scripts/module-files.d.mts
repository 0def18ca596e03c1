/** The spellings of a feature's name (`TeamNotes` → `team-notes`, `team_notes`, `TeamNote`, `team_note`, ...). */
export function namesOf(name: string): {
  Plural: string;
  Singular: string;
  pluralCamel: string;
  kebab: string;
  snake: string;
  singularKebab: string;
  singularSnake: string;
  words: string;
  label: string;
};
/** The names of {@link namesOf}. */
type Names = ReturnType<typeof namesOf>;
/** The feature's files, by path from the repository's root. */
export function featureFiles(n: Names): Record<string, string>;
/** The migration class `className` that creates the feature's table. */
export function migrationBody(n: Names, className: string): string;
/** docs/architecture.md with the feature's row in its table list. @throws when there is no table list. */
export function withTableRow(markdown: string, n: Names): string;
/** src/app.module.ts with the feature's module imported and registered. @throws when its shape is not the expected one. */
export function withAppModule(text: string, n: Names): string;
