import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { environmentInputSchema, environmentKindOf, type AuthMode, type Environment, type EnvironmentInput, type EnvironmentKind } from '../../../shared/environment/environment.ts';
import { useSetCredentialMutation } from '../../api/credential-queries.ts';
import { useAddEnvironmentMutation, useUpdateEnvironmentMutation } from '../../api/environment-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { TextField } from '../common/TextField.tsx';
import { ConnectionTests } from './ConnectionTests.tsx';
import { EnvironmentSecrets, secretInputName, secretsFor } from './EnvironmentSecrets.tsx';
import { productionPreset, ServicePreset } from './ServicePreset.tsx';

type FieldName = 'name' | 'baseUrl' | 'developerClientId' | 'findUrl' | 'retrieveUrl';
/** kind is undefined until the user picks one: until then it follows the address typed. */
type Draft = Record<FieldName, string> & { authMode: AuthMode; credentialsFromEnvironment: boolean; kind: EnvironmentKind | undefined };
type FieldErrors = Partial<Record<FieldName | 'authMode', string>>;

const kindLabels: { readonly [K in EnvironmentKind]: string } = {
  live: 'Live: real purchases, charged',
  staging: 'Staging: a test service',
  local: 'Local: a test service on this computer',
};

const fieldOrder: readonly FieldName[] = ['name', 'baseUrl', 'developerClientId', 'findUrl', 'retrieveUrl'];

/** A new environment starts on the production service, the one most people add; Custom empties it. */
function draftOf(environment: Environment | undefined): Draft {
  return {
    name: environment?.name ?? productionPreset.name,
    baseUrl: environment?.baseUrl ?? productionPreset.baseUrl,
    authMode: environment?.authMode ?? 'developer',
    kind: environment === undefined ? undefined : kindOrLive(environment),
    developerClientId: environment?.developerClientId ?? '',
    findUrl: environment?.findUrl ?? '',
    retrieveUrl: environment?.retrieveUrl ?? '',
    credentialsFromEnvironment: environment?.credentialsFromEnvironment === true,
  };
}

function kindOrLive(environment: Pick<Environment, 'baseUrl' | 'kind'>): EnvironmentKind {
  const kind = environmentKindOf(environment);
  return kind === 'sandbox' ? 'local' : kind;
}

function draftKind(draft: Draft): EnvironmentKind {
  return draft.kind ?? kindOrLive({ baseUrl: draft.baseUrl.trim() });
}

/** Empty optional fields mean "not set", not an empty string the schema would reject. */
function inputOf(draft: Draft): Record<string, string | boolean | undefined> {
  const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
  return {
    name: draft.name,
    baseUrl: draft.baseUrl,
    authMode: draft.authMode,
    kind: draftKind(draft),
    developerClientId: optional(draft.developerClientId),
    findUrl: optional(draft.findUrl),
    retrieveUrl: optional(draft.retrieveUrl),
    credentialsFromEnvironment: draft.credentialsFromEnvironment ? true : undefined,
  };
}

function isFormField(key: PropertyKey | undefined): key is keyof FieldErrors {
  return key === 'authMode' || fieldOrder.some((name) => name === key);
}

/** Validates with the very schema core applies, so the form and core never disagree. */
function validate(draft: Draft): { ok: true; input: EnvironmentInput } | { ok: false; errors: FieldErrors } {
  const parsed = environmentInputSchema.safeParse(inputOf(draft));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isFormField(field)) continue;
    const message = field === 'name' && draft.name.trim() === '' ? 'Give the environment a name.' : issue.message;
    errors[field] ??= message;
  }
  return { ok: false, errors };
}

export interface EnvironmentFormProps {
  /** The environment being edited; absent when adding one. */
  readonly environment?: Environment;
  readonly onDone: (environment: Environment) => void;
  readonly onCancel: () => void;
}

/** The secrets typed into the form, read once on save; their inputs are emptied once they are stored. */
function typedSecrets(form: HTMLFormElement, draft: Draft) {
  const data = new FormData(form);
  return secretsFor(draft.authMode, draft.credentialsFromEnvironment).flatMap((name) => {
    const value = data.get(secretInputName(name));
    return typeof value === 'string' && value.trim() !== '' ? [{ name, value }] : [];
  });
}

function emptySecretInputs(form: HTMLFormElement): void {
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="password"]')) input.value = '';
}

/**
 * One form for an environment and its credentials: the service, how to sign in, the secrets, and
 * once saved, "Test connection" and "Test key" right there, before anything is bought.
 */
