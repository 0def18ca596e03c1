import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** OpenAPI schema of `GET /accounts/signups` (docs/api.md#routes-accounts). */
@ApiSchema({ name: 'Signups' })
export class SignupsSchema {
  @ApiProperty({ description: 'Whether new accounts can be created (`SIGNUPS_OPEN`).' })
  signups_open: boolean;
}
