import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SendAllBar } from '../../../../renderer/features/purchases/SendAllBar.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

const first = purchase({ id: '0b6f5a3e-2c1d-4e8f-9a7b-6c5d4e3f2a10', state: 'not_sent' });
const second = purchase({ id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c', state: 'not_sent' });
const refusedToConnect = 'The service could not be reached (connection refused). Nothing was sent, so nothing was charged; use "Send now" to try again.';

describe('Send all', () => {
  it('says what the sends did, not that they were set off: none sent while the service is down', async () => {
    const fake = createFeatureApi({
      'purchase:list': () => ok({ purchases: [first, second] }),
      'purchase:send-all': () => ok({
        total: 2,
        sent: 0,
        refused: 0,
        unknown: 0,
        notSent: 2,
        purchases: [first, second].map(({ id }) => ({ id, state: 'not_sent' as const, reason: refusedToConnect })),
      }),
    });
    renderWithApi(fake.api, <SendAllBar environmentId="sandbox" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send all' }));
    const bar = screen.getByRole('status');
    expect(await screen.findByText(/^Send all: 0 sent, 2 still not sent\./)).toBeTruthy();
    expect(bar.textContent).toContain('connection refused');
    expect(fake.callsTo('purchase:send-all')).toHaveLength(1);
  });
});
