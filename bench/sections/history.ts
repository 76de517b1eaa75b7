import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryQuery, PurchaseRecord } from '../../shared/purchase.ts';
import { PurchaseJournal } from '../../electron/core/purchases/journal.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { buildWorld, defaultWorldSeed } from '../../electron/sandbox/world/build-world.ts';
import { createRandom } from '../../electron/sandbox/seeded.ts';
import type { Section, SectionOutcome } from '../lib/section.ts';
import { percentile, round } from '../lib/stats.ts';
import { fakeRecord } from './history-records.ts';

const recordCount = 10_000;
const searchesPerKind = 200;

interface Timing {
  readonly p50Ms: number | null;
  readonly p99Ms: number | null;
  readonly meanRows: number | null;
}

function time(queries: readonly (() => unknown[])[]): Timing {
  const samples: number[] = [];
  let rows = 0;
  for (const query of queries) {
    const startedAt = performance.now();
    rows += query().length;
    samples.push(performance.now() - startedAt);
  }
  return { p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), meanRows: round(rows / Math.max(1, queries.length), 1) };
}

/**
 * 10,000 purchases written the way the service writes them (the intent, then the final state
 * with its result body), then the history searches the UI makes, through PurchaseService.list.
 */
export const historySection: Section = {
  name: 'history',
  title: 'History: 10,000 purchases, search by title and by purchase ID',
  async run(context): Promise<SectionOutcome> {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-history-'));
    try {
      const random = createRandom(6);
      const titles = [...buildWorld(defaultWorldSeed).titles.keys()].sort();
      const journal = new PurchaseJournal(dataDir);
      const records: PurchaseRecord[] = [];
      context.log(`history: writing ${recordCount} purchases`);
      const writeStart = performance.now();
      for (let index = 0; index < recordCount; index += 1) {
        const { intent, final, resultBody } = fakeRecord(random, titles, randomUUID());
        journal.insert(intent);
        journal.update(final, 'full', resultBody === undefined ? {} : { resultBody });
        records.push(final);
      }
      const writeSeconds = (performance.now() - writeStart) / 1000;
      journal.close();
      const service = new PurchaseService({ dataDir });
      const sampled = Array.from({ length: searchesPerKind }, () => records[Math.floor(random() * records.length)]).filter((record) => record !== undefined);
      const states: Record<string, number> = {};
      for (const record of records) states[record.state] = (states[record.state] ?? 0) + 1;
      const run = (make: (record: PurchaseRecord) => HistoryQuery): Timing => time(sampled.map((record) => () => service.list(make(record))));
      const kinds: { key: string; label: string; timing: Timing }[] = [
        { key: 'titleFilter', label: 'title number (exact filter)', timing: run((record) => ({ titleNumber: record.titleNumber ?? '' })) },
        { key: 'titleText', label: 'title number typed in the search box', timing: run((record) => ({ text: record.titleNumber ?? '' })) },
        { key: 'idFilter', label: 'purchase ID (exact filter)', timing: run((record) => ({ purchaseId: record.purchaseId ?? '' })) },
        { key: 'idText', label: 'purchase ID typed in the search box', timing: run((record) => ({ text: record.purchaseId ?? '' })) },
        { key: 'newestPage', label: 'newest 100, no filter', timing: run(() => ({})) },
      ];
      await service.close();
      return {
        figures: { records: recordCount, states, writeSeconds: round(writeSeconds, 1), searches: Object.fromEntries(kinds.map((kind) => [kind.key, kind.timing])) },
        tables: [{
          columns: ['search', 'p50', 'p99', 'rows'],
          rows: kinds.map(({ label, timing }) => [label, `${String(timing.p50Ms)} ms`, `${String(timing.p99Ms)} ms`, String(timing.meanRows)]),
        }],
        notes: [`${recordCount} records written in ${round(writeSeconds, 1) ?? '-'} s (insert + final update each, synchronous=FULL as the service does); ${searchesPerKind} searches of each kind, records parsed as the UI receives them.`],
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
