import { describeResource } from '../../../shared/catalog/catalog-resource.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { reportEnvironment } from '../../../shared/environment/report-environment.ts';
import { propertyReportRequestSchema, type PropertyReport, type PropertyReportRequest, type ReportRow } from '../../../shared/purchase/report.ts';
import { propertyReport } from '../../core/report/property-report.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { moneyText } from '../output/money-text.ts';
import { parseAddressArg, parseUprnArg } from './resource-args.ts';

function rowLines(rows: readonly ReportRow[], showOlder: boolean): string[] {
  const lines: string[] = [];
  for (const row of rows) {
    const values = showOlder ? [row.latest, ...row.older] : [row.latest];
    for (const [index, value] of values.entries()) {
      const when = new Date(value.boughtAt).toISOString().replace('T', ' ').slice(0, 16);
      const label = index === 0 ? row.name : '  earlier';
      lines.push(`  ${label}: ${value.value}  (${when}, ${moneyText(value.price)}, ${value.purchaseId ?? value.localId})`);
    }
  }
  return lines;
}

function reportText(report: PropertyReport, environment: Environment, showOlder: boolean): string {
  // Where the data came from first: a Sandbox or test report must never read as a real one.
  const lines: string[] = [reportEnvironment(environment, report.environmentId).pageLine];
  if (report.address !== undefined) lines.push(report.address);
  for (const title of report.titles) {
    lines.push(`Title ${title.titleNumber}${title.tenure === undefined ? '' : ` (${title.tenure})`}: ${title.rows.length} variables from ${title.purchaseCount} purchases`);
    lines.push(...rowLines(title.rows, showOlder));
  }
  for (const section of report.resources ?? []) {
    const name = describeResource(section.resource);
    lines.push(`${name.charAt(0).toUpperCase()}${name.slice(1)}: ${section.rows.length} variables from ${section.purchaseCount} purchases`);
    lines.push(...rowLines(section.rows, showOlder));
  }
  return `${lines.join('\n')}\n`;
}

/** --key and --uprn: the address's own catalog and its UPRN's, reported after its titles. */
function reportResources(values: Readonly<Record<string, unknown>>): PropertyReportRequest['resources'] {
  const { key, uprn } = values;
  const resources = [
    ...(typeof key === 'string' ? [parseAddressArg(key, '--key')] : []),
    ...(typeof uprn === 'string' ? [parseUprnArg(uprn)] : []),
  ];
  return resources.length === 0 ? undefined : resources;
}

const spec: CommandSpec<{ request: PropertyReportRequest; older: boolean }> = {
  name: 'report',
  usage: `Usage: titledesk report [--title T …] [--key KEY] [--uprn N] [--address TEXT] [--older] [--json]

The property report from the journal: for each title every value bought, the latest per variable
with its date, price and purchase ID (--older adds earlier values). --key (the address's property
address key, such as 8e05p·0) and --uprn add what was bought from the address's own catalog and its
UPRN's, or are the report on their own. --address TEXT is the report's heading. Nothing is sent to
the service.`,
  options: { title: { type: 'string', multiple: true }, address: { type: 'string' }, key: { type: 'string' }, uprn: { type: 'string' }, older: { type: 'boolean' } },
  parse(values, positionals) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    const titles = Array.isArray(values['title']) ? values['title'].filter((title) => typeof title === 'string') : [];
    const address = typeof values['address'] === 'string' ? { address: values['address'] } : {};
    const resources = reportResources(values);
    const parsed = propertyReportRequestSchema.safeParse({ titles: titles.map((titleNumber) => ({ titleNumber })), ...address, ...(resources === undefined ? {} : { resources }) });
    if (!parsed.success) throw new UsageError('report needs one to 50 --title values of up to 20 characters, or an address (--key) or a UPRN (--uprn) alone');
    return { request: parsed.data, older: values['older'] === true };
  },
  async run(context, input, flags) {
    const report = propertyReport(context.started.core.purchases, context.environment.id, input.request);
    if (flags.json) printJson(report);
    else process.stdout.write(reportText(report, context.environment, input.older));
    return Promise.resolve(0);
  },
};

export function runReportCommand(argv: string[]): Promise<number> {
  return runCommand(spec, argv);
}
