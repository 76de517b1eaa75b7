import { teamTlsModeOf, type TeamSetting, type TeamView } from '../../../shared/team/team-setting.ts';
import type { TeamAdminChange } from '../../../shared/team/team-admin.ts';
import type { TeamAdminView } from '../../../shared/team/team-admin-view.ts';
import type { TeamLinkStatus, TeamTestResult } from '../../../shared/team/team-status.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import { registerLiveSecret } from '../live-secrets.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { teamSecretId } from '../team-join/team-secret.ts';
import type { ContractHandlers } from './create-router.ts';

type TeamChannels = 'team:get' | 'team:save' | 'team:test' | 'team:leave' | 'team:status' | 'team:admin' | 'team:admin-change';

/** The core's link to its team database (app/team-link.ts), as these handlers use it. */
export interface TeamLinkControl {
  status(): TeamLinkStatus;
  /** Reads Settings → Team again and joins (or leaves) accordingly. Never throws. */
  restart(): Promise<TeamLinkStatus>;
  /** The team panel's overview, read as this desk (refused in words when the database is away or the desk in no team). */
  adminOverview(): Promise<TeamAdminView>;
  /** A change made as this desk's login (its role decides), then the overview again. */
  adminChange(change: TeamAdminChange): Promise<TeamAdminView>;
}

/**
 * Settings → Team in every host: the setting goes to the settings file, the password to the secret
 * store and never back out (the view says only "saved" or "not set").
 */
export function teamHandlers(environments: EnvironmentRegistry, secrets: SecretStore, link: TeamLinkControl): Pick<ContractHandlers, TeamChannels> {
  const savedPassword = (): Promise<string | undefined> => secrets.get(teamSecretId, 'teamPassword');
  const view = async (): Promise<TeamView> => {
    const setting = environments.team() ?? null;
    const tls = setting === null ? undefined : teamTlsModeOf(setting.databaseUrl);
    return {
      setting,
      password: (await savedPassword()) === undefined ? 'not-set' : 'saved',
      passwordKeptIn: secrets.persistence,
      ...(tls === undefined ? {} : { tls }),
    };
  };
  // A save or a leave takes effect at once; the header hears the link's first answer when it comes.
  const rejoin = (): void => { void link.restart(); };
  return {
    'team:get': view,
    'team:save': async ({ setting, password }) => {
      if (password !== undefined) {
        registerLiveSecret(password);
        await secrets.set(teamSecretId, 'teamPassword', password);
      }
      environments.setTeam(setting);
      rejoin();
      return view();
    },
    'team:test': async (request): Promise<TeamTestResult> => {
      const setting: TeamSetting | undefined = request?.setting ?? environments.team();
      if (setting === undefined) return { ok: false, problem: 'invalid', message: 'Fill in the team database URL and the desk’s login first.' };
      if (request?.password !== undefined) registerLiveSecret(request.password);
      const password = request?.password ?? (await savedPassword());
      // On first use: the team client stays out of the app's start (decision 001).
      const [{ probeTeam }, { teamConnectionOf }] = await Promise.all([import('../team-join/team-probe.ts'), import('../team-join/team-config.ts')]);
      return probeTeam(() => teamConnectionOf(setting, password));
    },
    'team:leave': async () => {
      // The password first, and only when there is one: a keychain refuses to remove what it lacks,
      // and a locked one must leave the desk as it was, not half out of its team.
      if ((await savedPassword()) !== undefined) await secrets.delete(teamSecretId, 'teamPassword');
      environments.setTeam(undefined);
      rejoin();
      return view();
    },
    'team:status': () => Promise.resolve(link.status()),
    'team:admin': () => link.adminOverview(),
    'team:admin-change': (change) => link.adminChange(change),
  };
}
