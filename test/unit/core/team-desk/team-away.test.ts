// Why a running desk's team database is away: a server refusing TLS (asked once per streak of
// failures), a certificate refused or issued for another host, or not reached at all.
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../../electron/core/errors.ts';
import { TeamAwayReasons } from '../../../../electron/core/team-desk/team-away.ts';
import { awayError } from '../../../../electron/core/team-desk/team-words.ts';
import { SchemaTooNewError, SchemaTooOldError } from '../../../../electron/core/team/migrations/migration.ts';
import { teamError } from '../../../../electron/core/team/team-errors.ts';
import { parseTeamUrl } from '../../../../electron/core/team/team-url.ts';
import { awayHeadline } from '../../../../shared/team/team-away-words.ts';

const password = 'desk-password-never-shown';
const connection = parseTeamUrl(`postgres://front:${password}@db.example.com:5432/team?sslmode=require`);
const where = connection.describe;
const failure = (code: string) => teamError(Object.assign(new Error(`socket ${code}`), { code }), where, 'read');
const reset = failure('ECONNRESET');
/** What the server answers a wrong password with. */
const refusedLogin = new postgres.PostgresError({ message: 'password authentication failed for user "front"', code: '28P01' } as unknown as string);

/** Reasons whose server answers `offered` to the SSLRequest, counting the questions. */
function reasonsAnswering(offered: boolean | undefined, of = connection) {
  const asked: string[] = [];
  const reasons = new TeamAwayReasons(of, (host, port) => {
    asked.push(`${host}:${String(port)}`);
    return Promise.resolve(offered);
  });
  return { reasons, asked };
}

