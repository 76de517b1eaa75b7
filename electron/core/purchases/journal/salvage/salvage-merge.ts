import type { PurchaseDamage, PurchaseRecord, PurchaseState } from '../../../../../shared/purchase/purchase.ts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { damagedRecordMessage } from '../../../../../shared/purchase/purchase-damage.ts';
import { resourceColumnOf } from '../journal-rows.ts';

const localIdSchema = z.uuid();

/**
 * Salvage's one rule: no purchase comes back in an earlier state than any copy of it that can be
 * found (the damaged file's rows, indexes, old page texts and WAL, the backups, the rescue file),
 * since an earlier state is what invites a second charge. Copies are ranked by what they know: a
 * purchase ID beats none, settled beats unsettled, then the newest. Where the best whole copy is
 * not the last word (a fact found elsewhere is further on, or nothing confirms it is current),
 * the purchase is marked damaged: check before buying, with every fact found kept.
 */
export interface SalvagedRow {
  readonly id: string;
  readonly environment_id: string;
  readonly title_number: string | null;
  readonly purchase_id: string | null;
  readonly state: string;
  readonly created_at: number;
  readonly updated_at: number;
  readonly record: string;
  readonly result_body: string | null;
}

/** What a copy that is not a whole record says about a purchase. */
export interface RecordEvidence {
  readonly id: string;
  readonly purchaseId?: string | undefined;
  readonly resultUrl?: string | undefined;
  readonly state?: PurchaseState | undefined;
  readonly updatedAt?: number | undefined;
  readonly createdAt?: number | undefined;
  readonly environmentId?: string | undefined;
  readonly titleNumber?: string | undefined;
  /** Read from the damaged journal's current rows or indexes (not an old text, a backup or the rescue file). */
  readonly current?: boolean;
}

/**
 * The whole copies of one purchase worth keeping: the damaged journal's own row (its last word),
 * and the furthest of the others; one further behind could never overtake it, so at 100,000
 * purchases no more than two records each are held.
 */
interface WholeCopies {
  current?: PurchaseRecord;
  other?: PurchaseRecord;
}

export class SalvageFindings {
  readonly #whole = new Map<string, WholeCopies>();
  readonly #facts = new Map<string, RecordEvidence[]>();
  readonly #resultBodies = new Map<string, string>();
  readonly #variables = new Map<string, Set<string>>();

  addWhole(record: PurchaseRecord, current: boolean, resultBody: string | null = null): void {
    const copies = this.#whole.get(record.id) ?? {};
    if (current) copies.current = record;
    else if (copies.other === undefined || compare(record, copies.other) > 0) copies.other = record;
    this.#whole.set(record.id, copies);
    if (resultBody !== null) this.addResultBody(record.id, resultBody);
  }

  addFacts(facts: RecordEvidence): void {
    this.#facts.set(facts.id, [...(this.#facts.get(facts.id) ?? []), facts]);
  }

