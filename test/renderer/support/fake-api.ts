import type { z } from 'zod';
import { requestFunctions, type Invoke } from '../../../renderer/bridge/api-from-invoke.ts';
import { eventSchemas, type SecretName } from '../../../renderer/bridge/contract-schemas.ts';
import type { TitleDeskApi } from '../../../shared/contract/api.ts';
import {
  requestChannels,
  type CredentialStatus,
  type EventChannel,
  type EventOf,
  type ParsedRequestOf,
  type RequestChannel,
  type RequestOf,
  type ResponseOf,
} from '../../../shared/contract/channels.ts';
import {
  defaultAdvancedSettings,
  environmentInputSchema,
  type AuthState,
  type Environment,
} from '../../../shared/environment/environment.ts';
import type { AppErrorData, ErrorCode } from '../../../shared/errors/errors.ts';

/**
 * An in-memory TitleDeskApi for component tests: the real core runs in the end-to-end suite.
 * Requests are parsed with the contract's own schemas, as core does; secrets are kept but never
 * returned, as core does; only the behaviour the settings and header screens use is modelled.
 */
type Handler<C extends RequestChannel> = (request: ParsedRequestOf<C>) => ResponseOf<C>;
type Handlers = { [C in RequestChannel]?: Handler<C> };
const requestSchemas: { readonly [C in RequestChannel]: { readonly request: z.ZodType<ParsedRequestOf<C>> } } = requestChannels;

class Failure extends Error {
  readonly data: AppErrorData;

  constructor(data: AppErrorData) {
    super(data.message);
    this.data = data;
  }
}

const fail = (code: ErrorCode, message: string): never => {
  throw new Failure({ code, message });
};

export const sandbox: Environment = {
  id: 'sandbox',
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:4010',
  authMode: 'developer',
  developerClientId: 'sandbox-developer',
  builtIn: true,
};

export interface FakeApi {
  readonly api: TitleDeskApi;
  /** Every request that reached the double, after parsing. */
  readonly calls: { channel: RequestChannel; request: unknown }[];
  /** Every secret value stored, to prove a value was sent (and so could leak) in the first place. */
  readonly storedSecrets: () => string[];
  emit<E extends EventChannel>(event: E, payload: EventOf<E>): void;
  callsTo(channel: RequestChannel): unknown[];
}

