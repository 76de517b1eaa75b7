import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { SendAllReport } from '../../../../shared/purchase/send-all.ts';
import { CoreError } from '../../errors.ts';

type Entry = SendAllReport['purchases'][number];
type Outcome = 'sent' | 'refused' | 'unknown' | 'notSent';

/** Which count a purchase belongs to once its send is over. */
function outcomeOf(state: PurchaseRecord['state']): Outcome {
  switch (state) {
    case 'pending':
    case 'available':
    case 'cancelled':
      return 'sent';
    case 'failed':
      return 'refused';
    case 'not_sent':
    case 'waiting_for_sign_in':
      return 'notSent';
    case 'outcome_unknown':
    case 'submitting':
      // Still "submitting" after its send ended: the answer could not be journaled, or TitleDesk
      // was closing; the request may have reached the service.
      return 'unknown';
  }
}

/** A send refused before its POST (a budget, a check) says why; otherwise the record's own reason. */
function reasonOf(record: PurchaseRecord | undefined, error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  return record?.error?.message;
}

/**
 * One purchase's line of the report, read from the journal after its send settled (a send that
 * threw is judged by the state it left, so a refusal before the POST stays "not sent").
 */
export function reportEntry(id: string, record: PurchaseRecord | undefined, error?: unknown): Entry {
  const state = record?.state ?? 'not_sent';
  const reason = outcomeOf(state) === 'sent' ? undefined : reasonOf(record, error);
  return {
    id,
    state,
    ...(record?.purchaseId === undefined ? {} : { purchaseId: record.purchaseId }),
    ...(reason === undefined ? {} : { reason }),
    ...(error instanceof CoreError ? { code: error.code } : {}),
  };
}

export function tallySendAll(entries: readonly Entry[]): SendAllReport {
  const counts: Record<Outcome, number> = { sent: 0, refused: 0, unknown: 0, notSent: 0 };
  for (const entry of entries) counts[outcomeOf(entry.state)] += 1;
  return { total: entries.length, ...counts, purchases: [...entries] };
}
