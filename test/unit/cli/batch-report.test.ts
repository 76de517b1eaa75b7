import { describe, expect, it } from 'vitest';
import { commandLineDocument } from '../../../electron/cli/output/batch-report.ts';
import { batchDocument } from '../../../electron/core/batch/batch-output.ts';
import { applyPurchase } from '../../../electron/core/batch/item-outcome.ts';
import type { BatchItem } from '../../../shared/purchase/batch.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';

const line = { index: 0, row: 2, input: { title_number: 'DN1' }, titleNumber: 'DN1', tenure: null, state: 'sending', purchaseId: null, purchaseLocalId: 'local-1', reused: {}, values: {}, cost: [], total: [], reason: null } as unknown as BatchItem;
const notSent = { id: 'local-1', state: 'not_sent' } as unknown as PurchaseRecord;

describe('a batch document on the command line', () => {
  it('names the command instead of the app\'s button in a row\'s reason, leaving the rest as it is', () => {
    const settled = applyPurchase(line, notSent);
    expect(settled.reason).toContain('(Send now)');
    const document = batchDocument('batch-1', null, [settled, { ...line, index: 1, row: 3, state: 'available', reason: null }], []);
    const printed = commandLineDocument(document);
    expect(printed.rows[0]?.reason).toBe('The purchase was never sent, so nothing was charged; send it with titledesk send --all.');
    expect(printed.rows[1]?.reason).toBeNull();
    expect({ ...printed, rows: [] }).toEqual({ ...document, rows: [] });
  });
});
