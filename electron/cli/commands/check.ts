import { purchaseEnvironment } from '../../core/app/purchase-environment.ts';
import { runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { followUntilSettled } from '../progress-line.ts';
import { exitCodeForRecord, printPurchase } from '../purchase-output.ts';

const spec: CommandSpec<{ reference: string; wait: boolean }> = {
  name: 'check',
  usage: `Usage: titledesk check <purchase-id|result-url> [--wait] [--json]

Asks the service for a purchase once, or with --wait follows it until its values arrive.`,
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
    let record = await purchases.check(environment, input.reference, { wait: false });
    if (input.wait && record.state === 'pending') record = await followUntilSettled(purchases, purchases.recheck(record.id).id);
    printPurchase(record, purchases.getResult(record.id), flags.json, 'check');
    return exitCodeForRecord(record);
  },
};

export function runCheckCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
