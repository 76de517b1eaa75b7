import { useId, useState } from 'react';
import type { AuthMode, Environment } from '../../../shared/environment/environment.ts';
import { useCredentialStatusQuery } from '../../api/credential-queries.ts';
import { useSetAuthModeMutation } from '../../api/environment-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { ConnectionTests } from './ConnectionTests.tsx';
import { CredentialField } from './CredentialField.tsx';

export interface CredentialsSectionProps {
  readonly environments: readonly Environment[];
  readonly selectedId: string;
}

const modeChoices: readonly { mode: AuthMode; label: string }[] = [
  { mode: 'developer', label: 'Developer: a refresh token from My Tokens' },
  { mode: 'machine', label: 'Machine: a client id and secret' },
];

/** Credentials per environment. Fields are write-only: they show whether a value is set, never the value. */
export function CredentialsSection({ environments, selectedId }: CredentialsSectionProps) {
  const pickerId = useId();
  const [chosenId, setChosenId] = useState(selectedId);
  const environment = environments.find((candidate) => candidate.id === chosenId) ?? environments[0];
  const status = useCredentialStatusQuery(environment?.id);
  const setMode = useSetAuthModeMutation();
  if (environment === undefined) return null;

  return (
    <section className="settings-section" aria-labelledby="credentials-heading">
      <h3 id="credentials-heading">Credentials</h3>
      <div className="field">
        <label htmlFor={pickerId}>Credentials for</label>
        <select id={pickerId} value={environment.id} onChange={(event) => { setChosenId(event.target.value); }}>
          {environments.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>{candidate.name}</option>
          ))}
        </select>
      </div>
      {environment.builtIn === true ? (
        <p className="field-hint">The Sandbox fills in its own credentials each time it starts; you can still replace them to try errors.</p>
      ) : null}
      <fieldset className="radio-group">
        <legend>Sign in with</legend>
        {modeChoices.map(({ mode, label }) => (
          <label key={mode}>
            <input
              type="radio"
              name={`${pickerId}-mode`}
              value={mode}
              checked={environment.authMode === mode}
              disabled={setMode.isPending}
              onChange={() => { setMode.mutate({ id: environment.id, mode }); }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {setMode.isError ? <ErrorNotice error={setMode.error} /> : null}
      {status.isError ? <ErrorNotice error={status.error} /> : null}
      {status.data === undefined ? (
        status.isPending ? <p className="field-hint">Loading…</p> : null
      ) : (
        <div className="credential-fields" key={environment.id}>
          {environment.authMode === 'developer' ? (
            <>
              <p className="field-hint">The refresh token is on the My Tokens page of your developer account.</p>
              <CredentialField environmentId={environment.id} name="refreshToken" status={status.data} />
              <CredentialField
                environmentId={environment.id}
                name="developerClientId"
                status={status.data}
                hint="When not set, the environment's developer client id is used."
              />
            </>
          ) : (
            <>
              <CredentialField environmentId={environment.id} name="clientId" status={status.data} />
              <CredentialField environmentId={environment.id} name="clientSecret" status={status.data} />
            </>
          )}
          <CredentialField environmentId={environment.id} name="providerKey" status={status.data} hint="Used for address search." />
          <ConnectionTests environmentId={environment.id} />
        </div>
      )}
    </section>
  );
}
