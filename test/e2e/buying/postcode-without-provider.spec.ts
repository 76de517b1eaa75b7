import { expect, test } from '@playwright/test';
import { collectPageProblems, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

test('without an address provider key a postcode is still found, through the service, and free text says it needs the key', async ({ page }, testInfo) => {
  const problems = collectPageProblems(page);
  await openSignedIn(page, host);
  // The built-in environment without its address provider key, as a new user's own service is.
  await invoke(host, 'credentials:set', { environmentId: 'sandbox', name: 'providerKey', value: '' });
  const search = page.getByRole('combobox', { name: 'Address, postcode or title number' });

  await search.fill('ls23 6tr');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toContainText('LS23 6TR');
  await expect(page.getByText('Searching by postcode through the service')).toBeVisible();
  await screenshot(page, testInfo, 'postcode-without-provider');

  await search.press('ArrowDown');
  await search.press('Enter');
  const card = page.getByRole('region', { name: 'Address' });
  await expect(card.getByText('LS23 6TR', { exact: true })).toBeVisible();
  const openTitle = card.getByRole('button', { name: /^Open .* title / }).first();
  await expect(openTitle).toBeVisible();
  await openTitle.click();
  await expect(page.getByRole('region', { name: /^Title / })).toBeVisible();

  await search.fill('Mill Lane');
  await expect(page.getByRole('alert')).toContainText('needs the address provider key');
  expect(problems).toEqual([]);
});
