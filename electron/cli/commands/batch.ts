import type { BatchSummary } from '../../../shared/purchase/batch.ts';
import { withServiceBase } from '../../../shared/catalog/iri.ts';
import type { BatchPlan, BatchService } from '../../core/batch/batch-service.ts';
import { batchDocument } from '../../core/batch/batch-output.ts';
import { parseBatchArgs, type BatchBudgetFlag, type BatchInputArgs } from '../batch-args.ts';
import { batchResultText, commandLineDocument, exitCodeForDocument, heldLineText, previewText, progressLine, writeOutput } from '../output/batch-report.ts';
import { refuseMissingFolder } from '../output-file.ts';
import type { CliContext } from '../cli-context.ts';
import { printJson, runCommand, UsageError, type CommandSpec, type CommonFlags } from '../command-kit.ts';
import { exitCodes } from '../exit-codes.ts';

/**
 * A budget without a currency applies to every currency the batch spends; one in a currency the
 * batch does not spend is refused, since it would leave the batch with no cap at all.
 */
function budgetRecord(flag: BatchBudgetFlag, currencies: Iterable<string>): Record<string, number> {
  const all = [...new Set(currencies)];
  if (flag.currency !== undefined) {
    if (all.length > 0 && !all.includes(flag.currency)) {
      throw new UsageError(`--budget is in ${flag.currency}, but this batch spends ${all.join(' and ')}: give the amount in ${all.join(' or ')} (for example --budget ${String(flag.amount)}${all[0] ?? ''})`);
    }
    return { [flag.currency]: flag.amount };
  }
  return Object.fromEntries((all.length === 0 ? ['GBP'] : all).map((currency) => [currency, flag.amount]));
}

/**
 * Progress on stderr, at most one line a second, and a last one when the batch stops; before it,
 * once each, the lines another team purchase holds, naming its desk.
 */
function watch(batches: BatchService, id: string): () => void {
  let last = 0;
  const named = new Set<number>();
  const report = (): void => {
    for (const item of batches.items(id)) {
      const text = named.has(item.index) ? undefined : heldLineText(id, item);
      if (text === undefined) continue;
      named.add(item.index);
      process.stderr.write(`${text}\n`);
    }
    process.stderr.write(`${progressLine(batches.summary(id))}\n`);
  };
  // A change inside the second is reported at its end, so the last state before a quiet spell is said.
  let due: NodeJS.Timeout | undefined;
  const unsubscribe = batches.onChange((changed) => {
    if (changed !== id || due !== undefined) return;
    due = setTimeout(() => {
      due = undefined;
      last = Date.now();
      report();
    }, Math.max(0, last + 1000 - Date.now()));
  });
  return () => {
    unsubscribe();
    clearTimeout(due);
    report();
  };
}

async function runAndReport(context: CliContext, id: string, budget: Record<string, number> | undefined, input: BatchInputArgs, flags: CommonFlags): Promise<number> {
  const { batches } = context.started.core;
  const stop = watch(batches, id);
  try {
    await batches.start(id, budget === undefined ? {} : { budget });
  } finally {
    stop();
  }
  const summary: BatchSummary = batches.summary(id);
  const document = batches.document(id);
  if (input.out !== undefined) await writeOutput(input.out, summary.spec, batches.items(id), document);
  if (flags.json) printJson(commandLineDocument(document));
  else process.stdout.write(batchResultText(summary, batches.items(id)));
  return exitCodeForDocument(document);
}

