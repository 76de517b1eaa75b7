import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PurchaseService } from '../../../electron/core/purchases/purchase-service.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { resultBody, type Answer } from '../fixtures/purchase-server.ts';
import { useScriptedRig } from '../fixtures/scripted-rig.ts';

const rig = useScriptedRig();
const variable = 'https://api.example.test/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

const rowSchema = z.object({ title_number: z.string(), state: z.string(), sending_at: z.number().nullable() });

/** What another process would read from the journal file at this moment. */
function journalRows(path: string): z.infer<typeof rowSchema>[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare("SELECT title_number, state, json_extract(record, '$.sendingAt') AS sending_at FROM purchases").all().map((row) => rowSchema.parse(row));
  } finally {
    db.close();
  }
}

const journalRowSchema = z.object({
  state: z.string(),
  nextCheckAt: z.number().optional(),
  timeline: z.array(z.unknown()),
});

function journalRow(path: string, title: string): z.infer<typeof journalRowSchema> {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = z.object({ record: z.string() }).parse(db.prepare('SELECT record FROM purchases WHERE title_number = ?').get(title));
    return journalRowSchema.parse(JSON.parse(row.record));
  } finally {
    db.close();
  }
}

function journalTimelineLength(path: string, title: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return z.object({ n: z.number() }).parse(db.prepare("SELECT json_array_length(record, '$.timeline') AS n FROM purchases WHERE title_number = ?").get(title)).n;
  } finally {
    db.close();
  }
}

/** What another process (the command line) does to a purchase the service follows: it stops following it. */
function stopFollowingElsewhere(path: string, id: string): void {
  const other = new DatabaseSync(path);
  try {
    other.prepare("UPDATE purchases SET record = json_set(record, '$.autoCheck', json('false'), '$.updatedAt', updated_at + 1), updated_at = updated_at + 1 WHERE id = ?").run(id);
  } finally {
    other.close();
  }
}

/**
 * A purchase whose 303 and two "not yet" answers came back (max-age 0, then 5 s): both advise a
 * next check within the ten seconds the journal gives after the 303, so both are held.
 */
async function holdTwoAnswers(title: string): Promise<{ service: PurchaseService; held: PurchaseRecord }> {
  const service = rig.h.newService();
  let gets = 0;
  rig.server.setScript((request): Answer => {
    if (request.method === 'POST') return { status: 303, headers: { location: `/purchases/p-${title}`, 'retry-after': '0' } };
    gets += 1;
    return { status: 202, headers: { 'cache-control': `private, max-age=${gets === 1 ? '0' : '5'}, must-revalidate` } };
  });
  const created = await service.create(rig.env, title, [variable]);
  const held = await new Promise<PurchaseRecord>((resolve) => {
    const unsubscribe = service.onUpdate((record) => {
      if (record.id !== created.id || record.timeline.length < 3) return;
      unsubscribe();
      resolve(record);
    });
  });
  return { service, held };
}

