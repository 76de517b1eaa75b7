import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { openPurchaseView, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

/**
 * The browser-mode host's own sandbox has no fault control, so these tests add an environment
 * for a second sandbox started with its control API, as a support engineer rehearsing an outage would.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const configSchema = z.object({
  baseUrl: z.url(),
  developer: z.object({ clientId: z.string(), refreshToken: z.string() }),
  testTitles: z.array(z.string()),
});

let host: TitleDeskWeb;
let sandbox: ChildProcess;
let config: z.infer<typeof configSchema>;

async function startControlledSandbox(): Promise<void> {
  sandbox = spawn(`${root}node_modules/.bin/node`, [`${root}bin/titledesk.mjs`, 'sandbox', '--print-config', '--control'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const stdout = sandbox.stdout;
  if (stdout === null) throw new Error('no stdout');
  const line = await new Promise<string>((resolve) => { createInterface({ input: stdout }).once('line', resolve); });
  config = configSchema.parse(JSON.parse(line));
}

async function setFaults(rules: unknown[]): Promise<void> {
  const response = await fetch(`${config.baseUrl}/_sandbox/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rules) });
  expect(response.status).toBe(200);
}

/** The statuses of every purchase POST the sandbox answered, in order. */
async function purchasePosts(): Promise<number[]> {
  const response = await fetch(`${config.baseUrl}/_sandbox/log`);
  const entries = z.array(z.object({ class: z.string(), status: z.number() }).loose()).parse(await response.json());
  return entries.filter((entry) => entry.class === 'purchase').map((entry) => entry.status);
}

test.beforeAll(async () => {
  await startControlledSandbox();
  host = await startTitleDeskWeb();
  const environment = z.object({ id: z.string() }).parse(await invoke(host, 'environment:add', {
    input: { name: 'Outage rehearsal', baseUrl: config.baseUrl, authMode: 'developer', developerClientId: config.developer.clientId },
  }));
  await invoke(host, 'credentials:set', { environmentId: environment.id, name: 'refreshToken', value: config.developer.refreshToken });
  await invoke(host, 'environment:select', { id: environment.id });
});

test.afterAll(async () => {
  await host.stop();
  sandbox.kill('SIGTERM');
});

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Opens a test title, ticks one variable and buys it on the rehearsal environment with a test
 * delay, so the result is fetched (and can meet the fault) rather than answered at once.
 */
async function buyOne(page: Page, titleNumber: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill(titleNumber);
  await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: `Open title ${titleNumber}` }).click();
  const title = page.getByRole('region', { name: `Title ${titleNumber}` });
  await title.getByLabel('Filter variables').fill('unique property');
  await title.getByRole('checkbox', { name: /^Unique Property Reference Number/ }).check();
  await title.getByText('Options', { exact: true }).click();
  await title.getByRole('checkbox', { name: `${titleNumber} is a test title` }).check();
  await title.getByLabel('Test delay (seconds)').fill('2');
  await title.getByRole('button', { name: /^Buy 1 variable for/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(confirm).toContainText('Outage rehearsal');
  await confirm.getByRole('button', { name: /^Buy for/ }).click();
}

test('a 503 while the result is fetched is retried and the purchase still completes', async ({ page }, testInfo) => {
  await setFaults([{ target: 'result', kind: 'status503', count: 2, retryAfterSeconds: 1 }]);
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  await buyOne(page, config.testTitles[0] ?? '');
  const row = page.getByRole('region', { name: 'Purchases' }).getByRole('article').first();
  await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 45_000 });
  const view = await openPurchaseView(page, row);
  const timeline = view.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('GET 503');
  await expect(timeline).toContainText('GET 200');
  await screenshot(page, testInfo, 'outage-recovered');
});

test('a service that stays unavailable fails in plain words, and Check again recovers it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await setFaults([{ target: 'result', kind: 'status503', retryAfterSeconds: 1 }]);
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  await buyOne(page, config.testTitles[1] ?? '');
  const row = page.getByRole('region', { name: 'Purchases' }).getByRole('article').first();
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 90_000 });
  const view = await openPurchaseView(page, row);
  await expect(view.getByRole('note')).toContainText('The service is unavailable right now');
  await screenshot(page, testInfo, 'outage-failed');
  await setFaults([]);
  await view.getByRole('button', { name: 'Check again' }).click();
  await expect(view.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(view.getByRole('list', { name: 'Timeline' })).toContainText(/GET 503 Retry-After 1 s × \d+/);
  await screenshot(page, testInfo, 'outage-checked-again');
});

test('a purchase waiting out a 429 can be discarded, and it is never sent again', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // One 429 with a long wait: the purchase waits in the list, not sent, until the person discards it.
  await setFaults([{ target: 'purchase', kind: 'status429', retryAfterSeconds: 20, count: 1 }]);
  try {
    const postsBefore = await purchasePosts();
    await page.goto(host.url);
    await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
    const titleNumber = config.testTitles[3] ?? '';
    await buyOne(page, titleNumber);
    // This purchase's row, not the one an earlier test left at the top before this one is listed.
    const row = page.getByRole('region', { name: 'Purchases' }).getByRole('article').filter({ hasText: titleNumber }).first();
    const view = await openPurchaseView(page, row);
    await expect(view.getByText(/Waiting: the service asked to slow down \(until /)).toBeVisible({ timeout: 30_000 });
    await expect(view.getByText(/The service did not take the purchase, so nothing was charged/)).toBeVisible();
    await screenshot(page, testInfo, 'rate-limit-waiting');
    await view.getByRole('button', { name: 'Discard' }).click();
    await expect(view.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Discard' })).toHaveCount(0);
    // The service's wait is over: the purchase stays discarded and only the refused POST ever reached the service.
    await page.waitForTimeout(21_000);
    await expect(view.getByText('Stopped', { exact: true })).toBeVisible();
    expect((await purchasePosts()).slice(postsBefore.length)).toEqual([429]);
  } finally {
    await setFaults([]);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a purchase the service refuses keeps the selection, says why in the Buy bar, and Try again sends it (${scheme})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await setFaults([{ target: 'purchase', kind: 'status503', retryAfterSeconds: 1 }]);
    try {
      await page.goto(host.url);
      await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
      const titleNumber = config.testTitles[2] ?? '';
      await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill(titleNumber);
      await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: `Open title ${titleNumber}` }).click();
      const title = page.getByRole('region', { name: `Title ${titleNumber}` });
      await title.getByLabel('Filter variables').fill('unique property');
      const box = title.getByRole('checkbox', { name: /^Unique Property Reference Number/ });
      await box.check();
      // The other colour scheme's run bought this variable already: without this the reuse guard
      // answers with that purchase and nothing is sent to be refused.
      await title.getByText('Options', { exact: true }).click();
      await title.getByLabel(/^Buy again anyway/).check();
      await title.getByRole('button', { name: /^Buy 1 variable for/ }).click();
      await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
      await expect(title.getByText(/The purchase was not accepted/)).toBeVisible({ timeout: 60_000 });
      await expect(title.getByRole('alert')).toContainText('The service is unavailable right now');
      await expect(title.getByText(/sent: follow it/)).toHaveCount(0);
      await expect(box).toBeChecked();
      await screenshot(page, testInfo, `buy-refused-${scheme}`);
      await setFaults([]);
      await title.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
      await expect(title.getByText(/Purchase of 1 variable of .* sent/)).toBeVisible({ timeout: 30_000 });
      await expect(box).not.toBeChecked();
    } finally {
      await setFaults([]);
    }
  });
}
