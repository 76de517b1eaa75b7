import { createSecureContext, type SecureContext } from 'node:tls';
import type { buildConnector as BuildConnector, Dispatcher } from 'undici';
import { Agent, buildConnector, EnvHttpProxyAgent, ProxyAgent } from './undici-parts.ts';
import { noProxyWithLoopback, proxiesFromEnv } from './proxy-rules.ts';
import { ProxyRoutes, type ProxyResolver } from './proxy-routes.ts';
import { ResolvingDispatcher } from './resolving-dispatcher.ts';
import { trustedCertificates } from './trust.ts';

export interface HttpAgentOptions {
  /** Sockets per origin; further requests queue inside the agent instead of opening more. */
  readonly connections?: number;
  /** Milliseconds allowed to open a connection; a failure here means nothing was sent. */
  readonly connectTimeoutMs?: number;
  /**
   * Where the host learns proxies per URL (the desktop app: Electron, from the OS settings).
   * Without one, HTTPS_PROXY / HTTP_PROXY / NO_PROXY from the environment apply (CLI, browser mode).
   */
  readonly proxyResolver?: ProxyResolver;
  /**
   * Root certificates to trust, or where to read them when the first TLS connection is made;
   * default Node's and the operating system's (trust.ts).
   */
  readonly ca?: readonly string[] | (() => readonly string[]);
  readonly log?: (message: string) => void;
}

/**
 * One keep-alive pool for the whole core (auth, API, address provider): reusing sockets keeps
 * each poll cheap and the connections cap bounds what we impose on the service. Proxies and
 * trusted roots come from what the OS and the environment say, as in a browser on the same
 * machine, so offices with a proxy or TLS inspection work as they do for everything else.
 */
export function createHttpAgent(options: HttpAgentOptions = {}): Dispatcher {
  // One secure context for every connection: a `ca` list would be parsed again per connection.
  let context: SecureContext | undefined;
  const { ca = trustedCertificates } = options;
  const secureContext = (): SecureContext => (context ??= createSecureContext({ ca: [...(typeof ca === 'function' ? ca() : ca)] }));
  const timeout = options.connectTimeoutMs ?? 10_000;
  const agentOptions = {
    connections: options.connections ?? 16,
    connect: connectorReadingRootsOnFirstTls(timeout, secureContext),
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
    // Our own per-request timeout (send-http.ts) decides when to give up; these only stop
    // undici from cutting a long server wait short.
    headersTimeout: 0,
    bodyTimeout: 0,
  };
  // Through a proxy, the origin's TLS runs inside the tunnel (requestTls) and an https proxy
  // has TLS of its own (proxyTls): both trust the same roots.
  // A proxy agent is built only once a proxy applies, and reads the roots then.
  const proxyOptions = () => ({ ...agentOptions, requestTls: { secureContext: secureContext() }, proxyTls: { secureContext: secureContext() }, connectTimeout: timeout });
  const { proxyResolver } = options;
  if (proxyResolver === undefined) {
    const proxies = proxiesFromEnv(process.env);
    // No proxy in the environment: a plain pool. The environment agent would look up NO_PROXY for
    // every request to route it nowhere else (docs/decisions/012-undici-dispatch.md).
    if (proxies.httpProxy === undefined && proxies.httpsProxy === undefined) return new Agent(agentOptions);
    // An https URL with no HTTPS_PROXY uses HTTP_PROXY (undici's rule, as curl's); NO_PROXY
    // gets loopback added.
    return new EnvHttpProxyAgent({ ...proxyOptions(), ...proxies, noProxy: noProxyWithLoopback(process.env) });
  }
  const routes = new ProxyRoutes({
    resolver: proxyResolver,
    onError: (origin, error) => options.log?.(`Could not resolve the proxy for ${origin} (${String(error)}); connecting directly.`),
  });
  return new ResolvingDispatcher(routes, (route) => (route.kind === 'direct' ? new Agent(agentOptions) : new ProxyAgent({ ...proxyOptions(), uri: route.uri })));
}

/**
 * undici's connector, with the trusted roots read when the first TLS connection is made rather
 * than when the agent is built: reading the operating system's store and parsing Node's and its
 * roots is a large part of each start, which plain HTTP (the embedded sandbox of the CLI and of a
 * demo) never needs (docs/decisions/013-cli-start-up.md).
 */
function connectorReadingRootsOnFirstTls(timeout: number, secureContext: () => SecureContext): BuildConnector.connector {
  const plain = buildConnector({ timeout });
  let tls: BuildConnector.connector | undefined;
  return (connectOptions, callback) => {
    const connector = connectOptions.protocol === 'https:' ? (tls ??= buildConnector({ timeout, secureContext: secureContext() })) : plain;
    connector(connectOptions, callback);
  };
}
