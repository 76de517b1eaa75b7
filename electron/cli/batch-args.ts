import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { batchFromSchema, batchTenureSchema, type BatchFrom, type BatchTenure } from '../../shared/purchase/batch.ts';
import { decodeTextFile } from '../../shared/files/text-file.ts';
import { findPreset, presetList, type PresetKeys } from '../../shared/catalog/variable-presets.ts';
import { defaultDataDir } from '../core/app/data-dir.ts';
import { appPresets } from './app-environments.ts';
import { UsageError } from './command-kit.ts';

export interface BatchBudgetFlag {
  readonly amount: number;
  /** Absent: the amount applies to every currency the batch spends. */
  readonly currency: string | undefined;
}

export type BatchInputArgs =
  | {
      readonly kind: 'new';
      readonly source: string;
      readonly csv: string;
      readonly variables: readonly string[];
      readonly presetKeys: readonly string[];
      readonly tenure: BatchTenure;
      readonly from: BatchFrom;
      readonly reuseDays: number | undefined;
      readonly concurrency: number | undefined;
      readonly budget: BatchBudgetFlag | undefined;
      readonly out: string | undefined;
      readonly dryRun: boolean;
    }
  | { readonly kind: 'resume'; readonly batchId: string | undefined; readonly budget: BatchBudgetFlag | undefined; readonly out: string | undefined };

function wholeNumber(value: unknown, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[0-9]{1,5}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} must be a whole number from ${String(min)} to ${String(max)}`);
  }
  return Number(value);
}

function budgetOf(value: unknown): BatchBudgetFlag | undefined {
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? /^\s*([0-9]{1,12}(?:\.[0-9]{1,4})?)\s*([A-Za-z]{3})?\s*$/.exec(value) : null;
  if (match === null) throw new UsageError('--budget must be an amount, optionally with a currency: 25, 25.50 or 25GBP');
  return { amount: Number(match[1]), currency: match[2]?.toUpperCase() };
}

function outOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/\.(csv|xlsx|json)$/i.test(value)) throw new UsageError('--out must name a .csv, .xlsx or .json file');
  return value;
}

/** The file as text in the encoding its byte-order mark names (UTF-8, UTF-16 or UTF-32). */
function readCsv(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new UsageError(`cannot read ${JSON.stringify(path)} (${code})`);
  }
  const decoded = decodeTextFile(bytes);
  if (!decoded.ok) throw new UsageError(`cannot read ${JSON.stringify(path)}: ${decoded.message}`);
  return decoded.text;
}

/** Every batch flag checked, and the file read, before anything is opened or sent. */
/** Built-in presets, then those saved in the app's settings in the data folder (--data-dir or the default one). */
function presetNamed(name: string, dataDirFlag: unknown): PresetKeys {
  const folder = typeof dataDirFlag === 'string' && dataDirFlag.trim() !== '' ? dataDirFlag.trim() : defaultDataDir();
  const saved = appPresets(folder);
  const preset = findPreset(name, saved);
  if (preset !== undefined) return preset;
  const known = presetList(saved).presets.map((entry) => JSON.stringify(entry.name)).join(', ');
  throw new UsageError(`no preset named ${JSON.stringify(name)} (known: ${known})`);
}

export function parseBatchArgs(values: Readonly<Record<string, unknown>>, positionals: readonly string[]): BatchInputArgs {
  const budget = budgetOf(values['budget']);
  const out = outOf(values['out']);
  if (values['resume'] === true) {
    if (positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}`);
    return { kind: 'resume', batchId: positionals[0], budget, out };
  }
  const [file, extra] = positionals;
  if (file === undefined) throw new UsageError('a CSV file is required (or --resume)');
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
  const variables = Array.isArray(values['var']) ? values['var'].filter((value): value is string => typeof value === 'string') : [];
  const presetName = values['preset'];
  if ((variables.length === 0) === (presetName === undefined)) throw new UsageError('give either --var IRI (one or more) or --preset NAME');
  const preset = typeof presetName === 'string' ? presetNamed(presetName, values['data-dir']) : undefined;
  const tenure = batchTenureSchema.safeParse(values['tenure'] ?? 'all');
  if (!tenure.success) throw new UsageError('--tenure must be all, freehold or leasehold');
  const from = batchFromSchema.safeParse(values['from'] ?? 'titles');
  if (!from.success) throw new UsageError('--from must be titles (each address\'s titles, the default), address (its own catalog) or uprn (its UPRN\'s catalog)');
  if (from.data !== 'titles' && values['tenure'] !== undefined) throw new UsageError(`--tenure chooses titles; it means nothing with --from ${from.data}`);
  return {
    kind: 'new',
    source: basename(file),
    csv: readCsv(file),
    variables,
    presetKeys: preset?.keys ?? [],
    tenure: tenure.data,
    from: from.data,
    reuseDays: wholeNumber(values['reuse-days'], '--reuse-days', 0, 3650),
    concurrency: wholeNumber(values['concurrency'], '--concurrency', 1, 64),
    budget,
    out,
    dryRun: values['dry-run'] === true,
  };
}
