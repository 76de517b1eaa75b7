import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange, PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { PurchaseDetails } from '../../../../renderer/features/purchases/PurchaseDetails.tsx';
import { PurchaseRowView } from '../../../../renderer/features/purchases/PurchaseRow.tsx';
import { exportFileName, purchaseCsv, purchaseJson, purchasesCsv } from '../../../../renderer/features/purchases/purchase-export.ts';
import { timelineText } from '../../../../renderer/features/purchases/timeline.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

const at = Date.UTC(2025, 0, 6, 9, 0, 0);
const post: Exchange = { method: 'POST', path: '/world/GB-eaw/titles/WYK638009/catalog', status: 303, advisedWaitSeconds: 2, at, receivedAt: at + 40 };
const get = (status: number, wait: number | undefined, offset: number): Exchange => ({
  method: 'GET', path: '/purchases/p-1', status, at: at + offset, receivedAt: at + offset + 5, ...(wait === undefined ? {} : { advisedWaitSeconds: wait }),
});

const available = purchase({
  state: 'available',
  purchaseId: 'p-1',
  resultUrl: 'http://127.0.0.1:4010/purchases/p-1',
  timeline: [post, get(202, 3, 2000), get(202, 3, 5000), get(202, 2.9, 8000), get(202, 3, 11000), get(200, undefined, 14000)],
  items: [
    {
      variable: 'http://127.0.0.1:4010/vars/Zoopla/Property Data#Market/Valuation/Sale/Estimated Sale Value (£)',
      provider: 'Zoopla', source: 'Property Data', schemePath: ['Market', 'Valuation', 'Sale'], name: 'Estimated Sale Value (£)',
      ontologyType: 'http://127.0.0.1:4010/ontologies/Market/Valuation#Sale/Estimated Sale Value (£)', value: '=679000', price: { value: 3, currency: 'GBP' },
    },
    {
      variable: 'http://127.0.0.1:4010/vars/Zoopla/Property Data#Market/Valuation/Sale/Estimate Confidence',
      provider: 'Zoopla', source: 'Property Data', schemePath: ['Market', 'Valuation', 'Sale'], name: 'Estimate Confidence',
      ontologyType: 'http://127.0.0.1:4010/ontologies/Market/Valuation#Sale/Estimate Confidence', value: 'Medium, "high" later', price: { value: 0.45, currency: 'GBP' },
    },
  ],
  totals: [{ value: 3.45, currency: 'GBP' }],
});

/** A record bought from an address or a UPRN names no title. */
function withoutTitle(record: PurchaseRecord): PurchaseRecord {
  const copy = { ...record };
  delete copy.titleNumber;
  return copy;
}

function show(record: PurchaseRecord, expanded = true) {
  const fake = createFeatureApi({
    'purchase:recheck': () => ok({ ...record, state: 'pending', updatedAt: record.updatedAt + 1 }),
    'purchase:check': () => ok({ ...record, updatedAt: record.updatedAt + 1 }),
    'purchase:cancel': () => ok({ ...record, state: 'cancelled', updatedAt: record.updatedAt + 1 }),
  });
  const looked: string[] = [];
  const opened: string[] = [];
  renderWithApi(fake.api, <Shown record={record} expanded={expanded} onOpen={(id) => opened.push(id)} onLookUp={() => looked.push('lookup')} />);
  return { fake, looked, opened };
}

/** The row as the panel shows it, and (as the purchase's view does) its details. */
function Shown({ record, expanded = true, onOpen = () => undefined, onLookUp = () => undefined }: {
  readonly record: PurchaseRecord; readonly expanded?: boolean; readonly onOpen?: (id: string) => void; readonly onLookUp?: () => void;
}) {
  return (
    <>
      <PurchaseRowView record={record} environmentName="Sandbox" onOpen={onOpen} />
      {expanded ? <PurchaseDetails record={record} onShowRequests={() => undefined} onLookUp={onLookUp} /> : null}
    </>
  );
}

function summary(): HTMLElement {
  const button = screen.getByRole('article').querySelector<HTMLElement>('.purchase-summary');
  if (button === null) throw new Error('no row summary');
  return button;
}

