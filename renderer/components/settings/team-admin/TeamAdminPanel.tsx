import { useId } from 'react';
import { useTeamAdminQuery } from '../../../api/team-admin-queries.ts';
import { TeamAdminError } from './TeamAdminError.tsx';
import { TeamBudgetsBlock } from './TeamBudgetsBlock.tsx';
import { TeamDesksBlock } from './TeamDesksBlock.tsx';
import { TeamSettingsBlock } from './TeamSettingsBlock.tsx';
import { TeamWaitingBlock } from './TeamWaitingBlock.tsx';
import { roleWords } from './team-admin-words.ts';
import './team-admin.css';

const roleHint = {
  analyst: 'As an analyst desk you see the team’s settings, budgets and desks; an admin desk changes them.',
  support: 'As a support desk you may release a purchase whose desk went silent, once the claim timeout has passed; an admin desk changes the rest.',
  admin: 'As an admin desk you change the team’s budgets, settings and desks, and may release a purchase whose desk went silent.',
} as const;

/**
 * Settings → Team for a desk that has joined: its team as the team database has it now (read as
 * this desk, every few seconds), changed as this desk's role allows. The database decides in the
 * end: a refusal is shown in its words.
 */
export function TeamAdminPanel() {
  const id = useId();
  const overview = useTeamAdminQuery(true);
  const view = overview.data;
  if (view === undefined) {
    return (
      <section className="team-admin" aria-label="Team overview">
        {overview.isError ? <TeamAdminError error={overview.error} /> : <p className="field-hint">Reading the team…</p>}
      </section>
    );
  }
  const role = view.desk.role;
  const isAdmin = role === 'admin';
  return (
    <section className="team-admin" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Team {view.team.name}</h4>
      <p className="field-hint">
        This desk: <strong>{view.desk.name}</strong> ({roleWords[role]}). {roleHint[role]}
      </p>
      {/* The last answer stays on screen while the database is away; this says it may be old. */}
      {overview.isError ? <TeamAdminError error={overview.error} /> : null}
      <h5>Settings</h5>
      <TeamSettingsBlock team={view.team} canEdit={isAdmin} />
      <h5>Budgets</h5>
      <TeamBudgetsBlock budgets={view.budgets} canEdit={isAdmin} />
      <h5>Desks</h5>
      <TeamDesksBlock desks={view.desks} canEdit={isAdmin} thisDesk={view.desk.name} />
      <h5>Purchases waiting for their desk</h5>
      <TeamWaitingBlock waiting={view.waiting} clock={view.clock} canRelease={role === 'support' || isAdmin} />
    </section>
  );
}
