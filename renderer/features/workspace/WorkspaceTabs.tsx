import { TabList } from '../../components/common/Tabs.tsx';

export const workspaceTabs = ['Buy', 'Batch', 'Look up', 'History'] as const;
export type WorkspaceTab = (typeof workspaceTabs)[number];

const items = workspaceTabs.map((tab) => ({ id: tab, label: tab }));

/** The tabs' and panels' element ids start with this (see Tabs). */
export const workspaceTabPrefix = 'workspace';

/** The workspace's tasks as tabs; Workspace renders the panels, some kept mounted while hidden. */
export function WorkspaceTabs({ current, onSelect }: { readonly current: WorkspaceTab; readonly onSelect: (tab: WorkspaceTab) => void }) {
  return <TabList label="Workspace" idPrefix={workspaceTabPrefix} tabs={items} selected={current} onSelect={onSelect} className="workspace-tabs" />;
}
