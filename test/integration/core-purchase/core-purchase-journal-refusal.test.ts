import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPairs, serviceTraffic, startHarness, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
});

afterAll(async () => {
  await h.close();
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const from = Date.now();
  while (!condition()) {
    if (Date.now() - from > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a journal that refuses an answer for a moment', () => {
  it('keeps following the purchase and journals its result once the journal takes writes again, without a second POST', async () => {
    const dataDir = h.newDataDir();
    const errors: string[] = [];
    const service = h.newService({ dataDir, log: (message) => errors.push(message) });
    let noticeChanges = 0;
    service.onJournalChange(() => { noticeChanges += 1; });
    // As a full disk or a lock held too long would: the write that records the result fails.
    const other = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    other.exec(`CREATE TRIGGER refuse_available BEFORE UPDATE ON purchases WHEN NEW.state = 'available'
                BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
    const { title, variable } = freshPairs(h.sandbox, 300)();
    const before = serviceTraffic(h.sandbox);
    const created = await service.create(h.env, title, [variable]);
    expect(created.state).toBe('pending');
    expect(service.journalNotices).toEqual([]);
    // The service has answered 200 at least once, and the journal refused to record it.
    await until(() => serviceTraffic(h.sandbox).statuses.slice(before.statuses.length).includes(200), 10_000);
    await until(() => errors.length > 0, 5_000);
    // On disk it is still pending (a read of the service may see a retry's result queued to be written).
    expect(other.prepare('SELECT state FROM purchases WHERE id = ?').get(created.id)).toEqual({ state: 'pending' });
    // Said to the user as well as logged: which journal, how many purchases, what the journal said.
    const unsaved = service.journalNotices.filter((notice) => notice.kind === 'answers_not_saved');
    expect(unsaved).toHaveLength(1);
    expect(unsaved[0]?.message).toContain('about 1 purchase (database or disk is full)');
    expect(unsaved[0]?.path).toBe(service.journalPath);
    expect(noticeChanges).toBeGreaterThan(0);
    other.exec('DROP TRIGGER refuse_available');
    other.close();
    // Before, the purchase was no longer followed: it stayed pending until the next start.
    const settled = await Promise.race([
      service.waitForSettled(created.id),
      new Promise<undefined>((resolve) => setTimeout(resolve, 10_000, undefined)),
    ]);
    expect(settled?.state).toBe('available');
    expect(settled?.items?.length).toBe(1);
    expect(errors[0]).toContain('could not be journaled');
    expect(errors[0]).toContain('database or disk is full');
    expect(errors[0]).toContain(created.id);
    // The result is journaled: the notice is gone, and the hosts were told (once it came, once it went).
    expect(service.journalNotices).toEqual([]);
    expect(noticeChanges).toBeGreaterThan(1);
    const after = serviceTraffic(h.sandbox);
    expect(after.posts - before.posts).toBe(1);
  });

  it('keeps following a purchase whose "not yet" the journal refused, and journals its result', async () => {
    const dataDir = h.newDataDir();
    const errors: string[] = [];
    const service = h.newService({ dataDir, log: (message) => errors.push(message) });
    const [title] = h.sandbox.config.testTitles;
    const variable = h.sandbox.config.sampleVariables[3];
    if (title === undefined || variable === undefined) throw new Error('The sandbox names no test title or fourth variable.');
    const before = serviceTraffic(h.sandbox);
    // 202s for 13 s: those of the first ten seconds are held in memory (record-store.ts), the
    // ones after are written, and the journal refuses those.
    const created = await service.create(h.env, title, [variable], { minWaitSeconds: 13 });
    expect(created.state).toBe('pending');
    const other = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    other.exec(`CREATE TRIGGER refuse_pending BEFORE UPDATE ON purchases WHEN NEW.state = 'pending'
                BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
    try {
      // Before, a refused "not yet" cancelled the purchase's next GET: it stayed pending until the next start.
      const settled = await Promise.race([
        service.waitForSettled(created.id),
        new Promise<undefined>((resolve) => setTimeout(resolve, 20_000, undefined)),
      ]);
      expect(settled?.state).toBe('available');
      expect(errors.some((message) => message.includes(created.id) && message.includes('followed all the same'))).toBe(true);
      // Its result was journaled (the trigger refuses only "not yet"): nothing is left to say.
      expect(service.journalNotices).toEqual([]);
      expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
    } finally {
      other.close();
    }
  }, 30_000);
});
