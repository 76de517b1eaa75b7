import { describe, expect, it } from 'vitest';
import { teamShowText } from '../../../electron/cli/commands/team/team-show-text.ts';
import type { TeamAdminOverview } from '../../../shared/team/team-admin.ts';

const minute = 60_000;
const base = 'https://sandbox.invalid';
const ownerIri = `${base}/vars/HMLR/Register#Proprietorship/Owner/owner_name`;
const olderIri = `${base}/variable/Zoopla/Property Data/Market/estimated_value/provenance/model`;

function overview(waiting: TeamAdminOverview['waiting'], clock: TeamAdminOverview['clock']): TeamAdminOverview {
  return {
    desk: { name: 'helen', role: 'support' },
    team: { name: 'Acme', reuseWindowSeconds: 30 * 86_400, claimTimeoutSeconds: 900, timeZone: 'Europe/London' },
    limits: [],
    desks: [{ name: 'alice', role: 'analyst', active: true }, { name: 'helen', role: 'support', active: true }],
    waiting,
    clock,
  };
}

describe('titledesk team show as text', () => {
  const now = Date.UTC(2026, 11, 2, 10, 0);
  const waiting = { purchaseId: '7', desk: 'alice', resourceKind: 'title', resource: 'DN200', lastReportAt: now - 20 * minute, releasableAt: now - 5 * minute } as const;

  it('names each waiting purchase\'s variables by name, not by IRI', () => {
    const text = teamShowText(overview([{ ...waiting, variables: [ownerIri, olderIri, 'not an IRI'] }], { databaseNow: now, readAt: now }), [], '127.0.0.1:5432/team', now);
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.startsWith('  team purchase 7 by desk alice: title DN200, 3 variables;'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('    variables: owner_name, estimated_value, not an IRI');
    expect(text).not.toContain(base);
  });

  it('says "releasable now" by the database\'s clock, corrected by the time passed since it was read', () => {
    const item = { ...waiting, variables: [ownerIri], releasableAt: now + 5 * minute };
    const line = (clock: TeamAdminOverview['clock'], at: number): string | undefined => teamShowText(overview([item], clock), [], 'db', at).split('\n').find((text) => text.startsWith('  team purchase 7'));
    // This computer's clock is 10 minutes behind the database's: by the database it is releasable.
    expect(line({ databaseNow: now + 10 * minute, readAt: now }, now)).toMatch(/, releasable now$/);
    // 10 minutes ahead: not yet, though this computer's clock has passed the release time.
    expect(line({ databaseNow: now - 10 * minute, readAt: now + 6 * minute }, now + 6 * minute)).toMatch(/, releasable at \d\d:\d\d$/);
    // Read a minute ago from a database 4 minutes ahead: its clock reads the release time just now.
    expect(line({ databaseNow: now + 4 * minute, readAt: now }, now + minute)).toMatch(/, releasable now$/);
    expect(line({ databaseNow: now + 4 * minute, readAt: now }, now + minute - 1000)).toMatch(/, releasable at /);
  });
});
