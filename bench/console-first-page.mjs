/**
 * The console's first page of deliveries in a real browser (docs/console.md#a-callback-with-a-million-deliveries):
 * Debian's Chromium, driven by playwright-core, signs in to a running API's console, then opens a callback's
 * deliveries again and again; each time is from the click on Deliveries to the first row shown.
 *
 *   CONSOLE_URL=http://127.0.0.1:3000 CONSOLE_USER=A1 CONSOLE_TOKEN=... node bench/console-first-page.mjs [--runs 20]
 *
 * Run it against an API whose app has many deliveries (e.g. after `bench/delivery-log.mjs`, which seeds a million).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

import { percentile } from './stats.mjs';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const { CONSOLE_URL, CONSOLE_USER, CONSOLE_TOKEN } = process.env;
const profile = mkdtempSync(join(tmpdir(), 'console-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.TEST_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await context.newPage();
  await page.goto(`${CONSOLE_URL}/console/`);
  await page.getByLabel('Username').fill(CONSOLE_USER);
  await page.getByLabel('Token').fill(CONSOLE_TOKEN);
  await page.keyboard.press('Enter');
  const samples = [];
  let results = '';
  for (let run = 0; run < Number(options.runs); run++) {
    await page.getByRole('button', { name: 'Deliveries' }).click({ trial: true });
    const started = performance.now();
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.locator('tbody tr').first().waitFor();
    samples.push(performance.now() - started);
    results = await page.locator('.toolbar .note').textContent();
    await page.getByRole('button', { name: '← Callbacks' }).click();
  }
  samples.sort((a, b) => a - b);
  const ms = (value) => value.toFixed(1);
  console.log(`${results}: first page p50 ${ms(percentile(samples, 50))} ms, max ${ms(samples.at(-1))} ms (${samples.length} runs)`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
