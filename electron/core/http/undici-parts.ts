import api from 'undici/lib/api/index.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';

/**
 * The parts of undici core uses, imported by path: the package index also loads fetch,
 * WebSocket, EventSource, the mock agents and caches, most of the desktop bundle's weight.
 * What the index does on load is repeated here: dispatchers get request() and connect() (a
 * proxy agent opens its tunnels with connect()).
 */
Object.assign(Dispatcher.prototype, api);

export { Agent, Dispatcher, EnvHttpProxyAgent, ProxyAgent };
