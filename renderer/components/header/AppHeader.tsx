import type { Environment } from '../../../shared/environment/environment.ts';
import { AuthStatus } from './AuthStatus.tsx';
import { EnvironmentSwitcher } from './EnvironmentSwitcher.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import { TeamStatus } from './TeamStatus.tsx';

export interface AppHeaderProps {
  readonly environments: readonly Environment[];
  readonly selected: Environment;
  readonly onOpenSettings: () => void;
}

export function AppHeader({ environments, selected, onOpenSettings }: AppHeaderProps) {
  return (
    <header className="app-header">
      <p className="brand">TitleDesk</p>
      <EnvironmentSwitcher environments={environments} selected={selected} />
      {/* Keyed by environment so a switch starts with no stale sign-in error. */}
      <AuthStatus key={selected.id} environment={selected} />
      <TeamStatus />
      <HelpMenu />
      <button type="button" className="settings-button" onClick={onOpenSettings}>
        Settings
      </button>
    </header>
  );
}
