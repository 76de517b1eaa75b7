import { purchaseEnvironment } from '../../core/env/purchase-environment.ts';
import { dataDirHolder } from '../../core/app/data-dir-lock.ts';
import { CoreError } from '../../core/errors.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { CliContext } from '../cli-context.ts';
import { builtInSandboxNote, notFoundError, otherServiceError } from '../check-lookup.ts';
import { runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { followUntilSettled } from '../output/progress-line.ts';
import { environmentLabel, exitCodeForRecord, printPurchase } from '../output/purchase-output.ts';
import { untilAdvised, watchJournal } from '../shared-folder.ts';

/** Prints a purchase with what a support call needs: its environment, its catalog price while pending. */
function show(context: CliContext, record: PurchaseRecord, json: boolean): number {
  const { purchases, environments, spending } = context.started.core;
  printPurchase(record, purchases.getResult(record.id), json, 'check', {
    environmentName: environmentLabel(context.environment),
    estimate: record.state === 'pending' ? spending.ledger.estimateOf(record.id) : undefined,
    environments: environments.list(),
  });
  return exitCodeForRecord(record);
}

const spec: CommandSpec<{ reference: string; wait: boolean; keep: boolean }> = {
  name: 'check',
  usage: `Usage: titledesk check <purchase-id|result-url|local-id> [--wait] [--keep] [--json]

Asks the service for a purchase once, or with --wait follows it until its values arrive. A
purchase already in the journal is updated in place; one the service does not know (404) is not
saved unless --keep is given, and the journal's nearest purchase IDs are offered. A pending
purchase is shown with the time the service advised asking again. On a data folder a running
TitleDesk follows, a purchase it follows is read from its journal instead of being requested a
second time. The local id is the last column of \`titledesk history\`.`,
  options: { wait: { type: 'boolean' }, keep: { type: 'boolean' } },
  parse(values, positionals) {
    const [reference, extra] = positionals;
    if (reference === undefined || reference.trim() === '') throw new UsageError('a purchase id or result URL is required');
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
    // What cannot belong to a reference (quotes, brackets, a sentence's full stop) comes with copying it from a message.
    const cleaned = reference.trim().replace(/^[\s'"`\u2018\u2019\u201c\u201d<(]+|[\s'"`\u2018\u2019\u201c\u201d>).,;:]+$/gu, '');
    if (cleaned === '') throw new UsageError('a purchase id or result URL is required');
    return { reference: cleaned, wait: values['wait'] === true, keep: values['keep'] === true };
  },
  async run(context, input, flags) {
    const { purchases, environments } = context.started.core;
    const environment = purchaseEnvironment(environments, context.environment.id);
    // TitleDesk's own id (history's last column) names a journaled purchase: check it by its
    // result URL, or, when the service never gave one, report what the journal knows.
    const local = purchases.get(input.reference);
    if (local !== undefined) {
      const elsewhere = otherServiceError(context, local);
      if (elsewhere !== undefined) throw elsewhere;
    }
    if (local !== undefined && local.resultUrl === undefined) return show(context, local, flags.json);
    const note = local === undefined ? builtInSandboxNote(context) : undefined;
    if (note !== undefined) process.stderr.write(`titledesk check: ${note}\n`);
    const reference = local?.resultUrl ?? input.reference;
    const known = local ?? purchases.find(environment, reference);
    const holder = dataDirHolder(context.dataDir);
    let record;
    if (holder !== undefined && known?.state === 'pending' && known.autoCheck) {
      process.stderr.write(`The TitleDesk running on this data folder (process ${String(holder)}) follows this purchase; reading its journal.\n`);
      record = input.wait ? await watchJournal(purchases, known.id, (seen) => { process.stderr.write(`${seen.state}\n`); }) : known;
    } else {
      await untilAdvised(known);
      record = await purchases.check(environment, reference, { wait: false, keepNotFound: input.keep }).catch((error: unknown) => {
        throw error instanceof CoreError && error.code === 'not_found' && known === undefined ? notFoundError(context, input.reference) : error;
      });
      if (input.wait && record.state === 'pending') record = await followUntilSettled(purchases, purchases.recheck(record.id).id);
    }
    return show(context, record, flags.json);
  },
};

export function runCheckCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
