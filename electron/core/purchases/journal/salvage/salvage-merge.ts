import type { PurchaseDamage, PurchaseRecord, PurchaseState } from '../../../../../shared/purchase.ts';
import { damagedRecordMessage } from '../../../../../shared/purchase-damage.ts';

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
    for (const id of new Set([...this.#whole.keys(), ...this.#facts.keys()])) {
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
    title_number: record.titleNumber ?? null,
    purchase_id: record.purchaseId ?? null,
    state: record.state,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    record: JSON.stringify(record),
    result_body: resultBody,
  };
}
