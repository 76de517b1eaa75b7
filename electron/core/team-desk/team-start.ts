import type { PurchaseRecord } from '../../../shared/purchase.ts';
import type { TeamStore } from '../team/team-store.ts';
import type { TeamSync } from './team-sync.ts';

export interface StartSummary {
  /** Claims of purchases this desk began but never sent: given back. */
  readonly released: number;
  /** Never sent as far as this journal knows, but too recent to be sure no other process of the desk is sending them. */
  readonly tooRecent: number;
  /** Purchases whose local state the team database had not heard yet: written again. */
  readonly resynced: number;
}

/**
 * What a desk does with its own team purchases when it joins (a start, or the database back):
 * one that its journal says was never sent (no sending mark, or not there at all) gives its
 * claims and money back, since nothing else would; one whose local state moved on while the
 * database was away is written again.
 */
export async function reconcileOwn(store: TeamStore, get: (id: string) => PurchaseRecord | undefined, sync: TeamSync, sending: (id: string) => boolean, settledAfterMs: number): Promise<StartSummary> {
  let released = 0;
  let resynced = 0;
  let tooRecent = 0;
  for (const row of await store.unsettledOwn()) {
    const local = get(row.localId);
    const neverSent = local === undefined || (local.sendingAt === undefined && local.resultUrl === undefined && local.state !== 'pending' && local.state !== 'available');
    if (row.state === 'submitting' && neverSent && !(local !== undefined && sending(local.id))) {
      // Another process of this desk (a CLI beside the app, another data folder) may be between
      // its begin and its sending mark: only a begin older than that takes is given back.
      if (Date.now() - row.updatedAt.getTime() < settledAfterMs) tooRecent += 1;
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
  return { released, tooRecent, resynced };
}
