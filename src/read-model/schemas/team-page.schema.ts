import { pageSchema } from '../../openapi/schemas/page.schema.js';
import { TeamSchema } from './team.schema.js';

/** A page of teams (`GET /teams/search`, contract §3). */
export const TeamPageSchema = pageSchema(TeamSchema, 'TeamPage');
