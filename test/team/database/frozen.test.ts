// A team database that froze (a hung host: connections stay open, nothing answers): every call
// gives up after its time-out with words naming the database, a begin is outcome unknown (it may
// have committed), and once the server runs again the desk carries on and finds the begin by its
// local id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamBeginInput, TeamStore } from '../../../electron/core/team/team-store.ts';
import { TeamStore as Store } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { findPostgresBin, startThrowawayCluster, type RunningCluster } from '../support/pg-cluster.ts';
import { deskUrl, seedTeam, type SeededTeam } from '../support/team-fixture.ts';

const found = findPostgresBin();
const missing = 'missing' in found ? found.missing : '';
const lines = [{ variable: 'https://api.example/vars/WhenFresh/Property#Dwelling/Rooms', price: '1.0000' }];
const begin = (localId: string, resource: string): TeamBeginInput => ({ environment: 'live', localId, resourceKind: 'title', resource, lines, currency: 'GBP' });

describe.skipIf(missing !== '')(missing === '' ? 'a team database that froze' : `skipped: ${missing}`, () => {
  let cluster: RunningCluster;
  let team: SeededTeam;
  let desk: TeamStore;

  beforeAll(async () => {
    if ('missing' in found) return;
    cluster = await startThrowawayCluster(found.bin);
    team = await seedTeam(cluster.url, 'frozen', { alice: 'analyst' });
    desk = await Store.open(parseTeamUrl(deskUrl(cluster.url, team, 'alice')), { callTimeoutMs: 1_500 });
  });
  afterAll(async () => {
    cluster.thaw();
    await desk.close();
    cluster.stop();
  });

  it('gives up on a read and on a begin after the time-out, and finds the begin by its local id afterwards', async () => {
    expect((await desk.begin(begin('z-0', 'Z0'))).outcome).toBe('begun');
    cluster.freeze();
    try {
      await expect(desk.settings()).rejects.toMatchObject({ code: 'network', message: expect.stringContaining('stopped answering (no answer within 1.5 s)') as unknown });
      await expect(desk.begin(begin('z-1', 'Z1'))).rejects.toMatchObject({ code: 'outcome_unknown', message: expect.stringContaining('look its local id up before deciding') as unknown });
      await expect(Store.open(parseTeamUrl(deskUrl(cluster.url, team, 'alice')), { callTimeoutMs: 1_500 })).rejects.toMatchObject({ code: 'network' });
    } finally {
      cluster.thaw();
    }
    // The frozen begin may have committed meanwhile: the local id says which, and asking again never begins it twice.
    const again = await desk.begin(begin('z-1', 'Z1'));
    expect(['begun', 'existing']).toContain(again.outcome);
    expect((await desk.purchasesOf('Z1')).map((purchase) => purchase.localId)).toEqual(['z-1']);
  });
});
