import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchSummary } from '../../../../shared/purchase/batch.ts';
import { BatchView } from '../../../../renderer/features/batch/BatchView.tsx';
import { rememberSelection } from '../../../../renderer/features/variable-picker/presets.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { sandbox } from '../../support/fake-api.ts';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);
beforeEach(() => { window.localStorage.clear(); });

const summary: BatchSummary = {
  id: '0a0b0c0d-0000-4000-8000-000000000001', createdAt: 0, updatedAt: 0, state: 'draft', stoppedBy: null,
  spec: { environmentId: 'sandbox', source: 'p.csv', columns: ['title_number'], variables: ['x'], tenure: 'all', reuseDays: 30, concurrency: 4, budget: {} },
  itemCount: 2, counts: { queued: 1, sending: 0, pending: 0, available: 0, reused: 0, refused: 1, failed: 0, unknown: 0, cancelled: 0 },
  toSpend: [{ value: 1.5, currency: 'GBP' }], spent: [], budgetAllows: null, etaMs: null, waiting: null,
};

describe('the batch input', () => {
  it('takes the picker\'s latest selection as the variables, with pasted rows and the tenure, for the preview', async () => {
    rememberSelection(['Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)', 'EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating']);
    const fake = createFeatureApi({ 'batch:preview': () => ok({ batch: summary, items: [] }), 'spending:status': () => ({ ok: false, error: { code: 'internal', message: 'not here' } }) });
    renderWithApi(fake.api, <BatchView environment={sandbox} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Variables: preset').value).toBe('Latest selection in the picker');
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: 'Title Number\tRef\nDN1\ta\n' } });
    fireEvent.change(screen.getByLabelText('Titles of an address'), { target: { value: 'leasehold' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Buy again anyway/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview the batch (2 variables)' }));
    await waitFor(() => { expect(fake.callsTo('batch:preview')).toHaveLength(1); });
    expect(fake.callsTo('batch:preview')[0]).toEqual({
      source: 'pasted rows',
      csv: 'Title Number\tRef\nDN1\ta\n',
      variables: [
        `${sandbox.baseUrl}/vars/Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)`,
        `${sandbox.baseUrl}/vars/EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating`,
      ],
      tenure: 'leasehold',
      reuseDays: 0,
    });
    expect(await screen.findByText('2 lines: 1 to buy for £1.50, 0 reused, 1 refused.')).toBeTruthy();
  });

  it('lets address rows buy from the address’s own catalog or its UPRN’s, and says which each line bought from', async () => {
    const fromAddress: BatchSummary = { ...summary, spec: { ...summary.spec, columns: ['udprn'], from: 'address' }, itemCount: 1, counts: { ...summary.counts, refused: 0 } };
    const line = {
      index: 0, row: 1, input: { udprn: '14090317' }, titleNumber: null, tenure: null, resource: { kind: 'address' as const, key: '8e05p·0' },
      state: 'queued' as const, reason: null, toBuy: ['x'], cost: [{ value: 1.5, currency: 'GBP' }], reused: {}, purchaseLocalId: null, purchaseId: null, total: [], values: {},
    };
    const fake = createFeatureApi({ 'batch:preview': () => ok({ batch: fromAddress, items: [line] }), 'spending:status': () => ({ ok: false, error: { code: 'internal', message: 'not here' } }) });
    renderWithApi(fake.api, <BatchView environment={sandbox} />);
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: 'udprn\n14090317\n' } });
    const from = screen.getByLabelText<HTMLSelectElement>('Rows with an address buy from');
    expect(from.value).toBe('titles');
    expect([...from.options].map((option) => option.textContent)).toEqual(['Its titles', 'The address’s own catalog', 'Its UPRN’s catalog']);
    fireEvent.change(from, { target: { value: 'address' } });
    // A tenure is a title's: it does not apply while address rows buy from the address.
    expect(screen.getByLabelText<HTMLSelectElement>('Titles of an address').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^Preview the batch/ }));
    await waitFor(() => { expect(fake.callsTo('batch:preview')).toHaveLength(1); });
    expect(fake.callsTo('batch:preview')[0]).toMatchObject({ csv: 'udprn\n14090317\n', tenure: 'all', from: 'address' });
    expect(await screen.findByRole('columnheader', { name: 'Bought from' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy…' }));
    expect(screen.getByRole('dialog', { name: 'Confirm batch' }).textContent).toContain('of 1 line (each address from its own catalog) for £1.50');
  });

  it('sends no choice when address rows buy from their titles, as batches always did', async () => {
    const fake = createFeatureApi({ 'batch:preview': () => ok({ batch: summary, items: [] }), 'spending:status': () => ({ ok: false, error: { code: 'internal', message: 'not here' } }) });
    renderWithApi(fake.api, <BatchView environment={sandbox} />);
    fireEvent.change(screen.getByLabelText(/Or paste rows/), { target: { value: 'udprn\n14090317\n' } });
    fireEvent.click(screen.getByRole('button', { name: /^Preview the batch/ }));
    await waitFor(() => { expect(fake.callsTo('batch:preview')).toHaveLength(1); });
    expect(fake.callsTo('batch:preview')[0]).not.toHaveProperty('from');
  });
});
