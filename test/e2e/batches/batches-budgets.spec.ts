import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { collectPageProblems, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke, rawRequest } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const infoSchema = z.object({ sampleTitles: z.array(z.string()), testTitles: z.array(z.string()), sampleVariables: z.array(z.string()) });
const recordSchema = z.object({ id: z.string(), state: z.string() });
const refusalSchema = z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) });
const tenure = '/vars/HM Land Registry/Price Paid#Land Registry/Register/Title/Tenure';
const lastSalePrice = '/vars/HM Land Registry/Price Paid#Land Registry/Transactions/Price Paid/Last Sale Price (£)';

async function setDailyBudget(value: number): Promise<void> {
  await invoke(host, 'spending:update', { environmentId: 'sandbox', settings: { confirmAbove: {}, daily: { GBP: value }, monthly: {} } });
}

async function bought(titleNumber: string, variables: string[]): Promise<void> {
  const { id } = recordSchema.parse(await invoke(host, 'purchase:create', { titleNumber, variables, buyAgain: true }));
  await expect.poll(async () => recordSchema.parse(await invoke(host, 'purchase:get', { id })).state, { timeout: 30_000 }).toBe('available');
}

async function dropCsv(page: Page, csv: string): Promise<void> {
  const view = page.getByRole('region', { name: 'Batch' });
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'portfolio.csv', { type: 'text/csv' }));
    return transfer;
  }, csv);
  await view.getByTestId('batch-drop').dispatchEvent('drop', { dataTransfer });
  // Previewed at once: the form gives way to the preview.
  await expect(view.getByText(/^\d+ lines: /)).toBeVisible();
}

