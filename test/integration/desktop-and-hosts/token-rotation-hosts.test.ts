import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { EnvSecretStore } from '../../../electron/core/secrets/env-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { connectionTestSchema } from '../../../shared/environment/connection-test.ts';
import { runCli as runCliProcess, type CliRun } from '../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
const folders: string[] = [];
const hosts: StartedCore[] = [];

function credentials(): Record<string, string> {
  return { WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId, WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken };
}

/** A data folder with the app's own environment for the sandbox, as Settings saves it. */
function newFolder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-rotation-hosts-'));
  folders.push(dataDir);
  const staging = { id: 'staging', name: 'Staging', baseUrl: sandbox.baseUrl, authMode: 'developer', developerClientId: sandbox.config.developer.clientId };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ environments: [staging], selectedEnvironmentId: 'staging', advanced: {} }));
  return dataDir;
}

/** The browser-mode host's core on a folder, its refresh token from its environment as the CLI's is. */
async function startHost(dataDir: string): Promise<StartedCore> {
  const host = await startCore({ dataDir, secrets: new EnvSecretStore(credentials(), 'session'), settings: new ConfSettingsStore(dataDir), sandbox: false });
  hosts.push(host);
  return host;
}

function runCli(dataDir: string, args: readonly string[]): Promise<CliRun> {
  return runCliProcess(args, { ...credentials(), TITLEDESK_DATA_DIR: dataDir, TITLEDESK_BASE_URL: sandbox.baseUrl });
}

async function revokedFamilies(): Promise<number> {
  const behaviour = (await (await fetch(`${sandbox.baseUrl}/_sandbox/behaviour`)).json()) as { revokedTokenFamilies: number };
  return behaviour.revokedTokenFamilies;
}

/** Rotation off and on again: the configured refresh token is the live one of a new family. */
function newTokenFamily(): void {
  sandbox.setBehaviour({ rotateRefreshTokens: false });
  sandbox.setBehaviour({ rotateRefreshTokens: true });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, rotateRefreshTokens: true });
});

afterAll(async () => {
  for (const host of hosts) await host.close();
  await sandbox.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('developer mode on a rotating identity provider, the browser-mode host and the CLI on one data folder', () => {
  it('the CLI never sends the refresh token the host has had replaced, and the host stays signed in', async () => {
    newTokenFamily();
    const dataDir = newFolder();
    const host = await startHost(dataDir);
    const signIn = await host.core.router.dispatch('auth:sign-in', {});
    expect(signIn.ok).toBe(true);
    const before = sandbox.stats().token;
    const cli = await runCli(dataDir, ['token', '--json']);
    expect(cli.code).toBe(5);
    expect(cli.stderr).toContain('was not sent');
    expect(cli.stderr).not.toContain(sandbox.config.developer.refreshToken);
    expect(sandbox.stats().token).toBe(before);
    expect(await revokedFamilies()).toBe(0);
    // The host's Test connection is a refresh of its own manager, with the token it holds.
    const test = await host.core.router.dispatch('environment:test', {});
    expect(test.ok && connectionTestSchema.parse(test.data).ok).toBe(true);
    expect(await revokedFamilies()).toBe(0);
  });

  it('two CLI commands signing in at the same moment take turns: one refreshes, the other sends nothing', async () => {
    newTokenFamily();
    const dataDir = newFolder();
    const before = sandbox.stats().token;
    const runs = await Promise.all([runCli(dataDir, ['token']), runCli(dataDir, ['token'])]);
    expect(runs.map((run) => run.code).sort()).toEqual([0, 5]);
    expect(sandbox.stats().token - before).toBe(1);
    expect(await revokedFamilies()).toBe(0);
  });
});
