// Writes the monitoring component's PrometheusRule (ops/k8s-components/monitoring/prometheus-rule.yaml) from the
// alert rules of ops/prometheus/alerts.yml, so both hold the same rules: `node scripts/prometheus-rule.mjs`.
// With --check, writes nothing and exits 1 when the file differs from what it would write (CI).
import { readFileSync, writeFileSync } from 'node:fs';

import { format, resolveConfig } from 'prettier';
import { parse, stringify } from 'yaml';

const SOURCE = 'ops/prometheus/alerts.yml';
const TARGET = 'ops/k8s-components/monitoring/prometheus-rule.yaml';

const rules = parse(readFileSync(SOURCE, 'utf8'));
const header = [
  `# Written by scripts/prometheus-rule.mjs from ${SOURCE}: edit that file and run the script (CI checks they agree).`,
  '# The Prometheus Operator loads it when its ruleSelector matches these labels (docs/operations.md#alerts).',
  '',
].join('\n');
const object = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'PrometheusRule',
  metadata: { name: 'accounts-service', labels: { 'app.kubernetes.io/name': 'accounts-service' } },
  spec: { groups: rules.groups },
};
// In the repository's Prettier style, so that `prettier --check` (npm run lint) agrees with it.
const text = await format(header + stringify(object, { lineWidth: 0 }), { ...(await resolveConfig(TARGET)), filepath: TARGET });

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(TARGET, 'utf8');
  } catch {
    // missing: differs
  }
  if (current !== text) {
    console.error(`${TARGET} is not what ${SOURCE} gives: run node scripts/prometheus-rule.mjs`);
    process.exit(1);
  }
  console.log(`${TARGET}: the rules of ${SOURCE}`);
} else {
  writeFileSync(TARGET, text);
  console.log(`wrote ${TARGET}`);
}
