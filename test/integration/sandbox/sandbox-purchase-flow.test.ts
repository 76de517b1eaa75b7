import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { collectionSchema, developerToken, getResult, machineToken, pollResult, purchase, sleep } from './sandbox-support.ts';

// Every purchase takes one second here, and the server never advises waiting: fast and certain.
let slow: RunningSandbox;
// Every purchase is instant here unless a preference says otherwise.
let instant: RunningSandbox;
let slowToken: string;
let instantToken: string;

beforeAll(async () => {
  slow = await startSandbox({ pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [1, 1] } });
  instant = await startSandbox({ pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [0, 0] } });
  slowToken = await developerToken(slow);
  instantToken = await developerToken(instant);
});
afterAll(async () => {
  await Promise.all([slow.close(), instant.close()]);
});

const sampleTitle = (sandbox: RunningSandbox, index = 0): string => sandbox.config.sampleTitles[index] ?? '';
const testTitle = (sandbox: RunningSandbox, index = 0): string => sandbox.config.testTitles[index] ?? '';
const vars = (sandbox: RunningSandbox, count = 3): string[] => sandbox.config.sampleVariables.slice(0, count);

function expectSeeOther(response: Response, applied: string): string {
  expect(response.status).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location).toMatch(/^\/purchases\/[^/]+$/);
  expect(response.headers.get('retry-after')).toMatch(/^[0-9]+$/);
  expect(response.headers.get('preference-applied')).toBe(applied);
  return location;
}

describe('the state table', () => {
  it('No purchase → Result pending → Result available: 303, then 202s, then 200 for ever after', async () => {
    const variables = vars(slow);
    const posted = await purchase(slow, slowToken, sampleTitle(slow, 1), variables);
    const location = expectSeeOther(posted, 'respond-async');
    expect(await posted.text()).toBe('');

    const pending = await getResult(slow, slowToken, location);
    expect(pending.status).toBe(202);
    expect(pending.headers.get('content-length')).toBe('0');
    expect(pending.headers.get('cache-control')).toMatch(/^private,max-age=[0-9]+,must-revalidate$/);
    expect(await pending.text()).toBe('');

    const { final, pending: polls } = await pollResult(slow, slowToken, location);
    expect(polls).toBeGreaterThan(0);
    expect(final.status).toBe(200);
    expect(final.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const result = collectionSchema(slow).parse(await final.json());
    expect(result.member.map((datum) => datum.variable['@id'])).toEqual(variables);

    const again = await getResult(slow, slowToken, location);
    expect(again.status).toBe(200);
    expect(collectionSchema(slow).parse(await again.json())).toEqual(result);
  });

  it('No purchase → Result available when the data is already bought: the synchronous answer', async () => {
    const variables = vars(slow, 2);
    const first = await purchase(slow, slowToken, sampleTitle(slow, 2), variables);
    const { final } = await pollResult(slow, slowToken, expectSeeOther(first, 'respond-async'));
    const asynchronous: unknown = await final.json();

    const repeat = await purchase(slow, slowToken, sampleTitle(slow, 2), [...variables].reverse());
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('preference-applied')).toBeNull();
    expect(repeat.headers.get('content-location')).toMatch(/^\/purchases\/[^/]+$/);
    const synchronous = collectionSchema(slow).parse(await repeat.json());
    expect(synchronous.member).toEqual([...collectionSchema(slow).parse(asynchronous).member].reverse());
  });

  it('answers at once when every variable comes from an instant dataset', async () => {
    const response = await purchase(instant, instantToken, sampleTitle(instant), vars(instant));
    expect(response.status).toBe(200);
    expect(collectionSchema(instant).parse(await response.json()).totalItems).toBe(3);
  });
});

