import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';

import { Permission } from '../permissions/permission.js';
import type { AccountResource } from '../serialization/resources.js';
import type { AppResource } from './apps/apps.service.js';
import { AuthService } from './auth.service.js';
import { Authenticated } from './authenticated.decorator.js';
import { CurrentPrincipal } from './current-principal.decorator.js';
import { CreateSessionDto } from './dto/create-session.dto.js';
import type { Principal } from './principal.js';
import type { SessionResource } from './sessions/sessions.service.js';

/** Authentication endpoints of interface §4.5. */
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('create_session')
  @HttpCode(201)
  @Authenticated({ permission: Permission.AuthenticateUsers })
  createSession(@Body() body: CreateSessionDto): Promise<SessionResource> {
    return this.auth.createSession(body.account);
  }

  @Post('reset_token')
  @HttpCode(200)
  @Authenticated()
  resetToken(@CurrentPrincipal() principal: Principal): Promise<AppResource | SessionResource> {
    return this.auth.resetToken(principal);
  }

  @Get('me')
  @Authenticated()
  me(@CurrentPrincipal() principal: Principal): Promise<AppResource | AccountResource> {
    return this.auth.me(principal);
  }
}
