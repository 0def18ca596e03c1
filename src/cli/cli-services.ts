import type { Abstract, INestApplicationContext, Type } from '@nestjs/common';

/**
 * How a CLI command reaches the service's providers: `get` opens the Nest
 * application context (database, migrations) on first use only, so help and
 * usage errors need no database; `close` ends it when it was opened.
 */
export class CliServices {
  private context?: Promise<INestApplicationContext>;

  constructor(private readonly open: () => Promise<INestApplicationContext>) {}

  /** The provider `type` of the CLI module, opening the context first when needed. */
  async get<T>(type: Type<T> | Abstract<T>): Promise<T> {
    this.context ??= this.open();
    return (await this.context).get(type);
  }

  /** Closes the context (pool, queue connections) when a command opened it. */
  async close(): Promise<void> {
    if (this.context) await (await this.context).close();
  }
}
