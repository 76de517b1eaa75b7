import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';

/** A purchase to open in Look up and check, from a titledesk:// link or a clicked notification. */
export interface OpenPurchaseRequest {
  readonly reference: string;
  /** Counts requests, so the same link clicked twice is checked twice. */
  readonly version: number;
}

/** The latest request to open a purchase: the launch's, then each app:open-purchase event. */
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
  return request;
}
