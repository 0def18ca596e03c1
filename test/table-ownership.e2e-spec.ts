import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps each table's SQL in its owning module
 * (docs/architecture.md#tables), run through the project's own ESLint configuration.
 */
describe('table ownership lint rule', () => {
  const eslint = new ESLint();

  /** The rule's messages for `code` as if it were the file at `filePath`. */
  async function ownershipErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === 'local/table-ownership').map((message) => message.message);
  }

  it("accepts SQL on a table in its owner's folder, the read model and database/", async () => {
    expect(
      await ownershipErrors('src/accounts/accounts.repository.ts', "export const A = 'SELECT id FROM accounts WHERE id = ?';"),
    ).toEqual([]);
    expect(
      await ownershipErrors('src/read-model/x.ts', "export const A = 'SELECT a.id FROM accounts a JOIN teams t ON t.id = a.team_id';"),
    ).toEqual([]);
    expect(await ownershipErrors('src/database/x.ts', "export const A = 'UPDATE accounts SET name = ?';")).toEqual([]);
  });

  it("refuses SQL naming another module's table, in strings, templates and joined strings", async () => {
    const statements = [
      "export const A = 'SELECT id FROM accounts WHERE id = ?';",
      'export const A = (lock: string) => `SELECT id FROM accounts WHERE team_id = ?${lock}`;',
      "export const A = 'SELECT s.id FROM sessions s ' + 'INNER JOIN accounts a ON a.id = s.account_id';",
      "export const A = 'INSERT INTO accounts (id) VALUES (?)';",
      'export const A = (set: string) => `UPDATE accounts SET ${set} WHERE id = ?`;',
    ];
    for (const code of statements) {
      expect(await ownershipErrors('src/auth/sessions/sessions.repository.ts', code)).toEqual([
        expect.stringContaining('SQL on `accounts` belongs to its owner, src/accounts/'),
      ]);
    }
  });

  it('excepts no file: the statements that moved to their owners are refused where they were', async () => {
    expect(
      await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'SELECT id FROM accounts WHERE team_id = ? FOR UPDATE';"),
    ).toEqual([expect.stringContaining('SQL on `accounts` belongs to its owner, src/accounts/')]);
    expect(
      await ownershipErrors(
        'src/delivery/deliveries.repository.ts',
        "export const A = 'SELECT d.id FROM deliveries d JOIN outbox_events e ON e.id = d.event_id LEFT JOIN callbacks c ON c.id = d.callback_id';",
      ),
    ).toEqual([
      expect.stringContaining('SQL on `outbox_events` belongs to its owner, src/events/'),
      expect.stringContaining('SQL on `callbacks` belongs to its owner, src/callbacks/'),
    ]);
    expect(
      await ownershipErrors(
        'src/events/outbox.repository.ts',
        "export const A = 'SELECT 1 FROM deliveries WHERE deliveries.event_id = ?';",
      ),
    ).toEqual([expect.stringContaining('SQL on `deliveries` belongs to its owner, src/delivery/')]);
  });

  it('ignores prose: keywords in lower case, and names that are no table', async () => {
    expect(await ownershipErrors('src/teams/x.ts', "export const A = 'Could not update accounts from the provider.';")).toEqual([]);
    expect(await ownershipErrors('src/teams/x.ts', "export const A = 'SELECT 1 FROM dual';")).toEqual([]);
  });
});
