import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../renderer/api/query-client.ts';
import { authKeys, purchaseKeys } from '../../renderer/api/query-keys.ts';
import { useContractEvents } from '../../renderer/api/use-contract-events.ts';
import type { PurchaseRecord } from '../../shared/purchase/purchase.ts';
import { createFakeApi } from './support/fake-api.ts';
import { renderWithApi } from './support/render-app.tsx';

afterEach(cleanup);

function Subscriber() {
  useContractEvents();
  return null;
}

const record = (updatedAt: number, state: PurchaseRecord['state']): PurchaseRecord => ({
  id: '3f0b6a52-4a0e-4c55-9d7e-2f1a4f3b9c11',
  environmentId: 'sandbox',
  titleNumber: 'DN123456',
  variables: ['http://127.0.0.1:4010/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number'],
  options: {},
  state,
  autoCheck: true,
  createdAt: 1,
  updatedAt,
  timeline: [],
});

describe('the pushed-event subscriber', () => {
  it('writes auth:changed into the auth state of its environment', () => {
    const fake = createFakeApi();
    const queryClient = createQueryClient();
    renderWithApi(fake.api, <Subscriber />, queryClient);
    const state = { environmentId: 'staging', mode: 'machine', signedIn: true, expiresAt: 5, credentials: 'stored' } as const;
    fake.emit('auth:changed', state);
    expect(queryClient.getQueryData(authKeys.state('staging'))).toEqual(state);
  });

  it('keeps the newest version of each purchase and marks purchase lists stale', () => {
    const fake = createFakeApi();
    const queryClient = createQueryClient();
    queryClient.setQueryData(purchaseKeys.list(undefined), { purchases: [] });
    renderWithApi(fake.api, <Subscriber />, queryClient);
    fake.emit('purchase:updated', { purchases: [record(20, 'available')] });
    fake.emit('purchase:updated', { purchases: [record(10, 'pending')] });
    const cached = queryClient.getQueryData<PurchaseRecord>(purchaseKeys.detail(record(0, 'pending').id));
    expect(cached?.state).toBe('available');
    expect(queryClient.getQueryState(purchaseKeys.list(undefined))?.isInvalidated).toBe(true);
  });

  it('refreshes the never-sent list only for an update that changes which purchases were never sent', () => {
    const fake = createFakeApi();
    const queryClient = createQueryClient();
    queryClient.setQueryData(purchaseKeys.notSent('sandbox'), { purchases: [] });
    queryClient.setQueryData(purchaseKeys.notSent('staging'), { purchases: [] });
    renderWithApi(fake.api, <Subscriber />, queryClient);
    fake.emit('purchase:updated', { purchases: [record(10, 'pending'), record(11, 'available')] });
    expect(queryClient.getQueryState(purchaseKeys.notSent('sandbox'))?.isInvalidated).toBe(false);
    fake.emit('purchase:updated', { purchases: [record(12, 'not_sent')] });
    expect(queryClient.getQueryState(purchaseKeys.notSent('sandbox'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(purchaseKeys.notSent('staging'))?.isInvalidated).toBe(false);
  });

  it('refreshes the never-sent list when a purchase it holds is sent or abandoned', () => {
    const fake = createFakeApi();
    const queryClient = createQueryClient();
    queryClient.setQueryData(purchaseKeys.notSent('sandbox'), { purchases: [record(5, 'not_sent')] });
    renderWithApi(fake.api, <Subscriber />, queryClient);
    fake.emit('purchase:updated', { purchases: [{ ...record(6, 'pending'), id: '9d2c1b7e-5f3a-4e8b-a1c2-7b6e5d4c3b2a' }] });
    expect(queryClient.getQueryState(purchaseKeys.notSent('sandbox'))?.isInvalidated).toBe(false);
    fake.emit('purchase:updated', { purchases: [record(7, 'submitting')] });
    expect(queryClient.getQueryState(purchaseKeys.notSent('sandbox'))?.isInvalidated).toBe(true);
  });

  it('stops listening when unmounted', () => {
    const fake = createFakeApi();
    const queryClient = createQueryClient();
    const view = renderWithApi(fake.api, <Subscriber />, queryClient);
    view.unmount();
    fake.emit('auth:changed', { environmentId: 'sandbox', mode: 'developer', signedIn: true, expiresAt: 5, credentials: 'session' });
    expect(queryClient.getQueryData(authKeys.state('sandbox'))).toBeUndefined();
  });
});
