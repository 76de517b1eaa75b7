import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseLookup } from '../../../../renderer/features/lookup/PurchaseLookup.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

describe('looking a purchase up', () => {
  it('says a purchase the service does not know was not saved, and keeps it only when asked', async () => {
    const kept = purchase({ state: 'failed', purchaseId: 'not-a-real-id', error: { code: 'not_found', message: 'Not known.' } });
    const fake = createFeatureApi({
      'purchase:check': (request) => (request.keep === true
        ? ok(kept)
        : { ok: false, error: { code: 'not_found', message: 'The service does not know a purchase "not-a-real-id" (HTTP 404). Nothing was saved.' } }),
      'purchase:get': () => ok(kept),
    });
    renderWithApi(fake.api, <PurchaseLookup environmentName="Sandbox" onShowRequests={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Purchase ID or result URL'), { target: { value: 'not-a-real-id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    const keep = await screen.findByRole('button', { name: 'Keep it in the history anyway' });
    expect(screen.getByText(/Nothing was saved\./)).toBeTruthy();
    expect(screen.getByRole('alert').querySelector('.error-message')?.textContent).toBe('No purchase with ID not-a-real-id on Sandbox.');
    expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'not-a-real-id', wait: false }]);
    fireEvent.click(keep);
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toHaveLength(2); });
    expect(fake.callsTo('purchase:check')[1]).toEqual({ reference: 'not-a-real-id', wait: false, keep: true });
  });
});
