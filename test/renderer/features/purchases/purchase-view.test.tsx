import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseView } from '../../../../renderer/features/purchases/PurchaseView.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

const record = purchase({
  state: 'outcome_unknown',
  address: 'Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR',
  error: { code: 'outcome_unknown', message: '' },
});

async function show() {
  const closed: string[] = [];
  const fake = createFeatureApi({ 'purchase:get': () => ok(record) });
  renderWithApi(fake.api, <PurchaseView id={record.id} environmentName="Sandbox" onClose={() => closed.push('closed')} onShowRequests={() => undefined} onLookUp={() => undefined} />);
  const view = await screen.findByRole('region', { name: 'Purchase WYK638009' });
  return { view, closed };
}

describe('the purchase view', () => {
  it('opens with focus on Back, and says the address, the variables and the environment', async () => {
    const { view } = await show();
    const back = screen.getByRole('button', { name: 'Back to purchases' });
    await waitFor(() => { expect(document.activeElement).toBe(back); });
    expect(view.textContent).toContain('1 variable · Sandbox ·');
    expect(view.querySelector('.facts')?.textContent).toContain('AddressFlat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR');
  });

  it('closes with the Back button and with Esc', async () => {
    const { view, closed } = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Back to purchases' }));
    fireEvent.keyDown(view, { key: 'Escape' });
    expect(closed).toEqual(['closed', 'closed']);
  });

  it('Esc in a dialog of the view closes the dialog only', async () => {
    const { closed } = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Buy again…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Buy again?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed).toEqual([]);
    await waitFor(() => { expect(screen.queryByRole('alertdialog')).toBeNull(); });
  });
});
