// The client from TypeScript: a team, an account with a 64-bit id, an award given twice (201, then 208),
// a missing team (NotFoundError) and the team's members page by page; it can be run again. Run it after installing the package:
//   ACCOUNTS_URL=http://localhost:3000 APP_USER=A1 APP_PASS=... node quick-start.ts   (Node 24; or tsx, or tsc then node)
import {
  AccountsApiError,
  type Account,
  ConflictError,
  createAccountsClient,
  NotFoundError,
  paged,
  unwrap,
  ValidationError,
  withStatus,
} from '@accounts-service/client';

const client = createAccountsClient({
  baseUrl: process.env.ACCOUNTS_URL ?? 'http://localhost:3000',
  credentials: { username: process.env.APP_USER!, password: process.env.APP_PASS! },
});

// Every POST, PUT, PATCH and DELETE carries a fresh Idempotency-Key; a network error, a timeout, a 408, 429, 503
// or 504 is retried with the same key.
const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
// Account ids are 64-bit: always strings in the client, never rounded.
// Run again, the example finds Ann registered (409, a ConflictError) and moves her into this run's team.
const id = '18446744073709551615';
let ann: Account;
try {
  ann = await unwrap(client.POST('/accounts/new', { body: { id, name: 'Ann', discriminator: '0001', team: team.id } }));
  console.log(`team ${team.name}: ${ann.name}#${ann.discriminator} (${ann.id})`);
} catch (error) {
  if (!(error instanceof ConflictError)) throw error;
  ann = await unwrap(client.PATCH('/account/{account}', { params: { path: { account: id } }, body: { team: team.id } }));
  console.log(`team ${team.name}: ${ann.name}#${ann.discriminator} (${ann.id}), registered before (${error.status}), moved here`);
}

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
  // A team, account or award that does not exist: a 422 naming it (a 404 for a callback or a delivery).
  if (error instanceof NotFoundError) console.log(`${error.status} ${error.detail}`);
  else if (error instanceof ValidationError) console.log(error.items);
  else if (error instanceof AccountsApiError) console.log(error.status, error.detail, `request ${error.requestId}`);
  else throw error;
}

const members = paged(client, '/accounts/search', { query: { team: team.id, per_page: 100 } });
for await (const account of members) console.log(`member ${account.name}#${account.discriminator} (${account.id})`);
