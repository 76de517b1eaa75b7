// How a desk's journal keeps another desk's purchase of its team, whether a begin found it holding
// variables or a read of the team's changes brought it.
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { SaveExtra } from '../stores/journal-store.ts';

/** A copy of a team purchase rewritten only when it is still a copy of that purchase and it moved on. */
function copyChanged(known: PurchaseRecord, copy: PurchaseRecord): boolean {
  if (known.imported !== true || known.team?.purchaseId !== copy.team?.purchaseId) return false;
  return known.state !== copy.state || known.purchaseId !== copy.purchaseId || (known.items?.length ?? 0) !== (copy.items?.length ?? 0);
}

export type TeamCopyWrite = { readonly kind: 'insert'; readonly copy: PurchaseRecord } | { readonly kind: 'rewrite'; readonly copy: PurchaseRecord; readonly extra: SaveExtra };

/**
 * What this journal writes for another desk's purchase, given the record it holds under that id
 * (`known`): the copy added, written over a copy that moved on, or nothing.
 */
export function teamCopyWrite(known: PurchaseRecord | undefined, record: PurchaseRecord, result: string | null): TeamCopyWrite | undefined {
  // Marked imported and never checked from here: the desk that bought it asks the service.
  const copy: PurchaseRecord = { ...record, imported: true, autoCheck: false };
  if (known === undefined) return { kind: 'insert', copy };
  if (!copyChanged(known, copy)) return undefined;
  return { kind: 'rewrite', copy, extra: result === null ? {} : { resultBody: result, replaceVariables: true } };
}
