import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { benchDir, startChild, type BenchChild } from '../children/child.ts';

export const chromiumPath = process.env['TITLEDESK_CHROMIUM'] ?? '/usr/bin/chromium';

const hostReadySchema = z.object({ url: z.url(), titles: z.array(z.string()), variables: z.array(z.string()).min(1), sampleQueries: z.array(z.string()) });

export interface BrowserRig {
  readonly browser: Browser;
  readonly url: string;
  readonly origin: string;
  readonly launchKey: string;
  readonly titles: readonly string[];
  /** The sandbox's sample variables: a (title, variable) pair bought once is answered from the journal after. */
  readonly variables: readonly string[];
  readonly sampleQueries: readonly string[];
  close(): Promise<void>;
}

/** The web host (a child process) and a headless system Chromium, as the e2e tests use them. */
export async function startBrowserRig(staticDir: string): Promise<BrowserRig> {
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath} (set TITLEDESK_CHROMIUM).`);
  const host: BenchChild = startChild(join(benchDir, 'workers', 'web-host.ts'), [staticDir]);
  const profile = mkdtempSync(join(tmpdir(), 'titledesk-bench-chromium-'));
  try {
    const ready = hostReadySchema.parse(await host.nextJson(30_000));
    const parsed = new URL(ready.url);
    const launchKey = new URLSearchParams(parsed.hash.slice(1)).get('key') ?? '';
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      env: { ...process.env, XDG_CONFIG_HOME: profile, XDG_CACHE_HOME: profile, XDG_DATA_HOME: profile },
    });
    return {
      ...ready,
      browser,
      origin: parsed.origin,
      launchKey,
      async close() {
        await browser.close();
        await host.stop();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await host.stop();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** Calls the host's contract as the page does (POST /api/invoke/<channel> with the launch key). */
export async function invoke(rig: BrowserRig, channel: string, payload: unknown): Promise<unknown> {
  const response = await fetch(`${rig.origin}/api/invoke/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-titledesk-key': rig.launchKey },
    body: JSON.stringify(payload),
  });
  return response.json();
}

/**
 * Runs in the page before its own scripts: records long tasks, when the address box first
 * accepts input and when the main landmark appears (each at the first frame that shows it, in ms
 * since navigation start), and every change of the suggestion list with the text in the box at
 * that moment. Self-contained: it is serialised into the page.
 */
export function installProbe(): void {
  const state = {
    longTasks: [] as { start: number; duration: number }[],
    longFrames: [] as { start: number; duration: number; scripts: { invoker: string; duration: number; at: number }[] }[],
    addressReadyAt: null as number | null,
    mainAt: null as number | null,
    snapshots: [] as { at: number; value: string; options: string[] }[],
  };
  Object.defineProperty(window, '__titledeskBench', { value: state });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames also count the rendering work after a task, where React commits land.
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // What ran in the frame (the callback that started it, and where in the bundle), longest first.
        const scripts: unknown = Reflect.get(entry, 'scripts');
        const ran = Array.isArray(scripts)
          ? scripts.map((script: { invoker?: string; duration?: number; sourceCharPosition?: number }) => ({ invoker: script.invoker ?? '', duration: Math.round(script.duration ?? 0), at: script.sourceCharPosition ?? -1 }))
          : [];
        state.longFrames.push({ start: entry.startTime, duration: entry.duration, scripts: ran.sort((a, b) => b.duration - a.duration).slice(0, 3) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
  const addressBox = (): HTMLInputElement | undefined => {
    for (const element of document.querySelectorAll('input[role="combobox"], input[type="search"], input[type="text"]')) {
      if (!(element instanceof HTMLInputElement)) continue;
      const names = [element.getAttribute('aria-label') ?? '', element.placeholder, ...[...(element.labels ?? [])].map((label) => label.textContent)];
      if (names.some((name) => /address/i.test(name)) && !element.disabled && !element.readOnly) return element;
    }
    return undefined;
  };
  let last = '';
  // Each counts from the first frame that shows it, not from when it enters the document: the
  // first frame waits for the render-blocking stylesheet, and nobody types into a box unseen.
  const seen = new Set<'mainAt' | 'addressReadyAt'>();
  const stampAtFirstFrame = (moment: 'mainAt' | 'addressReadyAt', present: boolean): void => {
    if (!present || seen.has(moment)) return;
    seen.add(moment);
    requestAnimationFrame(() => { state[moment] = performance.now(); });
  };
  const check = (): void => {
    const now = performance.now();
    stampAtFirstFrame('mainAt', document.querySelector('main') !== null);
    const box = addressBox();
    stampAtFirstFrame('addressReadyAt', box !== undefined);
    const options = [...document.querySelectorAll('[role="option"]')].map((option) => option.textContent);
    const key = options.join('\u0000');
    if (key !== last && state.snapshots.length < 5000) {
      last = key;
      state.snapshots.push({ at: now, value: box?.value ?? '', options });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  // Once start-up is measured, a section that times the page's own work stops this watch: it
  // queries the whole page after every change, inside the very tasks being timed.
  Object.defineProperty(window, '__titledeskBenchStopWatching', { value: () => { observer.disconnect(); } });
}

/** Stops the probe's watch of the page (the address box, the suggestion list); its task and frame records go on. */
export async function stopProbeWatching(page: Page): Promise<void> {
  await page.evaluate(() => {
    const stop: unknown = Reflect.get(window, '__titledeskBenchStopWatching');
    if (typeof stop === 'function') Reflect.apply(stop, undefined, []);
  });
}

export const probeSchema = z.object({
  longTasks: z.array(z.object({ start: z.number(), duration: z.number() })),
  longFrames: z.array(z.object({ start: z.number(), duration: z.number(), scripts: z.array(z.object({ invoker: z.string(), duration: z.number(), at: z.number() })) })),
  addressReadyAt: z.number().nullable(),
  mainAt: z.number().nullable(),
  snapshots: z.array(z.object({ at: z.number(), value: z.string(), options: z.array(z.string()) })),
});
export type Probe = z.infer<typeof probeSchema>;

export async function readProbe(page: Page): Promise<Probe> {
  const raw: unknown = await page.evaluate((): unknown => Reflect.get(window, '__titledeskBench'));
  return probeSchema.parse(raw);
}

/** The address box, found as a user of assistive technology would: a combobox named "address". */
export function addressBox(page: Page) {
  return page.getByRole('combobox', { name: /address/i }).first();
}
