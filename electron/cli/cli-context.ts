import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentKindSchema, type Environment, type EnvironmentKind } from '../../shared/environment.ts';
import { CoreError } from '../core/errors.ts';
import { defaultDataDir } from '../core/app/data-dir.ts';
import { startCore, type StartedCore } from '../core/app/start-core.ts';
import { EnvSecretStore } from '../core/secrets/env-secret-store.ts';
import { MemorySettingsStore, defaultSettings } from '../core/settings/settings-store.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface CliContext {
  readonly started: StartedCore;
  readonly environment: Environment;
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
export async function openCliContext(options: { baseUrl: URL | undefined; dataDir: string | undefined; env: Env }): Promise<CliContext> {
  // The embedded sandbox forgets its purchases when it stops, so by default its journal does too.
  const temporary = options.dataDir === undefined && options.baseUrl === undefined ? mkdtempSync(join(tmpdir(), 'titledesk-cli-')) : undefined;
  const dataDir = options.dataDir ?? temporary ?? defaultDataDir(options.env);
  const secrets = new EnvSecretStore(options.env);
  if (options.baseUrl === undefined) {
    const started = await startCore({ dataDir, secrets, settings: new MemorySettingsStore(), sandbox: {}, resume: false });
    return contextOf(started, started.core.environments.selected(), temporary);
  }
  const environment = cliEnvironment(options.baseUrl, options.env);
  const settings = new MemorySettingsStore({ ...defaultSettings, environments: [environment], selectedEnvironmentId: environment.id });
  const started = await startCore({ dataDir, secrets, settings, sandbox: false, resume: false });
  return contextOf(started, environment, temporary);
}

function contextOf(started: StartedCore, environment: Environment, temporary: string | undefined): CliContext {
  return {
    started,
    environment,
    async close() {
      await started.close();
      if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
    },
  };
}
