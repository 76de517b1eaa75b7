import { describeResource, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { unreadableNote, type ResourceCatalog } from '../../../shared/catalog/catalog.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { parseResourceArgs, resourceOptions, resourceUsage } from './resource-args.ts';

/** A title's catalog is headed by its number, as always; an address's or UPRN's says which it is. */
function heading(resource: CatalogResource): string {
  return resource.kind === 'title' ? resource.key : describeResource(resource);
}

function catalogText(catalog: ResourceCatalog): string {
  const lines = [`Catalog of ${heading(catalog.resource)}: ${catalog.variableCount} variables`];
  for (const group of catalog.groups) {
    lines.push(`${group.provider} / ${group.source}`);
    for (const scheme of group.schemes) {
      lines.push(`  ${scheme.schemePath.join(' / ')}`);
      for (const variable of scheme.variables) lines.push(`    ${variable.name}  £${variable.price.value.toFixed(2)}  ${variable.iri}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The JSON: a title's keeps its titleNumber (as before); every catalog names its resource. */
function catalogJson(catalog: ResourceCatalog): Record<string, unknown> {
  const { resource, ...rest } = catalog;
  return { ...(resource.kind === 'title' ? { titleNumber: resource.key } : {}), resource, ...rest };
}

const spec: CommandSpec<{ resource: CatalogResource }> = {
  name: 'catalog',
  usage: `Usage: titledesk catalog ${resourceUsage} [--json]

Lists the variables that can be bought, with their prices, from the catalog of a title, of a
postal address (its property address key, such as 8e05p·0) or of a spatial address (its UPRN).`,
  options: { ...resourceOptions },
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    return { resource: parseResourceArgs(values) };
  },
  async run(context, input, flags) {
    const catalog = await context.started.core.environments.session(context.environment.id).catalog.catalogOf(input.resource);
    if (flags.json) printJson(catalogJson(catalog));
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
