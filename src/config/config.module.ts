import { existsSync, readFileSync } from 'node:fs';

import { type DynamicModule, Global, Module } from '@nestjs/common';
import { parse as parseDotenv } from 'dotenv';

import { AppConfig } from './app-config.js';
import { loadAppConfig } from './environment.js';

/** The configuration variables: `.env` in the working directory, then the process environment, the latter winning. */
export function configEnvironment(): Record<string, string | undefined> {
  const file = existsSync('.env') ? parseDotenv(readFileSync('.env')) : {};
  return { ...file, ...process.env };
}

/**
 * Reads the environment once: {@link configEnvironment}, then `overrides` (tests), later sources winning.
 *
 * @throws InvalidEnvironmentError when a variable is invalid (docs/api.md#operating).
 */
export function readAppConfig(overrides: Record<string, string | undefined> = {}): AppConfig {
  return loadAppConfig({ ...configEnvironment(), ...overrides });
}

/**
 * Provides the validated {@link AppConfig} to every module. Global: nearly
 * every module reads its settings (features, database, delivery, rate limit),
 * from one value the composition root reads once; importing it everywhere
 * would repeat `AppConfigModule.forRoot(config)` with that value in each.
 */
@Global()
@Module({})
export class AppConfigModule {
  /** @param config the configuration to serve; read from the environment when omitted. */
  static forRoot(config: AppConfig = readAppConfig()): DynamicModule {
    return {
      module: AppConfigModule,
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig],
    };
  }
}