describe('purchase panel rows', () => {
  it('a pending purchase shows its state and counts down to the next advised check', () => {
    show(purchase({ state: 'pending', nextCheckAt: Date.now() + 4_200, timeline: [post] }), false);
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('next check in 5 s')).toBeTruthy();
    expect(summary().textContent).toContain('Estimated Sale Value (£)');
    // Its id and state as data: the bench's screen probe finds rows by these, not by their words.
    const row = document.querySelector('article.purchase-row');
    expect(row?.getAttribute('data-state')).toBe('pending');
    expect(row?.getAttribute('data-purchase-id')).not.toBeNull();
  });

  it('names the address or UPRN a purchase was bought from, in its row and its details', () => {
    const untitled = withoutTitle(available);
    show({ ...untitled, resource: { kind: 'address', key: '8e05p·0' }, address: 'Flat 2, Regent Mansions, LS23 6TR' });
    expect(screen.getByRole('article', { name: 'Purchase Address 8e05p·0, Available' })).toBeTruthy();
    expect(summary().textContent).toContain('Flat 2, Regent Mansions, LS23 6TR');
    expect(summary().textContent).toContain('Estimated Sale Value (£)');
    expect(screen.queryByText(/title not named/)).toBeNull();
    expect(screen.getByText('Bought from').nextElementSibling?.textContent).toBe('Address 8e05p·0');
    cleanup();
    show({ ...untitled, resource: { kind: 'spatial', key: '100023336956' } }, false);
    expect(screen.getByRole('article', { name: 'Purchase UPRN 100023336956, Available' })).toBeTruthy();
  });

  it('names the first two variables and counts the rest, so purchases of one title differ', () => {
    const names = ['Bathroom Count (1⋯5+)', 'Bedroom Count (1⋯6+)', 'Estimate Confidence', 'Flood Risk', 'Rebuild Cost (£)'];
    const variables = names.map((name) => `http://127.0.0.1:4010/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Count/${name}`);
    show(purchase({ state: 'pending', variables, timeline: [post] }), false);
    const meta = summary().querySelector('.purchase-meta');
    expect(meta?.textContent).toBe('Bathroom Count (1⋯5+), Bedroom Count (1⋯6+) +3 · Sandbox');
    expect(meta?.getAttribute('title')).toBe('5 variables');
  });

  it('names variables of both IRI forms by their own name, never by the provenance that ends the older form', () => {
    const variables = [
      'http://127.0.0.1:4010/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Count/Bedroom Count (1⋯6+)',
      'http://127.0.0.1:4010/variable/WhenFresh/Property Market/Property Attribute/Property Last Listed as Rented/provenance/Zoopla/Property Attribute',
    ];
    show(purchase({ state: 'pending', variables, timeline: [post] }), false);
    expect(summary().querySelector('.purchase-meta')?.textContent).toBe('Bedroom Count (1⋯6+), Property Last Listed as Rented · Sandbox');
    cleanup();
    show(purchase({ titleNumber: undefined, state: 'pending', purchaseId: 'p-8', variables: [...variables].reverse() }), false);
    expect(summary().querySelector('.purchase-title')?.textContent).toBe('Property Last Listed as Rented, Bedroom Count (1⋯6+)');
  });

  it('says the address the purchase was reached from and opens the purchase on Enter or a click', () => {
    const address = 'Flat 2, Regent Mansions, 7 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR';
    const { opened } = show(purchase({ state: 'available', address, titleNumber: 'WYK638009' }), false);
    const title = summary().querySelector('.purchase-title');
    expect(title?.textContent).toBe(`WYK638009 ${address}`);
    // The full address in a tooltip, since the row cuts it to one line.
    expect(title?.getAttribute('title')).toBe(address);
    expect(summary().getAttribute('aria-expanded')).toBeNull();
    fireEvent.click(summary());
    expect(opened).toHaveLength(1);
  });

  it('a purchase looked up by ID shows its variables and says the service did not name its title, not a bare ID', () => {
    const record = purchase({ titleNumber: undefined, state: 'available', purchaseId: '853bcf91-1d0e-4c7a-9f59-2a0c8a7e1c55', items: available.items, totals: available.totals, variables: [] });
    show(record);
    expect(summary().querySelector('.purchase-title')?.textContent).toBe('Estimated Sale Value (£), Estimate Confidence');
    expect(summary().querySelector('.purchase-meta')?.textContent).toBe('title not named by the service · Sandbox');
    expect(screen.getByRole('article').getAttribute('aria-label')).toBe('Purchase Estimated Sale Value (£), Estimate Confidence, Available');
    expect(summary().textContent).not.toContain('853bcf91');
    // Its details say what is and is not known.
    expect(screen.getByText(/^Not known: title not named by the service/)).toBeTruthy();
  });

  it('before its result names the variables, a looked-up purchase is called by its ID and still says why', () => {
    show(purchase({ titleNumber: undefined, state: 'pending', purchaseId: 'p-7', variables: [] }), false);
    expect(summary().querySelector('.purchase-title')?.textContent).toBe('Purchase p-7');
    expect(summary().querySelector('.purchase-meta')?.textContent).toBe('title not named by the service · Sandbox');
  });

  it('an available purchase shows the timeline, the results with their total, and its exports', () => {
    show(available);
    expect(screen.getByText('Available')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem').map((item) => item.querySelector('.timeline-step')?.textContent);
    expect(steps).toEqual(['POST → 303 Retry-After 2 s', 'GET 202 max-age 3 s × 4', 'GET 200']);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Estimated Sale Value (£)' })).toBeTruthy();
    expect(within(table).getByText('£0.45')).toBeTruthy();
    expect(table.querySelector('tfoot')?.textContent).toContain('£3.45');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Copy purchase ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy result URL' })).toBeTruthy();
  });

  it('a failed purchase says why in plain words and checks again', async () => {
    const { fake } = show(purchase({
      state: 'failed', purchaseId: 'p-1', resultUrl: 'http://127.0.0.1:4010/purchases/p-1', timeline: [post, get(503, 1, 2000)],
      error: { code: 'service_unavailable', message: 'The service is unavailable (HTTP 503). (after 6 attempts)' },
    }));
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('The service is unavailable right now');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => { expect(fake.callsTo('purchase:recheck')).toHaveLength(1); });
  });

  it('an outcome-unknown purchase says what is known, and without an ID sends the user to the lookup', () => {
    const { looked } = show(purchase({
      state: 'outcome_unknown', sendingAt: at, error: { code: 'outcome_unknown', message: 'The connection dropped.' },
      timeline: [{ ...post, status: 'no-response', advisedWaitSeconds: undefined }],
    }));
    expect(screen.getByText('Outcome unknown')).toBeTruthy();
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('was sent at');
    expect(note.textContent).toContain('no answer arrived');
    fireEvent.click(screen.getByRole('button', { name: 'look it up by ID' }));
    expect(looked).toEqual(['lookup']);
  });

  it('buys an outcome-unknown purchase again only after a plain warning about being charged twice, or abandons it', async () => {
    const record = purchase({ state: 'outcome_unknown', sendingAt: at, error: { code: 'outcome_unknown', message: '' } });
    const fake = createFeatureApi({ 'purchase:resolve': () => ok({ ...record, state: 'pending', updatedAt: record.updatedAt + 1 }) });
    renderWithApi(fake.api, <Shown record={record} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy again…' }));
    expect(fake.callsTo('purchase:resolve')).toEqual([]);
    expect(screen.getByRole('alertdialog', { name: 'Buy again?' }).textContent).toContain('charged twice');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, buy again' }));
    await waitFor(() => { expect(fake.callsTo('purchase:resolve')).toEqual([{ id: record.id, action: 'buy-again' }]); });
  });

  it('abandons an outcome-unknown purchase without sending anything', async () => {
    const record = purchase({ state: 'outcome_unknown', error: { code: 'outcome_unknown', message: '' } });
    const fake = createFeatureApi({ 'purchase:resolve': () => ok({ ...record, state: 'cancelled', updatedAt: record.updatedAt + 1 }) });
    renderWithApi(fake.api, <Shown record={record} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abandon' }));
    await waitFor(() => { expect(fake.callsTo('purchase:resolve')).toEqual([{ id: record.id, action: 'abandon' }]); });
  });

  it('a not-sent purchase says nothing was charged and is sent with Send now', async () => {
    const record = purchase({ state: 'not_sent', error: { code: 'not_sent', message: 'TitleDesk stopped before this purchase was sent.' } });
    const fake = createFeatureApi({ 'purchase:send': () => ok({ ...record, state: 'submitting', updatedAt: record.updatedAt + 1 }) });
    renderWithApi(fake.api, <Shown record={record} />);
    expect(screen.getByText('Not sent')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('nothing was charged');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => { expect(fake.callsTo('purchase:send')).toEqual([{ id: record.id }]); });
  });

  it('a purchase waiting for sign-in says what is needed and offers nothing to send', () => {
    show(purchase({ state: 'waiting_for_sign_in', purchaseId: 'p-3', resultUrl: 'http://127.0.0.1:4010/purchases/p-3', error: { code: 'credentials_missing', message: 'No credentials.' } }));
    expect(screen.getByText('Waiting for sign-in')).toBeTruthy();
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('The service accepted this purchase');
    expect(note.textContent).toContain('Settings → Credentials');
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('an outcome-unknown purchase with an ID is checked by it', async () => {
    const { fake } = show(purchase({ state: 'outcome_unknown', purchaseId: 'p-9', error: { code: 'outcome_unknown', message: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Check by ID' }));
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'p-9', wait: true }]); });
  });

  it('a fire-and-forget purchase is not followed until asked', async () => {
    const { fake } = show(purchase({ state: 'pending', autoCheck: false, purchaseId: 'p-2', timeline: [post] }));
    expect(screen.getByText('not being followed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch until done' }));
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'p-2', wait: true }]); });
  });
});

