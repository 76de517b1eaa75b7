import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAllReportSchema } from '../../../shared/purchase/send-all.ts';
import { defaultPurchasingSettings } from '../../../shared/money/spending.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

// A purchase never sent counts for nothing; sending it later ("Send now", "Send all") is weighed
// against the budgets like a new purchase, atomically with reserving its price.
let test: TestCore;
let variables: string[];
let price = 0;
const titles = worldTitles(3, [], 1500);

const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;
const spentToday = (): number => test.started.core.spending.status('sandbox').spentToday.find((money) => money.currency === 'GBP')?.value ?? 0;

function setDaily(limit: number | undefined): void {
  test.started.core.environments.setPurchasing({ ...defaultPurchasingSettings, spending: { sandbox: { confirmAbove: {}, daily: limit === undefined ? {} : { GBP: limit }, monthly: {} } } });
}

beforeAll(async () => {
  test = await startTestCore({ port: 0, tokenTtlSeconds: 2, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  const { environments, router } = test.started.core;
  variables = [test.started.sandbox?.config.sampleVariables[0] ?? ''];
  // The catalogs are read (and kept) while signed in; then the token lapses and the identity
  // provider fails, so each purchase is journaled with its price and never sent.
  for (const title of titles) {
    const catalog = await environments.session('sandbox').catalog.catalog(title);
    price = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).find((variable) => variable.iri === variables[0])?.price.value ?? 0;
  }
  await sleep(2_500);
  test.started.sandbox?.setFaults([{ target: 'token', kind: 'status503' }]);
  for (const titleNumber of titles) {
    const made = await router.dispatch('purchase:create', { titleNumber, variables });
    expect(made).toMatchObject({ ok: true, data: { state: 'not_sent' } });
  }
  test.started.sandbox?.setFaults([]);
}, 60_000);

afterAll(async () => {
  await test.close();
});

describe('sending purchases that were never sent', () => {
  it('"Send all" sends only what the daily budget allows and says which ones the budget held back', async () => {
    const { router } = test.started.core;
    expect(price).toBeGreaterThan(0);
    setDaily(Math.round((spentToday() + price * 1.5) * 10_000) / 10_000);
    const before = posts();
    const result = await router.dispatch('purchase:send-all', {});
    if (!result.ok) throw new Error(result.error.message);
    const report = sendAllReportSchema.parse(result.data);
    expect(report).toMatchObject({ total: 3, sent: 1, notSent: 2 });
    const held = report.purchases.filter((entry) => entry.code === 'budget_exceeded');
    expect(held).toHaveLength(2);
    for (const entry of held) expect(entry.reason).toContain("This would go over today's budget");
    expect(posts() - before).toBe(1);
  }, 60_000);

  it('"Send now" is refused over the budget, sending nothing, and goes once the budget allows it', async () => {
    const { router, purchases } = test.started.core;
    const [waiting] = purchases.list({}).filter((record) => record.state === 'not_sent');
    if (waiting === undefined) throw new Error('a purchase not sent is expected');
    const before = posts();
    const refused = await router.dispatch('purchase:send', { id: waiting.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'budget_exceeded' } });
    expect(posts()).toBe(before);
    expect(purchases.get(waiting.id)?.state).toBe('not_sent');
    setDaily(undefined);
    const sent = await router.dispatch('purchase:send', { id: waiting.id });
    expect(sent).toMatchObject({ ok: true });
    expect(posts()).toBe(before + 1);
  }, 60_000);
});