describe('purchases clicked together share journal commits without giving up a promise', () => {
  it('has every intent on disk before the first POST, and each sending mark on disk before its own POST', async () => {
    const service = rig.h.newService({ maxConcurrent: 4 });
    const titles = Array.from({ length: 24 }, (_, i) => `DN${String(200 + i)}`);
    const seenAtPost: { title: string; rows: number; own: z.infer<typeof rowSchema> | undefined }[] = [];
    rig.server.setScript((request): Answer => {
      if (request.method !== 'POST') return { status: 200, headers: { 'content-type': 'application/ld+json' }, body: resultBody(rig.server.baseUrl, [variable]) };
      const title = /titles\/([^/]+)\/catalog/.exec(request.path)?.[1] ?? '';
      const rows = journalRows(service.journalPath);
      seenAtPost.push({ title, rows: rows.length, own: rows.find((row) => row.title_number === title) });
      return { status: 303, headers: { location: `/purchases/p-${title}`, 'retry-after': '0' } };
    });
    const created = await Promise.all(titles.map((title) => service.create(rig.env, title, [variable])));
    expect(created.every((record) => record.state === 'pending')).toBe(true);
    // Time-ordered ids (local-id.ts): each new intent goes to the right edge of the id indexes.
    const ids = created.map((record) => record.id);
    expect(ids.every((id) => id[14] === '7')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(seenAtPost).toHaveLength(titles.length);
    expect(seenAtPost[0]?.rows).toBe(titles.length);
    for (const post of seenAtPost) {
      expect(post.own).toMatchObject({ state: 'submitting', sending_at: expect.any(Number) as unknown });
    }
    const settled = await Promise.all(created.map((record) => service.waitForSettled(record.id)));
    expect(settled.every((record) => record.state === 'available')).toBe(true);
    expect(journalRows(service.journalPath).every((row) => row.state === 'available')).toBe(true);
  });

  it('sees a change another process made to a purchase it follows', async () => {
    const service = rig.h.newService();
    rig.server.setScript((request): Answer => (request.method === 'POST'
      ? { status: 303, headers: { location: '/purchases/p-other', 'retry-after': '3600' } }
      : { status: 200, body: resultBody(rig.server.baseUrl, [variable]) }));
    const created = await service.create(rig.env, 'DN300', [variable]);
    expect(service.get(created.id)?.state).toBe('pending');
    stopFollowingElsewhere(service.journalPath, created.id);
    // The change is looked for at most every 10 ms (record-cache.ts).
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(service.get(created.id)).toMatchObject({ state: 'pending', autoCheck: false });
    service.cancel(created.id);
  });

  it('never has the journal give an earlier next check than the last answer advised, holding answers in memory meanwhile', async () => {
    const service = rig.h.newService();
    const atGet: { exchanges: number; nextCheckAt: number }[] = [];
    let gets = 0;
    rig.server.setScript((request): Answer => {
      if (request.method === 'POST') return { status: 303, headers: { location: '/purchases/p-window', 'retry-after': '0' } };
      gets += 1;
      const row = new DatabaseSync(service.journalPath, { readOnly: true });
      try {
        const stored = z.object({ exchanges: z.number(), nextCheckAt: z.number() }).parse(row.prepare(
          "SELECT json_array_length(record, '$.timeline') AS exchanges, json_extract(record, '$.nextCheckAt') AS nextCheckAt FROM purchases WHERE title_number = 'DN400'",
        ).get());
        atGet.push(stored);
      } finally {
        row.close();
      }
      // max-age=0: the next GET is due at once, long before the write queue's window ends.
      return gets < 4
        ? { status: 202, headers: { 'cache-control': 'private, max-age=0, must-revalidate' } }
        : { status: 200, headers: { 'content-type': 'application/ld+json' }, body: resultBody(rig.server.baseUrl, [variable]) };
    });
    const created = await service.create(rig.env, 'DN400', [variable]);
    const answers: number[] = [];
    const unsubscribe = service.onUpdate((record) => {
      if (record.id === created.id) answers.push(record.timeline.length);
    });
    const settled = await service.waitForSettled(created.id);
    unsubscribe();
    expect(settled.state).toBe('available');
    // The 303 is journaled with a next check ten seconds later than it advised; the answers
    // after it advise no later than that, so they are held in memory, and still announced as
    // they come.
    expect(atGet.map((get) => get.exchanges)).toEqual([1, 1, 1, 1]);
    expect(answers).toEqual([2, 3, 4, 5]);
    // At each GET, the journal gives no earlier a next check than the answer before it advised:
    // a restart after a crash there would not ask early.
    atGet.forEach((get, index) => {
      const previous = settled.timeline[index];
      expect(previous?.receivedAt).toBeDefined();
      expect(get.nextCheckAt).toBeGreaterThanOrEqual((previous?.receivedAt ?? 0) + (previous?.advisedWaitSeconds ?? 0) * 1000);
    });
    expect(atGet[0]?.nextCheckAt).toBeGreaterThanOrEqual((settled.timeline[0]?.receivedAt ?? 0) + 10_000);
    // The held answers reach the journal with the result.
    expect(journalTimelineLength(service.journalPath, 'DN400')).toBe(5);
  });

  it('writes the answers it holds when it closes, with the next check as advised', async () => {
    const { service, held } = await holdTwoAnswers('DN410');
    expect(journalTimelineLength(service.journalPath, 'DN410')).toBe(1);
    await service.close();
    const row = journalRow(service.journalPath, 'DN410');
    expect(row.timeline).toHaveLength(3);
    expect(row.nextCheckAt).toBe(held.nextCheckAt);
    expect(row.state).toBe('pending');
  });

  it('lets a change another process made win over an answer it holds', async () => {
    const { service, held: created } = await holdTwoAnswers('DN420');
    expect(service.get(created.id)?.timeline).toHaveLength(3);
    stopFollowingElsewhere(service.journalPath, created.id);
    // The change is looked for at most every 10 ms (record-cache.ts).
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(service.get(created.id)).toMatchObject({ state: 'pending', autoCheck: false });
    expect(service.get(created.id)?.timeline).toHaveLength(1);
    service.cancel(created.id);
  });

  it('gives each purchase its own next check when it closes, where it held no answer', async () => {
    const service = rig.h.newService();
    rig.server.setScript((request): Answer => (request.method === 'POST'
      ? { status: 303, headers: { location: '/purchases/p-margin', 'retry-after': '3600' } }
      : { status: 500 }));
    const created = await service.create(rig.env, 'DN430', [variable]);
    expect(created.nextCheckAt).toBeDefined();
    // While open, the journal gives ten seconds more than the 303 advised (a crash's margin).
    expect(journalRow(service.journalPath, 'DN430').nextCheckAt).toBe((created.nextCheckAt ?? 0) + 10_000);
    await service.close();
    expect(journalRow(service.journalPath, 'DN430')).toMatchObject({ state: 'pending', nextCheckAt: created.nextCheckAt });
  });
});
