import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { statusLine } from '../../../../electron/cli/output/purchase-output.ts';
import { PurchaseDetails } from '../../../../renderer/features/purchases/PurchaseDetails.tsx';
import { humanErrorMessage } from '../../../../shared/errors/error-messages.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

const until = 'Waiting: the service asked to slow down (until 14:02:10).';

function show(record: PurchaseRecord): void {
  renderWithApi(createFeatureApi({}).api, <PurchaseDetails record={record} onShowRequests={() => undefined} onLookUp={() => undefined} />);
}

describe('a purchase the service asked to slow down', () => {
  it('not taken by its POST: says nothing was charged, that it goes again by itself, and until when', () => {
    show(purchase({ state: 'not_sent', nextCheckAt: Date.UTC(2025, 0, 6, 14, 2, 10), error: { code: 'rate_limited', message: `${until} The service did not take the purchase.` } }));
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('The service asked TitleDesk to slow down and did not take this purchase, so nothing was charged.');
    expect(note.textContent).toContain('It is sent again by itself, as the same purchase');
    expect(note.textContent).toContain(until);
    expect(note.textContent).not.toContain('never sent');
  });

  it('while it waits to be sent again: says until when', () => {
    show(purchase({ state: 'submitting', nextCheckAt: Date.UTC(2025, 0, 6, 14, 2, 10), error: { code: 'rate_limited', message: `${until} TitleDesk sends it again then.` } }));
    expect(screen.getByText(`${until} TitleDesk sends it again then.`).getAttribute('role')).toBe('status');
  });

  it('while its result is asked for: says until when it waits', () => {
    show(purchase({ state: 'pending', resultUrl: 'http://127.0.0.1:4010/purchases/p-1', error: { code: 'rate_limited', message: `${until} Its result is asked for again then.` } }));
    expect(screen.getByText(/Waiting: the service asked to slow down \(until 14:02:10\)/).textContent).toContain('Its result is asked for again then.');
  });

  it('has its own words, in the app and in the CLI', () => {
    expect(humanErrorMessage({ code: 'rate_limited' })).toBe('The service asked TitleDesk to slow down (too many requests); nothing was charged twice. A purchase waits as long as it asked, then goes on by itself; anything else, try again in a moment.');
    const line = statusLine(purchase({ state: 'not_sent', error: { code: 'rate_limited', message: until } }));
    expect(line).toContain('Not sent: purchase (no purchase ID) of WYK638009. The service asked TitleDesk to slow down');
    expect(line).toContain('(until 14:02:10)');
  });
});
