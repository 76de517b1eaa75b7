// A throw-away PostgreSQL cluster for the team tests: initdb into a temporary folder, start it on a
// port the OS hands out, listening on loopback and a socket in the same folder, and remove it all
// at the end. initdb refuses to run as root, so as root the server programs run as `postgres`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface RunningCluster {
  /** A superuser URL over TCP on 127.0.0.1 (trust authentication: tests only). */
  readonly url: string;
  readonly stop: () => void;
  /** Stops the server as a crash would (immediate) or politely (fast), keeping its data. */
  readonly halt: (mode: 'immediate' | 'fast') => void;
  /** Starts the halted server again on the same port. */
  readonly resume: () => void;
  /** Stops every process of the server (SIGSTOP): connections stay open and nothing answers, as on a hung host. */
  readonly freeze: () => void;
  /** Lets a frozen server run on (SIGCONT). */
  readonly thaw: () => void;
}

/** The newest PostgreSQL ≥ 15 server programs on this machine (TITLEDESK_PG_BIN first), or why none. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): { bin: string } | { missing: string } {
  const given = env['TITLEDESK_PG_BIN'];
  if (given !== undefined && given !== '') return existsSync(join(given, 'initdb')) ? { bin: given } : { missing: `TITLEDESK_PG_BIN=${given} has no initdb` };
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).map(Number).filter((major) => major >= 15).sort((a, b) => b - a) : [];
  for (const major of versions) {
    const bin = join(root, String(major), 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return { bin };
  }
  return { missing: 'no PostgreSQL 15 server found (apt-get install -y postgresql-15, or set TITLEDESK_TEST_DATABASE_URL)' };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => { resolve(port); });
    });
  });
}

/** Runs a server program, as `postgres` when this process is root (initdb refuses root). */
function runAs(owner: { uid: number; gid: number } | undefined, program: string, args: readonly string[]): void {
  const [command, commandArgs] = owner === undefined ? [program, args] : ['runuser', ['-u', 'postgres', '--', program, ...args]];
  // From '/': the server's user may not be allowed into this process's working folder.
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000, cwd: '/' });
  if (result.status !== 0) throw new Error(`${program} ${args[0] ?? ''} failed (${String(result.status)}): ${result.stderr || result.stdout}`);
}

/** The server's user when this process is root (the server then runs as postgres), else undefined. */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * Where the cluster's folder goes: the tests' own temp folder, unless the server's user cannot
 * reach it (a checkout inside a private folder, as a fresh clone under mktemp -d is); then a
 * private folder of its own under /tmp, removed with the cluster.
 */
export function clusterParent(owner: { uid: number; gid: number } | undefined): string {
  if (owner === undefined) return tmpdir();
  const reachable = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', tmpdir()], { cwd: '/' }).status === 0;
  return reachable ? tmpdir() : '/tmp';
}

export async function startThrowawayCluster(bin: string, extraOptions = ''): Promise<RunningCluster> {
  const owner = postgresOwner();
  const dir = mkdtempSync(join(clusterParent(owner), 'td-pg-'));
  chmodSync(dir, 0o700);
  if (owner !== undefined) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'log');
  const port = await freePort();
  runAs(owner, join(bin, 'initdb'), ['-N', '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  // Enough connections for the race tests (8 processes) beside the suites' own pools.
  const options = `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off ${extraOptions}`.trim();
  runAs(owner, join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-o', options, 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${String(port)}/postgres`,
    halt(mode) {
      runAs(owner, join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
    },
    resume() {
      runAs(owner, join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-o', options, 'start']);
    },
    freeze() {
      signalServer(data, 'SIGSTOP');
    },
    thaw() {
      signalServer(data, 'SIGCONT');
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        // Already halted by a test: nothing to stop.
        if (existsSync(join(data, 'postmaster.pid'))) runAs(owner, join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Sends `signal` to the postmaster of `data` and to every process it started (its backends). */
function signalServer(data: string, signal: NodeJS.Signals): void {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).stdout.split('\n').filter((line) => line.trim() !== '').map(Number);
  for (const pid of [postmaster, ...children]) process.kill(pid, signal);
}
