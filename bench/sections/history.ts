import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryQuery, PurchaseRecord } from '../../shared/purchase.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { buildWorld, defaultWorldSeed } from '../../electron/sandbox/world/build-world.ts';
import { createRandom } from '../../electron/sandbox/seeded.ts';
import { seedHistory } from '../lib/history-seed.ts';
import { repeatRuns } from '../lib/repeat.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/section.ts';
import { medianAndWorst, percentile, round, show } from '../lib/stats.ts';

const recordCount = 100_000;
const sampleSize = 200;
/** A kind of search that scans every row could take minutes at 200 queries: it stops after this much time. */
const budgetMs = 8000;

interface Timing {
  readonly queries: number;
  readonly p50Ms: number | null;
  readonly p99Ms: number | null;
  readonly meanRows: number | null;
}

interface SearchKind {
  readonly key: string;
  readonly label: string;
  readonly goalP99Ms: number;
  readonly make: (record: PurchaseRecord) => HistoryQuery;
}

/** The name at the end of a variable IRI (after the last "/"), as a user would type part of it. */
function variableName(record: PurchaseRecord): string {
  const iri = record.variables[0] ?? '';
  return iri.slice(iri.lastIndexOf('/') + 1);
}

const kinds: readonly SearchKind[] = [
  { key: 'titleFilter', label: 'title number (exact filter)', goalP99Ms: 1, make: (record) => ({ titleNumber: record.titleNumber ?? '' }) },
  { key: 'idFilter', label: 'purchase ID (exact filter)', goalP99Ms: 1, make: (record) => ({ purchaseId: record.purchaseId ?? '' }) },
  { key: 'titleText', label: 'title number typed in the search box', goalP99Ms: 5, make: (record) => ({ text: record.titleNumber ?? '' }) },
  { key: 'idText', label: 'purchase ID typed in the search box', goalP99Ms: 5, make: (record) => ({ text: record.purchaseId ?? '' }) },
  { key: 'variableText', label: 'variable name typed in the search box', goalP99Ms: 5, make: (record) => ({ text: variableName(record) }) },
  { key: 'newestPage', label: 'newest 100, no filter', goalP99Ms: 5, make: () => ({}) },
];

function time(service: PurchaseService, queries: readonly HistoryQuery[]): Timing {
  const samples: number[] = [];
  let rows = 0;
  const deadline = performance.now() + budgetMs;
  for (const query of queries) {
    const startedAt = performance.now();
    rows += service.list(query).length;
    samples.push(performance.now() - startedAt);
    if (startedAt > deadline) break;
  }
  return { queries: samples.length, p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), meanRows: round(rows / Math.max(1, samples.length), 1) };
}

function journalMiB(path: string): number | null {
  let bytes = 0;
  for (const file of [path, `${path}-wal`]) {
    try {
      bytes += statSync(file).size;
    } catch {
      // No WAL file after a clean close.
    }
  }
  return round(bytes / 2 ** 20, 1);
}

/**
 * 100,000 purchases seeded in one transaction (bench only), then the history searches the UI
 * makes, through PurchaseService.list, records parsed as the UI receives them; each kind runs
 * `runs` times over the same sampled records.
 */
export const historySection: Section = {
  name: 'history',
  title: `History: ${recordCount.toLocaleString('en-GB')} purchases, exact filters and free-text search`,
  async run(context): Promise<SectionOutcome> {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-history-'));
    try {
      const random = createRandom(6);
      const titles = [...buildWorld(defaultWorldSeed).titles.keys()].sort();
      context.log(`history: seeding ${recordCount} purchases`);
      const seeded = seedHistory(dataDir, recordCount, random, titles, sampleSize);
      const service = new PurchaseService({ dataDir });
      const runs = await repeatRuns(context.runs, (run) => {
        context.log(`history: searches, run ${run}/${context.runs}`);
        return Promise.resolve(Object.fromEntries(kinds.map((kind) => [kind.key, time(service, seeded.sample.map(kind.make))])));
      });
      await service.close();
      const searches = Object.fromEntries(kinds.map((kind) => {
        const pick = (figure: keyof Timing) => medianAndWorst(runs.map((run) => run[kind.key]?.[figure] ?? null));
        return [kind.key, { p50Ms: pick('p50Ms'), p99Ms: pick('p99Ms'), meanRows: pick('meanRows').median, queries: Math.min(...runs.map((run) => run[kind.key]?.queries ?? 0)) }];
      }));
      const rows = kinds.map((kind) => {
        const figures = searches[kind.key];
        const p99 = figures?.p99Ms.median ?? null;
        return [kind.label, show(figures?.queries), show(figures?.p50Ms.median, ' ms'), `${show(p99, ' ms')} (worst ${show(figures?.p99Ms.worst, ' ms')})`, show(figures?.meanRows), `< ${kind.goalP99Ms} ms`, goalMark((p99 ?? Infinity) < kind.goalP99Ms)];
      });
      const size = journalMiB(seeded.path);
      return {
        figures: { records: recordCount, seedSeconds: round(seeded.seconds, 1), journalMiB: size, searchesPerKind: seeded.sample.length, searches, raw: runs },
        tables: [{ columns: ['search (median of runs)', 'queries', 'p50', 'p99', 'rows', 'goal p99', ''], rows }],
        notes: [
          `${recordCount.toLocaleString('en-GB')} records seeded in ${show(round(seeded.seconds, 1))} s in one transaction (bench only; the app writes each purchase durably on its own); journal ${show(size)} MiB on disk.`,
          'Free text: title numbers and purchase IDs through the FTS5 trigram index, variables through the table of distinct variable IRIs (history-search.ts); texts under 3 characters are scanned.',
          `Up to ${seeded.sample.length} searches of each kind per run (a kind stops after ${budgetMs / 1000} s), ${context.runs} runs; load before/after each run: ${runs.map((run) => `${String(run.loadBefore[0])}/${String(run.loadAfter[0])}`).join(', ')}.`,
        ],
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
