import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, openPurchaseView, openSignedIn, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 900 } });

const openApp = (page: Page): Promise<void> => openSignedIn(page, host);

/** Keeps every text the purchase panel shows, so a state that lasts a moment is not missed. */
async function recordPanelTexts(page: Page): Promise<() => Promise<string>> {
  await page.evaluate(() => {
    const panel = document.querySelector('.purchase-panel');
    const seen: string[] = [];
    Reflect.set(window, '__panelTexts', seen);
    if (panel === null) return;
    new MutationObserver(() => { seen.push(panel.textContent); }).observe(panel, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => {
    const seen: unknown = Reflect.get(window, '__panelTexts');
    return Array.isArray(seen) ? seen.join('\n') : '';
  });
}

test('an analyst finds a flat, buys three variables, exports them; support looks the purchase up and finds it in the history', async ({ page, context }, testInfo) => {
  const problems = collectPageProblems(page);
  await openApp(page);
  const search = page.getByRole('combobox', { name: 'Address, postcode or title number' });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });

  // Part of a postcode: the postcode is a container, shown with its count and the typed characters marked.
  await search.pressSequentially('LS23 6T');
  const postcode = suggestions.getByRole('option', { name: /LS23 6TR.*38 addresses/ });
  await expect(postcode).toBeVisible();
  await expect(postcode.locator('mark').first()).toHaveText('LS23');
  await screenshot(page, testInfo, 'search-postcode');

  // Into the postcode from the keyboard, then into the block of flats with the mouse.
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await search.press('Enter');
  const levels = page.getByRole('navigation', { name: 'Address levels' });
  await expect(levels).toContainText('LS23 6TR');
  const block = suggestions.getByRole('option', { name: /Regent Mansions, 7 Tannery Crescent.*28 addresses/ });
  await block.click();
  await expect(levels).toContainText('Regent Mansions');
  // All 28 flats, not the provider's default 10; typing narrows within the building.
  await expect(suggestions.getByRole('option')).toHaveCount(28);
  await expect(page.getByText(/^All 28 addresses in Regent Mansions/)).toBeVisible();
  await screenshot(page, testInfo, 'search-building');
  await suggestions.getByRole('option', { name: /^Flat 2, Regent Mansions/ }).click();

  // The flat's card: its own UMRRN beside the building's UDPRN, and its titles.
  const card = page.getByRole('region', { name: 'Address' });
  await expect(card.getByText('14090389', { exact: true })).toBeVisible();
  await expect(card.getByText('52050663', { exact: true })).toBeVisible();
  await expect(card.getByText('8e07p·uzmjr')).toBeVisible();
  await screenshot(page, testInfo, 'address-card');
  await card.getByRole('button', { name: /^Open leasehold title/ }).click();

  const title = page.getByRole('region', { name: /^Title WYK/ });
  await expect(title.getByText(/variables from \d+ sources/)).toBeVisible();
  await title.getByLabel('Filter variables').fill('valuation');
  await expect(title.getByText(/^3 of \d+ variables match$/)).toBeVisible();
  for (const name of ['Estimated Sale Value (£)', 'Estimate Confidence', 'Estimated Monthly Rent (£)']) {
    await title.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()£]/g, '.')}`) }).check();
  }
  const buy = title.getByRole('button', { name: 'Buy 3 variables for £5.50' });
  await expect(buy).toBeEnabled();
  await screenshot(page, testInfo, 'picker-three-selected');

  const panelTexts = await recordPanelTexts(page);
  await buy.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(confirm).toContainText('Sandbox');
  await expect(confirm).toContainText('nothing is charged');
  await screenshot(page, testInfo, 'confirm-purchase');
  await confirm.getByRole('button', { name: 'Buy for £5.50' }).click();

  const panel = page.getByRole('region', { name: 'Purchases' });
  const row = panel.getByRole('article', { name: /^Purchase WYK/ }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  const seen = await panelTexts();
  expect(seen).toContain('Pending');
  expect(seen).toMatch(/next check in \d+ s/);
  await expect(panel.getByRole('status').filter({ hasText: 'Purchase ready' })).toContainText('£5.50');

  // The row says which flat it was bought for, which variables and where.
  await expect(row).toContainText('Flat 2, Regent Mansions');
  await expect(row.locator('.purchase-meta')).toHaveText(/^Estimate[^,]+, Estimate[^,]+ \+1 · Sandbox$/);
  const view = await openPurchaseView(page, row);
  await expect(view).toContainText('Flat 2, Regent Mansions');
  const results = view.getByRole('table');
  await expect(results.getByRole('row')).toHaveCount(5);
  await expect(results.getByRole('rowheader', { name: 'Estimated Sale Value (£)' })).toBeVisible();
  await expect(results.locator('tfoot')).toContainText('£5.50');
  await expect(view.getByRole('list', { name: 'Timeline' })).toContainText(/POST → 303 Retry-After \d+ s/);
  await expect(view.getByRole('list', { name: 'Timeline' })).toContainText('GET 200');
  await screenshot(page, testInfo, 'purchase-available');

  const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^titledesk-WYK\d+-.+\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Title,Resource,Resource key,Address,Purchase ID,Purchased at,Environment,Variable,Provider,Source,Scheme path,Value,Price,Currency,Ontology type,Variable IRI');
  expect(lines).toHaveLength(4);
  // The address has commas, so its cell is quoted.
  // The environment by the name the user knows it by, as in History's export.
  for (const line of lines.slice(1)) expect(line).toMatch(/^(WYK\d+),title,\1,"Flat 2, Regent Mansions, [^"]+",[0-9a-f-]{36},[\d\-T:.]+Z,Sandbox,/);
  expect(csv).toContain('Estimated Sale Value (£),Zoopla,Property Data,Market / Valuation / Sale,');

  await view.getByRole('button', { name: 'Show requests' }).click();
  const drawer = page.getByRole('complementary', { name: /^Requests for WYK/ });
  await expect(drawer.getByRole('cell', { name: /^POST \/world\/GB-eaw\/titles\/WYK\d+\/catalog$/ })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: /^303/ })).toBeVisible();
  await screenshot(page, testInfo, 'requests-drawer');
  await drawer.getByRole('button', { name: 'Close requests' }).click();

  const purchaseId = (await view.locator('.purchase-id').textContent()) ?? '';
  expect(purchaseId).not.toBe('');

  // Support, in a fresh page of the same app: check the purchase by its ID.
  const support = await context.newPage();
  await openApp(support);
  await support.getByRole('tab', { name: 'Look up' }).click();
  await support.getByLabel('Purchase ID or result URL').fill(purchaseId);
  await support.getByRole('button', { name: 'Check now' }).click();
  const found = support.getByRole('region', { name: 'Looked-up purchase' });
  await expect(found.getByText('Available', { exact: true })).toBeVisible();
  await expect(found.locator('tfoot')).toContainText('£5.50');
  await screenshot(support, testInfo, 'lookup-by-id');

  // The history: by title, by ID, by state.
  await support.getByRole('tab', { name: 'History' }).click();
  const history = support.getByRole('region', { name: 'History' });
  const text = history.getByLabel('Title, purchase ID or variable');
  await text.fill(purchaseId);
  await expect(history.getByRole('status')).toHaveText('1 purchase match.');
  await text.fill('Estimated Monthly Rent');
  await expect(history.getByRole('row').filter({ hasText: purchaseId })).toBeVisible();
  await history.getByLabel('State').selectOption({ label: 'Failed' });
  await expect(history.getByRole('status')).toHaveText('No purchases match these filters.');
  await history.getByRole('button', { name: 'Clear filters' }).click();
  const historyRow = history.getByRole('row').filter({ hasText: purchaseId });
  await historyRow.getByRole('button', { name: /^Re-check/ }).click();
  await expect(historyRow.getByText('Available', { exact: true })).toBeVisible();
  await expect(historyRow).toContainText('Flat 2, Regent Mansions');
  await screenshot(support, testInfo, 'history');

  // The same screens in the dark theme, from the frame's colour variables.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(view.getByRole('table')).toBeVisible();
  await screenshot(page, testInfo, 'purchase-available-dark');
  expect(problems).toEqual([]);
});
