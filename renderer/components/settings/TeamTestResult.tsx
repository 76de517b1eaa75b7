import type { TeamProblem, TeamTestResult as Result } from '../../../shared/team/team-status.ts';
import { awayHeadline } from '../../../shared/team/team-away-words.ts';
import { durationWords } from '../../../shared/team/team-duration.ts';

/** What to look at first for each kind of failure; the message itself says what happened. */
const problemTitles: Readonly<Record<TeamProblem, string>> = {
  invalid: 'The setting cannot be used',
  unreachable: 'The team database cannot be reached',
  password: 'Wrong login or password',
  tls: 'The secure connection was refused',
  schema: 'The team database’s version does not match this TitleDesk',
  'not-a-desk': 'This login is not an active desk of a team',
  other: 'The test failed',
};

/** A schema mismatch names the version and what to do, as the header would; the rest keep their titles. */
function failureTitle(result: Extract<Result, { ok: false }>): string {
  return result.away === 'schema-newer' || result.away === 'schema-older' ? awayHeadline(result) : problemTitles[result.problem];
}

function budgetLine(budget: Extract<Result, { ok: true }>['budgets'][number]): string {
  const period = budget.period === 'day' ? 'today' : 'this month';
  return budget.limit === null ? `${budget.currency} ${budget.spent} spent ${period}, no limit` : `${budget.currency} ${budget.spent} of ${budget.limit} spent ${period}`;
}

/** "Test connection"'s answer: who this desk is in which team, or what went wrong, in words. */
export function TeamTestResult({ result }: { readonly result: Result }) {
  if (!result.ok) {
    return (
      <div className="error-notice" role="alert" data-team-problem={result.problem}>
        <p className="error-message">{failureTitle(result)}</p>
        <p className="error-detail">{result.message}</p>
      </div>
    );
  }
  return (
    <div className="team-test-result" role="status">
      <p>
        Connected as desk <strong>{result.desk.name}</strong> ({result.desk.role}) of team <strong>{result.team.name}</strong>.
      </p>
      <ul className="test-steps">
        <li>Schema version {result.schemaVersion}: OK.</li>
        <li>Reuse window {durationWords(result.team.reuseWindowSeconds)}; claim timeout {durationWords(result.team.claimTimeoutSeconds)}; calendar {result.team.timeZone}.</li>
        <li>Budgets: {result.budgets.length === 0 ? 'none set.' : `${result.budgets.map(budgetLine).join('; ')}.`}</li>
        {result.unsettled === 0 ? null : <li>{result.unsettled} of this desk’s purchases are not settled in the team database yet.</li>}
      </ul>
      <p className="field-hint">{result.database}</p>
    </div>
  );
}