describe('why the team database is away', () => {
  it('asks a server whose handshake was reset whether it offers TLS, once per streak', async () => {
    const { reasons, asked } = reasonsAnswering(false);
    await reasons.learn(reset);
    await reasons.learn(reset);
    await reasons.learn(failure('CONNECTION_CLOSED'));
    expect(asked).toEqual(['db.example.com:5432']);
    const reason = reasons.of(reset);
    expect(reason.away).toBe('tls-not-offered');
    expect(reason.problem).toBe(`The team database at ${where} does not offer TLS, and this desk's URL demands it (sslmode=require): nothing was sent. The server's admin turns TLS on (ssl = on).`);
    // Reached again: the next streak asks anew.
    reasons.back();
    expect(reasons.of(reset).away).toBe('unreachable');
    await reasons.learn(reset);
    expect(asked).toHaveLength(2);
  });

  it('keeps "unreachable" for a server that offers TLS, or that could not be asked', async () => {
    for (const offered of [true, undefined]) {
      const { reasons } = reasonsAnswering(offered);
      await reasons.learn(reset);
      expect(reasons.of(reset)).toEqual({ away: 'unreachable', problem: reset.message });
    }
  });

  it('never asks for a server not there, or a URL that does not demand TLS', async () => {
    const refused = reasonsAnswering(false);
    await refused.reasons.learn(failure('ECONNREFUSED'));
    expect(refused.asked).toEqual([]);
    expect(refused.reasons.of(failure('ECONNREFUSED')).away).toBe('unreachable');
    const plain = reasonsAnswering(false, parseTeamUrl('postgres://front:pw@127.0.0.1:5432/team'));
    await plain.reasons.learn(reset);
    expect(plain.asked).toEqual([]);
  });

  it('names a refused certificate, and one for another host, with the advice Test connection gives', () => {
    const { reasons } = reasonsAnswering(false);
    const untrusted = reasons.of(failure('SELF_SIGNED_CERT_IN_CHAIN'));
    expect(untrusted.away).toBe('certificate');
    expect(untrusted.problem).toMatch(/presented a certificate this desk does not trust \(SELF_SIGNED_CERT_IN_CHAIN\): nothing was sent\. Give the CA file that signed the server’s certificate/);
    const otherHost = reasons.of(failure('ERR_TLS_CERT_ALTNAME_INVALID'));
    expect(otherHost.away).toBe('certificate');
    expect(otherHost.problem).toContain('presented a certificate that does not name the host in the URL (ERR_TLS_CERT_ALTNAME_INVALID)');
  });

  it('refuses a purchase in the words of why, and as unreachable otherwise, never with the password', async () => {
    const { reasons } = reasonsAnswering(false);
    await reasons.learn(reset);
    const status = { database: where, state: 'unreachable', pendingSync: 0, ...reasons.of(reset) } as const;
    const refused = awayError(connection, status);
    expect(refused).toMatchObject({ code: 'team_database', message: expect.stringContaining('does not offer TLS, and this desk') as unknown });
    expect(refused.message).not.toContain(password);
    expect(awayError(connection, { ...status, away: 'unreachable' }).message).toBe("The team database at db.example.com:5432 cannot be reached, so the team's budget and reuse cannot be checked. Nothing was sent.");
    expect(awayError(connection, { ...status, state: 'connected' }).message).toContain('cannot be reached');
  });

  it('names a refused password, a login no longer a desk and a schema it cannot use, each with what to do', () => {
    const { reasons } = reasonsAnswering(false);
    const password = reasons.of(teamError(refusedLogin, where, 'read'));
    expect(password.away).toBe('password');
    expect(password.problem).toBe(`The team database at ${where} refused this desk's login: check its name and password. Nothing was sent. Give this desk’s current password in Settings → Team (TITLEDESK_TEAM_PASSWORD on the command line); the team’s admin knows whether it was changed.`);
    const inactive = reasons.of(new CoreError('unauthorized', 'The team database refused: the login td_front is not an active desk of a team.'));
    expect(inactive).toMatchObject({ away: 'not-a-desk', problem: expect.stringContaining('is not an active desk of a team. Nothing was sent. The team’s admin adds it') as unknown });
    const newer = reasons.of(teamError(new SchemaTooNewError(99), where, 'read'));
    expect(newer).toMatchObject({ away: 'schema-newer', schemaVersion: 99, problem: expect.stringContaining('newer than this TitleDesk knows') as unknown });
    const older = reasons.of(teamError(new SchemaTooOldError(1), where, 'read'));
    expect(older).toMatchObject({ away: 'schema-older', schemaVersion: 1 });
    expect(older.problem).toMatch(new RegExp(`^The team database at .* has schema version 1; this TitleDesk needs \\d+: the team's admin runs "titledesk team migrate"\\. Nothing was sent\\.$`));
    // A role that may not do something is the database's no to that, not a refused login.
    expect(reasons.of(new CoreError('unauthorized', 'The team database refused: a analyst desk may not do this (it needs admin).')).away).toBe('unreachable');
  });

  it('refuses a purchase in those words, and headlines each as the header and `team status` do', () => {
    const { reasons } = reasonsAnswering(false);
    const refused = reasons.of(teamError(refusedLogin, where, 'read'));
    const status = { database: where, state: 'unreachable', pendingSync: 0, ...refused } as const;
    expect(awayError(connection, status)).toMatchObject({ code: 'team_database', message: refused.problem });
    expect(awayError(connection, status).message).not.toContain(password);
    expect(awayHeadline(status, '14:02')).toBe("Team database refused this desk's password since 14:02");
    expect(awayHeadline({ away: 'not-a-desk' }, '14:02')).toBe('This login is no longer a desk of the team since 14:02');
    expect(awayHeadline({ away: 'schema-newer', schemaVersion: 9 })).toBe('Team database schema 9 needs a newer TitleDesk');
    expect(awayHeadline({ away: 'schema-older', schemaVersion: 5 }, '14:02')).toBe('Team database schema 5 needs "titledesk team migrate" (since 14:02)');
    expect(awayHeadline({}, '14:02')).toBe('Team database unreachable since 14:02');
  });
});
