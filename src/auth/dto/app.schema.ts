import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

import type { AppResource } from '../apps/apps.service.js';

/** OpenAPI schema of the App object (docs/api.md#objects). */
@ApiSchema({ name: 'App' })
export class AppSchema implements AppResource {
  @ApiProperty({ example: 'admin' })
  name: string;

  @ApiProperty({ type: 'integer', description: 'Permission bits (docs/api.md#permissions).', example: 95 })
  permissions: number;

  @ApiProperty({ description: 'Basic username: `A<app id>`.', example: 'A1' })
  username: string;

  @ApiPropertyOptional({ description: 'The new token; only in the `POST /auth/reset_token` response.' })
  password?: string;
}
