import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultSandboxBehaviour, sandboxBehaviourSchema, type CatalogShape, type SandboxBehaviour } from '../../shared/environment/sandbox-behaviour.ts';
import type { SandboxConfig } from '../../shared/environment/sandbox-config.ts';
import { AddressIndex } from './addresses/address-index.ts';
import { sandboxCredentials } from './auth/credentials.ts';
import { changeBehaviour, type BehaviourChange } from './behaviour.ts';
import { RefreshFamilies } from './auth/refresh-families.ts';
import { TokenStore } from './auth/token-store.ts';
import { VariableCatalog } from './catalog/catalog.ts';
import { FaultBook, type FaultRule } from './faults.ts';
import { createHttpServer, createHttpsServer } from './http/node-servers.ts';
import { accountErrorKeys } from './provider/account-errors.ts';
import { providerKeys, providerSamples } from './provider/keys.ts';
import { PurchaseStore, type PurchaseTiming } from './purchases/purchase-store.ts';
import { createRequestHandler } from './request-handler.ts';
import { RequestLog, type SandboxLogEntry, type SandboxStats } from './request-log.ts';
import { sampleVariableIris } from './samples.ts';
import { contextUrlOf, type SecondsRange, type ServiceState } from './service-state.ts';
import { chooseTitles, TitleIndex } from './titles.ts';
import { buildWorld, defaultWorldSeed } from './world/build-world.ts';

export type { FaultRule } from './faults.ts';
export type { PurchaseTiming } from './purchases/purchase-store.ts';
export type { RequestClass, SandboxLogEntry, SandboxStats } from './request-log.ts';

export interface SandboxOptions {
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Access token lifetime; default 3600. Tokens really expire. */
  tokenTtlSeconds?: number;
  /** Enables the /_sandbox/ control API (log, stats, faults); default false. */
  control?: boolean;
  /** How many requests the log keeps; default 1000. */
  logLimit?: number;
  /** Overrides fulfilment timing (seconds, drawn at random in each range). */
  pacing?: { retryAfterSeconds?: SecondsRange; maxAgeSeconds?: SecondsRange; readySeconds?: SecondsRange };
  faults?: FaultRule[];
  /** Data seed: the same seed gives the same world, titles, catalog and values. */
  seed?: number;
  /** A file where purchases are kept across restarts (the embedded sandbox of the app); default memory only. */
  statePath?: string;
  /**
   * Serve HTTPS with this key and certificate (PEM), as the real service does: how proxies and
   * certificate trust are tested. Default plain HTTP.
   */
  tls?: { key: string; cert: string };
  /** The host name in the URLs the sandbox hands out (its certificate's name); default the address it listens on. */
  publicHost?: string;
  /** Which documented catalog shape to serve; default `member` (the purchasing guide's). */
  catalogShape?: CatalogShape;
  /** Rotate developer refresh tokens with reuse detection (RFC 9700); default off. */
  rotateRefreshTokens?: boolean;
}

export interface RunningSandbox {
  readonly config: SandboxConfig;
  readonly baseUrl: string;
  setFaults(rules: FaultRule[]): void;
  /** Changes the catalog shape or token rotation while running; turning rotation on starts the token family afresh. */
  setBehaviour(change: BehaviourChange): SandboxBehaviour;
  behaviour(): SandboxBehaviour;
  log(): readonly SandboxLogEntry[];
  /** Each purchase's sequence number, readiness and advice plan, oldest first. */
  purchases(): readonly PurchaseTiming[];
  stats(): SandboxStats;
  /** Closes the server and every keep-alive socket at once. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('The sandbox is not listening on TCP.'));
      else resolve(address);
    });
  });
}

function buildState(baseUrl: string, options: SandboxOptions): { state: ServiceState; config: SandboxConfig } {
  const seed = options.seed ?? defaultWorldSeed;
  const world = buildWorld(seed);
  const chosen = chooseTitles(world, seed);
  const credentials = sandboxCredentials(seed);
  const catalog = new VariableCatalog(baseUrl);
  const behaviour = sandboxBehaviourSchema.parse({
    ...defaultSandboxBehaviour,
    ...(options.catalogShape === undefined ? {} : { catalogShape: options.catalogShape }),
    ...(options.rotateRefreshTokens === undefined ? {} : { rotateRefreshTokens: options.rotateRefreshTokens }),
  });
  const state: ServiceState = {
    baseUrl,
    contextUrl: contextUrlOf(baseUrl),
    seed,
    world,
    titles: new TitleIndex(world),
    addresses: new AddressIndex(world),
    testTitles: new Set(chosen.testTitles),
    catalog,
    tokens: new TokenStore(options.tokenTtlSeconds ?? 3600),
    credentials,
    refreshTokens: new RefreshFamilies(credentials.developer.refreshToken),
    behaviour,
    purchases: new PurchaseStore({
      ...(options.statePath === undefined ? {} : { statePath: options.statePath }),
      variableByKey: (key) => catalog.byKey(key),
    }),
    pacing: { retryAfterSeconds: [1, 2], maxAgeSeconds: [1, 2], ...options.pacing },
  };
  const config: SandboxConfig = {
    baseUrl,
    developer: { clientId: credentials.developer.clientId, refreshToken: credentials.developer.refreshToken },
    machine: { ...credentials.machine },
    addressProvider: {
      findUrl: `${baseUrl}/Capture/Interactive/Find/v1.1/json3.ws`,
      retrieveUrl: `${baseUrl}/Capture/Interactive/Retrieve/v1.2/json3.ws`,
      key: providerKeys.key,
      keyWithoutMultiResidency: providerKeys.keyWithoutMultiResidency,
      ...providerSamples(world),
      accountErrorKeys: accountErrorKeys.map(({ key, name, error }) => ({ key, name, error: error.Error, description: error.Description })),
    },
    testTitles: [...chosen.testTitles],
    sampleTitles: [...chosen.sampleTitles],
    sampleVariables: sampleVariableIris(catalog),
    behaviour: { ...behaviour },
  };
  return { state, config };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const faults = new FaultBook(options.faults ?? []);
  const log = new RequestLog(options.logLimit ?? 1000);
  const closing = new AbortController();
  const server = options.tls === undefined ? createHttpServer({ keepAlive: true }) : createHttpsServer({ keepAlive: true, ...options.tls });
  const address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const host = options.publicHost ?? (address.family === 'IPv6' ? `[${address.address}]` : address.address);
  const baseUrl = `${options.tls === undefined ? 'http' : 'https'}://${host}:${address.port}`;
  const { state, config } = buildState(baseUrl, options);
  server.on('request', createRequestHandler({ state, faults, log, control: options.control ?? false, closing: closing.signal }));
  let closed: Promise<void> | undefined;
  return {
    config,
    baseUrl,
    setFaults: (rules) => {
      faults.set(rules);
    },
    setBehaviour: (change) => changeBehaviour(state, change),
    behaviour: () => ({ ...state.behaviour }),
    log: () => log.entries(),
    purchases: () => state.purchases.timings(),
    stats: () => log.stats(),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
