import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resultBody, type Answer } from './fixtures/purchase-server.ts';
import { useScriptedRig } from './fixtures/scripted-rig.ts';

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
    const other = new DatabaseSync(service.journalPath);
    try {
      other.prepare("UPDATE purchases SET record = json_set(record, '$.autoCheck', json('false'), '$.updatedAt', updated_at + 1), updated_at = updated_at + 1 WHERE id = ?").run(created.id);
    } finally {
      other.close();
    }
    // The change is looked for at most every 10 ms (record-cache.ts).
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(service.get(created.id)).toMatchObject({ state: 'pending', autoCheck: false });
    service.cancel(created.id);
  });

  it('has the answer of each scheduled GET on disk before the next GET of that purchase leaves', async () => {
    const service = rig.h.newService();
    const exchangesAtGet: number[] = [];
    let gets = 0;
    rig.server.setScript((request): Answer => {
      if (request.method === 'POST') return { status: 303, headers: { location: '/purchases/p-window', 'retry-after': '0' } };
      gets += 1;
      const row = new DatabaseSync(service.journalPath, { readOnly: true });
      try {
        const stored = z.object({ n: z.number() }).parse(row.prepare("SELECT json_array_length(record, '$.timeline') AS n FROM purchases WHERE title_number = 'DN400'").get());
        exchangesAtGet.push(stored.n);
      } finally {
        row.close();
      }
      // max-age=0: the next GET is due at once, long before the write queue's window ends.
      return gets < 4
        ? { status: 202, headers: { 'cache-control': 'private, max-age=0, must-revalidate' } }
        : { status: 200, headers: { 'content-type': 'application/ld+json' }, body: resultBody(rig.server.baseUrl, [variable]) };
    });
    const created = await service.create(rig.env, 'DN400', [variable]);
    const settled = await service.waitForSettled(created.id);
    expect(settled.state).toBe('available');
    // The POST's exchange, then one more for each answer before the GET that followed it.
    expect(exchangesAtGet).toEqual([1, 2, 3, 4]);
  });
});
