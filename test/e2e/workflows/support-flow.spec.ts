import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { collectPageProblems, openSignedIn, screenshot } from '../support/app-page.ts';
import { atMost, CountedUser } from '../support/counted-user.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

// Support staff: re-checking purchases by ID, in History and Look up.
const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const schemes = ['light', 'dark'] as const;

const purchaseSchema = z.object({ id: z.string(), purchaseId: z.string().optional(), state: z.string() });

/** A purchase made from the test side, through the contract, as the page's Buy makes it. */
async function buyFromTestSide(): Promise<string> {
  const catalog = z.object({ groups: z.array(z.object({ schemes: z.array(z.object({ variables: z.array(z.object({ iri: z.string() })) })) })) })
    .parse(await invoke(host, 'catalog:get', { titleNumber: 'WYK87701' }));
  const iri = catalog.groups[0]?.schemes[0]?.variables[0]?.iri;
  if (iri === undefined) throw new Error('empty catalog');
  const record = purchaseSchema.parse(await invoke(host, 'purchase:create', { titleNumber: 'WYK87701', variables: [iri], options: {}, buyAgain: true }));
  if (record.purchaseId === undefined) throw new Error(`no purchase ID: ${JSON.stringify(record)}`);
  return record.purchaseId;
}

async function openTab(page: Page, name: 'History' | 'Look up'): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

for (const scheme of schemes) {
  test(`History: each purchase ID has a copy button that copies it whole (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
    const purchaseId = await buyFromTestSide();
    await openSignedIn(page, host);
    await openTab(page, 'History');
    const row = page.getByRole('row').filter({ hasText: purchaseId });
    await row.getByRole('button', { name: `Copy purchase ID ${purchaseId}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Copied purchase ID ${purchaseId}.` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(purchaseId);
    await screenshot(page, testInfo, `history-copy-id-${scheme}`);
  });
}

for (const scheme of schemes) {
  test(`History: the spend figures say what they are (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await buyFromTestSide();
    await openSignedIn(page, host);
    await openTab(page, 'History');
    const spend = page.getByRole('group', { name: 'Spend per day and month' });
    const month = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date());
    await expect(spend.getByText(`Spent in ${month}`, { exact: true })).toBeVisible();
    await expect(spend.getByText(/^Spent on /).first()).toBeVisible();
    // Each label and its amount on one line.
    const [label, amount] = await Promise.all([spend.locator('dt').first().boundingBox(), spend.locator('dd').first().boundingBox()]);
    expect(Math.abs((label?.y ?? 0) + (label?.height ?? 0) / 2 - ((amount?.y ?? 0) + (amount?.height ?? 0) / 2))).toBeLessThan(4);
    await screenshot(page, testInfo, `history-spend-${scheme}`);
  });
}

for (const scheme of schemes) {
  test(`Look up: an entry that cannot be a reference is marked at the field and says why (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const problems = collectPageProblems(page);
    await openSignedIn(page, host);
    await openTab(page, 'Look up');
    const field = page.getByLabel('Purchase ID or result URL');
    await field.fill('garbage !!');
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Not a purchase id or result URL\. Paste a purchase ID/);
    // Nothing speaks of a highlight that is not there.
    await expect(page.getByText('Correct the highlighted entry and try again.')).toHaveCount(0);
    await screenshot(page, testInfo, `lookup-invalid-${scheme}`);
    // Corrected, the mark goes.
    await field.fill('');
    await field.fill(await buyFromTestSide());
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(page.getByRole('region', { name: 'Looked-up purchase' })).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(problems).toEqual([]);
  });
}

for (const scheme of schemes) {
  test(`Look up: a mistyped ID says which ID and environment, what to check, and keeps "keep anyway" under More (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    await openTab(page, 'Look up');
    const mistyped = (await buyFromTestSide()).slice(0, -1);
    await page.getByLabel('Purchase ID or result URL').fill(mistyped);
    await page.getByRole('button', { name: 'Check now' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'No purchase with ID' });
    await expect(notice.locator('.error-message')).toHaveText(`No purchase with ID ${mistyped} on Sandbox.`);
    await expect(notice.getByRole('listitem')).toHaveCount(3);
    const keep = page.getByRole('button', { name: 'Keep it in the history anyway' });
    await expect(keep).toBeHidden();
    await screenshot(page, testInfo, `lookup-not-found-${scheme}`);
    await notice.getByText('More', { exact: true }).click();
    await expect(keep).toBeVisible();
    await screenshot(page, testInfo, `lookup-not-found-more-${scheme}`);
  });
}

