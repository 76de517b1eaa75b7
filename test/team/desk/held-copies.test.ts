// A begin that finds its title held copies the holding purchase into this desk's journal
// (team-import.ts): the copies asked for together share one commit, and each caller gets its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PurchaseService } from '../../../electron/core/purchases/purchase-service.ts';
import { TeamImport } from '../../../electron/core/team-desk/team-import.ts';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import type { TeamPurchase } from '../../../electron/core/team/team-rows.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';

let suite: TeamSuite;
let store: TeamStore;
let dataDir: string;
let purchases: PurchaseService;

/** Another desk's purchase as the team database hands it over, before that desk wrote answers. */
function heldBy(seq: number): TeamPurchase {
  return {
    id: String(seq), deskId: '999', deskName: 'elsewhere', environment: 'http://127.0.0.1:9', localId: `01a234ca-86bd-7000-9061-5b4aecbd${String(seq).padStart(4, '0')}`,
    resourceKind: 'title', resource: `DN${String(seq)}`, variables: ['https://x.invalid/vars/A#B/C'], prices: ['1.0000'], state: 'submitting', cost: '1.0000',
    currency: 'GBP', answers: null, servicePurchaseId: null, accepted: false, budgetReleased: false, createdAt: new Date(1000), updatedAt: new Date(2000), settledAt: null, seq: String(seq),
  };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : "a held begin's copies", () => {
  beforeAll(async () => {
    suite = await startTeamSuite('copies', { front: 'analyst' });
    store = await suite.open('front');
    dataDir = mkdtempSync(join(tmpdir(), 'titledesk-held-copies-'));
    purchases = new PurchaseService({ dataDir, log: () => undefined });
  });

  afterAll(async () => {
    await purchases.close();
    await suite.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the copies asked for together in one commit, each caller getting its own', async () => {
    const teamImport = new TeamImport(store, { purchases, dataDir, database: 'test', environmentOf: () => 'sandbox', log: () => undefined });
    const writes = vi.spyOn(purchases, 'mirrorTeamPurchases');
    const ids = await Promise.all([heldBy(1), heldBy(2), heldBy(1)].map((row) => teamImport.copy(row)));
    expect(ids).toEqual([heldBy(1).localId, heldBy(2).localId, heldBy(1).localId]);
    // Past the gathering time: still the one write.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes).toHaveBeenCalledTimes(1);
    expect(writes.mock.calls[0]?.[0]).toHaveLength(3);
    for (const seq of [1, 2]) expect(purchases.get(heldBy(seq).localId)).toMatchObject({ imported: true, team: { purchaseId: String(seq), desk: 'elsewhere' }, state: 'submitting' });
    // Asked for later: a commit of its own, and a copy already here is left as it is.
    await expect(teamImport.copy(heldBy(3))).resolves.toBe(heldBy(3).localId);
    await expect(teamImport.copy(heldBy(2))).resolves.toBe(heldBy(2).localId);
    expect(writes).toHaveBeenCalledTimes(3);
    expect(purchases.list({}).filter((record) => record.imported === true)).toHaveLength(3);
  });
});
