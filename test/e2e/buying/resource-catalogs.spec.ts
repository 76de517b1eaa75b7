import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatAddressKey } from '../../../shared/property/address-key.ts';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { collectPageProblems, openFlatCard, openPurchaseView, openSignedIn, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

// Buying from a postal address's own catalog and its UPRN's (an Ordnance Survey spatial address):
// from the address card, then for a batch's address rows.

/**
 * Ticks a variable of the open catalog's first group with the keyboard (`index`: each test its
 * own, so none is reused from another's purchase), then buys it, confirmed.
 */
async function buyVariable(page: Page, view: Locator, index: number): Promise<string> {
  await expect(view.getByText(/variables from \d+ sources/)).toBeVisible();
  const group = view.locator('details.source-group').first();
  await group.locator('summary').click();
  const box = group.locator('label.variable-option').nth(index);
  const name = (await box.locator('.variable-name').textContent()) ?? '';
  await box.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(box.getByRole('checkbox')).toBeChecked();
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog.getByRole('button', { name: /^Buy for/ })).toBeFocused();
  await page.keyboard.press('Enter');
  return name;
}

const rows = (page: Page) => page.getByRole('region', { name: 'Purchases' }).getByRole('article');

for (const [pick, scheme] of (['light', 'dark'] as const).entries()) {
  test(`buys from a flat's own catalog and from its UPRN's, and the list and History say which (${scheme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const problems = collectPageProblems(page);
    await openSignedIn(page, host);
    const card = await openFlatCard(page);
    const addressLine = (await card.locator('address').innerText()).split('\n').map((line) => line.trim()).join(', ');
    const addressKey = (await card.locator('dt:text-is("Address key") + dd code').textContent()) ?? '';
    const uprn = (await card.locator('dt:text-is("UPRN") + dd code').textContent()) ?? '';
    expect(addressKey).toMatch(/^[0-9a-z]+·[0-9a-z]+$/);
    expect(uprn).toMatch(/^\d+$/);
    await card.getByRole('button', { name: 'Data about this address' }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `address-card-catalogs-${scheme}`);

    await card.getByRole('button', { name: 'Data about this address' }).click();
    const fromAddress = page.getByRole('region', { name: `Address ${addressKey}` });
    await expect(fromAddress.getByRole('heading', { name: `Data about this address (address key ${addressKey})` })).toBeVisible();
    await expect(fromAddress.getByLabel('Filter variables')).toBeFocused();
    const addressVariable = await buyVariable(page, fromAddress, pick);
    const addressRow = rows(page).filter({ hasText: `Address ${addressKey}` }).filter({ hasText: addressVariable }).first();
    await expect(addressRow.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(addressRow).toContainText(addressLine);
    await expect(addressRow).toContainText(addressVariable);
    await screenshot(page, testInfo, `address-catalog-bought-${scheme}`);
    // Never paying twice, as for a title: the same variable from the same address is not bought again.
    await fromAddress.getByRole('checkbox', { name: addressVariable }).first().check();
    await fromAddress.getByRole('button', { name: /^Buy 1 variable for/ }).click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
    // Taken: the selection is cleared. (Its note says "Already bought" only when the earlier purchase is over a second old.)
    await expect(fromAddress.getByText('No variables selected')).toBeVisible();
    await expect(rows(page).filter({ hasText: `Address ${addressKey}` }).filter({ hasText: addressVariable })).toHaveCount(1);

    await card.getByRole('button', { name: `Data about this location (UPRN ${uprn})` }).click();
    const fromUprn = page.getByRole('region', { name: `UPRN ${uprn}` });
    await expect(fromUprn.getByRole('heading', { name: `Data about this location (UPRN ${uprn})` })).toBeVisible();
    const uprnVariable = await buyVariable(page, fromUprn, pick);
    const uprnRow = rows(page).filter({ hasText: `UPRN ${uprn}` }).filter({ hasText: uprnVariable }).first();
    await expect(uprnRow.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });

    // The purchase's own view: what it was bought from, and its values.
    const view = await openPurchaseView(page, uprnRow);
    await expect(view.locator('dt:text-is("Bought from") + dd')).toHaveText(`UPRN ${uprn}`);
    await expect(view.getByRole('table').first().getByRole('row')).not.toHaveCount(0);
    await expect(view.getByRole('table').first()).toContainText(/\S/);
    await screenshot(page, testInfo, `uprn-purchase-view-${scheme}`);
    // Its own report: the UPRN's values, with no title needed.
    await view.getByRole('button', { name: /^Property report for / }).click();
    const own = page.getByRole('region', { name: 'Property report' });
    await expect(own.getByRole('region', { name: `UPRN ${uprn}` }).getByRole('table', { name: `Values bought for UPRN ${uprn}` })).toContainText(uprnVariable);
    await own.getByRole('button', { name: 'Close report' }).click();
    await view.getByRole('button', { name: 'Back to purchases' }).click();

    // The card's property report: after its titles, what was bought from the address and its UPRN.
    await card.getByRole('button', { name: /^Property report for / }).click();
    const report = page.getByRole('region', { name: 'Property report' });
    await expect(report.getByText(`Address ${addressKey}`, { exact: true })).toBeVisible();
    const fromAddressTable = report.getByRole('region', { name: `Address ${addressKey}` }).getByRole('table', { name: `Values bought for address ${addressKey}` });
    await expect(fromAddressTable).toContainText(addressVariable);
    await expect(report.getByRole('region', { name: `UPRN ${uprn}` }).getByRole('table', { name: `Values bought for UPRN ${uprn}` })).toContainText(uprnVariable);
    await screenshot(page, testInfo, `report-resources-${scheme}`);
    await report.getByRole('button', { name: 'Close report' }).click();

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table');
    await expect(history.getByRole('columnheader', { name: 'Bought from' })).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: `Address ${addressKey}` }).first()).toContainText(addressLine);
    await expect(history.getByRole('row').filter({ hasText: `UPRN ${uprn}` }).first()).toBeVisible();
    await screenshot(page, testInfo, `history-resources-${scheme}`);
    // History finds a purchase by the UPRN it was bought from.
    await page.getByLabel('Title, purchase ID or variable').fill(uprn);
    await expect(history.getByRole('row').filter({ hasText: `Address ${addressKey}` })).toHaveCount(0);
    await expect(history.getByRole('row').filter({ hasText: `UPRN ${uprn}` }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}

// Addresses of the sandbox's world with titles, so "its titles" would have bought something else.
const [first, second] = buildWorld().addresses.filter((address) => address.titles.length > 0).slice(50, 52);
const uprnVariable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

const choices = [
  { from: 'address', option: 'The address’s own catalog', scheme: 'light', lineOf: (address: NonNullable<typeof first>) => `Address ${formatAddressKey(address.udprn, address.umrrn)}`, confirm: 'each address from its own catalog' },
  { from: 'uprn', option: 'Its UPRN’s catalog', scheme: 'dark', lineOf: (address: NonNullable<typeof first>) => `UPRN ${address.uprn}`, confirm: 'each address from its UPRN’s catalog' },
] as const;

test.describe('a batch of address rows', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  for (const choice of choices) {
    test(`bought from ${choice.from === 'address' ? 'each address’s own catalog' : 'each UPRN’s catalog'} (${choice.scheme})`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      if (first === undefined || second === undefined) throw new Error('the sandbox world has too few addresses');
      await page.emulateMedia({ colorScheme: choice.scheme });
      const problems = collectPageProblems(page);
      await openSignedIn(page, host);
      await page.getByRole('tab', { name: 'Batch' }).click();
      const view = page.getByRole('region', { name: 'Batch' });
      await view.getByLabel(/Or paste rows/).fill(`udprn\tumrrn\tref\n${String(first.udprn)}\t${String(first.umrrn)}\tA\n${String(second.udprn)}\t${String(second.umrrn)}\tB\n`);
      await view.getByLabel('Variables: preset').selectOption('');
      await view.getByLabel('and variable IRIs (one a line)').fill(uprnVariable);
      // Keyboard: the choice is a plain select, reached and changed like any other field.
      const from = view.getByLabel('Rows with an address buy from');
      await expect(from).toHaveValue('titles');
      await from.selectOption({ label: choice.option });
      await expect(view.getByLabel('Titles of an address')).toBeDisabled();
      await view.getByRole('button', { name: 'Preview the batch (1 variables)' }).click();

      const table = view.getByRole('table', { name: 'Batch lines' });
      await expect(table.getByRole('columnheader', { name: 'Bought from' })).toBeVisible();
      for (const address of [first, second]) await expect(table.getByRole('row').filter({ hasText: choice.lineOf(address) })).toHaveCount(1);
      await view.getByRole('button', { name: 'Buy…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
      await expect(dialog).toContainText(`of 2 lines (${choice.confirm})`);
      await dialog.getByRole('button', { name: /^Buy for £/ }).click();
      await expect(view.getByText(/^Finished/)).toBeVisible({ timeout: 60_000 });
      await expect(view.getByRole('list', { name: 'Lines per state' })).toContainText('Bought: 2');
      await screenshot(page, testInfo, `batch-from-${choice.from}-${choice.scheme}`);

      // Each line's purchase is in the list, named by what it was bought from.
      const purchases = page.getByRole('region', { name: 'Purchases' });
      for (const address of [first, second]) await expect(purchases.getByRole('article').filter({ hasText: choice.lineOf(address) }).first()).toBeVisible();
      expect(problems).toEqual([]);
    });
  }
});
