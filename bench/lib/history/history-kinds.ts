import { z } from 'zod';
import type { HistoryQuery, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { budgetCheckSchema } from './budget-checks.ts';
import { machinePaceSchema } from '../machine/machine-pace.ts';

/** The history searches the bench times, with the goal of each (issue: p99 under 1 ms and 5 ms). */
export interface SearchKind {
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

export const historyKinds: readonly SearchKind[] = [
  { key: 'titleFilter', label: 'title number (exact filter)', goalP99Ms: 1, make: (record) => ({ titleNumber: record.titleNumber ?? '' }) },
  { key: 'idFilter', label: 'purchase ID (exact filter)', goalP99Ms: 1, make: (record) => ({ purchaseId: record.purchaseId ?? '' }) },
  { key: 'titleText', label: 'title number typed in the search box', goalP99Ms: 5, make: (record) => ({ text: record.titleNumber ?? '' }) },
  { key: 'idText', label: 'purchase ID typed in the search box', goalP99Ms: 5, make: (record) => ({ text: record.purchaseId ?? '' }) },
  { key: 'variableText', label: 'variable name typed in the search box', goalP99Ms: 5, make: (record) => ({ text: variableName(record) }) },
  { key: 'newestPage', label: 'newest 100, no filter', goalP99Ms: 5, make: () => ({}) },
];

const timingSchema = z.object({ queries: z.number(), p50Ms: z.number().nullable(), p99Ms: z.number().nullable(), meanRows: z.number().nullable() });
export type HistoryTiming = z.infer<typeof timingSchema>;

/** What bench/workers/history-searcher.ts prints. */
export const historyWorkerReportSchema = z.object({
  seedSeconds: z.number(),
  journalMiB: z.number().nullable(),
  sample: z.number(),
  /** Opening the journal (ms), with the full check and sealed at a clean close (history-searcher.ts). */
  opens: z.object({ checkedMs: z.array(z.number()), sealedMs: z.array(z.number()) }),
  runs: z.array(z.object({ run: z.number(), loadBefore: z.array(z.number()), loadAfter: z.array(z.number()), paceBefore: machinePaceSchema, timings: z.record(z.string(), timingSchema) })),
  budget: budgetCheckSchema,
});
export type HistoryWorkerReport = z.infer<typeof historyWorkerReportSchema>;
