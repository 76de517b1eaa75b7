type Env = Readonly<Record<string, string | undefined>>;

/** The variables a support person exports, in the order they matter; secrets are never shown. */
export const cliVariables = [
  { name: 'TITLEDESK_BASE_URL', secret: false, use: 'the service (else the built-in sandbox)' },
  { name: 'TITLEDESK_DATA_DIR', secret: false, use: 'the data folder with the purchase journal' },
  { name: 'WF_CLIENT_ID', secret: true, use: 'machine mode, with WF_CLIENT_SECRET' },
  { name: 'WF_CLIENT_SECRET', secret: true, use: 'machine mode, with WF_CLIENT_ID' },
  { name: 'WF_REFRESH_TOKEN', secret: true, use: 'developer mode, with WF_DEVELOPER_CLIENT_ID' },
  { name: 'WF_DEVELOPER_CLIENT_ID', secret: true, use: 'developer mode, with WF_REFRESH_TOKEN' },
  { name: 'LOQATE_KEY', secret: true, use: 'the address provider key' },
  { name: 'TITLEDESK_FIND_URL', secret: false, use: 'the address provider Find endpoint' },
  { name: 'TITLEDESK_RETRIEVE_URL', secret: false, use: 'the address provider Retrieve endpoint' },
  { name: 'TITLEDESK_ENVIRONMENT_KIND', secret: false, use: 'live, staging or local, named in the status line' },
  // The URL may carry the desk's password: only "set" is shown; the Team line names it without one.
  { name: 'TITLEDESK_TEAM_DATABASE_URL', secret: true, use: 'the team database (else Settings → Team)' },
  { name: 'TITLEDESK_TEAM_PASSWORD', secret: true, use: 'the desk’s team database password' },
  { name: 'TITLEDESK_TEAM_CA_FILE', secret: false, use: 'the CA of the team database’s certificate' },
] as const;

export type VariableState = 'set' | 'empty' | 'unset';

export function variableState(env: Env, name: string): VariableState {
  const value = env[name];
  if (value === undefined) return 'unset';
  return value.trim() === '' ? 'empty' : 'set';
}

const stateWords: Readonly<Record<VariableState, string>> = { set: 'set', empty: 'set but empty (counts as not set)', unset: 'not set' };

/** One variable as `env` prints it: a secret only as "set", never its value or length. */
export function variableLine(env: Env, variable: (typeof cliVariables)[number]): { name: string; state: VariableState; shown: string } {
  const state = variableState(env, variable.name);
  const value = env[variable.name]?.trim() ?? '';
  const shown = state === 'set' ? (variable.secret ? 'set (hidden)' : `set: ${value}`) : stateWords[state];
  return { name: variable.name, state, shown };
}

/**
 * Why no credentials were found, from the variables as this process sees them: an empty
 * WF_CLIENT_ID or a lone WF_CLIENT_SECRET says so, and both modes' needs are named.
 */
export function credentialsHint(env: Env): string {
  const names = ['WF_CLIENT_ID', 'WF_CLIENT_SECRET', 'WF_REFRESH_TOKEN', 'WF_DEVELOPER_CLIENT_ID'];
  const seen = names.map((name) => `${name} ${stateWords[variableState(env, name)]}`).join(', ');
  return [
    `  Seen here: ${seen}.`,
    '  Machine mode needs WF_CLIENT_ID and WF_CLIENT_SECRET; developer mode needs WF_REFRESH_TOKEN and WF_DEVELOPER_CLIENT_ID. titledesk env shows what a command would use.',
  ].join('\n');
}
