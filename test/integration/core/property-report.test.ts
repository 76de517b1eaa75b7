import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseRecordSchema } from '../../../shared/purchase/purchase.ts';
import { propertyReportSchema } from '../../../shared/purchase/report.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;

beforeAll(async () => {
  core = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [0, 0] } });
});
afterAll(async () => {
  await core.close();
});

async function dispatch(channel: string, payload: unknown): Promise<unknown> {
  const result = await core.started.core.router.dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data;
}

async function buy(titleNumber: string, variables: string[]) {
  const created = purchaseRecordSchema.parse(await dispatch('purchase:create', { titleNumber, variables, buyAgain: true }));
  const settled = await core.started.core.purchases.waitForSettled(created.id);
  expect(settled.state).toBe('available');
  return settled;
}

function sandbox() {
  const config = core.started.core.sandbox;
  if (config === undefined) throw new Error('no sandbox');
  return config;
}

describe('report:property', () => {
  it('gives the latest value per variable with date, price and purchase ID, and older ones on demand', async () => {
    const [title, other] = sandbox().sampleTitles;
    const [a, b, c] = sandbox().sampleVariables;
    if (title === undefined || other === undefined || a === undefined || b === undefined || c === undefined) throw new Error('samples');
    const first = await buy(title, [a, b]);
    const second = await buy(title, [b, c]);
    await buy(other, [a]);

    const report = propertyReportSchema.parse(await dispatch('report:property', { titles: [{ titleNumber: title.toLowerCase(), tenure: 'Freehold' }] }));
    expect(report.titles).toHaveLength(1);
    const section = report.titles[0];
    expect(section).toMatchObject({ titleNumber: title, tenure: 'Freehold', purchaseCount: 2 });
    const rows = new Map(section?.rows.map((row) => [row.variable, row]));
    expect([...rows.keys()].sort()).toEqual([a, b, c].sort());
    // b was bought twice: the second purchase is the latest, the first is kept as older.
    expect(rows.get(b)?.latest).toMatchObject({ purchaseId: second.purchaseId, localId: second.id, boughtAt: second.createdAt });
    expect(rows.get(b)?.older.map((value) => value.purchaseId)).toEqual([first.purchaseId]);
    expect(rows.get(a)?.latest.purchaseId).toBe(first.purchaseId);
    expect(rows.get(a)?.older).toEqual([]);
    const bought = second.items?.find((item) => item.variable === c);
    expect(rows.get(c)?.latest).toMatchObject({ value: bought?.value, price: bought?.price });
  });

  it("covers an address's titles, each once, and an unbought title as empty", async () => {
    const [title, other, third] = sandbox().sampleTitles;
    if (title === undefined || other === undefined || third === undefined) throw new Error('samples');
    const titles = [{ titleNumber: title }, { titleNumber: other, tenure: 'Leasehold' }, { titleNumber: title }, { titleNumber: third }];
    const report = propertyReportSchema.parse(await dispatch('report:property', { titles, address: 'Flat 1, Example House' }));
    expect(report.address).toBe('Flat 1, Example House');
    expect(report.titles.map((section) => [section.titleNumber, section.rows.length > 0])).toEqual([
      [title, true],
      [other, true],
      [third, false],
    ]);
  });

  it('refuses to save a PDF without a desktop window, and a file name with a path in it', async () => {
    const noPrinter = await core.started.core.router.dispatch('report:save-pdf', { fileName: 'report' });
    expect(noPrinter).toMatchObject({ ok: false, error: { code: 'validation' } });
    const traversal = await core.started.core.router.dispatch('report:save-pdf', { fileName: '../etc/report' });
    expect(traversal).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
