import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { startSandbox } from '../../../electron/sandbox/index.ts';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { EnvironmentRegistry } from '../../../electron/core/env/environment-registry.ts';
import type { SecretStore } from '../../../electron/core/secrets/secret-store.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import type { AuthState } from '../../../shared/environment/environment.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let agent: Dispatcher;
const dirs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true });
  agent = createHttpAgent();
});

afterAll(async () => {
  await agent.close();
  await sandbox.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'titledesk-env-'));
  dirs.push(dir);
  return dir;
}

async function registryIn(dir: string, secrets: SecretStore = new MemorySecretStore(), now?: () => number): Promise<EnvironmentRegistry> {
  const options = { settings: new ConfSettingsStore(dir), secrets, dispatcher: agent, sandbox: sandbox.config };
  const registry = new EnvironmentRegistry(now === undefined ? options : { ...options, now });
  await registry.init();
  return registry;
}

function catalogStatus(registry: EnvironmentRegistry, id?: string): Promise<number> {
  const session = registry.session(id);
  const url = new URL(`${session.environment.baseUrl}/world/GB-eaw/titles/${sandbox.config.sampleTitles[0] ?? ''}/catalog`);
  return session.client.send({ method: 'GET', url }).then((response) => response.status);
}

async function codeOf(action: () => unknown): Promise<string> {
  try {
    await action();
  } catch (error) {
    return error instanceof CoreError ? error.code : `not a CoreError: ${String(error)}`;
  }
  return 'resolved';
}

const production = { name: 'Production', baseUrl: 'https://api.whenfresh.com', authMode: 'developer', developerClientId: 'dev-id' };

describe('environment registry', () => {
  it('selects the built-in sandbox by default and signs in with its pre-filled credentials in both modes', async () => {
    const registry = await registryIn(await tempDir());
    const states: AuthState[] = [];
    registry.onAuthChange((state) => states.push(state));
    expect(registry.selected()).toMatchObject({ id: 'sandbox', builtIn: true, baseUrl: sandbox.baseUrl });
    expect(await catalogStatus(registry)).toBe(200);
    registry.setAuthMode('sandbox', 'machine');
    expect(await catalogStatus(registry)).toBe(200);
    expect(await registry.session().tokens.state()).toMatchObject({ mode: 'machine', signedIn: true, credentials: 'session' });
    expect(states.map((state) => state.mode)).toEqual(['developer', 'machine']);
    expect(JSON.stringify(states)).not.toContain(sandbox.config.machine.clientSecret);
  });

  it('validates, adds, persists, selects, edits and removes user environments', async () => {
    const dir = await tempDir();
    const registry = await registryIn(dir);
    expect(await codeOf(() => registry.add({ ...production, baseUrl: 'file:///etc/passwd' }))).toBe('validation');
    expect(await codeOf(() => registry.add({ ...production, baseUrl: 'not a url' }))).toBe('validation');
    expect(await codeOf(() => registry.add({ ...production, authMode: 'oauth' }))).toBe('validation');
    const added = registry.add(production);
    expect(added.id).toBe('production');
    expect(registry.add(production).id).toBe('production-2');
    registry.select('production');

    const reopened = await registryIn(dir);
    expect(reopened.list().map((environment) => environment.id)).toEqual(['sandbox', 'production', 'production-2']);
    expect(reopened.selected().id).toBe('production');
    expect(reopened.loadProblem).toBeUndefined();

    expect(reopened.update('production', { ...production, name: 'Live' }).name).toBe('Live');
    await reopened.remove('production');
    expect(reopened.selected().id).toBe('sandbox');
    expect(await codeOf(() => reopened.get('production'))).toBe('not_found');
  });

  it('refuses to edit or remove the built-in sandbox', async () => {
    const registry = await registryIn(await tempDir());
    expect(await codeOf(() => registry.update('sandbox', production))).toBe('validation');
    expect(await codeOf(() => registry.remove('sandbox'))).toBe('validation');
  });

  it('keeps secrets out of the settings file and deletes them with the environment', async () => {
    const dir = await tempDir();
    const secrets = new MemorySecretStore();
    const registry = await registryIn(dir, secrets);
    const { id } = registry.add(production);
    await registry.setSecret(id, 'refreshToken', '  secret-refresh-token  ');
    expect(await secrets.get(id, 'refreshToken')).toBe('secret-refresh-token');
    expect(await registry.session(id).tokens.state()).toMatchObject({ credentials: 'session', signedIn: false });
    const files = await readdir(dir);
    for (const file of files) expect(await readFile(join(dir, file), 'utf8')).not.toContain('secret-refresh-token');
    await registry.remove(id);
    expect(await secrets.get(id, 'refreshToken')).toBeUndefined();
  });

  it('uses credentials from environment variables for the user environment marked for them', async () => {
    const environmentVariables = { WF_CLIENT_ID: sandbox.config.machine.clientId, WF_CLIENT_SECRET: sandbox.config.machine.clientSecret };
    const registry = new EnvironmentRegistry({ settings: new ConfSettingsStore(await tempDir()), secrets: new MemorySecretStore(), dispatcher: agent, environmentVariables });
    const { id } = registry.add({ name: 'Local', baseUrl: sandbox.baseUrl, authMode: 'machine', credentialsFromEnvironment: true });
    expect(await catalogStatus(registry, id)).toBe(200);
    expect(await registry.session(id).tokens.state()).toMatchObject({ credentials: 'environment', signedIn: true });
  });
});

