import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AddressCandidate } from '../../../shared/property/address.ts';
import { useApi } from '../../api/api-context.tsx';
import { AppError } from '../../api/app-error.ts';
import { call } from '../../api/call.ts';
import { LatestOnly } from './latest-only.ts';

export const addressKeys = {
  all: ['address'] as const,
  find: (text: string, container: string | undefined) => [...addressKeys.all, 'find', text, container ?? ''] as const,
  retrieve: (id: string) => [...addressKeys.all, 'retrieve', id] as const,
};

export interface FindRequest {
  readonly text: string;
  readonly container: string | undefined;
}

/** Inside a building or postcode, the provider's largest page: a block of 28 flats shows all 28. */
export const containerLimit = 100;

export type SuggestionState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly request: FindRequest; readonly candidates: readonly AddressCandidate[] }
  | { readonly status: 'done'; readonly request: FindRequest; readonly candidates: readonly AddressCandidate[]; readonly note?: string }
  | { readonly status: 'error'; readonly request: FindRequest; readonly error: unknown };

/** Find is free but typing is fast: wait for a pause before asking. */
export const findDebounceMs = 150;

/**
 * Suggestions for what is typed: debounced, at most one Find in flight, only the newest
 * answer shown. A Find that core cancelled because a newer one superseded it is not an error.
 */
export function useAddressSuggestions(request: FindRequest | undefined): SuggestionState {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SuggestionState>({ status: 'idle' });
  const runner = useRef<LatestOnly<FindRequest, { candidates: AddressCandidate[]; note?: string | undefined }> | null>(null);
  runner.current ??= new LatestOnly(
    ({ text, container }) =>
      queryClient.query({
        queryKey: addressKeys.find(text, container),
        queryFn: () => call(api, 'address:find', container === undefined ? { text } : { text, container, limit: containerLimit }),
        staleTime: 5 * 60_000,
      }),
    (done, outcome) => {
      if (outcome.ok) setState({ status: 'done', request: done, candidates: outcome.value.candidates, ...(outcome.value.note === undefined ? {} : { note: outcome.value.note }) });
      else if (!(outcome.error instanceof AppError && outcome.error.code === 'cancelled')) setState({ status: 'error', request: done, error: outcome.error });
    },
  );

  const text = request?.text;
  const container = request?.container;
  useEffect(() => {
    const current = runner.current;
    if (current === null) return;
    if (text === undefined) {
      current.cancel();
      setState({ status: 'idle' });
      return;
    }
    const next = { text, container };
    // While the next answer is on its way the last list stays, unless it was another level's.
    setState((previous) => ({
      status: 'loading',
      request: next,
      candidates: (previous.status === 'done' || previous.status === 'loading') && previous.request.container === container ? previous.candidates : [],
    }));
    // Drilling into a container is a deliberate step, not typing: it is asked for at once.
    const timer = setTimeout(() => { current.request(next); }, container === undefined ? findDebounceMs : 0);
    return () => { clearTimeout(timer); };
  }, [text, container]);

  return state;
}

export function useAddressRetrieveQuery(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: addressKeys.retrieve(id ?? ''),
    queryFn: () => call(api, 'address:retrieve', { id: id ?? '' }),
    enabled: id !== undefined,
    // Retrieve costs the provider's credit: an address once retrieved is kept for the session.
    staleTime: Infinity,
  });
}