  /** A body read from a row outranks one found in the raw pages (`fromRow` false), never the reverse. */
  addResultBody(id: string, body: string, fromRow = true): void {
    // A body the damage reached no longer parses: another copy's is taken instead.
    if ((fromRow || !this.#resultBodies.has(id)) && parsesAsJson(body)) this.#resultBodies.set(id, body);
  }

  addVariable(id: string, variable: string): void {
    const known = this.#variables.get(id) ?? new Set<string>();
    known.add(variable);
    this.#variables.set(id, known);
  }

  /** One row per purchase found anywhere, and how many of them are marked damaged. */
  merge(): { rows: SalvagedRow[]; damaged: number } {
    const rows: SalvagedRow[] = [];
    let damaged = 0;
    const ids = new Set([...this.#whole.keys(), ...this.#facts.keys()]);
    for (const id of ids) {
      if (!isLocalId(id)) {
        const record = this.#underNewId(id, ids);
        if (record !== undefined) {
          damaged += 1;
          rows.push(rowOf(record, null));
        }
        continue;
      }
      const { current, other } = this.#whole.get(id) ?? {};
      const facts: RecordEvidence[] = [...(this.#facts.get(id) ?? []), ...(other === undefined ? [] : [other])];
      // The row SQLite still reads is the record as last written; an older copy only when nothing says it went further.
      const trusted = current ?? (other !== undefined && !overtaken(other, facts) && stageOf(other.state) > 0 ? other : undefined);
      const record = trusted ?? damagedRecord(id, other, facts, [...(this.#variables.get(id) ?? [])]);
      if (trusted === undefined) damaged += 1;
      rows.push(rowOf(record, this.#resultBodies.get(id) ?? null));
    }
    return { rows, damaged };
  }

  /**
   * A row whose id the damage reached (no record is valid under it) still says a purchase was
   * made, often with its purchase ID: unless a purchase under a sound id has that purchase ID, it
   * is shown damaged under a new local id rather than hidden.
   */
  #underNewId(id: string, ids: ReadonlySet<string>): PurchaseRecord | undefined {
    const facts = (this.#facts.get(id) ?? []).map(plausibleFacts);
    const purchaseId = firstOf(facts, 'purchaseId');
    if (purchaseId === undefined && firstOf(facts, 'resultUrl') === undefined && firstOf(facts, 'titleNumber') === undefined) return undefined;
    // The same purchase under its sound id: the same purchase ID, or the same title made at the same moment.
    const titleNumber = firstOf(facts, 'titleNumber');
    const createdAt = firstOf(facts, 'createdAt');
    const same = (copy: RecordEvidence | undefined): boolean => copy !== undefined &&
      ((purchaseId !== undefined && copy.purchaseId === purchaseId) || (titleNumber !== undefined && copy.titleNumber === titleNumber && copy.createdAt === createdAt));
    const claimed = [...ids].some((other) => isLocalId(other) &&
      (same(this.#whole.get(other)?.current) || same(this.#whole.get(other)?.other) || (this.#facts.get(other) ?? []).some(same)));
    if (claimed) return undefined;
    return damagedRecord(randomUUID(), undefined, facts, [...(this.#variables.get(id) ?? [])]);
  }
}

/** Printable text of a sane length: what an id, a title number or a purchase ID is, and noise is not. */
const plausibleText = /^[\x21-\x7e]{1,300}$/;
/** From 2000 to 2100: a time the damage did not make up. */
const plausibleTime = (time: number | undefined): boolean => time !== undefined && time >= 946_684_800_000 && time <= 4_102_444_800_000;

/** The facts of a row whose id the damage reached, without those it garbled too. */
function plausibleFacts(facts: RecordEvidence): RecordEvidence {
  const text = (value: string | undefined): string | undefined => (value !== undefined && plausibleText.test(value) ? value : undefined);
  return {
    id: facts.id,
    purchaseId: text(facts.purchaseId),
    resultUrl: text(facts.resultUrl),
    environmentId: text(facts.environmentId),
    titleNumber: text(facts.titleNumber),
    state: facts.state,
    createdAt: plausibleTime(facts.createdAt) ? facts.createdAt : undefined,
    updatedAt: plausibleTime(facts.updatedAt) ? facts.updatedAt : undefined,
  };
}

/** Whether `id` can be a record's local id (the record schema's rule). */
function isLocalId(id: string): boolean {
  return localIdSchema.safeParse(id).success;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const settledStates: readonly PurchaseState[] = ['available', 'failed', 'cancelled'];

/** 2 settled, 1 sent and followed or in doubt, 0 not yet sent as far as the copy knows. */
function stageOf(state: PurchaseState | undefined): number {
  if (state === undefined) return -1;
  if (settledStates.includes(state)) return 2;
  return state === 'pending' || state === 'outcome_unknown' ? 1 : 0;
}

function answered(facts: RecordEvidence): boolean {
  return facts.purchaseId !== undefined || facts.resultUrl !== undefined;
}

/** Which of two copies is further on: a purchase ID, then settled, then the newest. */
function compare(a: RecordEvidence, b: RecordEvidence): number {
  return Number(answered(a)) - Number(answered(b)) || stageOf(a.state) - stageOf(b.state) || (a.updatedAt ?? -1) - (b.updatedAt ?? -1);
}

/**
 * Whether a fact says the purchase went further than this copy: an answer it lacks, a later
 * stage, or (from the journal's current rows and indexes) another state.
 */
function overtaken(copy: PurchaseRecord, facts: readonly RecordEvidence[]): boolean {
  return facts.some((fact) => (answered(fact) && !answered(copy)) || stageOf(fact.state) > stageOf(copy.state) ||
    (fact.current === true && fact.state !== undefined && fact.state !== copy.state && (fact.updatedAt === undefined || fact.updatedAt > copy.updatedAt)));
}

function firstOf<K extends keyof RecordEvidence>(facts: readonly RecordEvidence[], key: K): RecordEvidence[K] | undefined {
  return facts.find((fact) => fact[key] !== undefined)?.[key];
}

/** Outcome unknown with every fact kept: never "not sent", and never bought again while an answer is known. */
function damagedRecord(id: string, base: PurchaseRecord | undefined, facts: readonly RecordEvidence[], variables: readonly string[]): PurchaseRecord {
  const ranked = [...facts].sort((a, b) => compare(b, a));
  const seenState = ranked.find((fact) => fact.state !== undefined)?.state;
  const purchaseId = firstOf(ranked, 'purchaseId');
  const resultUrl = firstOf(ranked, 'resultUrl');
  const damage: PurchaseDamage = {
    answered: purchaseId !== undefined || resultUrl !== undefined || seenState === 'available' || seenState === 'pending',
    ...(seenState === undefined ? {} : { seenState }),
  };
  const createdAt = base?.createdAt ?? firstOf(ranked, 'createdAt') ?? firstOf(ranked, 'updatedAt') ?? 0;
  const titleNumber = base?.titleNumber ?? firstOf(ranked, 'titleNumber');
  const record: PurchaseRecord = {
    ...(base ?? { id, environmentId: firstOf(ranked, 'environmentId') ?? 'unknown', variables: [...variables], options: {}, timeline: [], createdAt }),
    ...(titleNumber === undefined ? {} : { titleNumber }),
    ...(purchaseId === undefined ? {} : { purchaseId }),
    ...(resultUrl === undefined ? {} : { resultUrl }),
    state: 'outcome_unknown',
    autoCheck: false,
    updatedAt: Math.max(base?.updatedAt ?? 0, ...ranked.map((fact) => fact.updatedAt ?? 0), createdAt),
    damaged: damage,
  };
  return { ...record, error: { code: 'journal', message: damagedRecordMessage(record, damage) } };
}

function rowOf(record: PurchaseRecord, resultBody: string | null): SalvagedRow {
  return {
    id: record.id,
    environment_id: record.environmentId,
    title_number: resourceColumnOf(record),
    purchase_id: record.purchaseId ?? null,
    state: record.state,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    record: JSON.stringify(record),
    result_body: resultBody,
  };
}
