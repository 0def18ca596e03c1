import { Global, Module } from '@nestjs/common';

import { Clock, SystemClock } from './clock.js';

/**
 * Provides the {@link Clock} everywhere. Global: the services of most
 * features and every stage of the delivery pipeline read the time, and tests
 * replace this one provider to move time for the whole process.
 */
@Global()
@Module({ providers: [{ provide: Clock, useClass: SystemClock }], exports: [Clock] })
export class ClockModule {}
