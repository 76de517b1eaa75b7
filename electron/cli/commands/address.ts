import type { AddressFindResult, AddressRetrieveResult } from '../../../shared/property/address.ts';
import { testProviderKey } from '../../core/onboarding/provider-key-test.ts';
import { defaultKeyTestText } from '../../core/router/onboarding-handlers.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import type { CliContext } from '../cli-context.ts';
import { exitCodeFor } from '../exit-codes.ts';
import { providerRefusalLines } from '../output/provider-error-text.ts';
import { stepsText, testExitCode } from '../output/test-output.ts';

type AddressInput =
  | { readonly verb: 'find'; readonly text: string; readonly container: string | undefined }
  | { readonly verb: 'retrieve'; readonly id: string }
  | { readonly verb: 'test-key'; readonly text: string; readonly retrieveId: string | undefined };

async function runKeyTest(context: CliContext, input: { text: string; retrieveId: string | undefined }, json: boolean): Promise<number> {
  const address = context.started.core.environments.session(context.environment.id).address;
  const retrieve = input.retrieveId === undefined ? {} : { retrieveId: input.retrieveId };
  const result = await testProviderKey({ environmentId: context.environment.id, address, text: input.text, ...retrieve });
  if (json) printJson(result);
  else if (result.refusal !== undefined) process.stdout.write(`${stepsText(result.steps)}${providerRefusalLines(result.refusal.code, result.refusal.provider).join('\n')}\n`);
  else process.stdout.write(`${stepsText(result.steps)}UMRRNs: ${result.umrrn}\n`);
  // A refusal exits as its error code would (3 for the key, 4 for credit, 5 for limits).
  return result.refusal === undefined ? testExitCode(result.steps) : exitCodeFor(result.refusal.code);
}

function findText(result: AddressFindResult): string {
  if (result.candidates.length === 0) return 'No addresses found.\n';
  const lines = result.candidates.map((candidate) => {
    const drill = candidate.isContainer ? '  (container: --container to list)' : '';
    return `${candidate.id}\t${candidate.text}, ${candidate.description}${drill}`;
  });
  return `${lines.join('\n')}\n`;
}

function retrieveText(result: AddressRetrieveResult): string {
  const lines = [...result.label];
  lines.push(`UDPRN: ${result.udprn ?? 'unavailable'}`, `UMRRN: ${result.umrrn ?? 'unavailable'}`);
  if (result.unavailableReason !== null) lines.push(`  ${result.unavailableReason}`);
  lines.push(`Address key: ${result.addressKey ?? 'none'}`, `UPRN: ${result.uprn ?? 'unknown'}`);
  for (const title of result.titles) lines.push(`Title: ${title.titleNumber} (${title.tenure})`);
  // The address sells from its own catalog and its UPRN's as well as its titles': say how to see them.
  const catalogs = [
    ...(result.addressKey === null ? [] : [`--address ${result.addressKey}`]),
    ...(result.uprn === null ? [] : [`--uprn ${result.uprn}`]),
  ];
  if (catalogs.length > 0) lines.push(`Its own catalogs: titledesk catalog ${catalogs.join(' | ')}`);
  return `${lines.join('\n')}\n`;
}

const spec: CommandSpec<AddressInput> = {
  name: 'address',
  usage: `Usage: titledesk address find <text> [--container ID] [--json]
       titledesk address retrieve <id> [--json]
       titledesk address test-key [--text T] [--retrieve ID] [--json]

find lists address suggestions (containers such as a street or a block can be listed with
--container); without an address provider key it takes a whole postcode and asks the service's
own postcode search (its ids start service-address:). retrieve gives an address with its UDPRN, UMRRN, UPRN and registered titles.
test-key makes one Find with the provider key (default text ${defaultKeyTestText}) and, when it
refuses, names the refusal (unknown key, out of credit, a limit, …) beside the provider's own
words; --retrieve ID also retrieves one address (a flat; it costs one credit) to tell whether the
account returns UMRRNs. A refusal exits 3 for the key, 4 for credit, 5 for a limit.`,
  options: { container: { type: 'string' }, text: { type: 'string' }, retrieve: { type: 'string' } },
  parse(values, positionals) {
    const [verb, argument, extra] = positionals;
    if (verb === 'test-key') {
      if (argument !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(argument)}`);
      const text = typeof values['text'] === 'string' && values['text'].trim() !== '' ? values['text'].trim().slice(0, 200) : defaultKeyTestText;
      const retrieveId = typeof values['retrieve'] === 'string' && values['retrieve'].trim() !== '' ? values['retrieve'].trim() : undefined;
      return { verb, text, retrieveId };
    }
    if (values['text'] !== undefined || values['retrieve'] !== undefined) throw new UsageError('--text and --retrieve go with test-key');
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
    if (argument === undefined || argument.trim() === '') throw new UsageError(`address ${verb ?? '<find|retrieve>'} needs an argument`);
    if (verb === 'find') {
      const container = typeof values['container'] === 'string' ? values['container'] : undefined;
      return { verb, text: argument.trim(), container };
    }
    if (verb === 'retrieve') {
      if (values['container'] !== undefined) throw new UsageError('--container goes with find');
      return { verb, id: argument.trim() };
    }
    throw new UsageError('address takes find, retrieve or test-key');
  },
  async run(context, input, flags) {
    if (input.verb === 'test-key') return runKeyTest(context, input, flags.json);
    const address = context.started.core.environments.session(context.environment.id).address;
    if (input.verb === 'find') {
      const result = await address.find(input.text, input.container === undefined ? {} : { container: input.container });
      if (flags.json) printJson(result);
      else process.stdout.write(findText(result));
      // Without the provider key: found by the service's postcode search, which says what it cannot do.
      if (result.note !== undefined) process.stderr.write(`titledesk address: note: ${result.note}\n`);
      return 0;
    }
    const result = await address.retrieve(input.id);
    if (flags.json) printJson(result);
    else process.stdout.write(retrieveText(result));
    return 0;
  },
};

export function runAddressCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
