// One postgres.js connection losing its socket at the worst moment, in its own process so that an
// uncaught exception shows as an exit code rather than taking the test runner down. Run by Node
// itself: `closed-socket-child.ts <url> <esm|cjs> <reserved|pooled>`. Prints one JSON line.
//
// reserved: a reserved connection whose backend was terminated is asked for one more small query.
//   The connection has no socket by then; the query's bytes wait for the deferred flush, which
//   must reject the query (CONNECTION_CLOSED) rather than throw from a timer callback.
// pooled: the transport closes after a small query is written but before the deferred flush; the
//   pool's one connection must then reconnect and answer, not keep the dead write and never flush.
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import postgresEsm from 'postgres';

const [url = '', flavour = 'esm', scenario = 'reserved'] = process.argv.slice(2);
const postgres = flavour === 'cjs' ? (createRequire(import.meta.url)('postgres') as typeof postgresEsm) : postgresEsm;
const quiet = { onnotice: () => undefined };

/** What a query came to within `ms`: its rows' first value, an error code, or "hung". */
async function settle(query: Promise<readonly Record<string, unknown>[]>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<string>((resolve) => { timer = setTimeout(() => { resolve('hung'); }, ms); });
  try {
    return await Promise.race([
      query.then((rows) => Object.values(rows[0] ?? {})[0], (error: unknown) => (error as { code?: string }).code ?? String(error)),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function reserved(): Promise<unknown> {
  let heardClose: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => { heardClose = resolve; });
  const sql = postgres(url, { ...quiet, max: 1, onclose: () => { heardClose(); } });
  const killer = postgres(url, { ...quiet, max: 1 });
  try {
    const held = await sql.reserve();
    const [row] = await held<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    await killer`SELECT pg_terminate_backend(${row?.pid ?? 0})`;
    await closed;
    return await settle(held`SELECT 1 AS one`, 5_000);
  } finally {
    await Promise.all([killer.end(), sql.end({ timeout: 1 })]);
  }
}

/** A TCP connection behind a plain Duplex: its "close" comes on the next tick, as any stream's. */
function transport(host: string, port: number): Duplex & { readyState: string } {
  const tcp: Socket = connect(port, host);
  const stream = new Duplex({
    read() { tcp.resume(); },
    write(data: Buffer, _encoding, done) { tcp.write(data, done); },
    final(done) { tcp.end(done); },
    destroy(error, done) { tcp.destroy(); done(error); },
  });
  tcp.on('data', (data: Buffer) => { if (!stream.push(data)) tcp.pause(); });
  tcp.on('end', () => { stream.push(null); });
  tcp.on('close', () => { stream.destroy(); });
  tcp.on('error', (error) => { stream.destroy(error); });
  Object.defineProperty(stream, 'readyState', { get: () => (stream.destroyed ? 'closed' : tcp.readyState) });
  return stream as Duplex & { readyState: string };
}

async function pooled(): Promise<unknown> {
  const { hostname, port } = new URL(url);
  let current: Duplex | undefined;
  let cut = false;
  // `socket` is a documented option that the package's type definitions leave out.
  const custom: object = { socket: () => (current = transport(hostname, Number(port || 5432))) };
  const sql = postgres(url, {
    ...quiet,
    ...custom,
    max: 1,
    connect_timeout: 3,
    // Called as a query is built, just before its bytes are written: close on the next tick,
    // after the write was deferred and before the deferred flush runs.
    debug: (_id, text) => {
      if (!cut && text.includes('cut here')) {
        cut = true;
        const closing = current;
        process.nextTick(() => closing?.destroy());
      }
    },
  });
  try {
    await sql`SELECT 1 AS warm`;
    const lost = await settle(sql`SELECT 1 AS one -- cut here`, 5_000);
    const after = await settle(sql`SELECT 2 AS two`, 10_000);
    return { lost, after };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const outcome = await (scenario === 'pooled' ? pooled() : reserved());
process.stdout.write(`${JSON.stringify({ outcome })}\n`);
