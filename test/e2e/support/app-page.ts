import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Console errors, uncaught exceptions and CSP violations the page reports while a test runs. */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * A full-page screenshot saved beside the test's results. Transitions are finished first, so the
 * picture shows where the page settles (a finished batch's bar full, not caught mid-way).
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The header's environment picker. */
export function environmentPicker(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: 'Environment' });
}

export async function openSettings(page: Page, tab: 'Environments' | 'Credentials' | 'Advanced' = 'Environments') {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

export async function addEnvironment(page: Page, input: { name: string; baseUrl: string; developerClientId?: string }): Promise<void> {
  const dialog = await openSettings(page, 'Environments');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  const form = dialog.getByRole('form', { name: 'Add environment' });
  await form.getByLabel('Name').fill(input.name);
  await form.getByLabel('Service base URL').fill(input.baseUrl);
  if (input.developerClientId !== undefined) await form.getByLabel('Developer client id (optional)').fill(input.developerClientId);
  await form.getByRole('button', { name: 'Add environment' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: input.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Types a credential into its write-only field in Settings → Credentials and saves it. */
export async function setCredential(page: Page, environment: string, label: string, value: string): Promise<void> {
  const dialog = await openSettings(page, 'Credentials');
  await dialog.getByLabel('Credentials for').selectOption({ label: environment });
  const field = dialog.getByRole('form', { name: label });
  await field.getByLabel(label, { exact: true }).fill(value);
  await field.getByRole('button', { name: 'Save' }).click();
  await expect(field.getByRole('status')).toContainText('Saved:');
  await expect(field.getByLabel(label, { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Opens a purchase row in the purchase's own view (the panel gives way to it), as a click or Enter does. */
export async function openPurchaseView(page: Page, row: Locator): Promise<Locator> {
  await row.locator('.purchase-summary').click();
  const view = page.getByRole('region', { name: /^Purchase / });
  await expect(view.getByRole('button', { name: 'Back to purchases' })).toBeFocused();
  return view;
}

/** Opens the app as a user starts it, and waits until the Sandbox has signed in. */
export async function openSignedIn(page: Page, host: { readonly url: string }): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
}

/** A title's own region in the Buy tab: "Title DN147408". */
export function titleRegion(page: Page, titleNumber: string): Locator {
  return page.getByRole('region', { name: `Title ${titleNumber}` });
}

/** Opens a title from the one search box, as a user typing its number would. */
export async function openTitle(page: Page, titleNumber: string): Promise<Locator> {
  const search = page.getByRole('combobox', { name: 'Address, postcode or title number' });
  await search.fill(titleNumber);
  await page.getByRole('option', { name: `Open title ${titleNumber}` }).click();
  const title = titleRegion(page, titleNumber);
  await expect(title.getByLabel('Filter variables')).toBeVisible();
  return title;
}

/** From a postcode to the card of Flat 3, Regent Mansions (a leasehold flat), as an analyst gets there. */
export async function openFlatCard(page: Page): Promise<Locator> {
  const search = page.getByRole('combobox', { name: 'Address, postcode or title number' });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await search.pressSequentially('LS23 6T');
  // Clicked, as the next levels are, so the step does not depend on which option is first when a
  // key lands (with ArrowDown and Enter it failed twice in a row on a busy machine).
  await suggestions.getByRole('option', { name: /LS23 6TR.*38 addresses/ }).click();
  await suggestions.getByRole('option', { name: /Regent Mansions, 7 Tannery Crescent.*28 addresses/ }).click();
  await suggestions.getByRole('option', { name: /^Flat 3, Regent Mansions/ }).click();
  const card = page.getByRole('region', { name: 'Address' });
  await expect(card.getByRole('button', { name: /^Open leasehold title/ })).toBeVisible();
  return card;
}

/** From a postcode to the flat's card, then its leasehold title. Returns the title and the card's address on one line. */
export async function openFlatTitle(page: Page): Promise<{ title: Locator; address: string }> {
  const card = await openFlatCard(page);
  // allTextContents does not wait: the card renders after the click, so wait for its first line.
  await expect(card.locator('address span').first()).toHaveText(/^Flat 3\b/);
  const lines = await card.locator('address span').allTextContents();
  await card.getByRole('button', { name: /^Open leasehold title/ }).click();
  const title = page.getByRole('region', { name: /^Title WYK/ });
  await expect(title.getByText(/variables from \d+ sources/)).toBeVisible();
  return { title, address: lines.join(', ') };
}
