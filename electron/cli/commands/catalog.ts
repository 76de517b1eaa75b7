import { unreadableNote, type TitleCatalog } from '../../../shared/catalog.ts';
import { printJson, requireString, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';

function catalogText(catalog: TitleCatalog): string {
  const lines = [`Catalog of ${catalog.titleNumber}: ${catalog.variableCount} variables`];
  for (const group of catalog.groups) {
    lines.push(`${group.provider} / ${group.source}`);
    for (const scheme of group.schemes) {
      lines.push(`  ${scheme.schemePath.join(' / ')}`);
      for (const variable of scheme.variables) lines.push(`    ${variable.name}  £${variable.price.value.toFixed(2)}  ${variable.iri}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const spec: CommandSpec<{ title: string }> = {
  name: 'catalog',
  usage: 'Usage: titledesk catalog --title T [--json]\n\nLists the variables of a title that can be bought, with their prices.',
  options: { title: { type: 'string' } },
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    return { title: requireString(values['title'], '--title') };
  },
  async run(context, input, flags) {
    const catalog = await context.started.core.environments.session(context.environment.id).catalog.catalog(input.title);
    if (flags.json) printJson(catalog);
    else process.stdout.write(catalogText(catalog));
    // Said on stderr as well under --json, so a script's user sees it; the count is in the JSON.
    const note = unreadableNote(catalog);
    if (note !== undefined) process.stderr.write(`titledesk catalog: note: ${note}\n`);
    return 0;
  },
};

export function runCatalogCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
