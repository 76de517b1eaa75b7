import { z } from 'zod';
import { purchaseRecordSchema, type PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { TeamRecordInput } from '../team/team-store.ts';
import type { TeamPurchase } from '../team/team-rows.ts';

/** What a desk writes as a purchase's answers: its record as it keeps it, and a 200's result. */
const answersSchema = z.object({ record: purchaseRecordSchema, result: z.string().optional() });

/** The service took the POST (303, 202 or 200): from then on its cost stays spent. */
export function acceptedByService(record: PurchaseRecord): boolean {
  return record.resultUrl !== undefined || record.purchaseId !== undefined || record.state === 'pending' || record.state === 'available';
}

/**
 * Refused before the service took it: never sent, abandoned unsent, or a 4xx on its POST. A 5xx
 * or an answer TitleDesk could not read may have been charged, so its money is kept.
 */
const mayHaveBeenCharged = new Set(['server_error', 'service_unavailable', 'gateway_timeout', 'protocol', 'outcome_unknown', 'network', 'internal', 'journal']);
export function refusedBeforeAccepted(record: PurchaseRecord): 'failed' | 'cancelled' | undefined {
  if (acceptedByService(record)) return undefined;
  if (record.state === 'not_sent') return 'cancelled';
  if (record.state === 'cancelled' && record.sendingAt === undefined) return 'cancelled';
  if (record.state === 'failed' && record.sendingAt !== undefined && !mayHaveBeenCharged.has(record.error?.code ?? 'internal')) return 'failed';
  return undefined;
}

/** A desk's purchase as its team row keeps it: the state, the service's id and the answers. */
export function teamUpdateOf(record: PurchaseRecord, result: unknown): TeamRecordInput | undefined {
  if (record.team === undefined || record.state === 'submitting') return undefined;
  // Which process sent it and when it is next asked are this desk's own business.
  const kept = { ...record, sender: undefined, nextCheckAt: undefined };
  const body = record.state === 'available' && result !== undefined && result !== null ? JSON.stringify(result) : undefined;
  return {
    purchaseId: record.team.purchaseId,
    state: record.state,
    answers: { record: kept, ...(body === undefined ? {} : { result: body }) },
    servicePurchaseId: record.purchaseId,
    accepted: acceptedByService(record),
  };
}

const uuid = z.uuid();

/** Another desk's purchase as this desk's journal keeps it, with its result's body. */
export interface LocalCopy {
  readonly record: PurchaseRecord;
  readonly result: string | null;
}

/**
 * Another desk's purchase as this desk's journal keeps it: from the record that desk wrote, or,
 * before it wrote one, from the row itself. Undefined when it cannot be read (said by the caller).
 */
export function localCopyOf(row: TeamPurchase, environmentId: string | undefined): LocalCopy | undefined {
  const team = { purchaseId: row.id, desk: row.deskName };
  const answers = answersSchema.safeParse(row.answers);
  if (answers.success) {
    const { record } = answers.data;
    const copy = { ...record, environmentId: environmentId ?? record.environmentId, state: row.state, team, imported: true, autoCheck: false };
    return { record: copy, result: answers.data.result ?? null };
  }
  if (!uuid.safeParse(row.localId).success) return undefined;
  const resource = row.resourceKind === 'title' ? { titleNumber: row.resource } : { resource: { kind: row.resourceKind, key: row.resource } };
  const built = purchaseRecordSchema.safeParse({
    id: row.localId,
    environmentId: environmentId ?? 'team',
    ...resource,
    variables: row.variables,
    options: {},
    state: row.state,
    ...(row.servicePurchaseId === null ? {} : { purchaseId: row.servicePurchaseId }),
    team,
    imported: true,
    autoCheck: false,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    timeline: [],
  });
  return built.success ? { record: built.data, result: null } : undefined;
}
