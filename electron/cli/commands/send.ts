import { z } from 'zod';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { followUntilSettled } from '../output/progress-line.ts';
import { exitCodeForRecord, printPurchase } from '../output/purchase-output.ts';
import { exitCodeForSendAll, printSendAll } from '../output/send-all-output.ts';

const idSchema = z.uuid();

const spec: CommandSpec<{ id: string } | { all: true }> = {
  name: 'send',
  usage: `Usage: titledesk send <id> | --all [--json]

Sends a purchase that was never sent (state not_sent: TitleDesk stopped, or could not connect,
before its request left), and follows it. --all sends every one of them, waits for the answer to
each request (not for the values: \`check\` follows each), and says how many the service took,
refused, left with an unknown outcome, or could not be sent.`,
  options: { all: { type: 'boolean' } },
  parse(values, positionals) {
    const [id, extra] = positionals;
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
    if (values['all'] === true) {
      if (id !== undefined) throw new UsageError('give an id or --all, not both');
      return { all: true };
    }
    const parsed = idSchema.safeParse(id?.trim());
    if (!parsed.success) throw new UsageError('the local id of a purchase (a UUID, as history lists it) or --all is required');
    return { id: parsed.data };
  },
  async run(context, input, flags) {
    const { purchases } = context.started.core;
    if ('all' in input) {
      const report = await purchases.sendAll();
      if (flags.json) printJson(report);
      else printSendAll(report);
      return exitCodeForSendAll(report, (id) => purchases.get(id));
    }
    let record = await purchases.send(input.id);
    if (record.state === 'pending' && record.autoCheck) record = await followUntilSettled(purchases, record.id);
    printPurchase(record, purchases.getResult(record.id), flags.json, 'send');
    return exitCodeForRecord(record);
  },
};

export function runSendCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
