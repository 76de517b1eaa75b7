import { expect, test, type Locator, type Page } from '@playwright/test';
import { z } from 'zod';
import { collectPageProblems, openFlatTitle, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

// The size the issue was reported at: the purchase must have room here.
test.use({ viewport: { width: 1280, height: 800 } });

/** Every variable the sandbox offers on every title; the first has the longest name and ontology type. */
const variables = ['Unique Property Reference Number', 'Bathroom Count (1⋯5+)', 'Current Energy Rating', 'Estimated Sale Value (£)'];

async function buyFourVariables(page: Page, title: Locator, address: string): Promise<void> {
  for (const name of variables) {
    await title.getByLabel('Filter variables').fill(name);
    await title.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()£+⋯]/g, '.')}`) }).check();
  }
  await title.getByLabel('Filter variables').fill('');
  // The other colour scheme's run bought these already: without this the reuse guard answers with that purchase.
  await title.getByText('Options', { exact: true }).click();
  await title.getByLabel(/^Buy again anyway/).check();
  await title.getByRole('button', { name: /^Buy 4 variables for/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(confirm).toContainText(address);
  await confirm.getByRole('button', { name: /^Buy for/ }).click();
}

/** Widths that show whether anything overflows: the page, the scrolling workspace, the results table and its box. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const page = document.scrollingElement;
    const workspace = document.querySelector('main.workspace');
    const table = document.querySelector('.purchase-view .results-table');
    const box = table?.parentElement;
    const ontology = [...document.querySelectorAll('.purchase-view .results-table td.ontology')].map((cell) => cell.getBoundingClientRect().width);
    return {
      page: { scroll: page?.scrollWidth ?? 0, client: page?.clientWidth ?? 0 },
      workspace: { scroll: workspace?.scrollWidth ?? 0, client: workspace?.clientWidth ?? 0 },
      table: { width: table?.getBoundingClientRect().width ?? Infinity, scroll: table?.scrollWidth ?? Infinity },
      box: { scroll: box?.scrollWidth ?? Infinity, client: box?.clientWidth ?? 0 },
      narrowestOntology: Math.min(...ontology),
    };
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a purchase opens in a view of its own with room for its results, from the keyboard and back (${scheme})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    const problems = collectPageProblems(page);
    await openSignedIn(page, host);
    const { title, address } = await openFlatTitle(page);
    expect(address).toMatch(/^Flat 3, Regent Mansions, /);
    await buyFourVariables(page, title, address);

    // The row: which flat, which variables, where; focus is on it after the purchase.
    const panel = page.getByRole('region', { name: 'Purchases' });
    const row = panel.getByRole('article').first();
    const summary = row.locator('.purchase-summary');
    await expect(summary).toBeFocused();
    await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('.purchase-title')).toContainText(address);
    await expect(row.locator('.purchase-meta')).toHaveText(/^[^,]+, [^,]+ \+2 · Sandbox$/);
    await screenshot(page, testInfo, `purchase-row-${scheme}`);

    // Enter on the row opens the purchase with the workspace's whole width.
    await summary.press('Enter');
    const view = page.getByRole('region', { name: /^Purchase WYK/ });
    await expect(view.getByRole('button', { name: 'Back to purchases' })).toBeFocused();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('region', { name: 'Tasks' })).toBeHidden();
    await expect(view).toContainText(address);
    const results = view.getByRole('table');
    await expect(results.getByRole('rowheader', { name: 'Unique Property Reference Number' })).toBeVisible();
    await expect(results.locator('tbody tr')).toHaveCount(4);
    await view.getByRole('checkbox', { name: 'Show ontology types' }).check();
    await expect(results.getByRole('columnheader', { name: 'Ontology type' })).toBeVisible();
    await expect(results.getByRole('cell', { name: 'Ordnance Survey/Spatial#Address/Unique Property Reference Number' })).toBeVisible();
    const widths = await overflow(page);
    expect(widths.page.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.page.client);
    expect(widths.workspace.scroll, 'the workspace scrolls sideways').toBeLessThanOrEqual(widths.workspace.client);
    expect(widths.table.width, 'the results table is wider than its box').toBeLessThanOrEqual(widths.box.client + 0.5);
    expect(widths.box.scroll, 'the results table scrolls sideways').toBeLessThanOrEqual(widths.box.client);
    // Room enough that an ontology type wraps between words, not every few characters.
    expect(widths.narrowestOntology).toBeGreaterThan(240);
    await screenshot(page, testInfo, `purchase-view-${scheme}`);

    // Esc goes back to the list, with focus on the row it was opened from.
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await expect(summary).toBeFocused();
    // The Buy tab kept the title open while the purchase was shown.
    await expect(title).toBeVisible();

    // A click opens it too, and the Back button returns the same way.
    await summary.click();
    await expect(view.getByRole('button', { name: 'Back to purchases' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(view).toBeHidden();
    await expect(summary).toBeFocused();
    expect(problems).toEqual([]);
  });
}

test('closing the view brings back the row it was opened from, even one far down a long list', async ({ page }) => {
  test.setTimeout(90_000);
  const info = z.object({ sampleTitles: z.array(z.string()), sampleVariables: z.array(z.string()) }).parse(await invoke(host, 'sandbox:info'));
  const [titleNumber = '', variable = ''] = [info.sampleTitles[1], info.sampleVariables[0]];
  for (let n = 0; n < 40; n += 1) await invoke(host, 'purchase:create', { titleNumber, variables: [variable], buyAgain: true });
  await page.goto(host.url);
  const panel = page.getByRole('region', { name: 'Purchases' });
  await expect(panel.getByText(/^4\d on Sandbox$/)).toBeVisible();
  // The oldest purchase of the list, at its far end.
  await panel.locator('.purchase-scroller').evaluate((scroller) => { scroller.scrollTop = scroller.scrollHeight; });
  const last = panel.getByRole('listitem').filter({ has: page.getByRole('article') }).last();
  await expect(last).toHaveAttribute('aria-posinset', /^4\d$/);
  const position = await last.getAttribute('aria-posinset');
  await last.locator('.purchase-summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Back to purchases' })).toBeFocused();
  // Purchases made meanwhile push the row further down, out of the rows the list has in the page.
  for (let n = 0; n < 20; n += 1) await invoke(host, 'purchase:create', { titleNumber, variables: [variable], buyAgain: true });
  await expect(page.locator('.purchase-panel').getByText(/^6\d on Sandbox$/)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panel).toBeVisible();
  const focused = page.locator('.purchase-item').filter({ has: page.locator('.purchase-summary:focus') });
  await expect(focused).toHaveAttribute('aria-posinset', String(Number(position) + 20));
});
