import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { readmeSettings } from './support/readme-settings.js';

/** Settings that hold credentials: the Secret's. */
const SECRET = ['DATABASE_URL', 'REDIS_URL', 'DATABASE_REPLICA_URLS'];
/** Settings each Deployment sets itself: where it listens. */
const FIXED_BY_DEPLOYMENTS: Record<string, string[]> = {
  'api-deployment.yaml': ['PORT', 'HOST'],
  'worker-deployment.yaml': ['WORKER_PORT', 'HOST'],
};
/** Readme defaults the ConfigMap states otherwise, and why: pods have no terminal, so the lines are JSON either way. */
const DIFFERENT_DEFAULTS: Record<string, string> = { LOG_FORMAT: 'json' };

function manifest(file: string): any {
  return parseYaml(readFileSync(`ops/k8s/${file}`, 'utf8'));
}

/** The containers (init containers included) of a Deployment or Job. */
function containers(file: string): any[] {
  const spec = manifest(file).spec.template.spec;
  return [...(spec.initContainers ?? []), ...spec.containers];
}

describe('ops/k8s carries every documented setting (docs/configuration.md)', () => {
  const settings = readmeSettings();
  const config: Record<string, string> = manifest('configmap.yaml').data;
  const secret: Record<string, string> = manifest('secret.yaml').stringData;

  it('each variable of the table in the ConfigMap or the Secret (or set by the Deployments), with the documented default or empty when unset', () => {
    expect(settings.size).toBeGreaterThan(20);
    const fixed = new Set(Object.values(FIXED_BY_DEPLOYMENTS).flat());
    for (const [variable, readmeDefault] of settings) {
      if (fixed.has(variable)) continue;
      if (SECRET.includes(variable)) {
        expect(Object.keys(secret), variable).toContain(variable);
        continue;
      }
      expect(Object.keys(config), variable).toContain(variable);
      expect(config[variable], variable).toBe(DIFFERENT_DEFAULTS[variable] ?? readmeDefault ?? '');
    }
    expect([...Object.keys(config), ...Object.keys(secret)].filter((variable) => !settings.has(variable))).toEqual([]);
    expect(Object.keys(secret).sort()).toEqual([...SECRET].sort());
  });

  it('every container of the migrations Job and the Deployments reads both, and the Deployments set where they listen', () => {
    for (const file of ['migrate-job.yaml', 'api-deployment.yaml', 'worker-deployment.yaml']) {
      for (const container of containers(file)) {
        expect(container.envFrom, `${file} ${container.name}`).toEqual([
          { configMapRef: { name: 'accounts-config' } },
          { secretRef: { name: 'accounts-secret' } },
        ]);
      }
    }
    for (const [file, variables] of Object.entries(FIXED_BY_DEPLOYMENTS)) {
      const main = manifest(file).spec.template.spec.containers[0];
      expect(main.env.map((entry: { name: string }) => entry.name).sort(), file).toEqual([...variables].sort());
    }
  });

  it('gives each process longer to stop than it takes to drain: the API its request timeout, the worker its callback timeout plus 10 s', () => {
    const apiGrace = manifest('api-deployment.yaml').spec.template.spec.terminationGracePeriodSeconds;
    const workerGrace = manifest('worker-deployment.yaml').spec.template.spec.terminationGracePeriodSeconds;
    expect(apiGrace).toBeGreaterThan(Number(config.REQUEST_TIMEOUT_MS) / 1000 + 5);
    expect(workerGrace).toBeGreaterThan(Number(config.CALLBACK_TIMEOUT_MS) / 1000 + 10);
  });
});
