import { useEffect, useRef, useState } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { useRemoveEnvironmentMutation } from '../../api/environment-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { EnvironmentForm } from './EnvironmentForm.tsx';
import { badgeOf } from '../common/environment-badge.ts';

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; environment: Environment };

export interface EnvironmentsSectionProps {
  readonly environments: readonly Environment[];
  readonly selectedId: string;
}

/** The services TitleDesk knows: the built-in Sandbox, which cannot change, and the user's own. */
/** The kind as a word for the list: the badge's first part. */
function kindLabel(environment: Environment): string {
  return badgeOf(environment).text.split(':')[0] ?? '';
}

export function EnvironmentsSection({ environments, selectedId }: EnvironmentsSectionProps) {
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [confirmRemove, setConfirmRemove] = useState<string | undefined>();
  const remove = useRemoveEnvironmentMutation();
  const addButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  const close = (): void => { setEditing({ kind: 'none' }); };

  // When the form closes its focused button goes with it; focus returns to "Add environment".
  useEffect(() => {
    if (editing.kind === 'none' && formWasOpen.current) addButton.current?.focus();
    formWasOpen.current = editing.kind !== 'none';
  }, [editing]);

  return (
    <section className="settings-section" aria-labelledby="environments-heading">
      <h3 id="environments-heading">Environments</h3>
      <ul className="environment-list">
        {environments.map((environment) => (
          <li key={environment.id} className="environment-row">
            <div className="environment-summary">
              <span className="environment-name">{environment.name}</span>
              {environment.builtIn === true ? <span className="badge badge-sandbox">Built in</span> : <span className={badgeOf(environment).className}>{kindLabel(environment)}</span>}
              {environment.id === selectedId ? <span className="badge">In use</span> : null}
              <code className="environment-url">{environment.baseUrl}</code>
            </div>
            {environment.builtIn === true ? (
              <p className="field-hint">Runs inside TitleDesk on this machine; it cannot be edited or removed.</p>
            ) : confirmRemove === environment.id ? (
              <div className="inline-confirm" role="group" aria-label={`Confirm removing ${environment.name}`}>
                <span>Remove {environment.name} and its stored credentials?</span>
                <button type="button" className="button-danger" disabled={remove.isPending} onClick={() => {
                  remove.mutate(environment.id, { onSuccess: () => { setConfirmRemove(undefined); } });
                }}>
                  Remove
                </button>
                <button type="button" onClick={() => { setConfirmRemove(undefined); }}>Keep</button>
              </div>
            ) : (
              <div className="row-actions">
                <button type="button" onClick={() => { setEditing({ kind: 'edit', environment }); }} aria-label={`Edit ${environment.name}`}>
                  Edit
                </button>
                <button type="button" onClick={() => { setConfirmRemove(environment.id); }} aria-label={`Remove ${environment.name}`}>
                  Remove
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {remove.isError ? <ErrorNotice error={remove.error} /> : null}
      {editing.kind === 'none' ? (
        <button type="button" className="button-primary" ref={addButton} onClick={() => { setEditing({ kind: 'add' }); }}>
          Add environment
        </button>
      ) : (
        <EnvironmentForm
          key={editing.kind === 'edit' ? editing.environment.id : 'new'}
          {...(editing.kind === 'edit' ? { environment: editing.environment } : {})}
          onDone={close}
          onCancel={close}
        />
      )}
    </section>
  );
}
