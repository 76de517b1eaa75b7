import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  readonly id: Id;
  readonly label: string;
}

function slug(id: string): string {
  return id.replace(/\s+/g, '-').toLowerCase();
}

/** The element id of a tab; the prefix keeps two tab sets on one page apart. */
export function tabElementId(prefix: string, id: string): string {
  return `${prefix}-tab-${slug(id)}`;
}

/** The element id of the panel a tab controls. */
export function panelElementId(prefix: string, id: string): string {
  return `${prefix}-panel-${slug(id)}`;
}

export interface TabListProps<Id extends string> {
  /** Names the set of tabs for assistive technology. */
  readonly label: string;
  readonly idPrefix: string;
  readonly tabs: readonly TabItem<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
  readonly className?: string | undefined;
}

/** Which key moves to which tab: arrows step round, Home and End go to the ends. */
function targetIndex(key: string, at: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight': return (at + 1) % count;
    case 'ArrowLeft': return (at - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return undefined;
  }
}

/**
 * The WAI-ARIA tabs pattern: one Tab stop for the whole strip (roving tabindex), arrow keys and
 * Home/End between tabs, and selection following focus (automatic activation).
 */
export function TabList<Id extends string>({ label, idPrefix, tabs, selected, onSelect, className }: TabListProps<Id>) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const next = targetIndex(event.key, at, tabs.length);
    const tab = next === undefined ? undefined : tabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  return (
    <div className={className === undefined ? 'tabs' : `tabs ${className}`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map(({ id, label: text }) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={tabElementId(idPrefix, id)}
          aria-selected={id === selected}
          aria-controls={panelElementId(idPrefix, id)}
          tabIndex={id === selected ? 0 : -1}
          ref={(element) => {
            if (element === null) buttons.current.delete(id);
            else buttons.current.set(id, element);
          }}
          onClick={() => { onSelect(id); }}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export interface TabPanelProps {
  readonly idPrefix: string;
  /** The id of the tab that shows this panel. */
  readonly tab: string;
  readonly hidden?: boolean | undefined;
  readonly children: ReactNode;
}

/** The panel a tab of the same prefix controls, labelled by that tab. */
export function TabPanel({ idPrefix, tab, hidden, children }: TabPanelProps) {
  return (
    <div className="tab-panel" role="tabpanel" id={panelElementId(idPrefix, tab)} aria-labelledby={tabElementId(idPrefix, tab)} hidden={hidden}>
      {children}
    </div>
  );
}
