import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TitleDeskApi } from '../../../../shared/contract/api.ts';
import type { EventChannel, EventOf } from '../../../../shared/contract/channels.ts';
import type { Environment } from '../../../../shared/environment/environment.ts';
import { takeOpenPurchase } from '../../../../renderer/features/lookup/open-link.ts';
import { PurchaseDetails } from '../../../../renderer/features/purchases/PurchaseDetails.tsx';
import { Workspace } from '../../../../renderer/features/workspace/Workspace.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

const sandbox: Environment = { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010', authMode: 'developer', developerClientId: 'sandbox-developer', builtIn: true };
const found = purchase({ state: 'available', purchaseId: 'p-77', resultUrl: 'http://127.0.0.1:4010/purchases/p-77', titleNumber: 'WYK638009' });

/** The feature api with events that tests can emit, as main does over IPC. */
function workspaceApi() {
  const fake = createFeatureApi({
    'purchase:check': () => ok(found),
    'purchase:get': () => ok(found),
    'purchase:list': () => ok({ purchases: [] }),
  });
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const on = ((event: EventChannel, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  }) as TitleDeskApi['on'];
  const emit = <E extends EventChannel>(event: E, payload: EventOf<E>): void => {
    act(() => { for (const listener of listeners.get(event) ?? []) listener(payload); });
  };
  return { ...fake, api: { ...fake.api, on }, emit };
}

const lookupTab = () => screen.getByRole('tab', { name: 'Look up' });

describe('opening a purchase from a titledesk:// link', () => {
  it('an app:open-purchase event switches to Look up, fills the reference and checks it', async () => {
    const fake = workspaceApi();
    renderWithApi(fake.api, <Workspace environment={sandbox} />);
    expect(lookupTab().getAttribute('aria-selected')).toBe('false');
    fake.emit('app:open-purchase', { reference: 'p-77' });
    await waitFor(() => { expect(lookupTab().getAttribute('aria-selected')).toBe('true'); });
    // Look up loads on first use: its form comes a moment after the tab.
    expect(await screen.findByLabelText('Purchase ID or result URL')).toHaveProperty('value', 'p-77');
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'p-77', wait: false }]); });
    expect(await screen.findByRole('region', { name: 'Looked-up purchase' })).toBeTruthy();
    // The same link clicked again is checked again.
    fake.emit('app:open-purchase', { reference: 'p-77' });
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toHaveLength(2); });
  });

  it('a launch from a link opens on Look up and checks it once', async () => {
    const fake = workspaceApi();
    renderWithApi(fake.api, <Workspace environment={sandbox} openPurchase="https://api.whenfresh.com/purchases/p-77" />);
    expect(lookupTab().getAttribute('aria-selected')).toBe('true');
    await waitFor(() => { expect(fake.callsTo('purchase:check')).toEqual([{ reference: 'https://api.whenfresh.com/purchases/p-77', wait: false }]); });
  });

  it('the launch reference is taken from the fragment once and cleared from the address', () => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => { replaced.push(String(url)); } };
    const location = { hash: `#open=${encodeURIComponent('https://api.whenfresh.com/purchases/p-77')}`, pathname: '/index.html', search: '' };
    expect(takeOpenPurchase({ location, history })).toBe('https://api.whenfresh.com/purchases/p-77');
    expect(replaced).toEqual(['/index.html']);
    expect(takeOpenPurchase({ location: { ...location, hash: '#key=abc' }, history })).toBeUndefined();
    expect(replaced).toHaveLength(1);
  });
});

describe('Copy link', () => {
  it('puts the purchase’s titledesk:// link on the clipboard', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => { written.push(text); return Promise.resolve(); } } });
    const fake = createFeatureApi({});
    renderWithApi(fake.api, <PurchaseDetails record={found} onShowRequests={() => undefined} onLookUp={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Copied link.');
    expect(written).toEqual(['titledesk://purchase/p-77']);
  });

  it('is not offered before the service has named the purchase', () => {
    renderWithApi(createFeatureApi({}).api, <PurchaseDetails record={purchase({ state: 'submitting' })} onShowRequests={() => undefined} onLookUp={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});
