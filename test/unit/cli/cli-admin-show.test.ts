import { describe, expect, it } from 'vitest';
import { teamShowText } from '../../../electron/cli/commands/team-show-text.ts';
import type { TeamAdminOverview } from '../../../shared/team/team-admin.ts';

const minute = 60_000;
const base = 'https://sandbox.invalid';
const ownerIri = `${base}/vars/HMLR/Register#Proprietorship/Owner/owner_name`;
const olderIri = `${base}/variable/Zoopla/Property Data/Market/estimated_value/provenance/model`;

function overview(waiting: TeamAdminOverview['waiting']): TeamAdminOverview {
  return {
    desk: { name: 'helen', role: 'support' },
    team: { name: 'Acme', reuseWindowSeconds: 30 * 86_400, claimTimeoutSeconds: 900, timeZone: 'Europe/London' },
    limits: [],
    desks: [{ name: 'alice', role: 'analyst', active: true }, { name: 'helen', role: 'support', active: true }],
    waiting,
  };
}

describe('titledesk team show as text', () => {
  const now = Date.UTC(2026, 11, 2, 10, 0);
  const waiting = { purchaseId: '7', desk: 'alice', resourceKind: 'title', resource: 'DN200', lastReportAt: now - 20 * minute, releasableAt: now - 5 * minute } as const;

  it('names each waiting purchase\'s variables by name, not by IRI', () => {
    const text = teamShowText(overview([{ ...waiting, variables: [ownerIri, olderIri, 'not an IRI'] }]), [], '127.0.0.1:5432/team', now);
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.startsWith('  team purchase 7 by desk alice: title DN200, 3 variables;'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('    variables: owner_name, estimated_value, not an IRI');
    expect(text).not.toContain(base);
  });
});
