import { expect, test } from '@playwright/test';
import { formatAddressKey } from '../../shared/address-key.ts';
import { buildWorld } from '../../electron/sandbox/world/build-world.ts';
import { collectPageProblems, openSignedIn, screenshot } from './support/app-page.ts';
import { titleDeskWebForFile } from './support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1400, height: 900 } });

// Addresses of the sandbox's world with titles, so "its titles" would have bought something else.
const [first, second] = buildWorld().addresses.filter((address) => address.titles.length > 0).slice(50, 52);
const uprnVariable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

const choices = [
  { from: 'address', option: 'The address’s own catalog', scheme: 'light', lineOf: (address: NonNullable<typeof first>) => `Address ${formatAddressKey(address.udprn, address.umrrn)}`, confirm: 'each address from its own catalog' },
  { from: 'uprn', option: 'Its UPRN’s catalog', scheme: 'dark', lineOf: (address: NonNullable<typeof first>) => `UPRN ${address.uprn}`, confirm: 'each address from its UPRN’s catalog' },
] as const;

for (const choice of choices) {
  test(`a batch of address rows bought from ${choice.from === 'address' ? 'each address’s own catalog' : 'each UPRN’s catalog'} (${choice.scheme})`, async ({ page }, testInfo) => {
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
