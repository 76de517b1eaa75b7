import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import { requestChannelList } from '../../shared/contract/channel-names.ts';
import { appEnv, appForFile, binary, call, launch, root } from './launch.ts';

type ApiWindow = Window & { api: TitleDeskApi };

const shared = appForFile();

test('the window opens on the app:// origin with the CSP header', async () => {
  expect(shared.page.url()).toBe('app://titledesk/index.html');
  const csp = await shared.page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
});

test('IPC reaches the core through window.api', async () => {
  expect(await call(shared.page, 'sandbox:info', undefined)).toMatchObject({ running: true });
  const refused = await shared.page.evaluate(() => (window as unknown as ApiWindow).api['environment:select']({ id: '' }));
  expect(refused.ok).toBe(false);
});

test('the renderer has no Node and only the narrow bridge', async () => {
  const globals = await shared.page.evaluate(() => ({
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

test('the application menu has Edit with the clipboard roles, View, and Help with its three items', async () => {
  const menu = await shared.app.evaluate(({ Menu }) =>
    (Menu.getApplicationMenu()?.items ?? []).map((item) => ({
      label: item.label.replace('&', ''),
      // Roles are matched without regard to case by Electron; compare them in lower case.
      roles: item.submenu?.items.flatMap((entry) => (entry.role === undefined ? [] : [entry.role.toLowerCase()])) ?? [],
      labels: item.submenu?.items.flatMap((entry) => (entry.role === undefined && entry.label !== '' ? [entry.label] : [])) ?? [],
    })),
  );
  const edit = menu.find((item) => item.label === 'Edit');
  expect(edit?.roles).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectall']));
  expect(menu.find((item) => item.label === 'View')?.roles).toEqual(expect.arrayContaining(['zoomin', 'zoomout', 'resetzoom']));
  expect(menu.find((item) => item.label === 'Help')?.labels).toEqual(['About TitleDesk', 'Open data folder', 'Open logs folder']);
});

test('the page may write to the clipboard (Copy buttons) but not read it', async () => {
  // The Clipboard API needs a focused document; a CI display may have no window manager to give focus.
  await shared.app.evaluate(({ BrowserWindow }) => { BrowserWindow.getAllWindows()[0]?.focus(); });
  const cdp = await shared.page.context().newCDPSession(shared.page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  const written = await shared.page.evaluate(() => navigator.clipboard.writeText('p-clipboard-77').then(() => 'written', (error: unknown) => String(error)));
  expect(written).toBe('written');
  expect(await shared.app.evaluate(({ clipboard }) => clipboard.readText())).toBe('p-clipboard-77');
  const read = await shared.page.evaluate(() => navigator.clipboard.readText().then(() => 'read', () => 'refused'));
  expect(read).toBe('refused');
});

test('the page’s own Notification permission stays refused', async () => {
  expect(await shared.page.evaluate(() => Notification.requestPermission())).toBe('denied');
});

test('navigation and new windows are refused', async () => {
  const opened = await shared.page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  await shared.page.evaluate(() => {
    location.href = 'https://example.com/';
  });
  await expect.poll(() => shared.app.windows().length).toBe(1);
  expect(shared.page.url()).toBe('app://titledesk/index.html');
});

test('a second launch hands over to the first and exits', async () => {
  const second = spawn(binary ?? '', [root], { env: appEnv(shared.userData), stdio: 'ignore' });
  const code = await new Promise<number | null>((resolveExit) => second.once('exit', resolveExit));
  expect(code).toBe(0);
  expect(shared.app.windows()).toHaveLength(1);
});

test('SIGTERM to the main process closes the journal cleanly before it exits', async () => {
  const wal = join(shared.userData, 'purchases.sqlite-wal');
  expect(existsSync(wal)).toBe(true);
  const main = shared.app.process();
  const exited = new Promise<number | null>((resolveExit) => main.once('exit', (code) => { resolveExit(code); }));
  if (process.platform === 'win32') {
    // Windows has no SIGTERM to send (kill() there terminates outright): quitting is the clean stop.
    await shared.app.evaluate(({ app: electronApp }) => { electronApp.quit(); });
    expect(await exited).toBe(0);
  } else {
    main.kill('SIGTERM');
    // 128 + 15: the app's own signal handling ran the shutdown and exited, not the default action.
    expect(await exited).toBe(143);
  }
  expect(existsSync(wal)).toBe(false);
  // Relaunched for afterAll's close.
  Object.assign(shared, await launch(shared.userData));
});
