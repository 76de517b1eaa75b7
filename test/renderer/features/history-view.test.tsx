import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../shared/contract/channels.ts';
import { purchaseSummarySchema, type PurchaseRecord } from '../../../shared/purchase.ts';
import { HistoryView } from '../../../renderer/features/history/HistoryView.tsx';
import { renderWithApi } from '../support/render-app.tsx';
import { sandbox } from '../support/fake-api.ts';
import { createFeatureApi, ok, purchase } from './support/feature-api.ts';

afterEach(cleanup);

/** What purchase:history sends of a record: no timeline, no values. */
const summaryOf = (record: PurchaseRecord) => purchaseSummarySchema.parse(record);

/** A journal of `count` purchases, newest first, answered page by page like the core's history. */
function journalOf(count: number) {
  const records = Array.from({ length: count }, (_, n) =>
    purchase({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, purchaseId: `p-${String(n)}`, createdAt: 1_700_000_000_000 - n * 1000 }),
  );
  return createFeatureApi({
    'purchase:history': (query: RequestOf<'purchase:history'>) => {
      const matching = query?.text === undefined ? records : records.filter((record) => record.purchaseId?.includes(query.text ?? '') === true);
      return ok({ purchases: matching.slice(0, query?.limit ?? 1000).map(summaryOf) });
    },
  });
}

function show(count: number) {
  const fake = journalOf(count);
  renderWithApi(fake.api, <HistoryView environment={sandbox} onShowRequests={() => undefined} onLookUp={() => undefined} />);
  const rows = (): number => screen.getAllByRole('row').length - 1;
  return { fake, rows };
}

// Hundreds of rows in jsdom are slow on a loaded machine: generous limits, no speed asserted here.
describe('the history', { timeout: 30_000 }, () => {
  it('shows the newest 200 and older ones 200 at a time on request', async () => {
    const { fake, rows } = show(450);
    await waitFor(() => { expect(rows()).toBe(200); }, { timeout: 10_000 });
    expect(screen.getByRole('status').textContent).toBe('The latest 200 purchases.');
    fireEvent.click(screen.getByRole('button', { name: 'Show 200 older purchases' }));
    await waitFor(() => { expect(rows()).toBe(400); }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Show 200 older purchases' }));
    await waitFor(() => { expect(rows()).toBe(450); }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Show 200 older purchases' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('450 purchases.');
    expect(fake.callsTo('purchase:history').map((query) => (query as { limit?: number }).limit)).toEqual([200, 400, 600]);
  });

  it('starts again from the first page when the search changes', async () => {
    const { fake, rows } = show(450);
    await waitFor(() => { expect(rows()).toBe(200); }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Show 200 older purchases' }));
    await waitFor(() => { expect(rows()).toBe(400); }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('Title, purchase ID or variable'), { target: { value: 'p-44' } });
    await waitFor(() => { expect(rows()).toBe(11); }, { timeout: 10_000 });
    expect(fake.callsTo('purchase:history').at(-1)).toMatchObject({ text: 'p-44', limit: 200 });
  });

  it('says the address under the title, and for a purchase looked up by ID that the service did not name its title', async () => {
    const address = 'Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR';
    const fake = createFeatureApi({
      'purchase:history': () => ok({ purchases: [
        purchase({ id: '00000000-0000-4000-8000-000000000001', purchaseId: 'p-1', address }),
        purchase({ id: '00000000-0000-4000-8000-000000000002', purchaseId: 'p-2', titleNumber: undefined }),
      ].map(summaryOf) }),
    });
    renderWithApi(fake.api, <HistoryView environment={sandbox} onShowRequests={() => undefined} onLookUp={() => undefined} />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]?.querySelectorAll('td')[1]?.textContent).toBe(`WYK638009${address}`);
    expect(rows[1]?.querySelector('.history-address')?.textContent).toBe(address);
    expect(rows[2]?.querySelectorAll('td')[1]?.textContent).toBe('Not named by the service');
  });

  it('lists summaries, and fetches a purchase whole (its timeline, its values) when its details are opened', async () => {
    const whole = purchase({
      id: '00000000-0000-4000-8000-000000000009', purchaseId: 'p-9', state: 'available',
      timeline: [{ method: 'POST', path: '/world/GB-eaw/titles/WYK638009/catalog', status: 303, advisedWaitSeconds: 2, at: 1_700_000_000_000, receivedAt: 1_700_000_000_040 }],
      items: [{ variable: 'v', provider: 'Zoopla', source: 'Property Data', schemePath: ['Market'], name: 'Estimated Sale Value (£)', ontologyType: 'o', value: '412000', price: { value: 1.5, currency: 'GBP' } }],
      totals: [{ value: 1.5, currency: 'GBP' }],
    });
    const fake = createFeatureApi({
      'purchase:history': () => ok({ purchases: [summaryOf(whole)] }),
      'purchase:get': () => ok(whole),
    });
    renderWithApi(fake.api, <HistoryView environment={sandbox} onShowRequests={() => undefined} onLookUp={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(await screen.findByRole('list', { name: 'Timeline' })).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Estimated Sale Value (£)' })).toBeTruthy();
    expect(fake.callsTo('purchase:get')).toEqual([{ id: whole.id }]);
    expect(fake.callsTo('purchase:list')).toEqual([]);
  });
});
