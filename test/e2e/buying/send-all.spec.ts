import { expect, test } from '@playwright/test';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { openSignedIn, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Two clicks journaled a day ago by a TitleDesk that stopped before sending them: older than the
 * window in which a start sends them on its own, so this start lists them as never sent.
 */
function unsentIntent(id: string, titleNumber: string): PurchaseRecord {
  const clickedAt = Date.now() - dayMs;
  return {
    id,
    environmentId: 'sandbox',
    titleNumber,
    variables: ['https://example.org/vars/unused'],
    options: {},
    state: 'submitting',
    autoCheck: true,
    createdAt: clickedAt,
    updatedAt: clickedAt,
    timeline: [],
  };
}

const host = titleDeskWebForFile((dataDir) => {
  const journal = new PurchaseJournal(dataDir);
  journal.insert(unsentIntent('0b6f5a3e-2c1d-4e8f-9a7b-6c5d4e3f2a10', 'DN100001'));
  journal.insert(unsentIntent('5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c', 'DN100002'));
  journal.close();
  return Promise.resolve();
});

test('the never-sent bar counts what a start found unsent, and goes once Send all has sent them', async ({ page }, testInfo) => {
  await openSignedIn(page, host);
  const panel = page.getByRole('region', { name: 'Purchases' });
  const bar = panel.getByRole('status').filter({ hasText: 'never sent' });
  await expect(bar).toHaveText(/^2 purchases were never sent; nothing was charged for them\./);
  await expect(panel.getByRole('article', { name: /Not sent$/ })).toHaveCount(2);
  await screenshot(page, testInfo, 'send-all-bar');

  await bar.getByRole('button', { name: 'Send all' }).click();
  // The bar follows the pushed updates of the two purchases it counted, with no reload.
  await expect(bar).toHaveCount(0);
  await expect(panel.getByRole('article', { name: /Not sent$/ })).toHaveCount(0);
  await expect(panel.getByRole('article')).toHaveCount(2);
});
