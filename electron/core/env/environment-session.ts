import type { Dispatcher } from 'undici';
import { defaultAdvancedSettings, type AdvancedSettings, type Environment } from '../../../shared/environment/environment.ts';
import { AddressClient } from '../address/address-client.ts';
import { TokenManager, type TokenManagerOptions } from '../auth/token-manager.ts';
import { CatalogClient } from '../catalog/catalog-client.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { ApiServiceClient } from '../auth/service-client.ts';
import type { ServiceClient } from '../api/service-client-types.ts';

/** Everything needed to talk to one environment: its secrets, tokens, API client and the clients built on it. */
export interface EnvironmentSession {
  readonly environment: Environment;
  readonly secrets: SecretStore;
  readonly tokens: TokenManager;
  readonly client: ServiceClient;
  readonly dispatcher: Dispatcher;
  readonly catalog: CatalogClient;
  readonly address: AddressClient;
}

export interface EnvironmentSessionOptions {
  readonly environment: Environment;
  readonly secrets: SecretStore;
  readonly dispatcher: Dispatcher;
  readonly advanced?: AdvancedSettings;
  /** Clock for token expiry decisions (tests). */
  readonly now?: () => number;
  /** Refresh-token use shared with the other processes of the data folder. */
  readonly tokenCoordination?: TokenManagerOptions['coordination'];
}

export function createEnvironmentSession(options: EnvironmentSessionOptions): EnvironmentSession {
  const advanced = options.advanced ?? defaultAdvancedSettings;
  const tokens = new TokenManager({
    environment: options.environment,
    secrets: options.secrets,
    dispatcher: options.dispatcher,
    policy: { marginMs: advanced.tokenMarginSeconds * 1000, periodMs: advanced.tokenRefreshMinutes * 60_000 },
    backoff: {
      maxAttempts: advanced.backoffMaxAttempts,
      baseDelayMs: advanced.backoffBaseMs,
      maxDelayMs: advanced.backoffMaxMs,
    },
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.tokenCoordination === undefined ? {} : { coordination: options.tokenCoordination }),
  });
  const client = new ApiServiceClient({ baseUrl: new URL(options.environment.baseUrl), tokens, dispatcher: options.dispatcher });
  const { environment, secrets, dispatcher } = options;
  const address = new AddressClient({ environment, secrets, dispatcher, service: client });
  return { environment, secrets, tokens, client, dispatcher, catalog: new CatalogClient(client), address };
}
