import { pageSchema } from '../../openapi/schemas/page.schema.js';
import { TeamSchema } from './team.schema.js';

/** A page of teams (`GET /teams/search`, docs/api.md#pagination). */
export const TeamPageSchema = pageSchema(TeamSchema, 'TeamPage');