describe('settings file handling', () => {
  it('moves a corrupt settings file aside and starts from defaults', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{"environments": [', 'utf8');
    const registry = await registryIn(dir);
    expect(registry.loadProblem).toMatch(/not valid JSON/);
    expect(registry.selected().id).toBe('sandbox');
    expect(registry.advanced().tokenRefreshMinutes).toBe(60);
    const files = await readdir(dir);
    const aside = files.find((file) => file.startsWith('settings.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe('{"environments": [');
    registry.add(production);
    expect((await registryIn(dir)).list()).toHaveLength(2);
  });

  it('keeps the valid parts of a partly invalid file', async () => {
    const dir = await tempDir();
    const good = { id: 'good', ...production };
    const raw = {
      environments: [good, { id: 'bad', name: 'Bad', baseUrl: 'javascript:alert(1)', authMode: 'developer' }, 42],
      selectedEnvironmentId: 'good',
      advanced: { tokenRefreshMinutes: 15, tokenMarginSeconds: -5, maxConcurrentRequests: 'many' },
    };
    await writeFile(join(dir, 'settings.json'), JSON.stringify(raw), 'utf8');
    const registry = await registryIn(dir);
    expect(registry.list().map((environment) => environment.id)).toEqual(['sandbox', 'good']);
    expect(registry.selected().id).toBe('good');
    expect(registry.advanced()).toMatchObject({ tokenRefreshMinutes: 15, tokenMarginSeconds: 60, maxConcurrentRequests: 16 });
    expect(registry.loadProblem).toMatch(/environment #2.*environment #3.*tokenMarginSeconds.*maxConcurrentRequests/);
  });

  it('applies the user token period: a new token once it has passed, even with a long-lived one', async () => {
    let offset = 0;
    const registry = await registryIn(await tempDir(), new MemorySecretStore(), () => Date.now() + offset);
    const tokenRequests = (): number => sandbox.stats().token;
    const start = tokenRequests();
    expect(await catalogStatus(registry)).toBe(200);
    offset = 2 * 60_000;
    expect(await catalogStatus(registry)).toBe(200);
    expect(tokenRequests()).toBe(start + 1);
    registry.setAdvanced({ ...registry.advanced(), tokenRefreshMinutes: 1 });
    offset = 0;
    expect(await catalogStatus(registry)).toBe(200);
    offset = 2 * 60_000;
    expect(await catalogStatus(registry)).toBe(200);
    expect(tokenRequests()).toBe(start + 3);
  });
});