test('a batch preview: reused lines cost nothing now, addresses as the app shows them resolve, the confirmation says where the budget stops it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const problems = collectPageProblems(page);
  const info = infoSchema.parse(await invoke(host, 'sandbox:info'));
  const base = new URL(info.sampleVariables[0] ?? '').origin;
  const variable = `${base}${tenure}`;
  // Five titles, none of them the one the address below has.
  const house = buildWorld().addresses.find((address) => address.postcode === 'LS23 6TR' && address.buildingNumber === '1' && address.subBuilding === '' && address.buildingName === '');
  const houseTitles = house?.titles.map((title) => title.titleNumber) ?? [];
  const titles = [...info.sampleTitles, ...info.testTitles].filter((title) => !houseTitles.includes(title)).slice(0, 5);
  const [reusedTitle = ''] = titles;
  // Bought earlier today: the batch reuses it rather than buying it again.
  await bought(reusedTitle, [variable]);
  // £0.30 a title, £0.30 spent: room for three more today.
  await setDailyBudget(1.2);

  await openSignedIn(page, host);
  await page.getByRole('tab', { name: 'Batch' }).click();
  const view = page.getByRole('region', { name: 'Batch' });
  const csv = [
    'title_number,address,ref',
    ...titles.map((title, index) => `${title},,T${String(index)}`),
    ',"1 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR, UNITED KINGDOM",by label',
    ',"Tannery Crescent, Boston Spa",vague',
  ].join('\n');
  // The variables first: a dropped file is previewed at once.
  await view.getByLabel('Variables: preset').selectOption('');
  await view.getByLabel('and variable IRIs (one a line)').fill(variable);
  await expect(view.getByRole('button', { name: /Preview the batch \(1 variable/ })).toBeVisible();
  await dropCsv(page, csv);
  const table = view.getByRole('table', { name: 'Batch lines' });
  await expect(table.getByRole('row').filter({ hasText: 'T4' })).toBeVisible();

  // 19: the reused line costs nothing now, and says when it was bought.
  const reusedRow = table.getByRole('row').filter({ hasText: 'T0' });
  await expect(reusedRow.getByRole('cell').nth(3)).toHaveText('Reused');
  await expect(reusedRow.getByRole('cell').nth(4)).toHaveText('£0.00 reused');
  const today = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date());
  await expect(reusedRow.getByRole('cell').nth(5)).toContainText(`Reused from the purchase of ${today}`);

  // 18: the address as the app shows it is one address, not ambiguous; the vague one shows what
  // was typed and the whole reason, wrapped in the row and in its details.
  const byLabel = table.getByRole('row').filter({ hasText: 'by label' });
  await expect(byLabel.getByRole('cell').nth(2)).toHaveText(`${houseTitles[0] ?? 'no title'} Freehold`);
  await expect(byLabel.getByRole('cell').nth(3)).toHaveText('To buy');
  await expect(byLabel.getByRole('cell').nth(1)).toContainText('1 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR');
  const vague = table.getByRole('row').filter({ hasText: 'vague' });
  await expect(vague.getByRole('cell').nth(1)).toHaveText('Tannery Crescent, Boston Spa · vague');
  const reason = vague.getByRole('cell').nth(5);
  await expect(reason).toContainText(/^Ambiguous address: .* matches \(.*\); give a fuller address, a UDPRN or a title number\.$/);
  // Nothing is cut off: the cell is as wide and tall as its text.
  expect(await reason.evaluate((cell) => cell.scrollWidth <= cell.clientWidth && cell.scrollHeight <= cell.clientHeight)).toBe(true);
  await vague.click();
  const details = table.getByRole('definition').filter({ hasText: /^Ambiguous address/ });
  await expect(details).toBeVisible();
  await expect(table.getByLabel(/^Details of row \d+$/)).toContainText('Tannery Crescent, Boston Spa');
  await screenshot(page, testInfo, 'batch-preview-reused-ambiguous-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'batch-preview-reused-ambiguous-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // 17: the confirmation says both what all would cost and where the budget stops the batch.
  await view.getByRole('button', { name: 'Buy…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm batch' });
  await expect(dialog).toContainText('of 5 titles for £1.50');
  // Where the table is, nothing spills sideways: every column is in view.
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(dialog.getByRole('note')).toHaveText('The budget will stop it after 3 titles (£0.90); the other 2 stay unbought until the budget allows them.');
  await expect(dialog.getByRole('button', { name: 'Buy the first 3 for £0.90' })).toBeVisible();
  await screenshot(page, testInfo, 'batch-confirm-budget-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'batch-confirm-budget-dark');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(problems).toEqual([]);
});

test('with nothing left of the budget Buy is disabled with the reason in money, and core refuses in money too', async ({ page }, testInfo) => {
  const info = infoSchema.parse(await invoke(host, 'sandbox:info'));
  const base = new URL(info.sampleVariables[0] ?? '').origin;
  const titleNumber = info.testTitles[1] ?? '';
  // Today's budget spent to the penny: what is spent so far plus a £1.00 purchase.
  const spent = z.object({ spentToday: z.array(z.object({ value: z.number() })) }).parse(await invoke(host, 'spending:status', { environmentId: 'sandbox' }));
  await setDailyBudget((spent.spentToday[0]?.value ?? 0) + 1);
  await bought(titleNumber, [`${base}${lastSalePrice}`]);
  const limit = (spent.spentToday[0]?.value ?? 0) + 1;
  const limitText = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(limit);

  await openSignedIn(page, host);
  await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill(titleNumber);
  await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: `Open title ${titleNumber}` }).click();
  const title = page.getByRole('region', { name: `Title ${titleNumber}` });
  await title.getByLabel('Filter variables').fill('tenure');
  await title.getByRole('checkbox', { name: /^Tenure/ }).check();
  const buy = title.getByRole('button', { name: 'Buy 1 variable for £0.30' });
  await expect(buy).toBeDisabled();
  const why = `Over today's budget: this costs £0.30; £0.00 of ${limitText} left today.`;
  await expect(title.getByRole('status').filter({ hasText: "Over today's budget" })).toHaveText(why);
  await expect(buy).toHaveAccessibleDescription(why);
  // Ctrl+Enter does not get round it.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Confirm purchase' })).toHaveCount(0);
  await screenshot(page, testInfo, 'buy-over-budget-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'buy-over-budget-dark');

  // The same refusal from core (the CLI and scripts see it) writes money as money.
  const answer = await rawRequest(host, '/api/invoke/purchase:create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-titledesk-key': host.launchKey, host: `127.0.0.1:${String(host.port)}` },
    body: JSON.stringify({ titleNumber, variables: [`${base}${tenure}`], buyAgain: true }),
  });
  const refusal = refusalSchema.parse(JSON.parse(answer.body));
  expect(refusal.error).toEqual({ code: 'budget_exceeded', message: `This would go over today's budget: it costs £0.30; £0.00 of ${limitText} left today. Nothing was sent.` });
});
