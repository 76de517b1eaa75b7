import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryTools } from '../../../../renderer/features/history/HistoryTools.tsx';
import { importChunks } from '../../../../renderer/features/history/import-chunks.ts';
import type { HistoryExport } from '../../../../shared/purchase/journal.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { createFeatureApi, ok, purchase } from '../support/feature-api.ts';

afterEach(cleanup);

function exportOf(count: number, padding = 0): HistoryExport {
  const purchases = Array.from({ length: count }, () => ({ record: { ...purchase({ state: 'available' }), note: 'x'.repeat(padding) }, result: null }));
  return { format: 'titledesk-history', version: 1, exportedAt: 0, purchases };
}

describe('history export, import and backups', () => {
  it('splits a large export into requests under the host body limit, keeping every purchase', () => {
    const large = exportOf(40, 50_000);
    const chunks = importChunks(large);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flatMap((chunk) => chunk.purchases)).toEqual(large.purchases);
    for (const chunk of chunks) expect(JSON.stringify({ document: chunk }).length).toBeLessThan(1024 * 1024);
  });

  it('imports a chosen file in parts and says that imported purchases are never sent', async () => {
    const fake = createFeatureApi({
      'journal:backups': () => ok({ folder: '/data/backups', backups: [] }),
      'history:import': (request) => ok({ imported: request.document.purchases.length, alreadyPresent: 0, unreadable: 0 }),
    });
    renderWithApi(fake.api, <HistoryTools />);
    const file = new File([JSON.stringify(exportOf(30, 40_000))], 'history.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Import history…'), { target: { files: [file] } });
    await waitFor(() => { expect(screen.getByTestId('history-tools-message').textContent).toContain('30 imported'); });
    expect(screen.getByTestId('history-tools-message').textContent).toContain('never sent from here');
    expect(fake.callsTo('history:import').length).toBeGreaterThan(1);
  });

  it('refuses a file that is not an export without sending anything', async () => {
    const fake = createFeatureApi({ 'journal:backups': () => ok({ folder: '/data/backups', backups: [] }) });
    renderWithApi(fake.api, <HistoryTools />);
    const file = new File(['{"hello":1}'], 'other.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Import history…'), { target: { files: [file] } });
    await waitFor(() => { expect(screen.getByText(/not a TitleDesk history export/)).toBeTruthy(); });
    expect(fake.callsTo('history:import')).toEqual([]);
  });

  it('restores a chosen backup at the next start and says a restart finishes it', async () => {
    const backup = { name: 'purchases-2026-11-21.sqlite', createdAt: 0, bytes: 8192 };
    const fake = createFeatureApi({
      'journal:backups': () => ok({ folder: '/data/backups', backups: [backup] }),
      'journal:restore': () => ok(backup),
    });
    renderWithApi(fake.api, <HistoryTools />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore from this backup' }));
    await waitFor(() => { expect(fake.callsTo('journal:restore')).toEqual([{ name: backup.name }]); });
    expect((await screen.findByText(/Restart TitleDesk to finish/)).textContent).toContain(backup.name);
  });
  it('lists a damaged backup as damaged, with no way to restore it', async () => {
    const sound = { name: 'purchases-2026-11-21.sqlite', createdAt: 0, bytes: 8192 };
    const damaged = { name: 'purchases-2026-11-22.sqlite', createdAt: 0, bytes: 8192, damaged: 'file is not a database' };
    const fake = createFeatureApi({ 'journal:backups': () => ok({ folder: '/data/backups', backups: [damaged, sound] }) });
    renderWithApi(fake.api, <HistoryTools />);
    expect((await screen.findByText(/Damaged, cannot be restored/)).textContent).toContain('file is not a database');
    // One button: the sound backup's.
    expect(screen.getAllByRole('button', { name: 'Restore from this backup' })).toHaveLength(1);
    expect(screen.getByText(damaged.name, { exact: false }).textContent).not.toContain('Restore');
  });
});
