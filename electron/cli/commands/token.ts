import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';

const spec: CommandSpec<null> = {
  name: 'token',
  usage: `Usage: titledesk token [--json]

Signs in with the configured credentials and shows the mode and when the access token expires.
The token itself is never printed.`,
  options: {},
  parse(_values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    return null;
  },
  async run(context, _input, flags) {
    const tokens = context.started.core.environments.session(context.environment.id).tokens;
    await tokens.accessToken();
    const state = await tokens.state();
    const expiresAt = state.expiresAt === null || state.expiresAt === undefined ? null : new Date(state.expiresAt).toISOString();
    if (flags.json) printJson({ environment: context.environment.name, baseUrl: context.environment.baseUrl, mode: state.mode, signedIn: state.signedIn, expiresAt });
    else process.stdout.write(`Signed in to ${context.environment.name} (${context.environment.baseUrl}) in ${state.mode} mode; the token expires at ${expiresAt ?? 'an unknown time'}.\n`);
    return 0;
  },
};

export function runTokenCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
