/**
 * The benchmark scenarios and their targets: throughput as a ratio
 * to the reference server measured in the same run.
 */
import { accountIdAt } from './seed.mjs';

/** Spreads request `i` over `count` rows (a stride prime to any data-set size used). */
function spread(i, count) {
  return (i * 7919) % count;
}

/**
 * Every scenario for a data set of `size` (`{ teams, accounts, awards }`).
 *
 * @param auth `Authorization` header value of an app with every app permission (PATCH).
 * @param q the two letters of the `q` search scenario.
 * @returns a list of `{ name, group, target?, server, method?, path(i), body?(i), headers? }`:
 *   `target` the ratio to reach (none for informational rows); `server` is
 *   `reference` or `api`; `group` is `reference`, `floor` (the API's routing,
 *   middleware and serialization with no SQL), `single-read`, `search` or `write`.
 */
export function scenarios(size, auth, q) {
  const account = (i) => accountIdAt(spread(i, size.accounts));
  return [
    { name: 'reference GET /account/{id}', group: 'reference', server: 'reference', path: (i) => `/account/${account(i)}` },
    { name: 'GET /accounts/signups (no SQL: the framework floor)', group: 'floor', server: 'api', path: () => '/accounts/signups' },
    { name: 'GET /account/{id}', group: 'single-read', server: 'api', target: 0.5, path: (i) => `/account/${account(i)}` },
    { name: 'GET /team/{id}', group: 'single-read', server: 'api', target: 0.5, path: (i) => `/team/${1 + spread(i, size.teams)}` },
    { name: 'GET /award/{id}', group: 'single-read', server: 'api', target: 0.25, path: (i) => `/award/${1 + spread(i, size.awards)}` },
    { name: 'GET /accounts/search?per_page=20', group: 'search', server: 'api', target: 0.25, path: () => '/accounts/search?per_page=20' },
    {
      name: `GET /accounts/search?q=${q}&per_page=20`,
      group: 'search',
      server: 'api',
      target: 0.25,
      path: () => `/accounts/search?q=${encodeURIComponent(q)}&per_page=20`,
    },
    { name: 'GET /teams/search?per_page=20', group: 'search', server: 'api', target: 0.25, path: () => '/teams/search?per_page=20' },
    {
      name: 'PATCH /account/{id} (name)',
      group: 'write',
      server: 'api',
      target: 0.2,
      method: 'PATCH',
      headers: { authorization: auth },
      path: (i) => `/account/${account(i)}`,
      body: (i) => ({ name: `Patched ${i % 1000}` }),
    },
  ];
}
