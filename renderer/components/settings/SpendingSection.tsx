import { useId, useState, type SubmitEvent } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import type { SpendingStatus } from '../../../shared/money/spending.ts';
import { useSpendingStatusQuery, useUpdateSpendingMutation } from '../../api/spending-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { TextField } from '../common/TextField.tsx';

type Key = 'currency' | 'confirmAbove' | 'daily' | 'monthly' | 'reuseDays' | 'batchConcurrency';
type Draft = Record<Key, string>;

const amountKeys = ['confirmAbove', 'daily', 'monthly'] as const;

function draftOf(status: SpendingStatus): Draft {
  const { settings } = status;
  const currency = Object.keys({ ...settings.daily, ...settings.monthly, ...settings.confirmAbove })[0] ?? 'GBP';
  const amount = (record: Readonly<Record<string, number>>): string => (record[currency] === undefined ? '' : String(record[currency]));
  return {
    currency,
    confirmAbove: amount(settings.confirmAbove),
    daily: amount(settings.daily),
    monthly: amount(settings.monthly),
    reuseDays: String(status.reuseDays),
    batchConcurrency: String(status.batchConcurrency),
  };
}

function parse(draft: Draft): { ok: true; amounts: Record<(typeof amountKeys)[number], Record<string, number>>; reuseDays: number; batchConcurrency: number } | { ok: false; errors: Partial<Record<Key, string>> } {
  const errors: Partial<Record<Key, string>> = {};
  const currency = draft.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'A three-letter currency code, e.g. GBP.';
  const amounts = { confirmAbove: {}, daily: {}, monthly: {} } as Record<(typeof amountKeys)[number], Record<string, number>>;
  for (const key of amountKeys) {
    const text = draft[key].trim();
    if (text === '') continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) errors[key] = 'An amount of 0 or more, or empty for no limit.';
    else amounts[key] = { [currency]: value };
  }
  const reuseDays = Number(draft.reuseDays);
  if (!Number.isInteger(reuseDays) || reuseDays < 0 || reuseDays > 3650) errors.reuseDays = 'Whole days from 0 to 3650.';
  const batchConcurrency = Number(draft.batchConcurrency);
  if (!Number.isInteger(batchConcurrency) || batchConcurrency < 1 || batchConcurrency > 64) errors.batchConcurrency = 'A whole number from 1 to 64.';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, amounts, reuseDays, batchConcurrency };
}

function SpendingForm({ environment, status }: { readonly environment: Environment; readonly status: SpendingStatus }) {
  const prefix = useId();
  const [draft, setDraft] = useState(() => draftOf(status));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const update = useUpdateSpendingMutation();
  const field = (key: Key, label: string, hint: string) => (
    <TextField
      id={`${prefix}-${key}`}
      label={label}
      hint={hint}
      value={draft[key]}
      onChange={(event) => { setDraft((current) => ({ ...current, [key]: event.target.value })); }}
      {...(errors[key] === undefined ? {} : { error: errors[key] })}
    />
  );

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const result = parse(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate({ environmentId: environment.id, settings: result.amounts, reuseDays: result.reuseDays, batchConcurrency: result.batchConcurrency });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Spending on ${environment.name}`}>
      <div className="field-grid">
        {field('currency', 'Currency', 'The amounts below are in this currency.')}
        {field('confirmAbove', 'Ask a second time above', 'A purchase costing more asks for a second, explicit confirmation. Empty: never.')}
        {field('daily', 'Daily budget', 'Nothing is started that would go over it today. Empty: no limit.')}
        {field('monthly', 'Monthly budget', 'Nothing is started that would go over it this month. Empty: no limit.')}
        {field('reuseDays', 'Reuse variables bought within (days)', 'Not bought again by default: the earlier value is used. 0 buys again. All environments.')}
        {field('batchConcurrency', 'Batch purchases in flight at once', 'For every batch started from now on. All environments.')}
      </div>
      {update.isError ? <ErrorNotice error={update.error} /> : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={update.isPending}>Save spending settings</button>
        {update.isSuccess ? <p role="status" className="field-hint">Saved. Budgets apply to the next purchase.</p> : null}
      </div>
    </form>
  );
}

/** The spending guard of each environment, the built-in Sandbox included, and reuse. */
export function SpendingSection({ environments, selectedId }: { readonly environments: readonly Environment[]; readonly selectedId: string }) {
  const id = useId();
  const [environmentId, setEnvironmentId] = useState(selectedId);
  const environment = environments.find((candidate) => candidate.id === environmentId) ?? environments[0];
  const status = useSpendingStatusQuery(environment?.id ?? selectedId);
  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Spending</h3>
      <div className="field">
        <label htmlFor={`${id}-environment`}>Environment</label>
        <select id={`${id}-environment`} value={environment?.id ?? ''} onChange={(event) => { setEnvironmentId(event.target.value); }}>
          {environments.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.name}</option>)}
        </select>
      </div>
      {status.isError ? <ErrorNotice error={status.error} /> : null}
      {environment === undefined || status.data === undefined ? null : <SpendingForm key={environment.id} environment={environment} status={status.data} />}
    </section>
  );
}
