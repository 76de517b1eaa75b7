import { useId, useState } from 'react';
import type { TeamAdminView } from '../../../../shared/team/team-admin-view.ts';
import { useTeamAdminChangeMutation } from '../../../api/team-admin-queries.ts';
import { TeamAdminError } from './TeamAdminError.tsx';
import { useConfirm } from './use-confirm.ts';

type Desk = TeamAdminView['desks'][number];
type Role = Desk['role'];

const roles: readonly Role[] = ['analyst', 'support', 'admin'];

function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

/** One desk's row; an admin changes its role (chosen, then applied) or deactivates it (after a confirmation). */
function DeskRow({ desk, canEdit, isThisDesk }: { readonly desk: Desk; readonly canEdit: boolean; readonly isThisDesk: boolean }) {
  const id = useId();
  const [role, setRole] = useState<Role>(desk.role);
  const [seenRole, setSeenRole] = useState<Role>(desk.role);
  // A role changed (here or by another admin) becomes the one chosen.
  if (seenRole !== desk.role) {
    setSeenRole(desk.role);
    setRole(desk.role);
  }
  const confirm = useConfirm();
  const change = useTeamAdminChangeMutation();
  const name = `${desk.name}${isThisDesk ? ' (this desk)' : ''}`;
  // The database refuses an admin demoting or deactivating itself: another admin does that.
  const editable = canEdit && !isThisDesk;
  return (
    <tr data-desk={desk.name}>
      <th scope="row">{name}</th>
      <td>
        {editable ? (
          <span className="row-actions">
            <label className="visually-hidden" htmlFor={`${id}-role`}>Role of desk {desk.name}</label>
            <select id={`${id}-role`} value={role} onChange={(event) => { if (isRole(event.target.value)) setRole(event.target.value); }}>
              {roles.map((item) => <option key={item} value={item}>{item}</option>)}
            </select>
            <button type="button" disabled={role === desk.role || change.isPending} aria-label={`Apply role for desk ${desk.name}`}
              onClick={() => { change.mutate({ kind: 'desk', name: desk.name, role }); }}>
              Apply
            </button>
          </span>
        ) : desk.role}
      </td>
      <td>{desk.active ? 'Active' : 'Deactivated: cannot connect'}</td>
      {canEdit && !editable ? <td className="field-hint">Another admin changes this desk.</td> : null}
      {editable ? (
        <td>
          {!desk.active ? (
            <button type="button" ref={confirm.askRef} disabled={change.isPending} onClick={() => { change.mutate({ kind: 'desk', name: desk.name, active: true }); }}>
              Reactivate
            </button>
          ) : confirm.confirming ? (
            <div className="inline-confirm" role="group" aria-label={`Confirm deactivating desk ${desk.name}`}>
              <span>Deactivate desk {desk.name}? It can no longer connect to the team.</span>
              <button type="button" className="button-danger" ref={confirm.confirmRef} disabled={change.isPending}
                onClick={() => { change.mutate({ kind: 'desk', name: desk.name, active: false }, { onSettled: confirm.done }); }}>
                Deactivate
              </button>
              <button type="button" onClick={confirm.done}>Keep</button>
            </div>
          ) : (
            <button type="button" ref={confirm.askRef} aria-label={`Deactivate desk ${desk.name}`} onClick={confirm.ask}>Deactivate…</button>
          )}
          {change.isError ? <TeamAdminError error={change.error} /> : null}
        </td>
      ) : null}
    </tr>
  );
}

/** The team's desks, their roles and whether each may still connect. */
export function TeamDesksBlock({ desks, canEdit, thisDesk }: { readonly desks: readonly Desk[]; readonly canEdit: boolean; readonly thisDesk: string }) {
  return (
    <div className="table-scroll">
      <table className="team-admin-table" aria-label="Team desks">
        <thead>
          <tr><th scope="col">Desk</th><th scope="col">Role</th><th scope="col">Status</th>{canEdit ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}</tr>
        </thead>
        <tbody>
          {desks.map((desk) => <DeskRow key={desk.name} desk={desk} canEdit={canEdit} isThisDesk={desk.name === thisDesk} />)}
        </tbody>
      </table>
    </div>
  );
}
