// Desks of one team on one sandbox: each its own PurchaseService (own data folder, own journal)
// joined to the team database by its own TeamDesk, as two analysts' machines would be.
import { CatalogClient } from '../../../electron/core/catalog/catalog-client.ts';
import type { PurchaseService, PurchaseServiceOptions } from '../../../electron/core/purchases/purchase-service.ts';
import { startTeamDesk, type TeamDesk } from '../../../electron/core/team-desk/index.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import type { Harness } from '../../integration/fixtures/purchase-harness.ts';
import { deskUrl, type SeededTeam } from './team-fixture.ts';

export interface Desk {
  readonly name: string;
  readonly dataDir: string;
  readonly purchases: PurchaseService;
  readonly team: TeamDesk;
  readonly logs: string[];
}

export interface DeskOptions {
  /** The purchase service's own options beside the data folder (its presence, slots, auto-send window). */
  readonly service?: Partial<PurchaseServiceOptions>;
  readonly unsentClaimMs?: number;
}

/** A desk of `team` on the harness's sandbox; `dataDir` to start again on an earlier desk's folder. */
export async function openTeamDesk(h: Harness, databaseUrl: string, team: SeededTeam, name: string, dataDir = h.newDataDir(), options: DeskOptions = {}): Promise<Desk> {
  const purchases = h.newService({ ...options.service, dataDir });
  const catalogs = new CatalogClient(h.env.client);
  const logs: string[] = [];
  const desk = await startTeamDesk({
    connection: parseTeamUrl(deskUrl(databaseUrl, team, name)),
    purchases,
    environments: { list: () => [{ id: h.env.id, baseUrl: h.sandbox.baseUrl }], catalogOf: (_id, resource) => catalogs.catalogOf(resource) },
    dataDir,
    log: (message) => logs.push(message),
    retryMs: 200,
    // The tests' desks are one process per desk: a begin never sent is given back at once.
    unsentClaimMs: options.unsentClaimMs ?? 0,
  });
  return { name, dataDir, purchases, team: desk, logs };
}

export async function until<T>(read: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
