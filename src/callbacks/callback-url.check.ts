import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { SCHEMA_MIGRATED_AT_START } from '../database/migration-runner.js';

import { hasUserInfo } from './callback-url.js';
import { CallbacksRepository } from './callbacks.repository.js';

/**
 * At API start, reports every stored callback whose URL holds user info
 * (`user:password@`, refused at registration since): one warning line each,
 * naming the callback id, app and event, never the URL or its password.
 * Such a URL still works: deliveries drop the user info and send
 * `Authorization: Bearer <secret>`. A failed check is logged and never stops
 * the start. Skipped where the schema is not migrated at start (`migrations
 * run` of the CLI opens its context on a database that may have no tables yet).
 */
@Injectable()
export class CallbackUrlCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('Callbacks');

  constructor(
    private readonly repository: CallbacksRepository,
    @Inject(SCHEMA_MIGRATED_AT_START) private readonly schemaMigrated: boolean,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.schemaMigrated) return;
    try {
      for (const callback of await this.repository.withAtSign()) {
        if (!hasUserInfo(callback.url)) continue;
        this.logger.warn(
          `Callback ${callback.id} (app A${callback.appId}, ${callback.event}) has a user name or password in its URL: ` +
            'deliveries drop them and send Authorization: Bearer <secret>; the app should register the URL again without them.',
        );
      }
    } catch (error) {
      this.logger.warn(`Could not check stored callback URLs for user info: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
