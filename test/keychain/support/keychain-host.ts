// What the keychain suites share: whether a Secret Service answers here, a host of their own
// (the core as browser mode and the CLI start it, without a sandbox) and reads past TitleDesk.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Entry } from '@napi-rs/keyring';
import { afterAll, beforeAll } from 'vitest';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { chooseKeychainStore, keychainAccount, keychainService } from '../../../electron/core/secrets/keychain-secret-store.ts';
import type { SecretName } from '../../../electron/core/secrets/secret-store.ts';
import { webCoreOptions } from '../../../electron/web/web-core-options.ts';
import type { Result } from '../../../shared/contract/result.ts';

const probeDir = mkdtempSync(join(tmpdir(), 'titledesk-keychain-probe-'));
const probe = await chooseKeychainStore(probeDir);
rmSync(probeDir, { recursive: true, force: true });

/** Whether the keychain answers, asked once as TitleDesk asks it; `note` says why not. */
export const keychain = { answering: probe.note === undefined, note: probe.note };

/** What the keychain itself holds for a secret, read past TitleDesk with the binding's own API. */
export function inKeychain(dataDir: string, environmentId: string, name: SecretName): string | null {
  return new Entry(keychainService, keychainAccount(dataDir, environmentId, name), { linux: { store: 'secret-service' } }).getPassword();
}

/** Every byte of every file under a folder, so a secret cannot hide in a binary journal either. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export interface SuiteHost {
  /** The host's data folder, made before the suite's first test. */
  readonly dataDir: () => string;
  /** One contract call, as the renderer makes it. */
  readonly dispatch: (channel: string, payload?: unknown) => Promise<Result<unknown>>;
  /** Closes the host, runs `whileClosed` and starts it again on the same data folder. */
  readonly restart: (whileClosed?: () => void) => Promise<void>;
}

/**
 * A host for the suite it is called in: started on a new data folder (named from `folderPrefix`)
 * before its tests, closed after them and its folder removed.
 */
export function hostForSuite(folderPrefix: string): SuiteHost {
  let dataDir: string | undefined;
  let started: StartedCore | undefined;
  const folder = (): string => {
    if (dataDir === undefined) throw new Error('no data folder yet');
    return dataDir;
  };
  const startHost = async (): Promise<StartedCore> => startCore({ ...(await webCoreOptions(folder(), {})), sandbox: false });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
    started = await startHost();
  });

  afterAll(async () => {
    await started?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    dataDir: folder,
    dispatch: async (channel, payload) => {
      if (started === undefined) throw new Error('no host');
      return started.core.router.dispatch(channel, payload);
    },
    restart: async (whileClosed) => {
      await started?.close();
      whileClosed?.();
      started = await startHost();
    },
  };
}
