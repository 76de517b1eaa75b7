import { describe, expect, it } from 'vitest';
import { propagationMs, screenMs, type DeskEvent } from '../../../../bench/lib/figures/team-delays.ts';

// Desk A made purchase p1 (clicked at 1000, pending at 2000, available at 5000); desk B saw its copy later.
const deskA: DeskEvent[] = [['p1', 'submitting', 1000, 1], ['p1', 'pending', 2000, 1], ['p1', 'available', 5000, 1]];
const deskB: DeskEvent[] = [['p1', 'submitting', 1300, 0], ['p1', 'pending', 2100, 0], ['p1', 'available', 5400, 0], ['p2', 'submitting', 1500, 1]];
const reports = [{ events: deskA }, { events: deskB }];

describe('team delays', () => {
  it('times a copy on another journal from the change on the desk that made it', () => {
    expect(propagationMs(reports, 'appearing')).toEqual([300]);
    expect(propagationMs(reports, 'answers')).toEqual([100, 400]);
  });

  it('times a row on screen from the click when it first shows, then each later state from its own change', () => {
    const rows: [string, string, number][] = [['p1', 'pending', 2600], ['p1', 'available', 5250.5]];
    expect(screenMs(reports, rows)).toEqual({ appearing: [1600], answers: [250.5] });
  });

  it('counts nothing for a row whose change no desk reported as its own', () => {
    expect(screenMs(reports, [['p9', 'submitting', 3000], ['p9', 'available', 4000]])).toEqual({ appearing: [], answers: [] });
  });
});
