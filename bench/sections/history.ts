import { join } from 'node:path';
import { benchDir, runWorker } from '../lib/children/child.ts';
import { historyKinds, historyWorkerReportSchema, type HistoryTiming } from '../lib/history/history-kinds.ts';
import { paceNote } from '../lib/machine/machine-pace.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { medianAndWorst, round, show } from '../lib/figures/stats.ts';

const recordCount = 100_000;
const sampleSize = 200;

/**
 * 100,000 purchases seeded in one transaction (bench only), then the history searches the UI
 * makes, through PurchaseService.summaries (History's purchase:history), parsed as the UI receives them; each kind runs
 * `runs` times over the same sampled records.
 */
export const historySection: Section = {
  name: 'history',
  title: `History: ${recordCount.toLocaleString('en-GB')} purchases, exact filters and free-text search`,
  async run(context): Promise<SectionOutcome> {
    context.log(`history: seeding ${recordCount} purchases and searching, ${context.runs} runs, in a worker`);
    const report = historyWorkerReportSchema.parse(await runWorker(join(benchDir, 'workers', 'history-searcher.ts'), { records: recordCount, sampleSize, runs: context.runs }, 600_000));
    const runs = report.runs;
    const searches = Object.fromEntries(historyKinds.map((kind) => {
      const pick = (figure: keyof HistoryTiming) => medianAndWorst(runs.map((run) => run.timings[kind.key]?.[figure] ?? null));
      return [kind.key, { p50Ms: pick('p50Ms'), p99Ms: pick('p99Ms'), meanRows: pick('meanRows').median, queries: Math.min(...runs.map((run) => run.timings[kind.key]?.queries ?? 0)) }];
    }));
    const rows = historyKinds.map((kind) => {
      const figures = searches[kind.key];
      const p99 = figures?.p99Ms.median ?? null;
      return [kind.label, show(figures?.queries), show(figures?.p50Ms.median, ' ms'), `${show(p99, ' ms')} (worst ${show(figures?.p99Ms.worst, ' ms')})`, show(figures?.meanRows), `< ${kind.goalP99Ms} ms`, goalMark((p99 ?? Infinity) < kind.goalP99Ms)];
    });
    const opens = { checkedMs: medianAndWorst(report.opens.checkedMs), sealedMs: medianAndWorst(report.opens.sealedMs) };
    return {
      figures: { records: recordCount, seedSeconds: round(report.seedSeconds, 1), journalMiB: report.journalMiB, searchesPerKind: report.sample, searches, opens, budget: report.budget, raw: runs },
      tables: [{ columns: ['search (median of runs)', 'queries', 'p50', 'p99', 'rows', 'goal p99', ''], rows }],
      notes: [
        `${recordCount.toLocaleString('en-GB')} records seeded in ${show(round(report.seedSeconds, 1))} s in one transaction (bench only; the app writes each purchase durably on its own); journal ${show(report.journalMiB)} MiB on disk.`,
        'Free text: title numbers, purchase IDs and the distinct variable IRIs through FTS5 trigram indexes (asked for the first, middle and last trigrams of a text longer than five characters, not all of them), then each matching variable\'s purchases in order of creation from an index, and only the page\'s summaries read (history-search.ts; a summary is what History\'s rows show of a record: no timeline, values or followed fields); texts under 3 characters are scanned.',
        `Opening the journal of ${recordCount.toLocaleString('en-GB')} purchases as a start does (median / worst of ${String(report.opens.sealedMs.length)}, the file in the page cache): ` +
          `${show(opens.sealedMs.median, ' ms')} / ${show(opens.sealedMs.worst, ' ms')} when it is as sealed at its last clean close, ` +
          `${show(opens.checkedMs.median, ' ms')} / ${show(opens.checkedMs.worst, ' ms')} with the full check (quick_check and every record read back), which a start makes when the file is not as sealed or was last checked over a week ago (journal-seal.ts).`,
        `Budget check (a daily and a monthly budget set) with ${show(report.budget.purchasesThisMonth)} of the purchases in this month: the first ${show(report.budget.firstCheckMs, ' ms')} (it adds up the month), then p50 ${show(report.budget.p50Ms, ' ms')} / p99 ${show(report.budget.p99Ms, ' ms')} over ${show(report.budget.checks)} checks, each after a purchase priced, journaled and settled (bench/lib/history/budget-checks.ts).`,
        `Seeding and searches run in a process of their own (bench/workers/history-searcher.ts), away from the bench's own heap. Up to ${String(report.sample)} searches of each kind per run (a kind stops after 8 s), ${context.runs} runs; load before/after each run: ${runs.map((run) => `${String(run.loadBefore[0])}/${String(run.loadAfter[0])}`).join(', ')}.`,
        paceNote(runs),
      ],
    };
  },
};
