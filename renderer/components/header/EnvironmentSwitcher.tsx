import { useId } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { useSelectEnvironmentMutation } from '../../api/environment-queries.ts';
import { badgeOf } from '../common/environment-badge.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';

export interface EnvironmentSwitcherProps {
  readonly environments: readonly Environment[];
  readonly selected: Environment;
}

/** Which service TitleDesk talks to, with a badge that says plainly whether purchases are real (only Live is). */
export function EnvironmentSwitcher({ environments, selected }: EnvironmentSwitcherProps) {
  const id = useId();
  const select = useSelectEnvironmentMutation();
  const badge = badgeOf(selected);
  return (
    <div className="environment-switcher">
      <label htmlFor={id} className="visually-hidden">Environment</label>
      {/* Capped in width so a long name cannot wrap the header; the full name is its tooltip. */}
      <select
        id={id}
        className="environment-select"
        title={selected.name}
        value={selected.id}
        disabled={select.isPending}
        onChange={(event) => {
          select.mutate(event.target.value);
        }}
      >
        {environments.map((environment) => (
          <option key={environment.id} value={environment.id}>
            {environment.name}
          </option>
        ))}
      </select>
      <span className={badge.className}>{badge.text}</span>
      {select.isError ? <ErrorNotice error={select.error} /> : null}
    </div>
  );
}
