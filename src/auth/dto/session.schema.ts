import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { SessionResource } from '../sessions/sessions.service.js';

/** OpenAPI schema of the Session object (docs/api.md#objects): HTTP Basic credentials of a user. */
@ApiSchema({ name: 'Session' })
export class SessionSchema implements SessionResource {
  @ApiProperty({ description: 'Basic username: `S<session id>`.', example: 'S1' })
  username: string;

  @ApiProperty({ description: 'Basic password: the session token, shown once.' })
  password: string;

  @ApiProperty({ type: 'number', description: 'Seconds since the UNIX epoch, with a fractional part.', example: 1766392000.5 })
  expires_at: number;
}
