import connect from 'undici/lib/api/api-connect.js';
import buildConnector from 'undici/lib/core/connect.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';

/**
 * The parts of undici core uses, imported by path: the package index also loads fetch,
 * WebSocket, EventSource, the mock agents and caches, most of the desktop bundle's weight.
 * Core sends every request through dispatch() (exchange-handler.ts), so of the methods the index
 * copies onto dispatchers only connect() is needed: a proxy agent opens its tunnels with it.
 */
Object.assign(Dispatcher.prototype, { connect });

export { Agent, buildConnector, Dispatcher, EnvHttpProxyAgent, ProxyAgent };