/** Puts text on the clipboard as copying it from a ticket would; not counted as the user's work in the app. */
async function copyToClipboard(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
}

// Re-checking a copied purchase ID: 4 clicks and 3 keys when issue 63 was filed; now Ctrl+V anywhere.
for (const scheme of schemes) {
  test(`support re-checks a copied purchase ID with at most 0 clicks and 1 key: Ctrl+V anywhere (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const problems = collectPageProblems(page);
    const purchaseId = await buyFromTestSide();
    await openSignedIn(page, host);
    // Copied from a sentence in a ticket, full stop and all.
    await copyToClipboard(page, `"${purchaseId}".`);
    const user = new CountedUser(page);
    await user.press('ControlOrMeta+V');
    const found = page.getByRole('region', { name: 'Looked-up purchase' });
    await expect(found.getByText(`Purchase ID ${purchaseId}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Look up' })).toHaveAttribute('aria-selected', 'true');
    // The field shows what was asked, and has focus: the user sees it and can correct it.
    await expect(page.getByLabel('Purchase ID or result URL')).toHaveValue(purchaseId);
    await expect(page.getByLabel('Purchase ID or result URL')).toBeFocused();
    const cost = atMost(user.count, { clicks: 0, keys: 1, scrolls: 0 });
    expect(cost.ok, cost.message).toBe(true);
    await screenshot(page, testInfo, `lookup-pasted-${scheme}`);
    expect(problems).toEqual([]);
  });
}

test('support: the Look up form takes paste and Enter (at most 2 clicks and 2 keys); Ctrl+K then Ctrl+V looks up from the search box (at most 2 keys)', async ({ page }) => {
  const purchaseId = await buyFromTestSide();
  await openSignedIn(page, host);
  await copyToClipboard(page, purchaseId);
  // The form itself: the tab, the field, paste, Enter.
  const viaForm = new CountedUser(page);
  await viaForm.click(page.getByRole('tab', { name: 'Look up' }));
  const field = page.getByLabel('Purchase ID or result URL');
  await viaForm.click(field);
  await viaForm.press('ControlOrMeta+V');
  await expect(field).toHaveValue(purchaseId);
  await viaForm.press('Enter');
  const found = page.getByRole('region', { name: 'Looked-up purchase' });
  await expect(found.getByText(`Purchase ID ${purchaseId}`)).toBeVisible();
  const formCost = atMost(viaForm.count, { clicks: 2, keys: 2, scrolls: 0 });
  expect(formCost.ok, formCost.message).toBe(true);

  // From wherever focus is, by the keyboard: Ctrl+K goes to the search box, which takes the ID for Look up.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
  const viaSearch = new CountedUser(page);
  await viaSearch.press('ControlOrMeta+K');
  await expect(page.getByRole('combobox', { name: 'Address, postcode or title number' })).toBeFocused();
  await viaSearch.press('ControlOrMeta+V');
  await expect(found.getByText(`Purchase ID ${purchaseId}`)).toBeVisible();
  // The ID went to Look up, not into the search box.
  await expect(page.getByRole('combobox', { name: 'Address, postcode or title number', includeHidden: true })).toHaveValue('');
  const searchCost = atMost(viaSearch.count, { clicks: 0, keys: 2, scrolls: 0 });
  expect(searchCost.ok, searchCost.message).toBe(true);
});

test('a purchase ID pasted into another text field stays there', async ({ page }) => {
  await openSignedIn(page, host);
  await copyToClipboard(page, '2ae93f76-5c1d-4b8e-9f3a-6d2e8c1b7a90');
  await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill('DN147408');
  await page.getByRole('option', { name: 'Open title DN147408' }).click();
  const filter = page.getByRole('region', { name: 'Title DN147408' }).getByLabel('Filter variables');
  await filter.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(filter).toHaveValue('2ae93f76-5c1d-4b8e-9f3a-6d2e8c1b7a90');
  await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
});
