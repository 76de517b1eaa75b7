import { expect, test } from '@playwright/test';
import { call, fileContains, filesUnder, launch, removeProfile, scratchProfile, skipWithoutElectron } from './launch.ts';

skipWithoutElectron();

let userData: string;
test.beforeEach(() => {
  userData = scratchProfile();
});
test.afterEach(() => {
  removeProfile(userData);
});

test('safeStorage: a credential survives a restart and is in no file in plain text', async () => {
  const secret = 'machine-secret-7f3a9c2e41d8';
  let { app, page } = await launch(userData);
  const environment = await call(page, 'environment:add', { input: { name: 'Production', baseUrl: 'https://api.whenfresh.com', authMode: 'machine' } });
  const stored = await call(page, 'credentials:set', { environmentId: environment.id, name: 'clientSecret', value: secret });
  // The CI keyring (gnome-keyring on Linux, Keychain, DPAPI) is a real backend: stored, not session-only.
  expect(stored.persistence).toBe('os-keychain');
  await app.close();

  ({ app, page } = await launch(userData));
  const status = await call(page, 'credentials:status', { environmentId: environment.id });
  expect(status).toMatchObject({ persistence: 'os-keychain', present: { clientSecret: true } });
  await app.close();
  const files = filesUnder(userData);
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((file) => fileContains(file, secret))).toEqual([]);
});

test('killed mid-poll and relaunched, the purchase completes with its one POST', async () => {
  let { app, page } = await launch(userData);
  const info = await call(page, 'sandbox:info', undefined);
  const created = await call(page, 'purchase:create', { titleNumber: info.testTitles[0] ?? '', variables: info.sampleVariables.slice(0, 2), options: { minWaitSeconds: 8 } });
  expect(created.state).toBe('pending');
  // No clean shutdown: the process is killed outright while the poller waits on the 202s.
  const main = app.process();
  const killed = new Promise<void>((resolveExit) => main.once('exit', () => { resolveExit(); }));
  main.kill('SIGKILL');
  await killed;

  ({ app, page } = await launch(userData));
  await expect.poll(async () => (await call(page, 'purchase:get', { id: created.id })).state, { timeout: 40_000 }).toBe('available');
  const record = await call(page, 'purchase:get', { id: created.id });
  expect(record.timeline.filter((exchange) => exchange.method === 'POST')).toHaveLength(1);
  expect(record.items).toHaveLength(2);
  await app.close();
});

test('the window comes back where it was left, at its size', async () => {
  let { app } = await launch(userData);
  const placed = await app.evaluate(({ BrowserWindow, screen }) => {
    const area = screen.getPrimaryDisplay().workArea;
    const bounds = { x: area.x + 40, y: area.y + 30, width: 1100, height: 720 };
    BrowserWindow.getAllWindows()[0]?.setBounds(bounds);
    return BrowserWindow.getAllWindows()[0]?.getBounds();
  });
  await app.close();
  ({ app } = await launch(userData));
  const restored = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getBounds());
  expect(restored).toEqual(placed);
  await app.close();
});
