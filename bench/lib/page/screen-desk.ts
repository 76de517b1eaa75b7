import type { Page } from '@playwright/test';
import { z } from 'zod';
import type { SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import { invoke, startBrowserRig, type BrowserRig } from './browser.ts';
import { buildRenderer } from './renderer-build.ts';
import { installRowProbe, readScreenRows, type ScreenRow } from './row-probe.ts';

/** What a page of the screen desk shows: the Buy tab's purchase list, or History. */
export type ScreenView = 'list' | 'history';

/** A desk of the team seen as its user sees it: the browser-mode host and two pages, the purchase list and History. */
export interface ScreenDesk {
  /** What a page has shown so far (row-probe.ts). */
  rows(view: ScreenView): Promise<ScreenRow[]>;
  close(): Promise<void>;
}

export interface ScreenDeskOptions {
  /** The sandbox every desk buys from: this desk adds it as its environment, so the team's purchases are its too. */
  readonly sandbox: { readonly baseUrl: string; readonly config: SandboxConfig };
  /** The team database's URL without login, and this desk's login and password. */
  readonly databaseUrl: string;
  readonly login: string;
  readonly password: string;
}

/** A contract call the bench cannot do without: its refusal ends the run with the host's own words. */
async function call(rig: BrowserRig, channel: string, payload: unknown): Promise<unknown> {
  const answer = z.union([z.object({ ok: z.literal(true), data: z.unknown() }), z.object({ ok: z.literal(false) }).loose()]).parse(await invoke(rig, channel, payload));
  if (!answer.ok) throw new Error(`${channel} refused: ${JSON.stringify(answer)}`);
  return answer.data;
}

async function joined(rig: BrowserRig, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = z.object({ state: z.string() }).loose().parse(await call(rig, 'team:status', undefined));
    if (status.state === 'connected') return;
    if (Date.now() > until) throw new Error(`The screen desk did not join the team: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a browser-mode host on a renderer built for the bench, joins it to the team, selects the
 * shared sandbox, and opens two pages with the row probe installed: the Buy tab and History.
 */
export async function startScreenDesk(options: ScreenDeskOptions): Promise<ScreenDesk> {
  // The bench's one build of the renderer, removed by run.ts at the end.
  const build = await buildRenderer();
  let rig: BrowserRig | undefined;
  try {
    rig = await startBrowserRig(build.dir);
    const { config } = options.sandbox;
    const added = z.object({ id: z.string() }).loose().parse(await call(rig, 'environment:add', {
      input: { name: 'Team sandbox', baseUrl: options.sandbox.baseUrl, authMode: 'developer', developerClientId: config.developer.clientId, kind: 'local' },
    }));
    await call(rig, 'credentials:set', { environmentId: added.id, name: 'refreshToken', value: config.developer.refreshToken });
    await call(rig, 'environment:select', { id: added.id });
    await call(rig, 'team:save', { setting: { databaseUrl: options.databaseUrl, login: options.login }, password: options.password });
    await joined(rig, 30_000);
    const context = await rig.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const opened = rig;
    const open = async (view: ScreenView): Promise<Page> => {
      const page = await context.newPage();
      await page.addInitScript(installRowProbe);
      await page.goto(opened.url);
      await page.locator('main').waitFor({ state: 'visible', timeout: 15_000 });
      if (view === 'history') {
        await page.getByRole('tab', { name: 'History' }).click();
        await page.getByRole('heading', { name: 'History' }).waitFor({ state: 'visible', timeout: 10_000 });
      }
      return page;
    };
    // Two pages of one desk, as two windows side by side: the Buy tab's list and History.
    const pages: Record<ScreenView, Page> = { list: await open('list'), history: await open('history') };
    let closing: Promise<void> | undefined;
    return {
      rows: (view) => readScreenRows(pages[view]),
      // Once only: the section closes it as soon as it has read the rows, and again on its way out.
      close() {
        closing ??= (async () => {
          await context.close();
          await opened.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await rig?.close();
    throw error;
  }
}
