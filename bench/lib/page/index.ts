/**
 * The renderer, measured in a real browser. What it promises:
 *
 * - The renderer is built as `npm run build` builds it, into a folder of the bench's own, so dist/
 *   is never emptied under anyone; its size includes what the page loads before it can start, raw
 *   and gzipped (renderer-build.ts).
 * - It runs in a headless system Chromium against the web host in a child process, as the e2e
 *   tests run it (browser.ts).
 * - What the page's main thread did over a stretch comes from Chromium's own counters, with the
 *   contract calls the page made (page-work.ts).
 * - A stale answer (an older Find's suggestions shown after a newer one's) is counted, never
 *   guessed (stale.ts).
 * - A team desk as its user sees it: the browser-mode host joined to the team, its purchase list
 *   open (screen-desk.ts), each row timed at the first frame that has it in view (row-probe.ts).
 */
export { addressBox, chromiumPath, installProbe, invoke, probeSchema, readProbe, startBrowserRig, stopProbeWatching, type BrowserRig, type Probe } from './browser.ts';
export { watchPageWork, type PageWork } from './page-work.ts';
export { buildRenderer, removeRendererBuild, type RendererBuild } from './renderer-build.ts';
export { countStale, type FindExchange, type ListSnapshot } from './stale.ts';
export { installRowProbe, readScreenRows, type ScreenRow } from './row-probe.ts';
export { startScreenDesk, type ScreenDesk, type ScreenDeskOptions } from './screen-desk.ts';
