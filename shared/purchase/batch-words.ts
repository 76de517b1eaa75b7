import type { BatchSummary } from './batch.ts';

/**
 * The lines of a batch being bought right now, in the words the CLI's progress line and the app's
 * batch view share. Said as what it counts (sending, or sent and awaiting a result) against the
 * batch's limit: a bare "in flight 3" beside a concurrency of 4 read as a slot lost, when lines
 * merely settle and start in waves.
 */
export function linesBeingBoughtText(summary: Pick<BatchSummary, 'counts' | 'spec'>): string {
  const { sending, pending } = summary.counts;
  return `${String(sending + pending)} being bought of at most ${String(summary.spec.concurrency)} at once: ${String(sending)} sending, ${String(pending)} awaiting a result`;
}
