import { pageSchema } from '../../openapi/schemas/page.schema.js';
import { AccountSchema } from './account.schema.js';

/** A page of accounts (`GET /accounts/search`, docs/api.md#pagination). */
export const AccountPageSchema = pageSchema(AccountSchema, 'AccountPage');
