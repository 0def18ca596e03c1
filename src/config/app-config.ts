/** Where the service keeps its data: MySQL/MariaDB or an embedded SQLite file (contract §9). */
export type DatabaseConfig =
  | { readonly type: 'mysql'; readonly url: string }
  | { readonly type: 'sqlite'; readonly path: string };

/**
 * The service's configuration, validated once at boot from the environment
 * (contract §9). Nothing else reads `process.env`; inject this class instead.
 * Durations are milliseconds.
 */
export class AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  /** Redis URL for BullMQ; `undefined` runs deliveries inside the API process. */
  readonly redisUrl: string | undefined;
  readonly signupsOpen: boolean;
  readonly sessionMaxAgeMs: number;
  readonly idpApiUrl: string;
  readonly idpCdnUrl: string;
  readonly idpTimeoutMs: number;
  readonly callbackTimeoutMs: number;
  readonly callbackRetryDelaysMs: readonly number[];
  readonly callbackAllowPrivateNetworks: boolean;
  readonly logLevel: string;

  constructor(values: AppConfig) {
    Object.assign(this, values);
    Object.freeze(this);
  }
}
