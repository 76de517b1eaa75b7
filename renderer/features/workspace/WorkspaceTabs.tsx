import type { KeyboardEvent } from 'react';

export const workspaceTabs = ['Buy', 'Batch', 'Look up', 'History'] as const;
export type WorkspaceTab = (typeof workspaceTabs)[number];

export function tabId(tab: WorkspaceTab): string {
  return `workspace-tab-${tab.replace(/\s+/g, '-').toLowerCase()}`;
}

export function panelId(tab: WorkspaceTab): string {
  return `${tabId(tab)}-panel`;
}

/** Tabs with arrow keys between them (the ARIA tabs pattern, selection follows focus). */
export function WorkspaceTabs({ current, onSelect }: { readonly current: WorkspaceTab; readonly onSelect: (tab: WorkspaceTab) => void }) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const at = workspaceTabs.indexOf(current);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (at + 1) % workspaceTabs.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + workspaceTabs.length) % workspaceTabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = workspaceTabs.length - 1;
    const tab = next === undefined ? undefined : workspaceTabs[next];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab);
    document.getElementById(tabId(tab))?.focus();
  }
  return (
    <div className="tabs workspace-tabs" role="tablist" aria-label="Workspace" onKeyDown={onKeyDown}>
      {workspaceTabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === current}
          aria-controls={panelId(tab)}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => { onSelect(tab); }}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
