import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { call } from '../../api/call.ts';
import { purchaseKeys } from '../../api/query-keys.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useSendAllMutation } from './recovery-queries.ts';
import { formatNumber } from '../common/number.ts';

/** Shown when purchases were never sent (older than the auto-send window): one click sends them all. */
export function SendAllBar({ environmentId }: { readonly environmentId: string }) {
  const api = useApi();
  const query = { status: 'not_sent' as const, environmentId, limit: 1000 };
  // Pushed updates that send, abandon or stop sending a purchase mark it stale, so the count follows them.
  const notSent = useQuery({ queryKey: purchaseKeys.notSent(environmentId), queryFn: () => call(api, 'purchase:list', query) });
  const sendAll = useSendAllMutation();
  const count = notSent.data?.purchases.filter((record) => record.imported !== true).length ?? 0;
  if (count === 0) return null;
  return (
    <div className="notice send-all" role="status">
      {count === 1 ? '1 purchase was' : `${formatNumber(count)} purchases were`} never sent; nothing was charged for {count === 1 ? 'it' : 'them'}.{' '}
      <button type="button" disabled={sendAll.isPending} onClick={() => { sendAll.mutate(); }}>Send all</button>
      {sendAll.error === null ? null : <ErrorNotice error={sendAll.error} />}
    </div>
  );
}
