// The team database going away under a desk: stopped before a begin (refused, nothing began),
// killed in the middle of one (unknown: the desk looks its local id up before deciding), and back
// again (the pool reconnects, LISTEN is subscribed again, each change heard once).
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamBeginInput, TeamStore } from '../../../electron/core/team/team-store.ts';
import { findPostgresBin, startThrowawayCluster, type RunningCluster } from '../support/pg-cluster.ts';
import { openDesk, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

const found = findPostgresBin();
const missing = 'missing' in found ? found.missing : '';
const lines = [{ variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms', price: '1.0000' }];
const begin = (localId: string, resource: string): TeamBeginInput => ({ environment: 'live', localId, resourceKind: 'title', resource, lines, currency: 'GBP' });

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(missing !== '')(missing === '' ? 'the team database going away' : `skipped: ${missing}`, () => {
  let cluster: RunningCluster;
  let team: SeededTeam;
  let alice: TeamStore;
  let bob: TeamStore;

  beforeAll(async () => {
    if ('missing' in found) return;
    cluster = await startThrowawayCluster(found.bin);
    team = await seedTeam(cluster.url, 'faults', { alice: 'analyst', bob: 'analyst' });
    [alice, bob] = await Promise.all([openDesk(cluster.url, team, 'alice'), openDesk(cluster.url, team, 'bob')]);
  });
  afterAll(async () => {
    await Promise.all([alice.close(), bob.close()]);
    cluster.stop();
  });

  it('refuses a begin while the server is down, naming the database, and nothing begins', async () => {
    cluster.halt('fast');
    try {
      await expect(alice.begin(begin('f-1', 'F1'))).rejects.toMatchObject({
        code: 'network', message: expect.stringContaining("the team's budget and reuse cannot be checked") as unknown,
      });
    } finally {
      cluster.resume();
    }
    expect(await alice.purchaseByLocalId('f-1')).toBeUndefined();
    expect((await alice.begin(begin('f-1', 'F1'))).outcome).toBe('begun');
  });

  it('makes a begin cut off by a crash unknown; the local id then shows it never happened', async () => {
    // The begin claims, then waits on the budget table, locked here; the server then dies.
    const holder = postgres(cluster.url, { max: 1, onnotice: () => undefined });
    const reserved = await holder.reserve();
    await reserved`BEGIN`;
    await reserved`LOCK TABLE titledesk.budgets IN EXCLUSIVE MODE`;
    const cut = alice.begin(begin('f-2', 'F2')).catch((error: unknown) => error);
    const watcher = postgres(cluster.url, { max: 1, onnotice: () => undefined });
    let waiting = 0;
    const deadline = Date.now() + 10_000;
    while (waiting === 0) {
      if (Date.now() > deadline) throw new Error('the begin never waited on the lock');
      const [row] = await watcher<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`;
      waiting = row?.n ?? 0;
      if (waiting === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await watcher.end();
    cluster.halt('immediate');
    const error = await cut;
    cluster.resume();
    await holder.end({ timeout: 1 }).catch(() => undefined);
    expect(error).toMatchObject({ code: 'outcome_unknown', message: expect.stringContaining('look its local id up before deciding') as unknown });
    expect(await alice.purchaseByLocalId('f-2')).toBeUndefined();
    // Its claim was never committed: another desk buys the variable.
    expect((await bob.begin(begin('b-2', 'F2'))).outcome).toBe('begun');
  });

  it('hears each change once after a restart, LISTEN subscribed again by itself', async () => {
    const heard: string[] = [];
    const listening = await bob.listen((seq) => heard.push(seq));
    cluster.halt('fast');
    cluster.resume();
    let began = await alice.begin(begin('f-3', 'F3')).catch(() => undefined);
    // The pool may need a moment to notice the restart.
    for (let tries = 0; began === undefined && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      began = await alice.begin(begin('f-3', 'F3')).catch(() => undefined);
    }
    if (began?.outcome !== 'begun' && began?.outcome !== 'existing') throw new Error('the begin did not happen after the restart');
    const seq = began.purchase.seq;
    await until(() => heard.includes(seq), 'the notification after the restart');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.filter((value) => value === seq)).toEqual([seq]);
    await listening.unlisten();
  });
});
