import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/contract/result.ts';
import type { StartedCore } from '../../../electron/core/app/start-core.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;
let started: StartedCore;
const events: { channel: string; payload: unknown }[] = [];

beforeAll(async () => {
  core = await startTestCore({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  started = core.started;
  started.core.events.subscribe((channel, payload) => events.push({ channel, payload }));
});

afterAll(async () => {
  await core.close();
});

const dispatch = (channel: string, payload?: unknown): Promise<Result<unknown>> => started.core.router.dispatch(channel, payload);

function expectValidationError(result: Result<unknown>): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe('validation');
}

describe('the contract router refuses hostile payloads without crashing', () => {
  it('refuses unknown channels, including prototype names', async () => {
    for (const channel of ['nope', '__proto__', 'constructor', 'toString', 'purchase:create '.repeat(1000)]) {
      expectValidationError(await dispatch(channel, {}));
    }
  });

  it('refuses wrong types, missing fields and extra keys', async () => {
    expectValidationError(await dispatch('environment:select', { id: 42 }));
    expectValidationError(await dispatch('environment:select', {}));
    expectValidationError(await dispatch('environment:select', 'sandbox'));
    expectValidationError(await dispatch('environment:select', null));
    expectValidationError(await dispatch('environment:select', [1, 2]));
    expectValidationError(await dispatch('environment:select', { id: 'sandbox', extra: true }));
    expectValidationError(await dispatch('purchase:create', { titleNumber: 'DN1', variables: 'not-a-list' }));
    expectValidationError(await dispatch('purchase:create', { titleNumber: 'DN1', variables: [] }));
    expectValidationError(await dispatch('purchase:get', { id: 'not-a-uuid' }));
  });

  it('refuses huge strings and arrays quickly, with a short message', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const result = await dispatch('address:find', { text: huge });
    expectValidationError(result);
    if (!result.ok) expect(result.error.message.length).toBeLessThan(600);
    expectValidationError(await dispatch('purchase:create', { titleNumber: 'DN1', variables: Array.from({ length: 10_000 }, () => 'x') }));
  });

  it('refuses __proto__ and constructor keys and leaves Object.prototype untouched', async () => {
    const hostile: unknown = JSON.parse('{"id":"sandbox","__proto__":{"polluted":true}}');
    expectValidationError(await dispatch('environment:select', hostile));
    const nested: unknown = JSON.parse('{"input":{"name":"x","baseUrl":"http://127.0.0.1:1","authMode":"developer","constructor":{"prototype":{"polluted":true}}}}');
    expectValidationError(await dispatch('environment:add', nested));
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect((await dispatch('environment:list')).ok).toBe(true);
  });
});

describe('the contract router over the embedded sandbox', () => {
  it('lands on the Sandbox environment and signs in', async () => {
    const list = await dispatch('environment:list');
    expect(list).toMatchObject({ ok: true, data: { selectedId: 'sandbox' } });
    const signIn = await dispatch('auth:sign-in');
    expect(signIn).toMatchObject({ ok: true, data: { environmentId: 'sandbox', signedIn: true, credentials: 'session' } });
    expect(events.some((event) => event.channel === 'auth:changed')).toBe(true);
  });

  it('keeps the kind an environment was given through add and edit, and refuses an unknown one', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Team staging', baseUrl: 'https://staging.example.test', authMode: 'developer', kind: 'staging' } });
    expect(added).toMatchObject({ ok: true, data: { kind: 'staging' } });
    const id = added.ok ? (added.data as { id: string }).id : '';
    const edited = await dispatch('environment:update', { id, input: { name: 'Team staging', baseUrl: 'https://staging.example.test', authMode: 'developer', kind: 'live' } });
    expect(edited).toMatchObject({ ok: true, data: { kind: 'live' } });
    const listed = await dispatch('environment:list');
    expect(JSON.stringify(listed)).toContain('"kind":"live"');
    expectValidationError(await dispatch('environment:add', { input: { name: 'X', baseUrl: 'https://x.example.test', authMode: 'developer', kind: 'production' } }));
    await dispatch('environment:remove', { id });
  });

  it('never returns a secret: credential values go in, only presence comes out', async () => {
    const added = await dispatch('environment:add', { input: { name: 'Production', baseUrl: 'https://api.example.test', authMode: 'machine' } });
    expect(added.ok).toBe(true);
    const id = added.ok ? (added.data as { id: string }).id : '';
    const secret = 'very-secret-client-value-123';
    const set = await dispatch('credentials:set', { environmentId: id, name: 'clientSecret', value: secret });
    expect(set).toMatchObject({ ok: true, data: { environmentId: id, present: { clientSecret: true, clientId: false } } });
    const everything = await Promise.all([dispatch('credentials:status', { environmentId: id }), dispatch('environment:list'), dispatch('auth:state', { environmentId: id })]);
    for (const response of [set, ...everything]) expect(JSON.stringify(response)).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(secret);
    const failed = await dispatch('auth:sign-in', { environmentId: id });
    expect(failed).toMatchObject({ ok: false, error: { code: 'credentials_missing' } });
  });

  it('buys through the router and reports progress as batched purchase:updated events', async () => {
    const sandbox = started.sandbox?.config;
    if (sandbox === undefined) throw new Error('the embedded sandbox is not running');
    const before = events.length;
    const created = await dispatch('purchase:create', { titleNumber: sandbox.sampleTitles[0], variables: sandbox.sampleVariables.slice(0, 2) });
    expect(created).toMatchObject({ ok: true, data: { state: 'pending' } });
    const id = created.ok ? (created.data as { id: string }).id : '';
    const done = await started.core.purchases.waitForSettled(id);
    expect(done.state).toBe('available');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const updates = events.slice(before).filter((event) => event.channel === 'purchase:updated');
    const states = updates.flatMap((event) => (event.payload as { purchases: { id: string; state: string }[] }).purchases.filter((p) => p.id === id).map((p) => p.state));
    expect(states.at(-1)).toBe('available');
    expect(updates.length).toBeLessThanOrEqual(done.timeline.length + 2);
    const fetched = await dispatch('purchase:get', { id });
    expect(fetched).toMatchObject({ ok: true, data: { id, state: 'available' } });
    const history = await dispatch('purchase:list', { titleNumber: sandbox.sampleTitles[0] });
    expect(history.ok && (history.data as { purchases: { id: string }[] }).purchases.some((p) => p.id === id)).toBe(true);
    // History's rows: the same purchase, without its timeline and values.
    const summaries = await dispatch('purchase:history', { titleNumber: sandbox.sampleTitles[0] });
    const summary = summaries.ok ? (summaries.data as { purchases: Record<string, unknown>[] }).purchases.find((p) => p['id'] === id) : undefined;
    expect(summary).toMatchObject({ id, state: 'available', purchaseId: done.purchaseId, totals: done.totals });
    expect(summary).not.toHaveProperty('timeline');
    expect(summary).not.toHaveProperty('items');
  });

  it('a newer address find cancels the one still in flight', async () => {
    const [first, second] = await Promise.all([dispatch('address:find', { text: 'LS23' }), dispatch('address:find', { text: 'LS23 6' })]);
    expect(first).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(second.ok).toBe(true);
  });
});
