import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from 'undici';
import { ApiServiceClient } from '../../../electron/core/auth/service-client.ts';
import { dataDirCoordination } from '../../../electron/core/auth/refresh-coordination.ts';
import { TokenManager } from '../../../electron/core/auth/token-manager.ts';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { testConnection } from '../../../electron/core/onboarding/connection-test.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import type { SecretStore } from '../../../electron/core/secrets/secret-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import type { AuthState, Environment } from '../../../shared/environment/environment.ts';
import { codeOf } from '../fixtures/core-fixtures.ts';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store whose writes can be made to fail, as a locked keychain's do. */
class FlakyStore implements SecretStore {
  readonly persistence = 'os-keychain' as const;
  readonly inner = new MemorySecretStore();
  failWrites = false;
  writes = 0;
  get: SecretStore['get'] = (id, name) => this.inner.get(id, name);
  delete: SecretStore['delete'] = (id, name) => this.inner.delete(id, name);
  set: SecretStore['set'] = async (id, name, value) => {
    this.writes += 1;
    if (this.failWrites) throw new Error('The OS keychain could not save the secret; it may be locked.');
    await this.inner.set(id, name, value);
  };
}

interface Setup {
  readonly sandbox: RunningSandbox;
  readonly agent: Dispatcher;
  readonly environment: Environment;
  readonly secrets: FlakyStore;
  readonly newManager: (options?: { dataDir?: string; saveRetryMs?: number }) => TokenManager;
}

async function setup(): Promise<Setup> {
  const sandbox = await startSandbox({ port: 0, control: true, rotateRefreshTokens: true });
  const agent = createHttpAgent();
  cleanups.push(() => sandbox.close(), () => agent.close());
  const environment: Environment = { id: 'rot', name: 'Rotating', baseUrl: sandbox.baseUrl, authMode: 'developer', developerClientId: sandbox.config.developer.clientId };
  const secrets = new FlakyStore();
  await secrets.inner.set('rot', 'refreshToken', sandbox.config.developer.refreshToken);
  const newManager = (options: { dataDir?: string; saveRetryMs?: number } = {}): TokenManager =>
    new TokenManager({
      environment,
      secrets,
      dispatcher: agent,
      backoff: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 },
      ...(options.dataDir === undefined ? {} : { coordination: dataDirCoordination(options.dataDir) }),
      ...(options.saveRetryMs === undefined ? {} : { saveRetryMs: options.saveRetryMs }),
    });
  return { sandbox, agent, environment, secrets, newManager };
}

async function catalogStatus(s: Setup, tokens: TokenManager): Promise<number> {
  const client = new ApiServiceClient({ baseUrl: new URL(s.sandbox.baseUrl), tokens, dispatcher: s.agent });
  const url = new URL(`${s.sandbox.baseUrl}/world/GB-eaw/titles/${s.sandbox.config.sampleTitles[0] ?? ''}/catalog`);
  return (await client.send({ method: 'GET', url })).status;
}

