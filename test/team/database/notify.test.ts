// Live changes: a notification carries a sequence number and nothing else (LISTEN has no access
// control), and readChanges gives every committed change once, even one that commits out of order.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';

const lines = [{ variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms', price: '1.0000' }];

async function waitFor<T>(read: () => T | undefined, what: string, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'team change notifications', () => {
  let suite: TeamSuite;
  let alice: TeamStore;
  let bob: TeamStore;
  let outsider: TeamStore;

  beforeAll(async () => {
    suite = await startTeamSuite('live', { alice: 'analyst', bob: 'analyst' });
    const other = await suite.seed('elsewhere', { zoe: 'analyst' });
    [alice, bob, outsider] = await Promise.all([suite.open('alice'), suite.open('bob'), suite.open('zoe', other)]);
  });
  afterAll(() => suite.close());

  it("carries only the change's sequence number, which bob reads as the changed row", async () => {
    const { cursor } = await bob.readChanges();
    const heard: string[] = [];
    const heardElsewhere: string[] = [];
    const listening = await bob.listen((seq) => heard.push(seq));
    const raw = postgres(suite.database.url, { max: 1, onnotice: () => undefined });
    const payloads: string[] = [];
    await raw.listen('titledesk_team', (payload) => payloads.push(payload));
    const elsewhere = await outsider.listen((seq) => heardElsewhere.push(seq));

    const begun = await alice.begin({ environment: 'live', localId: 'n-1', resourceKind: 'title', resource: 'NT1', lines, currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error('expected a begin');
    const recorded = await alice.record({ purchaseId: begun.purchase.purchaseId, state: 'pending', servicePurchaseId: 'secret-looking-id', answers: { location: '/purchases/x' }, accepted: true });
    await waitFor(() => (heard.length >= 2 && payloads.length >= 2 ? true : undefined), 'two notifications');
    expect(heard).toEqual([begun.purchase.seq, recorded]);
    // What any login can hear is the number alone: no id, title, desk or value.
    expect(payloads).toEqual([begun.purchase.seq, recorded]);
    for (const payload of payloads) expect(payload).toMatch(/^\d+$/);
    // Another team's desk hears the number too (LISTEN has no access control) but reads nothing.
    await waitFor(() => (heardElsewhere.length >= 2 ? true : undefined), 'the other team hearing');
    expect((await outsider.readChanges()).purchases).toEqual([]);

    const changes = await bob.readChanges(cursor);
    expect(changes.purchases.map((p) => [p.id, p.state, p.seq])).toEqual([[begun.purchase.purchaseId, 'pending', recorded]]);
    expect((await bob.readChanges(changes.cursor)).purchases).toEqual([]);
    await listening.unlisten();
    await elsewhere.unlisten();
    await raw.end();
  });

  it('reads a change that commits after a later-numbered one, once', async () => {
    const first = await alice.begin({ environment: 'live', localId: 'n-2', resourceKind: 'title', resource: 'NT2', lines, currency: 'GBP' });
    const second = await alice.begin({ environment: 'live', localId: 'n-3', resourceKind: 'title', resource: 'NT3', lines, currency: 'GBP' });
    if (first.outcome !== 'begun' || second.outcome !== 'begun') throw new Error('expected two begins');
    const { cursor } = await bob.readChanges();
    const slow = postgres(suite.deskUrl('alice'), { max: 1, onnotice: () => undefined });
    const reserved = await slow.reserve();
    await reserved`BEGIN`;
    const [early] = await reserved`SELECT titledesk.record_purchase(${first.purchase.purchaseId}::bigint, 'pending', NULL, NULL, true)::text AS seq`;
    const late = await alice.record({ purchaseId: second.purchase.purchaseId, state: 'pending', accepted: true });
    expect(Number(early?.['seq'])).toBeLessThan(Number(late));

    const before = await bob.readChanges(cursor);
    expect(before.purchases.map((p) => p.id)).toEqual([second.purchase.purchaseId]);
    await reserved`COMMIT`;
    reserved.release();
    await slow.end();
    const after = await bob.readChanges(before.cursor);
    expect(after.purchases.map((p) => [p.id, p.seq])).toEqual([[first.purchase.purchaseId, early?.['seq']]]);
    expect((await bob.readChanges(after.cursor)).purchases).toEqual([]);
  });
});
