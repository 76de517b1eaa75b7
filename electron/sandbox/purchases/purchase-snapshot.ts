import { renameSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The sandbox's purchases on disk, so an embedded sandbox that restarts (with the app) still
 * answers for purchases made before: a purchase pending when the app was killed completes after
 * the restart, in demos as with the real service. Variables are stored by their key, which does
 * not depend on the port the sandbox happened to get.
 */
export const purchaseSnapshotSchema = z.object({
  version: z.literal(1),
  purchases: z.array(
    z.object({
      id: z.string(),
      principal: z.string(),
      titleNumber: z.string(),
      requested: z.array(z.object({ sent: z.string(), key: z.string() })),
      createdAt: z.number(),
      readyAt: z.number(),
      // Absent in files written before purchases were paced by sequence number.
      sequence: z.number().int().nonnegative().default(0),
      checkpoints: z.array(z.number()).default([]),
    }),
  ),
  available: z.array(z.tuple([z.string(), z.number()])),
});
export type PurchaseSnapshot = z.infer<typeof purchaseSnapshotSchema>;

/** A missing or unreadable file starts an empty sandbox: it is demo data, never worth a crash. */
export function readPurchaseSnapshot(path: string): PurchaseSnapshot | undefined {
  try {
    const parsed = purchaseSnapshotSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writePurchaseSnapshot(path: string, snapshot: PurchaseSnapshot): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(snapshot), { mode: 0o600 });
  renameSync(temporary, path);
}
