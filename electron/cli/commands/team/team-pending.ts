import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startCore } from '../../../core/app/start-core.ts';
import { MemorySecretStore } from '../../../core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../core/settings/settings-store.ts';
import { TeamStore } from '../../../core/team/team-store.ts';
import type { TeamConnection } from '../../../core/team/team-url.ts';

/**
 * This desk's answers not yet in the team database: its purchases the database has as unsettled
 * whose local record moved on (another state, or the service's id), as the desk's link would
 * write them again at its next start. Read without joining, so nothing is written or copied here;
 * 0 when the data folder has no journal (nothing was bought there).
 */
export async function pendingSync(connection: TeamConnection, dataDir: string): Promise<number> {
  if (!existsSync(join(dataDir, 'purchases.sqlite'))) return 0;
  const store = await TeamStore.open(connection, { maxConnections: 1, applicationName: 'titledesk team status' });
  try {
    const rows = await store.unsettledOwn();
    if (rows.length === 0) return 0;
    // The journal alone: no team setting, so this core does not join (and sync) by itself.
    const started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: false, resume: false });
    try {
      return rows.filter((row) => {
        const local = started.core.purchases.get(row.localId);
        // A copy (imported) is the database's own word, never an answer of this desk to write.
        return local?.team?.purchaseId === row.id && local.imported !== true && (local.state !== row.state || (local.purchaseId ?? null) !== row.servicePurchaseId);
      }).length;
    } finally {
      await started.close();
    }
  } finally {
    await store.close();
  }
}
