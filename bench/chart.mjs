/**
 * The benchmark's picture: median ratio to the reference per scenario, each
 * data-set size side by side, the min–max spread over the rounds as a line
 * and the target as a black tick; vega-lite compiled to vega and rendered to
 * SVG in Node (no browser, no canvas).
 *
 * `node bench/chart.mjs [run.json] [out.svg]` redraws it from a run's JSON
 * (defaults: bench/results/latest.json, bench/results/ratios.svg).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as vega from 'vega';
import { compile } from 'vega-lite';

/** The chart's rows: one per scenario with a target and data-set size. */
function chartData(run) {
  return run.scales.flatMap((scale) =>
    scale.results
      .filter((result) => result.target !== undefined)
      .map((result) => ({
        scenario: result.name,
        size: `${scale.accounts.toLocaleString('en-US')} accounts`,
        ratio: result.ratio,
        min: result.ratioMin,
        max: result.ratioMax,
        target: result.target,
      })),
  );
}

/** The vega-lite spec of a run (`{ startedAt, scales: [{ accounts, results }] }` as run.mjs writes it). */
export function chartSpec(run) {
  const y = { field: 'scenario', type: 'nominal', sort: null, title: null, axis: { labelLimit: 360 } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Throughput as a ratio of the same-run reference', subtitle: `median over the rounds; run ${run.startedAt}` },
    width: 420,
    data: { values: chartData(run) },
    encoding: { y },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.9 } },
        encoding: {
          yOffset: { field: 'size', sort: null },
          x: { field: 'ratio', type: 'quantitative', title: 'ratio to the reference (req/s ÷ reference req/s)' },
          color: { field: 'size', type: 'nominal', sort: null, title: 'data set' },
        },
      },
      {
        mark: { type: 'rule', color: '#444' },
        encoding: { yOffset: { field: 'size', sort: null }, x: { field: 'min', type: 'quantitative' }, x2: { field: 'max' } },
      },
      {
        mark: { type: 'tick', color: 'black', thickness: 3 },
        encoding: { x: { field: 'target', type: 'quantitative' } },
      },
    ],
  };
}

/** Renders `spec` to SVG at `path`. */
export async function writeChart(spec, path) {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, svg);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input = 'bench/results/latest.json', output = 'bench/results/ratios.svg'] = process.argv.slice(2);
  await writeChart(chartSpec(JSON.parse(await readFile(input, 'utf8'))), output);
  console.log(`wrote ${output}`);
}
