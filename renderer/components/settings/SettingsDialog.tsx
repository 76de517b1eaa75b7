import { useRef, useState, type KeyboardEvent } from 'react';
import type { Environment } from '../../../shared/environment.ts';
import { useSettingsQuery } from '../../api/settings-queries.ts';
import { Dialog } from '../common/Dialog.tsx';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
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
  const tabRefs = useRef(new Map<SettingsTab, HTMLButtonElement>());
  const settings = useSettingsQuery();

  function onTabKey(event: KeyboardEvent<HTMLDivElement>): void {
    const index = tabs.findIndex((candidate) => candidate.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : step === 0 ? undefined : tabs[(index + step + tabs.length) % tabs.length];
    if (target === undefined) return;
    event.preventDefault();
    setTab(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <Dialog title="Settings" onClose={onClose}>
      <div className="tabs" role="tablist" aria-label="Settings sections" onKeyDown={onTabKey}>
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`settings-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`settings-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            ref={(element) => {
              if (element === null) tabRefs.current.delete(id);
              else tabRefs.current.set(id, element);
            }}
            onClick={() => { setTab(id); }}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
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
      </div>
    </Dialog>
  );
}
