import { lazy, useState } from 'react';
import { useEnvironmentsQuery } from './api/environment-queries.ts';
import { useContractEvents } from './api/use-contract-events.ts';
import { Deferred } from './components/common/Deferred.tsx';
import { ErrorNotice } from './components/common/ErrorNotice.tsx';
import { AppHeader } from './components/header/AppHeader.tsx';
import { SandboxFaultBanner } from './features/demo/SandboxFaultBanner.tsx';
import { Workspace } from './features/workspace/Workspace.tsx';

// Settings are opened now and then, never on the first screen: their forms load on first use.
const SettingsDialog = lazy(async () => ({ default: (await import('./components/settings/SettingsDialog.tsx')).SettingsDialog }));

/** The application frame: header, main area, and settings over them. */
export function App({ openPurchase }: { readonly openPurchase?: string | undefined } = {}) {
  useContractEvents();
  const environments = useEnvironmentsQuery();
  const [settingsOpen, setSettingsOpen] = useState(false);

  if (environments.data === undefined) {
    return (
      <div className="app-loading">
        <h1>TitleDesk</h1>
        {environments.isError ? <ErrorNotice error={environments.error} /> : <p aria-live="polite">Starting…</p>}
        {environments.isError ? (
          <button type="button" onClick={() => { void environments.refetch(); }}>Try again</button>
        ) : null}
      </div>
    );
  }

  const { environments: list, selectedId, loadProblem } = environments.data;
  const selected = list.find((environment) => environment.id === selectedId) ?? list[0];
  if (selected === undefined) return <p role="alert">No environment is configured.</p>;

  return (
    <>
      <div className="app-shell">
        <a className="skip-link" href="#main">Skip to main content</a>
        <h1 className="visually-hidden">TitleDesk</h1>
        <AppHeader environments={list} selected={selected} onOpenSettings={() => { setSettingsOpen(true); }} />
        {/* Outside the scrolling workspace: always in view, and covering none of it. */}
        <SandboxFaultBanner />
        <Workspace environment={selected} loadProblem={loadProblem} openPurchase={openPurchase} />
      </div>
      {settingsOpen ? (
        <Deferred>
          <SettingsDialog environments={list} selectedId={selectedId} onClose={() => { setSettingsOpen(false); }} />
        </Deferred>
      ) : null}
    </>
  );
}
