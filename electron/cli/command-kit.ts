import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { defaultDataDir } from '../core/app/data-dir.ts';
import { CoreError } from '../core/errors.ts';
import { asDataFolderError } from '../core/files/disk-full.ts';
import { openCliContext, type CliContext } from './cli-context.ts';
import { editDistance } from './edit-distance.ts';
import { credentialsHint } from './output/env-report.ts';
import { exitCodeFor, exitCodes } from './exit-codes.ts';
import { providerRefusalLines } from './output/provider-error-text.ts';
import type { ProviderErrorDetail } from '../../shared/errors/provider-errors.ts';

/** Bad flags or arguments: exit code 2, with the command's usage. */
export class UsageError extends Error {}

export interface CommonFlags {
  readonly json: boolean;
}

export interface CommandSpec<T> {
  readonly name: string;
  readonly usage: string;
  readonly options: ParseArgsOptionsConfig;
  readonly parse: (values: Readonly<Record<string, unknown>>, positionals: readonly string[]) => T;
  readonly run: (context: CliContext, input: T, flags: CommonFlags) => Promise<number>;
  /** Follows purchases to their end across restarts (locks the data folder, resumes its pending purchases). */
  readonly follow?: boolean;
  /** What a stop by a signal leaves, said before the journal closes: the state of the work and how to follow it. */
  readonly stopNote?: (context: CliContext) => string | undefined;
}

