import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpendingStatus } from '../../../../shared/money/spending.ts';
import { SpendingSection } from '../../../../renderer/components/settings/SpendingSection.tsx';
import { VariablePicker } from '../../../../renderer/features/variable-picker/VariablePicker.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { sandbox } from '../../support/fake-api.ts';
import { catalog, createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);
beforeEach(() => { window.localStorage.clear(); });

const status: SpendingStatus = {
  environmentId: 'sandbox',
  settings: { confirmAbove: { GBP: 2 }, daily: { GBP: 20 }, monthly: { GBP: 100 } },
  spentToday: [{ value: 4.5, currency: 'GBP' }],
  spentThisMonth: [{ value: 10, currency: 'GBP' }],
  remainingToday: [{ value: 15.5, currency: 'GBP' }],
  remainingThisMonth: [{ value: 90, currency: 'GBP' }],
  reuseDays: 30,
  batchConcurrency: 4,
};

const box = (name: string): HTMLElement => screen.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()£⋯+]/g, '.')}`) });

describe('spending in the buy bar', () => {
  it('shows the budget left, asks a second time when core says so, and buys once confirmed, with Buy again anyway', async () => {
    const fake = createFeatureApi({
      'spending:status': () => ok(status),
      'purchase:create': (request) => request.confirmed === true
        ? ok(purchase({ purchaseId: 'a7c1e2d4', resultUrl: 'http://127.0.0.1:9/results/a7c1e2d4', variables: request.variables, createdAt: Date.now(), updatedAt: Date.now() }))
        : { ok: false, error: { code: 'confirmation_required', message: 'This purchase costs 3 GBP, above the amount set for a second confirmation. Confirm it again to buy.' } },
    });
    renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
    expect((await screen.findByTestId('budget-remaining')).textContent).toBe('Budget: £15.50 left today, £90.00 left this month');
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Buy again anyway/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy 1 variable for £3.00' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Buy for £3.00' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm again' });
    expect(again.textContent).toContain('above the amount set for a second confirmation');
    fireEvent.click(within(again).getByRole('button', { name: 'Yes, buy for £3.00' }));
    await waitFor(() => { expect(fake.callsTo('purchase:create')).toHaveLength(2); });
    expect(fake.callsTo('purchase:create')[0]).toMatchObject({ buyAgain: true });
    expect(fake.callsTo('purchase:create')[0]).not.toHaveProperty('confirmed');
    expect(fake.callsTo('purchase:create')[1]).toMatchObject({ buyAgain: true, confirmed: true });
    await screen.findByText(/Purchase of 1 variable of WYK638009 sent/);
  });

  it('says a purchase was not bought again when core answers with the earlier one', async () => {
    const fake = createFeatureApi({
      'spending:status': () => ok(status),
      'purchase:create': (request) => ok(purchase({ purchaseId: 'a7c1e2d4', resultUrl: 'http://127.0.0.1:9/results/a7c1e2d4', variables: request.variables, state: 'available', createdAt: Date.now() - 3_600_000 })),
    });
    renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy 1 variable for £3.00' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Buy for £3.00' }));
    await screen.findByText(/^Already bought on .*: not bought again/);
  });
});

describe('reuse in the buy bar', () => {
  it('says which variables were not bought again when core sent only the others', async () => {
    const fake = createFeatureApi({
      'spending:status': () => ok(status),
      'purchase:create': (request) => ok(purchase({ purchaseId: 'a7c1e2d4', resultUrl: 'http://127.0.0.1:9/results/a7c1e2d4', variables: request.variables.slice(1), createdAt: Date.now(), updatedAt: Date.now() })),
    });
    renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(box('Estimate Confidence'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2 variables for £3.50' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Buy for £3.50' }));
    await screen.findByText('Purchase of 1 variable of WYK638009 sent; 1 variable bought recently was not bought again.');
  });
});

describe('spending settings', () => {
  it('shows the environment\'s guard and saves budgets, the threshold, reuse days and batch concurrency', async () => {
    const fake = createFeatureApi({ 'spending:status': () => ok(status), 'spending:update': () => ok(status) });
    renderWithApi(fake.api, <SpendingSection environments={[sandbox]} selectedId="sandbox" />);
    const daily = await screen.findByLabelText('Daily budget');
    expect((daily as HTMLInputElement).value).toBe('20');
    fireEvent.change(daily, { target: { value: '35.5' } });
    fireEvent.change(screen.getByLabelText('Monthly budget'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Reuse variables bought within (days)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spending settings' }));
    await waitFor(() => { expect(fake.callsTo('spending:update')).toHaveLength(1); });
    expect(fake.callsTo('spending:update')[0]).toEqual({
      environmentId: 'sandbox',
      settings: { confirmAbove: { GBP: 2 }, daily: { GBP: 35.5 }, monthly: {} },
      reuseDays: 0,
      batchConcurrency: 4,
    });
  });

  it('refuses a negative budget without saving', async () => {
    const fake = createFeatureApi({ 'spending:status': () => ok(status), 'spending:update': () => ok(status) });
    renderWithApi(fake.api, <SpendingSection environments={[sandbox]} selectedId="sandbox" />);
    fireEvent.change(await screen.findByLabelText('Daily budget'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save spending settings' }));
    expect(await screen.findByText('An amount of 0 or more, or empty for no limit.')).toBeTruthy();
    expect(fake.callsTo('spending:update')).toHaveLength(0);
  });
});
