import { testConnection } from '../../core/onboarding/connection-test.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import type { CliContext } from '../cli-context.ts';
import { stepsText, testExitCode } from '../output/test-output.ts';

async function runConnectionTest(context: CliContext, json: boolean): Promise<number> {
  const { environments } = context.started.core;
  const environment = environments.get(context.environment.id);
  const session = environments.session(environment.id);
  const result = await testConnection({ environment, secrets: environments.secretsFor(environment), tokens: session.tokens, dispatcher: session.dispatcher });
  if (json) printJson(result);
  else process.stdout.write(`Testing ${environment.name} (${environment.baseUrl}), ${environment.authMode} mode:\n${stepsText(result.steps)}`);
  return testExitCode(result.steps);
}

const spec: CommandSpec<{ readonly test: boolean }> = {
  name: 'token',
  usage: `Usage: titledesk token [--test] [--json]

Signs in with the configured credentials and shows the mode and when the access token expires.
The token itself is never printed. With --test, shows each step (discovery, then the token
request) with its result and time, and the RFC 6749 error when a credential is rejected.`,
  options: { test: { type: 'boolean' } },
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    return { test: values['test'] === true };
  },
  async run(context, input, flags) {
    if (input.test) return runConnectionTest(context, flags.json);
    const tokens = context.started.core.environments.session(context.environment.id).tokens;
    await tokens.accessToken({ deliberate: true });
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
