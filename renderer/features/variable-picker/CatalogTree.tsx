import { useEffect, useRef } from 'react';
import type { CatalogSourceGroup, CatalogVariable } from '../../../shared/catalog/catalog.ts';
import { formatMoney } from '../common/money.ts';
import { groupCheck, groupVariables, sourceGroupId } from './catalog-selection.ts';

export interface CatalogTreeProps {
  readonly groups: readonly CatalogSourceGroup[];
  readonly selected: ReadonlySet<string>;
  /** While filtering every group is shown open, so matches are never hidden in a closed one. */
  readonly filtering: boolean;
  readonly onToggle: (iri: string) => void;
  readonly onToggleGroup: (variables: readonly CatalogVariable[]) => void;
}

/** Provider / source groups, each with its scheme paths, each with its variables. Collapsible. */
export function CatalogTree({ groups, selected, filtering, onToggle, onToggleGroup }: CatalogTreeProps) {
  if (groups.length === 0) return <p className="empty-state">No variables match the filter.</p>;
  return (
    <div className="catalog-tree">
      {groups.map((group) => (
        <SourceGroup key={sourceGroupId(group)} group={group} selected={selected} filtering={filtering} onToggle={onToggle} onToggleGroup={onToggleGroup} />
      ))}
    </div>
  );
}

function SourceGroup({ group, selected, filtering, onToggle, onToggleGroup }: Omit<CatalogTreeProps, 'groups'> & { readonly group: CatalogSourceGroup }) {
  const variables = groupVariables(group);
  const check = groupCheck(selected, variables);
  const chosen = variables.filter((variable) => selected.has(variable.iri)).length;
  const name = `${group.provider} / ${group.source}`;
  return (
    <details className="source-group" open={filtering ? true : undefined}>
      <summary>
        <span className="group-name">{name}</span>{' '}
        <span className="muted">
          {variables.length} {variables.length === 1 ? 'variable' : 'variables'}
          {chosen > 0 ? `, ${String(chosen)} selected` : ''}
        </span>
      </summary>
      <label className="select-group">
        <GroupCheckbox check={check} onChange={() => { onToggleGroup(variables); }} />
        Select all in {name}
      </label>
      {group.schemes.map((scheme) => (
        <fieldset key={scheme.schemePath.join('/')} className="scheme-group">
          <legend>{scheme.schemePath.join(' › ')}</legend>
          <ul>
            {scheme.variables.map((variable) => (
              <li key={variable.iri}>
                <label className="variable-option">
                  <input type="checkbox" checked={selected.has(variable.iri)} onChange={() => { onToggle(variable.iri); }} />
                  <span className="variable-name">{variable.name}</span>
                  <span className="variable-provider muted">{variable.provider}</span>
                  <span className="variable-price">{formatMoney(variable.price)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </details>
  );
}

/** A checkbox that can show "some selected" (the indeterminate state has no attribute). */
function GroupCheckbox({ check, onChange }: { readonly check: ReturnType<typeof groupCheck>; readonly onChange: () => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current !== null) box.current.indeterminate = check === 'some';
  }, [check]);
  return <input ref={box} type="checkbox" checked={check === 'all'} aria-checked={check === 'some' ? 'mixed' : check === 'all'} onChange={onChange} />;
}
