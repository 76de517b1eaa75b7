import { CoreError } from '../../core/errors.ts';
import { MemorySecretStore } from '../../core/secrets/memory-secret-store.ts';
import type { SecretName } from '../../core/secrets/secret-store.ts';
import { resolveTeam } from '../../core/team-join/index.ts';
import { appTeam } from '../app-environments.ts';
import type { CliContext } from '../cli-context.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { cliVariables, variableLine } from '../output/env-report.ts';
import { environmentLabel } from '../output/purchase-output.ts';

const secretNames: Readonly<Record<'machine' | 'developer', readonly SecretName[]>> = {
  machine: ['clientId', 'clientSecret'],
  developer: ['developerClientId', 'refreshToken'],
};

const persistenceWords = { environment: 'the WF_* variables', 'os-keychain': 'the OS keychain (the app’s credentials)', session: 'memory, for this command only' } as const;

/** Where the sign-in credentials come from and whether each is present: presence only, never a value. */
async function credentials(context: CliContext): Promise<{ mode: string; source: string; present: Record<string, boolean>; complete: boolean }> {
  const { environments } = context.started.core;
  const environment = environments.get(context.environment.id);
  const secrets = environments.secretsFor(environment);
  const names = secretNames[environment.authMode];
  const present: Record<string, boolean> = {};
  for (const name of names) present[name] = (await secrets.get(environment.id, name)) !== undefined || (name === 'developerClientId' && (environment.developerClientId ?? '') !== '');
  const source = context.builtInSandbox ? 'the built-in sandbox’s own' : persistenceWords[secrets.persistence];
  return { mode: environment.authMode, source, present, complete: Object.values(present).every(Boolean) };
}

/**
 * The team database a command would use, without its password (none is read: nothing connects
 * here); titledesk team status connects and says whether it answers.
 */
async function team(context: CliContext): Promise<{ database: string | null; source: string | null; problem?: string }> {
  try {
    const resolved = await resolveTeam({ setting: appTeam(context.dataDir), secrets: new MemorySecretStore(), env: process.env });
    if (resolved === undefined) return { database: null, source: null };
    return { database: resolved.connection.describe, source: resolved.source === 'environment' ? 'TITLEDESK_TEAM_DATABASE_URL' : 'Settings → Team' };
  } catch (error) {
    return { database: null, source: null, problem: error instanceof CoreError ? error.message : 'the team setting cannot be read' };
  }
}

function teamLine(found: Awaited<ReturnType<typeof team>>): string {
  if (found.problem !== undefined) return `Team:         not usable: ${found.problem}`;
  if (found.database === null) return 'Team:         none (this desk works alone; titledesk team status checks a team)';
  return `Team:         ${found.database}, from ${found.source ?? ''}`;
}

function serviceWords(context: CliContext, flags: { readonly baseUrlFlag: boolean }): string {
  if (context.builtInSandbox) return 'the built-in sandbox, started for each command (neither --base-url nor TITLEDESK_BASE_URL is set): it knows only purchases made during that command';
  return `${context.environment.baseUrl}, ${environmentLabel(context.environment)}, from ${flags.baseUrlFlag ? '--base-url' : 'TITLEDESK_BASE_URL'}`;
}

const spec: CommandSpec<{ readonly baseUrlFlag: boolean; readonly dataDirFlag: boolean }> = {
  name: 'env',
  usage: `Usage: titledesk env [--base-url URL] [--data-dir DIR] [--json]

Says which service, data folder and credentials a command given the same flags and variables
would use, and which of the variables it reads are set. Secrets are never printed (only whether
they are set), and nothing is sent: titledesk token --test signs in and shows each step.`,
  options: {},
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    return { baseUrlFlag: typeof values['base-url'] === 'string', dataDirFlag: typeof values['data-dir'] === 'string' };
  },
  async run(context, input, flags) {
    const signIn = await credentials(context);
    const teamDatabase = await team(context);
    const variables = cliVariables.map((variable) => variableLine(process.env, variable));
    const dataDir = context.builtInSandbox && !input.dataDirFlag && (process.env['TITLEDESK_DATA_DIR'] ?? '').trim() === '' ? 'a temporary folder, removed after each command' : `${context.dataDir}${input.dataDirFlag ? ' (--data-dir)' : (process.env['TITLEDESK_DATA_DIR'] ?? '').trim() === '' ? ' (the default)' : ' (TITLEDESK_DATA_DIR)'}`;
    if (flags.json) {
      printJson({
        service: { builtInSandbox: context.builtInSandbox, baseUrl: context.environment.baseUrl, name: context.environment.name, environmentId: context.environment.id },
        dataDir: context.dataDir,
        credentials: signIn,
        team: teamDatabase,
        variables: Object.fromEntries(variables.map((variable) => [variable.name, variable.state])),
      });
      return 0;
    }
    const missing = Object.entries(signIn.present).filter(([, present]) => !present).map(([name]) => name);
    const lines = [
      `Service:      ${serviceWords(context, input)}`,
      `Data folder:  ${dataDir}`,
      `Sign-in:      ${signIn.mode} mode, credentials from ${signIn.source}${signIn.complete ? '' : `; missing: ${missing.join(', ')}`}`,
      teamLine(teamDatabase),
      'Variables (secrets are only said to be set):',
      // One column for the values, as wide as the longest name: a name never runs into its value.
      ...variables.map((variable) => `  ${variable.name.padEnd(Math.max(...variables.map((each) => each.name.length)) + 2)}${variable.shown}`),
      'Nothing was sent. titledesk token --test signs in with these and shows each step.',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};

export function runEnvCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
