import { purchaseStateSchema, type HistoryQuery } from '../../../shared/purchase/purchase.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { historyText } from '../output/history-output.ts';
import { purchaseJson } from '../output/purchase-output.ts';
import { parseAddressArg, parseUprnArg } from './resource-args.ts';

/** --address KEY or --uprn N: the purchases from that catalog only (at most one of them, and not with --title). */
function resourceFilter(values: Readonly<Record<string, unknown>>): Pick<HistoryQuery, 'resource'> {
  const { address, uprn, title } = values;
  if ([address, uprn, title].filter((value) => value !== undefined).length > 1) throw new UsageError('give at most one of --title T, --address KEY or --uprn N');
  if (typeof address === 'string') return { resource: parseAddressArg(address) };
  return typeof uprn === 'string' ? { resource: parseUprnArg(uprn) } : {};
}

const spec: CommandSpec<HistoryQuery> = {
  name: 'history',
  usage: `Usage: titledesk history [--title T | --address KEY | --uprn N] [--status S] [--search TEXT] [--limit N] [--json]

Lists purchases from the journal, newest first: all, or those bought from one title's, postal
address's or UPRN's catalog. S is one of: submitting, pending, available, failed, outcome_unknown,
cancelled, not_sent, waiting_for_sign_in.`,
  options: { title: { type: 'string' }, address: { type: 'string' }, uprn: { type: 'string' }, status: { type: 'string' }, search: { type: 'string' }, limit: { type: 'string' } },
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    const status = values['status'] === undefined ? undefined : purchaseStateSchema.safeParse(values['status']);
    if (status !== undefined && !status.success) throw new UsageError(`--status must be one of ${purchaseStateSchema.options.join(', ')}`);
    const limit = values['limit'];
    if (limit !== undefined && (typeof limit !== 'string' || !/^[0-9]{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000)) {
      throw new UsageError('--limit must be a whole number from 1 to 1000');
    }
    return {
      ...resourceFilter(values),
      ...(typeof values['title'] === 'string' ? { titleNumber: values['title'].trim().toUpperCase() } : {}),
      ...(status === undefined ? {} : { status: status.data }),
      ...(typeof values['search'] === 'string' ? { text: values['search'] } : {}),
      ...(typeof limit === 'string' ? { limit: Number(limit) } : {}),
    };
  },
  async run(context, query, flags) {
    // --json gives each purchase whole, in the shape purchase and check print (without the
    // result collection, which check gives); the table needs only what History's rows show.
    const environments = context.started.core.environments.list();
    if (flags.json) printJson({ purchases: context.started.core.purchases.list(query).map((record) => purchaseJson(record, undefined, environments)) });
    else process.stdout.write(historyText(context.started.core.purchases.summaries(query), environments));
    return Promise.resolve(0);
  },
};

export function runHistoryCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