export function EnvironmentForm({ environment, onDone, onCancel }: EnvironmentFormProps) {
  const prefix = useId();
  const [draft, setDraft] = useState(() => draftOf(environment));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<{ environment: Environment; secrets: number } | undefined>();
  const add = useAddEnvironmentMutation();
  const update = useUpdateEnvironmentMutation();
  const setCredential = useSetCredentialMutation();
  const mutation = environment === undefined ? add : update;
  const idOf = (field: FieldName): string => `${prefix}-${field}`;

  function change(field: FieldName) {
    return (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [field]: event.target.value }));
    };
  }

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const result = validate(draft);
    if (!result.ok) {
      setErrors(result.errors);
      const first = fieldOrder.find((field) => result.errors[field] !== undefined);
      if (first !== undefined) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    const form = event.currentTarget;
    const secrets = typedSecrets(form, draft);
    // The environment first (core then knows it), then its credentials, one at a time.
    const options = {
      onSuccess: async (stored: Environment) => {
        // Each stored or not on its own; one refused is shown below what was stored.
        let storedCount = 0;
        for (const { name, value } of secrets) {
          const ok = await setCredential.mutateAsync({ environmentId: stored.id, name, value }).then(() => true, () => false);
          if (ok) storedCount += 1;
        }
        emptySecretInputs(form);
        setSaved({ environment: stored, secrets: storedCount });
      },
    };
    if (environment === undefined) add.mutate(result.input, options);
    else update.mutate({ id: environment.id, input: result.input }, options);
  }

  if (saved !== undefined) {
    return <SavedEnvironment environment={saved.environment} secrets={saved.secrets} credentialError={setCredential.error} onDone={() => { onDone(saved.environment); }} />;
  }

  const text = (field: FieldName, label: string, hint?: string, type = 'text') => (
    <TextField
      id={idOf(field)}
      label={label}
      type={type}
      value={draft[field]}
      onChange={change(field)}
      spellCheck={false}
      autoComplete="off"
      {...(hint === undefined ? {} : { hint })}
      {...(errors[field] === undefined ? {} : { error: errors[field] })}
    />
  );

  return (
    <form className="environment-form" onSubmit={submit} noValidate aria-label={environment === undefined ? 'Add environment' : `Edit ${environment.name}`}>
      <h3>{environment === undefined ? 'Add environment' : `Edit ${environment.name}`}</h3>
      {environment === undefined ? (
        <ServicePreset
          baseUrl={draft.baseUrl}
          onPick={(preset) => {
            setDraft((current) =>
              preset === null
                ? { ...current, baseUrl: '' }
                : { ...current, baseUrl: preset.baseUrl, name: current.name.trim() === '' ? preset.name : current.name },
            );
          }}
        />
      ) : null}
      {text('name', 'Name')}
      {text('baseUrl', 'Service base URL', 'For example https://api.whenfresh.com', 'url')}
      <fieldset className="radio-group">
        <legend>Sign in with</legend>
        {(['developer', 'machine'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name={`${prefix}-auth-mode`}
              value={mode}
              checked={draft.authMode === mode}
              onChange={() => { setDraft((current) => ({ ...current, authMode: mode })); }}
            />
            {mode === 'developer' ? 'Developer: a refresh token from My Tokens' : 'Machine: a client id and secret'}
          </label>
        ))}
      </fieldset>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={draft.credentialsFromEnvironment}
          onChange={(event) => { const checked = event.target.checked; setDraft((current) => ({ ...current, credentialsFromEnvironment: checked })); }}
        />
        Use WF_* variables from this computer
      </label>
      <p className="field-hint">
        WF_CLIENT_ID and WF_CLIENT_SECRET (machine) or WF_REFRESH_TOKEN (developer), set where TitleDesk was started. Only one
        environment uses them: marking this one unmarks any other, and no other environment ever receives them.
      </p>
      <fieldset className="radio-group">
        <legend>Kind</legend>
        {(['live', 'staging', 'local'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name={`${prefix}-kind`}
              value={kind}
              checked={draftKind(draft) === kind}
              onChange={() => { setDraft((current) => ({ ...current, kind })); }}
            />
            {kindLabels[kind]}
          </label>
        ))}
      </fieldset>
      {text('developerClientId', 'Developer client id (optional)', 'The fixed client id for developer access; it is not a secret.')}
      <EnvironmentSecrets environmentId={environment?.id} authMode={draft.authMode} fromEnvironment={draft.credentialsFromEnvironment} />
      <fieldset className="field-group">
        <legend>Address provider (optional)</legend>
        {text('findUrl', 'Find URL', undefined, 'url')}
        {text('retrieveUrl', 'Retrieve URL', undefined, 'url')}
      </fieldset>
      {mutation.isError ? <ErrorNotice error={mutation.error} /> : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={mutation.isPending}>
          {environment === undefined ? 'Add environment' : 'Save changes'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** After saving: what was stored, the tests that need no purchase, and the way back to the list. */
function SavedEnvironment({ environment, secrets, credentialError, onDone }: { readonly environment: Environment; readonly secrets: number; readonly credentialError: Error | null; readonly onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form's buttons are gone: focus goes to what replaced them, not to the page.
  useEffect(() => { heading.current?.focus(); }, []);
  const stored = secrets === 0 ? 'No credentials were stored now; any stored before are kept.' : `${String(secrets)} credential${secrets === 1 ? '' : 's'} saved.`;
  return (
    <section className="environment-form" aria-labelledby={`${environment.id}-saved`}>
      <h3 id={`${environment.id}-saved`} tabIndex={-1} ref={heading}>{environment.name} is saved</h3>
      <p role="status">{stored} Test it before buying: neither test buys anything.</p>
      {credentialError === null ? null : <ErrorNotice error={credentialError} />}
      <ConnectionTests environmentId={environment.id} />
      <div className="form-actions">
        <button type="button" className="button-primary" onClick={onDone}>Done</button>
      </div>
    </section>
  );
}
