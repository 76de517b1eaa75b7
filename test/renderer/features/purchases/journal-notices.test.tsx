import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalNotices } from '../../../../renderer/features/purchases/JournalNotices.tsx';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok } from '../support/feature-api.ts';

afterEach(cleanup);

describe('journal notices', () => {
  it('says in the window what happened to a damaged journal and where its copy is', async () => {
    const copy = '/data/purchases.damaged-2026-11-22T10-00-00-000Z.sqlite';
    const fake = createFeatureApi({
      'journal:status': () => ok({ path: '/data/purchases.sqlite', notices: [{ kind: 'damaged', message: 'The purchase journal was damaged. 48 purchases could still be read and were kept.', path: copy }] }),
    });
    renderWithApi(fake.api, <JournalNotices />);
    const alert = await screen.findByRole('alert', { name: 'Purchase journal' });
    expect(alert.textContent).toContain('48 purchases could still be read');
    expect(alert.textContent).toContain(copy);
  });

  it('shows nothing when the journal opened as it was left', async () => {
    const fake = createFeatureApi({ 'journal:status': () => ok({ path: '/data/purchases.sqlite', notices: [] }) });
    renderWithApi(fake.api, <JournalNotices />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('journal:status')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
