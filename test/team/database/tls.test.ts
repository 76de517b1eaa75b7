// TLS to the team database for real: a server whose certificate is signed by a CA made with openssl
// here, named for localhost only. verify-full with that CA connects; another CA, no CA, or the right
// CA reached by a name the certificate does not carry, are refused before anything is sent, and
// a running desk says which (a certificate, not "unreachable").
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamAwayReasons } from '../../../electron/core/team-desk/team-away.ts';
import { certificateAdvice } from '../../../shared/team/team-away-words.ts';
import { openTeamSql } from '../../../electron/core/team/team-connect.ts';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { clusterParent, findPostgresBin, postgresOwner, startThrowawayCluster, type RunningCluster } from '../support/pg-cluster.ts';

const found = findPostgresBin();
const openssl = ((): boolean => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const missing = 'missing' in found ? found.missing : openssl ? '' : 'no openssl to make a certificate authority';

function makeCa(dir: string, name: string): void {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', `/CN=${name}`, '-keyout', join(dir, `${name}.key`), '-out', join(dir, `${name}.crt`)], { stdio: 'ignore' });
}

function makeServerCertificate(dir: string, ca: string): void {
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n');
  execFileSync('openssl', ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=localhost',
    '-keyout', join(dir, 'server.key'), '-out', join(dir, 'server.csr')], { stdio: 'ignore' });
  execFileSync('openssl', ['x509', '-req', '-in', join(dir, 'server.csr'), '-CA', join(dir, `${ca}.crt`), '-CAkey', join(dir, `${ca}.key`),
    '-CAcreateserial', '-days', '1', '-extfile', join(dir, 'san.ext'), '-out', join(dir, 'server.crt')], { stdio: 'ignore' });
}

describe.skipIf(missing !== '')(missing === '' ? 'TLS to the team database' : `skipped: ${missing}`, () => {
  let dir: string;
  let cluster: RunningCluster;
  let port: string;

  beforeAll(async () => {
    if ('missing' in found) return;
    // The server reads its certificate from here, so its user must reach the folder.
    dir = mkdtempSync(join(clusterParent(postgresOwner()), 'td-tls-'));
    makeCa(dir, 'team-ca');
    makeCa(dir, 'other-ca');
    makeServerCertificate(dir, 'team-ca');
    // The server reads its key only when it is its own and private.
    chmodSync(join(dir, 'server.key'), 0o600);
    const owner = postgresOwner();
    if (owner !== undefined) {
      chownSync(dir, owner.uid, owner.gid);
      chownSync(join(dir, 'server.key'), owner.uid, owner.gid);
      chownSync(join(dir, 'server.crt'), owner.uid, owner.gid);
    }
    cluster = await startThrowawayCluster(found.bin, `-c ssl=on -c ssl_cert_file=${join(dir, 'server.crt')} -c ssl_key_file=${join(dir, 'server.key')}`);
    port = new URL(cluster.url).port;
  });
  afterAll(() => {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const url = (host: string, query = ''): string => `postgres://postgres:not-checked-here@${host}:${port}/postgres${query}`;

  it('connects with verify-full and the team CA, encrypted', async () => {
    const connection = parseTeamUrl(url('localhost', '?sslmode=verify-full'), { caFile: join(dir, 'team-ca.crt') });
    const sql = openTeamSql(connection, { maxConnections: 1 });
    try {
      const [row] = await sql<{ ssl: boolean }[]>`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`;
      expect(row?.ssl).toBe(true);
    } finally {
      await sql.end();
    }
  });

  it('refuses a certificate signed by another CA, and one with no CA given', async () => {
    const other = parseTeamUrl(url('localhost', '?sslmode=verify-full'), { caFile: join(dir, 'other-ca.crt') });
    await expect(TeamStore.open(other)).rejects.toMatchObject({ code: 'network', message: expect.stringContaining('presented a certificate this desk does not trust') as unknown });
    const none = parseTeamUrl(url('localhost', '?sslmode=verify-full'));
    await expect(TeamStore.open(none)).rejects.toMatchObject({ code: 'network', message: expect.stringContaining('does not trust') as unknown });
  });

  it('refuses the right CA reached by a name the certificate does not carry', async () => {
    const wrongHost = parseTeamUrl(url('127.0.0.1', '?sslmode=verify-full'), { caFile: join(dir, 'team-ca.crt') });
    await expect(TeamStore.open(wrongHost)).rejects.toMatchObject({ code: 'network', message: expect.stringContaining('ERR_TLS_CERT_ALTNAME_INVALID') as unknown });
  });

  it('gives a running desk a certificate reason, not "unreachable", for another CA and another host name', async () => {
    const other = parseTeamUrl(url('localhost', '?sslmode=verify-full'), { caFile: join(dir, 'other-ca.crt') });
    const wrongHost = parseTeamUrl(url('127.0.0.1', '?sslmode=verify-full'), { caFile: join(dir, 'team-ca.crt') });
    for (const [connection, words] of [[other, 'does not trust'], [wrongHost, 'does not name the host in the URL']] as const) {
      const reasons = new TeamAwayReasons(connection);
      const error = await TeamStore.open(connection).catch((caught: unknown) => caught);
      await reasons.learn(error);
      const reason = reasons.of(error);
      expect(reason.away).toBe('certificate');
      expect(reason.problem).toContain(words);
      expect(reason.problem).toContain(certificateAdvice);
      expect(reason.problem).not.toContain('not-checked-here');
    }
  });

  it('never shows the password in a refusal', async () => {
    const other = parseTeamUrl(url('localhost', '?sslmode=verify-full'), { caFile: join(dir, 'other-ca.crt') });
    const error = await TeamStore.open(other).catch((caught: unknown) => caught);
    expect(String(error)).not.toContain('not-checked-here');
  });
});
