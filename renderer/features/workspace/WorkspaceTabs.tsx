import { panelElementId, TabList, tabElementId } from '../../components/common/Tabs.tsx';

export const workspaceTabs = ['Buy', 'Batch', 'Look up', 'History'] as const;
export type WorkspaceTab = (typeof workspaceTabs)[number];

const items = workspaceTabs.map((tab) => ({ id: tab, label: tab }));

export function tabId(tab: WorkspaceTab): string {
  return tabElementId('workspace', tab);
}

export function panelId(tab: WorkspaceTab): string {
  return panelElementId('workspace', tab);
}

/** The workspace's tasks as tabs; Workspace renders the panels, some kept mounted while hidden. */
export function WorkspaceTabs({ current, onSelect }: { readonly current: WorkspaceTab; readonly onSelect: (tab: WorkspaceTab) => void }) {
  return <TabList label="Workspace" idPrefix="workspace" tabs={items} selected={current} onSelect={onSelect} className="workspace-tabs" />;
}
