// Real `titledesk` processes as desks of a team: a suite's sandbox beside its team database, each
// desk's environment for a process, and a run with no keychain for the team commands.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { developerEnv } from '../../integration/fixtures/run-cli.ts';
import { startTeamSuite, type DeskRoles, type TeamSuite } from './team-suite.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'bin', 'titledesk.mjs');

export interface CliTeamSuite extends TeamSuite {
  /** One-second pacing: a purchase settles within the test. */
  readonly sandbox: RunningSandbox;
  /** The setup login on the suite's database: reads every row as it is. */
  readonly superuser: postgres.Sql;
  /** A folder of the suite's own; `close` removes it. */
  readonly folder: string;
  /** A `titledesk` process of `desk`: the sandbox as a developer, a fresh data folder, the desk's team URL. */
  readonly envOf: (desk: string) => Record<string, string>;
}

/** A sandbox and a team `label` of `desks` (beside its admin) for processes of `titledesk`. */
export async function startCliTeamSuite(label: string, desks: DeskRoles): Promise<CliTeamSuite> {
  const sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  const suite = await startTeamSuite(label, desks);
  const superuser = postgres(suite.database.url, { max: 1, onnotice: () => undefined });
  const folder = mkdtempSync(join(tmpdir(), `titledesk-${label}-`));
  return {
    ...suite,
    sandbox,
    superuser,
    folder,
    envOf: (desk) => ({ ...developerEnv(sandbox, mkdtempSync(join(folder, `${desk}-`))), TITLEDESK_TEAM_DATABASE_URL: suite.deskUrl(desk) }),
    async close() {
      await superuser.end();
      await sandbox.close();
      await suite.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface SyncRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `titledesk args` to its end with only the TITLEDESK_/WF_ variables in `env`, and no keychain. */
export function titledeskSync(args: readonly string[], env: Readonly<Record<string, string>>): SyncRun {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TITLEDESK_') && !name.startsWith('WF_')));
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    // A session bus that does not exist: the keychain has its own suite.
    env: { ...clean, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent-titledesk-bus', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
