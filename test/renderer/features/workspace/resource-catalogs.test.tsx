import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressCandidate, AddressRetrieveResult } from '../../../../shared/property/address.ts';
import { resetRecentSearchesCache } from '../../../../renderer/features/address-search/recent-searches.ts';
import { Workspace } from '../../../../renderer/features/workspace/Workspace.tsx';
import { sandbox } from '../../support/fake-api.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { catalog, createFeatureApi, ok, purchase } from '../support/feature-api.ts';

const flat: AddressCandidate = {
  id: 'GB|RM|A|14090317|0',
  type: 'Address',
  text: 'Flat 2, Regent Mansions',
  description: '7 Tannery Crescent, LS23 6TR',
  isContainer: false,
  highlight: { text: [], description: [] },
};

const retrieved: AddressRetrieveResult = {
  record: {},
  label: ['Flat 2, Regent Mansions', '7 Tannery Crescent', 'LS23 6TR'],
  udprn: 14090317,
  umrrn: 0,
  unavailableReason: null,
  addressKey: '8e05p·0',
  keyPrecision: 'exact',
  uprn: '100023336956',
  titles: [{ titleNumber: 'WYK638009', tenure: 'Leasehold' }],
  service: { status: 'found', addressIri: 'https://x/world/GB/addresses/8e05p%C2%B70' },
};

function renderWorkspace(address: AddressRetrieveResult = retrieved) {
  const entries = { groups: catalog.groups, variableCount: catalog.variableCount };
  const fake = createFeatureApi({
    'sandbox:info': () => ok({ running: true, sampleQueries: [], sampleTitles: [], testTitles: [], sampleVariables: [] }),
    'environment:list': () => ok({ environments: [sandbox], selectedId: sandbox.id }),
    'purchase:list': () => ok({ purchases: [] }),
    'address:find': () => ok({ candidates: [flat] }),
    'address:retrieve': () => ok(address),
    'catalog:get': (request) => ok(request.resource === undefined ? { ...catalog, titleNumber: request.titleNumber ?? '' } : { ...entries, resource: request.resource }),
    'purchase:create': (request) => {
      const bought = purchase({ variables: request.variables, purchaseId: 'p-9', resultUrl: 'http://127.0.0.1:4010/purchases/p-9' });
      if (request.resource === undefined || request.resource.kind === 'title') return ok(bought);
      delete bought.titleNumber;
      return ok({ ...bought, resource: request.resource });
    },
  });
  renderWithApi(fake.api, <Workspace environment={sandbox} />);
  return fake;
}

async function chooseFlat(): Promise<HTMLElement> {
  fireEvent.change(screen.getByRole('combobox', { name: 'Address, postcode or title number' }), { target: { value: 'Regent Mansions' } });
  const option = await screen.findByRole('option', { name: /Flat 2, Regent Mansions/ });
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  return screen.findByRole('region', { name: 'Address' });
}

beforeEach(() => {
  window.localStorage.clear();
  resetRecentSearchesCache();
});
afterEach(cleanup);

describe('catalogs of an address and of its UPRN', () => {
  it('the address card offers both beside its titles, and buys from the address with the card’s label kept', async () => {
    const fake = renderWorkspace();
    const card = await chooseFlat();
    await within(card).findByRole('button', { name: 'Open leasehold title WYK638009' });
    expect(within(card).getByRole('button', { name: 'Data about this location (UPRN 100023336956)' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Data about this address' }));
    const view = await screen.findByRole('region', { name: 'Address 8e05p·0' });
    expect(within(view).getByRole('heading', { level: 3 }).textContent).toBe('Data about this address (address key 8e05p·0)');
    expect(fake.callsTo('catalog:get')).toEqual([{ resource: { kind: 'address', key: '8e05p·0' } }]);
    // No "is a test title" for an address: only titles are test titles.
    expect(within(view).queryByRole('checkbox', { name: /is a test title/ })).toBeNull();
    fireEvent.click(await within(view).findByRole('checkbox', { name: /^Bedroom Count/ }));
    fireEvent.click(within(view).getByRole('button', { name: 'Buy 1 variable for £0.50' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog.textContent).toContain('Buy 1 variable of address 8e05p·0 (Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR) for £0.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for £0.50' }));
    await waitFor(() => { expect(fake.callsTo('purchase:create')).toHaveLength(1); });
    expect(fake.callsTo('purchase:create')[0]).toEqual({
      resource: { kind: 'address', key: '8e05p·0' },
      variables: [expect.stringContaining('Bedroom Count')],
      options: {},
      address: 'Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR',
    });
    await within(view).findByText(/^Purchase of 1 variable of address 8e05p·0 sent/);
  });

  it('opens the UPRN’s catalog in its own tab, beside a title, each closed by name', async () => {
    const fake = renderWorkspace();
    const card = await chooseFlat();
    fireEvent.click(await within(card).findByRole('button', { name: 'Data about this location (UPRN 100023336956)' }));
    const view = await screen.findByRole('region', { name: 'UPRN 100023336956' });
    expect(within(view).getByRole('heading', { level: 3 }).textContent).toBe('Data about this location (UPRN 100023336956)');
    fireEvent.click(within(card).getByRole('button', { name: 'Open leasehold title WYK638009' }));
    await screen.findByRole('region', { name: 'Title WYK638009' });
    const tabs = screen.getByRole('navigation', { name: 'Open titles' });
    expect(within(tabs).getAllByRole('button', { name: /^Close/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Close UPRN 100023336956', 'Close title WYK638009']);
    expect(fake.callsTo('catalog:get')).toEqual([{ resource: { kind: 'spatial', key: '100023336956' } }, { titleNumber: 'WYK638009' }]);
    fireEvent.click(within(tabs).getByRole('button', { name: 'Close title WYK638009' }));
    expect(screen.getByRole('region', { name: 'UPRN 100023336956' }).closest('[hidden]')).toBeNull();
  });

  it('offers no UPRN catalog where the address has no UPRN, and neither without an address key', async () => {
    renderWorkspace({ ...retrieved, uprn: null });
    const card = await chooseFlat();
    await within(card).findByRole('button', { name: 'Data about this address' });
    expect(within(card).queryByRole('button', { name: /Data about this location/ })).toBeNull();
    cleanup();
    resetRecentSearchesCache();
    renderWorkspace({ ...retrieved, uprn: null, udprn: null, umrrn: null, addressKey: null, keyPrecision: null });
    const bare = await chooseFlat();
    await within(bare).findByRole('button', { name: 'Open leasehold title WYK638009' });
    expect(within(bare).queryByRole('heading', { name: 'The address and its location' })).toBeNull();
  });
});