describe('purchase exports', () => {
  it('writes RFC 4180 CSV with quoting and neutralised formulas', () => {
    const csv = purchaseCsv(available, 'Sandbox');
    // A byte-order mark first, so a spreadsheet reads "£" as UTF-8.
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Title,Resource,Resource key,Address,Purchase ID,Purchased at,Environment,Variable,Provider,Source,Scheme path,Value,Price,Currency,Ontology type,Variable IRI');
    // No address: an empty cell, so every row has the same columns.
    expect(lines[1]).toMatch(new RegExp(`^${available.titleNumber ?? ''},title,${available.titleNumber ?? ''},,${available.purchaseId ?? ''},\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,Sandbox,`));
    expect(lines[1]).toContain(",'=679000,3,GBP,");
    expect(lines[2]).toContain(',"Medium, ""high"" later",0.45,GBP,');
    expect(lines).toHaveLength(4);
  });

  it('gives every value of every purchase the address it was bought for, quoted and guarded like any cell', () => {
    const fromAddress = { ...available, id: '7f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', address: 'Flat 2, Regent Mansions, LS23 6TR' };
    // An address is outside text too: one that looks like a formula is neutralised.
    const hostile = { ...available, id: '8f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', address: '=HYPERLINK("http://example.com")' };
    const lines = purchasesCsv([fromAddress, available, hostile], 'Sandbox').slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines.slice(1, 3).every((line) => line.startsWith(`${available.titleNumber ?? ''},title,${available.titleNumber ?? ''},"Flat 2, Regent Mansions, LS23 6TR",p-1,`))).toBe(true);
    expect(lines.slice(3, 5).every((line) => line.startsWith(`${available.titleNumber ?? ''},title,${available.titleNumber ?? ''},,p-1,`))).toBe(true);
    expect(lines[5]).toMatch(/^WYK638009,title,WYK638009,"'=HYPERLINK\(""http:\/\/example\.com""\)",p-1,[^,]+,Sandbox,/);
    expect(JSON.parse(purchaseJson(fromAddress))).toMatchObject({ address: 'Flat 2, Regent Mansions, LS23 6TR' });
  });

  it('names the catalog bought from: a title, an address key or a UPRN, in CSV, JSON and the file name', () => {
    const untitled = withoutTitle(available);
    const fromAddress = { ...untitled, resource: { kind: 'address' as const, key: '8e05p·0' }, address: 'Flat 2, Regent Mansions, LS23 6TR' };
    const fromUprn = { ...untitled, resource: { kind: 'spatial' as const, key: '100023336956' } };
    const lines = purchasesCsv([fromAddress, fromUprn], 'Sandbox').slice(1).trimEnd().split('\r\n');
    expect(lines[1]?.startsWith(',address,8e05p·0,"Flat 2, Regent Mansions, LS23 6TR",p-1,')).toBe(true);
    expect(lines[3]?.startsWith(',spatial,100023336956,,p-1,')).toBe(true);
    expect(JSON.parse(purchaseJson(fromAddress))).toMatchObject({ resource: { kind: 'address', key: '8e05p·0' } });
    expect(JSON.parse(purchaseJson(available))).toMatchObject({ resource: { kind: 'title', key: available.titleNumber } });
    expect(exportFileName(fromUprn, 'csv')).toBe('titledesk-spatial-100023336956-p-1.csv');
  });

  it('summarises a timeline the way the service spoke', () => {
    expect(timelineText(available.timeline)).toBe('POST → 303 Retry-After 2 s → GET 202 max-age 3 s × 4 → GET 200');
  });
});
