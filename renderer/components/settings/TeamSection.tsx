import { useId, useRef, type SubmitEvent } from 'react';
import { teamSettingSchema, teamTlsModeOf, teamTlsWords, type TeamSetting, type TeamView } from '../../../shared/team/team-setting.ts';
import { useLeaveTeamMutation, useSaveTeamMutation, useTeamQuery, useTeamStatusQuery, useTestTeamMutation } from '../../api/team-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { persistencePhrases } from './credential-labels.ts';
import { TeamAdminPanel } from './team-admin/index.ts';
import { TeamTestResult } from './TeamTestResult.tsx';
import { useDraftFields } from './use-draft-fields.tsx';

type Key = 'databaseUrl' | 'login' | 'caFile';
type Draft = Record<Key, string>;

function draftOf(view: TeamView): Draft {
  return { databaseUrl: view.setting?.databaseUrl ?? '', login: view.setting?.login ?? '', caFile: view.setting?.caFile ?? '' };
}

/** The draft as a setting, or each field's problem in words. */
function parse(draft: Draft): { ok: true; setting: TeamSetting } | { ok: false; errors: Partial<Record<Key, string>> } {
  const caFile = draft.caFile.trim();
  const parsed = teamSettingSchema.safeParse({ databaseUrl: draft.databaseUrl, login: draft.login, ...(caFile === '' ? {} : { caFile }) });
  if (parsed.success) return { ok: true, setting: parsed.data };
  const errors: Partial<Record<Key, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'databaseUrl' || key === 'login' || key === 'caFile') && errors[key] === undefined) {
      errors[key] = key === 'databaseUrl' && draft.databaseUrl.trim() === '' ? 'The team database URL is needed: postgres://host:5432/database.' : issue.message;
    }
  }
  return { ok: false, errors };
}

function TeamForm({ view }: { readonly view: TeamView }) {
  const { id, draft, setDraft, setErrors, saved, setSaved, field } = useDraftFields(() => draftOf(view));
  // Uncontrolled: the password never sits in React state, a DOM attribute or a mutation's variables.
  const passwordInput = useRef<HTMLInputElement>(null);
  const typedPassword = (): string | undefined => (passwordInput.current?.value === '' ? undefined : passwordInput.current?.value);
  const save = useSaveTeamMutation(typedPassword);
  const test = useTestTeamMutation(typedPassword);
  const leave = useLeaveTeamMutation();
  const tls = teamTlsModeOf(draft.databaseUrl);

  function checked(): TeamSetting | undefined {
    const result = parse(draft);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.setting : undefined;
  }

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const setting = checked();
    if (setting === undefined) return;
    setSaved(false);
    save.mutate(setting, {
      onSuccess: () => {
        if (passwordInput.current !== null) passwordInput.current.value = '';
        setSaved(true);
      },
    });
  }

  function runTest(): void {
    const setting = checked();
    if (setting !== undefined) test.mutate(setting);
  }

  const where = persistencePhrases[view.passwordKeptIn];
  const passwordState = view.password === 'saved' ? `Saved: ${where}.` : 'Not set.';
  const wrongPassword = test.data?.ok === false && test.data.problem === 'password';
  return (
    <form onSubmit={submit} noValidate aria-label="Team database">
      <div className="field-grid">
        {field('databaseUrl', 'Team database URL', tls === undefined ? 'postgres://host:5432/database, from the team’s admin.' : teamTlsWords[tls], 'postgres://db.example.com:5432/titledesk_team')}
        {field('login', 'Desk login', 'This desk’s own login, printed by titledesk team add-desk.')}
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            ref={passwordInput}
            name="password"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={view.password === 'saved' ? 'Saved (type to replace)' : 'Not set'}
            aria-invalid={wrongPassword}
            aria-describedby={`${id}-password-state`}
          />
          <p className="field-hint" id={`${id}-password-state`} role="status">{passwordState}</p>
        </div>
        {field('caFile', 'CA file (optional)', 'A PEM file of the authority that signed the server’s certificate, for a private CA.')}
      </div>
      {save.isError ? <ErrorNotice error={save.error} /> : null}
      {leave.isError ? <ErrorNotice error={leave.error} /> : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={save.isPending}>Save</button>
        <button type="button" disabled={test.isPending} onClick={runTest}>{test.isPending ? 'Testing…' : 'Test connection'}</button>
        {view.setting === null ? null : (
          <button type="button" disabled={leave.isPending} onClick={() => { leave.mutate(undefined, { onSuccess: (left) => { setSaved(false); setDraft(draftOf(left)); } }); }}>
            Leave team
          </button>
        )}
        {saved ? <p role="status" className="field-hint">Saved. This desk joins the team now; the header shows when it is connected.</p> : null}
      </div>
      {test.isError ? <ErrorNotice error={test.error} /> : null}
      {test.data === undefined ? null : <TeamTestResult result={test.data} />}
    </form>
  );
}

/** Settings → Team: which team database this desk joins, as which login; the password only ever goes in. */
export function TeamSection() {
  const id = useId();
  const team = useTeamQuery();
  const link = useTeamStatusQuery();
  // The team panel once the desk has joined (away: the panel says the database cannot be reached).
  const joined = team.data?.setting != null && (link.data?.state === 'connected' || (link.data?.state === 'unreachable' && link.data.desk !== undefined));
  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Team</h3>
      <p className="field-hint">
        One person needs nothing here. A team shares its purchases, budget and “never pay twice” on one PostgreSQL database; its admin gives
        each desk a login.
      </p>
      {team.isError ? <ErrorNotice error={team.error} /> : null}
      {team.data === undefined ? (team.isPending ? <p className="field-hint">Loading…</p> : null) : <TeamForm view={team.data} />}
      {joined ? <TeamAdminPanel /> : null}
    </section>
  );
}
