import { expect, test } from '@playwright/test';
import { openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

// A purchase the service never answers (the Sandbox simulating timeouts): a countdown while it
// waits, then one message in the environment's own terms and the row where it can be dealt with.
const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async () => {
  await invoke(host, 'sandbox:set-faults', { outage: null, slow: null, timeouts: true });
});

function secondsIn(text: string | null): number {
  const match = /\((\d+) s left\)/.exec(text ?? '');
  if (match?.[1] === undefined) throw new Error(`no countdown in "${text ?? ''}"`);
  return Number(match[1]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a purchase without an answer counts down, then says so once, fitted to the Sandbox (${scheme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill('DN147408');
    await page.getByRole('option', { name: 'Open title DN147408' }).click();
    const title = page.getByRole('region', { name: 'Title DN147408' });
    await title.getByText('WhenFresh / Address', { exact: true }).click();
    await title.getByRole('checkbox', { name: /^Unique Property Reference Number/ }).check();
    await title.getByText('Options', { exact: true }).click();
    await title.getByRole('checkbox', { name: /^Buy again anyway/ }).check();
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Enter');

    const status = title.locator('.buy-bar').getByRole('status').filter({ hasText: 'Sending the purchase' });
    await expect(status).toHaveText(/waiting for the service to accept it \(\d+ s left\)\./);
    const first = secondsIn(await status.textContent());
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(async () => secondsIn(await status.textContent()), { timeout: 5000 }).toBeLessThan(first);
    const row = page.getByRole('region', { name: 'Purchases' }).getByRole('article').first();
    await expect(row).toContainText(/answer due in \d+ s/);
    await screenshot(page, testInfo, `no-answer-counting-${scheme}`);

    const notice = title.getByRole('alert');
    await expect(notice.locator('.error-message')).toHaveText(
      'The Sandbox did not answer within 30 s, so the purchase was not sent again. It may or may not have arrived; the Sandbox charges nothing either way.',
      { timeout: 50_000 },
    );
    // Said once, not as a line, a headline and a detail that repeat it.
    await expect(title.getByText(/may or may not/)).toHaveCount(1);
    await expect(title).not.toContainText('by its ID');
    await expect(title).not.toContainText('charged, so');
    await screenshot(page, testInfo, `no-answer-notice-${scheme}`);

    // The action that applies: the purchase's own row, from where its view opens.
    await notice.getByRole('button', { name: 'Show its row in Purchases' }).click();
    await expect(row.locator('.purchase-summary')).toBeFocused();
    await page.keyboard.press('Enter');
    const view = page.getByRole('region', { name: /^Purchase / });
    await expect(view.getByText(/the Sandbox charges nothing either way/)).toBeVisible();
    await expect(view).not.toContainText('accepted and charged');
    await screenshot(page, testInfo, `no-answer-view-${scheme}`);
  });
}
