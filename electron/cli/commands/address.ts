import type { AddressFindResult, AddressRetrieveResult } from '../../../shared/address.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';

type AddressInput = { readonly verb: 'find'; readonly text: string; readonly container: string | undefined } | { readonly verb: 'retrieve'; readonly id: string };

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
  return `${lines.join('\n')}\n`;
}

const spec: CommandSpec<AddressInput> = {
  name: 'address',
  usage: `Usage: titledesk address find <text> [--container ID] [--json]
       titledesk address retrieve <id> [--json]

find lists address suggestions (containers such as a street or a block can be listed with
--container); retrieve gives an address with its UDPRN, UMRRN, UPRN and registered titles.`,
  options: { container: { type: 'string' } },
  parse(values, positionals) {
    const [verb, argument, extra] = positionals;
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
    throw new UsageError('address takes find or retrieve');
  },
  async run(context, input, flags) {
    const address = context.started.core.environments.session(context.environment.id).address;
    if (input.verb === 'find') {
      const result = await address.find(input.text, input.container === undefined ? {} : { container: input.container });
      if (flags.json) printJson(result);
      else process.stdout.write(findText(result));
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
