import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentKindSchema, type Environment, type EnvironmentKind } from '../../shared/environment/environment.ts';
import { CoreError } from '../core/errors.ts';
import { defaultDataDir } from '../core/app/data-dir.ts';
import { startCore, type StartedCore } from '../core/app/start-core.ts';
import { chooseKeychainStore } from '../core/secrets/keychain-secret-store.ts';
import { MemorySecretStore } from '../core/secrets/memory-secret-store.ts';
import { MemorySettingsStore, defaultSettings } from '../core/settings/settings-store.ts';
import { appEnvironmentFor, appPurchasing, appTeam } from './app-environments.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface CliContext {
  readonly started: StartedCore;
  readonly environment: Environment;
  /** The folder of the journal this command works on. */
  readonly dataDir: string;
  /** Neither --base-url nor TITLEDESK_BASE_URL: the built-in sandbox, started for this command alone. */
  readonly builtInSandbox: boolean;
  close(): Promise<void>;
}

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** A readable environment id from the base URL, so history from different services stays apart. */
function environmentIdFor(baseUrl: URL): string {
  const slug = `${baseUrl.hostname}-${baseUrl.port}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `cli-${slug}`.slice(0, 64);
}

/** TITLEDESK_ENVIRONMENT_KIND (live, staging or local); unset means judged from the address. */
function kindFrom(env: Env): EnvironmentKind | undefined {
  const text = setting(env, 'TITLEDESK_ENVIRONMENT_KIND');
  if (text === undefined) return undefined;
  const parsed = environmentKindSchema.safeParse(text.toLowerCase());
  if (!parsed.success) throw new CoreError('validation', `TITLEDESK_ENVIRONMENT_KIND must be one of ${environmentKindSchema.options.join(', ')}.`);
  return parsed.data;
}

/** The environment the flags and variables describe: machine mode wins when its pair is set. */
/**
 * The app's environment keeps the app's credentials (the keychain) unless WF_* variables were
 * given: then they are for this --base-url service, as they are without an app environment.
 */
function withCliCredentials(app: Environment | undefined, cli: Environment, env: Env): Environment {
  if (app === undefined) return cli;
  const given = ['WF_REFRESH_TOKEN', 'WF_CLIENT_ID', 'WF_CLIENT_SECRET'].some((name) => setting(env, name) !== undefined);
  return given ? { ...app, authMode: cli.authMode, credentialsFromEnvironment: true } : app;
}

function cliEnvironment(baseUrl: URL, env: Env): Environment {
  const kind = kindFrom(env);
  const machine = setting(env, 'WF_CLIENT_ID') !== undefined && setting(env, 'WF_CLIENT_SECRET') !== undefined;
  const findUrl = setting(env, 'TITLEDESK_FIND_URL');
  const retrieveUrl = setting(env, 'TITLEDESK_RETRIEVE_URL');
  return {
    id: environmentIdFor(baseUrl),
    name: baseUrl.host,
    baseUrl: baseUrl.href.replace(/\/$/, ''),
    authMode: machine ? 'machine' : 'developer',
    // The service named by --base-url is the one the WF_* variables were given for.
    credentialsFromEnvironment: true,
    ...(findUrl === undefined ? {} : { findUrl }),
    ...(retrieveUrl === undefined ? {} : { retrieveUrl }),
    ...(kind === undefined ? {} : { kind }),
  };
}

/**
 * Opens the core for one CLI command. With --base-url (or TITLEDESK_BASE_URL) it talks to that
 * service with credentials from the environment variables and the usual data folder; with
 * neither it starts the built-in sandbox in-process, with a temporary journal unless a data
 * folder is given.
 */
export async function openCliContext(options: { baseUrl: URL | undefined; dataDir: string | undefined; env: Env; follow?: boolean }): Promise<CliContext> {
  // The embedded sandbox forgets its purchases when it stops, so by default its journal does too.
  const temporary = options.dataDir === undefined && options.baseUrl === undefined ? mkdtempSync(join(tmpdir(), 'titledesk-cli-')) : undefined;
  const dataDir = options.dataDir ?? temporary ?? defaultDataDir(options.env);
  // Secrets of environments that do not take the variables: the OS keychain when one answers.
  const secrets = temporary === undefined ? (await chooseKeychainStore(dataDir)).store : new MemorySecretStore();
  const environmentVariables = options.env;
  // TITLEDESK_TEAM_DATABASE_URL (and its password and CA file) win over the app's Settings → Team.
  // A command that follows purchases (batch) owns the data folder, like the app, and resumes its pending purchases.
  const resume = options.follow === true ? { resume: true, resumeBatches: false } : { resume: false };
  const log = (message: string): void => {
    process.stderr.write(`titledesk: ${message}\n`);
  };
  // The app's budgets, thresholds, reuse window and batch concurrency apply on its folder.
  const purchasing = temporary === undefined ? appPurchasing(dataDir) : undefined;
  // So does its Settings → Team: a command there buys as the same desk of the same team.
  const team = temporary === undefined ? appTeam(dataDir) : undefined;
  const fromApp = { ...(purchasing === undefined ? {} : { purchasing }), ...(team === undefined ? {} : { team }) };
  if (options.baseUrl === undefined) {
    const started = await startCore({ dataDir, secrets, environmentVariables, teamVariables: environmentVariables, settings: new MemorySettingsStore({ ...defaultSettings, ...fromApp }), sandbox: {}, log, ...resume });
    return contextOf(started, started.core.environments.selected(), dataDir, temporary, true);
  }
  // On the app's data folder the app's own environment for this service is used, so records
  // (and their environment) are the app's; credentials still come from the secret store.
  const environment = withCliCredentials(appEnvironmentFor(dataDir, options.baseUrl), cliEnvironment(options.baseUrl, options.env), options.env);
  const settings = new MemorySettingsStore({ ...defaultSettings, ...fromApp, environments: [environment], selectedEnvironmentId: environment.id });
  const started = await startCore({ dataDir, secrets, environmentVariables, teamVariables: environmentVariables, settings, sandbox: false, log, ...resume });
  return contextOf(started, environment, dataDir, temporary);
}

function contextOf(started: StartedCore, environment: Environment, dataDir: string, temporary: string | undefined, builtInSandbox = false): CliContext {
  return {
    started,
    environment,
    dataDir,
    builtInSandbox,
    async close() {
      await started.close();
      if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
    },
  };
}
