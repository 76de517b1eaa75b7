import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { appForFile, call, mainLog } from './launch.ts';

const shared = appForFile();

test('a purchase on the embedded sandbox, from the address search to its data', async () => {
  const search = shared.page.getByRole('combobox', { name: 'Address, postcode or title number' });
  const suggestions = shared.page.getByRole('listbox', { name: 'Suggestions' });
  await search.pressSequentially('LS23 6T');
  await suggestions.getByRole('option', { name: /LS23 6TR.*38 addresses/ }).click();
  await suggestions.getByRole('option', { name: /Regent Mansions, 7 Tannery Crescent.*28 addresses/ }).click();
  await suggestions.getByRole('option', { name: /^Flat 2, Regent Mansions/ }).click();
  const card = shared.page.getByRole('region', { name: 'Address' });
  await card.getByRole('button', { name: /^Open leasehold title/ }).click();
  const title = shared.page.getByRole('region', { name: /^Title WYK/ });
  await title.getByLabel('Filter variables').fill('valuation');
  for (const name of ['Estimated Sale Value (£)', 'Estimate Confidence', 'Estimated Monthly Rent (£)']) {
    await title.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()£]/g, '.')}`) }).check();
  }
  await title.getByRole('button', { name: 'Buy 3 variables for £5.50' }).click();
  await shared.page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Buy for £5.50' }).click();
  const row = shared.page.getByRole('region', { name: 'Purchases' }).getByRole('article', { name: /^Purchase WYK/ }).first();
  await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('the export goes through the save dialog (stubbed in main) to the chosen file', async () => {
  const target = join(shared.userData, 'export.csv');
  // The app leaves the save path to the dialog; a listener added after its own supplies the
  // path the user would pick, which Electron then uses instead of showing the dialog.
  await shared.app.evaluate(({ session }, path) => {
    session.defaultSession.on('will-download', (_event, item) => { item.setSavePath(path); });
  }, target);
  const row = shared.page.getByRole('region', { name: 'Purchases' }).getByRole('article', { name: /^Purchase WYK/ }).first();
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Export CSV' }).click();
  await expect.poll(() => { try { return readFileSync(target, 'utf8'); } catch { return ''; } }).toContain('Estimated Sale Value (£),Zoopla,Property Data');
});

test('a purchase that completes while the window is in the background is announced by a notification', async () => {
  await shared.app.evaluate(({ Notification }) => {
    const shown: string[] = [];
    Reflect.set(globalThis, '__titledeskNotices', shown);
    Notification.prototype.show = function show(this: Electron.Notification) { shown.push(this.title); };
  });
  const info = await call(shared.page, 'sandbox:info', undefined);
  const created = await call(shared.page, 'purchase:create', { titleNumber: info.testTitles[0] ?? '', variables: info.sampleVariables.slice(0, 1), options: { minWaitSeconds: 3 } });
  await shared.app.evaluate(({ BrowserWindow }) => { BrowserWindow.getAllWindows()[0]?.hide(); });
  const expected = `Title ${created.titleNumber ?? ''}: data available`;
  // Observed in the main process: the log line always, the Notification where the OS supports them.
  await expect.poll(() => mainLog(shared.userData), { timeout: 30_000 }).toContain(`Notification: ${expected}`);
  const supported = await shared.app.evaluate(({ Notification }) => Notification.isSupported());
  if (supported) expect(await shared.app.evaluate(() => Reflect.get(globalThis, '__titledeskNotices') as string[])).toContain(expected);
  const badge = await shared.app.evaluate(({ app: electronApp }) => (process.platform === 'win32' ? 0 : electronApp.getBadgeCount()));
  expect(badge).toBe(0);
  await shared.app.evaluate(({ BrowserWindow }) => { BrowserWindow.getAllWindows()[0]?.show(); });
});
