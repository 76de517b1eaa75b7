import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EncryptedSecretFile, type SecretCipher } from '../../../electron/main/host-services/encrypted-secret-file.ts';

// Stands in for safeStorage, which needs the Electron binary: reversible, and visibly not plain text.
function scramble(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.map((byte) => byte ^ 0x5a));
}

function fakeCipher(options: { rotated?: boolean; brokenFor?: string } = {}): SecretCipher & { encrypted: string[] } {
  const encrypted: string[] = [];
  return {
    encrypted,
    encrypt(plain) {
      encrypted.push(plain);
      return Promise.resolve(scramble(Buffer.from(plain, 'utf8')));
    },
    decrypt(data) {
      const plain = scramble(data).toString('utf8');
      if (plain === options.brokenFor) return Promise.reject(new Error('Error while decrypting the ciphertext provided'));
      return Promise.resolve({ result: plain, shouldReEncrypt: options.rotated === true });
    },
  };
}

describe('EncryptedSecretFile', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'titledesk-secrets-'));
    path = join(dir, 'nested', 'secrets.json');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps secrets encrypted on disk, readable by a later instance', async () => {
    const store = new EncryptedSecretFile({ path, cipher: fakeCipher() });
    expect(store.persistence).toBe('os-keychain');
    expect(await store.get('prod', 'refreshToken')).toBeUndefined();
    await store.set('prod', 'refreshToken', 'rt-very-secret');
    await store.set('prod', 'clientSecret', 'cs-also-secret');
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('rt-very-secret');
    const written = JSON.parse(text) as unknown;
    expect(written).toEqual({
      version: 1,
      secrets: {
        prod: {
          refreshToken: scramble(Buffer.from('rt-very-secret')).toString('base64'),
          clientSecret: scramble(Buffer.from('cs-also-secret')).toString('base64'),
        },
      },
    });
    const reopened = new EncryptedSecretFile({ path, cipher: fakeCipher() });
    expect(reopened.problem).toBeUndefined();
    expect(await reopened.get('prod', 'refreshToken')).toBe('rt-very-secret');
    expect(await reopened.get('other', 'refreshToken')).toBeUndefined();
  });

  it('writes the file for this user only and leaves no temporary files', async () => {
    const store = new EncryptedSecretFile({ path, cipher: fakeCipher() });
    await store.set('prod', 'providerKey', 'key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['secrets.json']);
  });

  it('applies concurrent changes in call order', async () => {
    const store = new EncryptedSecretFile({ path, cipher: fakeCipher() });
    await Promise.all([
      store.set('prod', 'refreshToken', 'first'),
      store.set('prod', 'refreshToken', 'second'),
      store.set('test', 'clientId', 'client'),
      store.delete('test', 'clientId'),
      store.set('prod', 'clientId', 'machine'),
    ]);
    const reopened = new EncryptedSecretFile({ path, cipher: fakeCipher() });
    expect(await reopened.get('prod', 'refreshToken')).toBe('second');
    expect(await reopened.get('prod', 'clientId')).toBe('machine');
    expect(await reopened.get('test', 'clientId')).toBeUndefined();
    expect(Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { secrets: object }).secrets)).toEqual(['prod']);
  });

  it('sees a set before it has reached the disk', async () => {
    const store = new EncryptedSecretFile({ path, cipher: fakeCipher() });
    const pending = store.set('prod', 'refreshToken', 'rotated');
    expect(await store.get('prod', 'refreshToken')).toBe('rotated');
    await pending;
  });

  it('stores a value again under a rotated OS key', async () => {
    await new EncryptedSecretFile({ path, cipher: fakeCipher() }).set('prod', 'refreshToken', 'rt');
    const cipher = fakeCipher({ rotated: true });
    const store = new EncryptedSecretFile({ path, cipher });
    expect(await store.get('prod', 'refreshToken')).toBe('rt');
    await store.flush();
    expect(cipher.encrypted).toEqual(['rt']);
  });

  it('treats a secret it cannot decrypt as missing, and says so in the log', async () => {
    await new EncryptedSecretFile({ path, cipher: fakeCipher() }).set('prod', 'refreshToken', 'rt');
    const log: string[] = [];
    const store = new EncryptedSecretFile({ path, cipher: fakeCipher({ brokenFor: 'rt' }), log: (line) => log.push(line) });
    expect(await store.get('prod', 'refreshToken')).toBeUndefined();
    expect(log).toEqual([expect.stringContaining('Could not decrypt refreshToken of prod')]);
    expect(log.join()).not.toContain('rt-');
  });

  it('moves an unreadable file aside instead of failing or overwriting it', async () => {
    for (const content of ['{not json', JSON.stringify({ version: 2, secrets: {} }), JSON.stringify({ version: 1, secrets: { prod: { refreshToken: '%%%' } } })]) {
      rmSync(dir, { recursive: true, force: true });
      dir = mkdtempSync(join(tmpdir(), 'titledesk-secrets-'));
      path = join(dir, 'secrets.json');
      writeFileSync(path, content);
      const store = new EncryptedSecretFile({ path, cipher: fakeCipher() });
      expect(store.problem).toMatch(/could not be read .* moved to .*secrets\.json\.unreadable-\d+/s);
      expect(await store.get('prod', 'refreshToken')).toBeUndefined();
      await store.set('prod', 'refreshToken', 'new');
      const files = readdirSync(dir).sort();
      expect(files).toHaveLength(2);
      expect(readFileSync(join(dir, files.find((name) => name.includes('unreadable')) ?? ''), 'utf8')).toBe(content);
    }
  });

  it('does not let a __proto__ environment id reach an object prototype', async () => {
    const flat = join(dir, 'secrets.json');
    const encoded = scramble(Buffer.from('rt')).toString('base64');
    writeFileSync(flat, `{"version":1,"secrets":{"__proto__":{"refreshToken":"${encoded}"}}}`);
    const store = new EncryptedSecretFile({ path: flat, cipher: fakeCipher() });
    expect(store.problem).toBeUndefined();
    expect(await store.get('constructor', 'refreshToken')).toBeUndefined();
    expect(({} as Record<string, unknown>)['refreshToken']).toBeUndefined();
  });
});
