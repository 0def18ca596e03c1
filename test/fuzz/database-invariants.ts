import type { DataSource } from 'typeorm';

import { LIKE_ESCAPE, likeContains } from '../../src/http/pagination.js';
import type { HttpClient } from '../support/http-client.js';

/**
 * The database invariants a fuzz run must leave true: every team's maintained
 * member count equals a count of its rows, the search totals and the name
 * searches of accounts and teams (the n-gram indexes on MySQL) agree with a scan, and no delivery exists
 * without its event. @returns a description of each violation (empty: none).
 */
export async function invariantViolations(dataSource: DataSource, http: HttpClient): Promise<string[]> {
  const violations: string[] = [];
  const counts: { team_key: number; stored: number; actual: number }[] = await dataSource.query(
    'SELECT c.team_key AS team_key, c.accounts AS stored, (SELECT COUNT(*) FROM accounts a WHERE COALESCE(a.team_id, 0) = c.team_key) AS actual FROM account_counts c',
  );
  for (const count of counts)
    if (Number(count.stored) !== Number(count.actual))
      violations.push(`account_counts ${count.team_key}: ${count.stored} stored, ${count.actual} rows`);
  const teamsWithoutCount: { id: number }[] = await dataSource.query(
    'SELECT t.id AS id FROM teams t LEFT JOIN account_counts c ON c.team_key = t.id WHERE c.team_key IS NULL',
  );
  for (const team of teamsWithoutCount) violations.push(`team ${team.id} has no member count`);

  const [{ total }] = await dataSource.query('SELECT COUNT(*) AS total FROM accounts');
  const searched = await http.get('/accounts/search?per_page=1');
  if (searched.body?.results !== Number(total)) violations.push(`account search total ${searched.body?.results}, ${total} rows`);
  const [{ teams }] = await dataSource.query('SELECT COUNT(*) AS teams FROM teams');
  const teamPage = await http.get('/teams/search?per_page=1');
  if (teamPage.body?.results !== Number(teams)) violations.push(`team search total ${teamPage.body?.results}, ${teams} rows`);

  for (const [table, route] of [
    ['accounts', '/accounts/search'],
    ['teams', '/teams/search'],
  ] as const) {
    const names: { name: string }[] = await dataSource.query(`SELECT name FROM ${table} ORDER BY id LIMIT 40`);
    for (const { name } of names) {
      for (const q of new Set([...name].length > 3 ? [[...name].slice(1, 4).join(''), [...name].slice(0, 1).join('')] : [name])) {
        if (q.trim() === '') continue;
        const [{ matches }] = await dataSource.query(`SELECT COUNT(*) AS matches FROM ${table} WHERE name LIKE ? ESCAPE '${LIKE_ESCAPE}'`, [
          likeContains(q),
        ]);
        const page = await http.get(`${route}?per_page=1&q=${encodeURIComponent(q)}`);
        if (page.status === 200 && page.body.results !== Number(matches))
          violations.push(`${route} q=${JSON.stringify(q)}: ${page.body.results} results, ${matches} by LIKE`);
      }
    }
  }

  const [{ orphans }] = await dataSource.query(
    'SELECT COUNT(*) AS orphans FROM deliveries d LEFT JOIN outbox_events e ON e.id = d.event_id WHERE e.id IS NULL',
  );
  if (Number(orphans) > 0) violations.push(`${orphans} deliveries without their event`);
  return violations;
}
