import { useState } from 'react';
import type { Environment } from '../../../shared/environment.ts';
import { useSettingsQuery } from '../../api/settings-queries.ts';
import { Dialog } from '../common/Dialog.tsx';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { TabList, TabPanel } from '../common/Tabs.tsx';
import { AdvancedSection } from './AdvancedSection.tsx';
import { CredentialsSection } from './CredentialsSection.tsx';
import { EnvironmentsSection } from './EnvironmentsSection.tsx';
import { SpendingSection } from './SpendingSection.tsx';

const tabs = [
  { id: 'environments', label: 'Environments' },
  { id: 'credentials', label: 'Credentials' },
  { id: 'advanced', label: 'Advanced' },
  { id: 'spending', label: 'Spending' },
] as const;
export type SettingsTab = (typeof tabs)[number]['id'];

export interface SettingsDialogProps {
  readonly environments: readonly Environment[];
  readonly selectedId: string;
  readonly onClose: () => void;
}

/** Settings in a modal with tabs: arrow keys move between tabs, Tab moves into the panel. */
export function SettingsDialog({ environments, selectedId, onClose }: SettingsDialogProps) {
  const [tab, setTab] = useState<SettingsTab>('environments');
  const settings = useSettingsQuery();

  return (
    <Dialog title="Settings" onClose={onClose}>
      <TabList label="Settings sections" idPrefix="settings" tabs={tabs} selected={tab} onSelect={setTab} />
      <TabPanel idPrefix="settings" tab={tab}>
        {tab === 'environments' ? <EnvironmentsSection environments={environments} selectedId={selectedId} /> : null}
        {tab === 'credentials' ? <CredentialsSection environments={environments} selectedId={selectedId} /> : null}
        {tab === 'spending' ? <SpendingSection environments={environments} selectedId={selectedId} /> : null}
        {tab === 'advanced' ? (
          settings.data === undefined ? (
            settings.isError ? <ErrorNotice error={settings.error} /> : <p className="field-hint">Loading…</p>
          ) : (
            <AdvancedSection settings={settings.data} />
          )
        ) : null}
      </TabPanel>
    </Dialog>
  );
}
