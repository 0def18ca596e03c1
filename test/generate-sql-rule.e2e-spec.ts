import { describe, expect, it } from 'vitest';

import { syntaxOnlyEslint } from './support/rule-eslint.js';

/**
 * The lint rule that puts every statement of the repositories and readers in
 * `src/queries/*.sql` (docs/architecture.md#sql-files): each public method carries
 * `@GenerateSql`. Run through the project's own ESLint configuration.
 */
describe('@GenerateSql lint rule', () => {
  const eslint = syntaxOnlyEslint();

  /** The rule's messages for `code` as if it were the file at `filePath`. */
  async function missing(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === 'local/generate-sql').map((message) => message.message);
  }

  const decorated = `
import { GenerateSql, TX } from '../database/generate-sql.decorator.js';
export class TeamsRepository {
  constructor(private readonly x: number) {}
  @GenerateSql({ params: [TX, 1] }, { name: 'locked', params: [TX, 1, true] })
  async findById(_manager: unknown, _id: number, _lock = false): Promise<void> {}
  @GenerateSql()
  count(): void {}
  private helper(): void {}
  protected other(): void {}
  static toEntity(): void {}
  get size(): number { return this.x; }
}
`;

  it('accepts a repository whose public methods are all decorated, leaving private, protected, static methods and getters alone', async () => {
    expect(await missing('src/teams/teams.repository.ts', decorated)).toEqual([]);
    expect(await missing('src/read-model/team-search.reader.ts', decorated)).toEqual([]);
  });

  it('refuses a public method without @GenerateSql in a repository and in a reader', async () => {
    const code = `
import { GenerateSql } from '../database/generate-sql.decorator.js';
export class TeamsRepository {
  @GenerateSql({ params: [1] })
  find(_id: number): void {}
  async rename(_id: number, _name: string): Promise<void> {}
  public remove(): void {}
}
`;
    const expected = [
      expect.stringMatching(/^rename runs SQL: decorate it with @GenerateSql/),
      expect.stringMatching(/^remove runs SQL: decorate it with @GenerateSql/),
    ];
    expect(await missing('src/teams/teams.repository.ts', code)).toEqual(expected);
    expect(await missing('src/read-model/team-search.reader.ts', code)).toEqual(expected);
  });

  it('does not ask it of other files', async () => {
    expect(await missing('src/teams/teams.service.ts', 'export class TeamsService { rename(): void {} }')).toEqual([]);
  });
});
