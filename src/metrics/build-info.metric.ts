import { readFileSync } from 'node:fs';

import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';

import { AppConfig } from '../config/app-config.js';
import { MetricsRegistry } from './metrics-registry.js';

/** The service's version: `version` of its package.json. */
export function serviceVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/**
 * `accounts_build_info{version,commit} 1`: which build the process runs
 * (docs/operations.md#health-metrics-logs-api-document): `version` from package.json, `commit` from
 * `GIT_COMMIT` (set when the image is built), `unknown` without it.
 */
@Injectable()
export class BuildInfoMetric {
  constructor(registry: MetricsRegistry, config: AppConfig) {
    new Gauge({
      name: 'accounts_build_info',
      help: 'The build the process runs: version (package.json) and commit (GIT_COMMIT at image build); always 1.',
      labelNames: ['version', 'commit'],
      registers: [registry],
    }).set({ version: serviceVersion(), commit: config.buildCommit }, 1);
  }
}
