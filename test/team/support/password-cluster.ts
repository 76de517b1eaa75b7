// A throw-away cluster where desks must give their password, as on a team's real server: the
// setup login (postgres) is trusted on loopback, every other login needs SCRAM. The default
// cluster trusts everyone, so it cannot show a wrong password refused. Plain Node: Playwright
// specs use it too.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { addDesk, setupTeam, type NewDesk } from '../../../electron/core/team/team-admin.ts';
import { clusterParent, findPostgresBin, postgresOwner, startThrowawayCluster, type RunningCluster } from './pg-cluster.ts';

export interface PasswordCluster {
  /** The setup login's URL (postgres, trusted on loopback), database `postgres`. */
  readonly url: string;
  readonly port: number;
  readonly stop: () => void;
}

const hba = `local all all trust
host all postgres 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
`;

/** Why a password cluster cannot start here, or '' when it can. */
export function passwordClusterMissing(): string {
  const found = findPostgresBin();
  return 'missing' in found ? found.missing : '';
}

export async function startPasswordCluster(): Promise<PasswordCluster> {
  const found = findPostgresBin();
  if ('missing' in found) throw new Error(found.missing);
  // The server's user reads the file: a folder of its own that user can enter.
  const folder = mkdtempSync(join(clusterParent(postgresOwner()), 'td-hba-'));
  chmodSync(folder, 0o755);
  const file = join(folder, 'pg_hba.conf');
  writeFileSync(file, hba, { mode: 0o644 });
  let cluster: RunningCluster;
  try {
    cluster = await startThrowawayCluster(found.bin, `-c hba_file=${file} -c password_encryption=scram-sha-256`);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: cluster.url,
    port: Number(new URL(cluster.url).port),
    stop() {
      try {
        cluster.stop();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

export interface TeamDatabase {
  /** postgres://127.0.0.1:PORT/DATABASE: the URL a desk types in Settings → Team (no login). */
  readonly deskUrl: string;
  readonly team: string;
  readonly desks: Readonly<Record<string, NewDesk>>;
}

/** A database with the team schema, one team and the named desks (each with its own login and password). */
export async function createTeamDatabase(cluster: PasswordCluster, team: string, desks: Readonly<Record<string, 'analyst' | 'support' | 'admin'>>): Promise<TeamDatabase> {
  const database = `td_${team.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  const server = postgres(cluster.url, { max: 1, onnotice: () => undefined });
  try {
    await server.unsafe(`CREATE DATABASE ${database}`);
  } finally {
    await server.end();
  }
  const url = new URL(cluster.url);
  url.pathname = `/${database}`;
  const sql = postgres(url.href, { max: 1, onnotice: () => undefined });
  try {
    const setup = await setupTeam(sql, { team, adminDesk: 'admin' });
    const made: Record<string, NewDesk> = { admin: setup.admin };
    for (const [name, role] of Object.entries(desks)) made[name] = await addDesk(sql, { team, name, role });
    return { deskUrl: `postgres://127.0.0.1:${String(cluster.port)}/${database}`, team, desks: made };
  } finally {
    await sql.end();
  }
}
