import { readdirSync, readFileSync } from 'node:fs';

import { parser } from '@prometheus-io/lezer-promql';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { useTestApp } from './support/use-test-app.js';

const DASHBOARD_DIR = 'ops/grafana/dashboards';
const dashboards = readdirSync(DASHBOARD_DIR).map((file) => ({ file, json: JSON.parse(readFileSync(`${DASHBOARD_DIR}/${file}`, 'utf8')) }));
const alertRules: { alert: string; expr: string }[] = parseYaml(readFileSync('ops/prometheus/alerts.yml', 'utf8')).groups.flatMap(
  (group: { rules: unknown[] }) => group.rules,
);
const datasources = parseYaml(readFileSync('ops/grafana/provisioning/datasources/prometheus.yml', 'utf8')).datasources as {
  uid: string;
  type: string;
}[];

/** Every PromQL expression of the pack, with where it comes from (Grafana's `$__rate_interval` as a plain range). */
const expressions = [
  ...dashboards.flatMap(({ file, json }) =>
    json.panels.flatMap((panel: { title: string; targets?: { expr: string }[] }) =>
      (panel.targets ?? []).map((target) => ({ where: `${file}: ${panel.title}`, expr: target.expr })),
    ),
  ),
  ...alertRules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
].map(({ where, expr }) => ({ where, expr: expr.replaceAll('$__rate_interval', '5m') }));

/** The metric names an expression selects, or the parse errors it has. */
function analyse(expr: string): { metrics: string[]; errors: string[] } {
  const cursor = parser.parse(expr).cursor();
  const metrics: string[] = [];
  const errors: string[] = [];
  do {
    if (cursor.type.isError) errors.push(`error at ${cursor.from}: ${JSON.stringify(expr.slice(cursor.from, cursor.from + 20))}`);
    if (cursor.name === 'Identifier' && cursor.node.parent?.name === 'VectorSelector') metrics.push(expr.slice(cursor.from, cursor.to));
  } while (cursor.next());
  return { metrics, errors };
}

/** The operations pack (ops/): the Grafana dashboard and the Prometheus alert rules read what the service exports. */
describe('observability pack', () => {
  const { t } = useTestApp();

  it('provisions dashboards Grafana can load: uid, title, schema version, panels with ids, positions and targets on the provisioned datasource', () => {
    expect(dashboards.length).toBeGreaterThan(0);
    for (const { file, json } of dashboards) {
      expect(json, file).toMatchObject({
        uid: expect.stringMatching(/^[a-z0-9-]{1,40}$/),
        title: expect.any(String),
        schemaVersion: expect.any(Number),
        panels: expect.any(Array),
      });
      const ids = json.panels.map((panel: { id: number }) => panel.id);
      expect(new Set(ids).size, `${file}: panel ids are unique`).toBe(ids.length);
      for (const panel of json.panels) {
        expect(panel, `${file}: ${panel.title}`).toMatchObject({
          id: expect.any(Number),
          type: expect.any(String),
          title: expect.any(String),
          gridPos: { x: expect.any(Number), y: expect.any(Number), w: expect.any(Number), h: expect.any(Number) },
        });
        if (panel.type === 'row') continue;
        expect(panel.datasource, `${file}: ${panel.title}`).toEqual({ type: 'prometheus', uid: '${datasource}' });
        for (const target of panel.targets ?? [])
          expect(target.datasource, `${file}: ${panel.title}`).toEqual({ type: 'prometheus', uid: '${datasource}' });
        expect(panel.targets.length, `${file}: ${panel.title}`).toBeGreaterThan(0);
      }
    }
    expect(datasources).toEqual([expect.objectContaining({ type: 'prometheus', uid: 'prometheus', isDefault: true })]);
  });

  it('imports into an existing Grafana: the datasource variable, which every panel and variable follows, job and instance variables every query uses', () => {
    for (const { file, json } of dashboards) {
      // No __inputs: an import would write the chosen datasource's uid into every panel, and the variable would change nothing.
      expect(json.__inputs, file).toBeUndefined();
      expect(JSON.stringify(json), file).not.toContain('DS_PROMETHEUS');
      const variables = Object.fromEntries(json.templating.list.map((variable: { name: string }) => [variable.name, variable]));
      expect(Object.keys(variables), file).toEqual(['datasource', 'job', 'instance']);
      // Provisioned or imported, the variable starts on the default Prometheus and every panel follows it.
      expect(variables.datasource, file).toMatchObject({ type: 'datasource', query: 'prometheus', label: 'Data source' });
      for (const name of ['job', 'instance']) {
        expect(variables[name], `${file}: ${name}`).toMatchObject({
          type: 'query',
          datasource: { type: 'prometheus', uid: '${datasource}' },
          multi: true,
          includeAll: true,
        });
      }
      expect(variables.instance.query.query, file).toContain('job=~"$job"');
      // Nothing pins a datasource or a job of one deployment.
      expect(JSON.stringify(json), file).not.toMatch(/"uid":\s*"prometheus"|job=~?"accounts-/);
    }
    for (const { where, expr } of expressions.filter(({ where }) => !where.startsWith('alert '))) {
      const selectors = analyse(expr).metrics.length;
      expect(expr.split('{job=~"$job", instance=~"$instance"').length - 1, `${where}: every selector filters on $job and $instance`).toBe(
        selectors,
      );
    }
  });

  it('shows every metric an alert fires on in a panel (replicas and disabled callbacks included)', () => {
    const panelMetrics = new Set(
      expressions.filter(({ where }) => !where.startsWith('alert ')).flatMap(({ expr }) => analyse(expr).metrics),
    );
    const alertMetrics = [
      ...new Set(expressions.filter(({ where }) => where.startsWith('alert ')).flatMap(({ expr }) => analyse(expr).metrics)),
    ];
    expect(alertMetrics).toEqual(expect.arrayContaining(['db_replica_available', 'callbacks_disabled']));
    expect(alertMetrics.filter((metric) => !panelMetrics.has(metric))).toEqual([]);
  });

  it("has every PromQL expression parse, and select only metrics the service exports (or Prometheus's up)", async () => {
    const exposition = (await t.http.get('/metrics')).text;
    const exported = new Set(['up']);
    for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(name + suffix);
    }
    expect(expressions.length).toBeGreaterThanOrEqual(15);
    const problems: string[] = [];
    for (const { where, expr } of expressions) {
      const { metrics, errors } = analyse(expr);
      problems.push(...errors.map((error) => `${where}: ${error}`));
      if (metrics.length === 0) problems.push(`${where}: selects no metric`);
      problems.push(...metrics.filter((metric) => !exported.has(metric)).map((metric) => `${where}: ${metric} is not exported`));
    }
    expect(problems).toEqual([]);
  });
});
