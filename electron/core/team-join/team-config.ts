import type { TeamSetting } from '../../../shared/team/team-setting.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { parseTeamUrl, type TeamConnection } from '../team/team-url.ts';
import { teamSecretId } from './team-secret.ts';

type Env = Readonly<Record<string, string | undefined>>;


/** Where the connection in use came from: Settings → Team, or the TITLEDESK_TEAM_* variables. */
export type TeamSource = 'settings' | 'environment';

export interface ResolvedTeam {
  readonly connection: TeamConnection;
  readonly source: TeamSource;
}

/**
 * Settings → Team's URL, login and password as one connection. Login and password are
 * percent-encoded before they go into the URL (a `%` in a password would otherwise be read as an
 * escape), and parseTeamUrl registers the password as a live secret.
 */
export function teamConnectionOf(setting: TeamSetting, password: string | undefined): TeamConnection {
  let url: URL;
  try {
    url = new URL(setting.databaseUrl);
  } catch {
    throw new CoreError('validation', 'The team database URL in Settings → Team is not a URL (postgres://host:5432/database).');
  }
  url.username = encodeURIComponent(setting.login);
  if (password !== undefined) url.password = encodeURIComponent(password);
  return parseTeamUrl(url.href, { caFile: setting.caFile });
}

function variable(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * TITLEDESK_TEAM_DATABASE_URL (login and maybe password in it), with TITLEDESK_TEAM_PASSWORD when
 * the URL has none and TITLEDESK_TEAM_CA_FILE; undefined when the URL variable is not set.
 */
export function teamConnectionFromEnv(env: Env): TeamConnection | undefined {
  const text = variable(env, 'TITLEDESK_TEAM_DATABASE_URL');
  if (text === undefined) return undefined;
  const password = variable(env, 'TITLEDESK_TEAM_PASSWORD');
  let withPassword = text;
  if (password !== undefined) {
    try {
      const url = new URL(text);
      if (url.password === '') url.password = encodeURIComponent(password);
      withPassword = url.href;
    } catch {
      // parseTeamUrl below says what is wrong with the URL, in words.
    }
  }
  return parseTeamUrl(withPassword, { caFile: variable(env, 'TITLEDESK_TEAM_CA_FILE') });
}

/**
 * The team database this process uses: the TITLEDESK_TEAM_* variables when given (the CLI), else
 * Settings → Team with the password from the secret store; undefined when the desk is in no team.
 * With `env`, TITLEDESK_TEAM_PASSWORD and TITLEDESK_TEAM_CA_FILE also win over the setting's, as
 * the WF_* variables win over the keychain for a CLI run (a machine without a keychain needs them).
 */
export async function resolveTeam(options: { readonly setting: TeamSetting | undefined; readonly secrets: SecretStore; readonly env?: Env }): Promise<ResolvedTeam | undefined> {
  const env = options.env ?? {};
  const fromEnv = teamConnectionFromEnv(env);
  if (fromEnv !== undefined) return { connection: fromEnv, source: 'environment' };
  if (options.setting === undefined) return undefined;
  const caFile = variable(env, 'TITLEDESK_TEAM_CA_FILE');
  const setting = caFile === undefined ? options.setting : { ...options.setting, caFile };
  const password = variable(env, 'TITLEDESK_TEAM_PASSWORD') ?? (await options.secrets.get(teamSecretId, 'teamPassword'));
  return { connection: teamConnectionOf(setting, password), source: 'settings' };
}
