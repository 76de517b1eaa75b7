import { expect, test } from '@playwright/test';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { openSignedIn, screenshot } from '../support/app-page.ts';
import { atMost, CountedUser } from '../support/counted-user.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

// A batch of 20 titles, counted as a user does it at 1280×800: about 10 clicks when issue 63 was
// filed, 5 before a dropped file was previewed at once (the tab, the drop, Preview, Buy…, confirm).
const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const titles = [...buildWorld().titles.keys()].sort().slice(0, 20);
const csv = `title_number,client_ref\n${titles.map((title, index) => `${title},C-${String(index)}`).join('\n')}\n`;

for (const scheme of ['light', 'dark'] as const) {
  test(`a batch of 20 titles: drop the CSV (previewed at once), Buy, confirm: at most 4 clicks and no scroll, was 5 (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    const user = new CountedUser(page);
    await user.click(page.getByRole('tab', { name: 'Batch' }));
    const view = page.getByRole('region', { name: 'Batch' });
    await user.dropFile(view.getByTestId('batch-drop'), 'portfolio.csv', csv);
    await expect(view.getByText(/^20 lines: 20 to buy for £[\d.]+, 0 reused, 0 refused\.$/)).toBeVisible();
    await screenshot(page, testInfo, `batch-20-preview-${scheme}`);
    await user.click(view.getByRole('button', { name: 'Buy…' }));
    const confirm = page.getByRole('dialog', { name: 'Confirm batch' }).getByRole('button', { name: /^Buy/ });
    // With the keyboard, Enter confirms: the confirmation opens with its Buy in focus.
    await expect(confirm).toBeFocused();
    await screenshot(page, testInfo, `batch-20-confirm-${scheme}`);
    await user.click(confirm);
    await expect(view.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible();
    const cost = atMost(user.count, { clicks: 4, keys: 0, scrolls: 0 });
    expect(cost.ok, cost.message).toBe(true);
  });
}

test('a dropped file is previewed at once; Change options goes back with the file and options kept', async ({ page }) => {
  await openSignedIn(page, host);
  await page.getByRole('tab', { name: 'Batch' }).click();
  const view = page.getByRole('region', { name: 'Batch' });
  await view.getByLabel('Titles of an address').selectOption('freehold');
  await new CountedUser(page).dropFile(view.getByTestId('batch-drop'), 'portfolio.csv', csv);
  await expect(view.getByText(/^20 lines: /)).toBeVisible();
  await view.getByRole('button', { name: 'Change options' }).click();
  await expect(view.getByText('File: portfolio.csv')).toBeVisible();
  await expect(view.getByLabel('Titles of an address')).toHaveValue('freehold');
  await view.getByRole('button', { name: /^Preview the batch/ }).click();
  await expect(view.getByText(/^20 lines: /)).toBeVisible();
  // A new batch starts from an empty form.
  await view.getByRole('button', { name: 'New batch' }).click();
  await expect(view.getByText('Drop a CSV file here, or')).toBeVisible();
});
