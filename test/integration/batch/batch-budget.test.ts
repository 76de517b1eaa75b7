import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPurchasingSettings } from '../../../shared/money/spending.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let test: TestCore;
let variables: string[];

const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  const config = test.started.sandbox?.config;
  variables = [config?.sampleVariables[0] ?? '', config?.sampleVariables[3] ?? ''];
}, 30_000);

afterAll(async () => {
  await test.close();
});

function setSpending(daily: Record<string, number>, confirmAbove: Record<string, number> = {}): void {
  test.started.core.environments.setPurchasing({ ...defaultPurchasingSettings, spending: { sandbox: { confirmAbove, daily, monthly: {} } } });
}

describe('the spending guard', () => {
  it('stops a batch before the first line over its budget, with stoppedBy budget, and resumes once the budget is raised', async () => {
    const { batches } = test.started.core;
    const titles = worldTitles(12, [], 400);
    const plan = await batches.plan({
      environmentId: 'sandbox', source: 'b.csv', csv: `title_number\n${titles.join('\n')}\n`, variables, tenure: 'all', reuseDays: 30, concurrency: 3,
    });
    const costs = plan.items.map((item) => item.cost[0]?.value ?? 0);
    // A budget that covers the first five lines exactly and half of the sixth.
    const five = costs.slice(0, 5).reduce((sum, value) => sum + value, 0);
    const budget = { GBP: Math.round((five + (costs[5] ?? 0) / 2) * 10_000) / 10_000 };
    const created = batches.create({ spec: { ...plan.spec, budget }, items: plan.items });
    expect(created.budgetAllows).toBe(5);
    const before = posts();
    await batches.start(created.id);
    const stopped = batches.summary(created.id);
    expect(stopped).toMatchObject({ state: 'stopped', stoppedBy: 'budget' });
    expect(stopped.counts).toMatchObject({ available: 5, queued: 7 });
    expect(posts() - before).toBe(5);
    expect(batches.document(created.id).stoppedBy).toBe('budget');
    expect(batches.items(created.id).slice(5).every((item) => item.purchaseLocalId === null)).toBe(true);
    await batches.start(created.id, { budget: { GBP: 1000 } });
    expect(batches.summary(created.id)).toMatchObject({ state: 'done', stoppedBy: null, counts: { available: 12, queued: 0 } });
    expect(posts() - before).toBe(12);
  }, 60_000);

  it('counts the day\'s spending from the journal and refuses a single purchase over the daily budget, sending nothing', async () => {
    const { router, spending } = test.started.core;
    const spentToday = spending.status('sandbox').spentToday.find((money) => money.currency === 'GBP')?.value ?? 0;
    expect(spentToday).toBeGreaterThan(0);
    setSpending({ GBP: spentToday + 0.01 });
    const before = posts();
    const [title = ''] = worldTitles(1, [], 500);
    const result = await router.dispatch('purchase:create', { titleNumber: title, variables });
    expect(result).toMatchObject({ ok: false, error: { code: 'budget_exceeded' } });
    expect(posts()).toBe(before);
    const status = await router.dispatch('spending:status', {});
    expect(status).toMatchObject({ ok: true, data: { remainingToday: [{ currency: 'GBP', value: 0.01 }] } });
    setSpending({});
  });

  it('counts a purchase still pending at its catalog price until it is known', async () => {
    const { router, spending } = test.started.core;
    const spent = (): number => spending.status('sandbox').spentToday.find((money) => money.currency === 'GBP')?.value ?? 0;
    const before = spent();
    const [title = ''] = worldTitles(1, [], 505);
    const catalog = await test.started.core.environments.session('sandbox').catalog.catalog(title);
    const price = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables)).filter((variable) => variables.includes(variable.iri)).reduce((sum, variable) => sum + variable.price.value, 0);
    const created = await router.dispatch('purchase:create', { titleNumber: title, variables, options: { fireAndForget: true } });
    expect(created).toMatchObject({ ok: true, data: { state: 'pending' } });
    expect(spent()).toBeCloseTo(before + price, 6);
  });

  it('asks for a second confirmation above the threshold, then buys once confirmed', async () => {
    const { router } = test.started.core;
    setSpending({}, { GBP: 0.01 });
    const [title = ''] = worldTitles(1, [], 510);
    const before = posts();
    expect(await router.dispatch('purchase:create', { titleNumber: title, variables })).toMatchObject({ ok: false, error: { code: 'confirmation_required' } });
    expect(posts()).toBe(before);
    expect(await router.dispatch('purchase:create', { titleNumber: title, variables, confirmed: true })).toMatchObject({ ok: true });
    expect(posts()).toBe(before + 1);
    setSpending({});
  });

  it('does not send a purchase of variables already held; "buy again" sends it', async () => {
    const { router, purchases } = test.started.core;
    const [title = ''] = worldTitles(1, [], 520);
    const first = await router.dispatch('purchase:create', { titleNumber: title, variables });
    if (!first.ok) throw new Error(first.error.message);
    await purchases.waitForSettled((first.data as { id: string }).id);
    const before = posts();
    const again = await router.dispatch('purchase:create', { titleNumber: title, variables });
    expect(again).toMatchObject({ ok: true, data: { id: (first.data as { id: string }).id, state: 'available' } });
    expect(posts()).toBe(before);
    const anyway = await router.dispatch('purchase:create', { titleNumber: title, variables, buyAgain: true });
    expect(anyway.ok && (anyway.data as { id: string }).id !== (first.data as { id: string }).id).toBe(true);
    expect(posts()).toBe(before + 1);
  });

  it('shows spend per day and per month', async () => {
    const history = await test.started.core.router.dispatch('spending:history', {});
    if (!history.ok) throw new Error(history.error.message);
    const data = history.data as { days: { day: string; spent: { value: number }[] }[]; months: { month: string }[] };
    const today = new Date();
    const day = `${String(today.getFullYear())}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(data.days[0]?.day).toBe(day);
    expect(data.days[0]?.spent[0]?.value).toBeGreaterThan(0);
    expect(data.months[0]?.month).toBe(day.slice(0, 7));
  });
});
