// A TCP proxy in front of the team database that can lose a begin's answer: the request reaches
// the server (which commits it), the answer never reaches the desk, and the connection then drops,
// as when a network or the server dies at the worst moment.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface CuttingProxy {
  readonly port: number;
  /** The next `count` connections that send SQL containing `marker` lose its answer, then drop. */
  cut(marker: string, count: number): void;
  readonly cuts: () => number;
  close(): Promise<void>;
}

export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  let marker = '';
  let left = 0;
  let done = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    let muted = false;
    let armed = false;
    client.on('data', (chunk: Buffer) => {
      // postgres.js prepares first (Parse, Describe) and runs it in its next write (Bind, Execute):
      // the answer lost is that run's, so the server has done the work.
      if (armed && !muted) {
        muted = true;
        // Long enough for the server to commit, then the connection is gone.
        setTimeout(() => {
          done += 1;
          client.destroy();
          upstream.destroy();
        }, 500);
      }
      if (!armed && left > 0 && marker !== '' && chunk.includes(marker)) {
        left -= 1;
        armed = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => { if (!muted) client.write(chunk); });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    cut(text, count) {
      marker = text;
      left = count;
    },
    cuts: () => done,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    },
  };
}
