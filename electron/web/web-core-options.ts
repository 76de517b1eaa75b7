import type { CoreOptions } from '../core/app/create-core.ts';
import { MemorySecretStore } from '../core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../core/settings/conf-settings-store.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * How the browser-mode host composes the core. Secrets the user types are kept for the session;
 * the process environment variables go only to the environment the user marks "use credentials
 * from the environment", never to every environment.
 */
export function webCoreOptions(dataDir: string, env: Env): Omit<CoreOptions, 'sandbox'> {
  return {
    dataDir,
    secrets: new MemorySecretStore(),
    environmentVariables: env,
    settings: new ConfSettingsStore(dataDir),
  };
}
