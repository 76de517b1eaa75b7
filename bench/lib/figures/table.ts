import type { SectionTable } from './section.ts';

/** Plain fixed-width columns: readable in a terminal and in a CI log alike. */
export function formatTable(table: SectionTable): string {
  const all = [table.columns, ...table.rows];
  const widths = table.columns.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(table.columns), rule, ...table.rows.map(line)].join('\n');
}
