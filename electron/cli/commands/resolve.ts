import { z } from 'zod';
import { runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { followUntilSettled } from '../output/progress-line.ts';
import { exitCodeForRecord, printPurchase } from '../output/purchase-output.ts';

const idSchema = z.uuid();

const spec: CommandSpec<{ id: string; action: 'buy-again' | 'abandon' }> = {
  name: 'resolve',
  usage: `Usage: titledesk resolve <id> --buy-again|--abandon [--json]

Decides about a purchase whose outcome is unknown (its request was sent and no answer came).
<id> is the purchase's local id, as "titledesk history" lists it.
  --buy-again   send it once more. If the service did accept the first request, you are charged
                twice for the same data.
  --abandon     stop it for good; nothing is sent. Also discards a purchase that was never sent.`,
  options: { 'buy-again': { type: 'boolean' }, abandon: { type: 'boolean' } },
  parse(values, positionals) {
    const [id, extra] = positionals;
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
    const parsed = idSchema.safeParse(id?.trim());
    if (!parsed.success) throw new UsageError('the local id of a purchase (a UUID, as history lists it) is required');
    const again = values['buy-again'] === true;
    const abandon = values['abandon'] === true;
    if (again === abandon) throw new UsageError('give exactly one of --buy-again and --abandon');
    return { id: parsed.data, action: again ? 'buy-again' : 'abandon' };
  },
  async run(context, input, flags) {
    const { purchases } = context.started.core;
    let record = await purchases.resolve(input.id, input.action);
    if (record.state === 'pending' && record.autoCheck) record = await followUntilSettled(purchases, record.id);
    printPurchase(record, purchases.getResult(record.id), flags.json, 'resolve');
    return record.state === 'cancelled' ? 0 : exitCodeForRecord(record);
  },
};

export function runResolveCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
