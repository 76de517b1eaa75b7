import type { ResultItem } from '../../../shared/purchase/purchase.ts';
import { onFirstUse } from '../../on-first-use.ts';

/**
 * A purchased value as people read it, by the kind its variable's name or ontology type says
 * (the service sends every value as a string): money in pounds, ISO dates in the OS locale,
 * percentages, counts, yes/no. Anything else, identifiers above all (a UPRN must keep every
 * digit, ungrouped), is shown exactly as sent. Copy and export keep the raw value.
 */
const numberPattern = /^-?\d+(\.\d+)?$/;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const pounds = onFirstUse(() => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP', maximumFractionDigits: 2, minimumFractionDigits: 0 }));
const grouped = onFirstUse(() => new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 }));
const calendarDate = onFirstUse(() => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }));

type ValueKind = 'money' | 'percent' | 'count' | 'date' | 'boolean' | 'text';

export function valueKind(item: Pick<ResultItem, 'name' | 'ontologyType' | 'value'>): ValueKind {
  // The ontology IRI may arrive with "£" percent-encoded.
  const label = `${item.name} ${item.ontologyType.replace(/%C2%A3/gi, '£')}`;
  const value = item.value.trim();
  if (value === 'true' || value === 'false') return 'boolean';
  if (isoDatePattern.test(value)) return 'date';
  if (!numberPattern.test(value)) return 'text';
  if (/\(£|£\)|\bGBP\b/.test(label)) return 'money';
  if (/\(%\)|\bpercent/i.test(label)) return 'percent';
  if (/\b(count|number of)\b/i.test(label)) return 'count';
  return 'text';
}

export function formatValue(item: Pick<ResultItem, 'name' | 'ontologyType' | 'value'>): string {
  const value = item.value.trim();
  switch (valueKind(item)) {
    case 'money':
      return pounds().format(Number(value));
    case 'percent':
      return `${grouped().format(Number(value))}%`;
    case 'count':
      return grouped().format(Number(value));
    case 'boolean':
      return value === 'true' ? 'Yes' : 'No';
    case 'date': {
      const [, year, month, day] = isoDatePattern.exec(value) ?? [];
      return calendarDate().format(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    }
    case 'text':
      return item.value;
  }
}
