import { existsSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { z } from 'zod';
import { VariableCatalog } from '../../electron/sandbox/catalog/catalog.ts';
import { addDesk, setupTeam } from '../../electron/core/team/team-admin.ts';
import { TeamStore } from '../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../electron/core/team/team-url.ts';
import { findPostgresBin, startThrowawayCluster } from '../../test/team/support/pg-cluster.ts';
import { benchDir, startChild, type BenchChild } from '../lib/children/child.ts';
import { sampleMachineCpu } from '../lib/machine/machine-cpu.ts';
import { startSandboxProcess, type SandboxProcess } from '../lib/children/sandbox-process.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { chromiumPath } from '../lib/page/browser.ts';
import type { ScreenRow } from '../lib/page/row-probe.ts';
import { propagationMs, screenMs, type DeskEvent } from '../lib/figures/team-delays.ts';
import { startScreenDesk, type ScreenDesk, type ScreenView } from '../lib/page/screen-desk.ts';
import { percentile, round, show } from '../lib/figures/stats.ts';

const desks = 4;
const pacing = { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 3] } satisfies Record<string, [number, number]>;
/** The team's day budget, as a share of what every pair would cost: the rest must be refused, never overspent. */
const budgetShare = 0.75;

const reportSchema = z.object({
  wallSeconds: z.number(),
  cpuSeconds: z.number(),
  bought: z.number(),
  reused: z.number(),
  refused: z.record(z.string(), z.number()),
  events: z.array(z.tuple([z.string(), z.string(), z.number(), z.union([z.literal(0), z.literal(1)])])) satisfies z.ZodType<DeskEvent[]>,
});
type DeskReport = z.infer<typeof reportSchema>;
type Pair = { title: string; variable: string };

function asLogin(url: string, login: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = login;
  parsed.password = password;
  return parsed.toString();
}

/** Runs `urls.length` desks (a team's, or alone on SQLite when a URL is undefined) on their pairs, started together. */
async function runDesks(sandbox: SandboxProcess, urls: readonly (string | undefined)[], pairsOf: (desk: number) => Pair[]): Promise<{ reports: DeskReport[]; goAt: number }> {
  const folder = mkdtempSync(join(tmpdir(), 'titledesk-bench-team-'));
  const goFile = join(folder, 'go');
  const children: BenchChild[] = urls.map((deskUrl, desk) => {
    // A file, not an argument: a thousand pairs of long IRIs do not fit in a command line.
    const inputFile = join(folder, `desk-${String(desk)}.json`);
    writeFileSync(inputFile, JSON.stringify({ config: sandbox.config, pairs: pairsOf(desk), goFile, ...(deskUrl === undefined ? {} : { deskUrl }) }));
    return startChild(join(benchDir, 'workers', 'team-desk.ts'), [inputFile]);
  });
  try {
    await Promise.all(children.map((child) => child.nextJson(180_000)));
    const goAt = Date.now();
    writeFileSync(goFile, 'go');
    return { reports: await Promise.all(children.map(async (child) => reportSchema.parse(await child.nextJson(600_000)))), goAt };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    rmSync(folder, { recursive: true, force: true });
  }
}

type ScreenRows = Record<ScreenView, ScreenRow[]>;

/** Waits until the screen desk's pages have shown nothing new for 3 s (at most a minute), then gives all they showed. */
async function settledRows(screen: ScreenDesk): Promise<ScreenRows> {
  const until = Date.now() + 60_000;
  const read = async (): Promise<ScreenRows> => ({ list: await screen.rows('list'), history: await screen.rows('history') });
  let rows = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const now = await read();
    if ((now.list.length === rows.list.length && now.history.length === rows.history.length) || Date.now() > until) return now;
    rows = now;
  }
}

