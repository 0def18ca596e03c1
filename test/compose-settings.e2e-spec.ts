import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { readmeSettings } from './support/readme-settings.js';

/** Variables docker-compose.yml sets itself (the topology), not from the shell. */
const FIXED_BY_COMPOSE = ['PORT', 'HOST', 'DATABASE_URL', 'REDIS_URL', 'WORKER_PORT'];

describe('docker-compose.yml passes every documented setting (docs/configuration.md)', () => {
  const text = readFileSync('docker-compose.yml', 'utf8');
  const compose = parseYaml(text, { merge: true }) as {
    'x-service': { environment: Record<string, string | null> };
    services: Record<string, { environment?: Record<string, string | null> }>;
  };
  const environment = compose['x-service'].environment;
  const settings = readmeSettings();

  it('each variable of the table, with the documented default, or passed only when set when it has none', () => {
    expect(settings.size).toBeGreaterThan(20);
    for (const [variable, readmeDefault] of settings) {
      if (FIXED_BY_COMPOSE.includes(variable)) continue;
      expect(Object.keys(environment), variable).toContain(variable);
      if (readmeDefault === undefined) expect(environment[variable], variable).toBeNull();
      else expect(environment[variable], variable).toBe(`\${${variable}:-${readmeDefault}}`);
    }
    expect(Object.keys(environment).filter((variable) => !settings.has(variable))).toEqual([]);
  });

  it('api, worker and migrate share those settings', () => {
    for (const name of ['api', 'worker', 'migrate']) expect(compose.services[name]!.environment, name).toEqual(environment);
  });

  it('never leaves an empty default (podman-compose passes `${VAR:-}` on unreplaced)', () => {
    expect(text.match(/\$\{[A-Z0-9_]+:-\}/g)).toBeNull();
  });

  it('names the Prometheus configuration where it is', () => {
    for (const path of text.match(/ops\/[\w/.-]+\.ya?ml/g) ?? []) expect(() => readFileSync(path), path).not.toThrow();
  });
});
