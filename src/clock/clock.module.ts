import { Module } from '@nestjs/common';

import { Clock, SystemClock } from './clock.js';

/**
 * Provides the {@link Clock}: each module whose providers read the time
 * imports it. One instance per process (a module is a singleton however many
 * import it), so a test that overrides `Clock` moves time for the whole
 * process.
 */
@Module({ providers: [{ provide: Clock, useClass: SystemClock }], exports: [Clock] })
export class ClockModule {}
