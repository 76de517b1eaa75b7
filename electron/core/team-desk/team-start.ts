import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { UnsentFate } from '../purchases/purchase-service.ts';
import type { TeamStore } from '../team/team-store.ts';
import type { TeamSync } from './team-sync.ts';

export interface StartSummary {
  /** Claims of purchases this desk began but never sent, and never will: given back. */
  readonly released: number;
  /** Never sent as far as this journal knows, but too recent to be sure no other process of the desk is sending them. */
  readonly tooRecent: number;
  /** Never sent yet, but held by a live process of this folder, or sent again by this start: their claims stay. */
  readonly kept: number;
  /** Purchases whose local state the team database had not heard yet: written again. */
  readonly resynced: number;
}

export interface ReconcileOptions {
  readonly get: (id: string) => PurchaseRecord | undefined;
  /** What becomes of a local intent never sent (PurchaseService.unsentFate). */
  readonly fate: (id: string) => UnsentFate | undefined;
  /** This process admitted it and is sending it now. */
  readonly sending: (id: string) => boolean;
  /** How old a begin absent from this journal must be before it is given back (another folder of the desk may hold it). */
  readonly absentAfterMs: number;
}

/**
 * What a desk does with its own team purchases when it joins (a start, or the database back).
 * A begin its journal says was never sent gives its claims and money back, since nothing else
 * would, unless a live process of this folder stamped it (it may be sending it now) or this start
 * sends it again (resume: the begin is found by its local id and the claim is still its own).
 * A begin this journal lacks may belong to another folder of the desk: it is given back once it
 * is older than `absentAfterMs`. One whose local state moved on while the database was away is
 * written again.
 */
export async function reconcileOwn(store: TeamStore, sync: TeamSync, options: ReconcileOptions): Promise<StartSummary> {
  let released = 0;
  let resynced = 0;
  let tooRecent = 0;
  let kept = 0;
  for (const row of await store.unsettledOwn()) {
    const local = options.get(row.localId);
    const neverSent = local === undefined || (local.sendingAt === undefined && local.resultUrl === undefined && local.state !== 'pending' && local.state !== 'available');
    if (row.state === 'submitting' && neverSent) {
      const fate = local === undefined ? undefined : options.fate(local.id);
      if (local !== undefined && (options.sending(local.id) || fate === 'live' || fate === 'auto-send')) kept += 1;
      else if (local === undefined && Date.now() - row.updatedAt.getTime() < options.absentAfterMs) tooRecent += 1;
      else if ((await store.releaseUnaccepted(row.id, 'cancelled')) !== null) released += 1;
      continue;
    }
    if (local === undefined || local.team?.purchaseId !== row.id) continue;
    if (local.state !== row.state || (local.purchaseId ?? null) !== row.servicePurchaseId) {
      sync.push(local);
      resynced += 1;
    }
  }
  await sync.flush();
  return { released, tooRecent, kept, resynced };
}
