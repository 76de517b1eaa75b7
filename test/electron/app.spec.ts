import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import { requestChannelList } from '../../shared/contract/channel-names.ts';
import { findElectronBinary, noElectronReason } from './electron-binary.ts';

const root = resolve(import.meta.dirname, '..', '..');
const binary = findElectronBinary();
test.skip(binary === undefined, noElectronReason);

type ApiWindow = Window & { api: TitleDeskApi };

let app: ElectronApplication;
let page: Page;
let userData: string;

function appEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  // A scratch profile: no real settings, secrets or journal are touched.
  return { ...env, TITLEDESK_USER_DATA_DIR: userData, XDG_CONFIG_HOME: join(userData, 'xdg') };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'titledesk-electron-'));
  app = await electron.launch({ executablePath: binary ?? '', args: [root], env: appEnv() });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app.close();
  rmSync(userData, { recursive: true, force: true });
});

test('the window opens on the app:// origin with the CSP header', async () => {
  expect(page.url()).toBe('app://titledesk/index.html');
  const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
});

test('it lands on the Sandbox environment', async () => {
  await expect(page.getByText('Sandbox: no real purchases')).toBeVisible();
});

test('IPC reaches the core through window.api', async () => {
  const listed = await page.evaluate(() => (window as unknown as ApiWindow).api['environment:list'](undefined));
  expect(listed.ok).toBe(true);
  const info = await page.evaluate(() => (window as unknown as ApiWindow).api['sandbox:info'](undefined));
  expect(info).toMatchObject({ ok: true, data: { running: true } });
  const refused = await page.evaluate(() => (window as unknown as ApiWindow).api['environment:select']({ id: '' }));
  expect(refused.ok).toBe(false);
});

test('the renderer has no Node and only the narrow bridge', async () => {
  const globals = await page.evaluate(() => ({
    process: typeof (globalThis as Record<string, unknown>)['process'],
    require: typeof (globalThis as Record<string, unknown>)['require'],
    module: typeof (globalThis as Record<string, unknown>)['module'],
    Buffer: typeof (globalThis as Record<string, unknown>)['Buffer'],
    ipcRenderer: 'ipcRenderer' in globalThis,
    apiKeys: Object.keys((window as unknown as ApiWindow).api).sort(),
  }));
  expect(globals).toEqual({
    process: 'undefined',
    require: 'undefined',
    module: 'undefined',
    Buffer: 'undefined',
    ipcRenderer: false,
    apiKeys: [...requestChannelList, 'on'].sort(),
  });
});

test('navigation and new windows are refused', async () => {
  const opened = await page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  await page.evaluate(() => {
    location.href = 'https://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe('app://titledesk/index.html');
  expect(app.windows()).toHaveLength(1);
});

test('a second launch hands over to the first and exits', async () => {
  const second = spawn(binary ?? '', [root], { env: appEnv(), stdio: 'ignore' });
  const code = await new Promise<number | null>((resolveExit) => second.once('exit', resolveExit));
  expect(code).toBe(0);
  expect(app.windows()).toHaveLength(1);
});
