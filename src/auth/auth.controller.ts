import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { ApiErrors, ApiSuccess, ApiSuccessOneOf } from '../openapi/api-responses.decorator.js';
import { AccountSchema } from '../read-model/schemas/account.schema.js';
import { AppSchema } from './dto/app.schema.js';
import { SessionSchema } from './dto/session.schema.js';
import { Permission } from '../permissions/permission.js';
import type { AccountResource } from '../read-model/resources.js';
import type { AppResource } from './apps/apps.service.js';
import { AuthService } from './auth.service.js';
import { Authenticated } from '../common/authenticated.decorator.js';
import { type Credential, CurrentCredential } from './credential.js';
import { CreateSessionDto } from './dto/create-session.dto.js';
import type { SessionResource } from './sessions/sessions.service.js';

/** Authentication endpoints of docs/api.md#routes-auth. */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({
    summary: 'Open a session for an account (apps holding authenticate_users)',
    description:
      'For apps holding `authenticate_users`: opens a session for the account and returns its credentials (`S<session id>` and a token shown only here). 422 when the account does not exist.',
  })
  @ApiSuccess(201, SessionSchema)
  @ApiErrors([422], { 422: 'Invalid input, or no such account.' })
  @Post('create_session')
  @HttpCode(201)
  @Authenticated({ permission: Permission.AuthenticateUsers })
  createSession(@Body() body: CreateSessionDto): Promise<SessionResource> {
    return this.auth.createSession(body.account);
  }

  @ApiOperation({
    summary: 'Replace the token used for this request; the old one stops working at once',
    description:
      "Replaces the token that authenticated this request (an app's or a session's) and returns the new one, shown only here; the old token stops working at once.",
  })
  @ApiSuccessOneOf(
    200,
    [AppSchema, SessionSchema],
    'The App with its new token (`password`) for an app token, the Session for a user token.',
  )
  @Post('reset_token')
  @HttpCode(200)
  @Authenticated()
  resetToken(@CurrentCredential() credential: Credential): Promise<AppResource | SessionResource> {
    return this.auth.resetToken(credential);
  }

  @ApiOperation({
    summary: 'Who the credentials belong to',
    description: 'The app (without its token) or the account the credentials belong to. Without credentials: 401.',
  })
  @ApiSuccessOneOf(200, [AppSchema, AccountSchema], 'The App (without token) or the Account.')
  @Get('me')
  @Authenticated()
  me(@CurrentCredential() credential: Credential): Promise<AppResource | AccountResource> {
    return this.auth.me(credential);
  }
}
