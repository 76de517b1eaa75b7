import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { usePastedPurchase } from './use-pasted-purchase.ts';

/** A purchase to open in Look up and check: a titledesk:// link, a clicked notification, or a pasted ID. */
export interface OpenPurchaseRequest {
  readonly reference: string;
  /** Counts requests, so the same link clicked twice is checked twice. */
  readonly version: number;
}

/** The latest request to open a purchase: the launch's, then each app:open-purchase event or pasted ID. */
export function useOpenPurchaseRequests(initial: string | undefined): OpenPurchaseRequest | undefined {
  const api = useApi();
  const [request, setRequest] = useState<OpenPurchaseRequest | undefined>(initial === undefined ? undefined : { reference: initial, version: 1 });
  useEffect(
    () =>
      api.on('app:open-purchase', ({ reference }) => {
        setRequest((current) => ({ reference, version: (current?.version ?? 0) + 1 }));
      }),
    [api],
  );
  usePastedPurchase((reference) => {
    setRequest((current) => ({ reference, version: (current?.version ?? 0) + 1 }));
  });
  return request;
}