export function createFakeApi(options: { persistence?: CredentialStatus['persistence']; now?: () => number } = {}): FakeApi {
  const now = options.now ?? Date.now;
  const persistence = options.persistence ?? 'os-keychain';
  let environments: Environment[] = [sandbox];
  let selectedId = sandbox.id;
  let advanced = defaultAdvancedSettings;
  const secrets = new Map<string, string>([['sandbox/refreshToken', 'sandbox-refresh-token']]);
  const tokens = new Map<string, number>();
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const calls: { channel: RequestChannel; request: unknown }[] = [];

  const find = (id: string): Environment => environments.find((environment) => environment.id === id) ?? fail('not_found', `There is no environment "${id}".`);
  const secret = (id: string, name: SecretName): string | undefined => secrets.get(`${id}/${name}`);
  const status = (id: string): CredentialStatus => {
    const present = (name: SecretName): boolean => secret(id, name) !== undefined;
    return {
      environmentId: id,
      persistence,
      present: {
        refreshToken: present('refreshToken'),
        clientSecret: present('clientSecret'),
        clientId: present('clientId'),
        developerClientId: present('developerClientId'),
        providerKey: present('providerKey'),
      },
    };
  };
  const hasCredentials = (environment: Environment): boolean =>
    environment.authMode === 'machine'
      ? secret(environment.id, 'clientId') !== undefined && secret(environment.id, 'clientSecret') !== undefined
      : secret(environment.id, 'refreshToken') !== undefined && (secret(environment.id, 'developerClientId') ?? environment.developerClientId) !== undefined;
  const authState = (id: string | undefined): AuthState => {
    const environment = find(id ?? selectedId);
    const expiresAt = tokens.get(environment.id);
    return {
      environmentId: environment.id,
      mode: environment.authMode,
      signedIn: expiresAt !== undefined && expiresAt > now(),
      expiresAt: expiresAt ?? null,
      credentials: hasCredentials(environment) ? (persistence === 'os-keychain' ? 'stored' : persistence) : 'missing',
    };
  };

  const handlers: Handlers = {
    'environment:list': () => ({ environments, selectedId }),
    'environment:select': ({ id }) => {
      selectedId = find(id).id;
      return find(id);
    },
    'environment:add': ({ input }) => {
      const parsed = environmentInputSchema.parse(input);
      const environment = { ...parsed, id: parsed.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') };
      environments = [...environments, environment];
      return environment;
    },
    'environment:update': ({ id, input }) => {
      if (find(id).builtIn === true) fail('validation', 'The built-in Sandbox environment cannot be edited.');
      const environment = { ...environmentInputSchema.parse(input), id };
      environments = environments.map((known) => (known.id === id ? environment : known));
      return environment;
    },
    'environment:remove': ({ id }) => {
      if (find(id).builtIn === true) fail('validation', 'The built-in Sandbox environment cannot be removed.');
      environments = environments.filter((known) => known.id !== id);
      if (selectedId === id) selectedId = sandbox.id;
      return { removed: id };
    },
    'credentials:status': (request) => status(request?.environmentId ?? selectedId),
    'credentials:set': ({ environmentId, name, value }) => {
      find(environmentId);
      if (value.trim() === '') secrets.delete(`${environmentId}/${name}`);
      else secrets.set(`${environmentId}/${name}`, value.trim());
      tokens.delete(environmentId);
      return status(environmentId);
    },
    'auth:state': (request) => authState(request?.environmentId),
    'auth:sign-in': (request) => {
      const environment = find(request?.environmentId ?? selectedId);
      if (!hasCredentials(environment)) fail('credentials_missing', `No developer client id and refresh token are set for ${environment.name}.`);
      if (secret(environment.id, 'refreshToken') === 'rejected-token') {
        secrets.delete(`${environment.id}/refreshToken`);
        fail('invalid_grant', 'The refresh token was rejected.');
      }
      tokens.set(environment.id, now() + 3_600_000);
      return authState(environment.id);
    },
    'auth:sign-out': (request) => {
      tokens.delete(request?.environmentId ?? selectedId);
      return authState(request?.environmentId);
    },
    'settings:get': () => advanced,
    'settings:update': (request) => {
      advanced = request.advanced;
      return advanced;
    },
    'sandbox:info': () => ({ running: true, sampleQueries: ['LS23 6TR'], sampleTitles: [], testTitles: [], sampleVariables: [] }),
    'environment:test': (request) => {
      const environment = find(request?.environmentId ?? selectedId);
      const discovery = { step: 'discovery' as const, ok: true, ms: 12, summary: 'Found the service.' };
      if (!hasCredentials(environment)) {
        return { environmentId: environment.id, ok: false, steps: [discovery, { step: 'token' as const, ok: false, ms: 0, summary: 'No credentials are set.' }] };
      }
      const rejected = secret(environment.id, 'refreshToken') === 'rejected-token';
      const token = rejected
        ? { step: 'token' as const, ok: false, ms: 30, summary: 'The refresh token was rejected.', oauthError: 'invalid_grant' }
        : { step: 'token' as const, ok: true, ms: 30, summary: 'The refresh token was accepted.' };
      return { environmentId: environment.id, ok: !rejected, steps: [discovery, token] };
    },
    'address:test-key': (request) => {
      const environment = find(request?.environmentId ?? selectedId);
      const key = secret(environment.id, 'providerKey');
      if (key === undefined || key === 'unknown-key') {
        const providerError = 'Unknown key. Please check that the key is correct.';
        return { environmentId: environment.id, ok: false, umrrn: 'unknown' as const, providerError, steps: [{ step: 'find' as const, ok: false, ms: 8, summary: providerError }] };
      }
      return { environmentId: environment.id, ok: true, umrrn: 'unknown' as const, steps: [{ step: 'find' as const, ok: true, ms: 8, summary: 'The key was accepted.' }] };
    },
  };

  const invoke: Invoke = async <C extends RequestChannel>(channel: C, request: RequestOf<C>) => {
    await Promise.resolve();
    const parsed = requestSchemas[channel].request.safeParse(request);
    if (!parsed.success) return { ok: false, error: { code: 'validation', message: parsed.error.message } };
    calls.push({ channel, request: parsed.data });
    const table: Handlers = handlers;
    const handler: Handler<C> | undefined = table[channel];
    if (handler === undefined) return { ok: false, error: { code: 'internal', message: `${channel} is not modelled by this test double.` } };
    try {
      return { ok: true, data: handler(parsed.data) };
    } catch (error) {
      if (error instanceof Failure) return { ok: false, error: error.data };
      return { ok: false, error: { code: 'validation', message: error instanceof Error ? error.message : String(error) } };
    }
  };

  function on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void {
    // Events are parsed with the contract's schema on delivery, as the real bridges do.
    const deliver = (payload: unknown): void => { listener(eventSchemas[event].parse(payload)); };
    const set = listeners.get(event) ?? new Set();
    set.add(deliver);
    listeners.set(event, set);
    return () => set.delete(deliver);
  }

  return {
    api: { ...requestFunctions(invoke), on },
    calls,
    storedSecrets: () => [...secrets.values()],
    emit(event, payload) {
      for (const deliver of listeners.get(event) ?? []) deliver(payload);
    },
    callsTo: (channel) => calls.filter((call) => call.channel === channel).map((call) => call.request),
  };
}
