import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules: Rule[] = parseYaml(readFileSync('ops/prometheus/alerts.yml', 'utf8')).groups.flatMap(
  (group: { rules: Rule[] }) => group.rules,
);
const tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[] = parseYaml(
  readFileSync('ops/prometheus/alerts.test.yml', 'utf8'),
).tests;

/** The anchors of docs/operations.md's headings, as a Markdown renderer (GitHub's) makes them. */
function anchors(file: string): Set<string> {
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) =>
        line
          .replace(/^#+ /, '')
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 _-]/g, '')
          .replace(/ /g, '-'),
      ),
  );
}

/** The alert rules (ops/prometheus/alerts.yml, docs/operations.md#alerts) as any scrape can use them. */
describe('alert rules', () => {
  it('include an API-absent and a deliveries-waiting alert besides the others', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['AccountsApiAbsent', 'AccountsWorkerAbsent', 'AccountsDeliveriesWaitingTooLong']),
    );
  });

  it('select processes by the `component` label the manifests set, never by a job name', () => {
    for (const rule of rules) expect(rule.expr, rule.alert).not.toMatch(/\bjob\s*(=|!=|=~|!~)/);
    const components = new Set(rules.flatMap((rule) => [...rule.expr.matchAll(/component="([^"]+)"/g)].map((match) => match[1])));
    expect([...components].sort()).toEqual(['api', 'worker']);
    // Set on the pods (relabelled by the ServiceMonitor) and by the compose scrape configuration.
    for (const [file, component] of [
      ['ops/k8s/api-deployment.yaml', 'api'],
      ['ops/k8s/worker-deployment.yaml', 'worker'],
    ])
      expect(parseYaml(readFileSync(file, 'utf8')).spec.template.metadata.labels['app.kubernetes.io/component'], file).toBe(component);
    const scrape = parseYaml(readFileSync('ops/prometheus/prometheus.yml', 'utf8')).scrape_configs;
    expect(scrape.map((job: { relabel_configs: unknown[] }) => job.relabel_configs)).toEqual([
      [{ target_label: 'component', replacement: 'api' }],
      [{ target_label: 'component', replacement: 'worker' }],
    ]);
  });

  it('each waits `for:` a while, has a severity, and links its runbook: a section of docs/operations.md that exists', () => {
    const sections = anchors('docs/operations.md');
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^[1-9]\d*m$/);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.runbook_url, rule.alert).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
      expect(sections.has(rule.alert.toLowerCase()), `docs/operations.md has a section ${rule.alert}`).toBe(true);
    }
  });

  it('each has a promtool test where it fires and one where it stays quiet (ops/prometheus/alerts.test.yml)', () => {
    const cases = tests.flatMap((test) => test.alert_rule_test);
    for (const rule of rules) {
      const own = cases.filter((entry) => entry.alertname === rule.alert);
      expect(
        own.some((entry) => entry.exp_alerts.length > 0),
        `${rule.alert} fires`,
      ).toBe(true);
      expect(
        own.some((entry) => entry.exp_alerts.length === 0),
        `${rule.alert} stays quiet`,
      ).toBe(true);
    }
  });
});
