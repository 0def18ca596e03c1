import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** OpenAPI schema of `GET /accounts/signups` (interface §4.1). */
@ApiSchema({ name: 'Signups' })
export class SignupsSchema {
  @ApiProperty({ description: 'Whether new accounts can be created (`SIGNUPS_OPEN`).' })
  signups_open: boolean;
}
