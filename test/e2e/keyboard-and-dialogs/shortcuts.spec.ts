import { expect, test } from '@playwright/test';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

test('Ctrl+K reaches the search box from another tab, and an opened title is offered again after a reload', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Address, postcode or title number' });
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(search).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
  await expect(search).toBeFocused();

  await search.fill('WYK638009');
  await page.getByRole('option', { name: /WYK638009/ }).click();
  const recent = page.getByRole('navigation', { name: 'Recent searches' });
  await expect(recent.getByRole('list', { name: 'Recent titles' })).toContainText('WYK638009');
  await page.reload();
  await expect(recent.getByRole('button', { name: 'WYK638009' })).toBeVisible();
});