export const teamSection: Section = {
  name: 'team',
  title: `A team of ${String(desks)} desks on one PostgreSQL database, each asking for the same purchases (Retry-After and max-age 1 s, ready after 1-3 s)`,
  async run(context): Promise<SectionOutcome> {
    const found = findPostgresBin();
    if ('missing' in found) return { figures: { skipped: found.missing }, tables: [], notes: [`Not run: ${found.missing}`] };
    const cluster = await startThrowawayCluster(found.bin);
    const sandbox = await startSandboxProcess({ pacing });
    let screen: ScreenDesk | undefined;
    try {
      const variables = sandbox.config.sampleVariables.slice(0, 2);
      const pairs: Pair[] = sandbox.titles.slice(0, context.purchases).map((title, index) => ({ title, variable: variables[index % variables.length] ?? '' }));
      const prices = new Map(new VariableCatalog(sandbox.baseUrl).all().map((variable) => [variable.iri, variable.price]));
      const wholeCost = pairs.reduce((sum, pair) => sum + (prices.get(pair.variable) ?? 0), 0);
      const limit = (Math.floor(wholeCost * budgetShare * 100) / 100).toFixed(2);
      const admin = postgres(cluster.url, { max: 1, onnotice: () => undefined });
      const setup = await setupTeam(admin, { team: 'Bench', adminDesk: 'admin' });
      const made = await Promise.all(Array.from({ length: desks }, (_unused, desk) => addDesk(admin, { team: 'Bench', name: `desk-${String(desk)}`, role: 'analyst' })));
      // The probe's desk is another team's: the four never see (nor try to copy) its purchases.
      await setupTeam(admin, { team: 'Probe', adminDesk: 'probe-admin' });
      const probeDesk = await addDesk(admin, { team: 'Probe', name: 'probe', role: 'analyst' });
      const adminStore = await TeamStore.open(parseTeamUrl(asLogin(cluster.url, setup.admin.login, setup.admin.password)));
      await adminStore.setBudget('GBP', 'day', limit);
      await adminStore.close();
      const urls = made.map((desk) => asLogin(cluster.url, desk.login, desk.password));
      // A fifth desk, support (sees, never buys), in browser mode with two pages open, the purchase
      // list and History: how soon the others' purchases reach a user's screen, not only a journal.
      if (existsSync(chromiumPath)) {
        context.log('team: a screen desk (browser-mode host, purchase list and History on screen) joins the team');
        const screenDesk = await addDesk(admin, { team: 'Bench', name: 'screen', role: 'support' });
        const databaseUrl = new URL(cluster.url);
        databaseUrl.username = '';
        screen = await startScreenDesk({ sandbox, databaseUrl: databaseUrl.toString(), login: screenDesk.login, password: screenDesk.password });
      }
      // Every desk asks for every pair, each starting at its own quarter: all contend for every title.
      const rotated = (desk: number): Pair[] => [...pairs.slice((desk * pairs.length) / desks), ...pairs.slice(0, (desk * pairs.length) / desks)];
      // Begin latency while the desks run: a desk of another team begins a purchase no one else asks for, one at a time.
      const probe = await TeamStore.open(parseTeamUrl(asLogin(cluster.url, probeDesk.login, probeDesk.password)));
      const beginMs: number[] = [];
      const probing = { on: true };
      const probeLoop = (async () => {
        for (let n = 0; probing.on; n += 1) {
          const started = performance.now();
          await probe.begin({ environment: 'probe', localId: `probe-${String(n)}`, resourceKind: 'title', resource: `PROBE${String(n)}`, lines: [{ variable: 'https://probe.invalid/vars/P/Q#R/S', price: '0' }], currency: 'GBP' });
          beginMs.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      context.log(`team: ${String(desks)} desks x ${String(pairs.length)} purchases on one team database`);
      const postsBefore = (await sandbox.stats())['purchase'] ?? 0;
      let team: DeskReport[];
      let teamGoAt: number;
      // The whole machine while the team runs: were its cores the bound?
      const machineCpu = sampleMachineCpu('postgres');
      try {
        ({ reports: team, goAt: teamGoAt } = await runDesks(sandbox, urls, rotated));
      } finally {
        machineCpu.stop();
        probing.on = false;
        await probeLoop.catch(() => undefined);
        await probe.close();
      }
      const rows: ScreenRows = screen === undefined ? { list: [], history: [] } : await settledRows(screen);
      // Closed before the desks run alone, which it would otherwise share the machine with.
      await screen?.close();
      const teamPosts = ((await sandbox.stats())['purchase'] ?? 0) - postsBefore;
      // Judged by the sandbox: each pair is its own title, so a title POSTed and taken twice is a double buy.
      const taken = new Map<string, number>();
      for (const entry of await sandbox.log()) {
        if (entry.class === 'purchase' && entry.method === 'POST' && entry.status < 400) taken.set(entry.path, (taken.get(entry.path) ?? 0) + 1);
      }
      const titlesBoughtTwice = [...taken.values()].filter((count) => count > 1).length;
      const [row] = await admin<{ bought: number; pairs: number; spent: string; charged: string }[]>`
        SELECT (SELECT count(*)::int FROM titledesk.purchases WHERE accepted AND environment <> 'probe') AS bought,
               (SELECT count(DISTINCT (resource, variables))::int FROM titledesk.purchases WHERE accepted AND environment <> 'probe') AS pairs,
               (SELECT coalesce(sum(spent), 0)::text FROM titledesk.budgets WHERE period = 'day') AS spent,
               (SELECT coalesce(sum(cost), 0)::text FROM titledesk.purchases WHERE NOT budget_released) AS charged`;
      await admin.end();
      context.log('team: the same purchases on 4 desks alone (SQLite only), a quarter each');
      const aloneBefore = (await sandbox.stats())['purchase'] ?? 0;
      const { reports: alone } = await runDesks(sandbox, Array.from({ length: desks }, () => undefined), (desk) => pairs.filter((_pair, index) => index % desks === desk));
      const alonePosts = ((await sandbox.stats())['purchase'] ?? 0) - aloneBefore;
      const teamWall = Math.max(...team.map((report) => report.wallSeconds));
      const aloneWall = Math.max(...alone.map((report) => report.wallSeconds));
      const delays = propagationMs(team, 'answers');
      const appearing = propagationMs(team, 'appearing');
      const onScreen = screenMs(team, rows.list);
      const inHistory = screenMs(team, rows.history);
      // From the go to the last change any desk saw: the span the propagation figures fall in.
      const lastChangeAt = Math.max(...team.flatMap((report) => report.events.map(([, , at]) => at)));
      const burstCpu = machineCpu.within(teamGoAt, lastChangeAt);
      const desksCpuSeconds = team.reduce((sum, report) => sum + report.cpuSeconds, 0);
      const refusedByBudget = team.reduce((sum, report) => sum + (report.refused['budget_exceeded'] ?? 0), 0);
      const figures = {
        desks, pairs: pairs.length, posts: teamPosts, bought: row?.bought ?? 0, distinctBought: row?.pairs ?? 0, titlesTaken: taken.size, doubleBuys: titlesBoughtTwice,
        budgetLimit: limit, budgetSpent: row?.spent ?? '0', budgetCharged: row?.charged ?? '0', refusedByBudget,
        reused: team.reduce((sum, report) => sum + report.reused, 0),
        beginP50Ms: round(percentile(beginMs, 50), 1), beginP99Ms: round(percentile(beginMs, 99), 1), beginSamples: beginMs.length,
        propagationP50Ms: round(percentile(delays, 50)), propagationP99Ms: round(percentile(delays, 99)), propagationSamples: delays.length,
        appearingP50Ms: round(percentile(appearing, 50)), appearingP99Ms: round(percentile(appearing, 99)), appearingSamples: appearing.length,
        screenDesk: screen !== undefined,
        screenAnswersP50Ms: round(percentile(onScreen.answers, 50), 0), screenAnswersP99Ms: round(percentile(onScreen.answers, 99), 0), screenAnswersSamples: onScreen.answers.length,
        screenAppearingP50Ms: round(percentile(onScreen.appearing, 50), 0), screenAppearingP99Ms: round(percentile(onScreen.appearing, 99), 0), screenAppearingSamples: onScreen.appearing.length,
        historyAnswersP50Ms: round(percentile(inHistory.answers, 50), 0), historyAnswersP99Ms: round(percentile(inHistory.answers, 99), 0), historyAnswersSamples: inHistory.answers.length,
        historyAppearingP50Ms: round(percentile(inHistory.appearing, 50), 0), historyAppearingP99Ms: round(percentile(inHistory.appearing, 99), 0), historyAppearingSamples: inHistory.appearing.length,
        teamWallSeconds: round(teamWall, 1), teamPerSecond: round((row?.bought ?? 0) / teamWall, 1),
        aloneWallSeconds: round(aloneWall, 1), alonePosts, alonePerSecond: round(alonePosts / aloneWall, 1),
        burstSeconds: round((lastChangeAt - teamGoAt) / 1000, 1), burstBusyPercent: burstCpu === null ? null : round(burstCpu.busyShare * 100),
        burstCpuSeconds: burstCpu === null ? null : round(burstCpu.busySeconds, 1), desksCpuSeconds: round(desksCpuSeconds, 1),
        databaseCpuSeconds: burstCpu === null ? null : round(burstCpu.namedSeconds, 1),
      };
      const exact = Number(figures.budgetSpent) === Number(figures.budgetCharged) && Number(figures.budgetSpent) <= Number(limit);
      return {
        figures,
        tables: [{
          columns: ['', 'team', 'goal', ''],
          rows: [
            ['POSTs (sandbox count) / titles the sandbox took a purchase of', `${String(teamPosts)} / ${String(taken.size)}`, 'equal', goalMark(teamPosts === taken.size)],
            ['titles the sandbox took two purchases of (double buys)', show(figures.doubleBuys), '0', goalMark(figures.doubleBuys === 0)],
            ['purchases the team database has as accepted / distinct', `${String(figures.bought)} / ${String(figures.distinctBought)}`, '', ''],
            ['budget row / sum of costs kept / limit', `£${figures.budgetSpent} / £${figures.budgetCharged} / £${limit}`, 'equal, within', goalMark(exact)],
            ['refused by the team budget (all desks)', show(refusedByBudget), '', ''],
            ['begin p50 / p99 (under load)', `${show(figures.beginP50Ms, ' ms')} / ${show(figures.beginP99Ms, ' ms')}`, '', ''],
            ["an answer on its desk to the same on another desk's journal p50 / p99", `${show(figures.propagationP50Ms, ' ms')} / ${show(figures.propagationP99Ms, ' ms')}`, '< 1 s', goalMark((figures.propagationP99Ms ?? Infinity) < 1000)],
            ["a click on one desk to the purchase on another desk's journal p50 / p99", `${show(figures.appearingP50Ms, ' ms')} / ${show(figures.appearingP99Ms, ' ms')}`, '', ''],
            ...(screen === undefined ? [] : [
              [`an answer on its desk to the same on the screen desk's purchase list, rows in view p50 / p99 (${String(onScreen.answers.length)})`, `${show(figures.screenAnswersP50Ms, ' ms')} / ${show(figures.screenAnswersP99Ms, ' ms')}`, '< 1 s', goalMark((figures.screenAnswersP99Ms ?? Infinity) < 1000)],
              [`a click on one desk to the purchase on the screen desk's purchase list, rows in view p50 / p99 (${String(onScreen.appearing.length)})`, `${show(figures.screenAppearingP50Ms, ' ms')} / ${show(figures.screenAppearingP99Ms, ' ms')}`, '', ''],
              [`an answer on its desk to the same in the screen desk's History, rows in view p50 / p99 (${String(inHistory.answers.length)})`, `${show(figures.historyAnswersP50Ms, ' ms')} / ${show(figures.historyAnswersP99Ms, ' ms')}`, '< 1 s', goalMark((figures.historyAnswersP99Ms ?? Infinity) < 1000)],
              [`a click on one desk to the purchase in the screen desk's History, rows in view p50 / p99 (${String(inHistory.appearing.length)})`, `${show(figures.historyAppearingP50Ms, ' ms')} / ${show(figures.historyAppearingP99Ms, ' ms')}`, '', ''],
            ]),
            [`the machine from the go to the last change (${show(figures.burstSeconds, ' s')}): cores busy / CPU used`, burstCpu === null ? 'n/a' : `${show(figures.burstBusyPercent, ' %')} of ${String(burstCpu.cores)} / ${show(figures.burstCpuSeconds, ' s')}`, '', ''],
            ['  of which the 4 desks / the database', `${show(figures.desksCpuSeconds, ' s')} / ${show(figures.databaseCpuSeconds, ' s')}`, '', ''],
            ['team: wall / purchases a second', `${show(figures.teamWallSeconds, ' s')} / ${show(figures.teamPerSecond)}`, '', ''],
            ['4 desks alone (SQLite), a quarter each: wall / purchases a second', `${show(figures.aloneWallSeconds, ' s')} / ${show(figures.alonePerSecond)}`, '', ''],
          ],
        }],
        notes: [
          `Every desk asks for all ${String(pairs.length)} purchases (one variable each), starting at its own quarter; the team's day budget is ${String(budgetShare * 100)} % of their whole cost.`,
          'Begin latency is sampled by a desk of another team on the same database, beginning purchases one at a time while the desks run.',
          screen === undefined
            ? `No screen desk: no Chromium at ${chromiumPath} (set TITLEDESK_CHROMIUM).`
            : "A fifth desk, support, runs as the browser-mode host with two pages open (headless Chromium, 1280 x 900), one on the purchase list and one on History; a row counts at the first frame that has it in view, in each state. Both show the newest purchases first, so the rows counted are those in view when they arrived or changed; the numbers in brackets are how many.",
          "Each team desk has its titles' catalogs loaded before the clicks, as an analyst buys from a catalog on screen: the begin prices from it at once.",
        ],
      };
    } finally {
      await screen?.close();
      await sandbox.stop();
      cluster.stop();
    }
  },
};
