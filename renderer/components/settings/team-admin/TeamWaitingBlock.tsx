import { Fragment } from 'react';
import { variableName } from '../../../../shared/catalog/iri.ts';
import { databaseTimeAt, isReleasable } from '../../../../shared/team/team-admin.ts';
import type { TeamAdminView, TeamAdminWaiting } from '../../../../shared/team/team-admin-view.ts';
import { useTeamAdminChangeMutation } from '../../../api/team-admin-queries.ts';
import { resourceName } from '../../../features/common/resource-words.ts';
import { useNow } from '../../../features/common/use-now.ts';
import { TeamAdminError } from './TeamAdminError.tsx';
import { timeUntil, whenWords } from './team-admin-words.ts';
import { useConfirm } from './use-confirm.ts';

/** Each variable by its name; its whole IRI is the name's tooltip. */
function VariableNames({ variables }: { readonly variables: readonly string[] }) {
  return (
    <>
      {variables.map((iri, index) => (
        <Fragment key={iri}>
          {index > 0 ? ', ' : ''}
          <span title={iri}>{variableName(iri)}</span>
        </Fragment>
      ))}
    </>
  );
}

function WaitingItem({ item, clock, canRelease, now }: { readonly item: TeamAdminWaiting; readonly clock: TeamAdminView['clock']; readonly canRelease: boolean; readonly now: number }) {
  const change = useTeamAdminChangeMutation();
  const confirm = useConfirm();
  // Times and the Release button follow the database's clock: this computer's may be off.
  const databaseNow = databaseTimeAt(clock, now);
  const releasable = isReleasable(item, clock, now);
  const what = resourceName({ kind: item.resourceKind, key: item.resource });
  return (
    <li className="team-admin-waiting" data-purchase-id={item.purchaseId}>
      <p>
        <strong>{what}</strong>: <VariableNames variables={item.variables} /> (team purchase {item.purchaseId})
      </p>
      <p className="field-hint">
        Begun by desk {item.desk}, no report since {whenWords(item.lastReportAt, databaseNow)}; {releasable ? `releasable since ${whenWords(item.releasableAt, databaseNow)}` : `can be released at ${whenWords(item.releasableAt, databaseNow)}`}.
      </p>
      {canRelease ? (
        confirm.confirming ? (
          <div className="inline-confirm" role="group" aria-label={`Confirm releasing team purchase ${item.purchaseId}`}>
            <span>Release it? Its variables are free to buy again; if desk {item.desk} did send it, that answer is still recorded.</span>
            <button type="button" className="button-danger" ref={confirm.confirmRef} disabled={change.isPending}
              onClick={() => { change.mutate({ kind: 'release', purchaseId: item.purchaseId }, { onSettled: confirm.done }); }}>
              Release
            </button>
            <button type="button" onClick={confirm.done}>Keep</button>
          </div>
        ) : (
          <div className="row-actions">
            <button type="button" ref={confirm.askRef} disabled={!releasable || change.isPending} onClick={confirm.ask}
              aria-label={releasable ? `Release team purchase ${item.purchaseId}` : `Release team purchase ${item.purchaseId} (${timeUntil(item.releasableAt, databaseNow)})`}>
              {releasable ? 'Release…' : `Release (${timeUntil(item.releasableAt, databaseNow)})`}
            </button>
          </div>
        )
      ) : null}
      {change.isError ? <TeamAdminError error={change.error} /> : null}
    </li>
  );
}

/** Purchases begun on a desk that has not reported since: after the claim timeout, support or an admin may release them. */
export function TeamWaitingBlock({ waiting, clock, canRelease }: { readonly waiting: readonly TeamAdminWaiting[]; readonly clock: TeamAdminView['clock']; readonly canRelease: boolean }) {
  const now = useNow(waiting.length > 0);
  if (waiting.length === 0) return <p className="field-hint">No purchase is waiting for its desk.</p>;
  return (
    <ul className="team-admin-waiting-list" aria-label="Purchases waiting for their desk">
      {waiting.map((item) => <WaitingItem key={item.purchaseId} item={item} clock={clock} canRelease={canRelease} now={now} />)}
    </ul>
  );
}