async function revokedFamilies(sandbox: RunningSandbox): Promise<number> {
  const behaviour = (await (await fetch(`${sandbox.baseUrl}/_sandbox/behaviour`)).json()) as { revokedTokenFamilies: number };
  return behaviour.revokedTokenFamilies;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh tokens that the identity provider rotates', () => {
  it('stores each new refresh token and never presents a replaced one, over many refreshes', async () => {
    const s = await setup();
    const tokens = s.newManager();
    const seen = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      await tokens.refresh();
      const stored = (await s.secrets.get('rot', 'refreshToken')) ?? '';
      expect(seen.has(stored)).toBe(false);
      seen.add(stored);
    }
    expect(seen.has(s.sandbox.config.developer.refreshToken)).toBe(false);
    expect(await catalogStatus(s, tokens)).toBe(200);
    expect(await revokedFamilies(s.sandbox)).toBe(0);
  });

  it('Test connection joins the refresh under way instead of sending a second one beside it', async () => {
    const s = await setup();
    const tokens = s.newManager();
    const before = s.sandbox.stats().token;
    const [result] = await Promise.all([
      testConnection({ environment: s.environment, secrets: s.secrets, tokens, dispatcher: s.agent }),
      tokens.accessToken(),
      tokens.accessToken(),
    ]);
    expect(result.ok).toBe(true);
    expect(s.sandbox.stats().token - before).toBe(1);
    // And its own refresh is one of the manager's: the token it rotated is the one used next.
    const again = await testConnection({ environment: s.environment, secrets: s.secrets, tokens, dispatcher: s.agent });
    expect(again.ok).toBe(true);
    expect(await catalogStatus(s, tokens)).toBe(200);
    expect(await revokedFamilies(s.sandbox)).toBe(0);
  });

  it('keeps using a new refresh token it could not store, says so once, and stores it when it can', async () => {
    const s = await setup();
    const tokens = s.newManager({ saveRetryMs: 100 });
    const states: AuthState[] = [];
    tokens.onChange((state) => states.push(state));
    s.secrets.failWrites = true;
    await tokens.refresh();
    await tokens.refresh();
    await tokens.refresh();
    expect((await tokens.state()).refreshTokenUnsaved).toBe(true);
    // The stored one is the original, long replaced: it was never presented again.
    expect(await s.secrets.get('rot', 'refreshToken')).toBe(s.sandbox.config.developer.refreshToken);
    expect(await revokedFamilies(s.sandbox)).toBe(0);
    expect(await catalogStatus(s, tokens)).toBe(200);
    await sleep(50);
    // Told once: the state turns to unsaved one time, however many refreshes and retries follow.
    const flags = states.map((state) => state.refreshTokenUnsaved === true);
    expect(flags.filter((flag, i) => flag && flags[i - 1] !== true).length).toBe(1);
    s.secrets.failWrites = false;
    await sleep(400);
    expect((await tokens.state()).refreshTokenUnsaved).toBeUndefined();
    const stored = await s.secrets.get('rot', 'refreshToken');
    expect(stored).not.toBe(s.sandbox.config.developer.refreshToken);
    // What was stored is the live token: a new manager (a restart) signs in with it.
    expect(await catalogStatus(s, s.newManager())).toBe(200);
    expect(await revokedFamilies(s.sandbox)).toBe(0);
  });

  it('does not resend a refresh token whose answer was lost; asks to sign in again only on invalid_grant', async () => {
    const s = await setup();
    const tokens = s.newManager();
    // The provider rotates, then the connection drops before its answer arrives.
    s.sandbox.setFaults([{ target: 'token', kind: 'drop', count: 1 }]);
    const failure = await tokens.accessToken().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'auth_unavailable', message: expect.stringContaining('has not sent the refresh token again') as unknown });
    expect(s.sandbox.stats().token).toBe(1);
    // Requests needing a token do not send it behind the user's back.
    expect(await codeOf(catalogStatus(s, tokens))).toBe('auth_unavailable');
    expect(s.sandbox.stats().token).toBe(1);
    expect(await s.secrets.get('rot', 'refreshToken')).toBe(s.sandbox.config.developer.refreshToken);
    // Signing in is someone asking: the one try goes, and here the provider had rotated it.
    expect(await codeOf(tokens.accessToken({ deliberate: true }))).toBe('invalid_grant');
    expect(s.sandbox.stats().token).toBe(2);
    expect(await s.secrets.get('rot', 'refreshToken')).toBeUndefined();
  });

  it('after a lost answer that the provider never acted on, Sign in carries on with the same token', async () => {
    const s = await setup();
    s.sandbox.setBehaviour({ rotateRefreshTokens: false });
    const tokens = s.newManager();
    s.sandbox.setFaults([{ target: 'token', kind: 'drop', count: 1 }]);
    expect(await codeOf(tokens.accessToken())).toBe('auth_unavailable');
    await tokens.accessToken({ deliberate: true });
    expect(await catalogStatus(s, tokens)).toBe(200);
    expect(s.sandbox.stats().token).toBe(2);
  });

  it('a refresh whose answer was lost is held for every process on the data folder until someone signs in', async () => {
    const s = await setup();
    s.sandbox.setBehaviour({ rotateRefreshTokens: false });
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-rotation-'));
    cleanups.push(() => {
      rmSync(dataDir, { recursive: true, force: true });
    });
    const first = s.newManager({ dataDir });
    s.sandbox.setFaults([{ target: 'token', kind: 'drop', count: 1 }]);
    expect(await codeOf(first.accessToken())).toBe('auth_unavailable');
    expect(s.sandbox.stats().token).toBe(1);
    // Another process: its own copy of the module (nothing shared in memory), the same folder and token.
    vi.resetModules();
    const { dataDirCoordination: otherProcessCoordination } = await import('../../../electron/core/auth/refresh-coordination.ts');
    const otherSecrets = new MemorySecretStore();
    await otherSecrets.set('rot', 'refreshToken', s.sandbox.config.developer.refreshToken);
    const second = new TokenManager({ environment: s.environment, secrets: otherSecrets, dispatcher: s.agent, coordination: otherProcessCoordination(dataDir) });
    const refused = await second.accessToken().catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'auth_unavailable', message: expect.stringContaining('has not sent the refresh token again') as unknown });
    expect(s.sandbox.stats().token).toBe(1);
    expect(readFileSync(join(dataDir, 'retired-refresh-tokens.json'), 'utf8')).not.toContain(s.sandbox.config.developer.refreshToken);
    // Sign in there is someone asking: it goes, and the provider's answer frees the token for both.
    await second.accessToken({ deliberate: true });
    expect(s.sandbox.stats().token).toBe(2);
    await first.accessToken();
    expect(s.sandbox.stats().token).toBe(3);
  });

  it('two processes on one data folder: the refresh runs in turn, and the replaced token is never sent by the other', async () => {
    const s = await setup();
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-rotation-'));
    cleanups.push(() => {
      rmSync(dataDir, { recursive: true, force: true });
    });
    // Two managers with their own copies of the same refresh token, as two hosts reading it from
    // their own environment variables; their coordination goes through files in the folder.
    const first = s.newManager({ dataDir });
    const otherSecrets = new MemorySecretStore();
    await otherSecrets.set('rot', 'refreshToken', s.sandbox.config.developer.refreshToken);
    const second = new TokenManager({ environment: s.environment, secrets: otherSecrets, dispatcher: s.agent, coordination: dataDirCoordination(dataDir) });
    await first.refresh();
    const before = s.sandbox.stats().token;
    const refused = await second.refresh().catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'auth_unavailable', message: expect.stringContaining('was not sent') as unknown });
    expect(s.sandbox.stats().token).toBe(before);
    expect(await revokedFamilies(s.sandbox)).toBe(0);
    await first.refresh();
    expect(await catalogStatus(s, first)).toBe(200);
  });
});
