import { purchaseEnvironment } from '../../core/app/purchase-environment.ts';
import { requireString, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { followUntilSettled } from '../progress-line.ts';
import { environmentLabel, exitCodeForRecord, printPurchase } from '../purchase-output.ts';

interface PurchaseInput {
  readonly title: string;
  readonly variables: string[];
  readonly fireAndForget: boolean;
  readonly minWaitSeconds: number | undefined;
}

const spec: CommandSpec<PurchaseInput> = {
  name: 'purchase',
  usage: `Usage: titledesk purchase --title T --var IRI [--var IRI …] [--fire-and-forget] [--min-wait S] [--json]

Buys the variables of a title and follows the purchase until its values arrive.
  --fire-and-forget   return right after the service accepts it (Prefer: wait=0); check it later
  --min-wait S        ask the service to keep answering 202 for S seconds (test titles only)
An IRI may start at /vars/ to mean the service's own variables (useful with the built-in sandbox).`,
  options: {
    title: { type: 'string' },
    var: { type: 'string', multiple: true },
    'fire-and-forget': { type: 'boolean' },
    'min-wait': { type: 'string' },
  },
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    const variables = Array.isArray(values['var']) ? values['var'].filter((value): value is string => typeof value === 'string') : [];
    if (variables.length === 0) throw new UsageError('at least one --var IRI is required');
    const minWait = values['min-wait'];
    if (minWait !== undefined && (typeof minWait !== 'string' || !/^[0-9]{1,5}$/.test(minWait))) {
      throw new UsageError('--min-wait must be a whole number of seconds');
    }
    return {
      title: requireString(values['title'], '--title'),
      variables,
      fireAndForget: values['fire-and-forget'] === true,
      minWaitSeconds: typeof minWait === 'string' ? Number(minWait) : undefined,
    };
  },
  async run(context, input, flags) {
    const { purchases, environments } = context.started.core;
    const options = { ...(input.fireAndForget ? { fireAndForget: true } : {}), ...(input.minWaitSeconds === undefined ? {} : { minWaitSeconds: input.minWaitSeconds }) };
    // A variable may be given from /vars/… on, which is what a script needs against the embedded
    // sandbox (its port changes every run); absolute IRIs are sent exactly as typed.
    const base = context.environment.baseUrl.replace(/\/$/, '');
    const variables = input.variables.map((variable) => (variable.startsWith('/vars/') ? `${base}${variable}` : variable));
    let record = await purchases.create(purchaseEnvironment(environments, context.environment.id), input.title, variables, options);
    if (record.state === 'pending' && record.autoCheck) record = await followUntilSettled(purchases, record.id);
    printPurchase(record, purchases.getResult(record.id), flags.json, 'purchase', environmentLabel(context.environment));
    return exitCodeForRecord(record);
  },
};

export function runPurchaseCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
