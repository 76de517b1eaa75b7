import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import type { BatchItem, BatchSpec } from '../../../shared/purchase/batch.ts';
import { csvCell, csvDocument } from '../../../shared/files/csv.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { exportCsv } from '../../../electron/core/batch/batch-export.ts';
import { batchDocument } from '../../../electron/core/batch/batch-output.ts';
import { writeOutput } from '../../../electron/cli/output/batch-report.ts';
import { purchaseCsv, purchasesCsv } from '../../../renderer/features/purchases/purchase-export.ts';

/** What a spreadsheet would run: every one must come out as text. */
const hostile = ["=cmd|'/C calc'!A0", '+SUM(1)', '-2+3', "@HYPERLINK(\"http://x\",\"y\")", '\t=1+1', '\r=1+1', '\n=1', '＝1+1', '=evil'];
/** Plain numbers and ordinary text stay exactly as they were. */
const harmless = ['-2', '+44', '3.5', '-0.25', '1e5', 'DN123456', 'a=b', 'Flat 1, Regent Mansions', '£679,000', ''];

/** Every cell, header included, read back as a spreadsheet reads a CSV. */
function cells(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { delimiter: ',', skipEmptyLines: true }).data.flat();
}

function expectGuarded(csv: string): void {
  const all = cells(csv);
  for (const value of hostile) {
    expect(all).not.toContain(value);
    expect(all).toContain(`'${value}`);
  }
  for (const cell of all) expect(/^[=+\-@\t\r\n＝]/.test(cell) && !/^[-+]?\d+(\.\d+)?$/.test(cell)).toBe(false);
}

describe('the one CSV writer', () => {
  it.each(hostile)('neutralises %j', (value) => {
    expect(cells(csvDocument([[value]]))).toEqual([`'${value}`]);
  });

  it.each(harmless)('keeps %j as it is', (value) => {
    expect(Papa.parse<string[]>(csvCell(value), { delimiter: ',' }).data[0]?.[0] ?? '').toBe(value);
  });

  it('writes numbers as numbers and quotes what RFC 4180 needs', () => {
    expect(csvDocument([[-2, 'a,b', 'say "hi"', ' padded ']])).toBe('\uFEFF-2,"a,b","say ""hi"""," padded "\r\n');
  });
});

const spec: BatchSpec = {
  environmentId: 'sandbox', source: 'hostile.csv', columns: ['title_number', '=evil', 'note'],
  variables: ['http://127.0.0.1:4010/vars/Zoopla/Property Data#Market/Valuation/Sale/+Value'], tenure: 'all', reuseDays: 0, concurrency: 4, budget: {},
};

function hostileItems(): BatchItem[] {
  return hostile.map((value, index) => ({
    index, row: index + 1, input: { title_number: value, '=evil': value, note: harmless[index] ?? '' }, titleNumber: value, tenure: value, state: 'available',
    reason: value, toBuy: [], cost: [], reused: {}, purchaseLocalId: null, purchaseId: value,
    total: [{ value: 1, currency: value }], values: { [spec.variables[0] ?? '']: value },
  }));
}

describe('every CSV TitleDesk writes goes through it', () => {
  const folder = mkdtempSync(join(tmpdir(), 'titledesk-csv-'));
  afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

  it('the batch output (batch:export and the app)', () => {
    const csv = exportCsv(spec, hostileItems());
    expectGuarded(csv);
    expect(cells(csv).slice(0, 3)).toEqual(['title_number', "'=evil", 'note']);
    expect(cells(csv)).toContain("'+Value");
  });

  it('the CLI batch --out file', async () => {
    const path = join(folder, 'out.csv');
    const items = hostileItems();
    await writeOutput(path, spec, items, batchDocument('b-1', null, items, []));
    expectGuarded(readFileSync(path, 'utf8'));
  });

  it('the purchase and History exports', () => {
    const record = (value: string, index: number): PurchaseRecord => ({
      id: `6f1c2d3e-4b5a-4c6d-8e7f-${String(index).padStart(12, '0')}`, environmentId: 'sandbox', titleNumber: value, address: value, variables: [], options: {},
      state: 'available', autoCheck: false, createdAt: 0, updatedAt: 0, timeline: [], purchaseId: value,
      items: [{ variable: value, provider: value, source: value, schemePath: [value], name: value, ontologyType: value, value, price: { value: 1, currency: value } }],
    });
    const records = hostile.map(record);
    expectGuarded(purchasesCsv(records, '=evil'));
    expectGuarded(purchasesCsv(records));
    expect(cells(purchaseCsv(record('=evil', 0), '@env'))).toContain("'@env");
  });
});
