import { useId, useState, type SubmitEvent } from 'react';
import type { TeamAdminView } from '../../../../shared/team/team-admin-view.ts';
import { useTeamAdminChangeMutation } from '../../../api/team-admin-queries.ts';
import { formatMoney } from '../../../features/common/money.ts';
import { TextField } from '../../common/TextField.tsx';
import { TeamAdminError } from './TeamAdminError.tsx';

type Budget = TeamAdminView['budgets'][number];

/** A decimal string of the database as money ("12.5000" → £12.50); never a float on the way in. */
function money(amount: string, currency: string): string {
  return formatMoney({ value: Number(amount), currency });
}

const periodWords = { day: 'Per day', month: 'Per month' } as const;

function SetBudgetForm() {
  const id = useId();
  const [currency, setCurrency] = useState('GBP');
  const [period, setPeriod] = useState<'day' | 'month'>('day');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<{ currency?: string; limit?: string }>({});
  const [saved, setSaved] = useState<string | undefined>();
  const change = useTeamAdminChangeMutation();

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const code = currency.trim().toUpperCase();
    const amount = limit.trim();
    const found: { currency?: string; limit?: string } = {};
    if (!/^[A-Z]{3}$/.test(code)) found.currency = 'A currency is its three-letter code, e.g. GBP.';
    if (amount !== '' && !/^\d{1,16}(\.\d{1,4})?$/.test(amount)) found.limit = 'A limit is an amount like 250 or 99.50 (at most 4 decimal places); empty for no limit.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaved(undefined);
    change.mutate(
      { kind: 'budget', currency: code, period, limit: amount === '' ? null : amount },
      { onSuccess: () => { setSaved(amount === '' ? `No ${period === 'day' ? 'daily' : 'monthly'} ${code} limit now.` : `The ${period === 'day' ? 'daily' : 'monthly'} ${code} limit is ${money(amount, code)} now.`); } },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Set a team budget" className="team-admin-inline-form">
      <TextField id={`${id}-currency`} label="Currency" value={currency} maxLength={3} size={4} spellCheck={false} autoComplete="off"
        onChange={(event) => { setCurrency(event.target.value); }} {...(errors.currency === undefined ? {} : { error: errors.currency })} />
      <div className="field">
        <label htmlFor={`${id}-period`}>Period</label>
        <select id={`${id}-period`} value={period} onChange={(event) => { setPeriod(event.target.value === 'month' ? 'month' : 'day'); }}>
          <option value="day">Per day</option>
          <option value="month">Per month</option>
        </select>
      </div>
      <TextField id={`${id}-limit`} label="Limit" placeholder="No limit" value={limit} inputMode="decimal" spellCheck={false} autoComplete="off"
        onChange={(event) => { setLimit(event.target.value); }} {...(errors.limit === undefined ? {} : { error: errors.limit })} />
      <button type="submit" className="button-primary" disabled={change.isPending}>Set budget</button>
      <p className="field-hint team-admin-form-note">A limit per currency for the whole team, per day or per month; an empty limit removes it.</p>
      {change.isError ? <TeamAdminError error={change.error} /> : null}
      {saved === undefined ? null : <p role="status" className="field-hint">{saved}</p>}
    </form>
  );
}

function BudgetRow({ budget, canEdit }: { readonly budget: Budget; readonly canEdit: boolean }) {
  const change = useTeamAdminChangeMutation();
  const label = `${budget.currency} ${budget.period === 'day' ? 'daily' : 'monthly'}`;
  return (
    <tr>
      <th scope="row">{budget.currency}</th>
      <td>{periodWords[budget.period]}</td>
      <td>{budget.limit === null ? 'No limit' : money(budget.limit, budget.currency)}</td>
      <td>{money(budget.spent, budget.currency)} {budget.period === 'day' ? 'today' : 'this month'}</td>
      {canEdit ? (
        <td>
          {budget.limit === null ? null : (
            <button type="button" disabled={change.isPending} aria-label={`Remove the ${label} limit`}
              onClick={() => { change.mutate({ kind: 'budget', currency: budget.currency, period: budget.period, limit: null }); }}>
              Remove limit
            </button>
          )}
          {change.isError ? <TeamAdminError error={change.error} /> : null}
        </td>
      ) : null}
    </tr>
  );
}

/** The team's budgets with what is spent in the running day or month; an admin sets and removes them. */
export function TeamBudgetsBlock({ budgets, canEdit }: { readonly budgets: readonly Budget[]; readonly canEdit: boolean }) {
  return (
    <>
      {budgets.length === 0 ? (
        <p className="field-hint">No team budget: the team’s purchases have no daily or monthly limit.</p>
      ) : (
        <div className="table-scroll">
          <table className="team-admin-table" aria-label="Team budgets">
            <thead>
              <tr><th scope="col">Currency</th><th scope="col">Period</th><th scope="col">Limit</th><th scope="col">Spent</th>{canEdit ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}</tr>
            </thead>
            <tbody>
              {budgets.map((budget) => <BudgetRow key={`${budget.currency}-${budget.period}`} budget={budget} canEdit={canEdit} />)}
            </tbody>
          </table>
        </div>
      )}
      {canEdit ? <SetBudgetForm /> : null}
    </>
  );
}