const commonOptions: ParseArgsOptionsConfig = {
  json: { type: 'boolean' },
  'base-url': { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export const commonUsage = `Common options:
  --json              print exactly one JSON document on stdout (progress goes to stderr)
  --base-url URL      the service (default TITLEDESK_BASE_URL, else the built-in sandbox)
  --data-dir DIR      where the purchase journal lives (default TITLEDESK_DATA_DIR)
  -h, --help          show this help`;

function baseUrlFrom(flag: unknown, env: Readonly<Record<string, string | undefined>>): URL | undefined {
  const text = typeof flag === 'string' ? flag : env['TITLEDESK_BASE_URL'];
  if (text === undefined || text.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(`--base-url ${JSON.stringify(text)} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError('--base-url must be an http:// or https:// URL');
  return url;
}

function dataDirFrom(flag: unknown, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const text = typeof flag === 'string' ? flag : env['TITLEDESK_DATA_DIR'];
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** The one JSON document a failed command prints under --json, so `jq` never reads empty input. */
function errorDocument(code: string, message: string, provider?: ProviderErrorDetail): string {
  // An address provider refusal keeps the provider's own words and number, as on stderr.
  return `${JSON.stringify({ error: { code, message, ...(provider === undefined ? {} : { provider }) } }, null, 2)}\n`;
}

/**
 * Writes a failure the way scripts expect: one line on stderr and a documented exit code; under
 * --json also the error as the command's one JSON document on stdout.
 */
export function reportError(name: string, error: unknown, json = false): number {
  if (error instanceof UsageError) {
    process.stderr.write(`titledesk ${name}: ${error.message}\n`);
    if (json) process.stdout.write(errorDocument('validation', error.message));
    return exitCodes.usage;
  }
  if (error instanceof CoreError && error.provider !== undefined) {
    const [headline = '', ...rest] = providerRefusalLines(error.code, error.provider);
    process.stderr.write(`titledesk ${name}: ${headline}\n${rest.map((line) => `${line}\n`).join('')}`);
    if (json) process.stdout.write(errorDocument(error.code, headline, error.provider));
    return exitCodeFor(error.code);
  }
  if (error instanceof CoreError) {
    // Missing credentials on the command line are almost always a variable not exported, or exported empty.
    const hint = error.code === 'credentials_missing' ? `\n${credentialsHint(process.env)}` : '';
    const detail = `${error.detail === undefined ? '' : ` ${error.detail}`}${hint}`;
    process.stderr.write(`titledesk ${name}: ${error.message}${detail}\n`);
    if (json) process.stdout.write(errorDocument(error.code, `${error.message}${detail}`));
    return exitCodeFor(error.code);
  }
  const message = `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`titledesk ${name}: ${message}\n`);
  if (json) process.stdout.write(errorDocument('internal', message));
  return exitCodes.failure;
}

/**
 * Node's own words for a flag it cannot parse, said plainly: a flag without its value (at the end,
 * or followed by another flag), a value given to a switch, and an unknown flag with the known one
 * it most resembles ("--tilte": did you mean --title?).
 */
export function flagErrorWords(message: string, known: readonly string[]): string {
  const missing = /^Option '(?:-\w, )?--([\w-]+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(message);
  if (missing !== null) return `--${missing[1] ?? ''} needs a value (--${missing[1] ?? ''} VALUE)`;
  const switchValue = /^Option '(?:-\w, )?--([\w-]+)' does not take an argument/.exec(message);
  if (switchValue !== null) return `--${switchValue[1] ?? ''} is a switch and takes no value`;
  const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(message);
  if (unknown !== null) {
    const flag = unknown[1] ?? '';
    const name = flag.replace(/^-+/, '').split('=')[0] ?? '';
    const nearest = known
      .map((option) => ({ option, distance: editDistance(name.toLowerCase(), option, 2) }))
      .filter((entry) => entry.distance <= 2)
      .sort((a, b) => a.distance - b.distance)[0];
    return `unknown option "${flag}"${nearest === undefined ? ' (the options are listed below)' : `; did you mean --${nearest.option}?`}`;
  }
  return message;
}

/** Parses flags strictly, opens the core, runs the command and always closes the core. */
export async function runCommand<T>(spec: CommandSpec<T>, argv: string[]): Promise<number> {
  let parsed: { input: T; flags: CommonFlags; baseUrl: URL | undefined; dataDir: string | undefined };
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { ...commonOptions, ...spec.options }, strict: true, allowPositionals: true });
    if (values['help'] === true) {
      process.stdout.write(`${spec.usage}\n\n${commonUsage}\n`);
      return exitCodes.ok;
    }
    parsed = {
      input: spec.parse(values, positionals),
      flags: { json: values['json'] === true },
      baseUrl: baseUrlFrom(values['base-url'], process.env),
      dataDir: dataDirFrom(values['data-dir'], process.env),
    };
  } catch (error) {
    const usageError = error instanceof UsageError ? error : new UsageError(flagErrorWords(error instanceof Error ? error.message : String(error), Object.keys({ ...commonOptions, ...spec.options })));
    const code = reportError(spec.name, usageError, argv.includes('--json'));
    process.stderr.write(`${spec.usage}\n`);
    return code;
  }
  let context: CliContext | undefined;
  const signal = { received: false };
  const stopOnSignal = endOnSignals(spec.name, () => {
    signal.received = true;
    const note = context === undefined ? undefined : spec.stopNote?.(context);
    if (note !== undefined) process.stderr.write(`titledesk ${spec.name}: ${note}\n`);
    return context?.close();
  });
  try {
    context = await openCliContext({ baseUrl: parsed.baseUrl, dataDir: parsed.dataDir, env: process.env, follow: spec.follow === true });
    // What the journal found wrong on opening is said, not only logged (stdout stays for --json).
    for (const notice of context.started.core.purchases.journalNotices) process.stderr.write(`titledesk: ${notice.message}\n`);
    return await spec.run(context, parsed.input, parsed.flags);
  } catch (error) {
    // Stopped by a signal: the journal was closed under the work, whose failure says nothing; the handler exits.
    if (signal.received) return await new Promise<number>(() => undefined);
    // A full disk is the data folder's problem (exit 7), said with the folder's name.
    return reportError(spec.name, asDataFolderError(error, context?.dataDir ?? parsed.dataDir ?? defaultDataDir()), parsed.flags.json);
  } finally {
    if (!signal.received) {
      stopOnSignal();
      await context?.close();
    }
  }
}

const signalExitCodes = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * SIGINT and SIGTERM always end the command: the journal is closed if that takes under two
 * seconds (every record is already durable, so a cut-off close loses nothing), then the process
 * exits with 128 + the signal number. Returns the function that removes the handlers.
 */
function endOnSignals(name: string, close: () => Promise<void> | undefined): () => void {
  const handlers = Object.entries(signalExitCodes).map(([signal, code]) => {
    const handler = (): void => {
      process.stderr.write(`titledesk ${name}: stopped by ${signal}\n`);
      setTimeout(() => process.exit(code), 2_000).unref();
      void Promise.resolve(close()).finally(() => process.exit(code));
    };
    process.once(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => {
    for (const remove of handlers) remove();
  };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${what} is required`);
  return value.trim();
}
