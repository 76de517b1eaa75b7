/**
 * The history searches of the bench in a process of their own, so that the bench's own heap
 * (the sandbox logs of the sections before, judged in the bench process) cannot add its garbage
 * collection pauses to the journal's query times. Seeds 100,000 purchases, runs each kind of
 * search `runs` times over the same sampled records, then times the spending guard's check with
 * budgets set after each of as many new purchases, and prints the timings as one JSON line.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { HistoryQuery, PurchaseRecord } from '../../shared/purchase/purchase.ts';
import { limitHeapGrowth } from '../../electron/core/app/heap-growth.ts';
import { PurchaseJournal } from '../../electron/core/purchases/journal/journal.ts';
import { forgetSeal } from '../../electron/core/purchases/journal/journal-seal.ts';
import { PurchaseService } from '../../electron/core/purchases/purchase-service.ts';
import { buildWorld, defaultWorldSeed } from '../../electron/sandbox/world/build-world.ts';
import { createRandom } from '../../electron/sandbox/seeded.ts';
import { timeBudgetChecks } from '../lib/history/budget-checks.ts';
import { historyKinds, type HistoryTiming, type HistoryWorkerReport } from '../lib/history/history-kinds.ts';
import { seedHistory } from '../lib/history/history-seed.ts';
import { probePace } from '../lib/machine/machine-pace.ts';
import { repeatRuns } from '../lib/machine/repeat.ts';
import { percentile, round } from '../lib/figures/stats.ts';

const { records, sampleSize, runs } = z.object({ records: z.number().int().positive(), sampleSize: z.number().int().positive(), runs: z.number().int().positive() })
  .parse(JSON.parse(process.argv[2] ?? '{}'));
/** A kind of search that scans every row could take minutes at 200 queries: it stops after this much time. */
const budgetMs = 8000;

function time(service: PurchaseService, queries: readonly HistoryQuery[]): HistoryTiming {
  const samples: number[] = [];
  let rows = 0;
  const deadline = performance.now() + budgetMs;
  for (const query of queries) {
    const startedAt = performance.now();
    rows += service.summaries(query).length;
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
 * Opening the journal as a start does, `times` times each way, alternating: with the full check
 * (quick_check and every record read back), and sealed at a clean close (journal-seal.ts). The
 * file is in the page cache here; from a cold disk the check reads all of it.
 */
function timeOpens(dataDir: string, path: string, times: number): { checkedMs: number[]; sealedMs: number[] } {
  const checkedMs: number[] = [];
  const sealedMs: number[] = [];
  for (let index = 0; index < times; index += 1) {
    for (const sealed of [false, true]) {
      if (!sealed) forgetSeal(path);
      const startedAt = performance.now();
      const journal = new PurchaseJournal(dataDir);
      (sealed ? sealedMs : checkedMs).push(round(performance.now() - startedAt) ?? 0);
      journal.close();
    }
  }
  return { checkedMs, sealedMs };
}

// As every host does when it starts the core (start-core.ts).
limitHeapGrowth();
const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-history-'));
try {
  const titles = [...buildWorld(defaultWorldSeed).titles.keys()].sort();
  const seeded = seedHistory(dataDir, records, createRandom(6), titles, sampleSize);
  const opens = timeOpens(dataDir, seeded.path, runs);
  const service = new PurchaseService({ dataDir });
  const timed = await repeatRuns(runs, async () => ({
    // Probed before the searches, as the polling sections probe before each run; the probe's echo process is gone before they start.
    paceBefore: await probePace(),
    timings: Object.fromEntries(historyKinds.map((kind) => [kind.key, time(service, seeded.sample.map((record: PurchaseRecord) => kind.make(record)))])),
  }));
  await service.close();
  const budget = timeBudgetChecks(dataDir, sampleSize);
  const report: HistoryWorkerReport = {
    seedSeconds: seeded.seconds,
    journalMiB: journalMiB(seeded.path),
    sample: seeded.sample.length,
    opens,
    runs: timed.map((run) => ({ ...run, loadBefore: [...run.loadBefore], loadAfter: [...run.loadAfter] })),
    budget,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
