import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';

/** A purchase to open in Look up and check, from a titledesk:// link or a clicked notification. */
export interface OpenPurchaseRequest {
  readonly reference: string;
  /** Counts requests, so the same link clicked twice is checked twice. */
  readonly version: number;
}

export interface OpenRequestPlace {
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
}

/**
 * On a first launch from a link the desktop app loads the page with `#open=<reference>` (main
 * has already parsed the link strictly); the page takes it once and clears it from the address,
 * so a reload does not check it again. Later links arrive as app:open-purchase events.
 */
export function takeOpenPurchase(place: OpenRequestPlace): string | undefined {
  const reference = new URLSearchParams(place.location.hash.replace(/^#/, '')).get('open');
  if (reference === null || reference === '') return undefined;
  place.history.replaceState(place.history.state, '', `${place.location.pathname}${place.location.search}`);
  return reference;
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
