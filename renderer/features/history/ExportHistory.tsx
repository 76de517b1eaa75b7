import { useState } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { downloadText } from '../common/download.ts';
import { purchasesCsv } from '../purchases/purchase-export.ts';
import { historyMaxRows, toHistoryQuery, type HistoryFilters } from './history-queries.ts';

export interface ExportHistoryProps {
  readonly environment: Environment;
  readonly filters: HistoryFilters;
  readonly disabled: boolean;
}

/**
 * Exports every purchase the filters match (not only the rows shown), one CSV row per value,
 * up to the contract's page limit.
 */
export function ExportHistory({ environment, filters, disabled }: ExportHistoryProps) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();

  async function exportAll(): Promise<void> {
    setBusy(true);
    setFailure(undefined);
    try {
      const { purchases } = await call(api, 'purchase:list', toHistoryQuery(environment.id, filters, historyMaxRows));
      const day = new Date().toISOString().slice(0, 10);
      downloadText(`titledesk-history-${day}.csv`, 'text/csv;charset=utf-8', purchasesCsv(purchases, environment.name));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" disabled={disabled || busy} onClick={() => { void exportAll(); }}>
        {busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {failure === undefined ? null : <ErrorNotice error={failure} />}
    </>
  );
}
