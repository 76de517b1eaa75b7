import { awayHeadline } from '../../../shared/team/team-away-words.ts';
import type { TeamLinkStatus } from '../../../shared/team/team-status.ts';
import { useTeamStatusQuery } from '../../api/team-queries.ts';
import { formatClockTime } from '../../format-time.ts';

function words(status: TeamLinkStatus): string | undefined {
  switch (status.state) {
    case 'off': return undefined;
    case 'starting': return 'Team: connecting…';
    case 'connected': {
      const waiting = status.pendingSync === undefined || status.pendingSync === 0 ? '' : `, ${String(status.pendingSync)} to sync`;
      const who = status.role === undefined ? '' : ` (${status.role})`;
      return `Team: desk ${status.desk ?? '?'}${who}${waiting}`;
    }
    // The headline by why (team-away-words.ts): only the network's failure is "unreachable".
    case 'unreachable':
      return `${awayHeadline(status, status.since === undefined ? undefined : formatClockTime(status.since))}: new purchases are refused`;
  }
}

/**
 * The desk's link to its team database, beside the sign-in state: which desk it is connected as,
 * or that it cannot reach the database (new purchases are refused) and why. Nothing without a team.
 */
export function TeamStatus() {
  const status = useTeamStatusQuery().data;
  const text = status === undefined ? undefined : words(status);
  if (status === undefined || text === undefined) return null;
  const away = status.state === 'unreachable';
  const where = status.team === undefined ? status.database : `Team ${status.team}: ${status.database ?? ''}`;
  // The tooltip keeps the whole reason with the database, for a header too narrow to show it.
  const title = away && status.reason !== undefined ? [where, status.reason].filter((line) => line !== undefined).join('\n') : where;
  return (
    <p className={away ? 'team-status team-status-away' : 'team-status'} role="status" title={title}>
      <span>{text}</span>
      {away && status.reason !== undefined ? <span className="team-status-reason">{status.reason}</span> : null}
    </p>
  );
}
