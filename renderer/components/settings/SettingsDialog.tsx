import { useState } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { useSandboxInfoQuery, useSettingsQuery } from '../../api/settings-queries.ts';
import { Dialog } from '../common/Dialog.tsx';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { TabList, TabPanel } from '../common/Tabs.tsx';
import { AdvancedSection } from './AdvancedSection.tsx';
import { CredentialsSection } from './CredentialsSection.tsx';
import { SandboxSection } from './SandboxSection.tsx';
import { EnvironmentsSection } from './EnvironmentsSection.tsx';
import { SpendingSection } from './SpendingSection.tsx';
import { TeamSection } from './TeamSection.tsx';

const allTabs = [
  { id: 'environments', label: 'Environments' },
  { id: 'credentials', label: 'Credentials' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'spending', label: 'Spending' },
  { id: 'team', label: 'Team' },
  { id: 'sandbox', label: 'Sandbox' },
] as const;
export type SettingsTab = (typeof allTabs)[number]['id'];

export interface SettingsDialogProps {
  readonly environments: readonly Environment[];
  readonly selectedId: string;
  readonly onClose: () => void;
}

/** Settings in a modal with tabs: arrow keys move between tabs, Tab moves into the panel. */
export function SettingsDialog({ environments, selectedId, onClose }: SettingsDialogProps) {
  const [tab, setTab] = useState<SettingsTab>('environments');
  const settings = useSettingsQuery();
  // The Sandbox's demo switches exist only where the built-in Sandbox runs.
  const sandboxRunning = useSandboxInfoQuery().data?.running === true;
  const tabs = allTabs.filter((item) => item.id !== 'sandbox' || sandboxRunning);

  function section(id: SettingsTab) {
    switch (id) {
      case 'environments': return <EnvironmentsSection environments={environments} selectedId={selectedId} />;
      case 'credentials': return <CredentialsSection environments={environments} selectedId={selectedId} />;
      case 'spending': return <SpendingSection environments={environments} selectedId={selectedId} />;
      case 'team': return <TeamSection />;
      case 'sandbox': return <SandboxSection />;
      case 'advanced':
        if (settings.data !== undefined) return <AdvancedSection settings={settings.data} />;
        return settings.isError ? <ErrorNotice error={settings.error} /> : <p className="field-hint">Loading…</p>;
    }
  }

  return (
    <Dialog title="Settings" onClose={onClose}>
      <TabList label="Settings sections" idPrefix="settings" tabs={tabs} selected={tab} onSelect={setTab} />
      {/* A panel for every tab (each tab controls one); only the shown one has its section. */}
      {tabs.map((item) => (
        <TabPanel key={item.id} idPrefix="settings" tab={item.id} hidden={item.id !== tab}>
          {item.id === tab ? section(item.id) : null}
        </TabPanel>
      ))}
    </Dialog>
  );
}
