import { useId } from 'react';
import type { AuthMode } from '../../../shared/environment/environment.ts';
import type { SecretName } from '../../bridge/contract-schemas.ts';
import { useCredentialStatusQuery } from '../../api/credential-queries.ts';
import { persistencePhrases, secretLabels } from './credential-labels.ts';

/** The secrets an environment signs in and searches with, per sign-in mode. */
export function secretsFor(authMode: AuthMode, fromEnvironment: boolean): readonly SecretName[] {
  const signIn: readonly SecretName[] = authMode === 'developer' ? ['refreshToken'] : ['clientId', 'clientSecret'];
  // Credentials from the environment variables replace the sign-in ones, not the provider key.
  return [...(fromEnvironment ? [] : signIn), 'providerKey'];
}

const hints: Partial<Record<SecretName, string>> = {
  refreshToken: 'On the My Tokens page of your developer account.',
  providerKey: 'For address search (Find and Retrieve).',
};

/** The input name a secret is read back from on submit (never kept in React state). */
export const secretInputName = (name: SecretName): string => `secret-${name}`;

export interface EnvironmentSecretsProps {
  /** The environment being edited: its fields say whether each secret is set; absent when adding. */
  readonly environmentId: string | undefined;
  readonly authMode: AuthMode;
  readonly fromEnvironment: boolean;
}

/**
 * The credentials in the environment's own form: write-only password inputs, uncontrolled, so a
 * value never sits in React state or a DOM attribute. The form reads them once when it is saved,
 * sends them to core and empties them. Left empty, a stored value is kept.
 */
export function EnvironmentSecrets({ environmentId, authMode, fromEnvironment }: EnvironmentSecretsProps) {
  const id = useId();
  const status = useCredentialStatusQuery(environmentId).data;
  return (
    <fieldset className="field-group environment-secrets">
      <legend>Credentials</legend>
      {fromEnvironment ? <p className="field-hint">Sign-in comes from the environment variables named above.</p> : null}
      {secretsFor(authMode, fromEnvironment).map((name) => {
        const present = status?.present[name] === true;
        const state = status === undefined || environmentId === undefined ? 'Not set yet.' : present ? `Set: ${persistencePhrases[status.persistence]}. Type to replace it.` : 'Not set.';
        return (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>{secretLabels[name]}</label>
            <input id={`${id}-${name}`} name={secretInputName(name)} type="password" autoComplete="off" spellCheck={false} aria-describedby={`${id}-${name}-hint`} />
            <p className="field-hint" id={`${id}-${name}-hint`}>{[hints[name], state].filter((part) => part !== undefined).join(' ')}</p>
          </div>
        );
      })}
    </fieldset>
  );
}
