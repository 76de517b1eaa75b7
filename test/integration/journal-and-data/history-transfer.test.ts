import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyExportSchema } from '../../../shared/purchase/journal.ts';
import { serviceTraffic, startHarness, type Harness } from '../fixtures/purchase-harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
});

afterAll(async () => {
  await h.close();
});

let combination = 200;
function nextPurchase(): { title: string; variable: string } {
  const { sampleTitles, testTitles, sampleVariables } = h.sandbox.config;
  const titles = [...sampleTitles, ...testTitles];
  const n = combination++;
  return { title: titles[n % titles.length] ?? '', variable: sampleVariables[Math.floor(n / titles.length) % sampleVariables.length] ?? '' };
}

describe('export and import of the whole history', () => {
  it('moves records with their results to another machine, where nothing is ever sent again', async () => {
    const source = h.newService();
    const bought = nextPurchase();
    const available = await source.waitForSettled((await source.create(h.env, bought.title, [bought.variable])).id);
    expect(available.state).toBe('available');
    h.sandbox.setFaults([{ target: 'purchase', kind: 'drop', count: 1 }]);
    const dropped = nextPurchase();
    const unknown = await source.create(h.env, dropped.title, [dropped.variable]);
    h.sandbox.setFaults([]);
    expect(unknown.state).toBe('outcome_unknown');
    // The file goes through JSON, as it would on disk.
    const file = historyExportSchema.parse(JSON.parse(JSON.stringify(source.exportHistory())));
    expect(file.purchases).toHaveLength(2);

    const target = h.newService({ resolveEnvironment: (id) => (id === h.env.id ? h.env : undefined) });
    const before = serviceTraffic(h.sandbox);
    expect(target.importHistory(file)).toEqual({ imported: 2, alreadyPresent: 0, unreadable: 0 });
    expect(target.importHistory(file)).toEqual({ imported: 0, alreadyPresent: 2, unreadable: 0 });
    const copied = target.get(available.id);
    expect(copied).toMatchObject({ state: 'available', imported: true, items: available.items, purchaseId: available.purchaseId });
    expect(target.getResult(available.id)).toEqual(source.getResult(available.id));
    expect(target.resume()).toEqual({ resumed: 0, outcomeUnknown: 0, notSent: 0, autoSent: 0 });
    await expect(target.resolve(unknown.id, 'buy-again')).rejects.toMatchObject({ code: 'validation' });
    await expect(target.send(unknown.id)).rejects.toMatchObject({ code: 'validation' });
    const after = serviceTraffic(h.sandbox);
    expect([after.posts - before.posts, after.gets - before.gets]).toEqual([0, 0]);
  });

  it('counts entries that are not purchase records instead of guessing at them', () => {
    const target = h.newService();
    const summary = target.importHistory({ format: 'titledesk-history', version: 1, exportedAt: 0, purchases: [{ record: { id: 'x' }, result: null }] });
    expect(summary).toEqual({ imported: 0, alreadyPresent: 0, unreadable: 1 });
  });
});

describe('backups of the journal', () => {
  it('keeps one a day and one at quit, and restores one at the next start, keeping the journal it replaced', async () => {
    const dataDir = h.newDataDir();
    const first = h.newService({ dataDir, backups: true });
    const bought = nextPurchase();
    const kept = await first.waitForSettled((await first.create(h.env, bought.title, [bought.variable])).id);
    await first.close();
    const { backups } = await first.backups();
    expect(backups).toHaveLength(1);
    expect(backups[0]?.name).toMatch(/^purchases-\d{4}-\d{2}-\d{2}\.sqlite$/);

    // Later that day another purchase is made; then the user restores the backup taken at quit.
    const second = h.newService({ dataDir, backups: false });
    const later = nextPurchase();
    await second.waitForSettled((await second.create(h.env, later.title, [later.variable])).id);
    expect(second.list()).toHaveLength(2);
    await second.restoreBackup(backups[0]?.name ?? '');
    await expect(second.restoreBackup('purchases-1999-01-01.sqlite')).rejects.toThrow();
    await second.close();

    const third = h.newService({ dataDir });
    expect(third.journalNotices).toMatchObject([{ kind: 'restored' }]);
    expect(third.list().map((record) => record.id)).toEqual([kept.id]);
    const aside = third.journalNotices[0]?.path ?? '';
    expect(existsSync(aside)).toBe(true);
    expect(readdirSync(join(dataDir, 'backups'))).toHaveLength(1);
  });
});
