import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedCore } from '../../../electron/core/app/start-core.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let core: TestCore;
let started: StartedCore;

beforeAll(async () => {
  core = await startTestCore({ logLimit: 5000, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 2] } });
  started = core.started;
});

afterAll(async () => {
  await core.close();
});

describe('500 concurrent purchases from a cold start', () => {
  it('share one discovery and one token request, send 500 POSTs once each, and all complete', async () => {
    const sandbox = started.sandbox;
    if (sandbox === undefined) throw new Error('no embedded sandbox');
    const titles = [...sandbox.config.sampleTitles, ...sandbox.config.testTitles];
    const variables = sandbox.config.sampleVariables;
    const requests = Array.from({ length: 500 }, (_, n) =>
      started.core.router.dispatch('purchase:create', {
        titleNumber: titles[n % titles.length],
        // Different variable sets keep most purchases off the synchronous repeat path.
        variables: variables.slice(0, 1 + (n % variables.length)),
        options: { fireAndForget: n % 2 === 0 },
      }),
    );
    const results = await Promise.all(requests);
    expect(results).toHaveLength(500);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    const stats = sandbox.stats();
    expect(stats.discovery).toBe(1);
    expect(stats.token).toBe(1);
    expect(stats.purchase).toBe(500);
    const followed = started.core.purchases.list({ limit: 1000 }).filter((record) => record.autoCheck);
    // The 250 not sent fire-and-forget are followed; an empty list must not pass for "all completed".
    expect(followed).toHaveLength(250);
    const settled = await Promise.all(followed.map((record) => started.core.purchases.waitForSettled(record.id)));
    expect(settled.map((record) => record.state)).toEqual(followed.map(() => 'available'));
    expect(sandbox.stats().token).toBe(1);
  });
});
