// The team database URL: TLS verify-full for any host off this machine, a CA file only with it,
// nothing TitleDesk would pass on unread, and a password that never shows.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../../electron/core/errors.ts';
import { redactKnownSecrets } from '../../../electron/core/redaction.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';

describe('the team database URL', () => {
  it('verifies TLS fully for any host off this machine, and not on loopback', () => {
    expect(parseTeamUrl('postgres://desk:pw-123456@db.example.com/team').tls).toBe('verify-full');
    expect(parseTeamUrl('postgres://desk:pw-123456@10.0.0.5:6543/team').tls).toBe('verify-full');
    for (const host of ['localhost', '127.0.0.1', '[::1]']) expect(parseTeamUrl(`postgres://desk@${host}/team`).tls).toBe('disable');
    expect(parseTeamUrl('postgres://desk@localhost/team?sslmode=verify-full').tls).toBe('verify-full');
    expect(parseTeamUrl('postgres://desk@db.example.com/team?sslmode=require').ssl).toEqual({ rejectUnauthorized: false });
  });

  it('reads a CA file for verify-full only, and says when it cannot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'team-url-'));
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    const parsed = parseTeamUrl(`postgres://desk@db.example.com/team?sslrootcert=${encodeURIComponent(ca)}`);
    expect(parsed.ssl).toMatchObject({ rejectUnauthorized: true, servername: 'db.example.com' });
    expect(parseTeamUrl('postgres://desk@db.example.com/team', { caFile: ca }).ssl).toHaveProperty('ca');
    expect(() => parseTeamUrl('postgres://desk@db.example.com/team', { caFile: join(dir, 'missing.pem') })).toThrow(/cannot be read \(ENOENT\)/);
    expect(() => parseTeamUrl('postgres://desk@db.example.com/team?sslmode=disable', { caFile: ca })).toThrow(/only used with verify-full/);
  });

  it('refuses what it would not use, with the reason', () => {
    expect(() => parseTeamUrl('http://db.example.com/team')).toThrow(/must start postgres:\/\//);
    expect(() => parseTeamUrl('postgres://db.example.com/team')).toThrow(/must name the login/);
    expect(() => parseTeamUrl('postgres://desk@db.example.com/')).toThrow(/must name one database/);
    expect(() => parseTeamUrl('postgres://desk@db.example.com/team?options=-c%20role%3Dx')).toThrow(/parameter TitleDesk does not use: options/);
    expect(() => parseTeamUrl('postgres://desk@db.example.com/team?sslmode=prefer')).toThrow(/sslmode=prefer/);
    expect(() => parseTeamUrl('not a url')).toThrow(CoreError);
  });

  it('keeps the password out of what it shows, and out of any later message', () => {
    const password = 'Tr0ub4dor&3-correct-horse';
    const parsed = parseTeamUrl(`postgres://desk:${encodeURIComponent(password)}@db.example.com:5433/team`);
    expect(parsed.password).toBe(password);
    expect(parsed.describe).toBe('postgres://desk@db.example.com:5433/team (TLS verify-full)');
    expect(redactKnownSecrets(`connecting with ${password} failed`)).not.toContain(password);
    expect(new CoreError('network', `login ${password} refused`).message).not.toContain(password);
  });
});
