import type { CoreOptions } from '../core/app/create-core.ts';
import { chooseKeychainStore } from '../core/secrets/keychain-secret-store.ts';
import { ConfSettingsStore } from '../core/settings/conf-settings-store.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface WebCoreOptions extends Omit<CoreOptions, 'sandbox' | 'sandboxFaults'> {
  /** Why secrets are kept for this session only, for the host's log; undefined with a keychain. */
  readonly secretsNote: string | undefined;
}

/**
 * How the browser-mode host composes the core. Secrets the user types go to the OS keychain when
 * one answers, otherwise they are kept for the session (the UI says which); the process
 * environment variables go only to the environment the user marks "use credentials from the
 * environment", never to every environment.
 */
export async function webCoreOptions(dataDir: string, env: Env): Promise<WebCoreOptions> {
  const keychain = await chooseKeychainStore(dataDir);
  return {
    dataDir,
    secrets: keychain.store,
    secretsNote: keychain.note,
    environmentVariables: env,
    settings: new ConfSettingsStore(dataDir),
  };
}
