// Settings → Team at the boundary: what the settings file and the team channels accept, the TLS a
// URL gets, and that a password can never ride in the setting.
import { describe, expect, it } from 'vitest';
import { requestChannels } from '../../../../shared/contract/channels.ts';
import { teamSettingSchema, teamTlsModeOf, teamUrlProblem, teamViewSchema } from '../../../../shared/team/team-setting.ts';
import { parseSettings } from '../../../../electron/core/settings/settings-store.ts';

describe('the team setting', () => {
  it('takes a URL without credentials, a login and an optional CA file', () => {
    const parsed = teamSettingSchema.parse({ databaseUrl: ' postgres://db.example.com:5432/team ', login: 'td_acme_front', caFile: '/etc/ssl/team-ca.pem' });
    expect(parsed).toEqual({ databaseUrl: 'postgres://db.example.com:5432/team', login: 'td_acme_front', caFile: '/etc/ssl/team-ca.pem' });
  });

  it.each([
    ['postgres://desk:Secr3t-pass@db.example.com/team', /login and password out of the URL/],
    ['postgres://desk@db.example.com/team', /login and password out of the URL/],
    ['https://db.example.com/team', /must start postgres/],
    ['postgres://db.example.com/', /one database/],
    ['postgres://db.example.com/team?sslrootcert=/ca.pem', /CA file below/],
    ['postgres://db.example.com/team?sslmode=prefer', /sslmode=prefer/],
    ['not a url', /Not a URL/],
  ])('refuses %s in words', (url, message) => {
    expect(teamUrlProblem(url)).toMatch(message);
    const result = teamSettingSchema.safeParse({ databaseUrl: url, login: 'desk' });
    expect(result.success).toBe(false);
    // The refusal never repeats a password typed into the URL.
    expect(JSON.stringify(result.error?.issues)).not.toContain('Secr3t-pass');
  });

  it('refuses a login with spaces and an empty one', () => {
    expect(teamSettingSchema.safeParse({ databaseUrl: 'postgres://h/db', login: 'front desk' }).success).toBe(false);
    expect(teamSettingSchema.safeParse({ databaseUrl: 'postgres://h/db', login: '  ' }).success).toBe(false);
  });

  it('uses verify-full away from this machine, none on loopback, and what sslmode says', () => {
    expect(teamTlsModeOf('postgres://db.example.com/team')).toBe('verify-full');
    expect(teamTlsModeOf('postgres://10.0.0.5:5432/team')).toBe('verify-full');
    expect(teamTlsModeOf('postgres://localhost/team')).toBe('disable');
    expect(teamTlsModeOf('postgres://127.0.0.1:6543/team')).toBe('disable');
    expect(teamTlsModeOf('postgres://[::1]:5432/team')).toBe('disable');
    expect(teamTlsModeOf('postgres://db.example.com/team?sslmode=require')).toBe('require');
  });
});

describe('the team channels', () => {
  it('refuse a password inside the setting, and unknown keys', () => {
    const save = requestChannels['team:save'].request;
    expect(save.safeParse({ setting: { databaseUrl: 'postgres://h/db', login: 'desk', password: 'x' } }).success).toBe(false);
    expect(save.safeParse({ setting: { databaseUrl: 'postgres://h/db', login: 'desk' }, password: 'Secr3t-pass', extra: 1 }).success).toBe(false);
    expect(save.safeParse({ setting: { databaseUrl: 'postgres://h/db', login: 'desk' }, password: 'Secr3t-pass' }).success).toBe(true);
    expect(requestChannels['team:test'].request.safeParse(undefined).success).toBe(true);
  });

  it('answer a view that can hold no password', () => {
    const view = teamViewSchema.parse({ setting: { databaseUrl: 'postgres://h/db', login: 'desk' }, password: 'saved', passwordKeptIn: 'os-keychain', secret: 'Secr3t-pass' });
    expect(JSON.stringify(view)).not.toContain('Secr3t-pass');
  });
});

describe('the settings file', () => {
  it('keeps a valid team setting and drops an invalid one with a note', () => {
    const kept = parseSettings({ environments: [], team: { databaseUrl: 'postgres://db.example.com/team', login: 'desk' } });
    expect(kept.settings.team).toEqual({ databaseUrl: 'postgres://db.example.com/team', login: 'desk' });
    expect(kept.problem).toBeUndefined();
    const dropped = parseSettings({ environments: [], team: { databaseUrl: 'postgres://desk:pw@db/team', login: 'desk' } });
    expect(dropped.settings.team).toBeUndefined();
    expect(dropped.problem).toMatch(/team was invalid/);
  });
});
