import { describe, expect, it } from 'vitest';
import { EnvSecretStore } from '../../../../electron/core/secrets/env-secret-store.ts';
import { MemorySecretStore } from '../../../../electron/core/secrets/memory-secret-store.ts';

describe('EnvSecretStore', () => {
  const env = {
    WF_REFRESH_TOKEN: 'rt-from-env',
    WF_DEVELOPER_CLIENT_ID: 'dev-client',
    WF_CLIENT_ID: '  machine-client  ',
    WF_CLIENT_SECRET: '',
    LOQATE_KEY: '   ',
  };

  it('reads the SDK variables and treats empty ones as unset', async () => {
    const store = new EnvSecretStore(env);
    expect(store.persistence).toBe('environment');
    expect(await store.get('prod', 'refreshToken')).toBe('rt-from-env');
    expect(await store.get('prod', 'developerClientId')).toBe('dev-client');
    expect(await store.get('prod', 'clientId')).toBe('machine-client');
    expect(await store.get('prod', 'clientSecret')).toBeUndefined();
    expect(await store.get('prod', 'providerKey')).toBeUndefined();
  });

  it('lets a write win over the variable, for that environment only', async () => {
    const store = new EnvSecretStore(env);
    await store.set('prod', 'refreshToken', 'rotated');
    expect(await store.get('prod', 'refreshToken')).toBe('rotated');
    expect(await store.get('other', 'refreshToken')).toBe('rt-from-env');
    expect(env.WF_REFRESH_TOKEN).toBe('rt-from-env');
  });

  it('hides a deleted variable instead of falling back to it', async () => {
    const store = new EnvSecretStore(env);
    await store.delete('prod', 'refreshToken');
    expect(await store.get('prod', 'refreshToken')).toBeUndefined();
    await store.set('prod', 'refreshToken', 'pasted');
    expect(await store.get('prod', 'refreshToken')).toBe('pasted');
  });
});

describe('MemorySecretStore', () => {
  it('keeps secrets per environment and forgets deleted ones', async () => {
    const store = new MemorySecretStore();
    await store.set('a', 'providerKey', 'key-a');
    expect(await store.get('a', 'providerKey')).toBe('key-a');
    expect(await store.get('b', 'providerKey')).toBeUndefined();
    await store.delete('a', 'providerKey');
    expect(await store.get('a', 'providerKey')).toBeUndefined();
    expect(store.persistence).toBe('session');
  });
});
