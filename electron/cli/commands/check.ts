import { purchaseEnvironment } from '../../core/app/purchase-environment.ts';
import { runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { followUntilSettled } from '../progress-line.ts';
import { environmentLabel, exitCodeForRecord, printPurchase } from '../purchase-output.ts';

const spec: CommandSpec<{ reference: string; wait: boolean }> = {
  name: 'check',
  usage: `Usage: titledesk check <purchase-id|result-url|local-id> [--wait] [--json]

Asks the service for a purchase once, or with --wait follows it until its values arrive.
The local id is the last column of \`titledesk history\`.`,
  options: { wait: { type: 'boolean' } },
  parse(values, positionals) {
    const [reference, extra] = positionals;
    if (reference === undefined || reference.trim() === '') throw new UsageError('a purchase id or result URL is required');
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
    return { reference: reference.trim(), wait: values['wait'] === true };
  },
  async run(context, input, flags) {
    const { purchases, environments } = context.started.core;
    const environment = purchaseEnvironment(environments, context.environment.id);
    // TitleDesk's own id (history's last column) names a journaled purchase: check it by its
    // result URL, or, when the service never gave one, report what the journal knows.
    const local = purchases.get(input.reference);
    if (local !== undefined && local.resultUrl === undefined) {
      printPurchase(local, purchases.getResult(local.id), flags.json, 'check', environmentLabel(context.environment));
      return exitCodeForRecord(local);
    }
    let record = await purchases.check(environment, local?.resultUrl ?? input.reference, { wait: false });
    if (input.wait && record.state === 'pending') record = await followUntilSettled(purchases, purchases.recheck(record.id).id);
    printPurchase(record, purchases.getResult(record.id), flags.json, 'check', environmentLabel(context.environment));
    return exitCodeForRecord(record);
  },
};

export function runCheckCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
