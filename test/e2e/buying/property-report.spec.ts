import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { collectPageProblems, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const infoSchema = z.object({ sampleTitles: z.array(z.string()), sampleVariables: z.array(z.string()) });
const recordSchema = z.object({
  id: z.string(),
  state: z.string(),
  purchaseId: z.string().optional(),
  items: z.array(z.object({ variable: z.string(), name: z.string(), value: z.string() })).optional(),
});

/** Buys again anyway: the report needs the same variable bought twice, which the reuse guard would otherwise answer with the earlier purchase. */
async function buy(titleNumber: string, variables: string[]): Promise<z.infer<typeof recordSchema>> {
  const { id } = recordSchema.parse(await invoke(host, 'purchase:create', { titleNumber, variables, buyAgain: true }));
  await expect.poll(async () => recordSchema.parse(await invoke(host, 'purchase:get', { id })).state, { timeout: 30_000 }).toBe('available');
  return recordSchema.parse(await invoke(host, 'purchase:get', { id }));
}

/** pdftotext (poppler-utils) reads the PDF as a person would; without it the print DOM is checked alone. */
const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((path) => existsSync(path));

test('the property report shows the latest values with purchase IDs and prints as one table', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const problems = collectPageProblems(page);
  const info = infoSchema.parse(await invoke(host, 'sandbox:info'));
  const [title] = info.sampleTitles;
  const [a, b] = info.sampleVariables;
  if (title === undefined || a === undefined || b === undefined) throw new Error('The sandbox has no samples');
  const first = await buy(title, [a, b]);
  const second = await buy(title, [b]);
  const latestB = second.items?.find((item) => item.variable === b);
  const onlyA = first.items?.find((item) => item.variable === a);
  if (latestB === undefined || onlyA === undefined || second.purchaseId === undefined || first.purchaseId === undefined) throw new Error('no values');

  await page.goto(host.url);
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Details' }).first().click();
  await page.getByRole('button', { name: `Property report for ${title}` }).first().click();

  const report = page.getByRole('region', { name: 'Property report' });
  await expect(report.getByText(`Title ${title}`, { exact: true })).toBeVisible();
  const rows = report.locator('.report-table tbody tr');
  await expect(rows).toHaveCount(2);
  const rowB = rows.filter({ hasText: latestB.name });
  await expect(rowB).toContainText(latestB.value);
  await expect(rowB).toContainText(second.purchaseId);
  await expect(rows.filter({ hasText: onlyA.name })).toContainText(first.purchaseId);

  // b was bought twice: the earlier value appears only on demand.
  await report.getByLabel('Show older values').check();
  await expect(rows).toHaveCount(3);
  await expect(report.locator('.report-older')).toContainText(first.purchaseId);
  await report.getByLabel('Show older values').uncheck();
  await screenshot(page, testInfo, 'property-report-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'property-report-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // In print, only the report is laid out: the header and one table, no buttons, no app chrome.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(report.getByRole('button', { name: 'Print or save as PDF…' })).toBeHidden();
  await expect(report.locator('table')).toHaveCount(1);
  await expect(report.locator('.report-table')).toBeVisible();
  await screenshot(page, testInfo, 'property-report-print');

  // The same options the desktop app gives webContents.printToPDF (electron/main/host-services/pdf-printer.ts).
  const pdf = await page.pdf({ printBackground: true, displayHeaderFooter: false, preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdfPath = testInfo.outputPath('property-report.pdf');
  await writeFile(pdfPath, pdf);
  if (pdftotext === undefined) testInfo.annotations.push({ type: 'skipped check', description: 'pdftotext (poppler-utils) is not installed: the PDF text was not read' });
  else {
    const text = execFileSync(pdftotext, ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Property report');
    expect(text).toContain(`Title ${title}`);
    expect(text).toContain(latestB.value);
    expect(text).toContain(second.purchaseId);
    expect(text).toMatch(/Page 1 of 1/);
    expect(text).not.toContain('Print or save as PDF');
  }

  // Browser mode has no window to print to a file: one button opens the browser's print dialog,
  // which prints and saves PDFs alike; no second button doing the same under another name.
  await page.emulateMedia({ media: 'screen' });
  await expect(report.getByRole('button', { name: /^(Print…|Save as PDF)$/ })).toHaveCount(0);
  await page.evaluate(() => { Reflect.set(window, '__printed', 0); window.print = () => { Reflect.set(window, '__printed', 1); }; });
  await report.getByRole('button', { name: 'Print or save as PDF…' }).click();
  await expect.poll(() => page.evaluate((): unknown => Reflect.get(window, '__printed'))).toBe(1);
  await report.getByRole('button', { name: 'Close report' }).click();
  await expect(report).toBeHidden();
  expect(problems).toEqual([]);
});

const catalogSchema = z.object({ groups: z.array(z.object({ schemes: z.array(z.object({ variables: z.array(z.object({ iri: z.string() })) })) })) });

test('the report names its environment on screen and on every printed page, marked as simulated on the Sandbox', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const info = infoSchema.parse(await invoke(host, 'sandbox:info'));
  const title = info.sampleTitles[1] ?? '';
  // Every variable of the catalog: a report of several pages.
  const catalog = catalogSchema.parse(await invoke(host, 'catalog:get', { titleNumber: title }));
  const all = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((variable) => variable.iri)));
  await buy(title, all);

  await page.goto(host.url);
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Details' }).first().click();
  await page.getByRole('button', { name: `Property report for ${title}` }).first().click();
  const report = page.getByRole('region', { name: 'Property report' });
  const banner = report.getByTestId('report-environment');
  await expect(banner).toHaveText(/^Sandbox: simulated data · Sandbox \(127\.0\.0\.1:\d+\)$/);
  await expect(banner).toHaveClass(/report-environment-marked/);
  await screenshot(page, testInfo, 'property-report-environment-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'property-report-environment-dark');
  await page.emulateMedia({ colorScheme: 'light', media: 'print' });
  await expect(banner).toBeVisible();
  await expect(report.locator('.report-page-line')).toBeVisible();
  await screenshot(page, testInfo, 'property-report-environment-print');

  const pdf = await page.pdf({ printBackground: true, displayHeaderFooter: false, preferCSSPageSize: true });
  const pdfPath = testInfo.outputPath('property-report-environment.pdf');
  await writeFile(pdfPath, pdf);
  test.skip(pdftotext === undefined, 'pdftotext (poppler-utils) is not installed: the PDF pages were not read');
  const pages = execFileSync(pdftotext ?? '', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).split('\f').filter((text) => text.trim() !== '');
  expect(pages.length, 'a report of several pages').toBeGreaterThan(1);
  for (const [index, text] of pages.entries()) {
    expect(text, `page ${String(index + 1)}`).toContain('Sandbox: simulated data, not a real property report');
    expect(text, `page ${String(index + 1)}`).toMatch(new RegExp(`Page ${String(index + 1)} of ${String(pages.length)}`));
  }
});