describe('Prefer', () => {
  it('400 without respond-async, whatever else is preferred', async () => {
    for (const prefer of [null, 'wait=0', 'return=minimal, service.min-wait=1']) {
      const response = await purchase(slow, slowToken, sampleTitle(slow), vars(slow), { prefer });
      expect(response.status, String(prefer)).toBe(400);
    }
  });

  it('reads preferences case-insensitively, with whitespace, parameters and across several headers', async () => {
    const oneHeader = await purchase(slow, slowToken, sampleTitle(slow), vars(slow), { prefer: '  Respond-Async ; x=1 ,  Foo="bar, baz"' });
    expectSeeOther(oneHeader, 'respond-async');
    const twoHeaders = await purchase(slow, slowToken, sampleTitle(slow), vars(slow), { prefer: ['WAIT = 0', 'respond-async'] });
    expectSeeOther(twoHeaders, 'respond-async, wait=0');
  });

  it('wait=0 gives an immediate 303 even for data already available, and the result is then 200', async () => {
    const response = await purchase(instant, instantToken, sampleTitle(instant), vars(instant), { prefer: 'respond-async, wait=0' });
    const location = expectSeeOther(response, 'respond-async, wait=0');
    expect(response.headers.get('retry-after')).toBe('0');
    const result = await getResult(instant, instantToken, location);
    expect(result.status).toBe(200);
    expect(collectionSchema(instant).parse(await result.json()).totalItems).toBe(3);
  });

  it('service.min-wait on a test title keeps the result at 202 for that long, even for data already bought', async () => {
    const title = testTitle(instant);
    expect((await purchase(instant, instantToken, title, vars(instant))).status).toBe(200);
    // Taken before the POST, so the server's deadline is at least a second after it.
    const started = Date.now();
    const posted = await purchase(instant, instantToken, title, vars(instant), { prefer: 'respond-async, service.min-wait=1' });
    const location = expectSeeOther(posted, 'respond-async, service.min-wait=1');
    const pending = await getResult(instant, instantToken, location);
    expect(pending.status).toBe(202);
    const { final } = await pollResult(instant, instantToken, location);
    expect(final.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('service.min-wait is ignored, and not reported as applied, on any other title', async () => {
    const synchronous = await purchase(instant, instantToken, sampleTitle(instant), vars(instant), { prefer: 'respond-async, service.min-wait=5' });
    expect(synchronous.status).toBe(200);
    const asynchronous = await purchase(slow, slowToken, sampleTitle(slow, 1), vars(slow, 1).concat(slow.config.sampleVariables.slice(3)), {
      prefer: 'respond-async, service.min-wait=5',
    });
    expectSeeOther(asynchronous, 'respond-async');
  });

  it('service.min-wait is honoured on every one of the five test titles', async () => {
    for (const title of instant.config.testTitles) {
      const response = await purchase(instant, instantToken, title, vars(instant), { prefer: 'respond-async,service.min-wait=2' });
      expectSeeOther(response, 'respond-async, service.min-wait=2');
      expect((await getResult(instant, instantToken, response.headers.get('location') ?? '')).status).toBe(202);
    }
  });
});

describe('principals', () => {
  it('keeps a result from other credentials (401) and does not share cached data between principals', async () => {
    // A title no other test in this file buys on the slow sandbox.
    const title = testTitle(slow, 3);
    const posted = await purchase(slow, slowToken, title, vars(slow, 2));
    const location = expectSeeOther(posted, 'respond-async');
    const machine = await machineToken(slow);
    const other = await getResult(slow, machine, location);
    expect(other.status).toBe(401);
    expect(other.headers.get('www-authenticate')).toMatch(/^Bearer /);
    await sleep(1100);
    expect((await getResult(slow, await developerToken(slow), location)).status).toBe(200);
    // The developer now owns this data; the machine principal still has to wait for its own.
    expect((await purchase(slow, slowToken, title, vars(slow, 2))).status).toBe(200);
    expect((await purchase(slow, machine, title, vars(slow, 2))).status).toBe(303);
  });
});
