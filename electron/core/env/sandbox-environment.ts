import type { Environment } from '../../../shared/environment/environment.ts';
import type { SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import type { SecretStore } from '../secrets/secret-store.ts';

export const sandboxEnvironmentId = 'sandbox';

/** The built-in environment: the embedded sandbox on whatever loopback port it got this run. */
export function sandboxEnvironment(config: SandboxConfig): Environment {
  return {
    id: sandboxEnvironmentId,
    name: 'Sandbox',
    baseUrl: config.baseUrl,
    authMode: 'developer',
    developerClientId: config.developer.clientId,
    findUrl: config.addressProvider.findUrl,
    retrieveUrl: config.addressProvider.retrieveUrl,
    builtIn: true,
  };
}

/**
 * Pre-fills the sandbox's credentials for both auth modes. They go to a session store: they
 * change with every sandbox start, so persisting them would only leave stale secrets behind.
 */
export async function fillSandboxSecrets(config: SandboxConfig, secrets: SecretStore): Promise<void> {
  const id = sandboxEnvironmentId;
  await secrets.set(id, 'developerClientId', config.developer.clientId);
  await secrets.set(id, 'refreshToken', config.developer.refreshToken);
  await secrets.set(id, 'clientId', config.machine.clientId);
  await secrets.set(id, 'clientSecret', config.machine.clientSecret);
  await secrets.set(id, 'providerKey', config.addressProvider.key);
}
