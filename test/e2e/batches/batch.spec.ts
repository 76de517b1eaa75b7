import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { z } from 'zod';
import { screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1400, height: 900 } });

const infoSchema = z.object({ sampleTitles: z.array(z.string()), testTitles: z.array(z.string()), sampleVariables: z.array(z.string()) });

test('a batch: drop a file, review the preview, confirm on the Sandbox, watch progress, export', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const info = infoSchema.parse(await invoke(host, 'sandbox:info'));
  const titles = [...info.sampleTitles, ...info.testTitles].slice(0, 6);
  const csv = `\uFEFFTitle_Number;Client ref\n${titles.map((title, index) => `${title};"C-${String(index)}; portfolio"`).join('\n')}\nNOT-A-TITLE;bad\n${titles[0] ?? ''};again\n`;

  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  // A daily budget for the Sandbox, set where a user sets it.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Spending' }).click();
  await settings.getByLabel('Daily budget').fill('500');
  await settings.getByRole('button', { name: 'Save spending settings' }).click();
  await expect(settings.getByText('Saved. Budgets apply to the next purchase.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Batch' }).click();
  const view = page.getByRole('region', { name: 'Batch' });
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'portfolio.csv', { type: 'text/csv' }));
    return transfer;
  }, csv);
  // The variables first: a dropped file is previewed at once.
  await view.getByLabel('Variables: preset').selectOption('');
  await view.getByLabel('and variable IRIs (one a line)').fill(info.sampleVariables.slice(0, 2).join('\n'));
  await expect(view.getByRole('button', { name: /Preview the batch \(2 variables\)/ })).toBeVisible();
  await view.getByTestId('batch-drop').dispatchEvent('drop', { dataTransfer });
  await expect(view.getByText('File: portfolio.csv')).toBeHidden();

  await expect(view.getByText(/^8 lines: 6 to buy for £[\d.]+, 0 reused, 2 refused\.$/)).toBeVisible();
  await expect(view.getByTestId('budget-remaining')).toHaveText(/Budget: £500\.00 left today/);
  const table = view.getByRole('table', { name: 'Batch lines' });
  await expect(table.getByRole('row').filter({ hasText: 'NOT-A-TITLE' }).or(table.getByRole('row').filter({ hasText: 'Bad title number' }))).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Duplicate: title' })).toHaveCount(1);
  await screenshot(page, testInfo, 'batch-preview');

  await view.getByRole('button', { name: 'Buy…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
  await expect(dialog.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(dialog).toContainText('nothing real is bought');
  await dialog.getByRole('button', { name: /^Buy for £/ }).click();

  await expect(view.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible();
  await expect(view.getByText(/^Finished/)).toBeVisible({ timeout: 60_000 });
  await expect(view.getByRole('list', { name: 'Lines per state' })).toContainText('Bought: 6');
  await expect(view.getByTestId('batch-spent')).toHaveText(/^£[\d.]+$/);
  // A line's state cell, not the "Bought from" column's header.
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Bought', exact: true }) })).toHaveCount(6);
  await screenshot(page, testInfo, 'batch-finished');
  // The bar slides to each new width, unless the system asks for reduced motion.
  const bar = view.getByRole('progressbar', { name: 'Batch progress' }).locator('span');
  const transition = (): Promise<string> => bar.evaluate((element) => getComputedStyle(element).transitionProperty);
  expect(await transition()).toBe('width');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await transition()).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  expect(header?.slice(0, 9)).toEqual(['Title_Number', 'Client ref', 'title_number', 'tenure', 'state', 'purchase_id', 'price_total', 'currency', 'reused_or_bought']);
  expect(rows).toHaveLength(8);
  expect(rows[0]?.slice(0, 3)).toEqual([titles[0], 'C-0; portfolio', titles[0]]);
  expect(rows[0]?.[4]).toBe('available');
  expect(rows[0]?.[8]).toBe('bought');
  expect(rows[6]?.[4]).toBe('refused');
});
