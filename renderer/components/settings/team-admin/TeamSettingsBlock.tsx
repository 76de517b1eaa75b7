import { useState, type SubmitEvent } from 'react';
import { isTimeZone, maxClaimTimeoutSeconds, maxReuseWindowSeconds } from '../../../../shared/team/team-admin.ts';
import type { TeamAdminView } from '../../../../shared/team/team-admin-view.ts';
import { durationWords } from '../../../../shared/team/team-duration.ts';
import { useTeamAdminChangeMutation } from '../../../api/team-admin-queries.ts';
import { useDraftFields } from '../use-draft-fields.tsx';
import { TeamAdminError } from './TeamAdminError.tsx';
import { parseDuration } from './team-admin-words.ts';

type Team = TeamAdminView['team'];
type Key = 'reuseWindow' | 'claimTimeout' | 'timeZone';

function draftOf(team: Team): Record<Key, string> {
  return { reuseWindow: durationWords(team.reuseWindowSeconds), claimTimeout: durationWords(team.claimTimeoutSeconds), timeZone: team.timeZone };
}

/** The team's reuse window, claim timeout and calendar: read by everyone, changed by an admin. */
export function TeamSettingsBlock({ team, canEdit }: { readonly team: Team; readonly canEdit: boolean }) {
  const { draft, setDraft, setErrors, saved, setSaved, field } = useDraftFields(() => draftOf(team));
  const change = useTeamAdminChangeMutation();
  // Changed here or by another admin: the form shows the team's settings as they are now.
  const signature = `${String(team.reuseWindowSeconds)} ${String(team.claimTimeoutSeconds)} ${team.timeZone}`;
  const [seen, setSeen] = useState(signature);
  if (seen !== signature) {
    setSeen(signature);
    setDraft(draftOf(team));
  }

  if (!canEdit) {
    return (
      <dl className="team-admin-facts" aria-label="Team settings">
        <dt>Reuse window</dt><dd>{durationWords(team.reuseWindowSeconds)}</dd>
        <dt>Claim timeout</dt><dd>{durationWords(team.claimTimeoutSeconds)}</dd>
        <dt>Calendar</dt><dd>{team.timeZone}</dd>
      </dl>
    );
  }

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const reuse = parseDuration(draft.reuseWindow, 'reuse window', maxReuseWindowSeconds);
    const claim = parseDuration(draft.claimTimeout, 'claim timeout', maxClaimTimeoutSeconds);
    const timeZone = draft.timeZone.trim();
    const found: Partial<Record<Key, string>> = {};
    if (!reuse.ok) found.reuseWindow = reuse.message;
    if (!claim.ok) found.claimTimeout = claim.message;
    else if (claim.seconds === 0) found.claimTimeout = 'The claim timeout is more than 0.';
    if (timeZone === '') found.timeZone = 'The team’s time zone is needed, e.g. Europe/London.';
    else if (!isTimeZone(timeZone)) found.timeZone = `${timeZone} is not a time zone this computer knows: use an IANA name such as Europe/London, or UTC.`;
    setErrors(found);
    if (!reuse.ok || !claim.ok || Object.keys(found).length > 0) return;
    setSaved(false);
    change.mutate(
      { kind: 'settings', reuseWindowSeconds: reuse.seconds, claimTimeoutSeconds: claim.seconds, timeZone },
      { onSuccess: () => { setSaved(true); } },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Team settings">
      <div className="field-grid">
        {field('reuseWindow', 'Reuse window', 'How long a bought variable is reused rather than bought again: 30 days, 12 h…')}
        {field('claimTimeout', 'Claim timeout', 'How long a purchase begun on a desk that went silent holds its variables before support may release them.')}
        {field('timeZone', 'Time zone', 'The calendar of the team’s days and months (IANA name, e.g. Europe/London).')}
      </div>
      {change.isError ? <TeamAdminError error={change.error} /> : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={change.isPending}>Save team settings</button>
        {saved ? <p role="status" className="field-hint">Saved in the team database: every desk uses them now.</p> : null}
      </div>
    </form>
  );
}
