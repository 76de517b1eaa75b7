import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { writeDamagedPaidJournal } from '../../unit/support/damaged-paid-journal.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

/**
 * Issue 59 items 9 and 10 in browser mode: a paid purchase salvaged from a damaged journal without
 * its whole record is shown as "Damaged: check before buying" with its purchase ID, never with
 * Buy again; and a damaged backup is listed as damaged, with no way to restore it.
 */
const purchaseId = 'a7c4e1d2-5b3f-4c6a-9e8d-7f1a2b3c4d5e';
const host = titleDeskWebForFile(async (dir) => {
  writeDamagedPaidJournal(dir);
  mkdirSync(join(dir, 'backups'), { recursive: true });
  for (const name of ['purchases-2026-11-29.sqlite', 'purchases-2026-11-30.sqlite']) {
    const backup = new DatabaseSync(join(dir, 'backups', name));
    backup.exec('CREATE TABLE kept (n INTEGER); INSERT INTO kept VALUES (1);');
    backup.close();
  }
  // The newer backup's first 4,000 bytes overwritten.
  const fd = openSync(join(dir, 'backups', 'purchases-2026-11-30.sqlite'), 'r+');
  writeSync(fd, Buffer.alloc(4_000, 0x5a), 0, 4_000, 0);
  closeSync(fd);
  return Promise.resolve();
});

test.use({ viewport: { width: 1280, height: 800 } });

test('a salvaged paid purchase says what is known and offers no Buy again; a damaged backup cannot be restored', async ({ page }) => {
  await page.goto(host.url);
  const notice = page.getByRole('alert', { name: 'Purchase journal' });
  await expect(notice).toContainText('could not be read whole and is marked "Damaged: check before buying"');

  const row = page.getByRole('region', { name: 'Purchases' }).getByRole('article').filter({ hasText: 'DN123456' });
  await expect(row.getByText('Outcome unknown', { exact: true })).toBeVisible();
  await row.locator('.purchase-summary').press('Enter');
  const view = page.getByRole('region', { name: /^Purchase DN123456/ });
  await expect(view.getByRole('note')).toContainText('Damaged: check before buying.');
  await expect(view.getByRole('note')).toContainText(`purchase ID ${purchaseId}`);
  await expect(view.getByRole('button', { name: 'Check by ID' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Buy again…' })).toHaveCount(0);

  await view.getByRole('button', { name: 'Back to purchases' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByText(/^Backups \(\d+\)/).click();
  const damaged = page.getByRole('listitem').filter({ hasText: 'purchases-2026-11-30.sqlite' });
  await expect(damaged).toContainText('Damaged, cannot be restored');
  await expect(damaged.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'purchases-2026-11-29.sqlite' }).getByRole('button', { name: 'Restore from this backup' })).toBeVisible();

  // Asked directly, the host refuses it with the reason, and lists it as damaged.
  await expect(invoke(host, 'journal:restore', { name: 'purchases-2026-11-30.sqlite' })).rejects.toThrow(/"code":"journal".*is damaged .* cannot be restored; choose another backup/);
  expect(await invoke(host, 'journal:backups', {})).toMatchObject({ backups: expect.arrayContaining([expect.objectContaining({ name: 'purchases-2026-11-30.sqlite', damaged: expect.stringMatching(/./) })]) });
});
