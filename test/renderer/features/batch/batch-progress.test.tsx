import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { batchSummarySchema } from '../../../../shared/purchase/batch.ts';
import { progressLine } from '../../../../electron/cli/output/batch-report.ts';
import { BatchProgress } from '../../../../renderer/features/batch/BatchProgress.tsx';

afterEach(cleanup);

/** A running batch at concurrency 4 with 3 lines being bought: 1 sending, 2 sent and awaiting their results. */
const summary = batchSummarySchema.parse({
  id: '0a0b0c0d-0000-4000-8000-000000000001', createdAt: 0, updatedAt: 0, state: 'running', stoppedBy: null,
  spec: { environmentId: 'sandbox', source: 'p.csv', columns: ['title_number'], variables: ['x'], tenure: 'all', reuseDays: 30, concurrency: 4, budget: {} },
  itemCount: 10, counts: { queued: 2, sending: 1, pending: 2, available: 5, reused: 0, refused: 0, failed: 0, unknown: 0, cancelled: 0 },
  toSpend: [], spent: [{ value: 5, currency: 'GBP' }], budgetAllows: null, etaMs: null, waiting: null,
});

const said = '3 being bought of at most 4 at once: 1 sending, 2 awaiting a result';

describe('batch progress says what its in-progress count counts', () => {
  it('in the CLI progress line', () => {
    const line = progressLine(summary);
    expect(line).toContain(said);
    expect(line).not.toContain('in flight');
  });

  it('in the app\'s batch view, with the states named for what they are', () => {
    render(<BatchProgress summary={summary} />);
    expect(screen.getByText(new RegExp(said))).toBeTruthy();
    const counts = screen.getByRole('list', { name: 'Lines per state' });
    expect(counts.textContent).toContain('Sending: 1');
    expect(counts.textContent).toContain('Awaiting result: 2');
  });
});
