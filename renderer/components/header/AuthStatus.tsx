import type { AuthState, Environment } from '../../../shared/environment/environment.ts';
import { unsavedRefreshTokenNote } from '../../../shared/errors/refresh-token-words.ts';
import { useAuthStateQuery, useSignInMutation, useSignOutMutation } from '../../api/auth-queries.ts';
import { useSignInOnOpen } from '../../api/use-sign-in-on-open.ts';
import { formatClockTime } from '../../format-time.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';

/** How the environment signs in: in the status's details (its tooltip), not on the first screen's line. */
const modeLabels = { developer: 'Developer mode: a refresh token from My Tokens', machine: 'Machine mode: a client id and secret' } as const;

function describe(state: AuthState, signingIn: boolean): string {
  if (signingIn) return 'Signing in…';
  if (state.signedIn && typeof state.expiresAt === 'number') return `Signed in: token valid until ${formatClockTime(state.expiresAt)}`;
  if (state.credentials === 'missing') return 'Signed out: no credentials set';
  return 'Signed out';
}

/** The selected environment's sign-in state: a state only, never a token. */
export function AuthStatus({ environment }: { readonly environment: Environment }) {
  const auth = useAuthStateQuery(environment.id);
  const signIn = useSignInMutation();
  const signOut = useSignOutMutation();
  useSignInOnOpen(auth.data, signIn);

  const state = auth.data;
  const failure = signIn.isError ? signIn.error : signOut.isError ? signOut.error : auth.isError ? auth.error : undefined;
  return (
    <div className="auth-status">
      {state === undefined ? (
        <p className="auth-line" aria-live="polite">
          {auth.isPending ? 'Checking sign-in…' : 'Sign-in state unavailable'}
        </p>
      ) : (
        <p className="auth-line" aria-live="polite">
          <span className={state.signedIn ? 'auth-state auth-signed-in' : 'auth-state'} title={modeLabels[state.mode]}>{describe(state, signIn.isPending)}</span>
        </p>
      )}
      {state?.signedIn === true ? (
        <button type="button" disabled={signOut.isPending} onClick={() => { signIn.reset(); signOut.mutate(environment.id); }}>
          Sign out
        </button>
      ) : (
        <button type="button" disabled={signIn.isPending || state === undefined} onClick={() => { signOut.reset(); signIn.mutate(environment.id); }}>
          Sign in
        </button>
      )}
      {/* An alert is announced once, when it appears; it stays until the token is stored. */}
      {state?.refreshTokenUnsaved === true ? <p className="error-notice auth-warning" role="alert">{unsavedRefreshTokenNote}</p> : null}
      {failure === undefined ? null : <ErrorNotice error={failure} />}
    </div>
  );
}
