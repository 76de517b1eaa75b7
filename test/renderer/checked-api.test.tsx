import { describe, expect, it } from 'vitest';
import type { TitleDeskApi } from '../../shared/contract/api.ts';
import { checkedApi } from '../../renderer/bridge/checked-api.ts';
import { resultSchemaFor } from '../../renderer/bridge/contract-schemas.ts';
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

  it('rejects answers that break the contract, whatever shape they take', async () => {
    const fake = createFakeApi();
    const answers: unknown[] = [
      undefined,
      'ok',
      { ok: true },
      { ok: 'true', data: [] },
      { ok: true, data: [{ id: 42, name: 'x' }] },
      { ok: true, data: { environments: [] } },
      { ok: false, error: { code: 'not-a-code', message: 'x' } },
      { ok: false, error: 'boom' },
    ];
    for (const answer of answers) {
      const api = checkedApi(withAnswer(fake.api, 'environment:list', answer));
      expect(await api['environment:list'](undefined), JSON.stringify(answer)).toEqual({
        ok: false,
        error: { code: 'protocol', message: 'The answer on environment:list did not match the contract.' },
      });
    }
  });

  it('builds each channel\'s answer schema once, and each keeps its own channel\'s data', async () => {
    const fake = createFakeApi();
    const environments = await fake.api['environment:list'](undefined);
    expect(resultSchemaFor('environment:list')).toBe(resultSchemaFor('environment:list'));
    expect(resultSchemaFor('environment:list').safeParse(environments).success).toBe(true);
    // Asked after environment:list was cached, auth:state must not answer with that schema.
    expect(resultSchemaFor('auth:state')).not.toBe(resultSchemaFor('environment:list'));
    expect(resultSchemaFor('auth:state').safeParse(environments).success).toBe(false);
    expect(resultSchemaFor('auth:state').safeParse({ ok: false, error: { code: 'network', message: 'x' } }).success).toBe(true);
  });

  it('never lets a field the contract does not name through, such as a token', async () => {
    const fake = createFakeApi();
    const state = { environmentId: 'sandbox', mode: 'developer', signedIn: true, expiresAt: 1, credentials: 'session' };
    const api = checkedApi(withAnswer(fake.api, 'auth:state', { ok: true, data: { ...state, accessToken: 'secret-access-token' } }));
    const result = await api['auth:state']({ environmentId: 'sandbox' });
    expect(result).toEqual({ ok: true, data: state });
    expect(JSON.stringify(result)).not.toContain('secret-access-token');
  });

  it('drops events that break the contract and still delivers the next good one', () => {
    const host = rawEventHost();
    const received: unknown[] = [];
    checkedApi(host.api).on('auth:changed', (state) => received.push(state));
    checkedApi(host.api).on('purchase:updated', (update) => received.push(update));
    const good = { environmentId: 'sandbox', mode: 'developer', signedIn: true, expiresAt: 1, credentials: 'session' } as const;
    for (const payload of [undefined, 'signed in', { ...good, signedIn: 'yes' }, { ...good, mode: 'root' }, { signedIn: true }]) {
      host.emit('auth:changed', payload);
    }
    host.emit('purchase:updated', { purchases: [{ id: 'not a record' }] });
    host.emit('purchase:updated', undefined);
    expect(received).toEqual([]);
    host.emit('auth:changed', { ...good, accessToken: 'secret-access-token' });
    expect(received).toEqual([good]);
  });
});

/** The same api, but one channel answers `answer` whatever it is asked: a host that breaks the contract. */
function withAnswer(api: TitleDeskApi, channel: 'environment:list' | 'auth:state', answer: unknown): TitleDeskApi {
  const broken: unknown = { ...api, [channel]: () => Promise.resolve(answer) };
  return broken as TitleDeskApi;
}

/** A host whose events reach listeners exactly as sent, as a faulty or compromised host's would. */
function rawEventHost(): { api: TitleDeskApi; emit: (event: string, payload: unknown) => void } {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return () => undefined;
  };
  const api: unknown = { ...createFakeApi().api, on };
  return {
    api: api as TitleDeskApi,
    emit: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}
