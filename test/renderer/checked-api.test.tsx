import { describe, expect, it } from 'vitest';
import { checkedApi } from '../../renderer/bridge/checked-api.ts';
import { createFakeApi } from './support/fake-api.ts';

describe('a host-provided window.api, checked', () => {
  it('passes answers that match the contract through unchanged', async () => {
    const fake = createFakeApi();
    const api = checkedApi(fake.api);
    expect(await api['environment:list'](undefined)).toEqual(await fake.api['environment:list'](undefined));
    expect(await api['auth:sign-in']({ environmentId: 'nowhere' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('turns a call that throws (the bridge torn down) into an error Result', async () => {
    const fake = createFakeApi();
    const api = checkedApi({ ...fake.api, 'auth:state': () => Promise.reject(new Error('IPC channel closed')) });
    expect(await api['auth:state'](undefined)).toEqual({ ok: false, error: { code: 'internal', message: 'IPC channel closed' } });
  });

  it('delivers events and unsubscribes', () => {
    const fake = createFakeApi();
    const received: string[] = [];
    const stop = checkedApi(fake.api).on('auth:changed', (state) => { received.push(state.environmentId); });
    fake.emit('auth:changed', { environmentId: 'sandbox', mode: 'developer', signedIn: true, expiresAt: 1, credentials: 'session' });
    stop();
    fake.emit('auth:changed', { environmentId: 'later', mode: 'developer', signedIn: true, expiresAt: 1, credentials: 'session' });
    expect(received).toEqual(['sandbox']);
  });
});
