import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { batchSummarySchema, type BatchSummary } from '../../../../shared/purchase/batch.ts';
import { progressLine } from '../../../../electron/cli/output/batch-report.ts';
import { BatchProgress } from '../../../../renderer/features/batch/BatchProgress.tsx';

afterEach(cleanup);

/** A running batch whose last line the service did not take (503): it waits, with the reason and when it tries again. */
function waitingSummary(retryInMs: number): BatchSummary {
  return batchSummarySchema.parse({
    id: '0a0b0c0d-0000-4000-8000-000000000002', createdAt: 0, updatedAt: 0, state: 'running', stoppedBy: null,
    spec: { environmentId: 'sandbox', source: 'w.csv', columns: ['title_number'], variables: ['x'], tenure: 'all', reuseDays: 30, concurrency: 4, budget: {} },
    itemCount: 10, counts: { queued: 7, sending: 0, pending: 0, available: 3, reused: 0, refused: 0, failed: 0, unknown: 0, cancelled: 0 },
    toSpend: [], spent: [{ value: 3, currency: 'GBP' }], budgetAllows: null, etaMs: 9000,
    waiting: { reason: 'The service could not take the purchase (HTTP 503).', retryAt: Date.now() + retryInMs },
  });
}

describe('a batch waiting for the service', () => {
  it('says so in the app, with the reason and a countdown instead of a time left', () => {
    render(<BatchProgress summary={waitingSummary(20_000)} />);
    const notice = screen.getByTestId('batch-waiting');
    expect(notice.textContent).toContain('Waiting for the service: The service could not take the purchase (HTTP 503).');
    expect(notice.textContent).toMatch(/tries again in (19|20) s/);
    expect(notice.textContent).toContain('cost nothing');
    expect(screen.queryByText(/left/)).toBeNull();
  });

  it('says so in the CLI progress line', () => {
    const line = progressLine(waitingSummary(20_000));
    expect(line).toContain('waiting for the service (The service could not take the purchase (HTTP 503).)');
    expect(line).toMatch(/tries again in (19|20) s/);
    expect(line).not.toContain('left');
  });

  it('shows nothing of the kind when it is not waiting', () => {
    render(<BatchProgress summary={{ ...waitingSummary(0), waiting: null }} />);
    expect(screen.queryByTestId('batch-waiting')).toBeNull();
  });
});