async function runNew(context: CliContext, input: Extract<BatchInputArgs, { kind: 'new' }>, flags: CommonFlags): Promise<number> {
  const { batches, environments } = context.started.core;
  if (input.out !== undefined && !input.dryRun) refuseMissingFolder(input.out, 'nothing was sent');
  const base = context.environment.baseUrl.replace(/\/$/, '');
  // Like purchase: /vars/… (or /variable/…) means this service's variable, which is how scripts address the embedded sandbox.
  const variables = [...input.variables.map((iri) => withServiceBase(base, iri)), ...input.presetKeys.map((key) => `${base}/vars/${key}`)];
  const purchasing = environments.purchasing();
  const plan: BatchPlan = await batches.plan({
    environmentId: context.environment.id,
    source: input.source,
    csv: input.csv,
    variables,
    tenure: input.tenure,
    ...(input.from === 'titles' ? {} : { from: input.from }),
    reuseDays: input.reuseDays ?? purchasing.reuseDays,
    concurrency: input.concurrency ?? purchasing.batchConcurrency,
  });
  const budget = input.budget === undefined ? undefined : budgetRecord(input.budget, plan.items.flatMap((item) => item.cost.map((cost) => cost.currency)));
  const spec = budget === undefined ? plan.spec : { ...plan.spec, budget };
  if (input.dryRun) {
    const allows = batches.budgetAllows(spec, plan.items.filter((item) => item.state === 'queued'));
    const document = { ...batchDocument('', null, plan.items, []), batchId: null, budgetAllows: allows };
    if (flags.json) printJson(document);
    else process.stdout.write(previewText(plan.items, allows));
    return document.totals.refused > 0 ? exitCodes.rejected : exitCodes.ok;
  }
  const created = batches.create({ spec, items: plan.items });
  process.stderr.write(`batch ${created.id} journaled: ${String(created.itemCount)} lines; continue it with: titledesk batch --resume ${created.id}\n`);
  return runAndReport(context, created.id, undefined, input, flags);
}

async function runResume(context: CliContext, input: Extract<BatchInputArgs, { kind: 'resume' }>, flags: CommonFlags): Promise<number> {
  const { batches } = context.started.core;
  if (input.out !== undefined) refuseMissingFolder(input.out, 'nothing was sent');
  const batch = input.batchId === undefined ? batches.latestUnfinished() : batches.get(input.batchId);
  if (batch === undefined) throw new UsageError(input.batchId === undefined ? 'no unfinished batch in this data folder' : `no batch ${input.batchId} in this data folder`);
  const currencies = batches.items(batch.id).flatMap((item) => item.cost.map((cost) => cost.currency));
  const budget = input.budget === undefined ? undefined : budgetRecord(input.budget, currencies);
  process.stderr.write(`batch ${batch.id} resumed\n`);
  return runAndReport(context, batch.id, budget, input, flags);
}

const spec: CommandSpec<BatchInputArgs> = {
  name: 'batch',
  follow: true,
  usage: `Usage: titledesk batch <file.csv> (--var IRI … | --preset NAME) [--tenure all|freehold|leasehold]
                      [--from titles|address|uprn] [--budget AMOUNT] [--reuse-days N] [--concurrency N] [--out FILE] [--dry-run] [--json]
       titledesk batch --resume [<batch-id>] [--budget AMOUNT] [--out FILE] [--json]

Buys the same variables for every row of a CSV file. Columns (any case): title_number; or udprn
(and umrrn); or address (resolved with the address provider, ambiguous ones refused); or postcode
and building. Other columns are carried to the output.
  --tenure T        for address rows: all titles (default), freehold or leasehold only
  --from F          what address rows buy from: their titles (default), the address's own catalog
                    (address) or its UPRN's (uprn); title_number rows always buy from their title
  --budget AMOUNT   the most this batch may spend, e.g. 25 or 25GBP; it stops before the first row over it
  --reuse-days N    reuse variables bought within N days instead of buying again (default 30; 0 buys again)
  --concurrency N   purchases in flight at once (default 4)
  --out FILE        write the output rows to FILE (.csv, .xlsx or .json)
  --dry-run         print the preview and send nothing
  --resume [ID]     continue a batch (default: the newest unfinished one in the data folder)
Exit codes: 0 every row available or reused; 2 bad arguments or unreadable file; 4 some rows
refused; 5 some rows failed or have unknown outcomes; 6 the budget stopped the batch.`,
  options: {
    var: { type: 'string', multiple: true },
    preset: { type: 'string' },
    tenure: { type: 'string' },
    from: { type: 'string' },
    budget: { type: 'string' },
    'reuse-days': { type: 'string' },
    concurrency: { type: 'string' },
    out: { type: 'string' },
    'dry-run': { type: 'boolean' },
    resume: { type: 'boolean' },
  },
  parse: parseBatchArgs,
  run: (context, input, flags) => (input.kind === 'new' ? runNew(context, input, flags) : runResume(context, input, flags)),
};

export function runBatchCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
