import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml, parseAllDocuments, stringify } from 'yaml';

import { readmeSettings } from './support/readme-settings.js';

/** Settings that hold credentials: the runtime Secret's, and the migrations' own. */
const SECRET = ['DATABASE_URL', 'REDIS_URL', 'DATABASE_REPLICA_URLS'];
const MIGRATE_SECRET = ['DATABASE_URL'];
/** Settings each Deployment sets itself: where it listens. */
const FIXED_BY_DEPLOYMENTS: Record<string, string[]> = { 'accounts-api': ['PORT', 'HOST'], 'accounts-worker': ['WORKER_PORT', 'HOST'] };
/**
 * Readme defaults the ConfigMap states otherwise, and why: pods have no terminal, so the lines are JSON either way;
 * the migrations Job migrates, the pods only check.
 */
const DIFFERENT_DEFAULTS: Record<string, string> = { LOG_FORMAT: 'json', MIGRATIONS_AT_START: 'check' };
const OVERLAYS = ['replicas-sentinel', 'production'];
const VERSION: string = JSON.parse(readFileSync('package.json', 'utf8')).version;

/** The objects `kubectl kustomize <dir>` renders. */
function render(dir: string): any[] {
  return parseAllDocuments(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' }))
    .map((document) => document.toJSON())
    .filter(Boolean);
}

/** The one object of `kind` named `name` (or whose name starts with `name-` when generated) in `objects`. */
function find(objects: any[], kind: string, name: string): any {
  const found = objects.filter(
    (object) => object.kind === kind && (object.metadata.name === name || object.metadata.name.startsWith(`${name}-`)),
  );
  expect(
    found.map((object) => object.metadata.name),
    `${kind} ${name}`,
  ).toHaveLength(1);
  return found[0];
}

/** The pod specs of the workloads in `objects`, by object name. */
function podSpecs(objects: any[]): Record<string, any> {
  return Object.fromEntries(
    objects
      .filter((object) => ['Deployment', 'Job'].includes(object.kind))
      .map((object) => [object.metadata.name, object.spec.template.spec]),
  );
}

/** Secret values as the pods see them. */
function secretData(secret: any): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(String(value), 'base64').toString('utf8')]),
  );
}

