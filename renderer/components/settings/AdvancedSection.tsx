import { useId, useState, type SubmitEvent } from 'react';
import { advancedSettingsSchema, type AdvancedSettings } from '../../../shared/environment/environment.ts';
import { useUpdateSettingsMutation } from '../../api/settings-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { TextField } from '../common/TextField.tsx';

type Key = keyof AdvancedSettings;
type Draft = Record<Key, string>;

const fields: readonly { key: Key; label: string; hint: string }[] = [
  { key: 'tokenRefreshMinutes', label: 'Token refresh period (minutes)', hint: 'A new access token at least this often; the service issues them for 60 minutes.' },
  { key: 'tokenMarginSeconds', label: 'Refresh margin (seconds)', hint: 'How long before a token expires a new one is fetched.' },
  { key: 'maxConcurrentRequests', label: 'Concurrent requests per service', hint: 'Further requests, including purchase checks, wait their turn. Applies after a restart.' },
  { key: 'backoffMaxAttempts', label: 'Sign-in attempts on transient failures', hint: 'When the identity provider or the network fails; credentials are kept.' },
  { key: 'backoffBaseMs', label: 'First sign-in retry delay (ms)', hint: 'Doubles with each attempt.' },
  { key: 'backoffMaxMs', label: 'Longest sign-in retry delay (ms)', hint: 'The cap on the doubling.' },
  { key: 'pollMaxAttempts', label: 'Purchase checks failing in a row', hint: 'After this many 500, 503, 504 or network failures a purchase is marked failed; it can be checked again. A purchase is never re-sent.' },
  { key: 'pollBackoffBaseMs', label: 'First purchase-check retry delay (ms)', hint: 'Random up to this, doubling with each failure; a Retry-After from the service wins.' },
  { key: 'pollBackoffMaxMs', label: 'Longest purchase-check retry delay (ms)', hint: 'The cap on the doubling.' },
  {
    key: 'autoSendNotSentMinutes',
    label: 'Send unsent purchases on start within (minutes)',
    hint: 'A purchase TitleDesk stopped before sending goes out on the next start if it was clicked this recently; older ones wait for "Send now". 0: always wait.',
  },
];

/** Retry ranges whose first delay must not exceed their cap. */
const delayPairs: readonly { base: Key; cap: Key; message: string }[] = [
  { base: 'backoffBaseMs', cap: 'backoffMaxMs', message: 'Must be at least the first sign-in retry delay.' },
  { base: 'pollBackoffBaseMs', cap: 'pollBackoffMaxMs', message: 'Must be at least the first purchase-check retry delay.' },
];

function draftOf(settings: AdvancedSettings): Draft {
  return {
    tokenRefreshMinutes: String(settings.tokenRefreshMinutes),
    tokenMarginSeconds: String(settings.tokenMarginSeconds),
    maxConcurrentRequests: String(settings.maxConcurrentRequests),
    backoffMaxAttempts: String(settings.backoffMaxAttempts),
    backoffBaseMs: String(settings.backoffBaseMs),
    backoffMaxMs: String(settings.backoffMaxMs),
    pollMaxAttempts: String(settings.pollMaxAttempts),
    pollBackoffBaseMs: String(settings.pollBackoffBaseMs),
    pollBackoffMaxMs: String(settings.pollBackoffMaxMs),
    autoSendNotSentMinutes: String(settings.autoSendNotSentMinutes),
  };
}

function parse(draft: Draft): { ok: true; value: AdvancedSettings } | { ok: false; errors: Partial<Record<Key, string>> } {
  const candidate = Object.fromEntries(fields.map(({ key }) => [key, draft[key].trim() === '' ? Number.NaN : Number(draft[key])]));
  const parsed = advancedSettingsSchema.safeParse(candidate);
  const errors: Partial<Record<Key, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = fields.find((field) => field.key === issue.path[0])?.key;
      if (key !== undefined) errors[key] ??= Number.isNaN(candidate[key]) ? 'Enter a whole number.' : issue.message;
    }
    return { ok: false, errors };
  }
  for (const { base, cap, message } of delayPairs) {
    if (parsed.data[base] > parsed.data[cap]) errors[cap] = message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** How core talks to every environment: token refresh, concurrency and retry limits. */
export function AdvancedSection({ settings }: { readonly settings: AdvancedSettings }) {
  const prefix = useId();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const update = useUpdateSettingsMutation();

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const result = parse(draft);
    if (!result.ok) {
      setErrors(result.errors);
      const first = fields.find(({ key }) => result.errors[key] !== undefined);
      if (first !== undefined) document.getElementById(`${prefix}-${first.key}`)?.focus();
      return;
    }
    setErrors({});
    update.mutate(result.value);
  }

  return (
    <section className="settings-section" aria-labelledby="advanced-heading">
      <h3 id="advanced-heading">Advanced</h3>
      <form onSubmit={submit} noValidate className="advanced-form" aria-label="Advanced settings">
        <div className="field-grid">
          {fields.map(({ key, label, hint }) => (
            <TextField
              key={key}
              id={`${prefix}-${key}`}
              label={label}
              hint={hint}
              inputMode="numeric"
              value={draft[key]}
              onChange={(event) => { setDraft((current) => ({ ...current, [key]: event.target.value })); }}
              {...(errors[key] === undefined ? {} : { error: errors[key] })}
            />
          ))}
        </div>
        {update.isError ? <ErrorNotice error={update.error} /> : null}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={update.isPending}>Save advanced settings</button>
          {update.isSuccess ? <p role="status" className="field-hint">Saved. Token and retry settings apply now; concurrent requests after TitleDesk restarts.</p> : null}
        </div>
      </form>
    </section>
  );
}
