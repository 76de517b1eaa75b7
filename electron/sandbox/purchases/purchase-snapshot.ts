import { appendFileSync, renameSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The sandbox's purchases on disk, so an embedded sandbox that restarts (with the app) still
 * answers for purchases made before: a purchase pending when the app was killed completes after
 * the restart, in demos as with the real service. Variables are stored by their key, which does
 * not depend on the port the sandbox happened to get.
 */
const storedPurchaseSchema = z.object({
  id: z.string(),
  principal: z.string(),
  titleNumber: z.string(),
  requested: z.array(z.object({ sent: z.string(), key: z.string() })),
  createdAt: z.number(),
  readyAt: z.number(),
  // Absent in files written before purchases were paced by sequence number.
  sequence: z.number().int().nonnegative().default(0),
  checkpoints: z.array(z.number()).default([]),
});
export type StoredPurchase = z.infer<typeof storedPurchaseSchema>;
const availableEntrySchema = z.tuple([z.string(), z.number()]);

export const purchaseSnapshotSchema = z.object({
  version: z.literal(1),
  purchases: z.array(storedPurchaseSchema),
  available: z.array(availableEntrySchema),
});
export type PurchaseSnapshot = z.infer<typeof purchaseSnapshotSchema>;

/**
 * What changed since the snapshot, one JSON line each, in the file beside it (`<path>.log`):
 * writing the whole snapshot at every purchase made creating one cost as much as all before it
 * (docs/decisions/008-flat-cost-per-purchase.md#the-sandbox-appends).
 */
const changeSchema = z.union([z.object({ purchase: storedPurchaseSchema }), z.object({ available: availableEntrySchema })]);
export type SnapshotChange = z.infer<typeof changeSchema>;

export function changeLogPath(path: string): string {
  return `${path}.log`;
}

/** One change, appended: a line a crash cuts short is skipped when read back. */
export function appendSnapshotChange(path: string, change: SnapshotChange): void {
  appendFileSync(changeLogPath(path), `${JSON.stringify(change)}\n`, { mode: 0o600 });
}

/** The snapshot with the logged changes applied (a later purchase of the same id replaces it). */
function withChanges(snapshot: PurchaseSnapshot, log: string): PurchaseSnapshot {
  const purchases = new Map(snapshot.purchases.map((purchase) => [purchase.id, purchase]));
  const available = new Map(snapshot.available);
  for (const line of log.split('\n')) {
    if (line.trim() === '') continue;
    let parsed: ReturnType<typeof changeSchema.safeParse>;
    try {
      parsed = changeSchema.safeParse(JSON.parse(line));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const change = parsed.data;
    if ('purchase' in change) purchases.set(change.purchase.id, change.purchase);
    else {
      const [key, at] = change.available;
      const known = available.get(key);
      if (known === undefined || at < known) available.set(key, at);
    }
  }
  return { version: 1, purchases: [...purchases.values()], available: [...available] };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function readSnapshotFile(path: string): PurchaseSnapshot | undefined {
  const text = readText(path);
  if (text === undefined) return undefined;
  try {
    const parsed = purchaseSnapshotSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The snapshot with the changes logged beside it; a log found is folded into the snapshot file
 * at once, so the log starts empty. A missing or unreadable file starts an empty sandbox: it is
 * demo data, never worth a crash.
 */
export function loadPurchaseSnapshot(path: string): PurchaseSnapshot | undefined {
  const snapshot = readSnapshotFile(path);
  const log = readText(changeLogPath(path));
  if (log === undefined) return snapshot;
  const folded = withChanges(snapshot ?? { version: 1, purchases: [], available: [] }, log);
  writePurchaseSnapshot(path, folded);
  return folded;
}

/** The whole snapshot, in place of the file and of the changes logged beside it. */
export function writePurchaseSnapshot(path: string, snapshot: PurchaseSnapshot): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(snapshot), { mode: 0o600 });
  renameSync(temporary, path);
  rmSync(changeLogPath(path), { force: true });
}
