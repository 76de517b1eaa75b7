import { describeResource, resourceOfPurchase, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { titleNumberHint } from '../../../shared/property/title-number.ts';
import { variableIdentity, withServiceBase } from '../../../shared/catalog/iri.ts';
import { maxMinWaitSeconds, minWaitSecondsSchema, purchaseAddressSchema } from '../../../shared/purchase/purchase.ts';
import { purchaseEnvironment } from '../../core/env/purchase-environment.ts';
import { CoreError } from '../../core/errors.ts';
import { guardedCreate } from '../../core/spending/guarded-purchase.ts';
import { runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { purchaseStateWords } from '../../../shared/purchase/purchase-words.ts';
import { newLocalId } from '../../core/purchases/submission/local-id.ts';
import type { CliContext } from '../cli-context.ts';
import { followUntilSettled, sayRateLimitWaits } from '../output/progress-line.ts';
import { awaitTeamCopy } from '../team-copy-wait.ts';
import { environmentLabel, exitCodeForRecord, printPurchase } from '../output/purchase-output.ts';
import { addressKeyWords, parseResourceArgs, resourceOptions, resourceUsage } from './resource-args.ts';

interface PurchaseInput {
  readonly resource: CatalogResource;
  readonly variables: string[];
  readonly fireAndForget: boolean;
  readonly minWaitSeconds: number | undefined;
  readonly address: string | undefined;
  readonly confirmed: boolean;
  readonly buyAgain: boolean;
}

/** The same schema core applies to purchase options, so the CLI never sends what core would refuse. */
function parseMinWait(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const parsed = minWaitSecondsSchema.safeParse(/^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN);
  if (!parsed.success) {
    const near = Number.isFinite(Number(text)) && text !== '' ? Math.min(maxMinWaitSeconds, Math.max(0, Math.trunc(Number(text)))) : 5;
    throw new UsageError(`--min-wait takes whole seconds from 0 to ${String(maxMinWaitSeconds)}; ${JSON.stringify(text)} is not one (for example --min-wait ${String(near)})`);
  }
  return parsed.data;
}

/** The same schema the app's requests go through: one line, kept on the record, never sent. */
function parseAddressLine(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const parsed = purchaseAddressSchema.safeParse(typeof value === 'string' ? value : '');
  if (!parsed.success) throw new UsageError(`--address-line ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data;
}

/**
 * --address names the address's catalog (its key). Given with --title, it is the older spelling of
 * --address-line: say so rather than refuse it as two resources.
 */
function refuseAddressAsLine(values: Readonly<Record<string, unknown>>): void {
  if (values['title'] === undefined || values['address'] === undefined) return;
  throw new UsageError(`--address names a postal address's catalog to buy from (${addressKeyWords}); to note the address a title belongs to, use --address-line TEXT`);
}

/** The purchase this process is making, once it has a local id: what a Ctrl+C reports. */
let inProgress: string | undefined;

/** After SIGINT or SIGTERM: where the purchase stands and how to follow it; nothing journaled is lost. */
function stopNote(context: CliContext): string {
  const record = inProgress === undefined ? undefined : context.started.core.purchases.get(inProgress);
  if (record === undefined) return 'nothing was sent.';
  const id = record.purchaseId === undefined ? '' : ` (purchase ID ${record.purchaseId})`;
  const resource = resourceOfPurchase(record);
  return `the purchase ${record.id}${id} of ${resource === undefined ? 'its title' : describeResource(resource)} is ${purchaseStateWords[record.state].toLowerCase()}; it is kept in the journal: follow it with titledesk check ${record.id}`;
}

/** How the catalog command names a resource, to list what it sells. */
function catalogCommand(resource: CatalogResource): string {
  const option = resource.kind === 'title' ? '--title' : resource.kind === 'address' ? '--address' : '--uprn';
  return `titledesk catalog ${option} ${resource.key}`;
}

/**
 * Each variable as the catalog names it: matched by identity, so either form of identifier finds
 * it, and the catalog's own is what is sent. One the catalog does not list is refused before
 * anything is journaled or sent (the service would answer 422). Without a catalog (a resource
 * the service may still know) the service decides, as the app's buy bar lets it.
 */
async function catalogIdentifiers(context: CliContext, resource: CatalogResource, variables: readonly string[]): Promise<string[]> {
  let listed: Map<string, string>;
  try {
    const catalog = await context.started.core.environments.session(context.environment.id).catalog.catalogOf(resource);
    listed = new Map(catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((variable) => [variableIdentity(variable.iri), variable.iri] as const))));
  } catch {
    return [...variables];
  }
  const unknown = variables.filter((variable) => !listed.has(variableIdentity(variable)));
  if (unknown.length === 0) return [...new Set(variables.map((variable) => listed.get(variableIdentity(variable)) ?? variable))];
  throw new UsageError(`--var ${unknown.map((variable) => JSON.stringify(variable)).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the catalog of ${resource.kind === 'title' ? resource.key : describeResource(resource)} on ${context.environment.name}; nothing was sent (${catalogCommand(resource)} lists what it sells)`);
}

const spec: CommandSpec<PurchaseInput> = {
  name: 'purchase',
  usage: `Usage: titledesk purchase ${resourceUsage} --var IRI [--var IRI …] [--fire-and-forget] [--min-wait S] [--address-line TEXT] [--json]

Buys variables from the catalog of a title, of a postal address (--address, its property address
key such as 8e05p·0) or of a spatial address (--uprn) and follows the purchase until its values arrive.
  --fire-and-forget   return right after the service accepts it (Prefer: wait=0); check it later
  --min-wait S        ask the service to keep answering 202 for S seconds (test titles only)
  --address-line TEXT note the address the purchase is about (shown in the history)
  --confirm           the second confirmation the app asks for above its confirmation amount
  --buy-again         buy variables again even when they were bought within the reuse window
The app's budgets, confirmation amount and reuse window apply on its data folder, as in the app.
An IRI may start at /vars/ (or /variable/) to mean the service's own variables (useful with the
built-in sandbox); either form finds the variable, and the catalog's own identifier is sent.`,
  options: {
    ...resourceOptions,
    var: { type: 'string', multiple: true },
    'fire-and-forget': { type: 'boolean' },
    'min-wait': { type: 'string' },
    'address-line': { type: 'string' },
    confirm: { type: 'boolean' },
    'buy-again': { type: 'boolean' },
  },
  stopNote,
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    const variables = Array.isArray(values['var']) ? values['var'].filter((value): value is string => typeof value === 'string') : [];
    if (variables.length === 0) throw new UsageError('at least one --var IRI is required');
    refuseAddressAsLine(values);
    return {
      resource: parseResourceArgs(values),
      variables,
      fireAndForget: values['fire-and-forget'] === true,
      minWaitSeconds: parseMinWait(values['min-wait']),
      address: parseAddressLine(values['address-line']),
      confirmed: values['confirm'] === true,
      buyAgain: values['buy-again'] === true,
    };
  },
  async run(context, input, flags) {
    const { purchases, environments } = context.started.core;
    const options = { ...(input.fireAndForget ? { fireAndForget: true } : {}), ...(input.minWaitSeconds === undefined ? {} : { minWaitSeconds: input.minWaitSeconds }) };
    const given = input.variables.map((variable) => withServiceBase(context.environment.baseUrl, variable));
    const hint = input.resource.kind === 'title' ? titleNumberHint(input.resource.key) : undefined;
    if (hint !== undefined) process.stderr.write(`titledesk purchase: note: ${hint}\n`);
    // A one-shot command does not stay to resume a purchase waiting for sign-in: without usable
    // credentials it stops here, before anything is journaled or sent (exit code 3).
    await environments.session(context.environment.id).tokens.accessToken();
    const variables = await catalogIdentifiers(context, input.resource, given);
    // The same guarded path as the app's: reuse, the second confirmation and the budgets.
    const environment = purchaseEnvironment(environments, context.environment.id);
    const deps = { purchases, guard: context.started.core.spending, environment, session: environments.session(environment.id), reuseDays: environments.purchasing().reuseDays, now: Date.now };
    const startedAt = Date.now();
    inProgress = newLocalId();
    const choice = { confirmed: input.confirmed, buyAgain: input.buyAgain, localId: inProgress, ...(input.address === undefined ? {} : { address: input.address }) };
    const stopWaitLines = sayRateLimitWaits(purchases, inProgress, 'purchase');
    let record = await guardedCreate(deps, input.resource, variables, options, choice).catch((error: unknown) => {
      if (error instanceof CoreError && error.code === 'confirmation_required') throw new CoreError(error.code, error.message, { detail: '(--confirm is that second confirmation)' });
      throw error;
    }).finally(stopWaitLines);
    // Another desk of the team buys it: its purchase is reused here, once it ends.
    record = await awaitTeamCopy(purchases, record, 'purchase');
    if (record.createdAt < startedAt && record.imported !== true) process.stderr.write(`titledesk purchase: every variable was bought within the reuse window (${String(deps.reuseDays)} days): nothing was sent; this is that purchase (--buy-again to buy it again).\n`);
    if (record.state === 'pending' && record.autoCheck) {
      // The purchase ID as soon as the service gives it: a support call can start while the values come.
      process.stderr.write(`titledesk purchase: purchase ID ${record.purchaseId ?? '(none yet)'} of ${input.resource.kind === 'title' ? input.resource.key : describeResource(input.resource)} on ${environmentLabel(context.environment)}; following it (local id ${record.id})\n`);
      record = await followUntilSettled(purchases, record.id);
    }
    printPurchase(record, purchases.getResult(record.id), flags.json, 'purchase', {
      environmentName: environmentLabel(context.environment),
      estimate: record.state === 'pending' ? context.started.core.spending.ledger.estimateOf(record.id) : undefined,
      environments: environments.list(),
    });
    return exitCodeForRecord(record);
  },
};

export function runPurchaseCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
