// The running day and month of the team's budgets are the database's, not this computer's: a desk
// whose clock is hours off, so that it reads another day on the team's calendar, still shows the
// spend of the day the database counts in, in the core (Test connection) and in `titledesk team show`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { probeTeam } from '../../../electron/core/team-join/team-probe.ts';
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { titledeskSync } from '../support/team-cli.ts';
import { teamServerMissing, teamSkipReason } from '../support/team-db.ts';
import { startTeamSuite, type TeamSuite } from '../support/team-suite.ts';

const lines = [{ variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms/Bedrooms', price: '0.7500' }];
const clockOff = join(import.meta.dirname, '..', 'support', 'clock-off.ts');
const hour = 3_600_000;

function dateIn(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

/** The fewest whole hours (either way) a clock must be off to read another day than `today` in the zone. */
function hoursToAnotherDay(timeZone: string, today: string): number {
  for (let hours = 1; hours <= 24; hours += 1) {
    for (const offset of [hours * hour, -hours * hour]) if (dateIn(timeZone, Date.now() + offset) !== today) return offset;
  }
  throw new Error(`no offset within a day leaves ${today} in ${timeZone}`);
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : "the team budget's running day by the database's clock", () => {
  let suite: TeamSuite;
  let alice: TeamStore;
  let dataDir: string;
  const timeZone = 'Europe/London';

  beforeAll(async () => {
    suite = await startTeamSuite('budget-day', { alice: 'analyst' });
    const admin = await suite.open('admin');
    alice = await suite.open('alice');
    dataDir = mkdtempSync(join(tmpdir(), 'td-budget-day-'));
    await admin.setTeamSettings({ timeZone });
    await admin.setBudget('GBP', 'day', '100');
    await admin.setBudget('GBP', 'month', '1000');
    const begun = await alice.begin({ environment: 'live', localId: 'budget-day-1', resourceKind: 'title', resource: 'DN400', lines, currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error(`expected a begin, got ${begun.outcome}`);
  });
  afterAll(async () => {
    await suite.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The day the database counts in, and how far a clock must be off to read another. */
  async function skew(): Promise<{ readonly today: string; readonly month: string; readonly offset: number }> {
    const { today } = await alice.budgets();
    expect(today).toBe(dateIn(timeZone, Date.now()));
    return { today, month: `${today.slice(0, 8)}01`, offset: hoursToAnotherDay(timeZone, today) };
  }

  it("Test connection shows the database's day's spend when this computer's clock is hours off", async () => {
    const { today, month, offset } = await skew();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + offset });
    try {
      expect(dateIn(timeZone, Date.now())).not.toBe(today);
      const result = await probeTeam(() => parseTeamUrl(suite.deskUrl('alice')));
      if (!result.ok) throw new Error(`expected a connection: ${result.message}`);
      expect(result.budgets).toEqual([
        { currency: 'GBP', period: 'day', periodStart: today, limit: '100.0000', spent: '0.7500' },
        { currency: 'GBP', period: 'month', periodStart: month, limit: '1000.0000', spent: '0.7500' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("`titledesk team show` shows the database's day's spend when the desk's clock is hours off", async () => {
    const { today, month, offset } = await skew();
    const env = { TITLEDESK_DATA_DIR: dataDir, TITLEDESK_TEAM_DATABASE_URL: suite.deskUrl('alice'), NODE_OPTIONS: `--import=${clockOff}`, TITLEDESK_TEST_CLOCK_OFFSET_MS: String(offset) };
    const json = titledeskSync(['team', 'show', '--json'], env);
    expect([json.status, json.stderr]).toEqual([0, '']);
    expect((JSON.parse(json.stdout) as { limits: unknown }).limits).toEqual([
      { currency: 'GBP', period: 'day', periodStart: today, limit: '100.0000', spent: '0.7500' },
      { currency: 'GBP', period: 'month', periodStart: month, limit: '1000.0000', spent: '0.7500' },
    ]);
    expect(titledeskSync(['team', 'show'], env).stdout).toContain('Limits:   GBP day 100.0000 (0.7500 spent today); GBP month 1000.0000 (0.7500 spent this month)');
  });
});
