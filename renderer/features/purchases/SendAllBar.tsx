import { useQuery } from '@tanstack/react-query';
import type { SendAllReport } from '../../../shared/purchase/send-all.ts';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { purchaseKeys } from '../../api/query-keys.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useSendAllMutation } from './recovery-queries.ts';
import { formatNumber } from '../common/number.ts';

/** What the last "Send all" did, counted from the purchases' states once each send was over. */
export function sendAllSummary(report: SendAllReport): string {
  const parts = [`${formatNumber(report.sent)} sent`];
  if (report.refused > 0) parts.push(`${formatNumber(report.refused)} refused`);
  if (report.unknown > 0) parts.push(`${formatNumber(report.unknown)} with an unknown outcome`);
  if (report.notSent > 0) parts.push(`${formatNumber(report.notSent)} still not sent`);
  return `Send all: ${parts.join(', ')}.`;
}

/** Shown when purchases were never sent (older than the auto-send window): one click sends them all. */
export function SendAllBar({ environmentId }: { readonly environmentId: string }) {
  const api = useApi();
  const query = { status: 'not_sent' as const, environmentId, limit: 1000 };
  // Pushed updates that send, abandon or stop sending a purchase mark it stale, so the count follows them.
  const notSent = useQuery({ queryKey: purchaseKeys.notSent(environmentId), queryFn: () => call(api, 'purchase:list', query) });
  const sendAll = useSendAllMutation();
  const count = notSent.data?.purchases.filter((record) => record.imported !== true).length ?? 0;
  // The bar stays while any is left unsent, saying what the last click did and why (the first reason).
  if (count === 0) return null;
  const report = sendAll.data;
  const reason = report?.purchases.find((entry) => entry.reason !== undefined)?.reason;
  return (
    <div className="notice send-all" role="status">
      {count === 1 ? '1 purchase was' : `${formatNumber(count)} purchases were`} never sent; nothing was charged for {count === 1 ? 'it' : 'them'}.{' '}
      <button type="button" disabled={sendAll.isPending} onClick={() => { sendAll.mutate(); }}>{sendAll.isPending ? 'Sending…' : 'Send all'}</button>
      {report === undefined ? null : <p className="send-all-report">{sendAllSummary(report)}{reason === undefined ? '' : ` ${reason}`}</p>}
      {sendAll.error === null ? null : <ErrorNotice error={sendAll.error} />}
    </div>
  );
}
