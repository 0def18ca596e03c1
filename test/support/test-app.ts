import 'reflect-metadata';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';

import { AccountEntity } from '../../src/accounts/account.entity.js';
import { toStoredAccountId } from '../../src/common/account-id.js';
import { AppsService } from '../../src/auth/apps/apps.service.js';
import { SessionsService } from '../../src/auth/sessions/sessions.service.js';
import type { AppConfig } from '../../src/config/app-config.js';
import { loadAppConfig } from '../../src/config/environment.js';
import { Transactions } from '../../src/database/transactions.js';
import { createHttpApp } from '../../src/http-app.js';
import { type Credentials, HttpClient } from './http-client.js';
import { testDatabaseUrl, testRedisUrl, testWorker, truncateAll } from './test-database.js';

/** The real API listening on a random local port, with helpers to set up data. */
export class TestApp {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly http: HttpClient,
    readonly config: AppConfig,
  ) {}

  /**
   * Starts the API on the test database (and `TEST_REDIS_URL`'s Redis, when set, queues under the prefix `test-w<worker>`) with `env` overriding the environment
   * (docs/api.md#operating variables, e.g. `{ SIGNUPS_OPEN: 'false' }`). Tables are emptied.
   * With `options.logDestination`, the app logs there (JSON lines, `LOG_LEVEL`
   * of `env`) and Nest's own messages are kept.
   */
  static async start(env: Record<string, string | undefined> = {}, options: { logDestination?: DestinationStream } = {}): Promise<TestApp> {
    const config = loadAppConfig({
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      // Apps of different vitest workers run at once on the one test Redis: each worker's queues of its own.
      CALLBACK_QUEUE_PREFIX: `test-w${testWorker()}`,
      LOG_LEVEL: 'silent',
      ...env,
    });
    const app = await createHttpApp(config, options.logDestination ? { logDestination: options.logDestination } : { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address() as { port: number };
    const testApp = new TestApp(app, new HttpClient(`http://127.0.0.1:${address.port}`), config);
    await truncateAll(testApp.dataSource);
    return testApp;
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  /** Empties every table. */
  reset(): Promise<void> {
    return truncateAll(this.dataSource);
  }

  /** Creates an app as the CLI does. @returns its Basic credentials. */
  async createApp(permissions: number, name = 'test-app'): Promise<Credentials & { id: number }> {
    const { app, token } = await this.app.get(AppsService).create(name, permissions);
    return { id: app.id, username: `A${app.id}`, password: token };
  }

  /** Inserts an account directly (test setup, not under test). */
  async insertAccount(fields: Partial<AccountEntity> & { id: string }): Promise<AccountEntity> {
    const account = Object.assign(new AccountEntity(), {
      name: `user ${fields.id}`,
      discriminator: '0001',
      avatarUrl: null,
      teamId: null,
      permissions: 0,
      createdAt: Date.now() / 1000,
      ...fields,
    });
    await this.dataSource.manager.insert(AccountEntity, { ...account, id: toStoredAccountId(account.id) });
    return account;
  }

  /** Opens a session for an account. @returns its Basic credentials. */
  async login(accountId: string): Promise<Credentials> {
    const session = await this.app.get(Transactions).run(() => this.app.get(SessionsService).create(accountId));
    return { username: session.username, password: session.password };
  }

  async close(): Promise<void> {
    await this.app.close();
  }
}
