import { useEffect, useId, useRef, useState } from 'react';
import { unreadableNote, type ResourceCatalog, type TitleCatalog } from '../../../shared/catalog/catalog.ts';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { focusPurchaseRow } from '../purchases/focus-purchase-row.ts';
import { BuyBar } from './BuyBar.tsx';
import { CatalogTree } from './CatalogTree.tsx';
import { filterCatalog, matchKeys, summarise, toggleAll, variableKey } from './catalog-selection.ts';
import { PasteIris } from './PasteIris.tsx';
import { PresetControls } from './PresetControls.tsx';
import { rememberSelection, type Preset } from './presets.ts';

export interface VariablePickerProps {
  readonly environment: Environment;
  /** A title's catalog, or an address's or a UPRN's (named by its resource): each is bought the same way. */
  readonly catalog: TitleCatalog | ResourceCatalog;
  /** Set when the user has just opened the title: its filter takes focus. */
  readonly openedVersion?: number | undefined;
  /** The address the title was reached from, kept on a purchase. */
  readonly address?: string | undefined;
  readonly testTitle: boolean;
  readonly markedTestTitle: boolean;
  readonly onMarkTestTitle: (marked: boolean) => void;
}

/** The resource a catalog is of: a title's names only its number. */
function resourceOf(catalog: TitleCatalog | ResourceCatalog): CatalogResource {
  return 'resource' in catalog ? catalog.resource : { kind: 'title', key: catalog.titleNumber };
}

/** What the preset note calls the resource: "this title", "this address", "this location". */
const thisResource = { title: 'this title', address: 'this address', spatial: 'this location' } as const;

/** The catalog of one title, address or UPRN: filter, tick, presets, paste, then buy. */
export function VariablePicker({ environment, catalog, openedVersion, address, testTitle, markedTestTitle, onMarkTestTitle }: VariablePickerProps) {
  const resource = resourceOf(catalog);
  const filterId = useId();
  const filterInput = useRef<HTMLInputElement>(null);
  // The title scrolls itself into view (TitleView); focus follows without a second, sudden scroll.
  useEffect(() => {
    if (openedVersion !== undefined) filterInput.current?.focus({ preventScroll: true });
  }, [openedVersion]);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [presetNote, setPresetNote] = useState('');
  const groups = filterCatalog(catalog, filter);
  const summary = summarise(catalog, selected);
  const unreadable = unreadableNote(catalog);
  const selectedKeys = summary.iris.map(variableKey).join('\n');
  // A batch can buy what was last ticked here.
  useEffect(() => {
    rememberSelection(selectedKeys === '' ? [] : selectedKeys.split('\n'));
  }, [selectedKeys]);

  function toggle(iri: string): void {
    const next = new Set(selected);
    if (next.has(iri)) next.delete(iri);
    else next.add(iri);
    setSelected(next);
  }

  function add(entries: readonly string[]): { selected: number; unknown: string[] } {
    const { matched, unknown } = matchKeys(catalog, entries);
    setSelected(new Set([...selected, ...matched]));
    return { selected: matched.length, unknown };
  }

  function applyPreset(preset: Preset): void {
    const { selected: found, unknown } = add(preset.keys);
    setPresetNote(
      unknown.length === 0
        ? `${preset.name}: ${String(found)} variables added.`
        : `${preset.name}: ${String(found)} of ${String(preset.keys.length)} variables added; the rest are not offered for ${thisResource[resource.kind]}.`,
    );
  }

  return (
    <div className="variable-picker">
      <div className="picker-toolbar">
        <div className="field picker-filter">
          <label htmlFor={filterId}>Filter variables</label>
          <input id={filterId} ref={filterInput} type="search" value={filter} placeholder="e.g. flood, bedroom, EPC" onChange={(event) => { setFilter(event.target.value); }} />
        </div>
        <PresetControls selectedKeys={summary.iris.map(variableKey)} onApply={applyPreset} />
        <p className="muted" role="status">{presetNote}</p>
        <PasteIris onSelect={add} />
        {summary.count === 0 ? null : (
          <button type="button" className="button-quiet" onClick={() => { setSelected(new Set()); }}>Clear selection</button>
        )}
      </div>
      <p className="muted">
        {filter.trim() === ''
          ? `${String(catalog.variableCount)} variables from ${String(catalog.groups.length)} sources`
          : `${String(groups.reduce((count, group) => count + group.schemes.reduce((sum, scheme) => sum + scheme.variables.length, 0), 0))} of ${String(catalog.variableCount)} variables match`}
      </p>
      {/* Entries of the service's catalog the app could not read are left out, and said. */}
      {unreadable === undefined ? null : <p className="muted" role="note">{unreadable}</p>}
      {/* The bar is pinned within this box only: it may pass over catalog rows, never over the filter and presets above. */}
      <div className="picker-catalog">
        <CatalogTree
          groups={groups}
          selected={selected}
          filtering={filter.trim() !== ''}
          onToggle={toggle}
          onToggleGroup={(variables) => { setSelected(toggleAll(selected, variables)); }}
        />
        <BuyBar
          environment={environment}
          resource={resource}
          address={address}
          summary={summary}
          testTitle={testTitle}
          markedTestTitle={markedTestTitle}
          onMarkTestTitle={onMarkTestTitle}
          onBought={(record) => {
            setSelected(new Set());
            focusPurchaseRow(record.id);
          }}
        />
      </div>
    </div>
  );
}
