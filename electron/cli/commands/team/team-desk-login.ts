import { defaultDataDir } from '../../../core/app/data-dir.ts';
import { CoreError } from '../../../core/errors.ts';
import { chooseKeychainStore } from '../../../core/secrets/keychain-secret-store.ts';
import { MemorySecretStore } from '../../../core/secrets/memory-secret-store.ts';
import { resolveTeam, type ResolvedTeam } from '../../../core/team-join/index.ts';
import { TeamStore } from '../../../core/team/team-store.ts';
import { appTeam } from '../../app-environments.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The team database this desk uses, as `titledesk team status` finds it: the TITLEDESK_TEAM_*
 * variables, else the app's Settings → Team on the data folder with its password from the keychain.
 */
export async function deskTeam(dataDirFlag: string | undefined, env: Env): Promise<{ readonly dataDir: string; readonly team: ResolvedTeam | undefined }> {
  const dataDir = dataDirFlag ?? defaultDataDir(env);
  const setting = appTeam(dataDir);
  // The keychain is asked only where the app's setting is used and no variable gives the password.
  const keychainNeeded = setting !== undefined && (env['TITLEDESK_TEAM_PASSWORD'] ?? '').trim() === '';
  const secrets = keychainNeeded ? (await chooseKeychainStore(dataDir)).store : new MemorySecretStore();
  return { dataDir, team: await resolveTeam({ setting, secrets, env }) };
}

/**
 * `work` with this desk's own connection to its team database (never the setup login), closed
 * after. A desk in no team is a usage error: there is nothing to administer.
 */
export async function withDeskStore<T>(dataDirFlag: string | undefined, env: Env, work: (store: TeamStore, team: ResolvedTeam) => Promise<T>): Promise<T> {
  const { dataDir, team } = await deskTeam(dataDirFlag, env);
  if (team === undefined) {
    throw new CoreError('validation', `This desk is in no team: neither TITLEDESK_TEAM_DATABASE_URL nor Settings → Team in ${dataDir} is set ("titledesk team status" says what is used).`);
  }
  const store = await TeamStore.open(team.connection, { maxConnections: 1, applicationName: 'titledesk team' });
  try {
    return await work(store, team);
  } finally {
    await store.close();
  }
}