/** Runs scripts/validate-k8s.mjs on `objects`. */
function validate(objects: any[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['scripts/validate-k8s.mjs', '-'], {
    input: objects.map((object) => stringify(object)).join('---\n'),
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const base = render('ops/k8s');
const config: Record<string, string> = find(base, 'ConfigMap', 'accounts-config').data;
const configName: string = find(base, 'ConfigMap', 'accounts-config').metadata.name;
const secret = find(base, 'Secret', 'accounts-secret');
const migrateSecret = find(base, 'Secret', 'accounts-migrate-secret');

describe('ops/k8s carries every documented setting (docs/configuration.md)', () => {
  const settings = readmeSettings();

  it('each variable of the table in the ConfigMap or the Secrets (or set by the Deployments), with the documented default or empty when unset', () => {
    expect(settings.size).toBeGreaterThan(20);
    const fixed = new Set(Object.values(FIXED_BY_DEPLOYMENTS).flat());
    const secrets = secretData(secret);
    for (const [variable, readmeDefault] of settings) {
      if (fixed.has(variable)) continue;
      if (SECRET.includes(variable)) {
        expect(Object.keys(secrets), variable).toContain(variable);
        continue;
      }
      expect(Object.keys(config), variable).toContain(variable);
      expect(config[variable], variable).toBe(DIFFERENT_DEFAULTS[variable] ?? readmeDefault ?? '');
    }
    expect([...Object.keys(config), ...Object.keys(secrets)].filter((variable) => !settings.has(variable))).toEqual([]);
    expect(Object.keys(secrets).sort()).toEqual([...SECRET].sort());
    expect(Object.keys(secretData(migrateSecret))).toEqual(MIGRATE_SECRET);
  });

  it('the Deployments read the ConfigMap and the runtime Secret by their generated names; the migrations Job reads the ConfigMap and its own Secret', () => {
    expect(configName).toMatch(/^accounts-config-[a-z0-9]{10}$/);
    expect(secret.metadata.name).toMatch(/^accounts-secret-[a-z0-9]{10}$/);
    const specs = podSpecs(base);
    expect(Object.keys(specs).sort()).toEqual(['accounts-api', 'accounts-migrate-' + VERSION, 'accounts-worker']);
    for (const [name, spec] of Object.entries(specs)) {
      const runtime = !name.startsWith('accounts-migrate');
      expect(spec.containers, name).toHaveLength(1);
      expect(spec.containers[0].envFrom, name).toEqual([
        { configMapRef: { name: configName } },
        { secretRef: { name: (runtime ? secret : migrateSecret).metadata.name } },
      ]);
    }
    for (const [name, variables] of Object.entries(FIXED_BY_DEPLOYMENTS)) {
      expect(specs[name].containers[0].env.map((entry: { name: string }) => entry.name).sort(), name).toEqual([...variables].sort());
    }
  });

  it('a changed setting is a new ConfigMap name in the pod templates, so the Deployments roll', () => {
    const dir = mkdtempSync(join(tmpdir(), 'k8s-overlay-'));
    try {
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        stringify({
          resources: [relative(dir, resolve('ops/k8s'))],
          configMapGenerator: [{ name: 'accounts-config', behavior: 'merge', literals: ['LOG_LEVEL=debug'] }],
        }),
      );
      const changed = render(dir);
      const name = find(changed, 'ConfigMap', 'accounts-config').metadata.name;
      expect(name).not.toBe(configName);
      for (const deployment of ['accounts-api', 'accounts-worker'])
        expect(find(changed, 'Deployment', deployment).spec.template.spec.containers[0].envFrom[0]).toEqual({ configMapRef: { name } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each process longer to stop than it takes to drain: the API its request timeout, the worker its callback timeout plus 10 s', () => {
    const specs = podSpecs(base);
    expect(specs['accounts-api'].terminationGracePeriodSeconds).toBeGreaterThan(Number(config.REQUEST_TIMEOUT_MS) / 1000 + 5);
    expect(specs['accounts-worker'].terminationGracePeriodSeconds).toBeGreaterThan(Number(config.CALLBACK_TIMEOUT_MS) / 1000 + 10);
  });
});

describe('migrations run in the Job only, named per release (docs/operations.md#migrations)', () => {
  it('no init container anywhere; the pods check the schema, the Job alone runs `migrations run`', () => {
    expect(config.MIGRATIONS_AT_START).toBe('check');
    for (const objects of [base, ...OVERLAYS.map((overlay) => render(`ops/k8s-overlays/${overlay}`))]) {
      const specs = podSpecs(objects);
      for (const [name, spec] of Object.entries(specs)) {
        expect(spec.initContainers, name).toBeUndefined();
        const migrates = spec.containers.some(
          (container: { command: string[] }) => container.command.join(' ') === 'node dist/cli.js migrations run',
        );
        expect(migrates, name).toBe(name.startsWith('accounts-migrate-'));
      }
    }
  });

  it("the base's Job and image are this package's version; an overlay's RELEASE names its Job, and its image is pinned by digest", () => {
    const job = find(base, 'Job', 'accounts-migrate');
    expect(job.metadata.name).toBe(`accounts-migrate-${VERSION}`);
    expect(job.spec.template.metadata.labels['app.kubernetes.io/version']).toBe(VERSION);
    expect(new Set(Object.values(podSpecs(base)).map((spec) => spec.containers[0].image))).toEqual(
      new Set([`accounts-service:${VERSION}`]),
    );

    const production = render('ops/k8s-overlays/production');
    expect(find(production, 'Job', 'accounts-migrate').metadata.name).toBe('accounts-migrate-1.4.0');
    for (const spec of Object.values(podSpecs(production)))
      expect(spec.containers[0].image).toMatch(/^registry\.example\.com\/accounts-service@sha256:[0-9a-f]{64}$/);
  });

  it('ships no password: every credential in the base and the overlays is the REPLACE_ME placeholder', () => {
    for (const objects of [base, ...OVERLAYS.map((overlay) => render(`ops/k8s-overlays/${overlay}`))]) {
      const urls = objects
        .filter((object) => object.kind === 'Secret')
        .flatMap((object) => Object.values(secretData(object)))
        .flatMap((value) => value.split(','))
        .filter((url) => url.includes('@'));
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(new URL(url).password, url).toBe('REPLACE_ME');
    }
  });
});

describe('pods a platform team admits', () => {
  it('spreads both Deployments over zones and nodes, and labels every pod with its component', () => {
    for (const [name, component] of [
      ['accounts-api', 'api'],
      ['accounts-worker', 'worker'],
    ] as const) {
      const deployment = find(base, 'Deployment', name);
      expect(deployment.spec.template.metadata.labels['app.kubernetes.io/component']).toBe(component);
      expect(
        deployment.spec.template.spec.topologySpreadConstraints.map((constraint: { topologyKey: string }) => constraint.topologyKey),
      ).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
      for (const constraint of deployment.spec.template.spec.topologySpreadConstraints)
        expect(constraint.labelSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    }
  });

  it('a NetworkPolicy for each workload: the API open on its port, the worker on its metrics port, the Job on none', () => {
    const policies = base.filter((object) => object.kind === 'NetworkPolicy');
    const byPod: Record<string, any> = Object.fromEntries(
      policies.map((policy) => [policy.spec.podSelector.matchLabels['app.kubernetes.io/name'], policy.spec]),
    );
    expect(Object.keys(byPod).sort()).toEqual(['accounts-api', 'accounts-migrate', 'accounts-worker']);
    for (const spec of Object.values(byPod)) expect(spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(byPod['accounts-api'].ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
    expect(byPod['accounts-worker'].ingress).toEqual([{ ports: [{ port: 'metrics', protocol: 'TCP' }] }]);
    expect(byPod['accounts-migrate'].ingress).toBeUndefined();
    // The worker reaches receivers on public addresses, never the cloud metadata address or private ranges.
    const receivers = byPod['accounts-worker'].egress.find((rule: { to?: unknown }) => rule.to);
    expect(receivers.to[0].ipBlock).toMatchObject({ cidr: '0.0.0.0/0', except: expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']) });
  });

  it('the base and every overlay pass the strict schemas and the "restricted" check', { timeout: 90_000 }, () => {
    const all = [base, ...OVERLAYS.map((overlay) => render(`ops/k8s-overlays/${overlay}`))].flat();
    const { status, output } = validate(all);
    expect(output).toContain(`${all.length} valid, 0 invalid`);
    expect(status).toBe(0);
  });

  it('fails on a misspelt field, a wrong type, and each rule of "restricted" broken', { timeout: 90_000 }, () => {
    const cases: [string, (spec: any) => void, string][] = [
      [
        'readinessProbes',
        (spec) => {
          spec.containers[0].readinessProbes = spec.containers[0].readinessProbe;
          delete spec.containers[0].readinessProbe;
        },
        'Deployment.spec.template.spec.containers[0].readinessProbes: unknown field',
      ],
      [
        'wrong-type',
        (spec) => (spec.terminationGracePeriodSeconds = 'long'),
        'data/spec/template/spec/terminationGracePeriodSeconds must be integer',
      ],
      [
        'seccomp',
        (spec) => delete spec.securityContext.seccompProfile,
        'not "restricted": containers[api]: seccompProfile.type must be RuntimeDefault or Localhost (pod or container)',
      ],
      ['token', (spec) => delete spec.automountServiceAccountToken, 'not "restricted": automountServiceAccountToken must be false'],
      [
        'root-fs',
        (spec) => (spec.containers[0].securityContext.readOnlyRootFilesystem = false),
        'not "restricted": containers[api]: readOnlyRootFilesystem must be true',
      ],
      [
        'capabilities',
        (spec) => (spec.containers[0].securityContext.capabilities = { drop: ['NET_RAW'] }),
        'not "restricted": containers[api]: capabilities.drop must include ALL',
      ],
      [
        'escalation',
        (spec) => delete spec.containers[0].securityContext.allowPrivilegeEscalation,
        'not "restricted": containers[api]: allowPrivilegeEscalation must be false',
      ],
      ['root', (spec) => (spec.securityContext.runAsUser = 0), 'not "restricted": securityContext.runAsUser must not be 0'],
      [
        'latest',
        (spec) => (spec.containers[0].image = 'accounts-service:latest'),
        'image accounts-service:latest has no tag or digest (or is latest)',
      ],
    ];
    const api = find(base, 'Deployment', 'accounts-api');
    const broken = cases.map(([name, change]) => {
      const copy = structuredClone(api);
      copy.metadata.name = `broken-${name}`;
      change(copy.spec.template.spec);
      return copy;
    });
    const { status, output } = validate([...base, ...broken]);
    for (const [name, , message] of cases) {
      expect(output).toContain(`Deployment/broken-${name} (apps/v1): ${message}`);
      expect(
        output.split('\n').filter((line) => line.startsWith(`Deployment/broken-${name} `)),
        name,
      ).toHaveLength(1);
    }
    expect(output).toContain(`${base.length} valid, ${cases.length} invalid`);
    expect(status).toBe(1);
  });
});

describe('the monitoring component (ops/k8s-components/monitoring)', () => {
  const production = render('ops/k8s-overlays/production');

  it('holds the rules of ops/prometheus/alerts.yml, and the script that writes it agrees', () => {
    const rules = parseYaml(readFileSync('ops/prometheus/alerts.yml', 'utf8'));
    expect(find(production, 'PrometheusRule', 'accounts-service').spec.groups).toEqual(rules.groups);
    expect(spawnSync(process.execPath, ['scripts/prometheus-rule.mjs', '--check'], { encoding: 'utf8' }).status).toBe(0);
  });

  it('scrapes both metrics Services, pods not ready included, with their component as the label `component`', () => {
    const monitor = find(production, 'ServiceMonitor', 'accounts-service');
    const services = production.filter(
      (object) =>
        object.kind === 'Service' &&
        Object.entries(monitor.spec.selector.matchLabels).every(([key, value]) => object.metadata.labels?.[key] === value),
    );
    const scraped = services.filter((service) =>
      service.spec.ports.some((port: { name: string }) => port.name === monitor.spec.endpoints[0].port),
    );
    expect(scraped.map((service) => [service.metadata.name, service.spec.publishNotReadyAddresses])).toEqual([
      ['accounts-api-metrics', true],
      ['accounts-worker-metrics', true],
    ]);
    expect(monitor.spec.endpoints[0].relabelings).toEqual([
      { sourceLabels: ['__meta_kubernetes_pod_label_app_kubernetes_io_component'], targetLabel: 'component' },
    ]);
  });
});
