import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPurchasingSettings, type Amounts } from '../../../shared/money/spending.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

// Budgets against purchases in flight: every line of a wave of 64, and every one of many
// concurrent single purchases, is weighed against what is already committed to.
let test: TestCore;
let variables: string[];
let nextTitle = 600;

const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;
const spentToday = (): number => test.started.core.spending.status('sandbox').spentToday.find((money) => money.currency === 'GBP')?.value ?? 0;
const spentThisMonth = (): number => test.started.core.spending.status('sandbox').spentThisMonth.find((money) => money.currency === 'GBP')?.value ?? 0;

function titles(count: number): string[] {
  const picked = worldTitles(count, [], nextTitle);
  nextTitle += count;
  return picked;
}

function setBudgets(budgets: { daily?: Amounts; monthly?: Amounts }): void {
  test.started.core.environments.setPurchasing({ ...defaultPurchasingSettings, spending: { sandbox: { confirmAbove: {}, daily: budgets.daily ?? {}, monthly: budgets.monthly ?? {} } } });
}

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  const config = test.started.sandbox?.config;
  variables = [config?.sampleVariables[0] ?? '', config?.sampleVariables[3] ?? ''];
  // Something spent already, so the budget is not measured from zero.
  await test.started.core.router.dispatch('purchase:create', { titleNumber: titles(1)[0] ?? '', variables });
}, 30_000);

afterAll(async () => {
  await test.close();
});

/** A budget leaving room for exactly three lines of the plan (and half of a fourth). */
function roomForThree(already: number, costs: readonly number[]): number {
  const three = costs.slice(0, 3).reduce((sum, value) => sum + value, 0);
  return Math.round((already + three + (costs[3] ?? 0) / 2) * 10_000) / 10_000;
}

describe.each([
  ['daily', (limit: number) => { setBudgets({ daily: { GBP: limit } }); }, spentToday],
  ['monthly', (limit: number) => { setBudgets({ monthly: { GBP: limit } }); }, spentThisMonth],
] as const)('a %s budget and a batch with 64 lines in flight', (_period, set, spent) => {
  it('buys exactly the three lines the budget allows', async () => {
    const { batches } = test.started.core;
    const plan = await batches.plan({ environmentId: 'sandbox', source: 'b.csv', csv: `title_number\n${titles(70).join('\n')}\n`, variables, tenure: 'all', reuseDays: 0, concurrency: 64 });
    const limit = roomForThree(spent(), plan.items.map((item) => item.cost[0]?.value ?? 0));
    set(limit);
    const created = batches.create({ spec: plan.spec, items: plan.items });
    const before = posts();
    await batches.start(created.id);
    const summary = batches.summary(created.id);
    expect(posts() - before).toBe(3);
    expect(summary).toMatchObject({ state: 'stopped', stoppedBy: 'budget' });
    expect(summary.counts).toMatchObject({ available: 3, queued: 67 });
    expect(spent()).toBeLessThanOrEqual(limit);
    setBudgets({});
  }, 60_000);
});

describe('concurrent single purchases', () => {
  it.each(['daily', 'monthly'] as const)('against a %s budget: exactly as many as it allows are sent, the rest refused', async (period) => {
    const { router, environments } = test.started.core;
    const picked = titles(20);
    const catalog = await environments.session('sandbox').catalog.catalog(picked[0] ?? '');
    const price = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).filter((variable) => variables.includes(variable.iri)).reduce((sum, variable) => sum + variable.price.value, 0);
    const already = period === 'daily' ? spentToday() : spentThisMonth();
    const limit = Math.round((already + price * 3.5) * 10_000) / 10_000;
    setBudgets(period === 'daily' ? { daily: { GBP: limit } } : { monthly: { GBP: limit } });
    const before = posts();
    const results = await Promise.all(picked.map((titleNumber) => router.dispatch('purchase:create', { titleNumber, variables })));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(results.filter((result) => !result.ok && result.error.code === 'budget_exceeded')).toHaveLength(17);
    expect(posts() - before).toBe(3);
    setBudgets({});
  }, 60_000);
});
