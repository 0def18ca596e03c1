import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { TeamResource } from '../resources.js';
import { AwardSchema } from './award.schema.js';

/** OpenAPI schema of the Team object (docs/api.md#objects). */
@ApiSchema({ name: 'Team' })
export class TeamSchema implements TeamResource {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'Red' })
  name: string;

  @ApiProperty({ type: 'number', description: 'Seconds since the UNIX epoch, with a fractional part.', example: 1763800000.123 })
  created_at: number;

  @ApiProperty({ type: 'integer', example: 3 })
  member_count: number;

  @ApiProperty({ type: () => [AwardSchema], description: 'Awards given to the team.' })
  awards: AwardSchema[];
}
