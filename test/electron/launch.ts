import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { RequestChannel, RequestOf, ResponseOf } from '../../shared/contract/channels.ts';
import { findElectronBinary, noElectronReason } from './electron-binary.ts';

/** What every Electron spec shares: the binary, a scratch profile, launching and calling window.api. */
export const root = resolve(import.meta.dirname, '..', '..');
export const binary = findElectronBinary();

export function skipWithoutElectron(): void {
  test.skip(binary === undefined, noElectronReason);
}

export function scratchProfile(): string {
  return mkdtempSync(join(tmpdir(), 'titledesk-electron-'));
}

export function removeProfile(userData: string): void {
  rmSync(userData, { recursive: true, force: true });
}

/** The test's environment plus a scratch userData: no real settings, secrets or journal are touched. */
export function appEnv(userData: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, TITLEDESK_USER_DATA_DIR: userData, XDG_CONFIG_HOME: join(userData, 'xdg') };
}

export interface Launched {
  readonly app: ElectronApplication;
  readonly page: Page;
}

/** The app a whole spec file shares; a test that relaunches it puts the new one here. */
export interface SharedApp {
  app: ElectronApplication;
  page: Page;
  readonly userData: string;
}

/**
 * Declares one app for the file's serial tests: launched on a scratch profile before the first,
 * closed (whichever app is current then) and its profile removed after the last.
 */
export function appForFile(): SharedApp {
  skipWithoutElectron();
  test.describe.configure({ mode: 'serial' });
  const shared = { userData: '' } as SharedApp;
  test.beforeAll(async () => {
    Object.assign(shared, { userData: scratchProfile() });
    Object.assign(shared, await launch(shared.userData));
  });
  test.afterAll(async () => {
    await shared.app.close();
    removeProfile(shared.userData);
  });
  return shared;
}

export async function launch(userData: string, extraArgs: readonly string[] = []): Promise<Launched> {
  const app = await electron.launch({ executablePath: binary ?? '', args: [root, ...extraArgs], env: appEnv(userData) });
  const page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  await expect(page.getByText('Sandbox: no real purchases')).toBeVisible();
  return { app, page };
}

type ApiWindow = Window & { api: TitleDeskApi };

/** One contract call from the page, as the renderer makes it; throws on an error result. */
export async function call<C extends RequestChannel>(page: Page, channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = await page.evaluate(
    async ([name, payload]) => {
      const api = (window as unknown as ApiWindow).api as unknown as Record<string, (request: unknown) => Promise<unknown>>;
      const invoke = api[name];
      if (invoke === undefined) throw new Error(`window.api has no ${name}`);
      return invoke(payload);
    },
    [channel, request] as const,
  );
  const typed = result as { ok: true; data: ResponseOf<C> } | { ok: false; error: { message: string } };
  if (!typed.ok) throw new Error(`${channel} failed: ${typed.error.message}`);
  return typed.data;
}

/** Every file under a folder, for proving a secret is written nowhere in plain text. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function fileContains(path: string, text: string): boolean {
  return readFileSync(path).includes(Buffer.from(text, 'utf8'));
}

/** The main-process log (logs/main.log under userData). */
export function mainLog(userData: string): string {
  try {
    return readFileSync(join(userData, 'logs', 'main.log'), 'utf8');
  } catch {
    return '';
  }
}
