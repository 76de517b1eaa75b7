import { parseArgs } from 'node:util';
import type { SandboxConfig } from '../../shared/environment/sandbox-config.ts';
import { anySandboxFault, describeSandboxFaults, type SandboxFaults } from '../../shared/environment/sandbox-faults.ts';
import { rulesForSandboxFaults, sandboxFaultOptions, sandboxFaultsFromFlags, sandboxFaultUsage } from './demo-faults.ts';
import { parseFaultFlag, type FaultRule } from './faults.ts';
import { startSandbox, type SandboxOptions } from './index.ts';

const usage = `Usage: titledesk sandbox [options]

Runs the built-in Data Purchase Service and address provider on 127.0.0.1 until Ctrl+C.

Options:
  --port N              port to listen on (default 0: any free port)
  --print-config        print the configuration as one JSON line first
  --token-ttl S         access token lifetime in seconds (default 3600)
  --control             enable the /_sandbox/ control API (log, stats, purchases, faults)
  --fault T:K[:N[:S]]   inject a fault: T token|purchase|result, K status429|status500|status503|status504|drop|latency,
                        N the number of requests (default: until cleared), S the Retry-After seconds of a
                        429 or 503 (default 1); repeatable
${sandboxFaultUsage}
  --rotate-refresh-tokens
                        rotate developer refresh tokens: each refresh answers with a new one and voids
                        the old; presenting a voided one revokes every token of its family
  --seed N              data seed (default fixed)
  -h, --help            show this help`;

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const processIo: CommandIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(value);
}

function faultsFrom(flags: readonly string[]): FaultRule[] {
  return flags.map((flag) => {
    const rule = parseFaultFlag(flag);
    if (rule === undefined) throw new Error(`--fault ${JSON.stringify(flag)} is not target:kind[:count[:retry-after seconds]]`);
    return rule;
  });
}

/** The options for startSandbox, `'help'`, or an Error carrying the message for stderr. */
function parseCommand(argv: string[]): { options: SandboxOptions; printConfig: boolean; demo: SandboxFaults } | 'help' | Error {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'print-config': { type: 'boolean', default: false },
        'token-ttl': { type: 'string' },
        control: { type: 'boolean', default: false },
        fault: { type: 'string', multiple: true, default: [] },
        seed: { type: 'string' },
        'rotate-refresh-tokens': { type: 'boolean', default: false },
        ...sandboxFaultOptions,
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) return 'help';
    // The demo switches first: a request meets the first rule of its target in force.
    const demo = sandboxFaultsFromFlags(values);
    const options: SandboxOptions = { control: values.control, faults: [...rulesForSandboxFaults(demo), ...faultsFrom(values.fault)] };
    const port = integer(values.port, 'port', 0, 65_535);
    const tokenTtlSeconds = integer(values['token-ttl'], 'token-ttl', 1, 31_536_000);
    const seed = integer(values.seed, 'seed', 0, 4_294_967_295);
    if (port !== undefined) options.port = port;
    if (tokenTtlSeconds !== undefined) options.tokenTtlSeconds = tokenTtlSeconds;
    if (seed !== undefined) options.seed = seed;
    if (demo.catalogShape !== undefined) options.catalogShape = demo.catalogShape;
    if (values['rotate-refresh-tokens']) options.rotateRefreshTokens = true;
    return { options, printConfig: values['print-config'], demo };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function summary(config: SandboxConfig, control: boolean, demo: SandboxFaults): string {
  const lines = [
    `TitleDesk sandbox listening on ${config.baseUrl}`,
    `  Discovery:         ${config.baseUrl}/.well-known/openid-configuration`,
    `  Developer mode:    client_id=${config.developer.clientId}  refresh_token=${config.developer.refreshToken}`,
    `  Machine mode:      client_id=${config.machine.clientId}  client_secret=${config.machine.clientSecret}`,
    `  Address provider:  key=${config.addressProvider.key}  (without multi-residency: ${config.addressProvider.keyWithoutMultiResidency})`,
    `                     try: ${config.addressProvider.sampleQueries.join(' | ')}`,
    // One line per account error key, so a demo can show each refusal by pasting its key.
    '  Account errors:    Find and Retrieve with one of these keys answer with its error',
    ...config.addressProvider.accountErrorKeys.map(({ key, name, error }) => `                     ${key}  ${name} (provider error ${error})`),
    `  Sample titles:     ${config.sampleTitles.join(', ')}`,
    `  Test titles:       ${config.testTitles.join(', ')}  (service.min-wait is honoured on these)`,
    `  Catalog shape:     ${config.behaviour.catalogShape === 'member' ? 'member[] (the purchasing guide)' : 'variables[] with older identifiers (the reference pages)'}`,
    `  Refresh tokens:    ${config.behaviour.rotateRefreshTokens ? 'rotated on each use; a voided one presented again revokes its family' : 'not rotated'}`,
    ...(anySandboxFault(demo) ? [`  Simulating:        ${describeSandboxFaults(demo)}`] : []),
    ...(control ? [`  Control API:       ${config.baseUrl}/_sandbox/log, /_sandbox/stats, /_sandbox/purchases, /_sandbox/faults, /_sandbox/behaviour`] : []),
    'Press Ctrl+C to stop.',
  ];
  return `${lines.join('\n')}\n`;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `titledesk sandbox …`: serves until SIGINT or SIGTERM, then closes and returns 0. */
export async function runSandboxCommand(argv: string[], io: CommandIo = processIo): Promise<number> {
  const parsed = parseCommand(argv);
  if (parsed === 'help') {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (parsed instanceof Error) {
    io.stderr(`titledesk sandbox: ${parsed.message}\n${usage}\n`);
    return 2;
  }
  let sandbox;
  try {
    sandbox = await startSandbox(parsed.options);
  } catch (error) {
    io.stderr(`titledesk sandbox: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const stopped = untilSignal();
  io.stdout(parsed.printConfig ? `${JSON.stringify(sandbox.config)}\n` : summary(sandbox.config, parsed.options.control ?? false, parsed.demo));
  await stopped;
  await sandbox.close();
  return 0;
}
