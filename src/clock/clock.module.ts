import { Global, Module } from '@nestjs/common';

import { Clock, SystemClock } from './clock.js';

/** Provides the {@link Clock} everywhere. */
@Global()
@Module({ providers: [{ provide: Clock, useClass: SystemClock }], exports: [Clock] })
export class ClockModule {}
