import { useEffect, useRef } from 'react';
import type { AuthState } from '../../shared/environment.ts';
import type { useSignInMutation } from './auth-queries.ts';

/**
 * Opening an environment that has credentials signs it in, so the first screen is ready to
 * work. Tried once per environment per page: after a failure the user decides what to do.
 */
export function useSignInOnOpen(state: AuthState | undefined, signIn: ReturnType<typeof useSignInMutation>): void {
  const tried = useRef(new Set<string>());
  const { mutate } = signIn;
  useEffect(() => {
    if (state === undefined || state.signedIn || state.credentials === 'missing') return;
    if (tried.current.has(state.environmentId)) return;
    tried.current.add(state.environmentId);
    mutate(state.environmentId);
  }, [state, mutate]);
}
