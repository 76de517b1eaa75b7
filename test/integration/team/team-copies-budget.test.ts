import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCopyOf } from '../../../electron/core/team-desk/team-copy.ts';
import type { TeamPurchase } from '../../../electron/core/team/team-rows.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { defaultPurchasingSettings, type Amounts } from '../../../shared/money/spending.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';
import { waitFor } from '../fixtures/wait-for.ts';

// A desk of a team holds copies of the other desks' purchases (team-desk/team-import.ts): its own
// budgets in Settings → Spending count what it bought, never those copies; the team's budget
// counts the whole team.
let test: TestCore;
let variable: string;

const gbp = (list: readonly { currency: string; value: number }[]): number => list.find((money) => money.currency === 'GBP')?.value ?? 0;
const posts = (): number => test.started.sandbox?.stats().purchase ?? Number.NaN;

function setDaily(daily: Amounts): void {
  test.started.core.environments.setPurchasing({ ...defaultPurchasingSettings, spending: { sandbox: { confirmAbove: {}, daily, monthly: {} } } });
}

/** Another desk's settled purchase as the team database hands it to this desk: its row, with the record that desk wrote. */
function otherDesksPurchase(seq: number, titleNumber: string, value: number): TeamPurchase {
  const now = Date.now();
  const localId = `01a234ca-86bd-7000-9061-5b4aecbd${String(seq).padStart(4, '0')}`;
  const record: PurchaseRecord = {
    id: localId, environmentId: 'elsewhere', titleNumber, variables: [variable], options: {}, state: 'available', purchaseId: `team-${String(seq)}`,
    autoCheck: true, createdAt: now - 60_000, updatedAt: now, timeline: [], totals: [{ currency: 'GBP', value }], team: { purchaseId: String(seq), desk: 'alice' },
  };
  return {
    id: String(seq), deskId: '2', deskName: 'alice', environment: 'http://127.0.0.1:9', localId, resourceKind: 'title', resource: titleNumber, variables: [variable],
    prices: [value.toFixed(4)], state: 'available', cost: value.toFixed(4), currency: 'GBP', answers: { record }, servicePurchaseId: record.purchaseId ?? null,
    accepted: true, budgetReleased: false, createdAt: new Date(record.createdAt), updatedAt: new Date(now), settledAt: new Date(now), seq: String(seq),
  };
}

beforeAll(async () => {
  test = await startTestCore({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 0] } });
  variable = test.started.sandbox?.config.sampleVariables[0] ?? '';
}, 30_000);

afterAll(async () => {
  await test.close();
});

describe("a desk's own budgets beside copies of another desk's purchases", () => {
  it('admit and refuse by what this desk bought; the copies count for nothing, a history import still counts', async () => {
    const { core } = test.started;
    const [first = '', second = '', third = '', ...copied] = worldTitles(5, [], 1200);
    const buy = (titleNumber: string) => core.router.dispatch('purchase:create', { titleNumber, variables: [variable] });

    expect(await buy(first)).toMatchObject({ ok: true });
    await waitFor(() => core.purchases.list({ titleNumber: first }).some((record) => record.state === 'available'), 'the first purchase to settle');
    const price = gbp(core.spending.status('sandbox').spentToday);
    expect(price).toBeGreaterThan(0);

    // Two of another desk's purchases, £500 each today, copied as the team import copies them.
    for (const [index, titleNumber] of copied.entries()) {
      const copy = localCopyOf(otherDesksPurchase(7 + index, titleNumber, 500), 'sandbox');
      if (copy === undefined) throw new Error('the team row gave no copy');
      expect(await core.purchases.mirrorTeamPurchases([copy])).toBe(1);
      expect(core.purchases.get(copy.record.id)).toMatchObject({ imported: true, environmentId: 'sandbox', state: 'available' });
    }
    // A purchase from another machine's history export (imported, no team mark) counts as before.
    const now = Date.now();
    const fromExport: PurchaseRecord = {
      id: '01a234ca-86bd-7000-9061-5b4aecbd0e01', environmentId: 'sandbox', titleNumber: first, variables: [variable], options: {}, state: 'available',
      purchaseId: 'exported-1', autoCheck: false, createdAt: now - 30_000, updatedAt: now, timeline: [], totals: [{ currency: 'GBP', value: 0.5 }],
    };
    const imported = await core.router.dispatch('history:import', { document: { format: 'titledesk-history', version: 1, exportedAt: now, purchases: [{ record: fromExport, result: null }] } });
    expect(imported).toMatchObject({ ok: true, data: { imported: 1 } });

    // Settings → Spending (what the CLI's guard reads too): this desk's spend only.
    const own = price + 0.5;
    const status = core.spending.status('sandbox');
    expect(gbp(status.spentToday)).toBeCloseTo(own, 6);
    expect(gbp(status.spentThisMonth)).toBeCloseTo(own, 6);
    expect(gbp(core.spending.history('sandbox').days[0]?.spent ?? [])).toBeCloseTo(own, 6);

    // Room for one more of this desk's purchases: admitted, whatever the copies cost.
    setDaily({ GBP: Math.round((own + price * 1.5) * 10_000) / 10_000 });
    const before = posts();
    const admitted = await buy(second);
    expect(admitted).toMatchObject({ ok: true });
    expect(posts()).toBe(before + 1);
    // The next would go over what this desk bought: refused, nothing sent.
    const refused = await buy(third);
    expect(refused).toMatchObject({ ok: false, error: { code: 'budget_exceeded' } });
    expect(posts()).toBe(before + 1);
    setDaily({});
  }, 60_000);
});
