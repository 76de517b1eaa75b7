import { randomUUID } from 'node:crypto';
import type { BatchFrom, BatchItem, BatchItemState, BatchSpec, BatchSummary, BatchTenure } from '../../../shared/purchase/batch.ts';
import { batchItemStates } from '../../../shared/purchase/batch.ts';
import type { Money } from '../../../shared/purchase/purchase.ts';
import type { EnvironmentSession } from '../env/environment-session.ts';
import { CoreError } from '../errors.ts';
import type { PurchaseEnvironment, PurchaseService } from '../purchases/purchase-service.ts';
import { sumMoney } from '../spending/money.ts';
import type { SpendingGuard } from '../spending/spending-guard.ts';
import { batchDocument, batchSpent, type BatchDocument } from './batch-output.ts';
import { planBatch } from './batch-planner.ts';
import { BatchRun } from './batch-runner.ts';
import { BatchStore, type BatchRow } from './batch-store.ts';
import { parseBatchCsv } from './csv-input.ts';

export interface BatchServiceOptions {
  readonly journalPath: string;
  readonly purchases: PurchaseService;
  readonly guard: SpendingGuard;
  readonly sessionOf: (environmentId: string) => EnvironmentSession;
  readonly environmentOf: (environmentId: string) => PurchaseEnvironment;
  readonly now?: () => number;
}

export interface BatchRequest {
  readonly environmentId: string;
  readonly source: string;
  readonly csv: string;
  readonly variables: readonly string[];
  readonly tenure: BatchTenure;
  /** Which catalog each address row buys from (titles when absent). */
  readonly from?: BatchFrom;
  readonly reuseDays: number;
  readonly concurrency: number;
  readonly budget?: Readonly<Record<string, number>>;
}

export interface BatchPlan {
  readonly spec: BatchSpec;
  readonly items: BatchItem[];
}

/**
 * Batches of purchases from a file: plan (preview), journal, run, pause, resume, cancel and
 * export. One engine for the app (through the contract) and the CLI (directly).
 */
export class BatchService {
  readonly #options: BatchServiceOptions;
  readonly #store: BatchStore;
  readonly #now: () => number;
  readonly #runs = new Map<string, { run: BatchRun; done: Promise<void> }>();
  readonly #listeners = new Set<(batchId: string) => void>();

  constructor(options: BatchServiceOptions) {
    this.#options = options;
    this.#store = new BatchStore(options.journalPath);
    this.#now = options.now ?? Date.now;
  }

