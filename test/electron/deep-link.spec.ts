import { spawn } from 'node:child_process';
import { expect, test, type ElectronApplication } from '@playwright/test';
import { purchaseLink } from '../../shared/purchase/deep-link.ts';
import { appEnv, binary, call, launch, removeProfile, root, scratchProfile, skipWithoutElectron } from './launch.ts';

skipWithoutElectron();
test.describe.configure({ mode: 'serial' });

let userData: string;
let purchaseId: string;
let app: ElectronApplication | undefined;

test.beforeAll(async () => {
  userData = scratchProfile();
  // A purchase to link to, made and finished in an earlier session.
  const first = await launch(userData);
  const info = await call(first.page, 'sandbox:info', undefined);
  const created = await call(first.page, 'purchase:create', { titleNumber: info.sampleTitles[0] ?? '', variables: info.sampleVariables.slice(0, 1) });
  await expect.poll(async () => (await call(first.page, 'purchase:get', { id: created.id })).state, { timeout: 30_000 }).toBe('available');
  purchaseId = (await call(first.page, 'purchase:get', { id: created.id })).purchaseId ?? '';
  expect(purchaseId).not.toBe('');
  await first.app.close();
});

test.afterAll(async () => {
  await app?.close();
  removeProfile(userData);
});

/** A second TitleDesk started with a link, as the OS does on Windows and Linux; it hands over and exits. */
async function secondInstance(link: string): Promise<number | null> {
  const second = spawn(binary ?? '', [root, link], { env: appEnv(userData), stdio: 'ignore' });
  return new Promise((resolveExit) => second.once('exit', resolveExit));
}

test('launched by a link, the app opens Look up on that purchase and checks it', async () => {
  const launched = await launch(userData, [purchaseLink(purchaseId)]);
  app = launched.app;
  const { page } = launched;
  await expect(page.getByRole('tab', { name: 'Look up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Purchase ID or result URL')).toHaveValue(purchaseId);
  await expect(page.getByRole('region', { name: 'Looked-up purchase' }).getByText('Available', { exact: true })).toBeVisible();
  // The reference was taken from the address once: a reload does not check it again.
  expect(page.url()).toBe('app://titledesk/index.html');
});

test('a link opened while the app runs reaches it through the second instance', async () => {
  if (app === undefined) throw new Error('the app is not running');
  const page = await app.firstWindow();
  await page.getByRole('tab', { name: 'Buy' }).click();
  expect(await secondInstance(purchaseLink(purchaseId))).toBe(0);
  await expect(page.getByRole('tab', { name: 'Look up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Looked-up purchase' }).getByText('Available', { exact: true })).toBeVisible();
});

test('a link that is not a purchase is refused with a message and opens nothing', async () => {
  if (app === undefined) throw new Error('the app is not running');
  const page = await app.firstWindow();
  await page.getByRole('tab', { name: 'Buy' }).click();
  await app.evaluate(({ dialog }) => {
    const messages: string[] = [];
    Reflect.set(globalThis, '__titledeskDialogs', messages);
    dialog.showMessageBox = ((options: Electron.MessageBoxOptions) => {
      messages.push(options.message);
      return Promise.resolve({ response: 0, checkboxChecked: false });
    }) as typeof dialog.showMessageBox;
  });
  expect(await secondInstance(purchaseLink('https://evil.example/purchases/x'))).toBe(0);
  await expect.poll(() => app?.evaluate(() => Reflect.get(globalThis, '__titledeskDialogs') as string[])).toEqual([
    'This link was not opened: https://evil.example is not one of your environments.',
  ]);
  await expect(page.getByRole('tab', { name: 'Buy' })).toHaveAttribute('aria-selected', 'true');
});
