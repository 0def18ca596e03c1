/**
 * The benchmark's picture: a grouped bar chart of the median ratio to the
 * reference per scenario (every scenario with a target), each data-set size
 * side by side, the min–max spread over the rounds as whiskers, the median's
 * value beside them and the target as a black tick; vega-lite compiled to
 * vega and rendered to SVG in Node (`renderer: 'none'`: no browser, no
 * canvas). run.mjs draws it at the end of a run (`--chart`).
 *
 * `node bench/chart.mjs [run.json] [out.svg]` redraws it from a run's JSON
 * (defaults: bench/results/latest.json, bench/results/ratios.svg), e.g. for
 * a run whose tables are pasted into RESULTS.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as vega from 'vega';
import { compile } from 'vega-lite';

/**
 * The chart's rows: one per scenario with a target and data-set size (a run
 * of a single round, or from before rounds, has no spread: min = max = ratio);
 * `labelAt` places the median's label right of both the whisker and the target.
 */
function chartData(run) {
  return run.scales.flatMap((scale) =>
    scale.results
      .filter((result) => result.target !== undefined)
      .map((result) => ({
        scenario: result.name,
        size: `${scale.accounts.toLocaleString('en-US')} accounts`,
        ratio: result.ratio,
        min: result.ratioMin ?? result.ratio,
        max: result.ratioMax ?? result.ratio,
        target: result.target,
        labelAt: Math.max(result.ratioMax ?? result.ratio, result.target),
      })),
  );
}

/** The vega-lite spec of a run (`{ startedAt, settings: { rounds }, scales: [{ accounts, results }] }` as run.mjs writes it). */
export function chartSpec(run) {
  const rounds = run.settings?.rounds;
  const y = { field: 'scenario', type: 'nominal', sort: null, title: null, axis: { labelLimit: 480 } };
  const yOffset = { field: 'size', sort: null };
  const whisker = (field) => ({
    mark: { type: 'tick', color: '#333', thickness: 1.5, size: 9 },
    encoding: { yOffset, x: { field, type: 'quantitative' } },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Throughput as a ratio of the same-run reference',
      subtitle: [
        rounds === 1
          ? 'bar: one round (no spread); black tick: the target'
          : `bar: median over ${rounds ?? 'the'} rounds; whiskers: min–max over the rounds; black tick: the target`,
        `run ${run.startedAt}`,
      ],
    },
    width: 480,
    data: { values: chartData(run) },
    encoding: { y },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.9 } },
        encoding: {
          yOffset,
          x: { field: 'ratio', type: 'quantitative', title: 'ratio to the reference (req/s ÷ reference req/s)' },
          color: { field: 'size', type: 'nominal', sort: null, title: 'data set' },
          tooltip: [
            { field: 'scenario' },
            { field: 'size' },
            { field: 'ratio', format: '.2f' },
            { field: 'min', format: '.2f' },
            { field: 'max', format: '.2f' },
            { field: 'target' },
          ],
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 5, fontSize: 10, color: '#222' },
        encoding: { yOffset, x: { field: 'labelAt', type: 'quantitative' }, text: { field: 'ratio', format: '.2f' } },
      },
      {
        mark: { type: 'rule', color: '#333', strokeWidth: 1.5 },
        encoding: { yOffset, x: { field: 'min', type: 'quantitative' }, x2: { field: 'max' } },
      },
      whisker('min'),
      whisker('max'),
      {
        mark: { type: 'tick', color: 'black', opacity: 1, thickness: 3 },
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
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h') || args.length > 2) {
    console.log('usage: node bench/chart.mjs [run.json (bench/results/latest.json)] [out.svg (bench/results/ratios.svg)]');
    process.exit(args.length > 2 ? 1 : 0);
  }
  const [input = 'bench/results/latest.json', output = 'bench/results/ratios.svg'] = args;
  await writeChart(chartSpec(JSON.parse(await readFile(input, 'utf8'))), output);
  console.log(`wrote ${output}`);
}
