import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestOf, ResponseOf } from '../../../../shared/contract/channels.ts';
import type { Result } from '../../../../shared/contract/result.ts';
import { purchaseSummarySchema, type PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { HistoryView } from '../../../../renderer/features/history/HistoryView.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { sandbox } from '../../support/fake-api.ts';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

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
    // Each row says its purchase and state as data: the bench's screen probe finds rows by these.
    const first = document.querySelector('tbody tr');
    expect(first?.getAttribute('data-purchase-id')).toBe('00000000-0000-4000-8000-000000000000');
    expect(first?.getAttribute('data-state')).toBe('pending');
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

  it('re-checks rows from one action for the table: each row keeps its own pending state and failure', async () => {
    const first = purchase({ id: '00000000-0000-4000-8000-000000000001', purchaseId: 'p-1', state: 'failed' });
    const records = [
      first,
      purchase({ id: '00000000-0000-4000-8000-000000000002', purchaseId: 'p-2', state: 'failed' }),
      purchase({ id: '00000000-0000-4000-8000-000000000003', purchaseId: undefined, resultUrl: undefined, state: 'outcome_unknown' }),
    ];
    let answerFirst: (result: Result<ResponseOf<'purchase:check'>>) => void = () => undefined;
    const fake = createFeatureApi({
      'purchase:history': () => ok({ purchases: records.map(summaryOf) }),
      'purchase:check': ({ reference }) => (reference === 'p-1'
        ? new Promise((resolve) => { answerFirst = resolve; })
        : { ok: false, error: { code: 'not_found', message: 'The service does not know a purchase "p-2" (HTTP 404). Nothing was saved.' } }),
    });
    renderWithApi(fake.api, <HistoryView environment={sandbox} onShowRequests={() => undefined} onLookUp={() => undefined} />);
    const button = async (purchaseId: string): Promise<HTMLButtonElement> => {
      const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent.includes(purchaseId));
      if (row === undefined) throw new Error(`No row for ${purchaseId}`);
      return within(row).getByRole<HTMLButtonElement>('button', { name: /^Re-check/ });
    };
    fireEvent.click(await button('p-1'));
    await waitFor(async () => { expect((await button('p-1')).disabled).toBe(true); });
    expect((await button('p-2')).disabled).toBe(false);
    fireEvent.click(await button('p-2'));
    const notice = await screen.findByText(/does not know a purchase "p-2"/);
    // The failure sits in the row after p-2's, not under p-1, which is still on its way.
    const rows = await screen.findAllByRole('row');
    const p2 = rows.findIndex((row) => row.textContent.includes('p-2'));
    expect(rows[p2 + 1]?.contains(notice)).toBe(true);
    expect((await button('p-1')).disabled).toBe(true);
    expect((await button('p-2')).disabled).toBe(false);
    answerFirst(ok({ ...first, state: 'available' }));
    await waitFor(async () => { expect((await button('p-1')).disabled).toBe(false); });
    expect(screen.getAllByText(/does not know a purchase/)).toHaveLength(1);
    // Without a purchase ID or result address there is nothing to ask the service for.
    const unnamed = (await screen.findAllByRole('row')).find((row) => row.querySelector('code')?.textContent === '—');
    expect(unnamed).toBeDefined();
    if (unnamed !== undefined) expect(within(unnamed).getByRole<HTMLButtonElement>('button', { name: /^Re-check/ }).disabled).toBe(true);
    expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'p-1', wait: false }, { reference: 'p-2', wait: false }]);
  });

  it('names what each purchase was bought from: a title, an address key or a UPRN, with the address', async () => {
    const fromAddress = purchase({ id: '00000000-0000-4000-8000-000000000001', resource: { kind: 'address', key: '8e05p·0' }, address: 'Flat 2, Regent Mansions, LS23 6TR' });
    const fromUprn = purchase({ id: '00000000-0000-4000-8000-000000000002', resource: { kind: 'spatial', key: '100023336956' } });
    delete fromAddress.titleNumber;
    delete fromUprn.titleNumber;
    const fake = createFeatureApi({ 'purchase:history': () => ok({ purchases: [fromAddress, fromUprn, purchase({})].map(summaryOf) }) });
    renderWithApi(fake.api, <HistoryView environment={sandbox} onShowRequests={() => undefined} onLookUp={() => undefined} />);
    await waitFor(() => { expect(screen.getAllByRole('row')).toHaveLength(4); });
    expect(screen.getByRole('columnheader', { name: 'Bought from' })).toBeTruthy();
    const cells = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(cells).toEqual(['Address 8e05p·0Flat 2, Regent Mansions, LS23 6TR', 'UPRN 100023336956', 'WYK638009']);
  });
});