  onChange(listener: (batchId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The preview: nothing is journaled or bought. */
  async plan(request: BatchRequest): Promise<BatchPlan> {
    const input = await parseBatchCsv(request.csv);
    const session = this.#options.sessionOf(request.environmentId);
    const items = await planBatch(session, this.#options.guard.ledger, input, {
      variables: request.variables,
      tenure: request.tenure,
      ...(request.from === undefined ? {} : { from: request.from }),
      reuseDays: request.reuseDays,
      now: this.#now(),
    });
    const spec: BatchSpec = {
      environmentId: request.environmentId,
      source: request.source,
      columns: [...input.columns],
      variables: [...request.variables],
      tenure: request.tenure,
      ...(request.from === undefined ? {} : { from: request.from }),
      reuseDays: request.reuseDays,
      concurrency: request.concurrency,
      budget: { ...request.budget },
    };
    return { spec, items };
  }

  /** Journals a planned batch as a draft; it is bought only when started. */
  create(plan: BatchPlan): BatchSummary {
    const now = this.#now();
    const id = randomUUID();
    this.#store.create({ id, state: 'draft', stoppedBy: null, createdAt: now, updatedAt: now, spec: plan.spec }, plan.items);
    return this.summary(id);
  }

  /** Starts (or resumes) a batch in the background; `run` resolves when it stops for any reason. */
  start(id: string, changes: { budget?: Readonly<Record<string, number>> } = {}): Promise<void> {
    const existing = this.#runs.get(id);
    if (existing !== undefined) return existing.done;
    const batch = this.#require(id);
    if (batch.state === 'done' || batch.state === 'cancelled') return Promise.resolve();
    const spec = changes.budget === undefined ? batch.spec : { ...batch.spec, budget: { ...changes.budget } };
    if (spec !== batch.spec) this.#store.setSpec(id, spec, this.#now());
    const run = new BatchRun(
      {
        store: this.#store,
        purchases: this.#options.purchases,
        guard: this.#options.guard,
        environmentOf: this.#options.environmentOf,
        now: this.#now,
        changed: (batchId) => {
          this.#announce(batchId);
        },
      },
      { ...batch, spec },
    );
    const done = run.run().finally(() => this.#runs.delete(id));
    // A host that does not wait for the run (the app) must not see an unhandled rejection.
    done.catch(() => undefined);
    this.#runs.set(id, { run, done });
    return done;
  }

  pause(id: string): BatchSummary {
    this.#require(id);
    this.#runs.get(id)?.run.halt('pause');
    return this.summary(id);
  }

  cancel(id: string): BatchSummary {
    const batch = this.#require(id);
    const running = this.#runs.get(id);
    if (running !== undefined) running.run.halt('cancel');
    else if (batch.state !== 'done' && batch.state !== 'cancelled') {
      for (const item of this.#store.itemsInStates(id, ['queued'])) this.#store.saveItem(id, { ...item, state: 'cancelled', reason: 'The batch was cancelled before this line was bought.' });
      this.#store.setState(id, 'cancelled', null, this.#now());
      this.#announce(id);
    }
    return this.summary(id);
  }

  /** After a start: batches that were running when TitleDesk stopped continue where they were. */
  resumeRunning(): string[] {
    const running = this.#store.list({ unfinished: true, limit: 1000 }).filter((batch) => batch.state === 'running');
    for (const batch of running) void this.start(batch.id);
    return running.map((batch) => batch.id);
  }

  /** The newest batch that can still run (not a draft, not done, not cancelled). */
  latestUnfinished(): BatchRow | undefined {
    return this.#store.list({ unfinished: true }).find((batch) => batch.state !== 'draft');
  }

  get(id: string): BatchRow | undefined {
    return this.#store.get(id);
  }

  list(): BatchSummary[] {
    return this.#store.list().map((batch) => this.summary(batch.id));
  }

  items(id: string, range: { offset?: number; limit?: number } = {}): BatchItem[] {
    this.#require(id);
    return this.#store.items(id, range);
  }

  summary(id: string): BatchSummary {
    const batch = this.#require(id);
    const items = this.#store.items(id);
    const counts = Object.fromEntries(batchItemStates.map((state) => [state, 0])) as Record<BatchItemState, number>;
    for (const item of items) counts[item.state] += 1;
    const queued = items.filter((item) => item.state === 'queued');
    return {
      id,
      createdAt: batch.createdAt,
      updatedAt: batch.updatedAt,
      state: batch.state,
      stoppedBy: batch.stoppedBy,
      spec: batch.spec,
      itemCount: items.length,
      counts,
      toSpend: sumMoney(...queued.map((item) => item.cost)),
      spent: batchSpent(items),
      budgetAllows: this.budgetAllows(batch.spec, queued, batchSpent(items)),
      etaMs: this.#eta(id, queued.length + counts.sending + counts.pending),
      waiting: this.#runs.get(id)?.run.waiting ?? null,
    };
  }

  /** How many of the queued lines, in order, fit the budgets now; null when all do. */
  budgetAllows(spec: BatchSpec, queued: readonly BatchItem[], batchSpent: readonly Money[] = []): number | null {
    const guard = this.#options.guard;
    const settings = guard.settingsOf(spec.environmentId);
    const hasBudget = [settings.daily, settings.monthly, spec.budget].some((budget) => Object.keys(budget).length > 0);
    if (!hasBudget) return null;
    let planned: Money[] = [];
    for (const [index, item] of queued.entries()) {
      const cost = sumMoney(planned, item.cost);
      if (guard.breach(spec.environmentId, cost, { budget: spec.budget, spent: batchSpent }) !== undefined) return index;
      planned = cost;
    }
    return null;
  }

  #eta(id: string, remaining: number): number | null {
    const run = this.#runs.get(id)?.run;
    if (run === undefined || run.progress.settled === 0) return null;
    return Math.round(((this.#now() - run.progress.startedAt) / run.progress.settled) * remaining);
  }

  /** The batch as the CLI's --json document (and the JSON export). */
  document(id: string): BatchDocument {
    const batch = this.#require(id);
    const items = this.#store.items(id);
    return batchDocument(id, batch.stoppedBy, items, batchSpent(items));
  }

  /** Stops starting lines; running batches stay running in the journal and continue at the next start. */
  halt(): void {
    for (const { run } of this.#runs.values()) run.halt('shutdown');
  }

  /** After the purchase service has closed (which releases every line waiting on a purchase). */
  async close(): Promise<void> {
    this.halt();
    await Promise.allSettled([...this.#runs.values()].map((entry) => entry.done));
    this.#store.close();
  }

  #announce(batchId: string): void {
    for (const listener of this.#listeners) {
      try {
        listener(batchId);
      } catch {
        // A listener (a closed window) must not stop a batch.
      }
    }
  }

  #require(id: string): BatchRow {
    const batch = this.#store.get(id);
    if (batch === undefined) throw new CoreError('not_found', 'No such batch.');
    return batch;
  }
}
