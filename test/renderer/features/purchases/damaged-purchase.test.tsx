import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseDetails } from '../../../../renderer/features/purchases/PurchaseDetails.tsx';
import { purchaseJson, statusLine } from '../../../../electron/cli/output/purchase-output.ts';
import { damagedRecordMessage } from '../../../../shared/purchase/purchase-damage.ts';
import type { PurchaseDamage, PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

/** A purchase salvaged from a damaged journal without a whole record (journal salvage, issue 59). */
function damagedPurchase(damage: PurchaseDamage, purchaseId?: string): PurchaseRecord {
  const record = purchase({ state: 'outcome_unknown', sendingAt: Date.UTC(2025, 0, 6), ...(purchaseId === undefined ? {} : { purchaseId, resultUrl: `http://127.0.0.1:4010/purchases/${purchaseId}` }), damaged: damage });
  return { ...record, error: { code: 'journal', message: damagedRecordMessage(record, damage) } };
}

function show(record: PurchaseRecord) {
  const fake = createFeatureApi({ 'purchase:check': () => ok({ ...record, state: 'available', updatedAt: record.updatedAt + 1 }) });
  renderWithApi(fake.api, <PurchaseDetails record={record} onShowRequests={() => undefined} onLookUp={() => undefined} />);
  return fake;
}

describe('a purchase marked "Damaged: check before buying"', () => {
  it('with the service\'s answer known: says what is known, offers Check by ID and never Buy again', async () => {
    const fake = show(damagedPurchase({ answered: true, seenState: 'available' }, 'p-41'));
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Damaged: check before buying.');
    expect(note.textContent).toContain('purchase ID p-41');
    expect(note.textContent).toContain('showed it as available');
    expect(screen.queryByRole('button', { name: 'Buy again…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check by ID' }));
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'p-41', wait: true }]); });
  });

  it('without any answer found: says so, and Buy again stays behind its warning', () => {
    show(damagedPurchase({ answered: false, seenState: 'submitting' }));
    expect(screen.getByRole('note').textContent).toContain('No answer from the service was found');
    expect(screen.getByRole('button', { name: 'Buy again…' })).toBeTruthy();
  });

  it('the CLI\'s status line and JSON say it too', () => {
    const line = statusLine(damagedPurchase({ answered: true, seenState: 'available' }, 'p-41'));
    expect(line).toMatch(/^Outcome unknown \(damaged: check before buying\): purchase p-41/);
    expect(line).toContain('Check it by that ID; do not buy it again.');
    expect(purchaseJson(damagedPurchase({ answered: true, seenState: 'available' }, 'p-41'), null)).toMatchObject({ state: 'outcome_unknown', purchaseId: 'p-41', damaged: { answered: true, seenState: 'available' } });
  });
});
