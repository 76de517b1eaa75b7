import { readFileSync } from 'node:fs';
import { historyExportSchema } from '../../../shared/purchase/journal.ts';
import { CoreError } from '../../core/errors.ts';
import { printJson, runCommand, UsageError, type CommandSpec } from '../command-kit.ts';
import { refuseMissingFolder, writeOutputFile } from '../output-file.ts';

function fileArgument(positionals: readonly string[]): string {
  const [file, extra] = positionals;
  if (file === undefined || file.trim() === '') throw new UsageError('a file name is required');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
  return file;
}

const exportSpec: CommandSpec<{ file: string }> = {
  name: 'export',
  usage: `Usage: titledesk export <file> [--json]

Writes the whole history of the data folder (every purchase with its result as received) to one
JSON file, to keep or to import on another machine.`,
  options: {},
  parse: (_values, positionals) => ({ file: fileArgument(positionals) }),
  async run(context, input, flags) {
    refuseMissingFolder(input.file, 'nothing was written');
    const document = context.started.core.purchases.exportHistory();
    writeOutputFile(input.file, JSON.stringify(document), 'nothing was written');
    if (flags.json) printJson({ file: input.file, purchases: document.purchases.length });
    else process.stdout.write(`${String(document.purchases.length)} purchases written to ${input.file}.\n`);
    return Promise.resolve(0);
  },
};

const importSpec: CommandSpec<{ file: string }> = {
  name: 'import',
  usage: `Usage: titledesk import <file> [--json]

Adds the purchases of an export to this data folder's history. Purchases already here are left
as they are; imported purchases are history only and are never sent from here.`,
  options: {},
  parse: (_values, positionals) => ({ file: fileArgument(positionals) }),
  async run(context, input, flags) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(input.file, 'utf8'));
    } catch (error) {
      throw new CoreError('validation', `${input.file} could not be read as JSON.`, { cause: error });
    }
    const parsed = historyExportSchema.safeParse(json);
    if (!parsed.success) throw new CoreError('validation', `${input.file} is not a TitleDesk history export.`);
    const summary = context.started.core.purchases.importHistory(parsed.data);
    if (flags.json) printJson(summary);
    else {
      const skipped = summary.unreadable > 0 ? `, ${String(summary.unreadable)} not purchase records (skipped)` : '';
      process.stdout.write(`${String(summary.imported)} imported, ${String(summary.alreadyPresent)} already here${skipped}. Imported purchases are never sent from here.\n`);
    }
    return Promise.resolve(0);
  },
};

export function runExportCommand(argv: string[]): Promise<number> {
  return runCommand(exportSpec, argv);
}

export function runImportCommand(argv: string[]): Promise<number> {
  return runCommand(importSpec, argv);
}
