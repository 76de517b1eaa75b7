import type { ContractHandlers } from './create-router.ts';
import type { SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import { testConnection } from '../onboarding/connection-test.ts';
import { testProviderKey } from '../onboarding/provider-key-test.ts';

/** Any postcode proves a key; this one is in the interface's own examples. */
export const defaultKeyTestText = 'LS23 6TR';

/** The connection and provider-key tests of the settings form; neither buys anything. */
export function onboardingHandlers(
  environments: EnvironmentRegistry,
  sandbox: SandboxConfig | undefined,
): Pick<ContractHandlers, 'environment:test' | 'address:test-key'> {
  return {
    'environment:test': async (request) => {
      const environment = environments.get(request?.environmentId ?? environments.selected().id);
      const session = environments.session(environment.id);
      return testConnection({ environment, secrets: environments.secretsFor(environment), tokens: session.tokens, dispatcher: session.dispatcher });
    },
    'address:test-key': async (request) => {
      const session = environments.session(request?.environmentId ?? environments.selected().id);
      const provider = session.environment.builtIn === true ? sandbox?.addressProvider : undefined;
      // The sandbox's Retrieve costs nothing and it knows a flat, so its test also answers the UMRRN question.
      const retrieveId = request?.retrieveId ?? provider?.multiResidencyAddressId;
      return testProviderKey({
        environmentId: session.environment.id,
        address: session.address,
        text: request?.text ?? provider?.sampleQueries[0] ?? defaultKeyTestText,
        ...(retrieveId === undefined ? {} : { retrieveId }),
      });
    },
  };
}
