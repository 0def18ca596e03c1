import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { AwardDetailsResource } from '../resources.js';
import { AccountSchema } from './account.schema.js';
import { AwardSchema } from './award.schema.js';
import { TeamSchema } from './team.schema.js';

/** OpenAPI schema of `GET /award/{award}` (docs/api.md#objects). */
@ApiSchema({ name: 'AwardDetails' })
export class AwardDetailsSchema implements AwardDetailsResource {
  @ApiProperty({ type: () => AwardSchema })
  award: AwardSchema;

  @ApiProperty({ type: () => [AccountSchema] })
  awardees: AccountSchema[];

  @ApiProperty({ type: () => TeamSchema, nullable: true })
  team: TeamSchema | null;
}
