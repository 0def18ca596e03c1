import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { AccountResource } from '../resources.js';
import { AwardSchema } from './award.schema.js';
import { TeamSchema } from './team.schema.js';

/** OpenAPI schema of the Account object (docs/api.md#objects). */
@ApiSchema({ name: 'Account' })
export class AccountSchema implements AccountResource {
  @ApiProperty({
    pattern: '^[0-9]+$',
    description: 'Identity-provider id: an unsigned 64-bit integer as a string.',
    example: '80351110224678912',
  })
  id: string;

  @ApiProperty({ example: 'Ann' })
  name: string;

  @ApiProperty({ example: '0001' })
  discriminator: string;

  @ApiProperty({ type: 'string', format: 'uri', nullable: true })
  avatar_url: string | null;

  @ApiProperty({ type: () => TeamSchema, nullable: true })
  team: TeamSchema | null;

  @ApiProperty({ type: 'integer', description: 'Permission bits (docs/api.md#permissions).', example: 0 })
  permissions: number;

  @ApiProperty({ type: 'number', description: 'Seconds since the UNIX epoch, with a fractional part.', example: 1763800000.123 })
  created_at: number;

  @ApiProperty({ type: () => [AwardSchema] })
  awards: AwardSchema[];
}
