// A desk starting again after its process stopped between a purchase's begin and its POST: the
// claim stays for an intent this start sends again (and it is sent once, under its first begin),
// stays while the process that stamped it is alive, and is given back at once when neither holds,
// without waiting out the time kept for begins another folder of the desk may hold.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { PurchaseEnvironment } from '../../../electron/core/purchases/polling/poller.ts';
import type { SenderPresence } from '../../../electron/core/purchases/restart-recovery.ts';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { serviceTraffic, startHarness, type Harness } from '../../integration/fixtures/purchase-harness.ts';
import { openTeamDesk, until, type Desk } from '../support/desk-pair.ts';
import { createTestDatabase, teamServerMissing, teamSkipReason, type TestDatabase } from '../support/team-db.ts';
import { openDesk, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

/** Process ids as sender-presence.ts makes them. */
const processes = Array.from({ length: 6 }, () => randomUUID());
const processId = (n: number): string => processes[n] ?? '';

/** A sender presence in which only the named process ids are alive. */
function presence(id: string, alive: readonly string[] = []): SenderPresence {
  return { id, isLive: (sender) => sender === id || alive.includes(sender) };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'a desk starting after a begin it never sent', () => {
  let h: Harness;
  let database: TestDatabase;
  let team: SeededTeam;
  let admin: TeamStore;
  const opened: Desk[] = [];
  let nextTitle = 0;
  const title = (): string => {
    const all = [...h.sandbox.config.sampleTitles, ...h.sandbox.config.testTitles];
    nextTitle += 1;
    return all[nextTitle % all.length] ?? '';
  };
  const variable = (): string => h.sandbox.config.sampleVariables[0] ?? '';

  beforeAll(async () => {
    h = await startHarness();
    database = await createTestDatabase();
    team = await seedTeam(database.url, 'starts', { carol: 'analyst' });
    admin = await openDesk(database.url, team, 'admin');
  });
  afterAll(async () => {
    for (const desk of opened) await desk.team.close();
    await admin.close();
    await h.close();
    await database.drop();
  });

  /**
   * Carol's process begins a purchase and stops while it waits for its turn to be sent (one request
   * at a time, the one before it slow): the team has its begin, her journal an intent never sent.
   */
  async function begunNotSent(sender: string): Promise<{ dataDir: string; intent: PurchaseRecord; posts: number }> {
    const dataDir = h.newDataDir();
    const carol = await openTeamDesk(h, database.url, team, 'carol', dataDir, { service: { maxConcurrent: 1, presence: presence(sender) } });
    h.sandbox.setFaults([{ target: 'purchase', kind: 'latency', latencyMs: 1_500, count: 1 }]);
    const slow = carol.purchases.create(h.env, title(), [variable()]).catch(() => undefined);
    const seen = new Map<string, PurchaseRecord>();
    carol.purchases.onUpdate((record) => { if (record.imported !== true) seen.set(record.id, record); });
    const records = (): PurchaseRecord[] => [...seen.values()];
    await until(() => records().some((record) => record.sendingAt !== undefined), 'the slow POST to leave');
    const waitingTitle = title();
    void carol.purchases.create(h.env, waitingTitle, [variable()]).catch(() => undefined);
    const intent = await until(() => records().find((record) => record.titleNumber === waitingTitle && record.team !== undefined), 'the second purchase to begin').catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(records().map((record) => [record.titleNumber, record.state, record.team, record.sendingAt]))}`);
    });
    expect(intent.sendingAt).toBeUndefined();
    const posts = serviceTraffic(h.sandbox).posts;
    await carol.team.close();
    await carol.purchases.close();
    await slow;
    return { dataDir, intent, posts };
  }

  it('keeps the claim of an intent this start sends again, and sends it once under its first begin', async () => {
    const { dataDir, intent } = await begunNotSent(processId(0));
    const titlePosts = (): number => h.sandbox.log().filter((entry) => entry.method === 'POST' && entry.path.includes(encodeURIComponent(intent.titleNumber ?? '-'))).length;
    expect(titlePosts()).toBe(0);
    // The default time kept for begins absent from the journal: this one is in it, so it is not waited for.
    // As the hosts do (create-core.ts): a start knows the environments its intents name.
    const resolveEnvironment = (id: string): PurchaseEnvironment | undefined => (id === h.env.id ? h.env : undefined);
    const again = await openTeamDesk(h, database.url, team, 'carol', dataDir, { service: { presence: presence(processId(1)), resolveEnvironment }, unsentClaimMs: 120_000 });
    opened.push(again);
    expect(await admin.purchase(intent.team?.purchaseId ?? '')).toMatchObject({ state: 'submitting', budgetReleased: false });
    expect(again.purchases.resume().autoSent).toBe(1);
    const done = await again.purchases.waitForSettled(intent.id);
    expect(done).toMatchObject({ state: 'available', team: { purchaseId: intent.team?.purchaseId } });
    expect(titlePosts()).toBe(1);
    await again.team.flush();
    expect(await admin.purchase(intent.team?.purchaseId ?? '')).toMatchObject({ state: 'available', accepted: true });
  });

  it('gives the claim back at once when the process that stamped it is gone and no start sends it', async () => {
    const { dataDir, intent, posts } = await begunNotSent(processId(2));
    const again = await openTeamDesk(h, database.url, team, 'carol', dataDir, {
      service: { presence: presence(processId(3)), autoSendMinutes: () => 0 }, unsentClaimMs: 120_000,
    });
    opened.push(again);
    expect(await admin.purchase(intent.team?.purchaseId ?? '')).toMatchObject({ state: 'cancelled', budgetReleased: true });
    expect(again.logs.join('\n')).toContain('gave back the claims of 1 purchase(s)');
    expect(serviceTraffic(h.sandbox).posts).toBe(posts);
  });

  it('keeps the claim while the process that stamped the intent is still alive', async () => {
    const { dataDir, intent } = await begunNotSent(processId(4));
    // Another process on the same folder, beside the one still running: it leaves the intent alone.
    const beside = await openTeamDesk(h, database.url, team, 'carol', dataDir, {
      service: { presence: presence(processId(5), [processId(4)]), autoSendMinutes: () => 0 }, unsentClaimMs: 0,
    });
    opened.push(beside);
    expect(await admin.purchase(intent.team?.purchaseId ?? '')).toMatchObject({ state: 'submitting', budgetReleased: false });
  });
});
