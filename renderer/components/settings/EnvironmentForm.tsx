import { useId, useState, type SubmitEvent } from 'react';
import { environmentInputSchema, environmentKindOf, type AuthMode, type Environment, type EnvironmentInput, type EnvironmentKind } from '../../../shared/environment.ts';
import { useAddEnvironmentMutation, useUpdateEnvironmentMutation } from '../../api/environment-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { TextField } from '../common/TextField.tsx';
import { ServicePreset } from './ServicePreset.tsx';

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

function draftOf(environment: Environment | undefined): Draft {
  return {
    name: environment?.name ?? '',
    baseUrl: environment?.baseUrl ?? '',
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

export function EnvironmentForm({ environment, onDone, onCancel }: EnvironmentFormProps) {
  const prefix = useId();
  const [draft, setDraft] = useState(() => draftOf(environment));
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddEnvironmentMutation();
  const update = useUpdateEnvironmentMutation();
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
    const options = { onSuccess: onDone };
    if (environment === undefined) add.mutate(result.input, options);
    else update.mutate({ id: environment.id, input: result.input }, options);
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
        Use credentials from the environment
      </label>
      <p className="field-hint">
        WF_CLIENT_ID and WF_CLIENT_SECRET (machine) or WF_REFRESH_TOKEN (developer), read where TitleDesk was started. Only one
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
