import type { ContractHandlers } from './create-router.ts';
import type { CredentialStatus, SandboxInfo } from '../../../shared/contract/channels.ts';
import type { SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import type { SecretName } from '../secrets/secret-store.ts';

const secretNames: readonly SecretName[] = ['refreshToken', 'clientSecret', 'clientId', 'developerClientId', 'providerKey'];

type EnvironmentChannels =
  | 'environment:list'
  | 'environment:select'
  | 'environment:add'
  | 'environment:update'
  | 'environment:remove'
  | 'environment:set-auth-mode'
  | 'credentials:status'
  | 'credentials:set'
  | 'auth:state'
  | 'auth:sign-in'
  | 'auth:sign-out'
  | 'settings:get'
  | 'settings:update'
  | 'sandbox:info';

/** Which secrets are set and where they live: presence only, never a value. */
async function credentialStatus(environments: EnvironmentRegistry, environmentId: string): Promise<CredentialStatus> {
  const environment = environments.get(environmentId);
  const store = environments.secretsFor(environment);
  const isSet = async (name: SecretName): Promise<boolean> => (await store.get(environment.id, name)) !== undefined;
  const [refreshToken, clientSecret, clientId, developerClientId, providerKey] = await Promise.all(secretNames.map(isSet));
  return {
    environmentId: environment.id,
    persistence: store.persistence,
    present: {
      refreshToken: refreshToken === true,
      clientSecret: clientSecret === true,
      clientId: clientId === true,
      developerClientId: developerClientId === true,
      providerKey: providerKey === true,
    },
  };
}

function sandboxInfo(config: SandboxConfig | undefined): SandboxInfo {
  if (config === undefined) return { running: false, sampleQueries: [], sampleTitles: [], testTitles: [], sampleVariables: [] };
  const { sampleQueries } = config.addressProvider;
  return { running: true, sampleQueries, sampleTitles: config.sampleTitles, testTitles: config.testTitles, sampleVariables: config.sampleVariables };
}

export function environmentHandlers(
  environments: EnvironmentRegistry,
  sandbox: SandboxConfig | undefined,
): Pick<ContractHandlers, EnvironmentChannels> {
  const sessionFor = (environmentId: string | undefined) => environments.session(environmentId ?? environments.selected().id);
  return {
    'environment:list': async () => {
      await Promise.resolve();
      const loadProblem = environments.loadProblem;
      return { environments: environments.list(), selectedId: environments.selected().id, ...(loadProblem === undefined ? {} : { loadProblem }) };
    },
    'environment:select': async ({ id }) => Promise.resolve(environments.select(id)),
    'environment:add': async ({ input }) => Promise.resolve(environments.add(input)),
    'environment:update': async ({ id, input }) => Promise.resolve(environments.update(id, input)),
    'environment:remove': async ({ id }) => {
      await environments.remove(id);
      return { removed: id };
    },
    'environment:set-auth-mode': async ({ id, mode }) => Promise.resolve(environments.setAuthMode(id, mode)),
    'credentials:status': async (request) => credentialStatus(environments, request?.environmentId ?? environments.selected().id),
    'credentials:set': async ({ environmentId, name, value }) => {
      await environments.setSecret(environmentId, name, value);
      return credentialStatus(environments, environmentId);
    },
    'auth:state': async (request) => sessionFor(request?.environmentId).tokens.state(),
    'auth:sign-in': async (request) => {
      const session = sessionFor(request?.environmentId);
      // Someone asked: the one try a lost answer held back may go now.
      await session.tokens.accessToken({ deliberate: true });
      return session.tokens.state();
    },
    'auth:sign-out': async (request) => {
      const session = sessionFor(request?.environmentId);
      session.tokens.reset();
      return session.tokens.state();
    },
    'settings:get': async () => Promise.resolve(environments.advanced()),
    'settings:update': async ({ advanced }) => {
      environments.setAdvanced(advanced);
      return Promise.resolve(environments.advanced());
    },
    'sandbox:info': async () => Promise.resolve(sandboxInfo(sandbox)),
  };
}
