// A suite's own team: a fresh database with a seeded team, the desks the suite opens as their own
// logins, and one close for all of them, so every suite sets up and tears down the same way.
import type { TeamStore } from '../../../electron/core/team/team-store.ts';
import { createTestDatabase, type TestDatabase } from './team-db.ts';
import { deskUrl, openDesk, seedTeam, type SeededTeam } from './team-fixture.ts';

export type DeskRoles = Readonly<Record<string, 'analyst' | 'support' | 'admin'>>;

export interface TeamSuite {
  readonly database: TestDatabase;
  readonly team: SeededTeam;
  /** Another team in the same database, as a second company sharing the server would be. */
  seed(label: string, desks: DeskRoles): Promise<SeededTeam>;
  /** The desk's own login URL, of the suite's team unless another is named. */
  deskUrl(name: string, seeded?: SeededTeam): string;
  /** The desk's TeamStore as its own login; `close` closes it. */
  open(name: string, seeded?: SeededTeam): Promise<TeamStore>;
  /** Closes every desk opened, then drops the database. */
  close(): Promise<void>;
}

/** A fresh database holding team `label` (a random suffix added) with `desks` beside its admin. */
export async function startTeamSuite(label: string, desks: DeskRoles): Promise<TeamSuite> {
  const database = await createTestDatabase();
  const team = await seedTeam(database.url, label, desks);
  const opened: TeamStore[] = [];
  return {
    database,
    team,
    seed: (otherLabel, otherDesks) => seedTeam(database.url, otherLabel, otherDesks),
    deskUrl: (name, seeded = team) => deskUrl(database.url, seeded, name),
    async open(name, seeded = team) {
      const store = await openDesk(database.url, seeded, name);
      opened.push(store);
      return store;
    },
    async close() {
      await Promise.all(opened.map((store) => store.close()));
      await database.drop();
    },
  };
}
