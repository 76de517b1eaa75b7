import { describe, expect, it } from 'vitest';
import { describeBreach } from '../../../../electron/core/spending/spending-guard.ts';

describe('a budget refusal', () => {
  it('writes money as money, with what is left of which budget', () => {
    expect(describeBreach({ currency: 'GBP', period: 'day', limit: 8, spent: 8, cost: 0.3 })).toBe(
      "This would go over today's budget: it costs £0.30; £0.00 of £8.00 left today. Nothing was sent.",
    );
    expect(describeBreach({ currency: 'GBP', period: 'month', limit: 50, spent: 49.95, cost: 0.15 })).toBe(
      "This would go over this month's budget: it costs £0.15; £0.05 of £50.00 left this month. Nothing was sent.",
    );
    expect(describeBreach({ currency: 'EUR', period: 'batch', limit: 2, spent: 1.5, cost: 1.25 })).toBe(
      "This would go over the batch's budget: it costs €1.25; €0.50 of €2.00 left in the batch. Nothing was sent.",
    );
  });
});
