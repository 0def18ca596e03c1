// The client from TypeScript: a team, an account with a 64-bit id, an award given twice (201, then 208),
// a typed 422 and the team's members page by page. Run it after installing the package:
//   ACCOUNTS_URL=http://localhost:3000 APP_USER=A1 APP_PASS=... node quick-start.ts   (Node 24; or tsx, or tsc then node)
import { AccountsApiError, createAccountsClient, paged, unwrap, ValidationError, withStatus } from '@accounts-service/client';

const client = createAccountsClient({
  baseUrl: process.env.ACCOUNTS_URL ?? 'http://localhost:3000',
  credentials: { username: process.env.APP_USER!, password: process.env.APP_PASS! },
});

// Every POST, PUT, PATCH and DELETE carries a fresh Idempotency-Key; a 503 is retried with the same key.
const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
// Account ids are 64-bit: always strings in the client, never rounded.
const ann = await unwrap(
  client.POST('/accounts/new', { body: { id: '18446744073709551615', name: 'Ann', discriminator: '0001', team: team.id } }),
);
console.log(`team ${team.name}: ${ann.name}#${ann.discriminator} (${ann.id})`);

const award = await unwrap(
  client.POST('/awards/new', { body: { title: 'Star', image_url: 'https://example.com/star.png', team: team.id, accounts: [] } }),
);
for (let i = 0; i < 2; i++) {
  const { status } = await withStatus(
    client.PUT('/account/{account}/award/{award}', { params: { path: { account: ann.id, award: award.id } } }),
  );
  console.log(`award ${award.title}: ${status === 201 ? '201 given' : `${status} already had it`}`);
}

try {
  await unwrap(client.GET('/team/{team}', { params: { path: { team: 999_999 } } }));
} catch (error) {
  if (error instanceof ValidationError) console.log(`422 ${error.items[0].loc.join('.')}: ${error.items[0].msg}`);
  else if (error instanceof AccountsApiError) console.log(error.status, error.detail);
  else throw error;
}

const members = paged(client, '/accounts/search', { query: { team: team.id, per_page: 100 } });
for await (const account of members) console.log(`member ${account.name}#${account.discriminator} (${account.id})`);
