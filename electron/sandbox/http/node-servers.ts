import type { Server, ServerOptions } from 'node:http';
import type { Server as TlsServer, ServerOptions as TlsServerOptions } from 'node:https';

/*
 * node:http and node:https taken with process.getBuiltinModule rather than imported. An ES import
 * of a built-in builds its module namespace, which reads every export; node:http's WebSocket,
 * CloseEvent and MessageEvent are getters that load Node's own copy of undici to answer, a cost
 * at each start of the CLI for classes nothing here uses (docs/decisions/013-cli-start-up.md). The
 * desktop app's main process and browser mode start these servers too.
 */

export function createHttpServer(options: ServerOptions = {}): Server {
  return process.getBuiltinModule('node:http').createServer(options);
}

export function createHttpsServer(options: TlsServerOptions): TlsServer {
  return process.getBuiltinModule('node:https').createServer(options);
}
