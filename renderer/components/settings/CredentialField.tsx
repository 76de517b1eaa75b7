import { useId, useState, type SubmitEvent } from 'react';
import type { CredentialStatus } from '../../../shared/contract/channels.ts';
import type { SecretName } from '../../bridge/contract-schemas.ts';
import { useSetCredentialMutation } from '../../api/credential-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { persistencePhrases, secretLabels } from './credential-labels.ts';

export interface CredentialFieldProps {
  readonly environmentId: string;
  readonly name: SecretName;
  readonly status: CredentialStatus;
  readonly hint?: string;
}

/**
 * A write-only credential. The input is uncontrolled, so the value never sits in React state or
 * in a DOM attribute; it is read once on submit, sent to core, and the form is reset. What comes
 * back is only whether it is set and where it lives.
 */
export function CredentialField({ environmentId, name, status, hint }: CredentialFieldProps) {
  const id = useId();
  const setCredential = useSetCredentialMutation();
  const [empty, setEmpty] = useState(false);
  const [saved, setSaved] = useState<'saved' | 'cleared' | undefined>();
  const label = secretLabels[name];
  const present = status.present[name];
  const where = persistencePhrases[status.persistence];

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const form = event.currentTarget;
    const value = new FormData(form).get('value');
    if (typeof value !== 'string' || value.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setSaved(undefined);
    form.reset();
    setCredential.mutate({ environmentId, name, value }, { onSuccess: () => { setSaved('saved'); } });
  }

  function clear(): void {
    setSaved(undefined);
    setCredential.mutate({ environmentId, name, value: '' }, { onSuccess: () => { setSaved('cleared'); } });
  }

  const describedBy = [`${id}-status`, empty ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <form className="credential-field" onSubmit={submit} noValidate aria-label={label}>
      <label htmlFor={id}>{label}</label>
      <div className="credential-input-row">
        <input
          id={id}
          name="value"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={present ? 'Set (type to replace)' : 'Not set'}
          aria-invalid={empty}
          aria-describedby={describedBy}
        />
        <button type="submit" disabled={setCredential.isPending}>Save</button>
        {present ? (
          <button type="button" disabled={setCredential.isPending} onClick={clear} aria-label={`Clear ${label.toLowerCase()}`}>
            Clear
          </button>
        ) : null}
      </div>
      <p className="field-hint" id={`${id}-status`} role="status">
        {saved === 'saved' ? `Saved: ${where}.` : saved === 'cleared' ? 'Cleared.' : present ? `Set: ${where}.` : 'Not set.'}
        {hint === undefined ? null : ` ${hint}`}
      </p>
      {empty ? <p className="field-error" id={`${id}-error`}>Type a value to save, or use Clear to remove it.</p> : null}
      {setCredential.isError ? <ErrorNotice error={setCredential.error} /> : null}
    </form>
  );
}
