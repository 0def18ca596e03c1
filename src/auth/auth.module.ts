import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_GUARD } from '@nestjs/core';

import { AccountsModule } from '../accounts/accounts.module.js';
import { IdpModule } from '../idp/idp.module.js';
import { AppsRepository } from './apps/apps.repository.js';
import { AppsService } from './apps/apps.service.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { IdpSignInController } from './idp-sign-in.controller.js';
import { IdpSignInService } from './idp-sign-in.service.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { AppEntity } from './apps/app.entity.js';
import { SessionEntity } from './sessions/session.entity.js';
import { ClockModule } from '../clock/clock.module.js';

/** Apps, sessions, the global auth guard and `/auth/*` (docs/api.md#authentication). */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([AppEntity, SessionEntity]), AccountsModule, IdpModule],
  controllers: [AuthController, IdpSignInController],
  providers: [
    AppsService,
    AppsRepository,
    SessionsService,
    SessionsRepository,
    AuthService,
    IdpSignInService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AppsService, SessionsService],
})
export class AuthModule {}
