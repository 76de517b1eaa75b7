import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { historyExportSchema, type ImportSummary } from '../../../shared/purchase/journal.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { purchaseKeys } from '../../api/query-keys.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { downloadText } from '../common/download.ts';
import { importChunks } from './import-chunks.ts';
import { formatNumber } from '../common/number.ts';

const backupKeys = { list: () => ['journal', 'backups'] as const };

function summaryText(summary: ImportSummary): string {
  const parts = [`${String(summary.imported)} imported`, `${String(summary.alreadyPresent)} already here`];
  if (summary.unreadable > 0) parts.push(`${String(summary.unreadable)} not purchase records (skipped)`);
  return `${parts.join(', ')}. Imported purchases are history only: they are never sent from here.`;
}

/** Export the whole history to one JSON file, import one from another machine, restore a backup. */
export function HistoryTools() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const exportHistory = useMutation({
    mutationFn: () => call(api, 'history:export', {}),
    onSuccess: (document) => {
      downloadText(`titledesk-history-${new Date(document.exportedAt).toISOString().slice(0, 10)}.json`, 'application/json', JSON.stringify(document));
      setMessage(`Exported ${String(document.purchases.length)} purchases with their results.`);
    },
  });
  const importHistory = useMutation({
    mutationFn: async (file: File) => {
      const parsed = historyExportSchema.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) throw new Error('This file is not a TitleDesk history export.');
      const total: ImportSummary = { imported: 0, alreadyPresent: 0, unreadable: 0 };
      for (const chunk of importChunks(parsed.data)) {
        const summary = await call(api, 'history:import', { document: chunk });
        total.imported += summary.imported;
        total.alreadyPresent += summary.alreadyPresent;
        total.unreadable += summary.unreadable;
      }
      return total;
    },
    onSuccess: (summary) => {
      setMessage(summaryText(summary));
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    },
  });
  const onFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    if (file !== undefined) importHistory.mutate(file);
    event.target.value = '';
  };
  return (
    <section className="history-tools" aria-label="Export, import and backups">
      <div className="export-bar">
        <button type="button" disabled={exportHistory.isPending} onClick={() => { exportHistory.mutate(); }}>Export history</button>
        <label className="button-like">
          Import history… <input type="file" accept="application/json,.json" onChange={onFile} disabled={importHistory.isPending} className="visually-hidden" />
        </label>
        <span className="muted" aria-live="polite" data-testid="history-tools-message">{message}</span>
      </div>
      {exportHistory.error === null ? null : <ErrorNotice error={exportHistory.error} />}
      {importHistory.error === null ? null : <ErrorNotice error={importHistory.error} />}
      <Backups />
    </section>
  );
}

function Backups() {
  const api = useApi();
  const backups = useQuery({ queryKey: backupKeys.list(), queryFn: () => call(api, 'journal:backups', {}) });
  const [restored, setRestored] = useState('');
  const restore = useMutation({
    mutationFn: (name: string) => call(api, 'journal:restore', { name }),
    onSuccess: (backup) => { setRestored(`${backup.name} will replace the journal when TitleDesk next starts; the current journal is kept beside it. Restart TitleDesk to finish.`); },
  });
  const list = backups.data?.backups ?? [];
  return (
    <details className="backups">
      <summary>Backups ({String(list.length)})</summary>
      {list.length === 0 ? <p className="muted">No backup yet: one is made each day TitleDesk runs, and when it quits.</p> : (
        <ul>
          {list.map((backup) => (
            <li key={backup.name}>
              {backup.name} <span className="muted">({formatNumber(Math.ceil(backup.bytes / 1024))} KiB)</span>{' '}
              {/* A damaged backup is never offered: restoring it would swap a sound journal for a damaged one. */}
              {backup.damaged === undefined
                ? <button type="button" disabled={restore.isPending} onClick={() => { restore.mutate(backup.name); }}>Restore from this backup</button>
                : <span className="error-detail">Damaged, cannot be restored ({backup.damaged})</span>}
            </li>
          ))}
        </ul>
      )}
      {backups.data === undefined ? null : <p className="muted">Kept in <code>{backups.data.folder}</code>.</p>}
      {restored === '' ? null : <p aria-live="polite">{restored}</p>}
      {restore.error === null ? null : <ErrorNotice error={restore.error} />}
    </details>
  );
}
