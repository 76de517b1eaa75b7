import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchItem } from '../../../shared/purchase/batch.ts';
import { exportCsv, exportXlsx } from '../../../electron/core/batch/batch-export.ts';
import { variableHeaders } from '../../../electron/core/batch/batch-output.ts';
import type { BatchPlan } from '../../../electron/core/batch/batch-service.ts';
import { proofFile, type ProofFile } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let test: TestCore;
let proof: ProofFile;
let variables: string[];
let plan: BatchPlan;
let batchId: string;

const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  const config = test.started.sandbox?.config;
  variables = [config?.sampleVariables[0] ?? '', config?.sampleVariables[2] ?? ''];
  proof = proofFile();
  plan = await test.started.core.batches.plan({
    environmentId: 'sandbox', source: 'proof.csv', csv: proof.csv, variables, tenure: 'all', reuseDays: 30, concurrency: 24,
  });
}, 60_000);

afterAll(async () => {
  await test.close();
});

async function priceOf(title: string): Promise<number> {
  const catalog = await test.started.core.environments.session('sandbox').catalog.catalog(title);
  const all = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
  return all.filter((variable) => variables.includes(variable.iri)).reduce((sum, variable) => sum + variable.price.value, 0);
}

describe('a batch from the proof file on the sandbox', () => {
  it('previews one line per title with its resolution and reason, prices from the catalog, and sends nothing', async () => {
    expect(posts()).toBe(0);
    expect(plan.spec.columns).toEqual(['Title_NUMBER', 'Address', 'Ref', 'Notes']);
    expect(plan.items).toHaveLength(201);
    for (const expected of proof.expected) {
      const lines = plan.items.filter((item) => item.row === expected.row);
      expect(lines[0]?.input['Ref']).toBe(expected.ref);
      expect(lines[0]?.input['Notes']).toBe(expected.note);
      const reason = lines[0]?.reason ?? '';
      if (expected.kind === 'title') expect(lines.map((line) => [line.titleNumber, line.state])).toEqual([[expected.titles[0], 'queued']]);
      if (expected.kind === 'address') expect(lines.map((line) => line.titleNumber)).toEqual(expected.titles);
      if (expected.kind === 'bad') expect(reason).toMatch(/Bad title number|Nothing to buy/);
      if (expected.kind === 'missing') expect(reason).toMatch(/not found/);
      if (expected.kind === 'ambiguous') expect(reason).toMatch(/^Ambiguous address: 10 or more matches/);
      if (expected.kind === 'duplicate') expect(reason).toMatch(/^Duplicate: title .* is already in row \d+\./);
      if (['bad', 'missing', 'ambiguous', 'duplicate'].includes(expected.kind)) expect(lines.map((line) => line.state)).toEqual(['refused']);
    }
    const queued = plan.items.filter((item) => item.state === 'queued');
    expect(queued.map((item) => item.titleNumber)).toEqual(proof.titles);
    const first = queued[0];
    expect(first?.cost).toEqual([{ currency: 'GBP', value: await priceOf(first?.titleNumber ?? '') }]);
    expect(posts()).toBe(0);
  });

  it('runs every queued line through the purchase journal with one POST per title, and exports cell by cell', async () => {
    const { batches, purchases } = test.started.core;
    batchId = batches.create(plan).id;
    await batches.start(batchId);
    const summary = batches.summary(batchId);
    expect(summary.state).toBe('done');
    expect(summary.counts.available).toBe(proof.titles.length);
    expect(posts()).toBe(proof.titles.length);
    const items = batches.items(batchId);
    for (const item of items.filter((line) => line.state === 'available')) {
      const record = purchases.get(item.purchaseLocalId ?? '');
      expect(record?.state).toBe('available');
      expect(item.purchaseId).toBe(record?.purchaseId);
      expect(Object.keys(item.values).sort()).toEqual([...variables].sort());
      expect(item.values[variables[0] ?? '']).toBe(record?.items?.find((result) => result.variable === variables[0])?.value);
      expect(item.total).toEqual(record?.totals);
    }
    const bought = items.filter((line) => line.state === 'available').reduce((sum, line) => sum + (line.total[0]?.value ?? 0), 0);
    expect(batches.document(batchId).totals.spent['GBP']).toBeCloseTo(bought, 6);
    expect(summary.spent).toEqual([{ currency: 'GBP', value: batches.document(batchId).totals.spent['GBP'] }]);
    checkCsv(exportCsv(summary.spec, items), items);
    const sheet = await readXlsxFile(await exportXlsx(summary.spec, items));
    const rows = sheet[0]?.data ?? [];
    const csvRows = Papa.parse<string[]>(exportCsv(summary.spec, items).slice(1), { skipEmptyLines: true }).data;
    expect(rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))).toEqual(csvRows);
  }, 60_000);

  it('reuses what the journal holds: a second batch of the same file sends no POST; --reuse-days 0 buys again', async () => {
    const { batches } = test.started.core;
    const before = posts();
    const again = await batches.plan({ ...plan.spec, csv: proof.csv, reuseDays: 30 });
    const reused = again.items.filter((item) => item.state === 'reused');
    expect(reused).toHaveLength(proof.titles.length);
    const earlier = batches.items(batchId).find((item) => item.titleNumber === reused[0]?.titleNumber);
    expect(reused[0]?.values).toEqual(earlier?.values);
    expect(Object.values(reused[0]?.reused ?? {}).map((value) => value.purchaseId)).toEqual([earlier?.purchaseId, earlier?.purchaseId]);
    const id = batches.create(again).id;
    await batches.start(id);
    expect(batches.document(id).totals).toMatchObject({ bought: 0, reused: proof.titles.length, spent: {} });
    expect(posts()).toBe(before);
    const fresh = await batches.plan({ ...plan.spec, csv: 'title_number\n' + proof.titles.slice(0, 3).join('\n'), reuseDays: 0 });
    expect(fresh.items.map((item) => item.state)).toEqual(['queued', 'queued', 'queued']);
  }, 60_000);
});

function checkCsv(csv: string, items: readonly BatchItem[]): void {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual(['Title_NUMBER', 'Address', 'Ref', 'Notes', 'title_number', 'tenure', 'state', 'purchase_id', 'price_total', 'currency', 'reused_or_bought', 'reason', ...variableHeaders(variables)]);
  expect(rows).toHaveLength(items.length);
  items.forEach((item, index) => {
    const row = rows[index] ?? [];
    const expected = proof.expected[item.row - 1];
    expect(row.slice(2, 4)).toEqual([expected?.ref, expected?.note]);
    expect(row.slice(4, 9)).toEqual([item.titleNumber ?? '', item.tenure ?? '', item.state, item.purchaseId ?? '', item.state === 'available' ? String(item.total[0]?.value) : '']);
    expect(row[10]).toBe(item.state === 'available' ? 'bought' : '');
    expect(row[11]).toBe(item.reason ?? '');
    expect(row.slice(12)).toEqual(variables.map((variable) => item.values[variable] ?? ''));
  });
}
