import { useEffect, useRef } from 'react';
import type { AuthState } from '../../shared/environment/environment.ts';
import type { useSignInMutation } from './auth-queries.ts';

/**
 * Opening an environment that has credentials signs it in, so the first screen is ready to
 * work. Tried once per environment per page: after a failure or a sign-out the user decides.
 */
export function useSignInOnOpen(state: AuthState | undefined, signIn: ReturnType<typeof useSignInMutation>): void {
  const tried = useRef(new Set<string>());
  const { mutate } = signIn;
  useEffect(() => {
    // Only the first state seen for an environment counts: a later sign-out is the user's choice.
    if (state === undefined || tried.current.has(state.environmentId)) return;
    tried.current.add(state.environmentId);
    if (!state.signedIn && state.credentials !== 'missing') mutate(state.environmentId);
  }, [state, mutate]);
}
