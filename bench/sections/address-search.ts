import type { Request } from '@playwright/test';
import { z } from 'zod';
import { addressBox, installProbe, readProbe, startBrowserRig, type BrowserRig } from '../lib/page/browser.ts';
import { buildRenderer } from '../lib/page/renderer-build.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { countStale, type FindExchange } from '../lib/page/stale.ts';

const keystrokeMs = 80;
const queryLength = 12;
const runs = 3;
const requestGoal = 3;

const findPayloadSchema = z.object({ text: z.string() });
const findAnswerSchema = z.object({ ok: z.literal(true), data: z.object({ candidates: z.array(z.object({ text: z.string() })) }) });

function isFind(request: Request): boolean {
  const path = new URL(request.url()).pathname;
  return decodeURIComponent(path) === '/api/invoke/address:find';
}

interface TypingRun {
  readonly found: boolean;
  readonly requests: number;
  readonly stale: number | null;
  readonly listsMatched: number;
}

/** Types the query into a fresh page at 80 ms a key and watches the Finds and the list. */
async function typeOnce(rig: BrowserRig, query: string): Promise<TypingRun> {
  const context = await rig.browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(installProbe);
    const finds: { text: string; answer?: Promise<readonly string[] | undefined> }[] = [];
    page.on('request', (request) => {
      if (!isFind(request)) return;
      const payload = findPayloadSchema.safeParse(JSON.parse(request.postData() ?? 'null'));
      const answer = request.response().then(async (response) => {
        const parsed = findAnswerSchema.safeParse(await response?.json());
        return parsed.success ? parsed.data.data.candidates.map((candidate) => candidate.text) : undefined;
      }, () => undefined);
      finds.push({ text: payload.success ? payload.data.text : '', answer });
    });
    await page.goto(rig.url);
    await page.locator('main').waitFor({ state: 'visible', timeout: 15_000 });
    const box = addressBox(page);
    const found = await box.waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false);
    if (!found) return { found, requests: 0, stale: null, listsMatched: 0 };
    await box.click();
    await box.pressSequentially(query, { delay: keystrokeMs });
    // Long enough for any debounce and the last answer to land.
    await page.waitForTimeout(2000);
    const exchanges: FindExchange[] = await Promise.all(finds.map(async (find) => ({ text: find.text, candidates: await find.answer })));
    const { stale, matched } = countStale((await readProbe(page)).snapshots, exchanges);
    return { found, requests: finds.length, stale: matched === 0 && exchanges.length > 0 ? null : stale, listsMatched: matched };
  } finally {
    await context.close();
  }
}

export const addressSection: Section = {
  name: 'address',
  title: 'Address search: typing 12 characters at 80 ms a keystroke',
  async run(context): Promise<SectionOutcome> {
    const build = await buildRenderer();
    const rig = await startBrowserRig(build.dir);
    try {
      const sample = rig.sampleQueries.find((text) => text.length >= queryLength) ?? 'Tannery Crescent';
      const query = sample.slice(0, queryLength);
      context.log(`address: typing "${query}" ${runs} times`);
      const results: TypingRun[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await typeOnce(rig, query);
        results.push(result);
        if (!result.found) break;
      }
      const found = results.every((result) => result.found);
      const worstRequests = Math.max(...results.map((result) => result.requests));
      const staleKnown = results.every((result) => result.stale !== null);
      const worstStale = staleKnown ? Math.max(...results.map((result) => result.stale ?? 0)) : null;
      const notes: string[] = [];
      if (!found) notes.push('Pending: no address box (a combobox named "address") on the page yet.');
      if (found && !staleKnown) notes.push('Stale answers not measured: no suggestion list matched any Find answer.');
      return {
        figures: found
          ? { query, keystrokeMs, runs: results, maxRequests: worstRequests, maxStaleShown: worstStale }
          : { query, keystrokeMs, maxRequests: 'pending', maxStaleShown: 'pending' },
        tables: [{
          columns: ['', 'measured (worst of 3)', 'goal', ''],
          rows: [
            [`Find requests while typing "${query}"`, found ? String(worstRequests) : 'pending', `<= ${requestGoal}`, found ? goalMark(worstRequests <= requestGoal) : ''],
            ['stale answers shown', worstStale === null ? (found ? 'not measured' : 'pending') : String(worstStale), '0', worstStale === null ? '' : goalMark(worstStale === 0)],
            ['  per run (requests / stale)', found ? results.map((result) => `${String(result.requests)}/${String(result.stale ?? '-')}`).join(', ') : '', '', ''],
          ],
        }],
        notes,
      };
    } finally {
      await rig.close();
    }
  },
};
