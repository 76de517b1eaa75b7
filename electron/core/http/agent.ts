import { Agent } from 'undici';

export interface HttpAgentOptions {
  /** Sockets per origin; further requests queue inside the agent instead of opening more. */
  readonly connections?: number;
  /** Milliseconds allowed to open a connection; a failure here means nothing was sent. */
  readonly connectTimeoutMs?: number;
}

/**
 * One keep-alive pool for the whole core (auth, API, address provider): reusing sockets keeps
 * each poll cheap and the connections cap bounds what we impose on the service.
 */
export function createHttpAgent(options: HttpAgentOptions = {}): Agent {
  return new Agent({
    connections: options.connections ?? 16,
    connect: { timeout: options.connectTimeoutMs ?? 10_000 },
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
    // Our own per-request timeout (send-http.ts) decides when to give up; these only stop
    // undici from cutting a long server wait short.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
}

let shared: Agent | undefined;

/** The process-wide agent, created on first use. */
export function sharedHttpAgent(): Agent {
  shared ??= createHttpAgent();
  return shared;
}
