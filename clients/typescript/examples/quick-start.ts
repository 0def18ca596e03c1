// The README example of the client, type-checked with the project (npm run typecheck).
import { AccountsApiError, createAccountsClient, paginate, unwrap, ValidationError } from '../src/index.js';

/** Creates a team and an account in it, then lists the team's members. */
export async function quickStart(baseUrl: string, app: { username: string; password: string }): Promise<string[]> {
  const client = createAccountsClient({ baseUrl, credentials: app });

  const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
  // Account ids are 64-bit: always strings in the client, never rounded.
  await unwrap(client.POST('/accounts/new', { body: { id: '18446744073709551615', name: 'Ann', discriminator: '0001', team: team.id } }));

  try {
    await unwrap(client.GET('/team/{team}', { params: { path: { team: 999_999 } } }));
  } catch (error) {
    if (error instanceof ValidationError)
      console.log(error.items[0].loc, error.items[0].msg); // ['path', 'team'] Team not found.
    else if (error instanceof AccountsApiError) console.log(error.status, error.detail);
    else throw error;
  }

  const names: string[] = [];
  const pages = paginate((page) => unwrap(client.GET('/accounts/search', { params: { query: { team: team.id, page, per_page: 100 } } })));
  for await (const account of pages) names.push(`${account.name}#${account.discriminator} (${account.id})`);
  return names;
}
