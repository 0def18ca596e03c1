import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { ApiErrors, ApiSuccess } from '../openapi/api-responses.decorator.js';
import { SessionSchema } from './dto/session.schema.js';
import { Public } from '../common/authenticated.decorator.js';
import { IdpSignInDto } from './dto/idp-sign-in.dto.js';
import { IdpSignInService } from './idp-sign-in.service.js';
import type { SessionResource } from './sessions/sessions.service.js';

/** `POST /auth/idp` (docs/api.md#routes-auth, docs/api.md#identity-provider): public, the provider token is the credential. */
@ApiTags('auth')
@Controller('auth')
export class IdpSignInController {
  constructor(private readonly signIn: IdpSignInService) {}

  @ApiOperation({
    summary: 'Sign in with an identity-provider token; creates the account when new and signups are open',
    description:
      "Public. Exchanges an identity-provider user token (with the `identify` scope) for a session. An unknown account is created from the provider's profile while signups are open (else 403); a known account is left as it is. Invalid token: 401; provider failure: 502 or 504.",
  })
  @ApiSuccess(201, SessionSchema)
  @ApiErrors([401, 403, 422, 502, 504], {
    401: 'The identity-provider token is invalid or lacks the identify scope, or credentials sent are invalid.',
    403: 'Unknown account and signups are closed.',
  })
  @Post('idp')
  @HttpCode(201)
  @Public()
  create(@Body() body: IdpSignInDto): Promise<SessionResource> {
    return this.signIn.signIn(body.token);
  }
}
