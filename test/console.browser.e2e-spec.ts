import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useDeliveryScenario, WHSEC } from './support/delivery-scenario.js';
import { embeddedDeliveryEnv, settledDeliveries } from './support/deliveries.js';
import { chromiumPath } from './support/suite-selection.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** With `CONSOLE_SCREENSHOTS=docs`, the test writes the screenshots of docs/console.md there. */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS;

/** Chromium's flags for a quiet, isolated headless run in CI (no sandbox: CI runs as root). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The serious and critical accessibility violations axe-core finds on the page as it is now (rule id: nodes). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations: { id: string; impact: string; nodes: { target: string[] }[] }[] = await page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    return (await axe.run((globalThis as any).document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `console-${name}.png`), fullPage: true });
}

/**
 * The console (docs/console.md) in a real Chromium driven by Playwright, against the API with embedded delivery and a
 * local receiver: sign in, a failed delivery, redeliver it and see it succeed, rotate the secret (shown once, copied,
 * signing the next delivery), sign out; axe-core on each page; no CSP violation.
 */
describe('console in a browser', () => {
  const { t, receiver, s } = useDeliveryScenario(embeddedDeliveryEnv());
  let context: BrowserContext;
  let profile: string;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'console-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(process.env),
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('signs in, redelivers a failed delivery until it succeeds, rotates the secret and signs out', async () => {
    await s.register(s.listener, '/hook');
    receiver.script('/hook', { status: 503 }, { status: 503 }, { status: 503 });
    await s.emit();
    const [failed] = await settledDeliveries(t.dataSource, 1);
    expect(failed.status).toBe('failed');

    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const answer = await page.goto(`${t.http.baseUrl}/console`);
    expect(answer?.status()).toBe(200);
    expect(page.url()).toBe(`${t.http.baseUrl}/console/`);

    // Sign in, with the keyboard only.
    await expect(page.getByRole('heading', { name: 'Callbacks console' }).isVisible()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in');
    await page.getByLabel('Username').focus();
    await page.keyboard.type(s.listener.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-token');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'The service refused these credentials' }).waitFor();
    await page.getByLabel('Token').fill(s.listener.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Callbacks', exact: true }).waitFor();
    await page.getByText(receiver.url('/hook')).waitFor();
    await page.getByText(/Failing since/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'callbacks');

    // The failed delivery, its attempts, and a redelivery that succeeds.
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.locator('tbody .badge.failed').first().waitFor();
    await page.getByRole('button', { name: `Delivery ${failed.id}: details` }).click();
    await page.getByRole('heading', { name: `Delivery ${failed.id}` }).waitFor();
    // The attempts are read after the heading is shown: wait for them rather than count once.
    await expect.poll(() => page.locator('.details tbody tr').filter({ hasText: 'HTTP 503' }).count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'delivery');
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Delivery ${failed.id} is queued again` })
      .waitFor();
    await page.locator('.details .badge.succeeded').waitFor({ timeout: 15_000 });
    await expect(page.locator('.details tbody tr').nth(3).locator('td').nth(2).textContent()).resolves.toBe('200');
    await page.locator('tbody .badge.succeeded').first().waitFor({ timeout: 10_000 });
    expect(receiver.requestsTo('/hook')).toHaveLength(4);

    // Rotate the secret: made in the browser, shown once, copied; the next delivery is signed with it.
    await page.getByRole('button', { name: '← Callbacks' }).click();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Generate and set a new secret' }).click();
    const shown = page.getByLabel('New secret (shown once)');
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(secret);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rotate-secret');
    await page.getByRole('button', { name: 'Done, I stored it' }).click();
    await expect(page.getByLabel('New secret (shown once)').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Ping' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Ping recorded as delivery/ })
      .waitFor();
    const [ping] = (await receiver.waitFor('/hook', 5)).slice(4);
    expect(() => new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).not.toThrow();

    // Sign out: the credentials are gone, and were never stored.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Token').waitFor();
    expect(await page.getByLabel('Token').inputValue()).toBe('');
    expect(
      await page.evaluate(() => {
        // The page's globals (the tests are typed without the DOM's library).
        const { localStorage, sessionStorage, document } = globalThis as any;
        return [localStorage.length, sessionStorage.length, document.cookie];
      }),
    ).toEqual([0, 0, '']);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it('sets the rate limit, and recovers failed deliveries once their count is confirmed', async () => {
    await s.register(s.listener, '/hook');
    receiver.script('/hook', ...Array.from({ length: 6 }, () => ({ status: 503 })));
    const first = await s.emit();
    await s.emit();
    const failed = await settledDeliveries(t.dataSource, 2);
    expect(failed.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);

    const page = await context.newPage();
    await page.goto(`${t.http.baseUrl}/console/`);
    await page.getByLabel('Username').fill(s.listener.username);
    await page.getByLabel('Token').fill(s.listener.password);
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: 'Set rate limit' }).click();
    await page.getByLabel('Attempts per second (empty: no limit)').fill('5');
    await page.getByLabel('Current secret').fill(WHSEC);
    await page.getByRole('button', { name: 'Save rate limit' }).click();
    await page.getByRole('status').filter({ hasText: 'Rate limit set to 5 attempts per second.' }).waitFor();
    await page.getByText('5 attempts per second', { exact: true }).waitFor();
    expect((await t.http.get('/callback/account_team_update', { auth: s.listener })).body.rate_limit).toBe(5);

    await page.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('2 deliveries, refreshed every 2 s').waitFor();
    const since = new Date((failed[0].createdAt - 1) * 1000).toISOString().slice(0, 19);
    await page.getByLabel('Failed deliveries created since (UTC)').fill(since);
    await page.getByRole('button', { name: 'Count them' }).click();
    await page.getByText(`2 failed deliveries were created since ${since.replace('T', ' ')} UTC.`).waitFor();
    expect(receiver.requestsTo('/hook')).toHaveLength(6);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'recover');
    await page.getByRole('button', { name: 'Send 2 again' }).click();
    await page.getByRole('status').filter({ hasText: 'Recover: 2 failed deliveries are being sent again.' }).waitFor();
    await page.getByText('No deliveries with status failed yet.').waitFor({ timeout: 15_000 });
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByText('2 deliveries, refreshed every 2 s').waitFor({ timeout: 15_000 });
    await receiver.waitFor('/hook', 8);

    // Filter by the account an event is about, with the status filter.
    await page.getByLabel('Account id').fill(first.id);
    await page.keyboard.press('Enter');
    await page.getByText('1 delivery, refreshed every 2 s').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    const [mine] = (await t.http.get(`/callback/account_team_update/deliveries?account=${first.id}`, { auth: s.listener })).body.data;
    await page.getByRole('button', { name: `Delivery ${mine.id}: details` }).waitFor();
    await page.getByLabel('Account id').fill('1');
    await page.keyboard.press('Enter');
    await page.getByText('No deliveries with status succeeded about account 1 yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it('says how to register a callback when the app has none, and explains an error the API answers', async () => {
    const page = await context.newPage();
    await page.goto(`${t.http.baseUrl}/console/`);
    await page.getByLabel('Username').fill(s.other.username);
    await page.getByLabel('Token').fill(s.other.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No callback is registered for this app yet.').waitFor();
    await expect(page.locator('pre').textContent()).resolves.toContain(
      `curl -u ${s.other.username}:$TOKEN -X PUT ${t.http.baseUrl}/callback/account_team_update`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'empty');

    // The callback appears once registered; deleted behind the console's back, its Ping is the API's 404 in words.
    await s.register(s.other, '/other');
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('button', { name: 'Ping' }).waitFor();
    expect((await t.http.delete('/callback/account_team_update', { auth: s.other })).status).toBe(204);
    await page.getByRole('button', { name: 'Ping' }).click();
    await page.getByRole('status').filter({ hasText: 'Ping: No callback is registered for account_team_update.' }).waitFor();
    await page.getByText('No callback is registered for this app yet.').waitFor();
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
